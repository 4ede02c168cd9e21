package xenoshyft

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/rng"
)

// table is a game at the start of round 1 (supply phase) whose seats all
// command the Research Lab, whose wave 1 ability changes no fight.
type table struct {
	t *testing.T
	g *Game
}

func newTable(t *testing.T, seats int) *table {
	t.Helper()
	g := fixtureGame(t, DefaultCardSet(), seats, 31)
	for i := range g.s.Players {
		g.s.Players[i].Division = "research"
	}
	return &table{t: t, g: g}
}

// troop puts a troop of a type into a lane.
func (tb *table) troop(lane int, key string) int {
	id := pull(tb.t, tb.g, key)
	tb.g.s.Lanes[lane].Troops = append(tb.g.s.Lanes[lane].Troops, troop{ID: id, Weapon: noCard, Armour: noCard, HitBy: noCard})
	return id
}

// enemy puts an enemy of a type into a lane.
func (tb *table) enemy(lane int, key string, up bool) int {
	id := pull(tb.t, tb.g, key)
	tb.g.s.Lanes[lane].Enemies = append(tb.g.s.Lanes[lane].Enemies, enemy{ID: id, Up: up, HitBy: noCard})
	return id
}

// hand gives a seat a card of a type.
func (tb *table) hand(seat int, key string) int {
	id := pull(tb.t, tb.g, key)
	tb.g.s.Players[seat].Hand = append(tb.g.s.Players[seat].Hand, id)
	return id
}

// emptyHands moves every hand onto its deck.
func (tb *table) emptyHands() {
	for i := range tb.g.s.Players {
		p := &tb.g.s.Players[i]
		p.Deck, p.Hand = append(p.Deck, p.Hand...), nil
	}
}

// combat starts the combat phase in lane order, with a reaction window
// open for the front enemy of the first lane.
func (tb *table) combat(order ...int) {
	s := tb.g.s
	s.Phase = PhaseCombat
	s.Combat = combat{Order: order, ReactedTo: noCard, WindowFor: noCard}
	if l := s.Lanes[order[0]]; len(l.Enemies) > 0 {
		s.Combat.Window, s.Combat.WindowFor = true, l.Enemies[0].ID
	}
}

func (tb *table) check() {
	tb.t.Helper()
	if err := tb.g.CheckInvariants(); err != nil {
		tb.t.Fatalf("fixture: %v", err)
	}
}

// play makes a legal move and keeps the new game.
func (tb *table) play(seat games.Seat, notation string) []games.Event {
	tb.t.Helper()
	next, ev := play(tb.t, tb.g, seat, notation)
	tb.g = next.(*Game)
	return ev
}

// refuse checks that a move is refused with a rule error mentioning want
// and is not among the legal moves.
func (tb *table) refuse(seat games.Seat, notation, want string) {
	tb.t.Helper()
	_, _, err := games.PlayText(tb.g, seat, notation)
	re, ok := games.AsRuleError(err)
	if !ok || !strings.Contains(re.Reason.EN, want) {
		tb.t.Errorf("%q: want a rule error about %q, got %v", notation, want, err)
	}
	if _, legal := games.FindMove(tb.g, seat, notation); legal {
		tb.t.Errorf("%q is listed as legal", notation)
	}
}

func c(id int) string { return "c" + strconv.Itoa(id) }

