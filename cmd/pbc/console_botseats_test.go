package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/playbychat/pbc/db"
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
		asked := false
		writePolicyScript(t, botSeatsScript, []string{
			"# One person and three bot seats at a whole XIBALBA game (written by go test -run TestConsoleBotSeatsScript -update).",
			"@alice /game new game:xibalba players:4 bots:3 options:target=12",
			"@alice /game start",
		}, 17, xibalba.Definition, func(d *driver, tab db.Table) string {
			// Once the bots have moved since Alice's last move: what
			// happened meanwhile.
			moves, err := d.c.store.Moves(context.Background(), tab.ID)
			if err != nil {
				t.Fatal(err)
			}
			if asked || len(moves) < 10 || moves[len(moves)-1].Seat == 0 {
				return ""
			}
			asked = true
			return "@alice /game log since:mine"
		})
	}
	out, e := playScript(t, botSeatsScript, stubRender)
	if e.Game != xibalba.Definition.ID {
		t.Fatalf("export of a %s game", e.Game)
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
	script, err := os.ReadFile(botSeatsScript)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Count(string(script), "/move ") + strings.Count(string(script), "!click ")
	if mine != lines || mine == len(e.Moves) {
		t.Errorf("%d of %d moves are Alice's, who made %d by the script", mine, len(e.Moves), lines)
	}
	result, digest := "", false
	for _, m := range decodeMessages(t, out) {
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
		t.Fatal("the game did not end")
	}
	t.Logf("%d moves, %d of them Alice's", len(e.Moves), mine)
}
