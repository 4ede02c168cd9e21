package gateway

import (
	"context"
	"errors"
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
