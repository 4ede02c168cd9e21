package xenoshyft

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/playbychat/pbc/games"
)

// scene is a solo game in combat with a hand-built lane.
type scene struct {
	t   *testing.T
	g   *Game
	log eventLog
}

func newScene(t *testing.T) *scene {
	t.Helper()
	g := fixtureGame(t, DefaultCardSet(), 1, 8)
	g.s.Phase = PhaseCombat
	g.s.Combat = combat{Order: []int{0}, ReactedTo: noCard, WindowFor: noCard}
	return &scene{t: t, g: g}
}

func (sc *scene) troop(key string) int {
	id := pull(sc.t, sc.g, key)
	sc.g.s.Lanes[0].Troops = append(sc.g.s.Lanes[0].Troops, troop{ID: id, Weapon: noCard, Armour: noCard, HitBy: noCard})
	return id
}

func (sc *scene) enemy(key string, up bool) int {
	id := pull(sc.t, sc.g, key)
	sc.g.s.Lanes[0].Enemies = append(sc.g.s.Lanes[0].Enemies, enemy{ID: id, Up: up, HitBy: noCard})
	return id
}

func (sc *scene) check() {
	sc.t.Helper()
	if err := sc.g.CheckInvariants(); err != nil {
		sc.t.Fatal(err)
	}
}

