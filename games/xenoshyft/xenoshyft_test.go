package xenoshyft

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/internal/botplay"
	"github.com/playbychat/pbc/games/internal/gametest"
	"github.com/playbychat/pbc/games/rng"
)

var update = flag.Bool("update", false, "rewrite the golden replays in testdata/golden")

func TestDefinition(t *testing.T) {
	d, ok := games.Lookup("xenoshyft")
	if !ok {
		t.Fatal("xenoshyft is not registered")
	}
	if d.MinSeats != 1 || d.MaxSeats != 4 || d.Name.EN != "Xenoshyft: Onslaught" {
		t.Errorf("definition %+v", d)
	}
	if len(d.Rules) < 5 {
		t.Errorf("only %d rules topics", len(d.Rules))
	}
	for _, tp := range d.Rules {
		if len(tp.Body.EN) > 1800 || len(tp.Body.DE) > 1800 {
			t.Errorf("topic %s is too long for one message", tp.Key)
		}
	}
	if _, _, err := d.Create(2, map[string]string{"divisions": "draft"}, 1); err == nil {
		t.Error("an unknown divisions value should be refused")
	}
}

func TestCardSetCounts(t *testing.T) {
	cs := DefaultCardSet()
	troops, enemies, bosses, items := 0, 0, 0, 0
	for _, tt := range cs.Troops {
		troops += tt.Count
	}
	for _, e := range cs.Enemies {
		if e.Boss {
			bosses++
		} else {
			enemies += e.Count
		}
	}
	for _, it := range cs.Items {
		items += it.Count
	}
	resources := 0
	for _, r := range cs.Resources {
		resources += r.Count
	}
	for name, c := range map[string][2]int{
		"troops": {troops, 83}, "enemies": {enemies, 108}, "bosses": {bosses, 6}, "item cards": {items, 120},
		"item types": {len(cs.Items), 24}, "resources": {resources, 78}, "divisions": {len(cs.Divisions), 6},
	} {
		if c[0] != c[1] {
			t.Errorf("%s: %d, want %d as in the manual", name, c[0], c[1])
		}
	}
}

func TestLoadCardSetErrors(t *testing.T) {
	base, err := json.Marshal(DefaultCardSet())
	if err != nil {
		t.Fatal(err)
	}
	edit := func(f func(cs *CardSet)) []byte {
		data, err := json.Marshal(editedCards(t, f))
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{"not json", []byte("{"), "unexpected EOF"},
		{"unknown field", []byte(strings.Replace(string(base), `"troops"`, `"troupes"`, 1)), "unknown field"},
		{"missing german name", edit(func(cs *CardSet) { cs.Troops[1].Name.DE = "" }), `troop "trooper": field name`},
		{"bad effect", edit(func(cs *CardSet) { cs.Enemies[2].Reveal[0].Do = "explode" }), `enemy "burrower": field reveal[0].do "explode"`},
		{"bad target", edit(func(cs *CardSet) { cs.Enemies[2].Reveal[0].Target = "chosen" }), `enemy "burrower": field reveal[0].target`},
		{"duplicate key", edit(func(cs *CardSet) { cs.Items[1].Key = cs.Items[0].Key }), "key already used"},
		{"instant without play", edit(func(cs *CardSet) { cs.Items[10].Play = nil }), "field play is required"},
		{"unknown start item", edit(func(cs *CardSet) { cs.Divisions[0].Start = []string{"laser"} }), `division "research": field start names unknown item "laser"`},
		{"one boss", edit(func(cs *CardSet) { cs.Enemies[len(cs.Enemies)-1].Boss = false }), "wave 3 needs exactly 2 bosses"},
		{"no 6 resource", edit(func(cs *CardSet) { cs.Resources[2].Value = 5 }), "no card of value 6"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := LoadCardSet(tc.data)
			if err == nil {
				t.Fatal("no error")
			}
			if !errors.Is(err, ErrCardSet) {
				t.Errorf("error %v does not wrap ErrCardSet", err)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q should mention %q", err, tc.want)
			}
		})
	}
	if _, err := LoadCardSet(base); err != nil {
		t.Errorf("the default set does not load back: %v", err)
	}
}

