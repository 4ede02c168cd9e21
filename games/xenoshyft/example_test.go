package xenoshyft

import (
	"encoding/json"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/playbychat/pbc/games"
)

// exampleCardSet is the default set plus the cards of the manual's combat
// example (testdata/example-cards.json), with the example's numbers; the
// militia gets the 2 hit points the example implies.
func exampleCardSet(t *testing.T) *CardSet {
	t.Helper()
	data, err := os.ReadFile("testdata/example-cards.json")
	if err != nil {
		t.Fatal(err)
	}
	var extra CardSet
	if err := json.Unmarshal(data, &extra); err != nil {
		t.Fatal(err)
	}
	return editCardSet(t, func(cs *CardSet) {
		cs.Troops = append(cs.Troops, extra.Troops...)
		cs.Enemies = append(cs.Enemies, extra.Enemies...)
		cs.Items = append(cs.Items, extra.Items...)
		for i := range cs.Troops {
			if cs.Troops[i].Starter {
				cs.Troops[i].Attack, cs.Troops[i].HP = 1, 2
			}
		}
	})
}

// editCardSet loads the default set changed by edit (a loaded set never
// changes: edit works on a fresh copy of data/cards.json).
func editCardSet(t *testing.T, edit func(cs *CardSet)) *CardSet {
	t.Helper()
	data, err := json.Marshal(editedCards(t, edit))
	if err != nil {
		t.Fatal(err)
	}
	cs, err := LoadCardSet(data)
	if err != nil {
		t.Fatalf("edited card set: %v", err)
	}
	return cs
}

// editedCards is a fresh copy of data/cards.json changed by edit, not
// validated.
func editedCards(t *testing.T, edit func(cs *CardSet)) *CardSet {
	t.Helper()
	var cs CardSet
	if err := json.Unmarshal(defaultCardsJSON, &cs); err != nil {
		t.Fatal(err)
	}
	edit(&cs)
	return &cs
}

// fixtureGame sets up a game with a card set; the default set is restored
// when the test ends.
func fixtureGame(t *testing.T, cs *CardSet, seats int, seed uint64) *Game {
	t.Helper()
	prev, err := sets.Active()
	if err != nil {
		t.Fatal(err)
	}
	UseCardSet(cs)
	t.Cleanup(func() { UseCardSet(prev) })
	g, _, err := Definition.Create(seats, nil, seed)
	if err != nil {
		t.Fatal(err)
	}
	return g.(*Game)
}

// pull takes a card of the given type key out of whatever pile holds it,
// keeping every card in exactly one place.
func pull(t *testing.T, g *Game, key string) int {
	t.Helper()
	s := g.s
	piles := []*[]int{&s.Box}
	for i := range s.TroopPiles {
		piles = append(piles, &s.TroopPiles[i])
	}
	for i := range s.ItemPiles {
		piles = append(piles, &s.ItemPiles[i])
	}
	for i := range s.ResPiles {
		piles = append(piles, &s.ResPiles[i])
	}
	for i := range s.Encounter {
		piles = append(piles, &s.Encounter[i].Deck, &s.Encounter[i].Discard)
	}
	for i := range s.Players {
		piles = append(piles, &s.Players[i].Deck, &s.Players[i].Hand, &s.Players[i].Discard)
	}
	for _, p := range piles {
		for _, id := range *p {
			if s.Cards[id].Key == key {
				*p = remove(*p, id)
				return id
			}
		}
	}
	t.Fatalf("no card %q left to pull", key)
	return 0
}

// play applies a move through games.Play and fails the test on error.
func play(t *testing.T, g games.Game, seat games.Seat, notation string) (games.Game, []games.Event) {
	t.Helper()
	next, ev, err := games.PlayText(g, seat, notation)
	if err != nil {
		t.Fatalf("%q by seat %d: %v\n%s", notation, seat, err, g.View(seat).Describe(games.English))
	}
	if err := next.(games.Checker).CheckInvariants(); err != nil {
		t.Fatalf("after %q: %v", notation, err)
	}
	return next, ev
}

