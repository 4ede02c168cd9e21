package xibalba

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/playbychat/pbc/games"
)

// Readable board positions for the legality table.
const (
	fxArkHolder = `
seats 3
turn p1 action
p1 faction=rebels res=10 warhost=s01
p2 faction=rouge warhost=s12
p3 faction=chaac
ark s56 p1 6
kept atk crit blank`

	fxNoSoldier = `
seats 2
turn p1 action
p1 faction=rebels res=0
p2 faction=rouge
ark s56 p2 6
kept atk r1`

	fxEmptyArk = `
seats 2
turn p1 action
p1 faction=rebels res=3 warhost=s01,s23 f1=t01
p2 faction=rouge
ark empty
kept atk atk`

	fxApocalypse = `
seats 2 apocalypse
turn p1 action
p1 faction=rebels res=10 warhost=s01 f1=t01
p2 faction=rouge
kept crit`

	fxEffectPhase = `
seats 2
turn p1 effect
p1 faction=rebels f1=c01
p2 faction=rouge
pending c01`
)

func TestLegality(t *testing.T) {
	tests := []struct {
		name    string
		fixture string
		seat    games.Seat
		move    string
		legal   bool
	}{
		{"ark holder attacks a base", fxArkHolder, 0, "attack p2 1", true},
		{"ark holder attacks with both symbols", fxArkHolder, 0, "attack p3 2", true},
		{"ark holder may save the critical hit", fxArkHolder, 0, "attack p3 1 plain", true},
		{"ark holder may not attack the ark", fxArkHolder, 0, "attack ark 1", false},
		{"no three symbols", fxArkHolder, 0, "attack p2 3", false},
		{"no attacking oneself", fxArkHolder, 0, "attack p1 1", false},
		{"pharmaceuticals below the cap", fxArkHolder, 0, "pharma", true},
		{"weapon technology needs a plain symbol", fxArkHolder, 0, "weapontech", true},
		{"re-organize with one soldier and one field", fxArkHolder, 0, "reorganize", false},
		{"other players only set their policy", fxArkHolder, 1, "policy block=never", true},
		{"other players may not act", fxArkHolder, 1, "end", false},
		{"the current player may set a policy", fxArkHolder, 0, "policy block=always", true},
		{"the policy already set is not offered", fxArkHolder, 0, "policy block=ask", false},
		{"no soldier, no attack", fxNoSoldier, 0, "attack ark 1", false},
		{"no soldier, no entering", fxNoSoldier, 0, "enter", false},
		{"no resources, no harvest", fxNoSoldier, 0, "harvest", false},
		{"gather", fxNoSoldier, 0, "gather", true},
		{"nothing to loot", fxNoSoldier, 0, "loot", false},
		{"enter the empty ark", fxEmptyArk, 0, "enter", true},
		{"no attack on an empty ark", fxEmptyArk, 0, "attack ark 1", false},
		{"upgrade with exactly enough", fxEmptyArk, 0, "upgrade", true},
		{"re-organize the warhost", fxEmptyArk, 0, "reorganize", true},
		{"civilian onto a structure", fxEmptyArk, 0, "buy civilian 1 f1", false},
		{"discard the own soldier", fxEmptyArk, 0, "discard warhost", true},
		{"discard the own structure", fxEmptyArk, 0, "discard f1", true},
		{"discard a display card", fxEmptyArk, 0, "discard soldier 2", true},
		{"apocalypse: one face-up card", fxApocalypse, 0, "discard soldier 2", false},
		{"apocalypse: no discarding the display", fxApocalypse, 0, "discard soldier 1", false},
		{"apocalypse: own cards may be discarded", fxApocalypse, 0, "discard warhost", true},
		{"weapon technology without a plain symbol", fxApocalypse, 0, "weapontech", false},
		{"effect phase: no ending", fxEffectPhase, 0, "end", false},
		{"effect phase: no rolling", fxEffectPhase, 0, "pool 4r2a", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := fixture(t, tc.fixture)
			if got := hasMove(g, tc.seat, tc.move); got != tc.legal {
				t.Errorf("%q legal = %v, want %v\nlegal: %v\n%s", tc.move, got, tc.legal, notations(g.LegalMoves(tc.seat)), g.View(tc.seat).Describe(games.English))
			}
			_, _, err := games.PlayText(g, tc.seat, tc.move)
			if tc.legal && err != nil {
				t.Errorf("Play(%q) = %v", tc.move, err)
			}
			if !tc.legal {
				if _, ok := games.AsRuleError(err); !ok {
					t.Errorf("Play(%q) = %v, want a rule error", tc.move, err)
				}
				if _, _, err := games.PlayText(g, tc.seat, tc.move); err == nil {
					t.Errorf("Apply(%q) accepted an illegal move", tc.move)
				} else if _, ok := games.AsRuleError(err); !ok {
					t.Errorf("Apply(%q) = %v, want a rule error", tc.move, err)
				}
			}
		})
	}
}

