package xibalba

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/playbychat/pbc/games"
)

// The manual's worked examples, one test each.

func faceList(ds []die) []string {
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = d.Face
	}
	return out
}

// Dice phase: pool of 4 resource and 2 attack dice, initial roll and two
// re-rolls keeping dice each time (manual "DICE PHASE" example).
func TestExampleDicePool(t *testing.T) {
	g := games.Game(fixture(t, `
seats 2
turn p1 pool
p1 faction=rebels
p2 faction=rouge`))
	for _, want := range []string{"pool 4r2a", "pool 3r3a", "pool 2r4a"} {
		if !hasMove(g, 0, want) {
			t.Errorf("missing %q", want)
		}
	}
	if hasMove(g, 0, "pool 5r1a") || hasMove(g, 0, "pool 4r3a") {
		t.Error("a pool with 5 dice of one type or 7 dice is offered")
	}
	g, _ = play(t, g, "p1: pool 4r2a")
	if s := st(g); s.Phase != PhaseRoll || len(s.Turn.Rolled) != 6 || s.Turn.Rerolls != 2 {
		t.Fatalf("after pool: phase %s, %d dice rolled, %d re-rolls", s.Phase, len(s.Turn.Rolled), s.Turn.Rerolls)
	}
	// Initial roll: 1 and 2 resources, an attack, three blanks.
	g = edit(g, func(s *state) {
		s.Turn.Rolled = []die{{dieResource, "r1"}, {dieResource, "r2"}, {dieResource, faceBlank}, {dieResource, faceBlank}, {dieAttack, faceAttack}, {dieAttack, faceBlank}}
	})
	g, _ = play(t, g, "p1: reroll #1,#3,#4,#6") // keep the 2 resources and the attack
	if got := faceList(st(g).Turn.Kept); !slices.Equal(got, []string{"r2", "atk"}) {
		t.Fatalf("kept after initial roll = %v", got)
	}
	if hasMove(g, 0, "reroll #5") {
		t.Error("kept dice may be re-rolled")
	}
	// First re-roll: 1 and 3 resources, a blank, a critical hit; the dice
	// keep their numbers 1, 3, 4 and 6.
	g = edit(g, func(s *state) {
		s.Turn.Rolled = []die{{dieResource, "r1"}, {dieResource, "r3"}, {dieResource, faceBlank}, {dieAttack, faceCrit}}
	})
	var items []string
	for _, it := range g.(games.Picker).Picks(0)[0].Items {
		items = append(items, it.Value)
	}
	if want := []string{"#1", "#3", "#4", "#6"}; !slices.Equal(items, want) {
		t.Errorf("dice to re-roll after the first re-roll: %v, want %v", items, want)
	}
	g, _ = play(t, g, "p1: reroll #1,#4") // keep the 3 resources and the crit
	s := st(g)
	if s.Phase != PhaseAction || s.Turn.Rerolls != 0 || len(s.Turn.Rolled) != 0 {
		t.Fatalf("after the last re-roll: phase %s, %d re-rolls, %d dice still rolled", s.Phase, s.Turn.Rerolls, len(s.Turn.Rolled))
	}
	if got := faceList(s.Turn.Kept); len(got) != 6 || !slices.Equal(got[:4], []string{"r2", "atk", "r3", "crit"}) {
		t.Errorf("action pool = %v, want r2 atk r3 crit + the last two dice", got)
	}
}

// Attack from the warhost: power-3 soldier, three attack symbols, two used
// against an 8-life soldier in the ark (manual "ATTACKS FROM SOLDIERS IN
// WARHOST").
func TestExampleWarhostAttack(t *testing.T) {
	g := games.Game(fixture(t, `
seats 2
turn p2 action
p1 faction=rebels
p2 faction=rouge warhost=s23
ark s34 p1 8
kept atk atk atk`))
	for _, want := range []string{"attack ark 1", "attack ark 2", "attack ark 3"} {
		if !hasMove(g, 1, want) {
			t.Errorf("missing %q", want)
		}
	}
	if m, _ := games.FindMove(g, 1, "attack ark 3"); m.Label.EN != "Attack the ark: 3 symbols, power 9" {
		t.Errorf("label of attack ark 3 = %q", m.Label.EN)
	}
	g, _ = play(t, g, "p2: attack ark 2")
	s := st(g)
	if s.Ark.Life != 2 || s.Ark.Owner != 0 {
		t.Errorf("ark life %d owner %d, want 2 and p1", s.Ark.Life, s.Ark.Owner)
	}
	if faceList(s.Turn.Kept)[0] != "atk" || len(s.Turn.Kept) != 1 {
		t.Errorf("action pool = %v, want one attack left", faceList(s.Turn.Kept))
	}
	if !hasMove(g, 1, "attack ark 1") {
		t.Error("the remaining symbol cannot attack again")
	}
}

