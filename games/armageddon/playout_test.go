package armageddon

import (
	"math/rand/v2"
	"testing"

	"github.com/playbychat/pbc/games"
)

// playRandom plays one game with uniformly random legal moves, checking
// the invariants after every move and, every few moves, that a restored
// state hashes the same and that every move listed is accepted.
func playRandom(t testing.TB, seats int, options map[string]string, seed uint64, check func(g games.Game)) games.Game {
	t.Helper()
	g, _, err := Definition.Create(seats, options, seed)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 7))
	for n := 0; !g.Status().Finished; n++ {
		if n > 5000 {
			t.Fatalf("seed %d: no end after %d moves", seed, n)
		}
		actors := g.ToAct()
		if len(actors) == 0 {
			t.Fatalf("seed %d: nobody acts but the game is not over", seed)
		}
		seat := actors[r.IntN(len(actors))].Seat
		moves := g.LegalMoves(seat)
		if len(moves) == 0 {
			t.Fatalf("seed %d: seat %d must act without moves", seed, seat)
		}
		next, _, err := games.PlayText(g, seat, moves[r.IntN(len(moves))].Notation)
		if err != nil {
			t.Fatalf("seed %d move %d: %v", seed, n, err)
		}
		if err := next.(games.Checker).CheckInvariants(); err != nil {
			t.Fatalf("seed %d move %d: %v", seed, n, err)
		}
		if check != nil {
			check(next)
		}
		g = next
	}
	return g
}

// TestRandomGames plays whole games at both table sizes and in both
// screen modes; each ends with a score per seat and at least one winner,
// and the same seed plays the same game.
func TestRandomGames(t *testing.T) {
	n := 16
	if testing.Short() {
		n = 8
	}
	for i := range n {
		seats := 3 + i%2
		opts := map[string]string{"screens": []string{"closed", "open"}[i/2%2]}
		g := playRandom(t, seats, opts, uint64(i), nil)
		st := g.Status()
		if !st.Finished || len(st.Winners) == 0 || len(st.Scores) != seats {
			t.Fatalf("seed %d: status %+v", i, st)
		}
		again := playRandom(t, seats, opts, uint64(i), nil)
		h1, _ := games.Hash(g)
		h2, _ := games.Hash(again)
		if h1 != h2 {
			t.Fatalf("seed %d: two plays of one seed end in %s and %s", i, h1, h2)
		}
	}
}

// TestRestoreKeepsState restores states along a game and checks that each
// hashes the same and goes on identically.
func TestRestoreKeepsState(t *testing.T) {
	n := 0
	playRandom(t, 4, nil, 99, func(g games.Game) {
		n++
		if n%7 != 0 {
			return
		}
		data, err := g.MarshalState()
		if err != nil {
			t.Fatal(err)
		}
		back, err := Definition.Restore(data)
		if err != nil {
			t.Fatal(err)
		}
		h1, _ := games.Hash(g)
		h2, _ := games.Hash(back)
		if h1 != h2 {
			t.Fatalf("move %d: restored state hashes %s, want %s", n, h2, h1)
		}
	})
}

func BenchmarkRandomGame(b *testing.B) {
	for i := range b.N {
		playRandom(b, 3+i%2, nil, uint64(i), nil)
	}
}
