package db

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
)

// TestConcurrentCommitMove races 16 writers with the same expected version,
// round after round: exactly one may win each round, the others must get
// ErrConflict, and the log must grow by exactly one move.
func TestConcurrentCommitMove(t *testing.T) {
	const writers = 16
	rounds := 25
	if testing.Short() {
		rounds = 5
	}
	dsns := []struct{ name, dsn string }{
		{"memory", ":memory:"},
		{"file", filepath.Join(t.TempDir(), "race.db")},
	}
	for _, d := range dsns {
		t.Run(d.name, func(t *testing.T) {
			ctx := context.Background()
			s := openStore(t, d.dsn)
			id := startedTable(t, s, "c1", 2)
			for round := range rounds {
				version := mustTable(t, s, id).Version
				n := round + 1
				var (
					wg    sync.WaitGroup
					start = make(chan struct{})
					errs  = make([]error, writers)
				)
				for w := range writers {
					wg.Go(func() {
						<-start
						m := Move{Seat: w % 2, UserID: fmt.Sprintf("u%d", w%2), Notation: fmt.Sprintf("r%d-w%d", n, w)}
						errs[w] = s.CommitMove(ctx, id, version, m, snap(n), false)
					})
				}
				close(start)
				wg.Wait()
				won := 0
				for w, err := range errs {
					switch {
					case err == nil:
						won++
					case !errors.Is(err, ErrConflict):
						t.Fatalf("round %d writer %d: %v, want nil or ErrConflict", n, w, err)
					}
				}
				if won != 1 {
					t.Fatalf("round %d: %d writers succeeded, want exactly 1", n, won)
				}
				ms := mustMoves(t, s, id)
				if len(ms) != n || ms[n-1].N != n {
					t.Fatalf("round %d: log has %d moves, want %d", n, len(ms), n)
				}
				if v := mustTable(t, s, id).Version; v != version+1 {
					t.Fatalf("round %d: version %d, want %d", n, v, version+1)
				}
			}
		})
	}
}
