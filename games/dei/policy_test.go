package dei

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/playbychat/pbc/games"
)

// TestPolicyBeatsRandom plays 4-player games of the bot policy against three
// uniformly random players (the policy's seat moving round the table) and
// requires the policy to win at least 90% of them. Run with -v for the rate.
func TestPolicyBeatsRandom(t *testing.T) {
	n := 100
	if testing.Short() {
		n = 20
	}
	configs := []map[string]string{nil, {"planning": "on"}, {"confrontation": "on", "map": "random"}, {"draft": "on", "outposts": "random"}}
	wins, vpBot, vpRandom := 0, 0, 0
	for i := range n {
		botSeat := games.Seat(i % 4)
		r := rand.New(rand.NewPCG(uint64(i), 99))
		g, _, err := Definition.Create(4, configs[i%len(configs)], uint64(1000+i))
		if err != nil {
			t.Fatal(err)
		}
		for !g.Status().Finished {
			actors := g.ToAct()
			seat := actors[r.IntN(len(actors))].Seat
			moves := g.LegalMoves(seat)
			m := moves[r.IntN(len(moves))]
			if seat == botSeat {
				m = Definition.Policy(g.View(seat), moves, r)
			}
			if g, _, err = games.PlayText(g, seat, m.Notation); err != nil {
				t.Fatal(err)
			}
		}
		st := g.Status()
		if slices.Contains(st.Winners, botSeat) {
			wins++
		}
		vpBot += st.Scores[botSeat]
		for s, v := range st.Scores {
			if games.Seat(s) != botSeat {
				vpRandom += v
			}
		}
	}
	rate := float64(wins) / float64(n)
	t.Logf("policy won %d of %d 4-player games against three random players (%.0f%%); average VP %.1f against %.1f",
		wins, n, 100*rate, float64(vpBot)/float64(n), float64(vpRandom)/float64(3*n))
	if rate < 0.9 {
		t.Errorf("policy wins %.0f%% of its games, want at least 90%%", 100*rate)
	}
}
