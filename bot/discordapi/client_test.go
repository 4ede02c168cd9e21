package discordapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/playbychat/pbc/bot"
	"github.com/playbychat/pbc/bot/bottest"
	"github.com/playbychat/pbc/bot/component"
	"github.com/playbychat/pbc/internal/fakediscord"
)

var (
	guild = fakediscord.Where{GuildID: "500", ChannelID: "501"}
	alice = fakediscord.User{ID: "1", Name: "Alice"}
	bob   = fakediscord.User{ID: "2", Name: "Bob", Locale: "de"}
)

func testLogger(t *testing.T) *slog.Logger { return bottest.Logger(t, slog.LevelDebug) }

// setup starts a fake and a client whose interactions run h.
func setup(t *testing.T, h Handler, ephemeral func(*bot.Interaction) bool) (*fakediscord.Fake, *Client) {
	t.Helper()
	f := fakediscord.New(t)
	s, err := NewSession(fakediscord.Token, f.URL())
	if err != nil {
		t.Fatal(err)
	}
	c := NewClient(s, testLogger(t))
	c.DeferAfter = time.Hour // tests that want a deferral wait for it explicitly
	var wg sync.WaitGroup
	t.Cleanup(wg.Wait) // runs before the fake closes
	f.UseFunc(func(raw []byte) {
		var i discordgo.Interaction
		if err := json.Unmarshal(raw, &i); err != nil {
			t.Errorf("interaction: %v", err)
			return
		}
		_, done := c.Serve(context.Background(), h, &i, 10*time.Second, ephemeral)
		if done != nil {
			wg.Add(1)
			go func() { <-done; wg.Done() }()
		}
	})
	return f, c
}

func ctx(t *testing.T) context.Context {
	c, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	return c
}

// deferFirst makes the responder defer and waits for Discord's ack.
func deferFirst(r bot.Responder) {
	rr := r.(*Responder)
	rr.deferNow()
	<-rr.Acked()
}

var board = bot.File{Name: "board.png", ContentType: "image/png", Data: []byte("\x89PNG fake"), Alt: "The board"}

func TestReply(t *testing.T) {
	f, _ := setup(t, HandlerFunc(func(ctx context.Context, in *bot.Interaction, r bot.Responder) error {
		if err := r.Reply(ctx, bot.Message{Content: "hi <@1> @everyone", Mentions: []string{in.User.ID},
			Ephemeral: true, Files: []bot.File{board}}); err != nil {
			return err
		}
		return r.Reply(ctx, bot.Message{Content: "and more", Rows: []component.Row{{Buttons: []component.Button{{CustomID: "x", Label: "X"}}}}})
	}), nil)
	in := f.Command(guild, alice, "hand", "")
	if _, err := in.Wait(ctx(t), f); err != nil {
		t.Fatal(err)
	}
	if err := f.WaitFor(ctx(t), func(f *fakediscord.Fake) bool { return len(f.Replies(in)) == 2 }); err != nil {
		t.Fatal(err)
	}
	got := f.Replies(in)
	first, second := got[0], got[1]
	if first.Kind != fakediscord.Response || !first.Ephemeral || first.Content != "hi <@1> @everyone" {
		t.Errorf("response = %+v", first)
	}
	if len(first.Files) != 1 || string(first.Files[0].Data) != string(board.Data) || first.Files[0].Description != "The board" {
		t.Errorf("files = %+v", first.Files)
	}
	if !slices.Equal(first.MentionUsers, []string{"1"}) || first.MentionParse == nil || len(first.MentionParse) != 0 {
		t.Errorf("allowed mentions: users %v parse %v", first.MentionUsers, first.MentionParse)
	}
	if second.Kind != fakediscord.FollowUp || second.Ephemeral || second.ChannelID != guild.ChannelID {
		t.Errorf("follow-up = %+v", second)
	}
	if _, ok := second.Button("X"); !ok {
		t.Errorf("follow-up lacks the button: %+v", second.Rows)
	}
	if in.ResponseType != 4 {
		t.Errorf("response type %d, want 4", in.ResponseType)
	}
}

