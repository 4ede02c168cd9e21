package gateway_test

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/playbychat/pbc/internal/fakediscord"

	_ "github.com/playbychat/pbc/games/xibalba"
	_ "github.com/playbychat/pbc/images/xibalba"
)

// TestXibalbaOverGateway opens a two-player XIBALBA table and plays the
// first legal move the acting player is offered by /move autocomplete,
// move after move: every move must be accepted and change the channel (a
// post, or an edit of the live one); each post that passes the turn
// carries a PNG.
func TestXibalbaOverGateway(t *testing.T) {
	e := startE2E(t, "gateway", realRender)
	f := e.f
	players := map[string]fakediscord.User{alice.ID: alice, carol.ID: carol}
	if m := e.cmd(alice, "game new", "game=xibalba", "players=2"); m.Ephemeral {
		t.Fatalf("/game new: %+v", m)
	}
	e.cmd(carol, "game join")
	e.cmd(alice, "game start")
	e.post("Now:")

	moves := 12
	if testing.Short() {
		moves = 6
	}
	panels := watchPanels(t, e, alice, carol)
	for n := 0; n < moves; n++ {
		posts := f.Messages(where.ChannelID)
		var turn fakediscord.Message
		for _, m := range posts {
			if m.Kind == fakediscord.Post && strings.Contains(m.Content, "Now:") {
				turn = m
			}
		}
		if len(turn.Files) != 1 || !bytes.HasPrefix(turn.Files[0].Data, []byte("\x89PNG")) {
			t.Errorf("move %d: turn notice without a board image", n)
		}
		actor := players[nowActors(turn.Content)[0]]
		ac := f.Autocomplete(where, actor, "move", "", fakediscord.Opt{Name: "action", Value: "", Focused: true})
		e.answer(ac)
		if len(ac.Choices) == 0 {
			t.Fatalf("move %d: %s is to act but is offered no move (%q)", n, actor.Name, turn.Content)
		}
		before := countChanges(posts)
		reply := e.cmd(actor, "move", "action="+ac.Choices[0])
		if err := f.WaitFor(e.ctx, func(f *fakediscord.Fake) bool { return countChanges(f.Messages(where.ChannelID)) > before }); err != nil {
			t.Fatalf("move %d: %s's move %q brought no post; reply %q", n, actor.Name, ac.Choices[0], reply.Content)
		}
		e.settle()
		panels.check()
		if last := f.Messages(where.ChannelID); strings.Contains(last[len(last)-1].Content, "Game over") {
			break
		}
	}
	panels.report()
}

// countChanges counts the posts in ms and their edits.
func countChanges(ms []fakediscord.Message) int {
	n := 0
	for _, m := range ms {
		if m.Kind == fakediscord.Post {
			n += 1 + m.Edits
		}
	}
	return n
}

// nowMention matches a user named in a post's "Now:" line.
var nowMention = regexp.MustCompile(`<@(\d+)>`)

// nowActors returns the users the last "Now:" line of content names.
func nowActors(content string) []string {
	i := strings.LastIndex(content, "Now:")
	if i < 0 {
		return nil
	}
	line, _, _ := strings.Cut(content[i:], "\n")
	var ids []string
	for _, m := range nowMention.FindAllStringSubmatch(line, -1) {
		ids = append(ids, m[1])
	}
	return ids
}