// supplyGame is a 2-player game in round 1's supply phase.
func supplyGame(t *testing.T) *Game {
	t.Helper()
	g, _, err := Definition.Create(2, nil, 5)
	if err != nil {
		t.Fatal(err)
	}
	return g.(*Game)
}

func firstOfKind(g *Game, seat int, kind string) int {
	for _, id := range g.s.Players[seat].Hand {
		if g.s.Cards[id].Kind == kind {
			return id
		}
	}
	return noCard
}

func TestMoves(t *testing.T) {
	g := supplyGame(t)
	troopCard := firstOfKind(g, 0, kindTroop)
	if troopCard == noCard {
		t.Fatal("seed 5 should deal seat 0 a troop")
	}
	c := func(id int) string { return fmt.Sprintf("c%d", id) }
	tests := []struct {
		name     string
		seat     games.Seat
		notation string
		wantErr  string // "" means legal
	}{
		{"buy a wave 1 troop", 0, "buy t1", ""},
		{"buy an item", 0, "buy i1", ""},
		{"ready", 1, "ready", ""},
		{"upper case and spaces", 0, "  BUY   T1 ", ""},
		{"wave 2 troop", 0, "buy t4", "wave 2"},
		{"no such stack", 0, "buy t99", "no stack"},
		{"deploy in supply", 0, "deploy " + c(troopCard) + " lane1", "not possible in this phase"},
		{"pass outside reaction", 0, "pass", "not possible in this phase"},
		{"play outside reaction", 0, "play " + c(troopCard), "reaction step"},
		{"return unbought", 0, "return " + c(troopCard), "bought in this supply phase"},
		{"gibberish", 0, "attack!", "Unknown move"},
		{"card out of range", 0, "equip c99999 c1", "no card c99999"},
		{"seat out of range", 3, "ready", "not your turn"},
		{"autopass on", 0, "autopass on", ""},
		{"autopass off when off", 0, "autopass off", "already off"},
		{"show hand", 1, "show hand", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := games.PlayText(g, tc.seat, tc.notation)
			legal := false
			if _, ok := games.FindMove(g, tc.seat, tc.notation); ok {
				legal = true
			}
			if tc.wantErr == "" {
				if err != nil {
					t.Fatalf("%q should be legal: %v", tc.notation, err)
				}
				if !legal {
					t.Errorf("%q is not among the legal moves", tc.notation)
				}
				return
			}
			re, ok := games.AsRuleError(err)
			if !ok {
				t.Fatalf("%q: want a rule error about %q, got %v", tc.notation, tc.wantErr, err)
			}
			if !strings.Contains(re.Reason.EN, tc.wantErr) || re.Reason.DE == "" {
				t.Errorf("%q: reason %q should mention %q and have German", tc.notation, re.Reason.EN, tc.wantErr)
			}
			if legal {
				t.Errorf("%q is listed as legal", tc.notation)
			}
		})
	}
}

