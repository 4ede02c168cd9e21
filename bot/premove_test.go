package bot_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/playbychat/pbc/bot"
	"github.com/playbychat/pbc/bot/bottest"
)

// TestPremoves plays Sealed Bids rounds in which the seat that waits for
// the other's reaction queues its bid for the next round: a legal one is
// played when the round comes (and its player told), an illegal one and
// one given before a revealed coin flip are dropped with a private word
// why; the queued answers are listed in the player's own /hand, can be
// cancelled, and never reach anyone else.
func TestPremoves(t *testing.T) {
	h := newHarness(t, ":memory:")
	h.cmd(alice, "game new", "game=sealedbids", "options=rounds=4")
	h.cmd(bob, "game join")
	h.cmd(alice, "game start")
	other := func(u string) string {
		if u == alice {
			return bob
		}
		return alice
	}
	var posts []bottest.Post
	var kept []bottest.DM // DMs woken looked at, for told
	takeDMs := func() []bottest.DM {
		out := append(kept, h.discord.TakeDMs()...)
		kept = nil
		return out
	}
	// told takes the DMs sent since the last call and checks that to got
	// exactly want of them and, with want > 0, that one says says; a DM
	// to anyone else that speaks of a queued answer fails the test.
	told := func(to string, want int, says string) {
		t.Helper()
		found, n := false, 0
		for _, d := range takeDMs() {
			switch {
			case d.User == to:
				n++
				found = found || strings.Contains(d.Message.Content, says)
			case strings.Contains(strings.ToLower(d.Message.Content), "queued"):
				t.Errorf("a DM to %s speaks of %s's queued answer: %q", d.User, to, d.Message.Content)
			}
		}
		if n != want || (want > 0 && !found) {
			t.Errorf("%s got %d DMs (want %d), one saying %q: %t", to, n, want, says, found)
		}
	}
	// panelSays takes the edits of DMs since the last call and checks
	// that the last edit of user's panel says says.
	panelSays := func(user, says string) {
		t.Helper()
		last := ""
		for _, e := range h.discord.TakeDMEdits() {
			if e.Channel == bottest.DMChannel(user) {
				last = panelText(e.Message)
			}
		}
		if !strings.Contains(last, says) {
			t.Errorf("the last edit of %s's panel does not say %q:\n%s", user, says, last)
		}
	}
	// bidRound has both seats bid (those that must) and returns the
	// loser, who must now react, and the seat waiting for it.
	bidRound := func(waiting string) (string, string) {
		t.Helper()
		for _, u := range []string{alice, bob} {
			if u != waiting {
				h.play(u)
			}
		}
		loser := h.reactor()
		return loser, other(loser)
	}
	loser, waiting := bidRound("")

	t.Run("refused to the seat that must act", func(t *testing.T) {
		if m := h.cmd(loser, "premove set", "action=pass"); !m.Ephemeral || !strings.Contains(m.Content, "You must act now") {
			t.Errorf("/premove of the acting seat answered %+v", m)
		}
	})
	t.Run("suggestions from the last decision", func(t *testing.T) {
		got := h.complete(waiting, "premove", "action", "play")
		if len(got) == 0 || !strings.HasPrefix(got[0].Value, "play ") {
			t.Errorf("suggestions %+v, want the bids of the last round", got)
		}
	})
	t.Run("queued, cancelled and queued again", func(t *testing.T) {
		card := h.hand(waiting)[0]
		h.discord.TakeDMEdits()
		if m := h.cmd(waiting, "premove set", "action=play "+card); !m.Ephemeral || !strings.Contains(m.Content, "Your answer `play "+card+"` is queued") {
			t.Fatalf("/premove set answered %+v", m)
		}
		edits := h.discord.TakeDMEdits()
		if len(edits) != 1 || edits[0].Channel != bottest.DMChannel(waiting) || !strings.Contains(panelText(edits[0].Message), "`play "+card+"`") {
			t.Errorf("edits of DMs after /premove set: %+v, want the panel of %s with the queued answer", edits, waiting)
		}
		if m := h.cmd(waiting, "hand"); !strings.Contains(m.Content, "Queued answer for your next decision: `play "+card+"`") {
			t.Errorf("/hand does not list the queued answer: %q", m.Content)
		}
		if m := h.cmd(loser, "hand"); strings.Contains(m.Content, "Queued") {
			t.Errorf("the other seat's /hand lists a queued answer: %q", m.Content)
		}
		if m := h.cmd(waiting, "premove cancel"); !strings.Contains(m.Content, "`play "+card+"` is cancelled") {
			t.Errorf("/premove cancel answered %q", m.Content)
		}
		if m := h.cmd(waiting, "premove cancel"); !strings.Contains(m.Content, "no queued answer") {
			t.Errorf("a second /premove cancel answered %q", m.Content)
		}
		h.cmd(waiting, "premove set", "action=play "+card)
	})
	// woken counts the posts since the last call that ping user, and the
	// DMs to user that offer choices (components other than the menu of
	// standing choices); the DMs are kept for told.
	woken := func(user string) (pings, asked int) {
		t.Helper()
		fresh := h.discord.TakePosts()
		posts = append(posts, fresh...)
		for _, p := range fresh {
			if slices.Contains(p.Message.Mentions, user) {
				pings++
			}
		}
		kept = takeDMs()
		for _, d := range kept {
			if d.User == user && slices.ContainsFunc(d.Message.Rows, func(r bot.Row) bool {
				return len(r.Buttons) > 0 || (r.Select != nil && !strings.HasPrefix(r.Select.CustomID, "st:"))
			}) {
				asked++
			}
		}
		return pings, asked
	}
	t.Run("played when legal", func(t *testing.T) {
		card := h.hand(waiting)[0]
		woken(waiting)
		kept = nil
		h.cmd(loser, "move", "action=pass")
		if pings, asked := woken(waiting); pings+asked > 0 {
			t.Errorf("%s was woken (%d pings, %d DMs with choices) for the decision the queued bid answered", waiting, pings, asked)
		}
		// Before: one DM saying it was played. Now: none; the panel says it.
		told(waiting, 0, "")
		panelSays(waiting, "played: `play "+card+"`")
		if slices.Contains(h.hand(waiting), card) {
			t.Errorf("%s still holds %s", waiting, card)
		}
		if m := h.cmd(waiting, "hand"); strings.Contains(m.Content, "Queued") {
			t.Errorf("the played answer is still listed: %q", m.Content)
		}
	})
	loser, waiting = bidRound(waiting)
	t.Run("dropped when not legal", func(t *testing.T) {
		h.cmd(waiting, "premove set", "action=play 99")
		woken(waiting)
		h.discord.TakeDMEdits()
		h.cmd(loser, "move", "action=pass")
		if pings, _ := woken(waiting); pings != 1 {
			t.Errorf("%s was pinged %d times for the decision whose queued bid was dropped, want 1", waiting, pings)
		}
		// Before: two DMs, the notice and the word why. Now: the notice
		// says why, and so does the panel.
		told(waiting, 1, "`play 99` was not a legal move")
		panelSays(waiting, "dropped: `play 99` — it was not a legal move")
		if got := h.complete(waiting, "move", "action", "play"); len(got) == 0 {
			t.Errorf("%s no longer must bid", waiting)
		}
	})
	loser, waiting = bidRound("")
	t.Run("dropped after a reveal", func(t *testing.T) {
		card := h.hand(waiting)[0]
		h.cmd(waiting, "premove set", "action=play "+card)
		takeDMs()
		h.discord.TakeDMEdits()
		h.cmd(loser, "move", "action=challenge")
		// Before: two DMs. Now: the notice, which says why.
		told(waiting, 1, "something was revealed")
		panelSays(waiting, "dropped: `play "+card+"` — something was revealed")
		if !slices.Contains(h.hand(waiting), card) {
			t.Errorf("%s's queued %s was played across the reveal", waiting, card)
		}
	})
	t.Run("dropped after an undo", func(t *testing.T) {
		// The coin flip was the round's last step: both must bid.
		h.play(waiting)
		card := h.hand(waiting)[0]
		h.cmd(waiting, "premove set", "action=play "+card)
		if m := h.cmd(waiting, "game undo"); !strings.Contains(m.Content, "Your move was taken back") {
			t.Fatalf("undo answered %q", m.Content)
		}
		h.clock.Advance(time.Minute)
		takeDMs()
		h.discord.TakeDMEdits()
		h.play(loser)
		// One DM, before and now: the notice, which says why.
		told(waiting, 1, "a move before it was taken back")
		panelSays(waiting, "dropped: `play "+card+"` — a move before it was taken back")
		if !slices.Contains(h.hand(waiting), card) {
			t.Errorf("%s's queued %s was played after the undo", waiting, card)
		}
	})
	t.Run("never visible to others", func(t *testing.T) {
		posts = append(posts, h.discord.TakePosts()...)
		for _, p := range posts {
			if strings.Contains(p.Message.Content, "ueued") || strings.Contains(p.Message.Content, "premove") {
				t.Errorf("a channel post speaks of a queued answer: %q", p.Message.Content)
			}
		}
		if m := h.cmd(carol, "hand"); strings.Contains(m.Content, "Queued") {
			t.Errorf("a spectator's /hand lists a queued answer: %q", m.Content)
		}
	})
}
