package xibalba

import (
	"testing"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/rng"
)

// TestPicksMatchLegalRerolls checks, in random games, that every subset of a
// re-roll pick is a legal move and that picks exist exactly when re-rolls do.
func TestPicksMatchLegalRerolls(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		g, _, err := Definition.Create(2, nil, seed)
		if err != nil {
			t.Fatal(err)
		}
		r := rng.New(seed)
		for step := 0; step < 200 && !g.Status().Finished; step++ {
			for seat := games.Seat(0); int(seat) < g.Seats(); seat++ {
				legal := map[string]bool{}
				rerolls := 0
				for _, m := range g.LegalMoves(seat) {
					legal[m.Notation] = true
					if len(m.Notation) > 7 && m.Notation[:7] == "reroll " {
						rerolls++
					}
				}
				picks := g.(games.Picker).Picks(seat)
				if (rerolls > 0) != (len(picks) > 0) {
					t.Fatalf("seed %d step %d seat %d: %d reroll moves but %d picks", seed, step, seat, rerolls, len(picks))
				}
				for _, p := range picks {
					n := len(p.Items)
					for mask := 1; mask < 1<<n; mask++ {
						var values []string
						for i := n - 1; i >= 0; i-- { // reversed on purpose: Notation orders them
							if mask&(1<<i) != 0 {
								values = append(values, p.Items[i].Value)
							}
						}
						if nt := p.Notation(values); !legal[nt] {
							t.Fatalf("seed %d: pick notation %q is not a legal move", seed, nt)
						}
					}
				}
			}
			seat, n := randomMove(g, r)
			if g, _, err = games.PlayText(g, seat, n); err != nil {
				t.Fatalf("seed %d step %d: %v", seed, step, err)
			}
		}
	}
}
