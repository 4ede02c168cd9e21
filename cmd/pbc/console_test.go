package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/png"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/playbychat/pbc/bot"
	"github.com/playbychat/pbc/bot/bottest"
	"github.com/playbychat/pbc/bot/component"
	"github.com/playbychat/pbc/bot/text"
	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/rng"
	"github.com/playbychat/pbc/internal/testgame"
)

var update = flag.Bool("update", false, "rewrite the golden console transcripts in testdata")

func init() { testgame.Register() }

// stepClock is a fake clock that moves one minute on every reading.
type stepClock struct {
	mu sync.Mutex // mu protects t
	t  time.Time
}

func (c *stepClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(time.Minute)
	return c.t
}

// testConsole opens a console on a fresh in-memory store with a fixed seed
// and clock; its output collects in the returned buffer.
func testConsole(t testing.TB, asJSON bool, dbPath string) (*console, *bytes.Buffer) {
	return testConsoleWith(t, asJSON, dbPath, nil)
}

// testConsoleWith is testConsole with another renderer.
func testConsoleWith(t testing.TB, asJSON bool, dbPath string, render bot.Renderer) (*console, *bytes.Buffer) {
	t.Helper()
	var out bytes.Buffer
	c, err := openConsole(consoleConfig{
		render: render,
		dbPath: dbPath,
		pngDir: t.TempDir(),
		lang:   "en",
		json:   asJSON,
		random: seededReader(1),
		clock:  &stepClock{t: time.Date(2026, 1, 2, 3, 4, 0, 0, time.UTC)},
		out:    &out,
		log:    testLogger(t),
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := c.close(); err != nil {
			t.Error(err)
		}
	})
	return c, &out
}

// run hands the console each line and fails the test on an error.
func run(t *testing.T, c *console, lines ...string) {
	t.Helper()
	for _, l := range lines {
		if err := c.handleLine(context.Background(), l); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
	}
}

// decodeMessages reads the JSON lines printed by a --json console.
func decodeMessages(t testing.TB, out []byte) []consoleMessage {
	t.Helper()
	var msgs []consoleMessage
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if bytes.HasPrefix(sc.Bytes(), []byte(`{"input"`)) {
			continue
		}
		var m consoleMessage
		dec := json.NewDecoder(bytes.NewReader(sc.Bytes()))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&m); err != nil {
			t.Fatalf("output line %s: %v", sc.Bytes(), err)
		}
		msgs = append(msgs, m)
	}
	return msgs
}

func TestConsoleTranscript(t *testing.T) {
	tests := []struct {
		name string
		json bool
	}{
		{name: "short", json: false},
		{name: "short-json", json: true},
	}
	script, err := os.ReadFile(filepath.Join("testdata", "console-short.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, out := testConsole(t, tt.json, ":memory:")
			for line := range strings.SplitSeq(string(script), "\n") {
				if err := c.handleLine(context.Background(), line); err != nil {
					c.printError(err)
				}
			}
			got := strings.ReplaceAll(out.String(), c.cfg.pngDir, "PNGDIR")
			golden := filepath.Join("testdata", "console-"+tt.name+".golden")
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("transcript differs from %s (go test -update rewrites it):\n%s", golden, bottest.LineDiff(string(want), got))
			}
			pngs, _ := filepath.Glob(filepath.Join(c.cfg.pngDir, "*.png"))
			if len(pngs) == 0 {
				t.Errorf("no PNG written to %s", c.cfg.pngDir)
			}
		})
	}
}

func TestConsoleBadLines(t *testing.T) {
	c, out := testConsole(t, false, ":memory:")
	tests := []struct {
		line    string
		wantBad bool
	}{
		{line: "", wantBad: false},
		{line: "# just a comment", wantBad: false},
		{line: "hello", wantBad: true},
		{line: "@alice", wantBad: true},
		{line: "@alice /game new game:sealedbids players:2", wantBad: false},
		{line: `@bob /move action:"play`, wantBad: true},
		{line: "@bob /game join", wantBad: false},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			err := c.handleLine(context.Background(), tt.line)
			if errors.Is(err, errBadLine) != tt.wantBad {
				t.Errorf("err = %v, want bad line: %v", err, tt.wantBad)
			}
		})
	}
	if !strings.Contains(out.String(), "[channel #console] reply to @bob") {
		t.Errorf("the session did not go on after bad lines:\n%s", out)
	}
}