// Blocking: a power-4 soldier in the ark attacks a resistance-4 base twice
// with one symbol each; the first attack is blocked by a resistance-3
// soldier, which dies; the second hits (manual "CRITICAL HITS" example,
// English version).
func TestExampleBlock(t *testing.T) {
	g := games.Game(fixture(t, `
seats 3
turn p1 action
p1 faction=rebels warhost=s01
p2 faction=rouge
p3 faction=chaac para=5 warhost=s12 f1=c06
ark s56 p1 10
kept atk atk`))
	if r := g.(*game).baseResistance(2); r != 4 {
		t.Fatalf("base resistance of p3 = %d, want 4", r)
	}
	if hasMove(g, 0, "attack ark 1") {
		t.Error("a player in the ark may attack the ark")
	}
	g, _ = play(t, g, "p1: attack p3 1")
	actors := g.ToAct()
	if len(actors) != 1 || actors[0].Seat != 2 || actors[0].Kind != games.Reaction {
		t.Fatalf("ToAct = %+v, want p3 to react", actors)
	}
	if d, ok := g.(games.Defaulter).DefaultMove(2); !ok || d != "noblock" {
		t.Errorf("default for a blocker that would die = %q, %v", d, ok)
	}
	if _, _, err := games.PlayText(g, 0, "attack p3 1"); err == nil {
		t.Error("the attacker may act while the block is pending")
	}
	g, ev := play(t, g, "p3: block")
	s := st(g)
	if len(s.Bases[2].Warhost) != 0 || top(s.Decks[0].Discard) != "s12" {
		t.Errorf("blocker not destroyed: warhost %v", s.Bases[2].Warhost)
	}
	if len(s.Bases[2].Fields[0]) != 1 || s.Bases[2].Paragon != 5 {
		t.Error("a blocked attack destroyed an add-on or looted paragon")
	}
	if !eventsContain(ev, "destroying a soldier") {
		t.Error("no paragon roll for destroying the blocker")
	}
	g, ev = play(t, g, "p1: attack p3 1")
	s = st(g)
	if !eventsContain(ev, "The attack on {p2} succeeds") {
		t.Errorf("second attack did not succeed: %v", ev)
	}
	if len(s.Bases[2].Fields[0]) != 0 {
		t.Error("the add-on card was not destroyed")
	}
	if lost := 5 - s.Bases[2].Paragon; lost < 0 || lost > 2*3 {
		t.Errorf("p3 lost %d paragon", lost)
	}
}

// Four players: the neutral ark soldier with 4 life left is destroyed by a
// power-4 attack; the attacker's resistance-4 soldier enters with 8 life;
// then player 2 destroys it with two symbols (power 8) and enters (manual
// "ENTERING THE ARK" and "CONTROLLING THE ARK" examples).
func TestExampleFourPlayerArk(t *testing.T) {
	g := games.Game(fixture(t, `
seats 4
turn p1 action
p1 faction=rebels warhost=s28
p2 faction=rouge warhost=s12
p3 faction=djinns
p4 faction=empire
ark s45 none 4
kept atk r1`))
	g, ev := play(t, g, "p1: attack ark 1")
	s := st(g)
	if s.Ark.Card != "s28" || s.Ark.Owner != 0 || s.Ark.Life != 8 {
		t.Fatalf("ark = %+v, want s28 of p1 with 8 life", s.Ark)
	}
	if top(s.Decks[0].Discard) != "s45" || !eventsContain(ev, "destroying a soldier") {
		t.Error("the old occupant was not discarded or no paragon was rolled")
	}
	g, ev = play(t, g, "p1: end")
	if !eventsContain(ev, "controlling the ark") {
		t.Error("p1 did not loot the ark at the end of the turn")
	}
	s = st(g)
	if s.Current != 1 {
		t.Fatalf("current = %d, want p2", s.Current)
	}
	// p2 skips to the action phase with two attack symbols.
	g = edit(g, func(s *state) {
		s.Phase, s.Turn.Pending, s.Turn.Rolled, s.Turn.HasRolled = PhaseAction, nil, nil, true
		s.Turn.Kept = []die{{dieAttack, faceAttack}, {dieAttack, faceAttack}, {dieResource, "r1"}}
	})
	g, _ = play(t, g, "p2: attack ark 2")
	s = st(g)
	if s.Ark.Card != "s12" || s.Ark.Owner != 1 || s.Ark.Life != 3+4 {
		t.Errorf("ark = %+v, want s12 of p2 with 7 life", s.Ark)
	}
}

