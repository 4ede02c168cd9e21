package gametest

import (
	"math/rand/v2"
	"testing"

	"github.com/playbychat/pbc/games"
)

// RoundsRise plays g with the bot's move (def.BotMove) of each first actor
// until the game ends or maxMoves were played, and checks that g is a games.Rounder whose round
// never goes back, rises by at most one a move, and reaches at least 2.
func RoundsRise(t *testing.T, def *games.Definition, g games.Game, maxMoves int) {
	t.Helper()
	r, ok := g.(games.Rounder)
	if !ok {
		t.Fatalf("%T is not a games.Rounder", g)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	prev, highest := r.Round(), r.Round()
	for n := 1; n <= maxMoves && !g.Status().Finished; n++ {
		actors := g.ToAct()
		if len(actors) == 0 {
			t.Fatalf("move %d: nobody must act in an unfinished game", n)
		}
		seat := actors[0].Seat
		m, ok := def.BotMove(g, seat, rng)
		if !ok {
			t.Fatalf("move %d: the bot has no move for seat %d", n, seat)
		}
		next, _, err := games.Play(g, seat, m)
		if err != nil {
			t.Fatalf("move %d (%q): %v", n, m.Notation, err)
		}
		g = next
		round := g.(games.Rounder).Round()
		if round < prev || round > prev+1 {
			t.Fatalf("move %d (%q): round went from %d to %d", n, m.Notation, prev, round)
		}
		prev, highest = round, max(highest, round)
	}
	if highest < 2 {
		t.Errorf("the round reached only %d", highest)
	}
}
