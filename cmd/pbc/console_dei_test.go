package main

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/playbychat/pbc/games/dei"
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
		writePolicyScript(t, deiScript, []string{
			"# A whole three-player D.E.I. game with option 3, planning (written by go test -run TestConsoleDEIScript -update).",
			"@alice /game new game:dei players:3 options:planning",
			"@bob /game join",
			"@carol /game join",
			"@alice /game start",
			"@bob /hand",
			"@carol /rules topic:turn",
		}, 17, dei.Definition)
	}
	out, e := playScript(t, deiScript, xenoshyftRender())
	if e.Game != dei.Definition.ID {
		t.Fatalf("export of a %s game", e.Game)
	}
	dms := map[string]bool{}
	result, boards := "", 0
	for _, m := range decodeMessages(t, out) {
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
			boards++
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
	if boards == 0 {
		t.Error("the channel got no board")
	}
	if result == "" {
		t.Fatalf("the game did not end:\n%s", tail(string(out), 20))
	}
	t.Logf("the end: %s", result)
}
