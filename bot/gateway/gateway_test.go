package gateway

import (
	"context"
	"errors"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/playbychat/pbc/bot"
	"github.com/playbychat/pbc/bot/discordapi"
	"github.com/playbychat/pbc/internal/fakediscord"
)

func TestRun(t *testing.T) {
	f := fakediscord.New(t)
	tr, err := New(Config{Token: fakediscord.Token, APIBaseURL: f.URL()})
	if err != nil {
		t.Fatal(err)
	}
	started, release := make(chan struct{}), make(chan struct{})
	h := discordapi.HandlerFunc(func(ctx context.Context, in *bot.Interaction, r bot.Responder) error {
		if in.Command == "slow" {
			close(started)
			<-release
		}
		return r.Reply(ctx, bot.Message{Content: "pong " + in.User.Name + " " + in.Options["n"],
			Files: []bot.File{{Name: "board.png", ContentType: "image/png", Data: []byte("png")}}})
	})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	runErr := make(chan error, 1)
	go func() { runErr <- tr.Run(ctx, h) }()

	wctx, wcancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer wcancel()
	if err := f.WaitConnected(wctx); err != nil {
		t.Fatal(err)
	}
	where := fakediscord.Where{GuildID: "1", ChannelID: "2"}
	in := f.Command(where, fakediscord.User{ID: "3", Name: "Ada"}, "ping", "", fakediscord.Opt{Name: "n", Value: "7"})
	m, err := in.Wait(wctx, f)
	if err != nil {
		t.Fatal(err)
	}
	if m.Content != "pong Ada 7" || len(m.Files) != 1 || string(m.Files[0].Data) != "png" {
		t.Errorf("reply %+v", m)
	}

	// A handler in flight at shutdown still completes.
	slow := f.Command(where, fakediscord.User{ID: "3", Name: "Ada"}, "slow", "")
	<-started
	cancel()
	close(release)
	if _, err := slow.Wait(wctx, f); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-runErr:
		if err != nil {
			t.Fatal(err)
		}
	case <-wctx.Done():
		t.Fatal("Run did not return")
	}
}

func TestNewWithoutToken(t *testing.T) {
	if _, err := New(Config{}); err == nil {
		t.Fatal("no error without a token")
	}
}

func TestRunBadToken(t *testing.T) {
	f := fakediscord.New(t)
	tr, err := New(Config{Token: "wrong", APIBaseURL: f.URL()})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	err = tr.Run(ctx, nil)
	if err == nil || errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("got %v, want a connection error", err)
	}
}

// guildOn returns a guild id that Discord sends to shard id (of any count
// above id).
func guildOn(id int) string { return strconv.Itoa(id << 22) }

func TestRunShards(t *testing.T) {
	tests := []struct {
		name        string
		recommended int
		cfg         Config
		want        [][2]int // the shards identified
	}{
		{"recommended count, all shards", 3, Config{}, [][2]int{{0, 3}, {1, 3}, {2, 3}}},
		{"one shard of two", 1, Config{Shards: 2, ShardIDs: []int{1}}, [][2]int{{1, 2}}},
		{"unsharded", 1, Config{}, [][2]int{{0, 0}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := fakediscord.New(t)
			f.SetRecommendedShards(tt.recommended)
			cfg := tt.cfg
			cfg.Token, cfg.APIBaseURL, cfg.IdentifyEvery = fakediscord.Token, f.URL(), time.Millisecond
			tr, err := New(cfg)
			if err != nil {
				t.Fatal(err)
			}
			if err := tr.Ready(); err == nil {
				t.Error("ready before Run")
			}
			h := discordapi.HandlerFunc(func(ctx context.Context, in *bot.Interaction, r bot.Responder) error {
				return r.Reply(ctx, bot.Message{Content: "pong " + in.GuildID})
			})
			ctx, cancel := context.WithCancel(context.Background())
			runErr := make(chan error, 1)
			go func() { runErr <- tr.Run(ctx, h) }()
			wctx, wcancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer wcancel()
			if err := f.WaitFor(wctx, func(f *fakediscord.Fake) bool { return len(f.Shards()) == len(tt.want) }); err != nil {
				t.Fatal(err)
			}
			if got := f.Shards(); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("identified as shards %v, want %v", got, tt.want)
			}
			for _, sh := range tt.want {
				guild := guildOn(sh[0])
				in := f.Command(fakediscord.Where{GuildID: guild, ChannelID: "9"}, fakediscord.User{ID: "3", Name: "Ada"}, "ping", "")
				m, err := in.Wait(wctx, f)
				if err != nil || m.Content != "pong "+guild || in.Shard != sh[0] {
					t.Errorf("guild %s: reply %q (%v) through shard %d, want shard %d", guild, m.Content, err, in.Shard, sh[0])
				}
			}
			if err := waitReady(wctx, tr); err != nil {
				t.Error(err)
			}
			cancel()
			if err := <-runErr; err != nil {
				t.Fatal(err)
			}
		})
	}
}

// waitReady waits until every shard of tr has its READY.
func waitReady(ctx context.Context, tr *Transport) error {
	for {
		err := tr.Ready()
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(5 * time.Millisecond):
		}
	}
}

func TestShardsRefused(t *testing.T) {
	for _, cfg := range []Config{
		{Shards: 2, ShardIDs: []int{2}},
		{Shards: 2, ShardIDs: []int{0, 0}},
		{Shards: -1},
	} {
		cfg.Token = fakediscord.Token
		if _, err := New(cfg); err == nil {
			t.Errorf("New accepted shards %v of %d", cfg.ShardIDs, cfg.Shards)
		}
	}
	// A shard beyond Discord's recommended count is refused by Run.
	f := fakediscord.New(t)
	f.SetRecommendedShards(2)
	tr, err := New(Config{Token: fakediscord.Token, APIBaseURL: f.URL(), ShardIDs: []int{2}})
	if err != nil {
		t.Fatal(err)
	}
	if err := tr.Run(context.Background(), nil); err == nil || !strings.Contains(err.Error(), "recommends 2") {
		t.Errorf("Run = %v, want an error naming the recommended count", err)
	}
}
