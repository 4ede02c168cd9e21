package db

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"testing"

	"github.com/playbychat/pbc/db/dbtest"
)

// TestConcurrentCommitMove races 16 writers with the same expected version,
// round after round: exactly one may win each round, the others must get
// ErrConflict, and the log must grow by exactly one move. The writers share
// one store, or use two stores on one database as two processes would.
func TestConcurrentCommitMove(t *testing.T) {
	const writers = 16
	rounds := 25
	if testing.Short() {
		rounds = 5
	}
	dbtest.Each(t, func(t *testing.T, b dbtest.Backend) {
		type raceCase struct {
			name string
			open func(t *testing.T) []*Store // the stores the writers use
		}
		cases := []raceCase{
			{"one store", func(t *testing.T) []*Store { return []*Store{openStore(t, b.DSN(t))} }},
			{"two stores", func(t *testing.T) []*Store {
				dsn := b.DSN(t)
				return []*Store{openStore(t, dsn), openStore(t, dsn)}
			}},
		}
		if b.Name == "sqlite" {
			cases = append(cases, raceCase{"memory", func(t *testing.T) []*Store { return []*Store{openStore(t, ":memory:")} }})
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				stores := c.open(t)
				id := startedTable(t, stores[0], "c1", 2)
				for round := range rounds {
					raceRound(t, stores, id, round+1, writers)
				}
			})
		}
	})
}

// raceRound lets writers commit move n at once, spread over stores, and
// checks that exactly one won.
func raceRound(t *testing.T, stores []*Store, id int64, n, writers int) {
	t.Helper()
	ctx := context.Background()
	s := stores[0]
	version := mustTable(t, s, id).Version
	var (
		wg    sync.WaitGroup
		start = make(chan struct{})
		errs  = make([]error, writers)
	)
	for w := range writers {
		wg.Go(func() {
			<-start
			m := Move{Seat: w % 2, UserID: fmt.Sprintf("u%d", w%2), Notation: fmt.Sprintf("r%d-w%d", n, w)}
			errs[w] = stores[w%len(stores)].CommitMove(ctx, id, version, m, snap(n), false)
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

// TestWritersQueueInTheProcess has many writers of one SQLite store commit
// moves to their own tables at once, with a busy timeout far shorter than
// their queue: they wait for each other in the process, in turn, so that
// none fails with "database is locked".
func TestWritersQueueInTheProcess(t *testing.T) {
	const writers, moves = 24, 8
	dsn := "file:" + filepath.Join(t.TempDir(), "pbc.db") + "?_busy_timeout=1"
	s := openStore(t, dsn)
	ids := make([]int64, writers)
	for w := range ids {
		ids[w] = startedTable(t, s, fmt.Sprintf("c%d", w), 1)
	}
	ctx := context.Background()
	var wg sync.WaitGroup
	errs := make([]error, writers)
	start := make(chan struct{})
	for w, id := range ids {
		wg.Go(func() {
			<-start
			version := 1
			for n := 1; n <= moves && errs[w] == nil; n++ {
				m := Move{Seat: 0, UserID: "u0", Notation: fmt.Sprintf("m%d", n)}
				errs[w] = s.CommitMove(ctx, id, version, m, snap(n), false, post(id, "board", true))
				if errs[w] == nil {
					errs[w] = s.SetReminder(ctx, id, t0)
				}
				version++
			}
		})
	}
	close(start)
	wg.Wait()
	for w, err := range errs {
		if err != nil {
			t.Errorf("writer %d: %v", w, err)
		}
	}
}