func TestSupplyAndDeployFlow(t *testing.T) {
	g := games.Game(supplyGame(t))
	budget := g.View(0).(*View).Players[0].Budget
	if budget < 1 {
		t.Fatalf("budget %d", budget)
	}
	// Buy, change the mind, buy again: the spent amount follows.
	g, _ = play(t, g, 0, "buy t2")
	bought := g.(*Game).s.Players[0].Bought[0]
	g, _ = play(t, g, 0, "return "+fmt.Sprintf("c%d", bought))
	if sp := g.(*Game).s.Players[0].Spent; sp != 0 {
		t.Fatalf("spent %d after returning", sp)
	}
	g, _ = play(t, g, 0, "buy t2")
	if a, _ := games.MustAct(g, 1); a.Kind != games.Simultaneous {
		t.Errorf("supply is simultaneous: %v", g.ToAct())
	}
	g, _ = play(t, g, 0, "ready")
	if _, ok := games.MustAct(g, 0); ok {
		t.Error("a ready player should not be asked again")
	}
	g, _ = play(t, g, 1, "ready")
	gs := g.(*Game).s
	if gs.Phase != PhaseDeploy {
		t.Fatalf("phase %q, want deploy", gs.Phase)
	}
	res := 0
	for _, id := range gs.Players[0].Discard {
		res += g.(*Game).resourceValue(id)
	}
	if res < 1 {
		t.Errorf("seat 0 should have paid with resource cards, discard %v", gs.Players[0].Discard)
	}
	for _, bad := range []string{"equip c99999 c1", "deploy c99999 lane1", "swap c99999 c1", "recall c99999"} {
		if _, _, err := games.PlayText(g, 0, bad); err == nil {
			t.Errorf("%q should be refused", bad)
		} else if _, ok := games.AsRuleError(err); !ok {
			t.Errorf("%q: %v is not a rule error", bad, err)
		}
	}
	// Deploy into the other player's lane: the card now belongs there.
	troopCard := firstOfKind(g.(*Game), 0, kindTroop)
	g, _ = play(t, g, 0, fmt.Sprintf("deploy c%d lane2", troopCard))
	if got := g.(*Game).s.Lanes[1].Troops; len(got) != 1 || got[0].ID != troopCard {
		t.Fatalf("lane 2 troops %v", got)
	}
	g, _ = play(t, g, 0, fmt.Sprintf("recall c%d", troopCard))
	if !slices.Contains(g.(*Game).s.Players[0].Hand, troopCard) {
		t.Fatal("recall should bring the troop back to hand")
	}
	// Lane capacity: four troops at most.
	gg := g.(*Game)
	for len(gg.s.Lanes[0].Troops) < laneZones {
		gg.s.Lanes[0].Troops = append(gg.s.Lanes[0].Troops, troop{ID: pull(t, gg, "trooper"), Weapon: noCard, Armour: noCard, HitBy: noCard})
	}
	_, _, err := games.PlayText(gg, 0, fmt.Sprintf("deploy c%d lane1", troopCard))
	if re, ok := games.AsRuleError(err); !ok || !strings.Contains(re.Reason.EN, "4 troops") {
		t.Errorf("a fifth troop should be refused, got %v", err)
	}
}

func TestReactionWindow(t *testing.T) {
	g := games.Game(supplyGame(t))
	for _, seat := range []games.Seat{0, 1} {
		g, _ = play(t, g, seat, "ready")
	}
	for _, seat := range []games.Seat{0, 1} {
		g, _ = play(t, g, seat, "ready")
	}
	// Lanes are empty: lane 1 is overrun and its first enemy opens a
	// reaction window for both players.
	acts := g.ToAct()
	if len(acts) != 2 || acts[0].Kind != games.Reaction {
		t.Fatalf("want both players to react, got %v", acts)
	}
	if m, ok := g.(games.Defaulter).DefaultMove(1); !ok || m != "pass" {
		t.Errorf("default move %q %v, want pass", m, ok)
	}
	g, _ = play(t, g, 1, "autopass on")
	if _, ok := games.MustAct(g, 1); ok {
		t.Error("autopass should take seat 1 out of the window")
	}
	hp := g.(*Game).s.BaseHP
	g, _ = play(t, g, 0, "pass")
	if g.(*Game).s.BaseHP >= hp {
		t.Errorf("the unopposed enemy should hit the base (%d -> %d)", hp, g.(*Game).s.BaseHP)
	}
	if acts := g.ToAct(); len(acts) != 1 || acts[0].Seat != 0 {
		t.Errorf("next window should ask only seat 0, got %v", acts)
	}
	if _, ok := g.(games.Defaulter).DefaultMove(1); ok {
		t.Error("no default move for a seat that is not asked")
	}
}

// heldCards lists every card id a view reveals.
func viewCards(v *View) []int {
	var out []int
	add := func(c *CardView) {
		if c != nil && c.ID >= 0 {
			out = append(out, c.ID)
		}
	}
	for _, l := range v.Lanes {
		for _, t := range l.Troops {
			add(&t.Card)
			add(t.Weapon)
			add(t.Armour)
		}
		for _, e := range l.Enemies {
			add(e.Card)
		}
	}
	for i := range v.Hand {
		add(&v.Hand[i])
	}
	for _, p := range v.Players {
		for i := range p.Shown {
			add(&p.Shown[i])
		}
	}
	return out
}

