package main

import (
	"bytes"
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/playbychat/pbc/bot"
	"github.com/playbychat/pbc/bot/component"
	"github.com/playbychat/pbc/bot/export"
	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/rng"
)

// playScript runs the console script at path in a fresh in-memory session
// (seed 1, English, JSON output) and returns what the console printed and
// the verified export of the script's one game.
func playScript(t *testing.T, path string, render bot.Renderer) ([]byte, export.File) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	defer f.Close()
	var out bytes.Buffer
	dir := t.TempDir()
	err = runConsoleSession(context.Background(), consoleConfig{
		dbPath: ":memory:", pngDir: dir, lang: "en", json: true, random: seededReader(1),
		render: render, in: f, out: &out, log: testLogger(t),
	})
	if err != nil {
		t.Fatalf("%v\n%s", err, tail(out.String(), 40))
	}
	exports, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(exports) != 1 {
		t.Fatalf("exports %v, want one", exports)
	}
	record, err := os.ReadFile(exports[0])
	if err != nil {
		t.Fatal(err)
	}
	e, err := verifyExport(record)
	if err != nil {
		t.Fatal(err)
	}
	if e.Status != string(db.Finished) {
		t.Fatalf("export of a %s %s game; want a finished one", e.Status, e.Game)
	}
	return out.Bytes(), e
}

// writePolicyScript plays a game in a console with the seed the scripts
// run with, after the head lines (which open and start the table),
// choosing every move with def's bot policy from seed, and writes the lines
// typed to path. Moves are clicked when the last output offers them as a
// button to the player, and typed with /move otherwise. An aside, if
// given, may add a line to type before each move ("" for none).
func writePolicyScript(t *testing.T, path string, head []string, seed uint64, def *games.Definition, aside ...func(d *driver, tab db.Table) string) {
	c, out := testConsoleWith(t, true, ":memory:", stubRender)
	d := &driver{t: t, c: c, out: out, pick: rng.New(seed), ways: map[string]int{}}
	lines := head
	for _, l := range lines {
		if !strings.HasPrefix(l, "#") {
			d.last = d.line(l)
		}
	}
	r := rand.New(rand.NewPCG(seed, seed))
	for n := 0; ; n++ {
		if n > 3000 {
			t.Fatal("no end after 3000 moves")
		}
		tab, g, seats := d.game()
		if tab.Status != db.Running {
			break
		}
		for _, a := range aside {
			if line := a(d, tab); line != "" {
				d.line(line)
				lines = append(lines, line)
			}
		}
		actors := g.ToAct()
		seat := actors[r.IntN(len(actors))].Seat
		notation := def.Policy(g.View(seat), g.LegalMoves(seat), r).Notation
		user := seats[seat].Name
		line := "@" + user + " /move action:" + quoteValue(component.MoveRef(notation, 100))
		for _, m := range d.last {
			if m.To != "channel" && m.Target != user {
				continue
			}
			for _, b := range m.Buttons {
				id, err := component.Parse(b.CustomID)
				if err == nil && id.Kind == component.MoveButton && id.Decision == component.Fingerprint(g, seat) && id.Move == notation {
					line = "@" + user + " !click " + b.CustomID
				}
			}
		}
		d.last = d.line(line)
		if !d.moved(tab) {
			t.Fatalf("%s did not move: %+v", line, d.last)
		}
		lines = append(lines, line)
	}
	lines = append(lines, "@alice /game export table:1")
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s: %d lines", path, len(lines))
}
