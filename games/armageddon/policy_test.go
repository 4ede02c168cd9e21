package armageddon

import (
	"flag"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/internal/botplay"
)

var policyGames = flag.Int("policy-games", 40, "games TestPolicyBeatsRandom plays")

// playPolicy plays a game in which bot seats use the policy (from their own
// view and legal moves, as the platform calls it) and the others move at
// random. It returns the finished game.
func playPolicy(t testing.TB, seats int, bots []bool, seed uint64) games.Game {
	t.Helper()
	g, _, err := Definition.Create(seats, nil, seed)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 99))
	for n := 0; !g.Status().Finished; n++ {
		if n > 5000 {
			t.Fatalf("seed %d: no end", seed)
		}
		acts := g.ToAct()
		seat := acts[r.IntN(len(acts))].Seat
		moves := g.LegalMoves(seat)
		m := moves[r.IntN(len(moves))]
		if bots[seat] {
			m = Definition.Policy(g.View(seat), botplay.Decisions(moves), r)
			if !slices.Contains(moves, m) {
				t.Fatalf("seed %d: the policy chose %q, not a legal move", seed, m.Notation)
			}
		}
		g, _, err = games.PlayText(g, seat, m.Notation)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
	}
	return g
}

// TestPolicyBeatsRandom plays 4-player games of one policy seat (a
// different seat each game) against three random players and reports how
// often it wins; it must win at least 90%. go test -run Policy -v
// -policy-games 200 plays more.
func TestPolicyBeatsRandom(t *testing.T) {
	n := *policyGames
	if testing.Short() {
		n = 10
	}
	wins, total, others := 0, 0, 0
	for i := range n {
		bot := i % 4
		bots := make([]bool, 4)
		bots[bot] = true
		st := playPolicy(t, 4, bots, uint64(1000+i)).Status()
		if slices.Contains(st.Winners, games.Seat(bot)) {
			wins++
		}
		total += st.Scores[bot]
		for s, sc := range st.Scores {
			if s != bot {
				others += sc
			}
		}
	}
	rate := float64(wins) / float64(n)
	t.Logf("policy won %d of %d games (%.0f%%) against three random players; average score %.1f against %.1f",
		wins, n, rate*100, float64(total)/float64(n), float64(others)/float64(3*n))
	if rate < 0.9 {
		t.Errorf("win rate %.0f%%, want at least 90%%", rate*100)
	}
}