func notations(ms []games.Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.Notation
	}
	return out
}

func TestResolveForcedEffects(t *testing.T) {
	g := fixture(t, `
seats 2
turn p1 effect
p1 faction=rebels level=2 res=0 f1=c01 f2=c02
p2 faction=rouge
pending c01 c02`)
	want := []string{"resolve c01", "resolve c02", "policy block=always", "policy block=never", "policy block=survive"}
	if got := notations(g.LegalMoves(0)); len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("legal moves %v, want %v", got, want)
	}
	next, _ := play(t, g, "p1: resolve c01")
	s := st(next)
	// c01 gives 2 resources; c02 (the last card, no choice) resolves by
	// itself and the dice phase begins.
	if s.Bases[0].Resources != 2 || len(s.Turn.Pending) != 0 || s.Phase != PhasePool {
		t.Errorf("resources %d, pending %v, phase %s", s.Bases[0].Resources, s.Turn.Pending, s.Phase)
	}
}

func TestRuleErrors(t *testing.T) {
	g := fixture(t, fxArkHolder)
	tests := []struct {
		name string
		seat games.Seat
		move string
		want error
	}{
		{"out of turn", 2, "gather", games.ErrNotYourTurn},
		{"nonsense", 0, "fly away", nil},
		{"empty", 0, "", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := games.PlayText(g, tc.seat, tc.move)
			re, ok := games.AsRuleError(err)
			if !ok {
				t.Fatalf("Apply(%q) = %v, want a rule error", tc.move, err)
			}
			if re.Reason.EN == "" || re.Reason.DE == "" {
				t.Errorf("reason not bilingual: %+v", re.Reason)
			}
			if tc.want != nil && !errors.Is(err, tc.want) {
				t.Errorf("Apply(%q) = %v, want %v", tc.move, err, tc.want)
			}
		})
	}
	poor := fixture(t, `
seats 2
turn p1 action
p1 faction=rebels res=1 f1=t01
p2 faction=rouge
display soldier s23
display civilian c11
kept r1`)
	for _, tc := range []struct{ move, want string }{
		{"buy soldier 1", "Test Soldier 23 (s23) costs 5 resources; you have 1."},
	} {
		_, _, err := games.PlayText(poor, 0, tc.move)
		if re, ok := games.AsRuleError(err); !ok || re.Reason.EN != tc.want {
			t.Errorf("Apply(%q) = %v, want %q", tc.move, err, tc.want)
		}
	}
	rich := edit(poor, func(s *state) { s.Bases[0].Resources = 10 })
	_, _, err := games.PlayText(rich, 0, "buy civilian 1 f1")
	if re, ok := games.AsRuleError(err); !ok || !strings.Contains(re.Reason.EN, "no unlocked field") {
		t.Errorf("civilian without a field: %v", err)
	}
	over := fixture(t, fxArkHolder)
	over.s.Winner, over.s.Phase = 0, PhaseOver
	if _, _, err := games.PlayText(over, 0, "end"); !errors.Is(err, games.ErrGameOver) {
		t.Errorf("move after the end: %v", err)
	}
	if len(over.LegalMoves(0)) != 0 || len(over.ToAct()) != 0 {
		t.Error("a finished game offers moves")
	}
}

