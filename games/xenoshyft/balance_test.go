package xenoshyft

import (
	"flag"
	"fmt"
	"testing"
)

var balance = flag.Bool("balance", false, "measure the bot policy's win rate over 200 games per player count")

// TestBalance checks that the card set is neither too easy nor too hard
// for sensible play: a table of bot seats (the policy of bot seats) must
// win some games and lose some at every player count. With -balance it
// plays 200 seeded games per count and wants a win rate between 55% and
// 75% (the figures are in docs/rules/xenoshyft.md; TestPolicyXenoshyft
// compares the policy with random play).
func TestBalance(t *testing.T) {
	if testing.Short() && !*balance {
		t.Skip("self-play measurement")
	}
	n := 24
	if *balance {
		n = 200
	}
	for seats := 1; seats <= 4; seats++ {
		t.Run(fmt.Sprintf("%d players", seats), func(t *testing.T) {
			rate := winRate(t, seats, n, uint64(100000+1000*seats), Definition.Policy)
			t.Logf("%d players: the bot policy won %.1f %% of %d games", seats, 100*rate, n)
			lo, hi := 1/float64(n), float64(n-1)/float64(n)
			if *balance {
				lo, hi = 0.55, 0.75
			}
			if rate < lo || rate > hi {
				t.Errorf("%d players: won %.1f %% of %d games, want %.0f %% to %.0f %%", seats, 100*rate, n, 100*lo, 100*hi)
			}
		})
	}
}
