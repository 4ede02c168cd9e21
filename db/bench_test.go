package db

import (
	"context"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/playbychat/pbc/db/dbtest"
)

// BenchmarkCommitMove commits moves with ~8 KiB snapshots to a file
// database, or to PostgreSQL: the cost of one turn, including the fsync of
// SQLite's synchronous=FULL or of PostgreSQL's synchronous_commit.
func BenchmarkCommitMove(b *testing.B) {
	for _, be := range dbtest.Backends() {
		b.Run(be.Name, func(b *testing.B) { benchmarkCommitMove(b, be) })
	}
}

func benchmarkCommitMove(b *testing.B, be dbtest.Backend) {
	s := openStore(b, be.DSN(b))
	ctx := context.Background()
	id := startedTable(b, s, "c1", 2)
	version := mustTable(b, s, id).Version
	state := make([]byte, 8<<10)
	rnd := rand.New(rand.NewPCG(1, 2))
	for i := range state {
		state[i] = byte(rnd.Uint32())
	}
	b.SetBytes(int64(len(state)))
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		n++
		state[n%len(state)]++
		m := Move{Seat: n % 2, UserID: "u0", Notation: "play 3 to 7"}
		if err := s.CommitMove(ctx, id, version, m, Snapshot{Moves: n, State: state, Hash: strconv.Itoa(n)}, false); err != nil {
			b.Fatal(err)
		}
		version++
	}
}