func TestRedaction(t *testing.T) {
	for seats := 2; seats <= 4; seats++ {
		t.Run(fmt.Sprintf("%d players", seats), func(t *testing.T) {
			g, _, err := Definition.Create(seats, nil, uint64(seats))
			if err != nil {
				t.Fatal(err)
			}
			pick := rng.New(9)
			for step := 0; step < 400 && !g.Status().Finished; step++ {
				gs := g.(*Game).s
				for viewer := games.Seat(-1); int(viewer) < seats; viewer++ {
					v := g.View(viewer).(*View)
					if viewer == games.Spectator && v.Hand != nil {
						t.Fatal("a spectator sees a hand")
					}
					seen := viewCards(v)
					for other, p := range gs.Players {
						if games.Seat(other) == viewer {
							continue
						}
						for _, id := range p.Hand {
							if slices.Contains(seen, id) && !slices.Contains(p.Shown, id) {
								t.Fatalf("seat %d sees c%d in the hand of seat %d", viewer, id, other)
							}
						}
					}
					for _, e := range v.Lanes {
						for _, en := range e.Enemies {
							if !en.FaceUp && (en.Card != nil || en.Attack != 0 || en.ID != -1) {
								t.Fatal("a face-down enemy shows its face or its card id")
							}
						}
					}
					if viewer == games.Spectator {
						continue
					}
					for _, l := range gs.Lanes {
						for _, en := range l.Enemies {
							if en.Up {
								continue
							}
							ref := fmt.Sprintf("c%d", en.ID)
							for _, m := range g.LegalMoves(viewer) {
								if slices.Contains(strings.Fields(m.Notation), ref) || strings.Contains(m.Label.EN, "("+ref+")") {
									t.Fatalf("move %q / %q names face-down enemy %s", m.Notation, m.Label.EN, ref)
								}
							}
						}
					}
				}
				acts := g.ToAct()
				a := acts[pick.Intn(len(acts))]
				next, events, err := games.PlayText(g, a.Seat, greedyMove(g, a.Seat, pick))
				if err != nil {
					t.Fatal(err)
				}
				for _, e := range events {
					if strings.Contains(e.Text.EN, "You draw") && len(e.To) != 1 {
						t.Fatalf("a draw is shown to %v", e.To)
					}
					if e.To == nil {
						checkPublicEvent(t, next.(*Game).s, e)
					}
				}
				g = next
			}
		})
	}
}

// cardRef finds card ids such as "c17" in a text.
var cardRef = regexp.MustCompile(`\bc(\d+)\b`)

// checkPublicEvent fails if a public event names a card that is hidden
// after the move: a face-down enemy, a card in a deck, or a card in a hand
// its owner has not shown.
func checkPublicEvent(t *testing.T, s *state, e games.Event) {
	t.Helper()
	for _, text := range []string{e.Text.EN, e.Text.DE} {
		for _, m := range cardRef.FindAllStringSubmatch(text, -1) {
			id, _ := strconv.Atoi(m[1])
			for _, l := range s.Lanes {
				for _, en := range l.Enemies {
					if en.ID == id && !en.Up {
						t.Fatalf("public event %q names face-down enemy c%d", text, id)
					}
				}
			}
			for seat, p := range s.Players {
				if slices.Contains(p.Deck, id) || (slices.Contains(p.Hand, id) && !slices.Contains(p.Shown, id)) {
					t.Fatalf("public event %q names c%d, hidden with seat %d", text, id, seat)
				}
			}
		}
	}
}

