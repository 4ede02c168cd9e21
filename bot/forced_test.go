package bot_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/playbychat/pbc/bot"
	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/internal/testgame"
)

// TestForcedPassesAreMadeByTheBot plays the quiet Sealed Bids, whose
// round's loser has only a pass, with three people: the bot passes for
// the loser at once, each pass is recorded in the log like any move, the
// channel says so in one line per window, and nobody is asked or pinged
// for it.
func TestForcedPassesAreMadeByTheBot(t *testing.T) {
	h := newHarness(t, ":memory:")
	players := []string{alice, bob, carol}
	h.cmd(alice, "game new", "game="+testgame.QuietID, "options=rounds=3")
	for _, u := range players[1:] {
		if m := h.cmd(u, "game join"); m.Ephemeral {
			t.Fatalf("join refused: %s", m.Content)
		}
	}
	h.cmd(alice, "game start")
	id := h.table().ID
	for round := 1; round <= 3; round++ {
		for _, u := range players {
			choices := h.complete(u, "move", "action", "")
			if len(choices) == 0 {
				t.Fatalf("round %d: %s has no move: the table waits for nobody", round, users[u])
			}
			h.clock.Advance(time.Hour)
			h.cmd(u, "move", "action="+choices[0].Value)
		}
		moves, err := h.store.Moves(t.Context(), id)
		if err != nil {
			t.Fatal(err)
		}
		if n := len(moves); n != 4*round || moves[n-1].Notation != "pass" {
			t.Fatalf("round %d: the log has %d moves ending with %+v, want %d ending with the loser's pass", round, n, moves[n-1], 4*round)
		}
		pass := moves[len(moves)-1]
		if pass.Waited {
			t.Errorf("round %d: the forced pass counts as an answer after %s", round, pass.Wait)
		}
		if round < 3 {
			if m := h.cmd(pass.UserID, "game undo"); !strings.Contains(m.Content, "The bot made the last move") {
				t.Errorf("round %d: /game undo of the forced pass answered %q", round, m.Content)
			}
		}
	}
	if tb, err := h.store.Table(t.Context(), id); err != nil || tb.Status != db.Finished {
		t.Fatalf("table is %s after three rounds (%v)", tb.Status, err)
	}
	// The live message is edited after every move, the window included
	// (until the bot's pass edits it again): what asks and pings are the
	// posts and the DMs.
	passed := 0
	for _, e := range h.discord.TakeEdits() {
		if strings.Contains(e.Message.Content, "Passed for ") {
			passed++
		}
		if strings.Count(e.Message.Content, "(nothing to play)") > 3 {
			t.Errorf("more than one line per window: %q", e.Message.Content)
		}
	}
	var asked []bot.Message
	for _, p := range h.discord.TakePosts() {
		asked = append(asked, p.Message)
	}
	for _, dm := range h.discord.TakeDMs() {
		asked = append(asked, dm.Message)
	}
	for _, m := range asked {
		if strings.Contains(m.Content, "Now: <@") && strings.Contains(m.Content, "Challenge the round's result or pass?") {
			t.Errorf("a message asks for the forced pass: %q", m.Content)
		}
		if strings.Contains(m.Content, "Passed for ") {
			passed++
		}
	}
	if passed == 0 {
		t.Errorf("no message says that the bot passed")
	}
	checkRebuilt(t, h, alice)
}

// TestAutomaticPassesOff plays the quiet Sealed Bids with every player's
// automatic passes turned off from the standing-choices menu of /hand: the
// round's loser is asked for the forced pass (pinged, not passed for), and
// /hand lists the choice; cancelled from the same menu, the bot passes for
// them at once.
func TestAutomaticPassesOff(t *testing.T) {
	h := newHarness(t, ":memory:")
	players := []string{alice, bob, carol}
	h.cmd(alice, "game new", "game="+testgame.QuietID, "options=rounds=2")
	for _, u := range players[1:] {
		h.cmd(u, "game join")
	}
	h.cmd(alice, "game start")
	id := h.table().ID
	for _, u := range players {
		menu := selectMenu(t, h.cmd(u, "hand"), "st:")
		if m := h.click(u, menu.CustomID, "!set:ask"); !m.Ephemeral || !strings.Contains(m.Content, "Automatic passes are off") {
			t.Fatalf("%s turning automatic passes off answered %+v", users[u], m)
		}
	}
	if m := h.cmd(bob, "hand"); !strings.Contains(m.Content, "you are asked even when you can only pass") {
		t.Errorf("/hand does not list the choice: %q", m.Content)
	}
	h.discord.TakePosts()
	for _, u := range players {
		h.play(u)
	}
	moves, err := h.store.Moves(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	if last := moves[len(moves)-1]; len(moves) != 3 || last.Notation == "pass" {
		t.Fatalf("the log has %d moves ending with %+v: the forced pass was made", len(moves), last)
	}
	post := lastPost(t, h.discord.TakePosts(), "wins the round")
	loser := actorOf(t, post)
	if !slices.Contains(post.Mentions, loser) {
		t.Errorf("the post asking %s for the pass pings %v", users[loser], post.Mentions)
	}
	menu := selectMenu(t, h.cmd(loser, "hand"), "st:")
	if m := h.click(loser, menu.CustomID, "!drop:ask"); !strings.Contains(m.Content, "Automatic passes are on") {
		t.Fatalf("turning automatic passes on answered %q", m.Content)
	}
	if moves, err = h.store.Moves(t.Context(), id); err != nil {
		t.Fatal(err)
	}
	if last := moves[len(moves)-1]; len(moves) != 4 || last.Notation != "pass" || last.UserID != loser {
		t.Errorf("the log has %d moves ending with %+v, want the loser's pass made at once", len(moves), last)
	}
}