// Purchase: 14 resources, a soldier for 5 on top of the warhost, the slot
// refilled, then a civilian for 4 that may only go onto a civilian pile
// (manual "PURCHASE CARDS" example).
func TestExamplePurchase(t *testing.T) {
	g := games.Game(fixture(t, `
seats 2
turn p1 action
p1 faction=rebels level=4 res=14 warhost=s01 f1=c06 f2=t06 f3=c09 f4=t11
p2 faction=rouge
display soldier s23 s34
display civilian c11 c02
kept r1`))
	g, ev := play(t, g, "p1: buy soldier 1")
	s := st(g)
	if s.Bases[0].Resources != 9 || top(s.Bases[0].Warhost) != "s23" {
		t.Fatalf("after the soldier: %d resources, active %s", s.Bases[0].Resources, top(s.Bases[0].Warhost))
	}
	if s.Decks[0].FaceUp[0] == "" || s.Decks[0].FaceUp[0] == "s23" || !eventsContain(ev, "New face-up soldiers") {
		t.Error("the soldier slot was not refilled")
	}
	for _, tc := range []struct {
		move  string
		legal bool
	}{
		{"buy civilian 1 f1", true},
		{"buy civilian 1 f3", true},
		{"buy civilian 1 f2", false},
		{"buy civilian 1 f4", false},
	} {
		if hasMove(g, 0, tc.move) != tc.legal {
			t.Errorf("%s legal = %v, want %v", tc.move, !tc.legal, tc.legal)
		}
	}
	g, _ = play(t, g, "p1: buy civilian 1 f3")
	s = st(g)
	if s.Bases[0].Resources != 5 || !slices.Equal(s.Bases[0].Fields[2], []string{"c09", "c11"}) {
		t.Errorf("after the civilian: %d resources, field 3 %v", s.Bases[0].Resources, s.Bases[0].Fields[2])
	}
}

// Upgrade: level 1 to 2 costs 4 for this faction; level 3 cannot be reached
// in the same round (manual "BASE UPGRADES" example and the German rule of
// one upgrade per round).
func TestExampleUpgrade(t *testing.T) {
	g := games.Game(fixture(t, `
seats 3
turn p3 action
p1 faction=rebels
p2 faction=rouge
p3 faction=chaac res=20
kept r1`))
	m, ok := games.FindMove(g, 2, "upgrade")
	if !ok || m.Label.EN != "Upgrade base to level 2 (4)" {
		t.Fatalf("upgrade move = %+v, %v", m, ok)
	}
	g, _ = play(t, g, "p3: upgrade")
	s := st(g)
	if s.Bases[2].Level != 2 || s.Bases[2].Resources != 16 {
		t.Errorf("level %d, resources %d; want 2 and 16", s.Bases[2].Level, s.Bases[2].Resources)
	}
	if g.(*game).fieldsUnlocked(2) != 2 {
		t.Error("level 2 does not unlock a second field")
	}
	_, _, err := games.PlayText(g, 2, "upgrade")
	re, ok := games.AsRuleError(err)
	if !ok || re.Reason.EN != "You may upgrade your base only once per round." {
		t.Errorf("second upgrade: %v", err)
	}
}

// Looting: dice with 1 and 2 resources give 3 resources; a die with 2
// paragon gives 2 paragon; an attack loots at most what the base holds; the
// apocalypse ark adds 1 or 2 (manual "GATHER RESOURCES", "LOOTING PARAGON",
// "ATTACKS FROM SOLDIERS INSIDE THE ARK" and "APOCALYPSE MODE").
func TestExampleLooting(t *testing.T) {
	t.Run("gather and loot", func(t *testing.T) {
		g := games.Game(fixture(t, `
seats 2
turn p1 action
p1 faction=rebels res=2 para=1
p2 faction=rouge
kept r1 r2 p2 blank`))
		g, _ = play(t, g, "p1: gather", "p1: loot")
		s := st(g)
		if s.Bases[0].Resources != 5 || s.Bases[0].Paragon != 3 {
			t.Errorf("resources %d paragon %d, want 5 and 3", s.Bases[0].Resources, s.Bases[0].Paragon)
		}
	})
	t.Run("caps", func(t *testing.T) {
		g := games.Game(fixture(t, `
seats 2
turn p1 action
p1 faction=rebels res=24 para=0
p2 faction=rouge
kept r3 r3`))
		g, _ = play(t, g, "p1: gather")
		if r := st(g).Bases[0].Resources; r != 25 {
			t.Errorf("resources %d, want the cap 25", r)
		}
	})
	t.Run("nothing to loot", func(t *testing.T) {
		g := games.Game(fixture(t, `
seats 4
turn p1 action
p1 faction=rebels
p2 faction=rouge
p3 faction=djinns
p4 faction=empire para=0
ark s12 p1 10
kept atk`))
		g, _ = play(t, g, "p1: attack p4 1")
		if p := st(g).Bases[0].Paragon; p != 0 {
			t.Errorf("looted %d paragon from an empty base", p)
		}
	})
	for _, tc := range []struct {
		life, bonus int
	}{{5, 1}, {6, 2}} {
		t.Run("apocalypse ark life "+string(rune('0'+tc.life)), func(t *testing.T) {
			g := games.Game(fixture(t, `
seats 2 apocalypse
turn p1 action
p1 faction=rebels
p2 faction=rouge
ark s34 p1 `+string(rune('0'+tc.life))+`
kept r1`))
			g, ev := play(t, g, "p1: end")
			rolled := -1
			for _, e := range ev {
				if _, after, ok := strings.Cut(e.Text.EN, "controlling the ark): "); ok {
					_, sum, _ := strings.Cut(after, "= ")
					rolled, _ = strconv.Atoi(strings.TrimSuffix(sum, "."))
				}
			}
			if got := st(g).Bases[0].Paragon; got != rolled+tc.bonus {
				t.Errorf("paragon %d, rolled %d: bonus should be %d", got, rolled, tc.bonus)
			}
		})
	}
}