func TestEffects(t *testing.T) {
	tests := []struct {
		name string
		run  func(t *testing.T, sc *scene)
	}{
		{"burn returns the troop to its stack and discards its equipment", func(t *testing.T, sc *scene) {
			first := sc.troop("trooper")
			vest := pull(t, sc.g, "padded_vest")
			sc.g.s.Lanes[0].Troops[0].Armour = vest
			sc.enemy("devourer", false)
			sc.g.reveal([]int{sc.g.s.Lanes[0].Enemies[0].ID}, &sc.log)
			if len(sc.g.s.Lanes[0].Troops) != 0 {
				t.Fatal("the troop should be burned")
			}
			if !slices.Contains(sc.g.s.TroopPiles[sc.g.cs.troopIdx["trooper"]], first) {
				t.Error("a burned troop goes back to its stack")
			}
			if !slices.Contains(sc.g.s.Players[0].Discard, vest) {
				t.Error("its equipment goes to the discard pile")
			}
		}},
		{"burned militia go back to the box", func(t *testing.T, sc *scene) {
			m := sc.troop("militia")
			sc.enemy("devourer", false)
			sc.g.reveal([]int{sc.g.s.Lanes[0].Enemies[0].ID}, &sc.log)
			if !slices.Contains(sc.g.s.Box, m) {
				t.Error("militia should be in the box")
			}
		}},
		{"cleave hits the first two troops", func(t *testing.T, sc *scene) {
			sc.troop("warden")
			sc.troop("warden")
			sc.enemy("rend_wing", true)
			sc.g.s.Lanes[0].Enemies[0].Damage = sc.g.cs.enemy("rend_wing").HP - 1
			sc.g.fight(0, &sc.log)
			l := sc.g.s.Lanes[0]
			if len(l.Enemies) != 0 || l.Troops[0].Damage == 0 || l.Troops[1].Damage == 0 {
				t.Fatalf("both troops should take damage, lane %+v", l)
			}
		}},
		{"enemy armour reduces each attack", func(t *testing.T, sc *scene) {
			sc.troop("militia")
			sc.enemy("carapace_grub", true)
			sc.g.fight(0, &sc.log)
			if l := sc.g.s.Lanes[0]; len(l.Troops) != 0 || l.Enemies[0].Damage != 0 {
				t.Fatalf("a 1-attack militia cannot hurt an armour-1 grub and is overwhelmed: %+v", l)
			}
		}},
		{"a kill trigger fires even when the killer dies too", func(t *testing.T, sc *scene) {
			sc.troop("militia")
			sc.enemy("maw_runner", true)
			sc.g.s.Lanes[0].Enemies[0].Damage = sc.g.cs.enemy("maw_runner").HP - 1
			sc.g.s.Lanes[0].Troops[0].Damage = sc.g.cs.troop("militia").HP - 1
			hp := sc.g.s.BaseHP
			sc.g.fight(0, &sc.log)
			if l := sc.g.s.Lanes[0]; len(l.Troops)+len(l.Enemies) != 0 {
				t.Fatalf("both should die: %+v", l)
			}
			if sc.g.s.BaseHP != hp-1 {
				t.Errorf("base %d, want %d", sc.g.s.BaseHP, hp-1)
			}
		}},
		{"a troop killed by a death effect fires no earlier attacker's kill trigger", func(t *testing.T, sc *scene) {
			// The exo is hurt by the maw runner and kills it; then it kills
			// the acid tick, whose death effect deals the last damage. The
			// maw runner is long dead and killed nothing: the base is spared.
			sc.troop("exo")
			maw := sc.enemy("maw_runner", true)
			sc.enemy("acid_tick", true)
			sc.g.s.Lanes[0].Enemies[0].Boost = 1
			exo := sc.g.cs.troop("exo")
			sc.g.s.Lanes[0].Troops[0].Damage = exo.HP - 2
			hp := sc.g.s.BaseHP
			sc.g.fight(0, &sc.log)
			if l := sc.g.s.Lanes[0]; len(l.Enemies) != 1 || len(l.Troops) != 1 || l.Troops[0].HitBy != maw {
				t.Fatalf("the exo should have killed the maw runner and taken a hit from it: %+v", l)
			}
			sc.g.fight(0, &sc.log)
			if l := sc.g.s.Lanes[0]; len(l.Troops)+len(l.Enemies) != 0 {
				t.Fatalf("the acid tick and then the exo should die: %+v", l)
			}
			if sc.g.s.BaseHP != hp {
				t.Errorf("base %d, want %d: the dead maw runner's kill trigger fired", sc.g.s.BaseHP, hp)
			}
			sc.check()
		}},
		{"summon adds face-down enemies beyond four", func(t *testing.T, sc *scene) {
			sc.troop("warden")
			herald := sc.enemy("swarm_herald", false)
			for range 3 {
				sc.enemy("ravager", false)
			}
			sc.g.s.Round = 7
			sc.g.reveal([]int{herald}, &sc.log)
			l := sc.g.s.Lanes[0]
			if len(l.Enemies) != 5 || l.Enemies[4].Up {
				t.Fatalf("want 5 enemies with the new one face down, got %+v", l.Enemies)
			}
			v := sc.g.View(0).(*View)
			if !v.Lanes[0].Enemies[4].Overflow || v.Lanes[0].Enemies[4].Card != nil {
				t.Error("the view should show an overflow enemy face down")
			}
		}},
		{"a shield absorbs reveal damage", func(t *testing.T, sc *scene) {
			sc.troop("militia")
			sc.g.s.Lanes[0].Troops[0].Shield = 2
			lurker := sc.enemy("dread_lurker", false)
			sc.g.reveal([]int{lurker}, &sc.log)
			if tr := sc.g.s.Lanes[0].Troops[0]; tr.Damage != 0 || tr.Shield != 0 {
				t.Fatalf("the shield should take the 2 damage: %+v", tr)
			}
		}},
		{"send back moves the first troop to the last zone", func(t *testing.T, sc *scene) {
			a := sc.troop("warden")
			b := sc.troop("gunner")
			ram := sc.enemy("bone_ram", false)
			sc.g.reveal([]int{ram}, &sc.log)
			if got := ids(sc.g.s.Lanes[0].Troops); !slices.Equal(got, []int{b, a}) {
				t.Fatalf("troops %v, want %v", got, []int{b, a})
			}
		}},
		{"damaging a face-down enemy reveals it", func(t *testing.T, sc *scene) {
			sc.troop("warden")
			hopper := sc.enemy("spine_hopper", false)
			sc.g.damageEnemies(source{Troop: noCard, Enemy: noCard, Chosen: noCard}, []int{hopper}, 1, &sc.log)
			sc.g.settle(&sc.log)
			l := sc.g.s.Lanes[0]
			if !l.Enemies[0].Up || l.Troops[0].Damage != 1 {
				t.Fatalf("the hopper should be revealed and hit the last troop: %+v", l)
			}
		}},
		{"division discounts and lane bonuses follow the wave", func(t *testing.T, sc *scene) {
			sc.g.s.Players[0].Division = "weapons"
			sc.troop("trooper")
			_, cost, _, _ := sc.g.stack(0, stackRef{N: 1})
			if cost != sc.g.cs.troop("trooper").Cost {
				t.Errorf("no troop discount for weapons research, got %d", cost)
			}
			base := sc.g.troopAttack(0, sc.g.s.Lanes[0].Troops[0])
			sc.g.s.Round = 4
			if got := sc.g.troopAttack(0, sc.g.s.Lanes[0].Troops[0]); got != base+1 {
				t.Errorf("wave 2 lane attack: %d, want %d", got, base+1)
			}
			sc.g.s.Players[0].Division = "barracks"
			if _, cost, _, _ := sc.g.stack(0, stackRef{N: 1}); cost != sc.g.cs.troop("trooper").Cost-1 {
				t.Errorf("barracks discount: %d", cost)
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sc := newScene(t)
			tc.run(t, sc)
			sc.check()
		})
	}
}

func TestDivisionChoice(t *testing.T) {
	g, _, err := Definition.Create(2, map[string]string{"divisions": "choose"}, 4)
	if err != nil {
		t.Fatal(err)
	}
	if acts := g.ToAct(); len(acts) != 2 || acts[0].Kind != games.Simultaneous {
		t.Fatalf("both players choose at once: %v", acts)
	}
	g, _ = play(t, g, 1, "division medical")
	if _, _, err := games.PlayText(g, 0, "division medical"); err == nil {
		t.Fatal("a taken division should be refused")
	}
	g, _ = play(t, g, 0, "division armoury")
	v := g.View(0).(*View)
	if v.Phase != PhaseSupply || v.Players[0].Division.EN != "Armoury" || len(v.Hand) != 7 {
		t.Fatalf("after the choice the game starts in supply with 6 cards + the free resource: phase %s, %d cards", v.Phase, len(v.Hand))
	}
	fixed := 0
	for _, it := range v.Items {
		if it.Card.Key == "padded_vest" || it.Card.Key == "dressing" {
			fixed++
		}
	}
	if fixed != 2 {
		t.Errorf("the divisions' start items must be among the stacks, found %d of 2", fixed)
	}
}

func TestRevealOrderChosenByPlayer(t *testing.T) {
	for _, lancerFirst := range []bool{true, false} {
		t.Run(map[bool]string{true: "lancer first", false: "ram first"}[lancerFirst], func(t *testing.T) {
			sc := newScene(t)
			a := sc.troop("warden")
			b := sc.troop("gunner")
			husk := sc.enemy("husk", true)
			ram := sc.enemy("bone_ram", false)
			lancer := sc.enemy("venom_lancer", false)
			bomb := pull(t, sc.g, "cluster")
			s := sc.g.s
			s.Players[0].Hand = append(s.Players[0].Hand, bomb)
			s.Combat.Window, s.Combat.WindowFor = true, husk
			sc.check()
			g, _ := play(t, sc.g, 0, "play c"+strconv.Itoa(bomb)+" lane1")
			v := g.View(0).(*View)
			if len(v.OrderPending) != 2 || v.OrderSeat != 0 {
				t.Fatalf("two reveal effects should wait for an order, view has %v", v.OrderPending)
			}
			if !strings.Contains(v.Describe(games.English), "orders the reveal effects") {
				t.Errorf("the description should say who orders:\n%s", v.Describe(games.English))
			}
			if _, _, err := games.PlayText(g, 0, "pass"); err == nil {
				t.Fatal("passing before choosing the order should be refused")
			}
			order := g.ToAct()[0].Decision
			if want := fmt.Sprintf("round1:combat:lane1:order:c%d+c%d", ram, lancer); order != want {
				t.Errorf("the order's decision is %q, want %q", order, want)
			}
			if m, ok := g.(*Game).DefaultMove(0); !ok || !strings.HasPrefix(m, "first ") {
				t.Errorf("default move %q", m)
			}
			pick := ram
			if lancerFirst {
				pick = lancer
			}
			g, _ = play(t, g, 0, "first c"+strconv.Itoa(pick))
			gs := g.(*Game).s
			if gs.Pending != nil {
				t.Fatal("the last reveal effect should follow at once")
			}
			dmg := map[int]int{}
			for _, tr := range gs.Lanes[0].Troops {
				dmg[tr.ID] = tr.Damage
			}
			want := map[int]int{a: 1, b: 1}
			if lancerFirst {
				want = map[int]int{a: 2, b: 0}
			}
			if dmg[a] != want[a] || dmg[b] != want[b] {
				t.Errorf("damage %v, want %v", dmg, want)
			}
			if got := ids(gs.Lanes[0].Troops); !slices.Equal(got, []int{b, a}) {
				t.Errorf("the ram throws the front troop back: %v", got)
			}
			if acts := g.ToAct(); len(acts) != 1 || acts[0].Kind != games.Reaction || acts[0].Decision == order {
				t.Errorf("the reaction window goes on: %v", acts)
			}
		})
	}
}
