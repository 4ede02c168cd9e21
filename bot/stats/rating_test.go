package stats

import (
	"math"
	"testing"
)

// The figures below are the ones the reference implementation of the
// model (openskill.js, and its ports to Python and Elixir) publishes in its
// documentation for the same inputs.
func TestRateMatchesReference(t *testing.T) {
	a1, a2 := NewRating(), Rating{Mu: 32.444, Sigma: 5.123}
	b1, b2 := Rating{Mu: 43.381, Sigma: 2.421}, Rating{Mu: 25.188, Sigma: 6.211}
	got := rate([][]Rating{{a1, a2}, {b1, b2}}, []int{0, 1})
	want := [][]Rating{
		{{28.669648436582808, 8.071520788025197}, {33.83086971107981, 5.062772998705765}},
		{{43.071274808241974, 2.4166900452721256}, {23.149503312339064, 6.1378606973362135}},
	}
	for i := range want {
		for j := range want[i] {
			if !near(got[i][j], want[i][j]) {
				t.Errorf("team %d player %d: %+v, want %+v", i, j, got[i][j], want[i][j])
			}
		}
	}
	if o := (Rating{Mu: 43.07, Sigma: 2.42}).Ordinal(); math.Abs(o-35.81) > 1e-9 {
		t.Errorf("Ordinal = %v, want 35.81", o)
	}
}

func near(a, b Rating) bool {
	return math.Abs(a.Mu-b.Mu) < 1e-9 && math.Abs(a.Sigma-b.Sigma) < 1e-9
}

func TestRateProperties(t *testing.T) {
	r := NewRating()
	t.Run("four players in order", func(t *testing.T) {
		got := rate([][]Rating{{r}, {r}, {r}, {r}}, []int{0, 1, 2, 3})
		for i := 1; i < 4; i++ {
			if got[i][0].Mu >= got[i-1][0].Mu {
				t.Errorf("place %d gets Mu %v, not below place %d's %v", i+1, got[i][0].Mu, i, got[i-1][0].Mu)
			}
		}
		if got[0][0].Mu <= r.Mu || got[3][0].Mu >= r.Mu {
			t.Errorf("winner %v and last %v must move away from %v", got[0][0].Mu, got[3][0].Mu, r.Mu)
		}
		for i := range got {
			if got[i][0].Sigma >= r.Sigma {
				t.Errorf("place %d: Sigma %v did not shrink", i+1, got[i][0].Sigma)
			}
		}
	})
	t.Run("ranks given out of order", func(t *testing.T) {
		ordered := rate([][]Rating{{r}, {r}, {r}}, []int{0, 1, 2})
		shuffled := rate([][]Rating{{r}, {r}, {r}}, []int{2, 0, 1})
		if !near(shuffled[1][0], ordered[0][0]) || !near(shuffled[2][0], ordered[1][0]) || !near(shuffled[0][0], ordered[2][0]) {
			t.Errorf("the result depends on the order of the teams: %v vs %v", shuffled, ordered)
		}
	})
	t.Run("a tie moves equal players alike", func(t *testing.T) {
		got := rate([][]Rating{{r}, {r}, {r}}, []int{0, 0, 1})
		if !near(got[0][0], got[1][0]) {
			t.Errorf("tied winners differ: %v, %v", got[0][0], got[1][0])
		}
		if got[2][0].Mu >= got[0][0].Mu {
			t.Errorf("the loser %v is not below the tied winners %v", got[2][0], got[0][0])
		}
	})
}
