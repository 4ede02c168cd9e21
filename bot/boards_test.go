package bot_test

import (
	"context"
	"errors"
	"log/slog"
	"slices"
	"testing"
	"time"

	"github.com/playbychat/pbc/bot"
	"github.com/playbychat/pbc/bot/bottest"
)

// liveBoards returns the ids of the posts that carry components.
func liveBoards(posts []bottest.Post) []string {
	var ids []string
	for _, p := range posts {
		if len(p.Message.Rows) > 0 {
			ids = append(ids, p.ID)
		}
	}
	return ids
}

// TestOldBoardsLoseComponents checks that each new board post clears the
// components of the table's previous one, so only the latest offers
// buttons, and that abandoning the table clears the last.
func TestOldBoardsLoseComponents(t *testing.T) {
	h := newHarness(t, ":memory:")
	h.openTable([]string{alice, bob, carol})
	boards := liveBoards(h.discord.TakePosts())
	if len(boards) != 1 || len(h.discord.Cleared()) != 0 {
		t.Fatalf("after the start: boards %v, cleared %v", boards, h.discord.Cleared())
	}
	h.play(alice)
	h.play(bob)
	boards = append(boards, liveBoards(h.discord.TakePosts())...)
	if len(boards) != 3 {
		t.Fatalf("boards with components after two moves: %v", boards)
	}
	if got, want := h.discord.Cleared(), boards[:2]; !slices.Equal(got, want) {
		t.Errorf("after two moves cleared %v, want the older boards %v", got, want)
	}
	h.clock.Advance(25 * time.Hour)
	if err := h.b.SendDueReminders(context.Background()); err != nil {
		t.Fatal(err)
	}
	lastPost(t, h.discord.TakePosts(), "Reminder")
	if got := h.discord.Cleared(); len(got) != 2 {
		t.Errorf("after a reminder cleared %v, want only the 2 older boards", got)
	}
	h.cmd(alice, "game abandon")
	if got, want := h.discord.Cleared(), boards; !slices.Equal(got, want) {
		t.Errorf("after abandon cleared %v, want every board %v", got, want)
	}
}

// noClear is a Discord that cannot edit messages.
type noClear struct{ *bottest.Discord }

func (noClear) ClearComponents(context.Context, string, string) error {
	return errors.New("edit refused")
}

// TestClearFailureKeepsMove checks that a board whose components cannot be
// cleared does not fail the move that replaced it.
func TestClearFailureKeepsMove(t *testing.T) {
	h := newHarness(t, ":memory:")
	b, err := bot.New(bot.Config{Store: h.store, Discord: noClear{h.discord}, Render: bottest.Render, Clock: h.clock,
		Random: h.random, Logger: bottest.Logger(t, slog.LevelDebug)})
	if err != nil {
		t.Fatal(err)
	}
	h.b = b
	h.openTable([]string{alice, bob, carol})
	h.play(alice) // fails the test if the move is not answered as made
	if h.moves() != 1 {
		t.Errorf("log has %d moves, want 1", h.moves())
	}
	if n := len(liveBoards(h.discord.TakePosts())); n != 2 {
		t.Errorf("%d boards with components, want 2", n)
	}
}
