package bot_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/playbychat/pbc/bot"
	"github.com/playbychat/pbc/bot/bottest"
)

// checkNoSelfPing fails if a post pings the user who caused it.
func checkNoSelfPing(t *testing.T, posts []bottest.Post, mover string) {
	t.Helper()
	for _, p := range posts {
		if slices.Contains(p.Message.Mentions, mover) {
			t.Errorf("post pings its own mover %s: %q", mover, p.Message.Content)
		}
	}
}

// TestOnePostPerPhase plays a round of Sealed Bids: the bids of the
// simultaneous phase edit the phase's post quietly with a running count,
// the phase's end posts one board that pings only who must react, and the
// next round opens with one board that pings everyone but the mover.
func TestOnePostPerPhase(t *testing.T) {
	h := newHarness(t, ":memory:")
	h.openTable([]string{alice, bob, carol})
	posts := h.discord.TakePosts()
	if len(posts) != 1 || len(posts[0].Message.Files) != 1 {
		t.Fatalf("the start made %d posts, want one board: %+v", len(posts), posts)
	}
	start := posts[0]
	if got := sortedCopy(start.Message.Mentions); !slices.Equal(got, []string{alice, bob, carol}) {
		t.Errorf("the start pings %v, want everyone", got)
	}
	for i, u := range []string{alice, bob} {
		h.play(u)
		if posts := h.discord.TakePosts(); len(posts) != 0 {
			t.Fatalf("a bid posted %q", posts[0].Message.Content)
		}
		edits := h.discord.TakeEdits()
		if len(edits) != 1 || edits[0].ID != start.ID {
			t.Fatalf("bid %d: edits %+v, want one of the start's post", i+1, edits)
		}
		if want := itoa(int64(i+1)) + " of 3 ready"; !strings.Contains(edits[0].Message.Content, want) {
			t.Errorf("bid %d: edit %q does not say %q", i+1, edits[0].Message.Content, want)
		}
		if len(edits[0].Message.Mentions) != 0 || len(edits[0].Message.Files) != 0 {
			t.Errorf("an edit pings %v or replaces the image", edits[0].Message.Mentions)
		}
	}
	h.play(carol)
	edits, posts := h.discord.TakeEdits(), h.discord.TakePosts()
	if len(posts) != 1 || len(posts[0].Message.Files) != 1 || !strings.Contains(posts[0].Message.Content, "wins the round") {
		t.Fatalf("the last bid posted %+v, want one board with the reveal", posts)
	}
	checkNoSelfPing(t, posts, carol)
	if len(edits) != 1 || edits[0].ID != start.ID || len(edits[0].Message.Rows) != 0 || edits[0].Message.Content != start.Message.Content {
		t.Errorf("the start's post was not restored without buttons: %+v", edits)
	}
	loser := actorOf(t, posts[0].Message)
	if want := []string{loser}; loser == carol && len(posts[0].Message.Mentions) != 0 || loser != carol && !slices.Equal(posts[0].Message.Mentions, want) {
		t.Errorf("the reveal pings %v; the loser is %s, the mover carol", posts[0].Message.Mentions, loser)
	}
	h.cmd(loser, "move", "action=pass")
	posts = h.discord.TakePosts()
	if len(posts) != 1 || !strings.Contains(posts[0].Message.Content, "passes") {
		t.Fatalf("the pass posted %+v, want the next round's board", posts)
	}
	checkNoSelfPing(t, posts, loser)
	if got := len(posts[0].Message.Mentions); got != 2 {
		t.Errorf("the next round pings %v, want the two others", posts[0].Message.Mentions)
	}
}

// TestBoardEveryMove checks the table setting board:move: a board after
// every move, each pinging only who newly must act.
func TestBoardEveryMove(t *testing.T) {
	h := newHarness(t, ":memory:")
	h.cmd(alice, "game new", "game=sealedbids", "board=move")
	h.cmd(bob, "game join")
	h.cmd(alice, "game start")
	h.discord.TakePosts()
	h.play(alice)
	posts := h.discord.TakePosts()
	if len(posts) != 1 || len(posts[0].Message.Files) != 1 || len(posts[0].Message.Mentions) != 0 {
		t.Fatalf("a bid under board:move posted %+v, want one board pinging nobody", posts)
	}
}

// TestBoardOff checks board:off: posts without images, /game board on
// request.
func TestBoardOff(t *testing.T) {
	h := newHarness(t, ":memory:")
	h.cmd(alice, "game new", "game=sealedbids", "board=off")
	h.cmd(bob, "game join")
	h.cmd(alice, "game start")
	posts := h.discord.TakePosts()
	if len(posts) != 1 || len(posts[0].Message.Files) != 0 {
		t.Fatalf("the start under board:off posted %+v, want one text post", posts)
	}
	if m := h.cmd(bob, "game board"); len(m.Files) != 1 || m.Ephemeral {
		t.Errorf("/game board for a player: %+v", m)
	}
	if m := h.cmd(carol, "game board"); !m.Ephemeral || len(m.Rows) != 0 {
		t.Errorf("/game board for a spectator is not private, or has buttons: %+v", m)
	}
}