// finalReply waits until in has exactly one reply that is no longer a
// deferral and returns it.
func finalReply(t *testing.T, f *fakediscord.Fake, in *fakediscord.Interaction) fakediscord.Message {
	t.Helper()
	if err := f.WaitFor(ctx(t), func(f *fakediscord.Fake) bool {
		r := f.Replies(in)
		return len(r) == 1 && !r[0].Deferred
	}); err != nil {
		t.Fatal(err)
	}
	return f.Replies(in)[0]
}

func TestDeferredReply(t *testing.T) {
	for _, tc := range []struct {
		name                   string
		deferEphemeral, replyE bool
		wantKind               fakediscord.Kind
	}{
		{"public edit", false, false, fakediscord.Response},
		{"ephemeral edit", true, true, fakediscord.Response},
		{"public deferral, ephemeral reply", false, true, fakediscord.FollowUp},
		{"ephemeral deferral, public reply", true, false, fakediscord.FollowUp},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, _ := setup(t, HandlerFunc(func(ctx context.Context, in *bot.Interaction, r bot.Responder) error {
				deferFirst(r)
				return r.Reply(ctx, bot.Message{Content: "late", Ephemeral: tc.replyE, Files: []bot.File{board}})
			}), func(*bot.Interaction) bool { return tc.deferEphemeral })
			in := f.Command(guild, alice, "move", "", fakediscord.Opt{Name: "move", Value: "x"})
			m := finalReply(t, f, in)
			if in.ResponseType != 5 || m.Kind != tc.wantKind || m.Ephemeral != tc.replyE || m.Content != "late" || len(m.Files) != 1 {
				t.Errorf("type %d, message %+v", in.ResponseType, m)
			}
		})
	}
}

func TestComponent(t *testing.T) {
	for _, tc := range []struct {
		name     string
		deferred bool
		wantType int
	}{
		{"update at once", false, 7},
		{"deferred update", true, 6},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, c := setup(t, HandlerFunc(func(ctx context.Context, in *bot.Interaction, r bot.Responder) error {
				if tc.deferred {
					deferFirst(r)
				}
				if err := r.Update(ctx, bot.Message{Content: "taken: " + in.CustomID,
					Rows: []component.Row{{Buttons: []component.Button{{CustomID: "go", Label: "Go", Disabled: true}}}}}); err != nil {
					return err
				}
				return r.Reply(ctx, bot.Message{Content: "noted", Ephemeral: true})
			}), nil)
			id, err := c.Post(ctx(t), guild.ChannelID, bot.Message{Content: "choose",
				Rows: []component.Row{{Buttons: []component.Button{{CustomID: "go", Label: "Go"}}}}, Files: []bot.File{board}})
			if err != nil {
				t.Fatal(err)
			}
			msgs := f.Messages(guild.ChannelID)
			if len(msgs) != 1 || msgs[0].ID != id {
				t.Fatalf("messages %+v, id %s", msgs, id)
			}
			in := f.Click(alice, msgs[0], "go")
			if err := f.WaitFor(ctx(t), func(f *fakediscord.Fake) bool { return len(f.Replies(in)) == 1 }); err != nil {
				t.Fatal(err)
			}
			msgs = f.Messages(guild.ChannelID)
			clicked := msgs[0]
			b, _ := clicked.Button("Go")
			if clicked.Content != "taken: go" || !b.Disabled || len(clicked.Files) != 1 || in.ResponseType != tc.wantType {
				t.Errorf("type %d, clicked message %+v", in.ResponseType, clicked)
			}
			if r := f.Replies(in)[0]; r.Kind != fakediscord.FollowUp || !r.Ephemeral {
				t.Errorf("reply %+v", r)
			}
		})
	}
}

