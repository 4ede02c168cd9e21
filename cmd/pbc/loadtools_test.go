package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"os/signal"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/playbychat/pbc/db"
)

// toolChildEnv holds the arguments of TestToolChild, separated by
// newlines.
const toolChildEnv = "PBC_TOOL_CHILD_ARGS"

// TestToolChild is a pbc process started by the load tools in tests (the
// test binary is not pbc): it runs the subcommand in PBC_TOOL_CHILD_ARGS
// until SIGTERM and exits with its status. It is skipped when run directly.
func TestToolChild(t *testing.T) {
	args := os.Getenv(toolChildEnv)
	if args == "" {
		t.Skip("only runs as a child of the load tools' tests")
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer stop()
	os.Exit(dispatch(ctx, strings.Split(args, "\n")))
}

// useTestChildren makes the load tools start this test binary as pbc.
func useTestChildren(t *testing.T) {
	t.Helper()
	old := childCommand
	childCommand = func(verb, path string) (*exec.Cmd, error) {
		cmd := exec.Command(os.Args[0], "-test.run=^TestToolChild$", "-test.count=1")
		cmd.Env = append(os.Environ(), toolChildEnv+"="+strings.Join([]string{verb, "-config", path}, "\n"))
		return cmd, nil
	}
	t.Cleanup(func() { childCommand = old })
}

func TestCompareLog(t *testing.T) {
	a := func(user, move string) answeredMove { return answeredMove{user: user, ref: move} }
	m := func(user, move string) db.Move { return db.Move{UserID: user, Notation: move} }
	for _, tc := range []struct {
		name     string
		answered []answeredMove
		log      []db.Move
		want     logCheck // first left out
		clean    bool
	}{
		{"same", []answeredMove{a("1", "roll"), a("2", "Keep 1, 3")}, []db.Move{m("1", "roll"), m("2", "keep 1,3")},
			logCheck{answered: 2}, true},
		{"a move made again is no double", []answeredMove{a("1", "pass"), a("1", "pass")}, []db.Move{m("1", "pass"), m("1", "pass")},
			logCheck{answered: 2}, true},
		{"lost", []answeredMove{a("1", "roll"), a("2", "pass"), a("1", "roll")}, []db.Move{m("1", "roll"), m("1", "roll")},
			logCheck{answered: 3, lost: 1}, false},
		{"lost at the end", []answeredMove{a("1", "roll"), a("2", "pass")}, []db.Move{m("1", "roll")},
			logCheck{answered: 2, lost: 1}, false},
		{"doubled", []answeredMove{a("1", "roll"), a("2", "pass")}, []db.Move{m("1", "roll"), m("1", "roll"), m("2", "pass")},
			logCheck{answered: 2, doubled: 1}, false},
		{"doubled at the end", []answeredMove{a("1", "roll")}, []db.Move{m("1", "roll"), m("1", "roll")},
			logCheck{answered: 1, doubled: 1}, false},
		{"another player's move", []answeredMove{a("1", "roll")}, []db.Move{m("2", "roll")},
			logCheck{answered: 1, lost: 1, unexpected: 1}, false},
		{"never answered", nil, []db.Move{m("1", "roll")}, logCheck{unexpected: 1}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := compareLog(tc.answered, tc.log)
			if (got.first == "") != tc.clean {
				t.Errorf("first difference %q, want one: %v", got.first, !tc.clean)
			}
			got.first = ""
			if got != tc.want {
				t.Errorf("compareLog = %+v, want %+v", got, tc.want)
			}
		})
	}
}

// TestLoadtest runs a short load test against pbc serve in this process:
// both phases answer every interaction, the moves are made, and the store
// holds each answered move once.
func TestLoadtest(t *testing.T) {
	if testing.Short() {
		t.Skip("plays games through pbc serve")
	}
	var out, errs bytes.Buffer
	code := runLoadtest(context.Background(), []string{"-inprocess", "-tables", "3", "-rate", "40", "-duration", "1500ms",
		"-moves", "24", "-max-p99", "1m", "-games", "xibalba,armageddon", "-players", "3"}, &out, &errs)
	t.Logf("loadtest output:\n%s%s", out.String(), errs.String())
	if code != 0 {
		t.Fatalf("exit status %d", code)
	}
	for _, kind := range []string{kindAutocomplete, kindStatus, kindIllegal, kindJoin, kindMove} {
		if !regexp.MustCompile(regexp.QuoteMeta(kind) + `\s+[1-9]\d*\s+0\s`).MatchString(out.String()) {
			t.Errorf("no %q answered without errors", kind)
		}
	}
	sum := regexp.MustCompile(`(\d+) answered, 0 lost, 0 doubled, 0 not made by the players`).FindStringSubmatch(out.String())
	if sum == nil {
		t.Fatal("no clean comparison of the move logs")
	}
	if n, _ := strconv.Atoi(sum[1]); n < 10 {
		t.Errorf("%d moves answered, want at least 10", n)
	}
}

// TestScaletest fills a small database and starts pbc serve and pbc run
// on it and on an empty one.
func TestScaletest(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	useTestChildren(t)
	path := t.TempDir() + "/filled.db"
	var out, errs bytes.Buffer
	code := runScaletest(context.Background(), []string{"-db", path, "-tables", "12", "-pool", "1", "-runs", "1",
		"-settle", "50ms", "-games", "xibalba,xenoshyft,armageddon", "-max-ready", "1m", "-max-rss-mb", "1000"}, &out, &errs)
	t.Logf("scaletest output:\n%s%s", out.String(), errs.String())
	if code != 0 {
		t.Fatalf("exit status %d", code)
	}
	for _, want := range []string{
		"stored 12 tables (9 finished, 3 running",
		"database size per finished game: ",
		"database: 12 tables (3 running)",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the output lacks %q", want)
		}
	}
	rows := regexp.MustCompile(`pbc (serve|run)\s+(empty|filled)\s+[0-9.]+m?s\s`).FindAllString(out.String(), -1)
	if len(rows) != 4 {
		t.Errorf("%d startup rows, want 4: %q", len(rows), rows)
	}
	backlog := regexp.MustCompile(`pbc (serve|run)\s+3\s+[0-9.]+m?s\s+[0-9.]+m?s\s`).FindAllString(out.String(), -1)
	if len(backlog) != 2 {
		t.Errorf("%d rows with 3 reminders due, want 2: %q", len(backlog), backlog)
	}
	store, err := db.OpenStore(path)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	ctx := context.Background()
	for id := int64(1); id <= 12; id++ {
		tb, err := store.Table(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		g, err := gameOf(ctx, store, tb)
		if err != nil {
			t.Fatalf("table %d does not load: %v", id, err)
		}
		if g.Status().Finished != (tb.Status == db.Finished) {
			t.Errorf("table %d is %s, its game finished: %v", id, tb.Status, g.Status().Finished)
		}
	}
}