func TestRunConsoleSessionExitStatus(t *testing.T) {
	tests := []struct {
		name    string
		input   string
		wantErr error
	}{
		{name: "clean", input: "@alice /game new game:sealedbids players:2\n@bob /game join\n"},
		{name: "bad line", input: "@alice /game new game:sealedbids\nnonsense\n", wantErr: errConsoleLines},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			err := runConsoleSession(context.Background(), consoleConfig{
				dbPath: ":memory:", pngDir: t.TempDir(), lang: "en",
				in: strings.NewReader(tt.input), out: &out, log: testLogger(t),
			})
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("err = %v, want %v\n%s", err, tt.wantErr, &out)
			}
			if !strings.Contains(out.String(), "> @alice /game new") {
				t.Errorf("input lines are not echoed:\n%s", &out)
			}
		})
	}
}

func TestConsoleSurvivesRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "console.db")
	c, _ := testConsole(t, false, path)
	run(t, c, "@alice /game new game:sealedbids players:2", "@bob /game join", "@alice /game start")
	before, err := c.store.ActiveTable(context.Background(), consoleChannel)
	if err != nil {
		t.Fatal(err)
	}

	again, out := testConsole(t, false, path)
	run(t, again, "@alice /hand")
	after, err := again.store.ActiveTable(context.Background(), consoleChannel)
	if err != nil {
		t.Fatal(err)
	}
	if after.ID != before.ID || after.Status != db.Running {
		t.Errorf("after a restart the table is %d %s, want %d running", after.ID, after.Status, before.ID)
	}
	if !strings.Contains(out.String(), "[ephemeral to @alice]") {
		t.Errorf("/hand after a restart:\n%s", out)
	}
}

// TestConsoleHints checks the hints a person at the console gets at the
// start: how to type a move, that the file is kept, and, when the file
// holds a game from an earlier run, how to start fresh.
func TestConsoleHints(t *testing.T) {
	path := filepath.Join(t.TempDir(), "console.db")
	first, _ := testConsole(t, false, path)
	var hints bytes.Buffer
	if err := first.printHints(context.Background(), &hints); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"/move action:", "kept in " + path} {
		if !strings.Contains(hints.String(), want) {
			t.Errorf("first run's hints lack %q:\n%s", want, &hints)
		}
	}
	if strings.Contains(hints.String(), "start fresh") {
		t.Errorf("first run's hints speak of an earlier game:\n%s", &hints)
	}
	run(t, first, "@alice /game new game:sealedbids players:2")

	again, _ := testConsole(t, false, path)
	hints.Reset()
	if err := again.printHints(context.Background(), &hints); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"holds table 1 (sealedbids, open)", "To start fresh", "/game abandon", "--db :memory:"} {
		if !strings.Contains(hints.String(), want) {
			t.Errorf("second run's hints lack %q:\n%s", want, &hints)
		}
	}
}

// driver plays a console game to its end by choosing random legal moves of
// the seats that must act, and making each one by a button, a select menu or
// /move, the way a player would.
type driver struct {
	t    testing.TB
	c    *console
	out  *bytes.Buffer
	pick *rng.Source
	// last is the output of the last move: the components on offer.
	last []consoleMessage
	all  []consoleMessage
	ways map[string]int // how moves were made: click, select, command
}

// game loads the running game of the console channel from the store.
func (d *driver) game() (db.Table, games.Game, []db.Seat) {
	ctx := context.Background()
	tab, err := d.c.store.ActiveTable(ctx, consoleChannel)
	if errors.Is(err, db.ErrNotFound) {
		return db.Table{}, nil, nil
	}
	if err != nil {
		d.t.Fatal(err)
	}
	snap, err := d.c.store.LatestSnapshot(ctx, tab.ID)
	if err != nil {
		d.t.Fatal(err)
	}
	def, _ := games.Lookup(tab.Game)
	g, err := def.Restore(snap.State)
	if err != nil {
		d.t.Fatal(err)
	}
	moves, err := d.c.store.Moves(ctx, tab.ID)
	if err != nil {
		d.t.Fatal(err)
	}
	for _, m := range moves[snap.Moves:] {
		if g, _, err = games.PlayText(g, games.Seat(m.Seat), m.Notation); err != nil {
			d.t.Fatal(err)
		}
	}
	seats, err := d.c.store.Seats(ctx, tab.ID)
	if err != nil {
		d.t.Fatal(err)
	}
	return tab, g, seats
}

// line runs one console line and keeps what it printed.
func (d *driver) line(s string) []consoleMessage {
	d.t.Helper()
	d.out.Reset()
	if err := d.c.handleLine(context.Background(), s); err != nil {
		d.t.Fatalf("%s: %v", s, err)
	}
	msgs := decodeMessages(d.t, d.out.Bytes())
	d.all = append(d.all, msgs...)
	return msgs
}

