package dei

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/playbychat/pbc/games"
)

// viewJSON is everything seat sees: its view (the map geometry aside), its
// legal moves and the text description.
func viewJSON(t *testing.T, g games.Game, seat games.Seat) string {
	t.Helper()
	v := *g.View(seat).(*View)
	text := v.Describe(games.English) + v.Describe(games.German)
	v.Board = nil
	data, err := json.Marshal(struct {
		V     View
		Moves []games.Move
		Text  string
	}{v, g.LegalMoves(seat), text})
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// sameToOthers checks that two games differing only in seat secret's
// hidden information look the same to every other seat and to a spectator,
// and differently to secret (so the test can fail).
func sameToOthers(t *testing.T, a, b games.Game, secret games.Seat) {
	t.Helper()
	for s := games.Spectator; int(s) < a.Seats(); s++ {
		va, vb := viewJSON(t, a, s), viewJSON(t, b, s)
		switch {
		case s == secret && va == vb:
			t.Errorf("seat %d sees no difference in its own secrets", s)
		case s != secret && va != vb:
			t.Errorf("seat %d sees seat %d's secrets:\n%s\n%s", s, secret, va, vb)
		}
	}
}

func mustPlay(t *testing.T, g games.Game, seat games.Seat, move string) games.Game {
	t.Helper()
	next, _, err := games.PlayText(g, seat, move)
	if err != nil {
		t.Fatalf("%q: %v", move, err)
	}
	return next
}

// TestUnearnedFeatsAreHidden swaps a player's hidden feats for others of the
// same colour: nobody else may notice.
func TestUnearnedFeatsAreHidden(t *testing.T) {
	g, _, err := Definition.Create(4, map[string]string{"factions": "random"}, 77)
	if err != nil {
		t.Fatal(err)
	}
	for g.(*Game).s.Stage == stagePlace {
		seat := g.ToAct()[0].Seat
		g = mustPlay(t, g, seat, g.LegalMoves(seat)[0].Notation)
	}
	other := &Game{c: g.(*Game).c, b: g.(*Game).b, s: g.(*Game).s.clone()}
	s := other.s
	for i, f := range s.Players[1].Feats {
		j := slices.IndexFunc(s.FeatBox, func(x int) bool { return other.c.Feats[x].Colour == other.c.Feats[f].Colour })
		s.Players[1].Feats[i], s.FeatBox[j] = s.FeatBox[j], f
	}
	if err := other.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
	sameToOthers(t, g, other, 1)
}

// TestDraftStackIsHidden: under option 2 the drafted feats and the stack
// are the drafters' secrets.
func TestDraftStackIsHidden(t *testing.T) {
	g, _, err := Definition.Create(3, map[string]string{"draft": "on", "factions": "random"}, 5)
	if err != nil {
		t.Fatal(err)
	}
	for g.(*Game).s.Stage == stagePlace {
		seat := g.ToAct()[0].Seat
		g = mustPlay(t, g, seat, g.LegalMoves(seat)[0].Notation)
	}
	// Seat 2 (right of the start player) drafts first: a different pick
	// changes what it holds, hidden from the others.
	a := mustPlay(t, g, 2, "draft scout")
	b := mustPlay(t, g, 2, "draft sniper")
	// Seat 1, next to draft, sees the stack: the difference shows there by
	// design, so compare only seat 0 and a spectator.
	for _, s := range []games.Seat{games.Spectator, 0} {
		if viewJSON(t, a, s) != viewJSON(t, b, s) {
			t.Errorf("seat %d sees seat 2's draft pick", s)
		}
	}
	if viewJSON(t, a, 2) == viewJSON(t, b, 2) {
		t.Error("seat 2 does not see its own pick")
	}
}

// TestPlanningHidesHandsAndPlans: under option 3 hands, plans and cards
// turned face down are their owners' secrets.
func TestPlanningHidesHandsAndPlans(t *testing.T) {
	g, _, err := Definition.Create(3, map[string]string{"planning": "on", "factions": "random"}, 9)
	if err != nil {
		t.Fatal(err)
	}
	for g.(*Game).s.Stage == stagePlace {
		seat := g.ToAct()[0].Seat
		g = mustPlay(t, g, seat, g.LegalMoves(seat)[0].Notation)
	}
	plans := g.LegalMoves(1)
	a := mustPlay(t, g, 1, plans[0].Notation)
	b := mustPlay(t, g, 1, plans[len(plans)-1].Notation)
	sameToOthers(t, a, b, 1)
	for _, m := range plans {
		if !m.Private {
			t.Fatalf("plan move %q is not private", m.Notation)
		}
	}
	// A card turned face down stays hidden: seat 0 plans two cards and
	// turns the first or the second down.
	for _, g2 := range []*games.Game{&a, &b} {
		for _, s := range []games.Seat{0, 2} {
			*g2 = mustPlay(t, *g2, s, (*g2).LegalMoves(s)[0].Notation)
		}
	}
	// Give seat 0 something to buy with.
	for _, g2 := range []*games.Game{&a, &b} {
		dg := (*g2).(*Game)
		p := &dg.s.Players[0]
		dg.s.TechSupply -= 5 - p.Tech
		dg.s.EnergySupply -= 5 - p.Energy
		p.Tech, p.Energy = 5, 5
		*g2 = dg.c.game(dg.b, dg.s)
	}
	plan := a.(*Game).s.Players[0].Plan
	c1 := mustPlay(t, a, 0, "down "+cardTok(a.(*Game).c, plan[0]))
	c2 := mustPlay(t, a, 0, "down "+cardTok(a.(*Game).c, plan[1]))
	for _, s := range []games.Seat{games.Spectator, 1, 2} {
		if viewJSON(t, c1, s) != viewJSON(t, c2, s) {
			t.Errorf("seat %d sees which card seat 0 turned down", s)
		}
	}
}
