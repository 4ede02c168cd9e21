package gateway_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/playbychat/pbc/internal/fakediscord"

	_ "github.com/playbychat/pbc/games/xibalba"
	_ "github.com/playbychat/pbc/images/xibalba"
)

// TestXibalbaOverGateway opens a two-player XIBALBA table and plays the
// first legal move the acting player is offered by /move autocomplete,
// move after move: every move must be accepted and bring a board post
// with a PNG.
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
	for n := 0; n < moves; n++ {
		posts := f.Messages(where.ChannelID)
		var turn fakediscord.Message
		for _, m := range posts {
			if m.Kind == fakediscord.Post && strings.Contains(m.Content, "Now:") {
				turn = m
			}
		}
		if len(turn.MentionUsers) == 0 {
			t.Fatalf("move %d: no turn notice mentions a player: %q", n, turn.Content)
		}
		if len(turn.Files) != 1 || !bytes.HasPrefix(turn.Files[0].Data, []byte("\x89PNG")) {
			t.Errorf("move %d: turn notice without a board image", n)
		}
		actor := players[turn.MentionUsers[0]]
		ac := f.Autocomplete(where, actor, "move", "", fakediscord.Opt{Name: "action", Value: "", Focused: true})
		e.answer(ac)
		if len(ac.Choices) == 0 {
			t.Fatalf("move %d: %s is to act but is offered no move (%q)", n, actor.Name, turn.Content)
		}
		before := countPosts(posts)
		reply := e.cmd(actor, "move", "action="+ac.Choices[0])
		if after := countPosts(f.Messages(where.ChannelID)); after == before {
			t.Fatalf("move %d: %s's move %q brought no post; reply %q", n, actor.Name, ac.Choices[0], reply.Content)
		}
		if last := f.Messages(where.ChannelID); strings.Contains(last[len(last)-1].Content, "Game over") {
			break
		}
	}
}

func countPosts(ms []fakediscord.Message) int {
	n := 0
	for _, m := range ms {
		if m.Kind == fakediscord.Post {
			n++
		}
	}
	return n
}