func TestReplayAndRestore(t *testing.T) {
	for seats := 1; seats <= 4; seats++ {
		t.Run(fmt.Sprintf("%d players", seats), func(t *testing.T) {
			g, moves := playout(t, seats, uint64(77+seats), nil)
			want, err := games.Hash(g)
			if err != nil {
				t.Fatal(err)
			}
			rec := games.Record{Game: "xenoshyft", Seats: seats, Seed: uint64(77 + seats), Moves: moves}
			again, err := games.Replay(rec)
			if err != nil {
				t.Fatal(err)
			}
			if got, _ := games.Hash(again); got != want {
				t.Fatalf("replay hash %s, want %s", got, want)
			}
			data, err := g.MarshalState()
			if err != nil {
				t.Fatal(err)
			}
			restored, err := Definition.Restore(data)
			if err != nil {
				t.Fatal(err)
			}
			if got, _ := games.Hash(restored); got != want {
				t.Fatalf("restored hash %s, want %s", got, want)
			}
		})
	}
	// A restored mid-game state goes on exactly like the original.
	g, _, err := Definition.Create(3, nil, 11)
	if err != nil {
		t.Fatal(err)
	}
	pick := rng.New(1)
	for range 40 {
		a := g.ToAct()[0]
		g, _ = play(t, g, a.Seat, greedyMove(g, a.Seat, pick))
	}
	data, err := g.MarshalState()
	if err != nil {
		t.Fatal(err)
	}
	r, err := Definition.Restore(data)
	if err != nil {
		t.Fatal(err)
	}
	for range 40 {
		a := g.ToAct()[0]
		m := greedyMove(g, a.Seat, pick)
		g, _, err = games.PlayText(g, a.Seat, m)
		if err != nil {
			t.Fatal(err)
		}
		r, _, err = games.PlayText(r, a.Seat, m)
		if err != nil {
			t.Fatal(err)
		}
	}
	h1, _ := games.Hash(g)
	h2, _ := games.Hash(r)
	if h1 != h2 {
		t.Fatal("restored game diverges")
	}
	if _, err := Definition.Restore([]byte(`{"cardset":{},"state":{}}`)); err == nil {
		t.Error("a broken state should not restore")
	}
}

// TestRestoreLegacySnapshot restores a state saved before the card set
// registry, with a group's own set inline (testdata/legacy-snapshot.json,
// made by the code of f62c6f5 with a renamed Line Trooper): the set is
// registered under its fingerprint, the table answers from it while new
// games keep the default set, and the game goes on and saves in the new
// form.
func TestRestoreLegacySnapshot(t *testing.T) {
	data, err := os.ReadFile("testdata/legacy-snapshot.json")
	if err != nil {
		t.Fatal(err)
	}
	restored, err := Definition.Restore(data)
	if err != nil {
		t.Fatalf("a state with its card set inline: %v", err)
	}
	g := restored.(*Game)
	if g.s.Set == "" || g.s.Set == DefaultCardSet().Fingerprint {
		t.Fatalf("restored set %q, want the inline set's own fingerprint", g.s.Set)
	}
	if cs, err := sets.Lookup(g.s.Set); err != nil || cs != g.cs {
		t.Errorf("the inline set is not registered: %v", err)
	}
	renamed := func(cards []games.Card) bool {
		return slices.ContainsFunc(cards, func(c games.Card) bool { return c.Name.EN == "Legacy Trooper" })
	}
	if !renamed(g.Catalog()) {
		t.Error("the table's catalogue does not answer from its own set")
	}
	fresh, _, err := Definition.Create(2, nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	if renamed(fresh.(*Game).Catalog()) {
		t.Error("a new game uses the restored table's set")
	}
	saved, err := g.MarshalState()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(saved), `"cardset"`) {
		t.Error("the state is saved with its set inline again")
	}
	again, err := Definition.Restore(saved)
	if err != nil {
		t.Fatal(err)
	}
	h1, _ := games.Hash(g)
	h2, _ := games.Hash(again)
	if h1 != h2 {
		t.Errorf("saved and restored again: hash %s, want %s", h2, h1)
	}
	a := again.ToAct()[0]
	if _, _, err := games.Play(again, a.Seat, botplay.Decisions(again.LegalMoves(a.Seat))[0]); err != nil {
		t.Errorf("the restored game does not go on: %v", err)
	}
	unknown := strings.Replace(string(saved), g.s.Set, "0000000000000000", 1)
	if _, err := Definition.Restore([]byte(unknown)); err == nil || !strings.Contains(err.Error(), "not loaded") {
		t.Errorf("a state naming a set this process has not loaded: %v", err)
	}
}