// TestManualRules checks the manual (German edition) and the FAQ rule by
// rule; each case names the section it comes from.
func TestManualRules(t *testing.T) {
	tests := []struct {
		name  string
		seats int
		run   func(t *testing.T, tb *table)
	}{
		{"Spielaufbau: the base has 15 hit points per player", 3, func(t *testing.T, tb *table) {
			for seats := 1; seats <= 4; seats++ {
				g, _, err := Definition.Create(seats, nil, 1)
				if err != nil {
					t.Fatal(err)
				}
				s := g.(*Game).s
				if s.BaseHP != 15*seats || s.BaseMax != 15*seats || len(s.Lanes) != seats {
					t.Errorf("%d players: base %d/%d with %d lanes", seats, s.BaseHP, s.BaseMax, len(s.Lanes))
				}
			}
		}},
		{"Spielaufbau: solo play has one lane", 1, func(t *testing.T, tb *table) {
			tb.play(0, "ready")
			troopCard := firstOfKind(tb.g, 0, kindTroop)
			if troopCard == noCard {
				troopCard = tb.hand(0, "trooper")
			}
			tb.refuse(0, "deploy "+c(troopCard)+" lane2", "no such lane")
			tb.play(0, "deploy "+c(troopCard)+" lane1")
		}},
		{"Spielaufbau: start deck of 4 militia, 6 one-xenosathem and the division's cards; 6 in hand", 2, func(t *testing.T, tb *table) {
			g, _, err := Definition.Create(2, nil, 9)
			if err != nil {
				t.Fatal(err)
			}
			gg := g.(*Game)
			for i, p := range gg.s.Players {
				count := map[string]int{}
				for _, id := range append(slices.Clone(p.Deck), p.Hand...) {
					count[gg.s.Cards[id].Key]++
				}
				start := gg.cs.division(p.Division).Start
				if count["militia"] != 4 || count["xeno1"] != 6+1 || len(p.Deck)+len(p.Hand) != 10+len(start)+1 {
					t.Errorf("seat %d: cards %v (division %s)", i, count, p.Division)
				}
				if len(p.Hand) != handSize+1 {
					t.Errorf("seat %d holds %d cards, want 6 and the free resource card", i, len(p.Hand))
				}
			}
		}},
		{"Spielaufbau: one boss per wave with 1-2 players, both with 3-4", 1, func(t *testing.T, tb *table) {
			for seats := 1; seats <= 4; seats++ {
				g, _, err := Definition.Create(seats, nil, uint64(seats))
				if err != nil {
					t.Fatal(err)
				}
				s := g.(*Game).s
				for w, p := range s.Encounter {
					bosses := 0
					for _, id := range p.Deck {
						if g.(*Game).cs.enemy(s.Cards[id].Key).Boss {
							bosses++
						}
					}
					want := map[bool]int{true: 1, false: 2}[seats <= 2]
					if bosses != want {
						t.Errorf("%d players, wave %d: %d bosses, want %d", seats, w+1, bosses, want)
					}
				}
			}
		}},
		{"Zugphase: draw up to 6, shuffling the discard pile into a new deck when the deck runs out", 1, func(t *testing.T, tb *table) {
			s := tb.g.s
			p := &s.Players[0]
			all := append(append(slices.Clone(p.Hand), p.Deck...), p.Discard...)
			p.Hand, p.Deck, p.Discard = slices.Clone(all[:1]), slices.Clone(all[1:3]), slices.Clone(all[3:])
			rest := len(all) - 6 // the deck of 2 and a reshuffled discard of the rest
			var log eventLog
			before := s.RNG
			tb.g.startRound(&log)
			if len(p.Hand) != handSize+1 || len(p.Deck) != rest || len(p.Discard) != 0 {
				t.Errorf("hand %d (want 6 + free card), deck %d (want %d), discard %d (want 0)", len(p.Hand), len(p.Deck), rest, len(p.Discard))
			}
			if !slices.ContainsFunc(log.Events(0, before, s.RNG), func(e games.Event) bool { return strings.Contains(e.Text.EN, "shuffles") && e.Reveal }) {
				t.Error("the reshuffle should be logged as a reveal")
			}
		}},
		{"Nachschubphase: the free resource card is 1, 3 and 6 xenosathem by wave", 1, func(t *testing.T, tb *table) {
			for round, want := range map[int]int{1: 1, 3: 1, 4: 3, 6: 3, 7: 6, 9: 6} {
				tb.g.s.Round = round
				var log eventLog
				tb.g.startRound(&log)
				h := tb.g.s.Players[0].Hand
				if got := tb.g.resourceValue(h[len(h)-1]); got != want {
					t.Errorf("round %d: free card worth %d, want %d", round, got, want)
				}
			}
		}},
		{"Nachschubphase: bought cards go straight to hand (FAQ)", 1, func(t *testing.T, tb *table) {
			tb.hand(0, "xeno3")
			tb.play(0, "buy t1")
			id := tb.g.s.Players[0].Bought[0]
			if !slices.Contains(tb.g.s.Players[0].Hand, id) || tb.g.s.Cards[id].Key != "trooper" {
				t.Fatalf("the bought trooper c%d should be in hand", id)
			}
		}},
		{"Nachschubphase: troops only from their wave on", 1, func(t *testing.T, tb *table) {
			for range 3 {
				tb.hand(0, "xeno6")
			}
			tb.refuse(0, "buy t4", "available from wave 2")
			tb.g.s.Round = 4
			tb.play(0, "buy t4")
			tb.refuse(0, "buy t7", "available from wave 3")
		}},
		{"Nachschubphase: leftover xenosathem is lost", 1, func(t *testing.T, tb *table) {
			tb.emptyHands()
			three := tb.hand(0, "xeno3")
			tb.play(0, "buy t1") // costs 2, paid with the 3
			tb.refuse(0, "buy t1", "you have 1 xenosathem left")
			tb.play(0, "ready")
			p := tb.g.s.Players[0]
			if !slices.Contains(p.Discard, three) || tb.g.budget(0) != 0 {
				t.Errorf("the 3 should be discarded and nothing left: discard %v, budget %d", p.Discard, tb.g.budget(0))
			}
		}},
		{"Nachschubphase: unspent resource cards stay in hand", 1, func(t *testing.T, tb *table) {
			tb.emptyHands()
			a, b := tb.hand(0, "xeno1"), tb.hand(0, "xeno3")
			tb.play(0, "buy t2") // costs 1: the 1 pays
			tb.play(0, "ready")
			p := tb.g.s.Players[0]
			if !slices.Contains(p.Discard, a) || !slices.Contains(p.Hand, b) {
				t.Errorf("the 1 pays and the 3 stays: hand %v, discard %v", p.Hand, p.Discard)
			}
		}},
		{"Aufstellungsphase: a troop in another player's lane belongs to that player", 2, func(t *testing.T, tb *table) {
			tb.g.s.Phase = PhaseDeploy
			tr := tb.hand(0, "trooper")
			tb.play(0, "deploy "+c(tr)+" lane2")
			vest := tb.hand(0, "padded_vest")
			tb.play(0, "equip "+c(vest)+" "+c(tr))
			tb.g.s.Lanes[1].Troops[0].Damage = tb.g.troopHP(1, tb.g.s.Lanes[1].Troops[0])
			var log eventLog
			tb.g.settle(&log)
			for _, id := range []int{tr, vest} {
				if !slices.Contains(tb.g.s.Players[1].Discard, id) {
					t.Errorf("c%d should go to the lane owner's discard pile", id)
				}
			}
		}},
		{"Aufstellungsphase: at most one weapon and one armour per troop", 1, func(t *testing.T, tb *table) {
			tb.g.s.Phase = PhaseDeploy
			tr := tb.troop(0, "trooper")
			w1, w2, a1 := tb.hand(0, "pistol"), tb.hand(0, "carbine"), tb.hand(0, "padded_vest")
			tb.play(0, "equip "+c(w1)+" "+c(tr))
			tb.refuse(0, "equip "+c(w2)+" "+c(tr), "already carries a weapon")
			tb.play(0, "equip "+c(a1)+" "+c(tr))
			tb.refuse(0, "equip "+c(tb.hand(0, "plates"))+" "+c(tr), "already carries a armour")
		}},
		{"Aufstellungsphase: equipment is rearranged within the own lane; two items change places", 2, func(t *testing.T, tb *table) {
			s := tb.g.s
			s.Phase = PhaseCollect
			a, b := tb.troop(0, "trooper"), tb.troop(0, "trooper")
			pistol, carbine := pull(t, tb.g, "pistol"), pull(t, tb.g, "carbine")
			s.Lanes[0].Troops[0].Weapon, s.Lanes[0].Troops[1].Weapon = pistol, carbine
			other := tb.troop(1, "trooper")
			tb.refuse(0, "equip "+c(pistol)+" "+c(other), "only within your own lane")
			tb.refuse(0, "equip "+c(pistol)+" "+c(a), "already carries it")
			tb.play(0, "equip "+c(pistol)+" "+c(b))
			if l := tb.g.s.Lanes[0]; l.Troops[0].Weapon != carbine || l.Troops[1].Weapon != pistol {
				t.Errorf("the weapons should have changed places: %+v", l.Troops)
			}
		}},
		{"Aufstellungsphase: rearranging never eliminates a damaged troop", 1, func(t *testing.T, tb *table) {
			s := tb.g.s
			s.Phase = PhaseCollect
			a, b := tb.troop(0, "trooper"), tb.troop(0, "trooper")
			plates := pull(t, tb.g, "plates")
			s.Lanes[0].Troops[0].Armour = plates
			s.Lanes[0].Troops[0].Damage = 5 // lives on the plates' 2 hit points
			tb.refuse(0, "equip "+c(plates)+" "+c(b), "would eliminate")
			s.Lanes[0].Troops[0].Damage = 4
			tb.play(0, "equip "+c(plates)+" "+c(b))
			if tb.g.s.Lanes[0].Troops[1].Armour != plates || tb.g.s.Lanes[0].Troops[0].ID != a {
				t.Error("a troop that survives may give its armour away")
			}
		}},
		{"Aufstellungsphase: taking back fresh equipment never eliminates a troop", 1, func(t *testing.T, tb *table) {
			s := tb.g.s
			s.Phase = PhaseDeploy
			tr := tb.troop(0, "trooper")
			vest := tb.hand(0, "padded_vest")
			tb.play(0, "equip "+c(vest)+" "+c(tr))
			tb.g.s.Lanes[0].Troops[0].Damage = 5
			tb.refuse(0, "recall "+c(vest), "would eliminate")
		}},
		{"Aufstellungsphase: enemies are dealt face down into every free enemy zone", 3, func(t *testing.T, tb *table) {
			for _, verb := range []string{"ready", "ready"} {
				for seat := range 3 {
					tb.play(games.Seat(seat), verb)
				}
			}
			s := tb.g.s
			if s.Phase != PhaseCombat {
				t.Fatalf("phase %q", s.Phase)
			}
			for li := 1; li < 3; li++ {
				l := s.Lanes[li]
				if len(l.Enemies) != laneZones || slices.ContainsFunc(l.Enemies, func(e enemy) bool { return e.Up }) {
					t.Errorf("lane %d should wait with 4 face-down enemies: %+v", li+1, l.Enemies)
				}
				for _, e := range tb.g.View(0).(*View).Lanes[li].Enemies {
					if e.ID != noCard || e.Card != nil {
						t.Errorf("a face-down enemy shows its card: %+v", e)
					}
				}
			}
		}},
		{"Kampfphase: the first lane moves one player on each round", 3, func(t *testing.T, tb *table) {
			want := [][]int{{0, 1, 2}, {1, 2, 0}, {2, 0, 1}, {0, 1, 2}}
			for round, order := range want {
				for seat := range 3 {
					tb.play(games.Seat(seat), "autopass on")
				}
				for seat := range 3 {
					tb.play(games.Seat(seat), "ready")
				}
				// Empty lanes: the deployment ends and the combat runs through;
				// the overrun messages show the lane order.
				var got []int
				for seat := range 3 {
					for _, e := range tb.play(games.Seat(seat), "ready") {
						var lane int
						if _, err := fmt.Sscanf(e.Text.EN, "Lane %d is overrun!", &lane); err == nil {
							got = append(got, lane-1)
						}
					}
				}
				if tb.g.s.Phase == PhaseOver {
					break
				}
				if !slices.Equal(got, order) {
					t.Fatalf("round %d: lane order %v, want %v", round+1, got, order)
				}
				for seat := range 3 {
					tb.play(games.Seat(seat), "autopass off")
				}
				for seat := range 3 {
					tb.play(games.Seat(seat), "ready")
				}
			}
		}},
		{"Attacke: damage at least equal to the hit points eliminates (consensus)", 1, func(t *testing.T, tb *table) {
			tr := tb.troop(0, "trooper")
			tb.enemy(0, "shriek_moth", true) // 1 attack, 2 hit points (face up: no reveal)
			tb.combat(0)
			tb.g.s.Combat.Window = false
			var log eventLog
			tb.g.fight(0, &log)
			l := tb.g.s.Lanes[0]
			if len(l.Enemies) != 0 || len(l.Troops) != 1 || l.Troops[0].ID != tr || l.Troops[0].Damage != 1 {
				t.Fatalf("one attack of 2 should kill the 2-HP enemy: %+v", l)
			}
		}},
		{"Attacke: damage is simultaneous, both may die", 1, func(t *testing.T, tb *table) {
			tb.troop(0, "militia")
			tb.enemy(0, "husk", true)
			tb.g.s.Lanes[0].Troops[0].Damage = 2
			tb.g.s.Lanes[0].Enemies[0].Damage = 2
			tb.combat(0)
			tb.g.s.Combat.Window = false
			var log eventLog
			tb.g.fight(0, &log)
			if l := tb.g.s.Lanes[0]; len(l.Troops)+len(l.Enemies) != 0 {
				t.Fatalf("both should be eliminated: %+v", l)
			}
		}},
		{"Überrannt: the game is lost the moment the base reaches 0", 2, func(t *testing.T, tb *table) {
			tb.enemy(0, "husk", true)
			tb.enemy(0, "husk", true)
			tb.troop(1, "trooper")
			tb.enemy(1, "skitterling", true)
			tb.g.s.BaseHP = 2
			tb.combat(0, 1)
			tb.check()
			tb.play(1, "autopass on")
			tb.play(0, "pass")
			s := tb.g.s
			if s.Phase != PhaseOver || s.Result != "lost" || s.BaseHP != 0 {
				t.Fatalf("phase %q result %q base %d", s.Phase, s.Result, s.BaseHP)
			}
			if len(s.Lanes[0].Enemies) != 1 || len(s.Lanes[1].Enemies) != 1 {
				t.Error("nothing more happens after the loss")
			}
			if st := tb.g.Status(); !st.Finished || len(st.Winners) != 0 {
				t.Errorf("status %+v", st)
			}
		}},
		{"Überrannt: a kill trigger that destroys the base ends the fight at once", 1, func(t *testing.T, tb *table) {
			// A card file may give a kill trigger to an enemy that hits two
			// troops: the second troop dies, the front one fights on.
			cs := editCardSet(t, func(cs *CardSet) {
				for i := range cs.Enemies {
					if cs.Enemies[i].Key == "gut_feeder" {
						cs.Enemies[i].Cleave, cs.Enemies[i].Attack = true, 2
					}
				}
			})
			tb.g = fixtureGame(t, cs, 1, 31)
			tb.g.s.Players[0].Division = "research"
			front := tb.troop(0, "militia")
			tb.troop(0, "militia")
			tb.g.s.Lanes[0].Troops[1].Damage = 2
			tb.enemy(0, "gut_feeder", true)
			tb.g.s.BaseHP = 1
			tb.combat(0)
			tb.play(0, "pass")
			s := tb.g.s
			if s.Result != "lost" {
				t.Fatalf("result %q", s.Result)
			}
			if l := s.Lanes[0]; len(l.Troops) != 1 || l.Troops[0].ID != front || l.Troops[0].Damage != 2 || len(l.Enemies) != 1 || l.Enemies[0].Damage != 1 {
				t.Fatalf("no second attack after the loss: %+v", l)
			}
		}},
		{"Überrannt: a reveal effect ordered by a player that destroys the base ends the game", 1, func(t *testing.T, tb *table) {
			tb.troop(0, "warden")
			tb.enemy(0, "husk", true)
			mother := tb.enemy(0, "spore_mother", false)
			tb.enemy(0, "bone_ram", false)
			tb.enemy(0, "gloom_stalker", false)
			bomb := tb.hand(0, "cluster")
			tb.g.s.BaseHP = 1
			tb.combat(0)
			tb.check()
			tb.play(0, "play "+c(bomb)+" lane1")
			if tb.g.s.Pending == nil {
				t.Fatal("three reveal effects should wait for their order")
			}
			tb.play(0, "first "+c(mother))
			s := tb.g.s
			if s.Result != "lost" || s.Pending != nil {
				t.Fatalf("result %q, pending %v", s.Result, s.Pending)
			}
		}},
		{"Spielende: the game is won after the combat of round 9", 2, func(t *testing.T, tb *table) {
			tb.g.s.Round = 9
			tb.troop(0, "warden")
			tb.enemy(0, "skitterling", true)
			tb.combat(0, 1)
			tb.play(1, "pass")
			tb.play(0, "pass")
			s := tb.g.s
			if s.Result != "won" || s.Phase != PhaseOver {
				t.Fatalf("result %q phase %q", s.Result, s.Phase)
			}
			if st := tb.g.Status(); len(st.Winners) != 2 {
				t.Errorf("everyone wins: %+v", st)
			}
		}},
		{"Sammelphase: cards are discarded at will, only then", 1, func(t *testing.T, tb *table) {
			id := tb.g.s.Players[0].Hand[0]
			tb.refuse(0, "discard "+c(id), "not possible in this phase")
			tb.g.s.Phase = PhaseCollect
			tb.play(0, "discard "+c(id))
			if !slices.Contains(tb.g.s.Players[0].Discard, id) {
				t.Error("the card should be on the discard pile")
			}
		}},
		{"Karten verbrennen: players never burn cards at will; only card effects burn", 1, func(t *testing.T, tb *table) {
			tb.g.s.Phase = PhaseCollect
			id := tb.g.s.Players[0].Hand[0]
			if _, _, err := games.PlayText(tb.g, 0, "burn "+c(id)); err == nil {
				t.Error("burn is not a move")
			}
			for _, m := range tb.g.LegalMoves(0) {
				if m.Group == "burn" {
					t.Errorf("legal move %q", m.Notation)
				}
			}
		}},
		{"Sammelphase: an empty item stack is replaced from the item selection cards", 1, func(t *testing.T, tb *table) {
			s := tb.g.s
			s.Phase = PhaseCollect
			emptied := s.Slots[3]
			s.Box = append(s.Box, s.ItemPiles[emptied]...)
			s.ItemPiles[emptied] = nil
			next := s.Selection[0]
			tb.play(0, "ready")
			if got := tb.g.s.Slots[3]; got != next || got == emptied {
				t.Errorf("slot 4 holds item type %d, want %d from the selection", got, next)
			}
			if slices.Contains(tb.g.s.Selection, next) {
				t.Error("the selection card is used up")
			}
		}},
		{"Sammelphase: after round 3 the wave-2 encounter deck and division abilities take over", 1, func(t *testing.T, tb *table) {
			s := tb.g.s
			s.Round, s.Phase = 3, PhaseCollect
			if tb.g.divisionActive(0) != nil {
				t.Fatal("the research lab's wave 2 ability is not active in wave 1")
			}
			tb.play(0, "ready")
			s = tb.g.s
			if s.Round != 4 || s.wave() != 2 || tb.g.divisionActive(0) == nil {
				t.Fatalf("round %d wave %d", s.Round, s.wave())
			}
			var log eventLog
			id, _ := tb.g.drawEnemy(&log)
			if w := tb.g.cs.enemy(s.Cards[id].Key).Wave; w != 2 {
				t.Errorf("round 4 deals a wave %d enemy", w)
			}
			tb.g.discardEnemy(id)
			s.Round = 7
			id, _ = tb.g.drawEnemy(&log)
			if w := tb.g.cs.enemy(s.Cards[id].Key).Wave; w != 3 {
				t.Errorf("round 7 deals a wave %d enemy", w)
			}
			tb.g.discardEnemy(id)
		}},
		{"Begegnungsdeck: an empty encounter deck shuffles its discards (FAQ)", 1, func(t *testing.T, tb *table) {
			p := &tb.g.s.Encounter[0]
			p.Discard, p.Deck = append(p.Discard, p.Deck...), nil
			n := len(p.Discard)
			var log eventLog
			before := tb.g.s.RNG
			id, ok := tb.g.drawEnemy(&log)
			if !ok {
				t.Fatal("no enemy drawn")
			}
			tb.g.discardEnemy(id)
			if events := log.Events(0, before, tb.g.s.RNG); len(p.Deck) != n-1 || len(p.Discard) != 1 || !events[0].Reveal {
				t.Errorf("deck %d discard %d events %+v", len(p.Deck), len(p.Discard), events)
			}
		}},
		{"Reaktion: an instant played into another lane goes to its player's discard (FAQ)", 2, func(t *testing.T, tb *table) {
			tb.troop(0, "warden")
			tb.enemy(0, "husk", true)
			frag := tb.hand(1, "frag")
			tb.combat(0)
			tb.play(1, "play "+c(frag)+" e1.1")
			if !slices.Contains(tb.g.s.Players[1].Discard, frag) || slices.Contains(tb.g.s.Players[0].Discard, frag) {
				t.Error("the grenade belongs on seat 2's discard pile")
			}
		}},
		{"Reaktion: instants and abilities only in the reaction step (consensus)", 1, func(t *testing.T, tb *table) {
			frag := tb.hand(0, "frag")
			tb.troop(0, "warden")
			tb.enemy(0, "husk", false)
			for _, phase := range []Phase{PhaseSupply, PhaseDeploy, PhaseCollect} {
				tb.g.s.Phase = phase
				tb.refuse(0, "play "+c(frag)+" e1.1", "reaction step")
			}
		}},
		{"Reaktion: a troop's ability once per round, only in its owner's lane", 2, func(t *testing.T, tb *table) {
			sapper := tb.troop(0, "sapper")
			tb.enemy(0, "ravager", true)
			tb.g.s.Round = 4
			tb.combat(0)
			tb.refuse(1, "use "+c(sapper), "your own lane")
			tb.play(0, "use "+c(sapper))
			tb.refuse(0, "use "+c(sapper), "used its ability this round")
			if d := tb.g.s.Lanes[0].Enemies[0].Damage; d != 2 {
				t.Errorf("the sapper deals 2, enemy has %d", d)
			}
		}},
		{"Reaktion: a division ability once per round, from its wave on", 1, func(t *testing.T, tb *table) {
			tb.troop(0, "warden")
			tb.enemy(0, "ravager", true)
			tb.combat(0)
			tb.refuse(0, "use div e1.1", "no such ability yet")
			tb.g.s.Round = 4
			tb.play(0, "use div e1.1")
			tb.refuse(0, "use div e1.1", "already used this round")
			if d := tb.g.s.Lanes[0].Enemies[0].Damage; d != 1 {
				t.Errorf("the research lab deals 1, enemy has %d", d)
			}
		}},
		{"Reaktion: all players may react; a play gives everyone a new chance", 2, func(t *testing.T, tb *table) {
			tb.troop(0, "warden")
			tb.enemy(0, "ravager", true)
			frag := tb.hand(0, "frag")
			tb.combat(0)
			if len(tb.g.ToAct()) != 2 {
				t.Fatalf("both players react in lane 1: %v", tb.g.ToAct())
			}
			tb.play(1, "pass")
			tb.play(0, "play "+c(frag)+" e1.1")
			if acts := tb.g.ToAct(); len(acts) != 2 || acts[1].Seat != 1 || acts[1].Kind != games.Reaction {
				t.Fatalf("seat 2 may react again after the grenade: %v", acts)
			}
			tb.play(0, "pass")
			tb.play(1, "pass")
			if l := tb.g.s.Lanes[0]; len(l.Enemies) != 0 {
				t.Errorf("after both passed the fight is over: %+v", l)
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tb := newTable(t, tc.seats)
			tc.run(t, tb)
			if err := tb.g.CheckInvariants(); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestLegalMovesMatchApply is the property that the legal moves are
// exactly the moves Apply accepts: in positions of random games, every
// notation built from the cards, stacks, lanes and enemies in play is
// accepted by Apply if and only if it is listed.
func TestLegalMovesMatchApply(t *testing.T) {
	positions := 0
	for run := range 8 {
		seats := run%4 + 1
		g := playoutPrefix(t, seats, uint64(500+run))
		for _, p := range g {
			positions++
			gg := p.(*Game)
			for seat := range games.Seat(seats) {
				legal := map[string]bool{}
				for _, m := range gg.LegalMoves(seat) {
					legal[m.Notation] = true
				}
				for _, n := range candidates(gg) {
					_, _, err := games.PlayText(gg, seat, n)
					if (err == nil) != legal[n] {
						t.Fatalf("%d players, seat %d, phase %s: %q accepted=%v listed=%v (%v)", seats, seat, gg.s.Phase, n, err == nil, legal[n], err)
					}
				}
			}
		}
	}
	if positions < 40 {
		t.Errorf("only %d positions", positions)
	}
}

// playoutPrefix plays a game (greedy for odd seeds, random moves for even
// ones) and returns some of its positions.
func playoutPrefix(t *testing.T, seats int, seed uint64) []games.Game {
	t.Helper()
	g, _, err := Definition.Create(seats, nil, seed)
	if err != nil {
		t.Fatal(err)
	}
	var out []games.Game
	pick := rng.New(seed)
	for step := 0; !g.Status().Finished && step < 3000; step++ {
		if step%37 == 0 {
			out = append(out, g)
		}
		acts := g.ToAct()
		a := acts[pick.Intn(len(acts))]
		m := greedyMove(g, a.Seat, pick)
		if seed%2 == 0 {
			var phase []games.Move
			for _, lm := range g.LegalMoves(a.Seat) {
				if lm.Group != games.SettingGroup {
					phase = append(phase, lm)
				}
			}
			m = phase[pick.Intn(len(phase))].Notation
		}
		g, _ = play(t, g, a.Seat, m)
	}
	return out
}

// candidates lists notations worth trying in a position: every verb with
// every card, stack, lane and enemy in reach, plus a few wrong ones.
func candidates(g *Game) []string {
	s := g.s
	cardSet := map[int]bool{}
	for _, p := range s.Players {
		for _, id := range p.Hand {
			cardSet[id] = true
		}
	}
	var troops []int
	for _, l := range s.Lanes {
		for _, t := range l.Troops {
			cardSet[t.ID] = true
			troops = append(troops, t.ID)
			for _, id := range []int{t.Weapon, t.Armour} {
				if id != noCard {
					cardSet[id] = true
				}
			}
		}
		for _, e := range l.Enemies {
			cardSet[e.ID] = true
		}
	}
	cardSet[0], cardSet[len(s.Cards)-1] = true, true
	var cards []int
	for id := range cardSet {
		cards = append(cards, id)
	}
	slices.Sort(cards)
	var targets []string
	for li, l := range s.Lanes {
		targets = append(targets, fmt.Sprintf("lane%d", li+1))
		for j := range l.Enemies {
			targets = append(targets, fmt.Sprintf("e%d.%d", li+1, j+1))
		}
	}
	targets = append(targets, fmt.Sprintf("lane%d", len(s.Lanes)+1), "e1.9")
	for _, id := range troops {
		targets = append(targets, c(id))
	}
	out := []string{"ready", "pass", "show hand", "autopass on", "autopass off", "use div"}
	for _, d := range g.cs.Divisions {
		out = append(out, "division "+d.Key)
	}
	for i := 1; i <= 10; i++ {
		out = append(out, fmt.Sprintf("buy t%d", i), fmt.Sprintf("buy i%d", i))
	}
	for _, tg := range targets {
		out = append(out, "use div "+tg)
	}
	for _, id := range cards {
		for _, v := range []string{"return", "recall", "discard", "first", "play", "use"} {
			out = append(out, v+" "+c(id))
		}
		for _, tg := range targets {
			out = append(out, "deploy "+c(id)+" "+tg, "equip "+c(id)+" "+tg, "swap "+c(id)+" "+tg, "play "+c(id)+" "+tg, "use "+c(id)+" "+tg)
		}
	}
	return out
}
