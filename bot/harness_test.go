package bot_test

import (
	"context"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/playbychat/pbc/bot"
	"github.com/playbychat/pbc/bot/bottest"
	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games/rng"
	"github.com/playbychat/pbc/internal/testgame"
)

// t0 is a Monday noon, UTC.
var t0 = time.Date(2026, 1, 5, 12, 0, 0, 0, time.UTC)

// users of the tests, by id.
var users = map[string]string{"u1": "Alice", "u2": "Bob", "u3": "Carol", "u4": "Dave", "u5": "Eve"}

const (
	alice = "u1"
	bob   = "u2"
	carol = "u3"
	dave  = "u4"
)

// harness drives a Bot on one channel with fakes.
type harness struct {
	t       testing.TB
	store   *db.Store
	discord *bottest.Discord
	clock   *bottest.Clock
	random  *seqReader
	b       *bot.Bot
	channel string
	locale  string
	manager map[string]bool
	// cachedGames is the bot's Config.CachedGames (0 for the default).
	cachedGames int
	// panels is the bot's Config.Panels (nil for none).
	panels bot.PanelRenderer
	// render is the bot's Config.Render (nil for bottest.Render).
	render bot.Renderer
}

// newHarness opens the store at dsn (":memory:" or a file) and a Bot on it.
func newHarness(t *testing.T, dsn string) *harness {
	t.Helper()
	testgame.Register()
	store, err := db.OpenStore(dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	h := &harness{
		t: t, store: store, discord: bottest.NewDiscord(), clock: bottest.NewClock(t0),
		random: &seqReader{src: rng.New(42)}, channel: "c1", locale: "en-US", manager: map[string]bool{},
	}
	store.SetClock(h.clock.Now)
	h.restart()
	return h
}

// fileDSN returns a database file in the test's temporary directory.
func fileDSN(t *testing.T) string { return filepath.Join(t.TempDir(), "pbc.db") }

// restart replaces the Bot with a new one on the same store and fakes.
func (h *harness) restart() {
	h.t.Helper()
	render := h.render
	if render == nil {
		render = bottest.Render
	}
	b, err := bot.New(bot.Config{
		Store: h.store, Discord: h.discord, Render: render, Clock: h.clock, Random: h.random,
		CachedGames: h.cachedGames, Panels: h.panels,
	})
	if err != nil {
		h.t.Fatal(err)
	}
	h.b = b
}

// run handles one interaction and fails the test if Handle fails.
func (h *harness) run(in *bot.Interaction) *bottest.Responder {
	h.t.Helper()
	r := &bottest.Responder{}
	if err := h.b.Handle(context.Background(), in, r); err != nil {
		h.t.Fatalf("Handle(%+v): %v", in, err)
	}
	return r
}

func (h *harness) base(user string, kind bot.InteractionKind) *bot.Interaction {
	return &bot.Interaction{
		Kind: kind, ID: "i", GuildID: "g1", ChannelID: h.channel, Locale: h.locale,
		User: bot.User{ID: user, Name: users[user]}, Manager: h.manager[user],
	}
}

// cmd runs a command; opts are "name=value" pairs.
func (h *harness) cmd(user, command string, opts ...string) bot.Message {
	h.t.Helper()
	return h.run(h.command(user, command, opts...)).Last()
}

func (h *harness) command(user, command string, opts ...string) *bot.Interaction {
	in := h.base(user, bot.CommandInteraction)
	in.Command, in.Subcommand, _ = strings.Cut(command, " ")
	in.Options = map[string]string{}
	for _, o := range opts {
		k, v, _ := strings.Cut(o, "=")
		in.Options[k] = v
	}
	return in
}

// click clicks a component.
func (h *harness) click(user, customID string, values ...string) bot.Message {
	h.t.Helper()
	in := h.base(user, bot.ComponentInteraction)
	in.CustomID, in.Values = customID, values
	return h.run(in).Last()
}

// complete asks for autocomplete suggestions.
func (h *harness) complete(user, command, focused, typed string) []bot.Choice {
	h.t.Helper()
	in := h.command(user, command, focused+"="+typed)
	in.Kind, in.Focused = bot.AutocompleteInteraction, focused
	r := h.run(in)
	if len(r.Choices) != 1 {
		h.t.Fatalf("autocomplete answered %d times", len(r.Choices))
	}
	return r.Choices[0]
}

// openTable opens a Sealed Bids table for the given users (the first one
// creates it) and starts it; blocked users refuse DMs.
func (h *harness) openTable(players []string, blocked ...string) {
	h.t.Helper()
	for _, u := range blocked {
		h.discord.Block(u)
	}
	h.cmd(players[0], "game new", "game="+testgame.ID)
	for _, u := range players[1:] {
		if m := h.cmd(u, "game join"); m.Ephemeral {
			h.t.Fatalf("join refused: %s", m.Content)
		}
	}
	m := h.cmd(players[0], "game start")
	if t := h.table(); t.Status != db.Running {
		h.t.Fatalf("table is %s after start answered %q", t.Status, m.Content)
	}
}

// table returns the channel's active table.
func (h *harness) table() db.Table {
	h.t.Helper()
	t, err := h.store.ActiveTable(context.Background(), h.channel)
	if err != nil {
		h.t.Fatal(err)
	}
	return t
}

// buttons returns all buttons of m.
func buttons(m bot.Message) []bot.Button {
	var out []bot.Button
	for _, r := range m.Rows {
		out = append(out, r.Buttons...)
	}
	return out
}

// button returns the first button of m whose label starts with prefix.
func button(t testing.TB, m bot.Message, prefix string) bot.Button {
	t.Helper()
	for _, b := range buttons(m) {
		if strings.HasPrefix(b.Label, prefix) {
			return b
		}
	}
	t.Fatalf("no button %q in %+v (content %q)", prefix, m.Rows, m.Content)
	return bot.Button{}
}

// lastPost returns the last post of posts containing text.
func lastPost(t testing.TB, posts []bottest.Post, text string) bot.Message {
	t.Helper()
	for i := len(posts) - 1; i >= 0; i-- {
		if strings.Contains(posts[i].Message.Content, text) {
			return posts[i].Message
		}
	}
	t.Fatalf("no post contains %q among %d posts", text, len(posts))
	return bot.Message{}
}

// lastShown returns the newest channel message containing text, among the
// edits and then the posts made since the last Take: what the channel shows
// of the table's live message.
func (h *harness) lastShown(text string) bot.Message {
	h.t.Helper()
	edits := h.discord.TakeEdits()
	for i := len(edits) - 1; i >= 0; i-- {
		if strings.Contains(edits[i].Message.Content, text) {
			h.discord.TakePosts()
			return edits[i].Message
		}
	}
	return lastPost(h.t, h.discord.TakePosts(), text)
}

// privateText matches what only private views and events of Sealed Bids
// say.
var privateText = regexp.MustCompile(`Your hand|Your card|You played|Play \d`)

// checkPublic fails if a public post or its alt text shows private views.
func checkPublic(t testing.TB, posts []bottest.Post) {
	t.Helper()
	for _, p := range posts {
		checkComponents(t, p.Message)
		texts := []string{p.Message.Content}
		for _, f := range p.Message.Files {
			texts = append(texts, f.Alt)
		}
		for _, b := range buttons(p.Message) {
			texts = append(texts, b.Label)
		}
		for _, text := range texts {
			if secret := privateText.FindString(text); secret != "" {
				t.Fatalf("public post shows %q: %q", secret, text)
			}
		}
	}
}

// seqReader is a deterministic io.Reader for seeds and nonces.
type seqReader struct {
	mu  sync.Mutex // mu protects src
	src *rng.Source
}

func (r *seqReader) Read(p []byte) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for i := range p {
		p[i] = byte(r.src.Uint64())
	}
	return len(p), nil
}

