package bot_test

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/playbychat/pbc/bot"
	"github.com/playbychat/pbc/bot/bottest"
	"github.com/playbychat/pbc/bot/export"
	"github.com/playbychat/pbc/db"
)

// TestSealedBidsGame plays a whole game from /game new to the export:
// simultaneous secret choices through "Choose privately", /move with
// autocomplete and /hand, hidden hands by DM, a blocked DM falling back to
// /hand, and a reaction window closed by the reminder deadline.
func TestSealedBidsGame(t *testing.T) {
	h := newHarness(t, ":memory:")
	opened := h.cmd(alice, "game new", "game=sealedbids", "players=3")
	if opened.Ephemeral || !contains(opened.Content, "Sealed Bids", "commitment") {
		t.Fatalf("/game new: %+v", opened)
	}
	h.cmd(bob, "game join")
	h.cmd(carol, "game join")
	h.discord.Block(carol)
	if m := h.cmd(bob, "game start"); !m.Ephemeral || !strings.Contains(m.Content, "creator") {
		t.Fatalf("bob started the game: %+v", m)
	}
	h.cmd(alice, "game start")
	tableID := h.table().ID

	posts := h.discord.TakePosts()
	checkPublic(t, posts)
	board := lastPost(t, posts, "begins")
	if len(board.Files) != 1 || board.Files[0].Alt == "" {
		t.Errorf("start post has no board image with alt text: %+v", board.Files)
	}
	if !slices.Equal(sortedCopy(board.Mentions), []string{alice, bob, carol}) {
		t.Errorf("start post mentions %v, want all three", board.Mentions)
	}
	choose := button(t, board, "Choose privately")
	warn := lastPost(t, posts, "cannot send you direct messages")
	if !slices.Equal(warn.Mentions, []string{carol}) {
		t.Errorf("DM warning mentions %v", warn.Mentions)
	}
	dms := h.discord.TakeDMs()
	if got := dmUsers(dms); !slices.Equal(got, []string{alice, bob}) {
		t.Fatalf("start DMs went to %v, want alice and bob a panel and a notice each", got)
	}
	for _, dm := range dms {
		panel := dm.ID != ""
		if panel && !strings.Contains(panelText(dm.Message), "Your hand:") || !panel && !strings.Contains(dm.Message.Content, "Your turn") {
			t.Errorf("DM to %s is neither the panel with the hand nor the notice: %+v", dm.User, dm.Message)
		}
	}

	for round := 1; round <= 3; round++ {
		// Alice chooses privately through the public button.
		private := h.click(alice, choose.CustomID)
		if !private.Ephemeral || !strings.Contains(panelText(private), "Your hand:") {
			t.Fatalf("round %d: Choose privately answered %+v", round, private)
		}
		ack := h.click(alice, button(t, private, "Play ").CustomID)
		if !ack.Ephemeral || !strings.Contains(ack.Content, "You played") {
			t.Fatalf("round %d: alice's move answered %+v", round, ack)
		}
		// Bob uses /move with autocomplete.
		choices := h.complete(bob, "move", "action", "play")
		if len(choices) == 0 || len(choices) > 25 {
			t.Fatalf("round %d: bob's suggestions %+v", round, choices)
		}
		if m := h.cmd(bob, "move", "action="+choices[len(choices)-1].Value); !strings.Contains(m.Content, "You played") {
			t.Fatalf("round %d: bob's /move answered %+v", round, m)
		}
		// Carol cannot get DMs: she plays from /hand.
		hand := h.cmd(carol, "hand")
		if !hand.Ephemeral || !strings.Contains(panelText(hand), "Your hand:") {
			t.Fatalf("round %d: /hand answered %+v", round, hand)
		}
		h.click(carol, button(t, hand, "Play ").CustomID)

		posts = h.discord.TakePosts()
		checkPublic(t, posts)
		if strings.Contains(joinPosts(posts), "cannot send you") {
			t.Errorf("round %d: carol was warned again after using /hand", round)
		}
		reveal := lastPost(t, posts, "wins the round")
		loser := actorOf(t, reveal)
		if loser != carol && !slices.Equal(reveal.Mentions, []string{loser}) || loser == carol && len(reveal.Mentions) != 0 {
			t.Fatalf("round %d: the reveal by carol's card pings %v; %s must react", round, reveal.Mentions, loser)
		}
		switch round {
		case 1: // the window closes by the reminder deadline with a pass
			h.clock.Advance(25 * time.Hour)
			if err := h.b.SendDueReminders(context.Background()); err != nil {
				t.Fatal(err)
			}
		case 2: // the loser challenges with the reveal's public button
			h.click(loser, button(t, reveal, "Challenge").CustomID)
		case 3:
			h.cmd(loser, "move", "action=pass")
		}
		after := h.discord.TakePosts()
		checkPublic(t, after)
		want := map[int]string{1: "Time is up", 2: "challenges", 3: "passes"}[round]
		if round == 3 {
			lastPost(t, after, "Game over")
			break
		}
		choose = button(t, lastPost(t, after, want), "Choose privately")
	}
	tbl, err := h.store.Table(context.Background(), tableID)
	if err != nil {
		t.Fatal(err)
	}
	if tbl.Status != db.Finished {
		t.Fatalf("table is %s after three rounds", tbl.Status)
	}
	reminders, err := h.store.Reminders(context.Background())
	if err != nil || len(reminders) != 0 {
		t.Errorf("reminders after the end: %v, %v", reminders, err)
	}
	exported := h.cmd(alice, "game export", "table="+itoa(tableID))
	if exported.Ephemeral || len(exported.Files) != 1 {
		t.Fatalf("export: %+v", exported)
	}
	if err := export.Verify(exported.Files[0].Data); err != nil {
		t.Errorf("VerifyExport: %v", err)
	}
	tampered := strings.Replace(string(exported.Files[0].Data), `"move": "play`, `"move": "play 1`, 1)
	if err := export.Verify([]byte(tampered)); !errors.Is(err, export.ErrReplay) && !errors.Is(err, export.ErrFinalHash) {
		t.Errorf("VerifyExport of a tampered record: %v", err)
	}
}

// panelText is the text of a message with its embeds', one per line.
func panelText(m bot.Message) string {
	parts := []string{m.Content}
	for _, e := range m.Embeds {
		parts = append(parts, e.Title, e.Description)
		for _, f := range e.Fields {
			parts = append(parts, f.Name, f.Value)
		}
	}
	return strings.Join(parts, "\n")
}

func dmUsers(dms []bottest.DM) []string {
	var out []string
	for _, dm := range dms {
		out = append(out, dm.User)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func sortedCopy(s []string) []string {
	out := slices.Clone(s)
	slices.Sort(out)
	return out
}

func joinPosts(posts []bottest.Post) string {
	var b strings.Builder
	for _, p := range posts {
		b.WriteString(p.Message.Content + "\n")
	}
	return b.String()
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