// TestRateLimitedPostsWait checks that posts Discord answers with 429 stay
// in the outbox for retry_after, however long, and then go out in order,
// once each.
func TestRateLimitedPostsWait(t *testing.T) {
	for _, global := range []bool{false, true} {
		t.Run(map[bool]string{false: "route", true: "global"}[global], func(t *testing.T) {
			h := newHarness(t, ":memory:")
			limited := true
			h.discord.Fail(func(op, _ string) error {
				if limited && op != "dm" {
					return &bot.RateLimitError{RetryAfter: 3 * time.Hour, Global: global}
				}
				return nil
			})
			h.openTable([]string{alice, bob, carol})
			h.play(alice)
			if posts := h.discord.TakePosts(); len(posts) != 0 {
				t.Fatalf("posted while rate limited: %+v", posts)
			}
			limited = false
			ctx := context.Background()
			h.clock.Advance(2 * time.Hour)
			if err := h.b.DeliverDue(ctx); err != nil {
				t.Fatal(err)
			}
			if posts := h.discord.TakePosts(); len(posts) != 0 {
				t.Fatalf("posted before retry_after: %+v", posts)
			}
			h.clock.Advance(time.Hour)
			if err := h.b.DeliverDue(ctx); err != nil {
				t.Fatal(err)
			}
			posts, edits := h.discord.TakePosts(), h.discord.TakeEdits()
			if len(posts) != 1 || !strings.Contains(posts[0].Message.Content, "begins") || len(edits) != 1 || edits[0].ID != posts[0].ID {
				t.Fatalf("after the wait: posts %+v, edits %+v; want the start's board, then its edit", posts, edits)
			}
		})
	}
}

// TestLostAnswerPostsOnce checks that a post Discord made but whose answer
// was lost is not made twice: the retry carries the same nonce.
func TestLostAnswerPostsOnce(t *testing.T) {
	h := newHarness(t, ":memory:")
	lose := true
	h.discord.LoseAnswers(func(op, _ string) error {
		if lose && op == "post" {
			lose = false
			return errors.New("connection reset")
		}
		return nil
	})
	h.openTable([]string{alice, bob})
	if posts := h.discord.TakePosts(); len(posts) != 1 {
		t.Fatalf("%d posts, want the start's board", len(posts))
	}
	h.clock.Advance(time.Minute)
	if err := h.b.DeliverDue(context.Background()); err != nil {
		t.Fatal(err)
	}
	if posts := h.discord.TakePosts(); len(posts) != 0 {
		t.Fatalf("the retry posted again: %+v", posts)
	}
	// The retry learnt the post's id: the next bid edits it.
	h.play(alice)
	if edits := h.discord.TakeEdits(); len(edits) != 1 || edits[0].ID != "m1" {
		t.Errorf("the bid's edit: %+v", edits)
	}
}

// TestFailedEditsKeepMoves checks that a channel refusing edits for good
// fails no move.
func TestFailedEditsKeepMoves(t *testing.T) {
	h := newHarness(t, ":memory:")
	h.discord.Fail(func(op, _ string) error {
		if op == "edit" {
			return bot.ErrRejected
		}
		return nil
	})
	h.openTable([]string{alice, bob, carol})
	h.play(alice) // fails the test if the move is not answered as made
	if h.moves() != 1 {
		t.Errorf("log has %d moves, want 1", h.moves())
	}
}

// TestAbandonClearsButtons checks that abandoning a table restores its live
// message without buttons.
func TestAbandonClearsButtons(t *testing.T) {
	h := newHarness(t, ":memory:")
	h.openTable([]string{alice, bob})
	h.discord.TakePosts()
	h.cmd(alice, "game abandon")
	if got := h.discord.Cleared(); !slices.Equal(got, []string{"m1"}) {
		t.Errorf("after abandon cleared %v, want the live board", got)
	}
}

// TestTableSettings changes a running table's language and board setting:
// only its creator (or a manager) may, and the next posts follow them,
// whatever language the players speak.
func TestTableSettings(t *testing.T) {
	h := newHarness(t, ":memory:")
	h.openTable([]string{alice, bob, carol})
	h.discord.TakePosts()
	if m := h.cmd(bob, "game settings", "language=de"); !m.Ephemeral || !strings.Contains(m.Content, "creator") {
		t.Fatalf("a player changed the table's language: %+v", m)
	}
	// The answer is public, so in the table's new language.
	if m := h.cmd(alice, "game settings", "language=de", "board=off"); m.Ephemeral || !strings.Contains(m.Content, "Sprache Deutsch") {
		t.Fatalf("/game settings language=de board=off: %+v", m)
	}
	if m := h.cmd(alice, "game settings", "language=fr"); !m.Ephemeral {
		t.Errorf("an unknown language was taken: %+v", m)
	}
	if m := h.cmd(alice, "game settings"); !strings.Contains(m.Content, "language German; board only on request") {
		t.Errorf("/game settings shows %q", m.Content)
	}
	h.play(alice)
	h.play(bob)
	h.play(carol)
	posts := h.discord.TakePosts()
	if len(posts) != 1 || !strings.Contains(posts[0].Message.Content, "gewinnt die Runde") || len(posts[0].Message.Files) != 0 {
		t.Fatalf("after the settings the reveal posted %+v, want one German post without an image", posts)
	}
}
