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
	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/armageddon"
	"github.com/playbychat/pbc/games/rng"
)

// armageddonScript is a whole three-player Armageddon session for the
// console, made by TestConsoleArmageddonScript with -update from the bot
// policy.
var armageddonScript = filepath.Join("testdata", "console-armageddon.txt")

var (
	// armageddonSecret matches what only a seat's own view or events say.
	armageddonSecret = regexp.MustCompile(`Your hand|Your private tile|You draw|You keep|You take|You chose|deck holds|screen [gbyp]\d`)
	tileRef          = regexp.MustCompile(`\bs\d\d\b`)
)

// TestConsoleArmageddonScript runs a scripted three-player Armageddon game
// through the console with closed screens: every line must succeed, each
// player must get their screen and private tiles by DM, the channel must
// never show a screen, a hand or a private tile before the end, and the
// game must end with its result and an export that verifies.
func TestConsoleArmageddonScript(t *testing.T) {
	if *update {
		writeArmageddonScript(t)
	}
	f, err := os.Open(armageddonScript)
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
	if e.Status != string(db.Finished) || e.Game != armageddon.ID {
		t.Fatalf("export of a %s %s game; want a finished Armageddon", e.Status, e.Game)
	}
	g, err := games.Replay(e.Record.Record)
	if err != nil {
		t.Fatal(err)
	}
	public := map[string]bool{}
	for _, tv := range g.View(games.Spectator).(*armageddon.View).Public {
		public[tv.ID] = true
	}
	dms := map[string]bool{}
	result := ""
	for _, m := range decodeMessages(t, out.Bytes()) {
		if m.To == "dm" && strings.Contains(m.Content, "Your private tile") {
			dms[m.Target] = true
		}
		if m.To != "channel" && m.To != "edit" {
			continue
		}
		if strings.Contains(m.Content, " wins with ") || strings.Contains(m.Content, "share the win") {
			result = m.Content
		}
		if result != "" {
			continue // the end reveals everything
		}
		texts := []string{m.Content}
		for _, file := range m.Files {
			texts = append(texts, file.Alt)
		}
		for _, text := range texts {
			if s := armageddonSecret.FindString(text); s != "" {
				t.Errorf("a channel message shows %q: %q", s, text)
			}
			for _, id := range tileRef.FindAllString(text, -1) {
				if !public[id] {
					t.Errorf("a channel message names the private tile %s: %q", id, text)
				}
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

// writeArmageddonScript plays a three-player game in a console with the
// same seed as the test, choosing moves with the engine's bot policy, and
// writes the lines typed to the script file. Moves are clicked when the
// last output offers them as a button to the player, and typed with /move
// otherwise.
func writeArmageddonScript(t *testing.T) {
	c, out := testConsoleWith(t, true, ":memory:", stubRender)
	d := &driver{t: t, c: c, out: out, pick: rng.New(13), ways: map[string]int{}}
	lines := []string{
		"# A whole three-player Armageddon game (written by go test -run TestConsoleArmageddonScript -update).",
		"@alice /game new game:armageddon players:3",
		"@bob /game join",
		"@carol /game join",
		"@alice /game start",
		"@bob /hand",
	}
	for _, l := range lines[1:] {
		d.last = d.line(l)
	}
	r := rand.New(rand.NewPCG(13, 13))
	for n := 0; ; n++ {
		if n > 2000 {
			t.Fatal("no end after 2000 moves")
		}
		tab, g, seats := d.game()
		if tab.Status != db.Running {
			break
		}
		actors := g.ToAct()
		seat := actors[r.IntN(len(actors))].Seat
		notation := armageddon.Definition.Policy(g.View(seat), g.LegalMoves(seat), r).Notation
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
	if err := os.WriteFile(armageddonScript, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s: %d lines", armageddonScript, len(lines))
}
