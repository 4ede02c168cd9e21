package xenoshyft

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/internal/botplay"
)

// uniform chooses uniformly at random among the moves.
func uniform(_ games.View, moves []games.Move, r *rand.Rand) games.Move {
	return moves[r.IntN(len(moves))]
}

// teamGame plays one game in which every seat s plays by team[s] and
// reports whether the team won. Of several seats that may act, a random one
// acts first.
func teamGame(t testing.TB, seats int, seed uint64, team []games.Policy) bool {
	t.Helper()
	g, _, err := Definition.Create(seats, nil, seed)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 7))
	for step := 0; !g.Status().Finished; step++ {
		if step == 20000 {
			t.Fatalf("seed %d: the game does not end", seed)
		}
		actors := g.ToAct()
		a := actors[r.IntN(len(actors))]
		m := team[a.Seat](g.View(a.Seat), botplay.Decisions(g.LegalMoves(a.Seat)), r)
		if g, _, err = games.PlayText(g, a.Seat, m.Notation); err != nil {
			t.Fatalf("seed %d: %q by seat %d: %v", seed, m.Notation, a.Seat, err)
		}
	}
	return len(g.Status().Winners) > 0
}

// winRate plays n games of a team that plays every seat by pol.
func winRate(t testing.TB, seats, n int, seed uint64, pol games.Policy) float64 {
	team := make([]games.Policy, seats)
	for i := range team {
		team[i] = pol
	}
	won := 0
	for i := range n {
		if teamGame(t, seats, seed+uint64(i), team) {
			won++
		}
	}
	return float64(won) / float64(n)
}

// TestPolicyXenoshyft plays seeded games at every table size three ways:
// every seat played by the bot, one bot seat among random players, and
// every seat choosing uniformly at random. The bots must win clearly more
// often than random players, by at least 20 points; one bot seat must not
// make a table of random players worse (it cannot save three random lanes
// alone, so that figure is only reported).
func TestPolicyXenoshyft(t *testing.T) {
	n := 12
	if testing.Short() {
		n = 4
	}
	for seats := 1; seats <= 4; seats++ {
		t.Run(fmt.Sprintf("seats=%d", seats), func(t *testing.T) {
			seed := uint64(7000 + 100*seats)
			bots := winRate(t, seats, n, seed, Definition.Policy)
			random := winRate(t, seats, n, seed, uniform)
			one := 0
			for i := range n {
				team := make([]games.Policy, seats)
				for k := range team {
					team[k] = uniform
				}
				team[i%seats] = Definition.Policy
				if teamGame(t, seats, seed+uint64(i), team) {
					one++
				}
			}
			mixed := float64(one) / float64(n)
			t.Logf("Xenoshyft, table of %d, %d games each: all bots won %.0f %%, one bot among random players %.0f %%, all random %.0f %%",
				seats, n, 100*bots, 100*mixed, 100*random)
			if bots < random+0.2 || mixed < random {
				t.Errorf("bots win %.0f %% (one bot %.0f %%), random players %.0f %%: want 20 points more (one bot: no less)", 100*bots, 100*mixed, 100*random)
			}
		})
	}
}

// BenchmarkPolicyXenoshyft times one bot decision in a 4-player
// deployment, the phase with the most moves: the seat's view, its moves and
// the policy's choice.
func BenchmarkPolicyXenoshyft(b *testing.B) {
	g, _, err := Definition.Create(4, nil, 3)
	if err != nil {
		b.Fatal(err)
	}
	r := rand.New(rand.NewPCG(3, 3))
	for round := 0; g.(*Game).s.Phase != PhaseDeploy || g.(*Game).s.Round < 2; round++ {
		a := g.ToAct()[0]
		m := policy(g.View(a.Seat), botplay.Decisions(g.LegalMoves(a.Seat)), r)
		if g, _, err = games.PlayText(g, a.Seat, m.Notation); err != nil {
			b.Fatal(err)
		}
	}
	seat := g.ToAct()[0].Seat
	b.ResetTimer()
	for range b.N {
		policy(g.View(seat), botplay.Decisions(g.LegalMoves(seat)), r)
	}
}
