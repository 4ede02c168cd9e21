package bot_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/playbychat/pbc/bot"
	"github.com/playbychat/pbc/bot/bottest"
	"github.com/playbychat/pbc/db"
)

// gatheredStore makes the bots of a test find the due reminders together:
// DueReminders returns once every bot has read them.
type gatheredStore struct {
	*db.Store
	arrived *sync.WaitGroup
}

func (s gatheredStore) DueReminders(ctx context.Context, now time.Time) ([]db.Reminder, error) {
	rs, err := s.Store.DueReminders(ctx, now)
	s.arrived.Done()
	s.arrived.Wait()
	return rs, err
}

// TestTwoProcessesSendEachReminderOnce runs two bots, as two processes
// without a shard split, each with its own store on one database: both
// find the same reminders due at the same moment, and each reminder is
// posted once.
func TestTwoProcessesSendEachReminderOnce(t *testing.T) {
	dsn := fileDSN(t)
	h := newHarness(t, dsn)
	channels := []string{"c1", "c2", "c3"}
	for _, c := range channels {
		h.channel = c
		h.openTable([]string{alice, bob})
	}
	other, err := db.OpenStore(dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	other.SetClock(h.clock.Now)
	h.discord.TakePosts()
	h.clock.Advance(25 * time.Hour)
	var arrived sync.WaitGroup
	arrived.Add(2)
	var wg sync.WaitGroup
	for _, store := range []*db.Store{h.store, other} {
		b, err := bot.New(bot.Config{
			Store: gatheredStore{store, &arrived}, Discord: h.discord, Render: bottest.Render, Clock: h.clock, Random: h.random,
		})
		if err != nil {
			t.Fatal(err)
		}
		wg.Go(func() {
			if err := b.SendDueReminders(context.Background()); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	reminded := map[string]int{}
	for _, p := range h.discord.TakePosts() {
		if strings.HasPrefix(p.Message.Content, "Reminder:") {
			reminded[p.Channel]++
		}
	}
	for _, c := range channels {
		if reminded[c] != 1 {
			t.Errorf("channel %s got %d reminders, want 1", c, reminded[c])
		}
	}
}

// TestGameCacheChangesNothing plays three tables in turn, one move each at
// a time, with a bot that keeps one game in memory (so that each move loads
// its table from the store, and the turn's feed from the log) and with one
// that keeps them all: both say exactly the same.
func TestGameCacheChangesNothing(t *testing.T) {
	said := func(cachedGames int) []string {
		h := newHarness(t, ":memory:")
		h.cachedGames = cachedGames
		h.restart()
		channels := []string{"c1", "c2", "c3"}
		for _, c := range channels {
			h.channel = c
			h.openTable([]string{alice, bob})
		}
		var out []string
		for range 8 {
			for _, c := range channels {
				h.channel = c
				// The first suggestion of the first player who has one.
				for _, u := range []string{alice, bob} {
					if choices := h.complete(u, "move", "action", ""); len(choices) > 0 {
						out = append(out, "answer to "+u+": "+h.cmd(u, "move", "action="+choices[0].Value).Content)
						break
					}
				}
			}
		}
		for _, p := range h.discord.TakePosts() {
			out = append(out, "post "+p.Channel+": "+p.Message.Content)
		}
		for _, e := range h.discord.TakeEdits() {
			out = append(out, "edit "+e.Channel+": "+e.Message.Content)
		}
		for _, d := range h.discord.TakeDMs() {
			out = append(out, "dm "+d.User+": "+d.Message.Content)
		}
		return out
	}
	all, one := said(0), said(1)
	if len(all) < 20 {
		t.Fatalf("only %d messages", len(all))
	}
	if strings.Join(all, "\n") != strings.Join(one, "\n") {
		t.Errorf("with one game in memory the bot said\n%s\n\nwith all of them\n%s", strings.Join(one, "\n"), strings.Join(all, "\n"))
	}
}