// TestManualCombatExample replays "Beispiel für den Ablauf eines Kampfes":
// Robin's lane of two Militia and a Ranger against a Lurker, a Panic
// Spider, another Lurker and a Spike Beast.
func TestManualCombatExample(t *testing.T) {
	cs := exampleCardSet(t)
	g := fixtureGame(t, cs, 1, 42)
	s := g.s
	// Robin's deployment is done: two militia and a ranger; a Hi-Ex grenade
	// in hand; the four enemies face down in order.
	s.Players[0].Deck = append(s.Players[0].Deck, s.Players[0].Hand...)
	s.Players[0].Hand = nil
	m1, m2, ranger := pull(t, g, "militia"), pull(t, g, "militia"), pull(t, g, "ranger")
	for _, id := range []int{m1, m2, ranger} {
		s.Lanes[0].Troops = append(s.Lanes[0].Troops, troop{ID: id, Weapon: noCard, Armour: noCard, HitBy: noCard})
	}
	grenade := pull(t, g, "hiex_grenade")
	s.Players[0].Hand = []int{grenade}
	lurker, spider, lurker2, beast := pull(t, g, "lurker"), pull(t, g, "panic_spider"), pull(t, g, "lurker"), pull(t, g, "spike_beast")
	for _, id := range []int{lurker, spider, lurker2, beast} {
		s.Lanes[0].Enemies = append(s.Lanes[0].Enemies, enemy{ID: id, HitBy: noCard})
	}
	s.Phase = PhaseDeploy
	s.Players[0].Ready = false
	if err := g.CheckInvariants(); err != nil {
		t.Fatalf("fixture: %v", err)
	}

	// Steps 1-3: the Lurker is revealed and kills the first militia; the
	// lane advances and the reaction step opens.
	next, _ := play(t, g, 0, "ready")
	g = next.(*Game)
	lane := g.s.Lanes[0]
	if got := ids(lane.Troops); !slices.Equal(got, []int{m2, ranger}) {
		t.Fatalf("after the Lurker's reveal the troops are %v, want the second militia and the ranger %v", got, []int{m2, ranger})
	}
	if !lane.Enemies[0].Up || lane.Enemies[0].ID != lurker {
		t.Fatalf("the Lurker should be revealed in front")
	}
	if a, ok := games.MustAct(g, 0); !ok || a.Kind != games.Reaction {
		t.Fatalf("Robin should be asked to react, got %v", g.ToAct())
	}
	// Step 4: the Hi-Ex grenade kills the Lurker.
	if g.View(0).(*View).Lanes[0].Enemies[0].Ref != "e1.1" {
		t.Fatal("the front enemy of lane 1 is e1.1")
	}
	next, _ = play(t, g, 0, "play c"+strconv.Itoa(grenade)+" e1.1")
	g = next.(*Game)
	if !slices.Contains(g.s.Players[0].Discard, grenade) {
		t.Errorf("the grenade should be on Robin's discard pile")
	}
	// Steps 5-6: the Panic Spider is revealed, deals 2 to the militia and
	// eliminates it; the ranger closes the gap.
	lane = g.s.Lanes[0]
	if got := ids(lane.Troops); !slices.Equal(got, []int{ranger}) {
		t.Fatalf("after the Panic Spider's reveal the troops are %v, want only the ranger", got)
	}
	if lane.Enemies[0].ID != spider || !lane.Enemies[0].Up {
		t.Fatalf("the Panic Spider should be revealed in front")
	}
	// Steps 7-8: nobody reacts; ranger and spider trade 2 and 3 damage,
	// the ranger dies, the spider keeps 2 damage.
	next, _ = play(t, g, 0, "pass")
	g = next.(*Game)
	lane = g.s.Lanes[0]
	if len(lane.Troops) != 0 {
		t.Fatalf("the ranger should be eliminated")
	}
	if lane.Enemies[0].ID != spider || lane.Enemies[0].Damage != 2 {
		t.Fatalf("the Panic Spider should have 2 damage, has %+v", lane.Enemies[0])
	}
	if lane.State != "overrun" {
		t.Errorf("lane state %q, want overrun", lane.State)
	}
	// Steps 9-10: overrun; each surviving enemy gets a last reaction step
	// and then hits the base: 3 + 2 + 2. (The manual sums this to 9, but
	// its own numbers give 7.)
	for range 3 {
		next, _ = play(t, g, 0, "pass")
		g = next.(*Game)
	}
	if g.s.BaseHP != 15-7 {
		t.Fatalf("base has %d hit points, want %d", g.s.BaseHP, 15-7)
	}
	if g.s.Phase != PhaseCollect {
		t.Fatalf("phase %q, want collect", g.s.Phase)
	}
	if !strings.Contains(g.View(0).Describe(games.German), "Basis 8/15") {
		t.Errorf("German view should show the base at 8/15:\n%s", g.View(0).Describe(games.German))
	}
}

func ids(ts []troop) []int {
	out := make([]int, len(ts))
	for i, t := range ts {
		out[i] = t.ID
	}
	return out
}
