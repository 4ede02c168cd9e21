package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/db/dbtest"
	"github.com/playbychat/pbc/internal/fakediscord"
	"github.com/playbychat/pbc/internal/testgame"
)

// shardProcess is a pbc run process of a sharded test deployment.
type shardProcess struct {
	stop   context.CancelFunc
	done   chan error
	health string // base URL of its health checks
}

// startShard runs pbc run as shard id of 2 on the database dsn, talking
// to f, until its stop is called.
func startShard(t *testing.T, f *fakediscord.Fake, dsn string, id int) *shardProcess {
	t.Helper()
	cfg, ln := configAndListener(t, writeConfig(t, fmt.Sprintf("token_env: %s\napi_base_url: %s\napplication_id: %q\n"+
		"guild_id: %q\ndatabase: %q\nshards: 2\nshard_id: %d\nlog: {level: error}\n",
		testTokenEnv, f.URL(), fakediscord.AppID, testWhere.GuildID, dsn, id)))
	ctx, cancel := context.WithCancel(context.Background())
	p := &shardProcess{stop: cancel, done: make(chan error, 1), health: "http://" + ln.Addr().String()}
	go func() { p.done <- runGateway(ctx, cfg, slog.New(slog.DiscardHandler), ln) }()
	t.Cleanup(func() { p.halt(t) })
	if err := f.WaitFor(waitCtx(t), func(f *fakediscord.Fake) bool {
		for _, sh := range f.Shards() {
			if sh == [2]int{id, 2} {
				return true
			}
		}
		return false
	}); err != nil {
		t.Fatalf("shard %d did not connect: %v", id, err)
	}
	return p
}

// halt stops the process and waits for it; halting twice is no error.
func (p *shardProcess) halt(t *testing.T) {
	t.Helper()
	p.stop()
	if err, ok := <-p.done; ok {
		close(p.done)
		if err != nil {
			t.Errorf("pbc run: %v", err)
		}
	}
}

// healthy waits until the process answers its health check with 200.
func (p *shardProcess) healthy(t *testing.T) {
	t.Helper()
	ctx := waitCtx(t)
	for {
		resp, err := http.Get(p.health + healthPath)
		if err == nil {
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK && string(body) == "ok\n" {
				return
			}
		}
		select {
		case <-ctx.Done():
			t.Fatalf("health check never passed: %v", err)
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// TestRunShardedProcesses runs two pbc run processes as the two shards of
// a bot on one database. Each gets the interactions of its own guilds and
// sends the reminders of its own guilds' tables only: with shard 1 down,
// the reminder due in its guild waits for it.
func TestRunShardedProcesses(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, b dbtest.Backend) {
		testgame.Register()
		t.Setenv(testTokenEnv, fakediscord.Token)
		f := fakediscord.New(t)
		dsn := b.DSN(t)
		ctx := waitCtx(t)
		// Discord sends a guild's events to shard (guild_id >> 22) % 2.
		where := []fakediscord.Where{
			{GuildID: fmt.Sprint(2 << 22), ChannelID: "801"}, // shard 0
			{GuildID: fmt.Sprint(1 << 22), ChannelID: "802"}, // shard 1
		}
		procs := []*shardProcess{startShard(t, f, dsn, 0), startShard(t, f, dsn, 1)}
		for _, p := range procs {
			p.healthy(t)
		}
		store, err := db.OpenStore(dsn)
		if err != nil {
			t.Fatal(err)
		}
		defer store.Close()
		tables := make([]int64, len(where))
		for shard, w := range where {
			for _, c := range []struct {
				user      fakediscord.User
				sub       string
				opts      []fakediscord.Opt
				wantReply string
			}{
				{sharedAlice, "new", []fakediscord.Opt{{Name: "game", Value: testgame.ID}}, "Sealed Bids"},
				{sharedBob, "join", nil, "Bob"},
				{sharedAlice, "start", nil, ""},
			} {
				in := f.Command(w, c.user, "game", c.sub, c.opts...)
				m, err := in.Wait(ctx, f)
				if err != nil || !strings.Contains(m.Content, c.wantReply) {
					t.Fatalf("/game %s in guild %s: %q, %v", c.sub, w.GuildID, m.Content, err)
				}
				if in.Shard != shard {
					t.Errorf("/game %s in guild %s went to shard %d, want %d", c.sub, w.GuildID, in.Shard, shard)
				}
			}
			tb, err := store.ActiveTable(ctx, w.ChannelID)
			if err != nil || tb.Status != db.Running {
				t.Fatalf("table in guild %s: %+v, %v", w.GuildID, tb, err)
			}
			tables[shard] = tb.ID
		}

		// Both tables owe a reminder while no process runs; shard 0
		// sends its own at start and leaves the other one due.
		for _, p := range procs {
			p.halt(t)
		}
		// Shard 1's is due first: a process that handled every reminder
		// would have sent it before shard 0's.
		due := time.Now().Add(-time.Hour).UTC().Truncate(time.Second)
		for shard, id := range tables {
			// The seats' reminders and the table's, which is the
			// earliest of theirs.
			at := due.Add(-time.Duration(shard) * time.Minute)
			seats, err := store.Seats(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			var times []db.SeatTimes
			for _, st := range seats {
				times = append(times, db.SeatTimes{Seat: st.Seat, ActingSince: st.ActingSince, RemindAt: at, Missed: st.Missed})
			}
			if err := store.SetSeatTimes(ctx, id, times...); err != nil {
				t.Fatal(err)
			}
			if err := store.SetReminder(ctx, id, at); err != nil {
				t.Fatal(err)
			}
		}
		reminded := func(shard int) func(*fakediscord.Fake) bool {
			return func(f *fakediscord.Fake) bool {
				for _, m := range f.Messages(where[shard].ChannelID) {
					if strings.HasPrefix(m.Content, "Reminder:") {
						return true
					}
				}
				return false
			}
		}
		startShard(t, f, dsn, 0)
		if err := f.WaitFor(ctx, reminded(0)); err != nil {
			t.Fatalf("shard 0 sent no reminder in its guild: %v", err)
		}
		rs, err := store.Reminders(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rs {
			if r.TableID == tables[1] && !r.Due.Equal(due.Add(-time.Minute)) {
				t.Errorf("shard 0 handled the reminder of shard 1's table: due %v, was %v", r.Due, due.Add(-time.Minute))
			}
		}
		if reminded(1)(f) {
			t.Error("shard 0 sent the reminder in shard 1's guild")
		}
		startShard(t, f, dsn, 1).healthy(t)
		if err := f.WaitFor(ctx, reminded(1)); err != nil {
			t.Fatalf("shard 1 sent no reminder in its guild: %v", err)
		}
	})
}
