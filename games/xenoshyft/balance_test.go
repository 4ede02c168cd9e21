package xenoshyft

import (
	"flag"
	"fmt"
	"testing"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/rng"
)

var balance = flag.Bool("balance", false, "measure the greedy policy's win rate over 100 games per player count")

// greedyGame plays a whole game with every seat on the greedy policy and
// reports whether the base held and the round the game ended in.
func greedyGame(t testing.TB, seats int, seed uint64) (bool, int) {
	t.Helper()
	g, _, err := Definition.Create(seats, nil, seed)
	if err != nil {
		t.Fatal(err)
	}
	pick := rng.New(seed)
	for step := 0; !g.Status().Finished; step++ {
		if step > 20000 {
			t.Fatalf("seed %d: greedy game does not end", seed)
		}
		acts := g.ToAct()
		a := acts[pick.Intn(len(acts))]
		g, _, err = games.Play(g, a.Seat, greedyMove(g, a.Seat, pick))
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
	}
	return len(g.Status().Winners) > 0, g.(*Game).s.Round
}

// TestBalance checks that the card set can be beaten by sensible play but
// not always: the greedy policy must win some games and lose some at every
// player count. With -balance it plays 100 games per count and wants a win
// rate between 15% and 65% (the figures are in docs/rules/xenoshyft.md).
func TestBalance(t *testing.T) {
	if testing.Short() && !*balance {
		t.Skip("self-play measurement")
	}
	n := 12
	if *balance {
		n = 100
	}
	for seats := 1; seats <= 4; seats++ {
		t.Run(fmt.Sprintf("%d players", seats), func(t *testing.T) {
			won, rounds := 0, 0
			for i := range n {
				w, r := greedyGame(t, seats, uint64(7000+100*seats+i))
				if w {
					won++
				}
				rounds += r
			}
			t.Logf("%d players: greedy policy won %d of %d (average last round %.1f)", seats, won, n, float64(rounds)/float64(n))
			lo, hi := 1, n-1
			if *balance {
				lo, hi = n*15/100, n*65/100
			}
			if won < lo || won > hi {
				t.Errorf("%d players: %d of %d won, want %d to %d", seats, won, n, lo, hi)
			}
		})
	}
}
