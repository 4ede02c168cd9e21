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
	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/rng"
	"github.com/playbychat/pbc/games/xibalba"
)

// botSeatsScript is a whole four-player XIBALBA session for the console at
// which the bot holds three seats, made by TestConsoleBotSeatsScript with
// -update: Alice's moves come from her seat's policy.
var botSeatsScript = filepath.Join("testdata", "console-botseats.txt")

// TestConsoleBotSeatsScript runs the scripted game of one person and
// three bot seats through the console: every line must succeed, the bot
// must make every move of its seats without a line of the script, Alice's
// catch-up must name the bots' moves, nobody but Alice may get a DM, and
// the game must end with its result and an export that verifies and
// records the bot's moves as nobody's.
func TestConsoleBotSeatsScript(t *testing.T) {
	if *update {
		writeBotSeatsScript(t)
	}
	script, err := os.ReadFile(botSeatsScript)
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	var out bytes.Buffer
	dir := t.TempDir()
	err = runConsoleSession(context.Background(), consoleConfig{
		dbPath: ":memory:", pngDir: dir, lang: "en", json: true, random: seededReader(1),
		render: stubRender, in: bytes.NewReader(script), out: &out, log: testLogger(t),
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
	if e.Status != string(db.Finished) || e.Game != xibalba.Definition.ID {
		t.Fatalf("export of a %s %s game; want a finished XIBALBA", e.Status, e.Game)
	}
	for seat, p := range e.Players {
		if p.Bot != (seat > 0) {
			t.Errorf("seat %d: %+v", seat, p)
		}
	}
	mine := 0
	for i, m := range e.Moves {
		switch {
		case m.Seat == 0 && m.User != "":
			mine++
		case m.Seat == 0 || m.User != "":
			t.Errorf("move %d of seat %d recorded as made by %q", i+1, m.Seat, m.User)
		}
	}
	lines := strings.Count(string(script), "/move ") + strings.Count(string(script), "!click ")
	if mine != lines || mine == len(e.Moves) {
		t.Errorf("%d of %d moves are Alice's, who made %d by the script", mine, len(e.Moves), lines)
	}
	result, digest := "", false
	for _, m := range decodeMessages(t, out.Bytes()) {
		switch {
		case m.To == "dm" && m.Target != "alice":
			t.Errorf("a DM to %s: %q", m.Target, m.Content)
		case m.To == "ephemeral" && strings.HasPrefix(m.Content, "Since your last move:"):
			digest = strings.Contains(m.Content, "Bot 2")
		case (m.To == "channel" || m.To == "edit") && strings.Contains(m.Content, " wins with "):
			result = m.Content
		}
	}
	if !digest {
		t.Error("Alice's /game log since:mine names no bot's move")
	}
	if result == "" {
		t.Fatalf("the game did not end:\n%s", tail(out.String(), 20))
	}
	t.Logf("%d moves, %d of them Alice's; the end: %s", len(e.Moves), mine, result)
}

// writeBotSeatsScript plays the game in a console with the same seed as
// the test, Alice choosing by her seat's policy (clicking when the last
// output offers her move as a button), and writes the lines typed.
func writeBotSeatsScript(t *testing.T) {
	c, out := testConsoleWith(t, true, ":memory:", stubRender)
	d := &driver{t: t, c: c, out: out, pick: rng.New(17), ways: map[string]int{}}
	lines := []string{
		"# One person and three bot seats at a whole XIBALBA game (written by go test -run TestConsoleBotSeatsScript -update).",
		"@alice /game new game:xibalba players:4 bots:3 options:target=12",
		"@alice /game start",
	}
	for _, l := range lines[1:] {
		d.last = d.line(l)
	}
	r := rand.New(rand.NewPCG(17, 17))
	asked := false
	for n := 0; ; n++ {
		if n > 2000 {
			t.Fatal("no end after 2000 moves of Alice")
		}
		tab, g, _ := d.game()
		if tab.Status != db.Running {
			break
		}
		if _, ok := games.MustAct(g, 0); !ok {
			t.Fatalf("the game waits for %+v, not Alice", g.ToAct())
		}
		if !asked && n >= 5 {
			// Once the bots have moved since Alice's last move: what
			// happened meanwhile.
			moves, err := c.store.Moves(context.Background(), tab.ID)
			if err != nil {
				t.Fatal(err)
			}
			if moves[len(moves)-1].Seat != 0 {
				line := "@alice /game log since:mine"
				d.line(line)
				lines = append(lines, line)
				asked = true
			}
		}
		var legal []games.Move
		for _, m := range g.LegalMoves(0) {
			if m.Group != games.SettingGroup {
				legal = append(legal, m)
			}
		}
		notation := xibalba.Definition.Policy(g.View(0), legal, r).Notation
		line := "@alice /move action:" + quoteValue(bot.MoveRef(notation, 100))
		for _, m := range d.last {
			if m.To != "channel" && m.To != "edit" && m.Target != "alice" {
				continue
			}
			for _, b := range m.Buttons {
				id, err := bot.ParseCustomID(b.CustomID)
				if err == nil && !b.Disabled && id.Kind == bot.MoveButton && id.Version == tab.Version && id.Move == notation {
					line = "@alice !click " + b.CustomID
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
	if err := os.WriteFile(botSeatsScript, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s: %d lines", botSeatsScript, len(lines))
}
