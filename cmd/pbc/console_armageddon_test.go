package main

import (
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/playbychat/pbc/bot"
	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/armageddon"
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
		writePolicyScript(t, armageddonScript, []string{
			"# A whole three-player Armageddon game (written by go test -run TestConsoleArmageddonScript -update).",
			"@alice /game new game:armageddon players:3",
			"@bob /game join",
			"@carol /game join",
			"@alice /game start",
			"@bob /hand",
		}, 13, armageddon.Definition)
	}
	out, e := playScript(t, armageddonScript, xenoshyftRender())
	if e.Game != armageddon.ID {
		t.Fatalf("export of a %s game; want Armageddon", e.Game)
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
	for _, m := range decodeMessages(t, out) {
		if m.To == "dm" && slices.ContainsFunc(m.Embeds, func(e bot.Embed) bool { return e.Title == "Private scoring tiles" && len(e.Fields) > 0 }) {
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
		t.Fatalf("the game did not end:\n%s", tail(string(out), 20))
	}
	t.Logf("the end: %s", result)
}
