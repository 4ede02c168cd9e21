package main

import (
	"bytes"
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/playbychat/pbc/bot"
	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games/dei"
	"github.com/playbychat/pbc/games/rng"
)

// deiScript is a whole three-player D.E.I. session with hidden hands
// (option 3) for the console, made by TestConsoleDEIScript with -update from
// the bot policy.
var deiScript = filepath.Join("testdata", "console-dei.txt")

// deiSecret matches what only a seat's own view or events say: the feats
// dealt, plans, cards turned face down.
var deiSecret = regexp.MustCompile(`Your feats|You plan|You turn|You take|Your hand|Your plan`)

// TestConsoleDEIScript runs a scripted three-player D.E.I. game with
// planning through the console: every line must succeed, each player must
// get their private view by DM, the channel must never show a player's
// feats, plans or face-down cards, and the game must end with its result
// and an export that verifies.
func TestConsoleDEIScript(t *testing.T) {
	if *update {
		writeDEIScript(t)
	}
	f, err := os.Open(deiScript)
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	defer f.Close()
	var out bytes.Buffer
	dir := t.TempDir()
	err = runConsoleSession(context.Background(), consoleConfig{
		dbPath: ":memory:", pngDir: dir, lang: "en", json: true, random: seededReader(1),
		render: xenoshyftRender(), in: f, out: &out, log: testLogger(t),
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
	if e.Status != string(db.Finished) || e.Game != dei.Definition.ID {
		t.Fatalf("export of a %s %s game; want a finished D.E.I. game", e.Status, e.Game)
	}
	pngs, _ := filepath.Glob(filepath.Join(dir, "*.png"))
	if len(pngs) == 0 {
		t.Error("no board was drawn")
	}
	dms := map[string]bool{}
	result := ""
	for _, m := range decodeMessages(t, out.Bytes()) {
		if m.To == "dm" {
			dms[m.Target] = true
		}
		if m.To != "channel" && m.To != "edit" {
			continue
		}
		if strings.Contains(m.Content, " wins with ") || strings.Contains(m.Content, "share the win") {
			result = m.Content
		}
		texts := []string{m.Content}
		for _, file := range m.Files {
			texts = append(texts, file.Alt)
		}
		for _, b := range m.Buttons {
			texts = append(texts, b.Label)
		}
		for _, s := range m.Selects {
			for _, o := range s.Options {
				texts = append(texts, o.Label, o.Value)
			}
		}
		for _, text := range texts {
			if s := deiSecret.FindString(text); s != "" {
				t.Errorf("a channel message shows %q: %q", s, text)
			}
			if strings.HasPrefix(text, "plan ") || strings.HasPrefix(text, "Plan ") {
				t.Errorf("a channel message offers a plan: %q", text)
			}
		}
	}
	for _, u := range []string{"alice", "bob", "carol"} {
		if !dms[u] {
			t.Errorf("no DM with the private view to %s", u)
		}
	}
	if result == "" {
		t.Fatalf("the game did not end:\n%s", tail(out.String(), 20))
	}
	t.Logf("the end: %s", result)
}

// writeDEIScript plays a three-player game in a console with the same seed
// as the test, choosing moves with the engine's bot policy, and writes the
// lines typed to the script file. Moves are clicked when the last output
// offers them as a button to the player, and typed with /move otherwise.
func writeDEIScript(t *testing.T) {
	c, out := testConsoleWith(t, true, ":memory:", stubRender)
	d := &driver{t: t, c: c, out: out, pick: rng.New(17), ways: map[string]int{}}
	lines := []string{
		"# A whole three-player D.E.I. game with option 3, planning (written by go test -run TestConsoleDEIScript -update).",
		"@alice /game new game:dei players:3 options:planning",
		"@bob /game join",
		"@carol /game join",
		"@alice /game start",
		"@bob /hand",
		"@carol /rules topic:turn",
	}
	for _, l := range lines[1:] {
		d.last = d.line(l)
	}
	r := rand.New(rand.NewPCG(17, 17))
	for n := 0; ; n++ {
		if n > 3000 {
			t.Fatal("no end after 3000 moves")
		}
		tab, g, seats := d.game()
		if tab.Status != db.Running {
			break
		}
		actors := g.ToAct()
		seat := actors[r.IntN(len(actors))].Seat
		notation := dei.Definition.Policy(g.View(seat), g.LegalMoves(seat), r).Notation
		user := seats[seat].Name
		line := "@" + user + " /move action:" + quoteValue(bot.MoveRef(notation, 100))
		for _, m := range d.last {
			if m.To != "channel" && m.Target != user {
				continue
			}
			for _, b := range m.Buttons {
				id, err := bot.ParseCustomID(b.CustomID)
				if err == nil && id.Kind == bot.MoveButton && id.Version == tab.Version && id.Move == notation {
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
	if err := os.WriteFile(deiScript, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s: %d lines", deiScript, len(lines))
}
