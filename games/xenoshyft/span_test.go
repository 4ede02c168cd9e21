package xenoshyft

import (
	"math/rand/v2"
	"testing"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/internal/botplay"
)

// TestSpan plays a game with the bot policy and checks that every reaction
// window lies in a combat span, that a span holds for one round's combat
// phase alone, and that supply and deployment lie in none.
func TestSpan(t *testing.T) {
	g, _, err := Definition.Create(2, nil, 3)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(3, 7))
	seen := map[string]int{} // span → the round it was seen in
	windows := 0
	for step := 0; !g.Status().Finished; step++ {
		if step > 20000 {
			t.Fatal("the game does not end")
		}
		x := g.(*Game)
		acts := g.ToAct()
		span := x.Span(acts[0].Seat)
		switch {
		case x.s.Phase != PhaseCombat && span != "":
			t.Fatalf("phase %s lies in span %q", x.s.Phase, span)
		case x.s.Phase == PhaseCombat && span == "":
			t.Fatalf("round %d's combat lies in no span", x.s.Round)
		case span != "":
			if round, ok := seen[span]; ok && round != x.s.Round {
				t.Fatalf("span %q seen in rounds %d and %d", span, round, x.s.Round)
			}
			seen[span] = x.s.Round
		}
		if acts[0].Kind == games.Reaction {
			windows++
		}
		a := acts[r.IntN(len(acts))]
		m := Definition.Policy(g.View(a.Seat), botplay.Decisions(g.LegalMoves(a.Seat)), r)
		if g, _, err = games.Play(g, a.Seat, m); err != nil {
			t.Fatalf("%q: %v", m.Notation, err)
		}
	}
	if windows == 0 || len(seen) < 2 {
		t.Errorf("%d reaction windows in %d combat spans: the game tells nothing", windows, len(seen))
	}
}