// TestGoldenReplays replays the recorded games in testdata/golden and
// compares their end (hash and final board); go test -update records them
// anew.
func TestGoldenReplays(t *testing.T) {
	cases := []struct {
		name  string
		seats int
		seed  uint64
		opts  map[string]string
	}{
		{"solo", 1, 101, nil},
		{"two-players", 2, 202, nil},
		{"four-players-choose", 4, 404, map[string]string{"divisions": "choose"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join("testdata", "golden", tc.name+".json")
			gametest.GoldenReplay(t, path, *update, func() (games.Record, games.Game) {
				return recordBotGame(t, tc.seats, tc.seed, tc.opts)
			})
		})
	}
}

// recordBotGame plays a whole game with the bot policy at every seat, so
// that it reaches the third wave, and returns its record.
func recordBotGame(t *testing.T, seats int, seed uint64, opts map[string]string) (games.Record, games.Game) {
	t.Helper()
	g, _, err := Definition.Create(seats, opts, seed)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 1))
	var moves []games.RecordedMove
	for !g.Status().Finished {
		acts := g.ToAct()
		a := acts[r.IntN(len(acts))]
		m := Definition.Policy(g.View(a.Seat), botplay.Decisions(g.LegalMoves(a.Seat)), r)
		if g, _, err = games.Play(g, a.Seat, m); err != nil {
			t.Fatal(err)
		}
		moves = append(moves, games.RecordedMove{Seat: a.Seat, Notation: m.Notation})
	}
	h, err := games.Hash(g)
	if err != nil {
		t.Fatal(err)
	}
	return games.Record{Game: Definition.ID, Seats: seats, Options: opts, Seed: seed, Moves: moves, Hash: h}, g
}

func FuzzNotation(f *testing.F) {
	for _, s := range []string{"buy t1", "buy i3", "ready", "pass", "deploy c90 lane1", "equip c200 c90", "play c250 c300", "play c250 e1.1", "use div e2.3", "equip c99999 c1", "swap c1 c99999",
		"use div", "use c95 lane2", "swap c1 c2", "autopass on", "show hand", "division medical", "recall c5", "", "lane1", "c"} {
		for _, steps := range []uint8{0, 6, 25} {
			f.Add(s, uint8(0), steps)
		}
	}
	f.Fuzz(func(t *testing.T, notation string, seat, steps uint8) {
		g, _, err := Definition.Create(2, nil, 3)
		if err != nil {
			t.Fatal(err)
		}
		pick := rng.New(uint64(steps))
		for range int(steps) % 60 {
			if g.Status().Finished {
				break
			}
			a := g.ToAct()[0]
			g, _, _ = games.PlayText(g, a.Seat, greedyMove(g, a.Seat, pick))
		}
		next, _, err := games.PlayText(g, games.Seat(seat%3), notation)
		if err != nil {
			if _, ok := games.AsRuleError(err); !ok {
				t.Fatalf("%q: error %v is not a rule error", notation, err)
			}
			return
		}
		if err := next.(games.Checker).CheckInvariants(); err != nil {
			t.Fatalf("%q: %v", notation, err)
		}
	})
}

func TestShowHand(t *testing.T) {
	g := games.Game(supplyGame(t))
	hand := slices.Clone(g.(*Game).s.Players[1].Hand)
	if len(g.View(0).(*View).Players[1].Shown) != 0 {
		t.Fatal("nothing is shown before show hand")
	}
	next, events := play(t, g, 1, "show hand")
	if len(events) != 1 || events[0].To != nil || !events[0].Reveal {
		t.Fatalf("show hand should be one public revealing event, got %+v", events)
	}
	var shown []int
	for _, c := range next.View(0).(*View).Players[1].Shown {
		shown = append(shown, c.ID)
	}
	if !slices.Equal(shown, hand) {
		t.Errorf("seat 0 sees %v, want the hand %v", shown, hand)
	}
}
