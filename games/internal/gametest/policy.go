package gametest

import (
	"math/rand/v2"
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