// contains reports whether s holds every one of subs.
func contains(s string, subs ...string) bool {
	return !slices.ContainsFunc(subs, func(sub string) bool { return !strings.Contains(s, sub) })
}

// checkComponents fails if m breaks Discord's component limits: at most
// five rows of up to five buttons or one select menu of 1 to 25 options,
// labels up to 80 characters, unique custom IDs up to 100 characters.
func checkComponents(t testing.TB, m bot.Message) {
	t.Helper()
	if len(m.Rows) > 5 {
		t.Fatalf("%d rows", len(m.Rows))
	}
	ids := map[string]bool{}
	id := func(s string) {
		if s == "" || len(s) > 100 || ids[s] {
			t.Fatalf("custom id %q empty, too long or repeated", s)
		}
		ids[s] = true
	}
	for _, r := range m.Rows {
		if (len(r.Buttons) > 0) == (r.Select != nil) || len(r.Buttons) > 5 {
			t.Fatalf("row %+v must hold 1 to 5 buttons or one select menu", r)
		}
		for _, b := range r.Buttons {
			id(b.CustomID)
			if b.Label == "" || utf8.RuneCountInString(b.Label) > 80 {
				t.Fatalf("button label %q", b.Label)
			}
		}
		if s := r.Select; s != nil {
			id(s.CustomID)
			if len(s.Options) == 0 || len(s.Options) > 25 {
				t.Fatalf("select with %d options", len(s.Options))
			}
			values := map[string]bool{}
			for _, o := range s.Options {
				if values[o.Value] || len(o.Value) > 100 || o.Label == "" || utf8.RuneCountInString(o.Label) > 100 {
					t.Fatalf("select option %+v", o)
				}
				values[o.Value] = true
			}
		}
	}
	if utf8.RuneCountInString(m.Content) > 2000 {
		t.Fatalf("content of %d characters", utf8.RuneCountInString(m.Content))
	}
}