// step makes one random legal move; it reports false once the game is over.
func (d *driver) step() bool {
	tab, g, seats := d.game()
	if g == nil {
		return false
	}
	actors := g.ToAct()
	if len(actors) == 0 {
		d.t.Fatalf("table %d is running but nobody must act", tab.ID)
	}
	seat := actors[d.pick.Intn(len(actors))].Seat
	moves := g.LegalMoves(seat)
	notation := moves[d.pick.Intn(len(moves))].Notation
	user := seats[seat].Name
	ref := component.MoveRef(notation, 100)

	var line, way string
	for _, m := range d.last {
		if m.To == "ephemeral" && m.Target != user || m.To == "dm" && m.Target != user {
			continue
		}
		for _, b := range m.Buttons {
			id, err := component.Parse(b.CustomID)
			if err == nil && !b.Disabled && id.Kind == component.MoveButton && id.Decision == component.Fingerprint(g, seat) {
				if mv, ok := component.ResolveMoveRef(id.Move, moves); ok && mv.Notation == notation {
					line, way = "@"+user+" !click "+b.CustomID, "click"
				}
			}
		}
		for _, s := range m.Selects {
			for _, o := range s.Options {
				if o.Value == ref && line == "" {
					line, way = "@"+user+" !select "+s.CustomID+" "+o.Value, "select"
				}
			}
		}
	}
	if line == "" || d.pick.Intn(4) == 0 {
		line, way = "@"+user+" /move action:"+quoteValue(ref), "command"
	}
	d.ways[way]++
	msgs := d.line(line)
	if !d.moved(tab) {
		d.t.Fatalf("%s (%q) did not move: %+v", line, notation, msgs)
	}
	d.last = msgs
	return true
}

// moved reports whether the table changed since tab was read.
func (d *driver) moved(tab db.Table) bool {
	now, err := d.c.store.Table(context.Background(), tab.ID)
	if err != nil {
		d.t.Fatal(err)
	}
	return now.Version != tab.Version
}

func TestConsoleWholeGame(t *testing.T) {
	// Random XIBALBA and Xenoshyft games run to hundreds of moves, each
	// drawing a board and a private view per seat: they draw with a stub
	// renderer to stay fast (TestConsoleXibalbaBoards covers a real one).
	tests := []struct {
		game     string
		players  int
		options  string
		render   bot.Renderer
		maxMoves int
	}{
		{game: testgame.ID, players: 3, maxMoves: 200},
		{game: "xibalba", players: 2, options: "target=5", render: stubRender, maxMoves: 3000},
		{game: "xenoshyft", players: 2, render: stubRender, maxMoves: 3000},
	}
	for _, tt := range tests {
		t.Run(tt.game, func(t *testing.T) {
			c, out := testConsoleWith(t, true, ":memory:", tt.render)
			d := &driver{t: t, c: c, out: out, pick: rng.New(7), ways: map[string]int{}}
			users := []string{"alice", "bob", "carol", "dave"}[:tt.players]
			d.line(fmt.Sprintf("@alice /game new game:%s players:%d options:%q", tt.game, tt.players, tt.options))
			for _, u := range users[1:] {
				d.line("@" + u + " /game join")
			}
			d.last = d.line("@alice /game start")
			moves := 0
			for d.step() {
				if moves++; moves > tt.maxMoves {
					t.Fatalf("no end after %d moves", moves)
				}
			}
			t.Logf("%d moves, made by %v", moves, d.ways)
			tab, err := c.store.Table(context.Background(), 1)
			if err != nil {
				t.Fatal(err)
			}
			if tab.Status != db.Finished {
				t.Fatalf("table status %s, want finished", tab.Status)
			}

			seen := map[string]int{}
			for _, m := range d.all {
				seen[m.To]++
				for _, f := range m.Files {
					data, err := os.ReadFile(f.Path)
					if err != nil {
						t.Fatal(err)
					}
					if !bytes.HasPrefix(data, []byte("\x89PNG")) && filepath.Ext(f.Path) == ".png" {
						t.Errorf("%s is not a PNG", f.Path)
					}
				}
			}
			for _, to := range []string{"channel", "dm", "ephemeral"} {
				// A XIBALBA seat's view is private only in its standing
				// choice, which changes by its own move: no DMs are due.
				if to == "dm" && tt.game != testgame.ID {
					continue
				}
				if seen[to] == 0 {
					t.Errorf("no %s message in the whole game (seen %v)", to, seen)
				}
			}
			// One board per turn, not per move.
			if pngs, _ := filepath.Glob(filepath.Join(c.cfg.pngDir, "*-board.png")); len(pngs) == 0 || len(pngs) > moves*2/3 {
				t.Errorf("%d boards for %d moves", len(pngs), moves)
			}
			if d.ways["click"] == 0 || d.ways["command"] == 0 {
				t.Errorf("moves were made only one way: %v", d.ways)
			}

			// The finished game's export verifies.
			var export string
			for _, m := range d.line("@alice /game export table:1") {
				for _, f := range m.Files {
					if strings.HasSuffix(f.Path, ".json") {
						export = f.Path
					}
				}
			}
			if export == "" {
				t.Fatalf("/game export sent no JSON file")
			}
			var vout bytes.Buffer
			if code := runVerify([]string{export}, nil, &vout, &vout); code != 0 {
				t.Errorf("verify: exit %d: %s", code, &vout)
			}
		})
	}
}

