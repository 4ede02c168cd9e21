package dei

import (
	"fmt"
	"testing"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/rng"
)

// playRandom plays a game with uniformly random legal moves, checking the
// invariants after every move; it returns the final game.
func playRandom(t *testing.T, seats int, raw map[string]string, seed uint64) games.Game {
	t.Helper()
	g, _, err := Definition.Create(seats, raw, seed)
	if err != nil {
		t.Fatal(err)
	}
	r := rng.New(seed * 7919)
	for n := 0; !g.Status().Finished; n++ {
		if n > 20000 {
			t.Fatalf("seed %d: no end after %d moves", seed, n)
		}
		actors := g.ToAct()
		if len(actors) == 0 {
			t.Fatalf("seed %d move %d: nobody acts", seed, n)
		}
		seat := actors[r.Intn(len(actors))].Seat
		moves := g.LegalMoves(seat)
		if len(moves) == 0 {
			t.Fatalf("seed %d move %d: seat %d has no moves\n%s", seed, n, seat, g.View(seat).Describe(games.English))
		}
		m := moves[r.Intn(len(moves))]
		next, _, err := games.PlayText(g, seat, m.Notation)
		if err != nil {
			t.Fatalf("seed %d move %d: %q: %v", seed, n, m.Notation, err)
		}
		if err := next.(games.Checker).CheckInvariants(); err != nil {
			t.Fatalf("seed %d move %d after %q: %v\n%s", seed, n, m.Notation, err, next.View(seat).Describe(games.English))
		}
		g = next
	}
	return g
}

func TestRandomPlayouts(t *testing.T) {
	for i := range 12 {
		seats := 2 + i%3
		raw := map[string]string{}
		if i%2 == 1 {
			raw = map[string]string{"factions": "random", "map": "random", "outposts": "random", "draft": "on", "planning": "on", "confrontation": "on", "rebellion": "on", "nochoice": "on"}
		}
		t.Run(fmt.Sprintf("%dp-%d", seats, i), func(t *testing.T) {
			g := playRandom(t, seats, raw, uint64(i+1))
			t.Log(g.Status().Summary.EN)
		})
	}
}

// BenchmarkRandomGame plays whole 4-player games with random legal moves
// (no checks): the engine's own cost per game.
func BenchmarkRandomGame(b *testing.B) {
	for i := range b.N {
		g, _, err := Definition.Create(4, nil, uint64(i))
		if err != nil {
			b.Fatal(err)
		}
		r := rng.New(uint64(i))
		for !g.Status().Finished {
			actors := g.ToAct()
			seat := actors[r.Intn(len(actors))].Seat
			moves := g.LegalMoves(seat)
			if g, _, err = games.PlayText(g, seat, moves[r.Intn(len(moves))].Notation); err != nil {
				b.Fatal(err)
			}
		}
	}
}
