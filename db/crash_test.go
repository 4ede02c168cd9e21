package db

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/playbychat/pbc/db/dbtest"
)

// crashEnv and crashTableEnv name the database a crash child writes to
// and the table it writes moves to.
const (
	crashEnv      = "PBC_DB_CRASH_CHILD"
	crashTableEnv = "PBC_DB_CRASH_TABLE"
)

// TestCrashChild is the child of TestCrashKeepsAcknowledgedMoves: it commits
// moves until killed and prints "ack N" after each commit returned. It is
// skipped when run directly.
func TestCrashChild(t *testing.T) {
	path := os.Getenv(crashEnv)
	if path == "" {
		t.Skip("only runs as the child of TestCrashKeepsAcknowledgedMoves")
	}
	idText := os.Getenv(crashTableEnv)
	id, err := strconv.ParseInt(idText, 10, 64)
	if err != nil {
		t.Fatalf("table id %q: %v", idText, err)
	}
	s, err := OpenStore(path)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	version := mustTable(t, s, id).Version
	state := make([]byte, 8<<10)
	for n := 1; n <= 100_000; n++ {
		m := Move{Seat: n % 2, UserID: fmt.Sprintf("u%d", n%2), Notation: fmt.Sprintf("m%d", n)}
		state[n%len(state)]++
		if err := s.CommitMove(ctx, id, version, m, Snapshot{Moves: n, State: state, Hash: strconv.Itoa(n)}, false); err != nil {
			t.Fatalf("CommitMove %d: %v", n, err)
		}
		version++
		fmt.Printf("ack %d\n", n)
	}
}

// TestCrashKeepsAcknowledgedMoves kills a writer process with SIGKILL in the
// middle of committing and checks that every move it acknowledged survived
// and that the log and its snapshot are consistent.
func TestCrashKeepsAcknowledgedMoves(t *testing.T) {
	dbtest.Each(t, testCrashKeepsAcknowledgedMoves)
}

func testCrashKeepsAcknowledgedMoves(t *testing.T, b dbtest.Backend) {
	path := b.DSN(t)
	setup, err := OpenStore(path)
	if err != nil {
		t.Fatal(err)
	}
	id := startedTable(t, setup, "c1", 2) // version 2
	if err := setup.Close(); err != nil {
		t.Fatal(err)
	}

	cmd := exec.Command(os.Args[0], "-test.run=^TestCrashChild$", "-test.count=1", "-test.timeout=2m")
	cmd.Env = append(os.Environ(), crashEnv+"="+path, fmt.Sprintf("%s=%d", crashTableEnv, id))
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	const killAfter = 60
	acked, killed := 0, false
	lines := bufio.NewScanner(out)
	for lines.Scan() {
		n, ok := strings.CutPrefix(lines.Text(), "ack ")
		if !ok {
			continue // test framework output
		}
		if acked, err = strconv.Atoi(n); err != nil {
			t.Fatalf("child printed %q", lines.Text())
		}
		if acked == killAfter && !killed {
			if err := cmd.Process.Kill(); err != nil { // SIGKILL on Unix
				t.Fatal(err)
			}
			killed = true
		}
	}
	waitErr := cmd.Wait()
	if !killed {
		t.Fatalf("child ended before it was killed (%v) after %d acks; stderr:\n%s", waitErr, acked, stderr.String())
	}
	if acked < killAfter {
		t.Fatalf("only %d acks", acked)
	}

	s := openStore(t, path)
	ms := mustMoves(t, s, id)
	if len(ms) < acked {
		t.Fatalf("log has %d moves, but %d were acknowledged", len(ms), acked)
	}
	for i, m := range ms {
		if m.N != i+1 || m.Notation != fmt.Sprintf("m%d", i+1) {
			t.Fatalf("log not contiguous at %d: %+v", i+1, m)
		}
	}
	sn, err := s.LatestSnapshot(context.Background(), id)
	if err != nil || sn.Moves != len(ms) {
		t.Fatalf("snapshot covers %d moves (%v), log has %d", sn.Moves, err, len(ms))
	}
	if v := mustTable(t, s, id).Version; v != 2+len(ms) {
		t.Errorf("version %d after %d moves, want %d", v, len(ms), 2+len(ms))
	}
	t.Logf("killed after %d acks; the log kept %d moves", acked, len(ms))
}