// testLogger logs to the test's log, so that a failure shows the bot's
// errors.
func testLogger(t testing.TB) *slog.Logger {
	return slog.New(slog.NewTextHandler(testWriter{t}, &slog.HandlerOptions{Level: slog.LevelWarn}))
}

type testWriter struct{ t testing.TB }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimSpace(string(p)))
	return len(p), nil
}

func TestConsoleUserOptions(t *testing.T) {
	c, _ := testConsole(t, false, ":memory:")
	l, _, err := parseConsoleLine("@alice /game replace user:@Dave player:@bob seat:2")
	if err != nil {
		t.Fatal(err)
	}
	in := c.interaction(l)
	dave, bob := consoleUserID("dave"), consoleUserID("bob")
	want := map[string]string{"user": dave, "player": bob, "seat": "2"}
	if fmt.Sprint(in.Options) != fmt.Sprint(want) {
		t.Errorf("options %v, want %v", in.Options, want)
	}
	if in.Users[dave].Name != "Dave" || in.Users[bob].Name != "bob" {
		t.Errorf("resolved users %v", in.Users)
	}
	if !in.Manager || c.interaction(l).User.ID != consoleUserID("alice") {
		t.Errorf("alice, the first user, is not the manager")
	}
	l.User = "dave"
	if c.interaction(l).Manager {
		t.Errorf("dave is a manager")
	}
}

// stubRender draws a 1x1 PNG.
func stubRender(v games.View, _ []string, _ games.Lang, _ []string) ([]byte, string, error) {
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewGray(image.Rect(0, 0, 1, 1))); err != nil {
		return nil, "", err
	}
	return buf.Bytes(), v.GameID() + " board", nil
}

func TestConsoleXibalbaBoards(t *testing.T) {
	c, out := testConsole(t, true, ":memory:")
	d := &driver{t: t, c: c, out: out, pick: rng.New(3), ways: map[string]int{}}
	d.line("@alice /game new game:xibalba players:2")
	d.line("@bob /game join")
	d.last = d.line("@alice /game start")
	// Three moves that post a board: a private standing choice (setting
	// move) posts nothing.
	for range 3 {
		for posted := len(d.all); !channelBoard(d.all[posted:]); {
			if !d.step() {
				t.Fatal("the game ended at once")
			}
		}
	}
	boards := 0
	for _, m := range d.all {
		for _, f := range m.Files {
			data, err := os.ReadFile(f.Path)
			if err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(bytes.NewReader(data))
			if err != nil {
				t.Fatalf("%s: %v", f.Path, err)
			}
			if img.Bounds().Dx() < 600 || f.Alt == "" {
				t.Errorf("%s: %v wide, alt %q", f.Path, img.Bounds().Dx(), f.Alt)
			}
			if m.To == "channel" {
				boards++
			}
		}
	}
	if boards < 4 {
		t.Errorf("%d boards posted in the channel for a start and 3 moves", boards)
	}
}

// channelBoard reports whether msgs post a board in the channel.
func channelBoard(msgs []consoleMessage) bool {
	return slices.ContainsFunc(msgs, func(m consoleMessage) bool { return m.To == "channel" && len(m.Files) > 0 })
}

// TestConsoleSmokeScript runs the script CI runs through the binary: every
// line must be read and handled, both moves must be made, and the export at
// its end must verify.
func TestConsoleSmokeScript(t *testing.T) {
	f, err := os.Open(filepath.Join("testdata", "console-smoke.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out bytes.Buffer
	dir := t.TempDir()
	err = runConsoleSession(context.Background(), consoleConfig{
		dbPath: ":memory:", pngDir: dir, lang: "en", random: seededReader(1),
		in: f, out: &out, log: testLogger(t),
	})
	if err != nil {
		t.Fatalf("%v\n%s", err, &out)
	}
	exports, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(exports) != 1 {
		t.Fatalf("exports %v, want one\n%s", exports, &out)
	}
	data, err := os.ReadFile(exports[0])
	if err != nil {
		t.Fatal(err)
	}
	e, err := verifyExport(data)
	if err != nil {
		t.Fatal(err)
	}
	if e.Game != "xibalba" || len(e.Moves) != 2 || e.Status != string(db.Abandoned) {
		t.Errorf("export of %s with %d moves, %s; want xibalba, 2 moves, abandoned\n%s", e.Game, len(e.Moves), e.Status, &out)
	}
	for _, want := range []string{"[channel #console]", "[ephemeral to @bob]", "[file] " + dir} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q", want)
		}
	}
}

