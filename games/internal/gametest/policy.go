package gametest

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/playbychat/pbc/games"
)

// PlayPolicy plays one game of def with the bot policy at every seat, at
// most maxMoves moves, listing every acting seat's moves on the way (so
// that their labels are made), and returns the last state.
func PlayPolicy(t *testing.T, def *games.Definition, seats int, seed uint64, maxMoves int) games.Game {
	t.Helper()
	g, _, err := def.Create(seats, nil, seed)
	if err != nil {
		t.Fatalf("%s %d seats: %v", def.ID, seats, err)
	}
	r := rand.New(rand.NewPCG(seed, 11))
	for n := 0; n < maxMoves && !g.Status().Finished; n++ {
		actors := g.ToAct()
		if len(actors) == 0 {
			break
		}
		for _, a := range actors {
			g.LegalMoves(a.Seat)
		}
		seat := actors[r.IntN(len(actors))].Seat
		m, ok := def.BotMove(g, seat, r)
		if !ok {
			t.Fatalf("%s: seat %d must act but has no move", def.ID, seat)
		}
		next, _, err := games.Play(g, seat, m)
		if err != nil {
			t.Fatalf("%s: %s: %v", def.ID, m.Notation, err)
		}
		g = next
	}
	return g
}

// NamesDeclined plays whole games of def with the bot policy at the
// smallest and largest tables and fails for every name of the game's
// catalogue of pieces that a German message declined ({acc %s}, {dat %s})
// without forms in the engine's locales/de.names.yaml. undeclined is the
// engine's catalog.Catalog.Undeclined; only the game's own pieces count,
// since other tests' card sets bring names of their own.
func NamesDeclined(t *testing.T, def *games.Definition, undeclined func() []string) {
	t.Helper()
	var g games.Game
	for _, seats := range []int{def.MinSeats, def.MaxSeats} {
		g = PlayPolicy(t, def, seats, uint64(seats), 3000)
	}
	c, ok := g.(games.Catalog)
	if !ok {
		t.Fatalf("%s has no catalogue of pieces", def.ID)
	}
	var names []string
	for _, p := range c.Catalog() {
		names = append(names, "de: "+p.Name.DE)
	}
	for _, u := range undeclined() {
		if slices.ContainsFunc(names, func(n string) bool { return u == n || strings.HasPrefix(u, n+" ") }) {
			t.Errorf("%s has no German forms: add them to locales/de.names.yaml", u)
		}
	}
}
