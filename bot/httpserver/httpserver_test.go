package httpserver

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/playbychat/pbc/bot"
	"github.com/playbychat/pbc/bot/discordapi"
	"github.com/playbychat/pbc/internal/fakediscord"
)

var (
	where = fakediscord.Where{GuildID: "1", ChannelID: "2"}
	ada   = fakediscord.User{ID: "3", Name: "Ada"}
)

type fixture struct {
	f      *fakediscord.Fake
	srv    *httptest.Server
	priv   ed25519.PrivateKey
	calls  atomic.Int32
	server *Server
}

// setup serves an endpoint whose handler replies with a board image; the
// "slow" command waits for the deferral first.
func setup(t *testing.T) *fixture {
	t.Helper()
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	fx := &fixture{f: fakediscord.New(t), priv: priv}
	sess, err := discordapi.NewSession(fakediscord.Token, fx.f.URL())
	if err != nil {
		t.Fatal(err)
	}
	client := discordapi.NewClient(sess, nil)
	h := discordapi.HandlerFunc(func(ctx context.Context, in *bot.Interaction, r bot.Responder) error {
		fx.calls.Add(1)
		if in.Command == "slow" {
			<-r.(*discordapi.Responder).Acked()
		}
		return r.Reply(ctx, bot.Message{Content: "board for " + in.User.Name,
			Files: []bot.File{{Name: "board.png", ContentType: "image/png", Data: []byte("\x89PNG")}}})
	})
	fx.server, err = New(Config{PublicKey: pub, Client: client, Handler: h})
	if err != nil {
		t.Fatal(err)
	}
	fx.srv = httptest.NewServer(fx.server)
	t.Cleanup(func() {
		fx.srv.Close()
		fx.server.Wait()
	})
	fx.f.UseHTTP(fx.srv.URL, priv)
	return fx
}

func wctx(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	return ctx
}

func TestCommandWithFile(t *testing.T) {
	fx := setup(t)
	in := fx.f.Command(where, ada, "game", "board")
	if in.HTTPStatus != http.StatusAccepted {
		t.Fatalf("status %d, want 202", in.HTTPStatus)
	}
	m, err := in.Wait(wctx(t), fx.f)
	if err != nil {
		t.Fatal(err)
	}
	if in.ResponseType != 4 || m.Content != "board for Ada" || len(m.Files) != 1 || string(m.Files[0].Data) != "\x89PNG" {
		t.Errorf("type %d, message %+v", in.ResponseType, m)
	}
}

func TestDeferredCommand(t *testing.T) {
	fx := setup(t)
	fx.server.cfg.Client.DeferAfter = time.Millisecond
	in := fx.f.Command(where, ada, "slow", "")
	if in.HTTPStatus != http.StatusAccepted {
		t.Fatalf("status %d, want 202", in.HTTPStatus)
	}
	m, err := in.Wait(wctx(t), fx.f)
	if err != nil {
		t.Fatal(err)
	}
	if in.ResponseType != 5 || m.Content != "board for Ada" || len(m.Files) != 1 {
		t.Errorf("type %d, message %+v", in.ResponseType, m)
	}
}

func TestRequests(t *testing.T) {
	_, otherKey, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	ping := `{"id":"9","type":1,"application_id":"` + fakediscord.AppID + `","token":"t"}`
	for _, tc := range []struct {
		name     string
		key      func(fx *fixture) ed25519.PrivateKey
		at       time.Duration // timestamp relative to now
		body     string
		mutate   func(r *http.Request)
		status   int
		wantBody string
	}{
		{name: "ping", body: ping, status: http.StatusOK, wantBody: `{"type":1}`},
		{name: "bad signature", key: func(*fixture) ed25519.PrivateKey { return otherKey }, body: ping, status: http.StatusUnauthorized},
		{name: "stale timestamp", at: -6 * time.Minute, body: ping, status: http.StatusUnauthorized},
		{name: "future timestamp", at: 6 * time.Minute, body: ping, status: http.StatusUnauthorized},
		{name: "no signature", body: ping, mutate: func(r *http.Request) { r.Header.Del("X-Signature-Ed25519") }, status: http.StatusUnauthorized},
		{name: "tampered body", body: ping, mutate: func(r *http.Request) {
			r.Body = io.NopCloser(strings.NewReader(strings.Replace(ping, `"9"`, `"8"`, 1)))
		}, status: http.StatusUnauthorized},
		{name: "not json", body: "{", status: http.StatusBadRequest},
		{name: "modal submit", body: `{"id":"9","type":5,"token":"t","user":{"id":"3"},"data":{"custom_id":"x"}}`, status: http.StatusBadRequest},
		{name: "get", body: ping, mutate: func(r *http.Request) { r.Method = http.MethodGet }, status: http.StatusMethodNotAllowed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fx := setup(t)
			key := fx.priv
			if tc.key != nil {
				key = tc.key(fx)
			}
			req, err := fakediscord.SignedRequest(fx.srv.URL, key, time.Now().Add(tc.at), []byte(tc.body))
			if err != nil {
				t.Fatal(err)
			}
			if tc.mutate != nil {
				tc.mutate(req)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			got, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != tc.status {
				t.Errorf("status %d, want %d (%s)", resp.StatusCode, tc.status, got)
			}
			if tc.wantBody != "" && strings.TrimSpace(string(got)) != tc.wantBody {
				t.Errorf("body %s, want %s", got, tc.wantBody)
			}
			if n := fx.calls.Load(); n != 0 {
				t.Errorf("handler ran %d times", n)
			}
		})
	}
}

func TestNewChecksConfig(t *testing.T) {
	pub, _, _ := ed25519.GenerateKey(rand.Reader)
	for _, tc := range []struct {
		name string
		cfg  Config
	}{
		{"no key", Config{Handler: discordapi.HandlerFunc(nil)}},
		{"short key", Config{PublicKey: pub[:10]}},
		{"no client", Config{PublicKey: pub}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := New(tc.cfg); err == nil {
				t.Error("no error")
			}
		})
	}
}