// TestAcknowledge acknowledges clicks without a message: at once, after a
// deferral, and on an ephemeral message, whose flag the bot learns. The
// clicked message stays as it was and no apology follows.
func TestAcknowledge(t *testing.T) {
	for _, tc := range []struct {
		name                string
		deferred, ephemeral bool
	}{
		{"at once", false, false},
		{"after a deferral", true, false},
		{"on an ephemeral message", false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			seen := make(chan bool, 1)
			h := HandlerFunc(func(ctx context.Context, in *bot.Interaction, r bot.Responder) error {
				if in.CustomID == "ask" {
					return r.Reply(ctx, bot.Message{Content: "choose", Ephemeral: true,
						Rows: []component.Row{{Buttons: []component.Button{{CustomID: "go", Label: "Go"}}}}})
				}
				seen <- in.Ephemeral
				if tc.deferred {
					deferFirst(r)
				}
				return r.Acknowledge(ctx)
			})
			f, c := setup(t, h, nil)
			// Each interaction is served to its end (any apology sent)
			// before the fake's Click returns.
			f.UseFunc(func(raw []byte) {
				var i discordgo.Interaction
				if err := json.Unmarshal(raw, &i); err != nil {
					t.Errorf("interaction: %v", err)
					return
				}
				if _, done := c.Serve(context.Background(), h, &i, 10*time.Second, nil); done != nil {
					<-done
				}
			})
			id, err := c.Post(ctx(t), guild.ChannelID, bot.Message{Content: "choose",
				Rows: []component.Row{{Buttons: []component.Button{{CustomID: "ask", Label: "Ask"}, {CustomID: "go", Label: "Go"}}}}})
			if err != nil {
				t.Fatal(err)
			}
			clicked := f.Messages(guild.ChannelID)[0]
			if tc.ephemeral {
				ask := f.Click(alice, clicked, "ask")
				if clicked, err = ask.Wait(ctx(t), f); err != nil {
					t.Fatal(err)
				}
			}
			in := f.Click(alice, clicked, "go")
			if _, err := in.Wait(ctx(t), f); err != nil {
				t.Fatal(err)
			}
			if got := <-seen; got != tc.ephemeral {
				t.Errorf("the bot was told the message was ephemeral: %v", got)
			}
			if !f.Silent(in) || in.ResponseType != 6 || len(f.Replies(in)) != 0 {
				t.Errorf("type %d, replies %+v", in.ResponseType, f.Replies(in))
			}
			for _, m := range f.Messages(guild.ChannelID) {
				if m.ID == id && (m.Content != "choose" || m.Edits != 0) {
					t.Errorf("the clicked message changed: %+v", m)
				}
			}
		})
	}
}

func TestAutocomplete(t *testing.T) {
	f, _ := setup(t, HandlerFunc(func(ctx context.Context, in *bot.Interaction, r bot.Responder) error {
		var cs []bot.Choice
		for n := range 30 {
			cs = append(cs, bot.Choice{Name: fmt.Sprint(in.Options[in.Focused], n), Value: fmt.Sprint(n)})
		}
		return r.Autocomplete(ctx, cs)
	}), nil)
	in := f.Autocomplete(guild, alice, "move", "", fakediscord.Opt{Name: "move", Value: "p", Focused: true})
	if _, err := in.Wait(ctx(t), f); err != nil {
		t.Fatal(err)
	}
	if in.ResponseType != 8 || len(in.Choices) != 25 || in.Choices[24] != "24" {
		t.Errorf("type %d, choices %v", in.ResponseType, in.Choices)
	}
}

func TestApology(t *testing.T) {
	for _, tc := range []struct {
		name string
		user fakediscord.User
		h    HandlerFunc
		want string
	}{
		{"error without reply", bob, func(ctx context.Context, in *bot.Interaction, r bot.Responder) error {
			return errors.New("broken")
		}, "Da ist etwas schiefgegangen"},
		{"deferred and never filled", alice, func(ctx context.Context, in *bot.Interaction, r bot.Responder) error {
			deferFirst(r)
			return nil
		}, "Something went wrong"},
		{"no reply at all", alice, func(ctx context.Context, in *bot.Interaction, r bot.Responder) error {
			return nil
		}, "Something went wrong"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, _ := setup(t, tc.h, nil)
			in := f.Command(guild, tc.user, "roll", "")
			m := finalReply(t, f, in)
			if !strings.HasPrefix(m.Content, tc.want) || !m.Ephemeral {
				t.Errorf("got %+v, want ephemeral %q", m, tc.want)
			}
		})
	}
}