func TestReorganize(t *testing.T) {
	g := games.Game(fixture(t, `
seats 2
turn p1 action
p1 faction=rebels level=3 res=10 warhost=s01,s23 f1=c01,c02 f2=t01
p2 faction=rouge
kept r1`))
	g, _ = play(t, g, "p1: reorganize")
	if hasMove(g, 0, "gather") || !hasMove(g, 0, "done") {
		t.Fatal("other actions are allowed while re-organizing")
	}
	if hasMove(g, 0, "move c01 f2") {
		t.Error("a civilian may go onto a structure")
	}
	g, ev := play(t, g, "p1: move s01 top", "p1: move c01 top", "p1: move c01 f3", "p1: move c02 f3", "p1: move t01 f1", "p1: done")
	var said []string
	for _, e := range ev {
		said = append(said, e.Text.EN)
	}
	want := []string{"{p0} puts Test Soldier 1 (s01) on top of their warhost.", "{p0} puts Test Civilian 1 (c01) on top of field 1.",
		"{p0} moves Test Civilian 1 (c01) from field 1 to field 3.", "{p0} moves Test Civilian 2 (c02) from field 1 to field 3.",
		"{p0} moves Test Structure 1 (t01) from field 2 to field 1.", "{p0} finishes re-organizing."}
	if !slices.Equal(said, want) {
		t.Errorf("re-organizing says\n%q\nwant\n%q", said, want)
	}
	b := st(g).Bases[0]
	if top(b.Warhost) != "s01" || top(b.Fields[0]) != "t01" || top(b.Fields[2]) != "c02" || len(b.Fields[1]) != 0 {
		t.Errorf("piles after re-organizing: warhost %v fields %v", b.Warhost, b.Fields)
	}
	if hasMove(g, 0, "move t01 f1") {
		t.Error("re-organizing goes on after done")
	}
}

// TestNotationRoundTrip checks over whole self-played games that every
// legal move's notation parses back to the move it was made from (its
// Payload), and that the notation is in normal form.
func TestNotationRoundTrip(t *testing.T) {
	for seats := 2; seats <= 4; seats++ {
		t.Run(fmt.Sprintf("%dp", seats), func(t *testing.T) {
			raw := map[string]string{"factions": "choose", "apocalypse": fmt.Sprint(seats == 3)}
			g, _, err := Definition.Create(seats, raw, uint64(seats))
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(uint64(seats), 1))
			for i := 0; i < 20000 && !g.Status().Finished; i++ {
				for _, a := range g.ToAct() {
					for _, m := range g.LegalMoves(a.Seat) {
						p, err := parseMove(m.Notation)
						want, _ := m.Payload.(move)
						want.power = 0 // not part of the notation
						if err != nil || p != want || games.NormalizeNotation(m.Notation) != m.Notation {
							t.Fatalf("move %d: %q parses to %+v (%v), was made from %+v", i, m.Notation, p, err, m.Payload)
						}
					}
				}
				seat := g.ToAct()[0].Seat
				m, _ := Definition.BotMove(g, seat, r)
				if g, _, err = games.Play(g, seat, m); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"attack p2 3 2crit", "buy civilian 2 f1", "reroll 1,3", "pool 4r2a", "discard warhost", "move s01 top", "policy block=never", "use c06 p2 f1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		m, err := parseMove(text)
		if err != nil {
			return
		}
		again, err := parseMove(m.String())
		if err != nil || again != m {
			t.Errorf("%q parses to %+v, whose notation %q parses to %+v (%v)", text, m, m.String(), again, err)
		}
	})
}

// TestApplyNeedsAResolvedMove checks that Apply plays only moves that come
// from LegalMoves: a move rebuilt from its notation alone is an internal
// error, not a rule violation, and changes nothing.
func TestApplyNeedsAResolvedMove(t *testing.T) {
	g := fixture(t, fxNoSoldier)
	if _, _, err := g.Apply(0, games.Move{Notation: "gather"}); !errors.Is(err, errUnresolved) {
		t.Errorf("Apply without a payload = %v, want errUnresolved", err)
	}
	m, ok := games.FindMove(g, 0, "gather")
	if !ok {
		t.Fatal("gather is not listed")
	}
	if _, _, err := g.Apply(0, m); err != nil {
		t.Errorf("Apply(gather) = %v", err)
	}
}