// BenchmarkConsoleTurn measures a whole turn of a 2-player XIBALBA game as
// the bot plays it: the /move interaction, the rules, the store commit, the
// board and private views drawn and encoded, and the console output. Moves
// are chosen (and new games opened) with the timer stopped.
func BenchmarkConsoleTurn(b *testing.B) {
	for _, bc := range []struct {
		name   string
		render bot.Renderer
	}{
		{name: "render=real"},
		{name: "render=stub", render: stubRender},
	} {
		b.Run(bc.name, func(b *testing.B) {
			c, out := testConsoleWith(b, true, filepath.Join(b.TempDir(), "bench.db"), bc.render)
			d := &driver{t: b, c: c, out: out, pick: rng.New(1), ways: map[string]int{}}
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				b.StopTimer()
				tab, g, seats := d.game()
				if g == nil {
					d.line("@alice /game new game:xibalba players:2")
					d.line("@bob /game join")
					d.line("@alice /game start")
					tab, g, seats = d.game()
				}
				actors := g.ToAct()
				seat := actors[d.pick.Intn(len(actors))].Seat
				moves := g.LegalMoves(seat)
				line := "@" + seats[seat].Name + " /move action:" + quoteValue(component.MoveRef(moves[d.pick.Intn(len(moves))].Notation, 100))
				out.Reset()
				b.StartTimer()
				if err := c.handleLine(context.Background(), line); err != nil {
					b.Fatal(err)
				}
				b.StopTimer()
				if !d.moved(tab) {
					b.Fatalf("%s did not move: %s", line, out)
				}
				b.StartTimer()
			}
		})
	}
}

func TestConsoleThread(t *testing.T) {
	c, out := testConsole(t, false, ":memory:")
	run(t, c, "@alice /game new game:sealedbids players:2 thread:true", "@bob #console-thread-1 /game join")
	tab, err := c.store.ActiveTable(context.Background(), "console-thread-1")
	if err != nil {
		t.Fatalf("no table in the thread: %v\n%s", err, out)
	}
	seats, err := c.store.Seats(context.Background(), tab.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(seats) != 2 {
		t.Errorf("%d seated in the thread, want 2\n%s", len(seats), out)
	}
	if !strings.Contains(out.String(), "[channel #console-thread-1] reply to @bob") {
		t.Errorf("the reply to bob is not shown in the thread:\n%s", out)
	}
}

func TestRunConsoleFlags(t *testing.T) {
	smoke := filepath.Join("testdata", "console-smoke.txt")
	tests := []struct {
		name string
		args []string
		code int
	}{
		{name: "unknown language", args: []string{"--lang", "fr"}, code: 2},
		{name: "stray argument", args: []string{"extra"}, code: 2},
		{name: "unknown flag", args: []string{"--colour"}, code: 2},
		{name: "missing script", args: []string{"--script", filepath.Join(t.TempDir(), "none.txt")}, code: 1},
		{name: "script", args: []string{"--db", ":memory:", "--seed", "1", "--json", "--png-dir", t.TempDir(), "--script", smoke}, code: 0},
		{name: "script into a db file", args: []string{"--db", filepath.Join(t.TempDir(), "c.db"), "--lang", "de", "--png-dir", t.TempDir(), "--script", smoke}, code: 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if code := runConsole(context.Background(), tt.args); code != tt.code {
				t.Errorf("exit code %d, want %d", code, tt.code)
			}
		})
	}
}

func TestConsoleLocale(t *testing.T) {
	for _, lang := range []string{"en", "de"} {
		t.Run(lang, func(t *testing.T) {
			c := &console{cfg: consoleConfig{lang: lang}, users: map[string]bot.User{}}
			in := c.interaction(consoleLine{User: "alice", Kind: bot.CommandInteraction, Command: "hand"})
			if got := text.FromLocale(in.Locale); string(got) != lang {
				t.Errorf("locale %q is %s, want %s", in.Locale, got, lang)
			}
		})
	}
}