func count(reqs []string, prefix string) int {
	n := 0
	for _, r := range reqs {
		if strings.HasPrefix(r, prefix) {
			n++
		}
	}
	return n
}

func TestDM(t *testing.T) {
	f, c := setup(t, nil, nil)
	now := time.Now()
	c.now = func() time.Time { return now }
	for range 2 {
		if err := c.DM(ctx(t), alice.ID, bot.Message{Content: "your hand", Files: []bot.File{board}}); err != nil {
			t.Fatal(err)
		}
	}
	if got := f.DMs(alice.ID); len(got) != 2 || got[0].DMUser != alice.ID || len(got[0].Files) != 1 {
		t.Fatalf("DMs = %+v", got)
	}
	if n := count(f.Requests(), "POST /api/v9/users/@me/channels"); n != 1 {
		t.Errorf("%d DM channel requests, want 1 (cached)", n)
	}

	f.SetDMBlocked(bob.ID, true)
	for attempt := range 2 {
		err := c.DM(ctx(t), bob.ID, bot.Message{Content: "secret"})
		if !errors.Is(err, bot.ErrDMBlocked) {
			t.Fatalf("attempt %d: got %v, want ErrDMBlocked", attempt, err)
		}
	}
	bobCh := f.Requests()
	if n := count(bobCh, "POST /api/v9/channels/"); n != 3 {
		t.Errorf("%d channel posts, want 3 (2 for alice, 1 failed for bob)", n)
	}
	f.SetDMBlocked(bob.ID, false)
	now = now.Add(c.BlockedFor)
	if err := c.DM(ctx(t), bob.ID, bot.Message{Content: "secret"}); err != nil {
		t.Fatalf("after BlockedFor: %v", err)
	}
}

// TestDMCachesStayBounded DMs more users than the client's caches hold,
// none of whom takes DMs, and checks that each cache keeps its bound and
// the newest user.
func TestDMCachesStayBounded(t *testing.T) {
	f, c := setup(t, nil, nil)
	n := max(dmChannelsSize, blockedSize) + 1
	for i := range n {
		user := strconv.Itoa(1000 + i)
		f.SetDMBlocked(user, true)
		if err := c.DM(ctx(t), user, bot.Message{Content: "x"}); !errors.Is(err, bot.ErrDMBlocked) {
			t.Fatalf("DM %d: %v, want ErrDMBlocked", i, err)
		}
	}
	newest := strconv.Itoa(1000 + n - 1)
	for _, tc := range []struct {
		name      string
		size, len int
		newest    bool
	}{
		{"DM channels", dmChannelsSize, c.dmChannels.Len(), c.dmChannels.Contains(newest)},
		{"blocked users", blockedSize, c.blocked.Len(), c.blocked.Contains(newest)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.len != tc.size || !tc.newest {
				t.Errorf("%d entries (bound %d), newest kept %v", tc.len, tc.size, tc.newest)
			}
		})
	}
}

func TestPostAndThread(t *testing.T) {
	f, c := setup(t, nil, nil)
	id, err := c.Post(ctx(t), "600", bot.Message{Content: "board", Files: []bot.File{board}})
	if err != nil {
		t.Fatal(err)
	}
	m := f.Messages("600")
	if len(m) != 1 || m[0].ID != id || m[0].Kind != fakediscord.Post || m[0].Files[0].Description != "The board" {
		t.Errorf("messages %+v", m)
	}
	th, err := c.StartThread(ctx(t), "600", "XIBALBA #1")
	if err != nil {
		t.Fatal(err)
	}
	if got := f.Threads(); len(got) != 1 || got[0].ID != th || got[0].ParentID != "600" || got[0].Name != "XIBALBA #1" {
		t.Errorf("threads %+v, id %s", got, th)
	}
}

func TestEdit(t *testing.T) {
	f, c := setup(t, nil, nil)
	rows := []component.Row{{Buttons: []component.Button{{CustomID: "pv:1", Label: "Choose privately", Style: component.Primary}}}}
	id, err := c.Post(ctx(t), "600", bot.Message{Content: "board", Files: []bot.File{board}, Rows: rows})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Edit(ctx(t), "600", id, bot.Message{Content: "board, then"}); err != nil {
		t.Fatal(err)
	}
	m := f.Messages("600")
	if len(m) != 1 || len(m[0].Rows) != 0 || m[0].Edits != 1 || m[0].Content != "board, then" || len(m[0].Files) != 1 {
		t.Errorf("messages after the edit %+v", m)
	}
	if err := c.Edit(ctx(t), "600", "999", bot.Message{Content: "x"}); !errors.Is(err, bot.ErrRejected) {
		t.Errorf("editing an unknown message: %v, want bot.ErrRejected", err)
	}
}

// TestNonce checks that a post repeated with its nonce (after a lost
// answer) makes no second message.
func TestNonce(t *testing.T) {
	f, c := setup(t, nil, nil)
	f.LoseAnswerNext(http.MethodPost, "/api/v9/channels/600/messages")
	if _, err := c.Post(ctx(t), "600", bot.Message{Content: "board", Nonce: "pbc7"}); err == nil {
		t.Fatal("a lost answer was no error")
	}
	id, err := c.Post(ctx(t), "600", bot.Message{Content: "board", Nonce: "pbc7"})
	if err != nil {
		t.Fatal(err)
	}
	if m := f.Messages("600"); len(m) != 1 || m[0].ID != id {
		t.Errorf("messages %+v, want one with id %s", m, id)
	}
}

// TestRateLimit checks that the outbox's requests return Discord's 429 at
// once, with its retry_after and scope, and that replies wait out short
// ones.
func TestRateLimit(t *testing.T) {
	for _, global := range []bool{false, true} {
		f, c := setup(t, nil, nil)
		f.RateLimit(http.MethodPost, "/api/v9/channels/", 1, 3600, global)
		_, err := c.Post(ctx(t), "600", bot.Message{Content: "x"})
		var rl *bot.RateLimitError
		if !errors.As(err, &rl) || rl.RetryAfter != time.Hour || rl.Global != global {
			t.Fatalf("global %v: got %v", global, err)
		}
		if len(f.Messages("600")) != 0 {
			t.Errorf("a rate limited post was made")
		}
	}
}

func TestRewriter(t *testing.T) {
	var got string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = r.Host + " " + r.URL.Path
		io.WriteString(w, `{"url":"ws://x"}`)
	}))
	defer srv.Close()
	for _, tc := range []struct{ name, base, want string }{
		{"host only", srv.URL, "/api/v9/gateway"},
		{"with path", srv.URL + "/proxy/", "/proxy/api/v9/gateway"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := NewSession("t", tc.base)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.Gateway(); err != nil {
				t.Fatal(err)
			}
			u, _ := url.Parse(srv.URL)
			if got != u.Host+" "+tc.want {
				t.Errorf("request went to %q, want %q", got, u.Host+" "+tc.want)
			}
		})
	}
}

func TestDeferTimer(t *testing.T) {
	f, c := setup(t, HandlerFunc(func(ctx context.Context, in *bot.Interaction, r bot.Responder) error {
		<-r.(*Responder).Acked() // only the timer can ack
		return r.Reply(ctx, bot.Message{Content: "slow board"})
	}), nil)
	c.DeferAfter = time.Millisecond
	in := f.Command(guild, alice, "game", "board")
	m, err := in.Wait(ctx(t), f)
	if err != nil {
		t.Fatal(err)
	}
	if in.ResponseType != 5 || m.Content != "slow board" || m.Ephemeral {
		t.Errorf("type %d, message %+v", in.ResponseType, m)
	}
}
