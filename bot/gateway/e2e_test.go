package gateway_test

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"hash/fnv"
	"io"
	"log/slog"
	mrand "math/rand/v2"
	"net/http/httptest"
	"os"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/playbychat/pbc/bot"
	"github.com/playbychat/pbc/bot/bottest"
	"github.com/playbychat/pbc/bot/discordapi"
	"github.com/playbychat/pbc/bot/gateway"
	"github.com/playbychat/pbc/bot/httpserver"
	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/images"
	"github.com/playbychat/pbc/internal/fakediscord"
	"github.com/playbychat/pbc/internal/testgame"
)

var (
	where = fakediscord.Where{GuildID: "700", ChannelID: "701"}
	alice = fakediscord.User{ID: "11", Name: "Alice"}
	bob   = fakediscord.User{ID: "12", Name: "Bob", Locale: "de"}
	carol = fakediscord.User{ID: "13", Name: "Carol"}
)

// stubRender draws no boards: Sealed Bids has no renderer of its own and
// the fallback costs time better spent on XIBALBA's real one.
var stubRender bot.Renderer = bottest.Render

// realRender draws real boards, except under the race detector or -short,
// where drawing every board takes seconds.
func realRender(v games.View, names []string, lang games.Lang, changes []string) ([]byte, string, error) {
	if testing.Short() || raceEnabled {
		return bottest.Render(v, names, lang, changes)
	}
	return images.Render(v, names, lang, changes)
}

// e2e is the real bot core with an in-memory store, connected through a
// transport to a fake Discord.
type e2e struct {
	t       *testing.T
	f       *fakediscord.Fake
	ctx     context.Context
	store   *db.Store
	handled *handled
}

// handled wraps the bot's handler to tell when it is done with an
// interaction: a click acknowledged silently looks on the wire like a
// deferral that a follow-up will fill.
type handled struct {
	h    discordapi.Handler
	mu   sync.Mutex // protects done
	done map[string]chan struct{}
	// busy counts the interactions being handled: the bot answers before
	// it makes the moves that follow (bot seats, forced moves).
	busy atomic.Int64
}

func (h *handled) Handle(ctx context.Context, in *bot.Interaction, r bot.Responder) error {
	h.busy.Add(1)
	defer h.busy.Add(-1)
	defer close(h.doneCh(in.ID))
	return h.h.Handle(ctx, in, r)
}

func (h *handled) doneCh(id string) chan struct{} {
	h.mu.Lock()
	defer h.mu.Unlock()
	ch, ok := h.done[id]
	if !ok {
		ch = make(chan struct{})
		h.done[id] = ch
	}
	return ch
}

// deliveryPoll is how often the bots of these tests retry deliveries.
const deliveryPoll = 10 * time.Millisecond

// transports are the ways interactions reach the bot.
var transports = []string{"gateway", "http"}

func deferEphemeral(in *bot.Interaction) bool { return in.Command == "hand" || in.Command == "move" }

// testRandom is the bot's source of seeds and nonces for the test t: the
// same for every run of t, so that its tables play the same games (a
// test that plays whole games must not pass or fail by the seed crypto/rand
// drew); PBC_E2E_SEED=text varies the games of a run. Safe for the bot's concurrent use.
func testRandom(t *testing.T) io.Reader {
	h := fnv.New64a()
	h.Write([]byte(t.Name() + os.Getenv("PBC_E2E_SEED")))
	var seed [32]byte
	binary.LittleEndian.PutUint64(seed[:], h.Sum64())
	return &lockedReader{r: mrand.NewChaCha8(seed)}
}

// lockedReader serializes reads of r.
type lockedReader struct {
	mu sync.Mutex
	r  io.Reader
}

func (l *lockedReader) Read(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.r.Read(p)
}

// startE2E starts the bot behind the named transport, "gateway" (pbc run)
// or "http" (pbc serve), drawing boards with render.
func startE2E(t *testing.T, transport string, render bot.Renderer) *e2e {
	t.Helper()
	testgame.Register()
	f := fakediscord.New(t)
	store, err := db.OpenStore(":memory:")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	log := bottest.Logger(t, slog.LevelInfo)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	e := &e2e{t: t, f: f, ctx: ctx, store: store}
	if transport == "http" {
		e.startHTTP(store, log, render)
		return e
	}
	tr, err := gateway.New(gateway.Config{Token: fakediscord.Token, APIBaseURL: f.URL(), Log: log, Ephemeral: deferEphemeral})
	if err != nil {
		t.Fatal(err)
	}
	b, err := bot.New(bot.Config{Store: store, Discord: tr.Client(), Render: render, Logger: log, DeliveryPoll: deliveryPoll, DeliveryBackoff: deliveryPoll, Random: testRandom(t)})
	if err != nil {
		t.Fatal(err)
	}
	runCtx, stop := context.WithCancel(context.Background())
	done := make(chan error, 2)
	e.handled = &handled{h: b, done: map[string]chan struct{}{}}
	go func() { done <- tr.Run(runCtx, e.handled) }()
	go func() {
		if err := b.RunDeliveries(runCtx); !errors.Is(err, context.Canceled) {
			done <- err
			return
		}
		done <- nil
	}()
	t.Cleanup(func() {
		stop()
		for range 2 {
			if err := <-done; err != nil {
				t.Errorf("Run: %v", err)
			}
		}
	})
	if err := f.WaitConnected(ctx); err != nil {
		t.Fatal(err)
	}
	return e
}

// startHTTP serves the bot on an HTTP interactions endpoint that the fake
// posts signed interactions to.
func (e *e2e) startHTTP(store *db.Store, log *slog.Logger, render bot.Renderer) {
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		e.t.Fatal(err)
	}
	sess, err := discordapi.NewSession(fakediscord.Token, e.f.URL())
	if err != nil {
		e.t.Fatal(err)
	}
	client := discordapi.NewClient(sess, log)
	b, err := bot.New(bot.Config{Store: store, Discord: client, Render: render, Logger: log, DeliveryPoll: deliveryPoll, DeliveryBackoff: deliveryPoll, Random: testRandom(e.t)})
	if err != nil {
		e.t.Fatal(err)
	}
	runCtx, stop := context.WithCancel(context.Background())
	delivered := make(chan struct{})
	go func() {
		defer close(delivered)
		b.RunDeliveries(runCtx)
	}()
	e.t.Cleanup(func() {
		stop()
		<-delivered
	})
	e.handled = &handled{h: b, done: map[string]chan struct{}{}}
	endpoint, err := httpserver.New(httpserver.Config{PublicKey: pub, Client: client, Handler: e.handled, Ephemeral: deferEphemeral, Log: log})
	if err != nil {
		e.t.Fatal(err)
	}
	srv := httptest.NewServer(endpoint)
	e.t.Cleanup(func() {
		srv.Close()
		endpoint.Wait()
	})
	e.f.UseHTTP(srv.URL, priv)
}

// changed waits a while for the channel's table to leave version (a move
// was made, or the game ended) and reports whether it did.
func (e *e2e) changed(version int) bool {
	e.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		tab, err := e.store.ActiveTable(e.ctx, where.ChannelID)
		if err != nil || tab.Version != version {
			return true
		}
		time.Sleep(2 * time.Millisecond)
	}
	return false
}

// settle waits until the bot is done with the interactions it answered
// and the outbox is empty: every message the last change owes the channel
// has been delivered (the bot answers before it delivers, and before the
// moves of bot seats and forced moves that follow).
func (e *e2e) settle() {
	e.t.Helper()
	for {
		n, err := e.store.PendingDeliveries(e.ctx)
		if err != nil {
			e.t.Fatal(err)
		}
		if n == 0 && e.handled.busy.Load() == 0 {
			return
		}
		select {
		case <-e.ctx.Done():
			e.t.Fatalf("%d messages undelivered", n)
		case <-time.After(2 * time.Millisecond):
		}
	}
}

// answer waits for the bot's answer to in: its last reply message, or the
// clicked message when the bot updated it, or a zero Message when the bot
// acknowledged a click without a message.
func (e *e2e) answer(in *fakediscord.Interaction) fakediscord.Message {
	e.t.Helper()
	m, err := in.Wait(e.ctx, e.f)
	if err == nil && e.f.Silent(in) {
		// A deferral or a silent acknowledgement: the handler knows.
		select {
		case <-e.handled.doneCh(in.ID):
		case <-e.ctx.Done():
		}
		if e.f.Silent(in) {
			return fakediscord.Message{}
		}
		m, err = in.Wait(e.ctx, e.f)
	}
	if err != nil {
		for _, r := range e.f.Requests() {
			e.t.Log(r)
		}
		e.t.Fatalf("interaction %s (%+v): %v", in.ID, in, err)
	}
	if r := e.f.Replies(in); len(r) > 0 {
		return r[len(r)-1]
	}
	return m
}

// cmd runs a command ("game new") with "name=value" options.
func (e *e2e) cmd(u fakediscord.User, command string, opts ...string) fakediscord.Message {
	e.t.Helper()
	name, sub, _ := strings.Cut(command, " ")
	var os []fakediscord.Opt
	for _, o := range opts {
		k, v, _ := strings.Cut(o, "=")
		os = append(os, fakediscord.Opt{Name: k, Value: v})
	}
	return e.answer(e.f.Command(where, u, name, sub, os...))
}

// click presses the first button of m whose label starts with prefix.
func (e *e2e) click(u fakediscord.User, m fakediscord.Message, prefix string) fakediscord.Message {
	e.t.Helper()
	for _, row := range m.Rows {
		for _, c := range row {
			if strings.HasPrefix(c.Label, prefix) {
				return e.answer(e.f.Click(u, m, c.CustomID))
			}
		}
	}
	e.t.Fatalf("no button %q in %+v (content %q)", prefix, m.Rows, m.Content)
	return fakediscord.Message{}
}

// post waits for a channel post containing text.
func (e *e2e) post(text string) fakediscord.Message {
	e.t.Helper()
	m, err := e.f.WaitMessage(e.ctx, where.ChannelID, func(m fakediscord.Message) bool {
		return m.Kind == fakediscord.Post && strings.Contains(m.Content, text)
	})
	if err != nil {
		for _, m := range e.f.Messages("") {
			e.t.Logf("%s in %s (kind %d, ephemeral %v): %q", m.ID, m.ChannelID, m.Kind, m.Ephemeral, m.Content)
		}
		e.t.Fatalf("no post containing %q: %v", text, err)
	}
	return m
}

var privateText = regexp.MustCompile(`Your hand|Deine Hand|You played|Play \d`)

// TestSealedBids plays a one-round game of Sealed Bids through the real
// discordgo client, over the gateway and over HTTP: channel posts with PNG
// boards, hands by DM, /hand for the player whose DMs are closed,
// ephemeral refusals.
func TestSealedBids(t *testing.T) {
	for _, transport := range transports {
		t.Run(transport, func(t *testing.T) { sealedBids(t, startE2E(t, transport, stubRender)) })
	}
}

func sealedBids(t *testing.T, e *e2e) {
	f := e.f
	if m := e.cmd(alice, "game new", "game="+testgame.ID, "players=3", "options=rounds=1"); m.Ephemeral || !strings.Contains(m.Content, "Sealed Bids") {
		t.Fatalf("/game new: %+v", m)
	}
	if m := e.cmd(bob, "game start"); !m.Ephemeral {
		t.Fatalf("bob could start alice's table: %+v", m)
	}
	e.cmd(bob, "game join")
	e.cmd(carol, "game join")
	f.SetDMBlocked(carol.ID, true)
	e.cmd(alice, "game start")

	board := e.post("begins")
	if len(board.Files) != 1 || !bytes.HasPrefix(board.Files[0].Data, []byte("\x89PNG")) || board.Files[0].Description == "" {
		t.Fatalf("board post without a PNG and alt text: %+v", board.Files)
	}
	e.post("cannot send you direct messages")
	for _, u := range []fakediscord.User{alice, bob} {
		if err := f.WaitFor(e.ctx, func(f *fakediscord.Fake) bool { return len(f.DMs(u.ID)) > 0 }); err != nil {
			t.Fatalf("no DM to %s: %v", u.Name, err)
		}
		// The first DM is the player's panel, with their hand.
		dm := f.DMs(u.ID)[0]
		if len(dm.Embeds) == 0 || !strings.Contains(dm.Text(), map[string]string{alice.ID: "Your hand:", bob.ID: "Deine Hand:"}[u.ID]) {
			t.Errorf("DM to %s is not the panel with the hand: %+v", u.Name, dm)
		}
	}
	if got := f.DMs(carol.ID); len(got) != 0 {
		t.Errorf("carol got DMs: %+v", got)
	}

	// An illegal move is refused privately.
	if m := e.cmd(alice, "move", "action=play 999"); !m.Ephemeral {
		t.Errorf("illegal move answered publicly: %+v", m)
	}
	// Alice plays through the public button and her private hand.
	hand := e.click(alice, board, "Choose privately")
	if !hand.Ephemeral || !strings.Contains(hand.Text(), "Your hand:") {
		t.Fatalf("Choose privately: %+v", hand)
	}
	if m := e.click(alice, hand, "Play "); !m.Ephemeral || !strings.Contains(m.Content, "You played") {
		t.Fatalf("alice's move: %+v", m)
	}
	// Bob uses /move with autocomplete, in German.
	ac := f.Autocomplete(where, bob, "move", "", fakediscord.Opt{Name: "action", Value: "play", Focused: true})
	e.answer(ac)
	if len(ac.Choices) == 0 {
		t.Fatal("no autocomplete choices for bob")
	}
	if m := e.cmd(bob, "move", "action="+ac.Choices[0]); !m.Ephemeral {
		t.Fatalf("bob's move: %+v", m)
	}
	// Carol cannot get DMs and plays from /hand.
	hand = e.cmd(carol, "hand")
	if !hand.Ephemeral || !strings.Contains(hand.Text(), "Your hand:") {
		t.Fatalf("/hand: %+v", hand)
	}
	e.click(carol, hand, "Play ")

	reveal := e.post("wins the round")
	loser := map[string]fakediscord.User{alice.ID: alice, bob.ID: bob, carol.ID: carol}[nowActors(reveal.Content)[0]]
	// Carol's card ended the bidding: she is never pinged by it.
	if want := []string{loser.ID}; loser.ID == carol.ID && len(reveal.Pinged) != 0 || loser.ID != carol.ID && !slices.Equal(reveal.Pinged, want) {
		t.Fatalf("the reveal pings %v; %s must react", reveal.Pinged, loser.Name)
	}
	e.cmd(loser, "move", "action=pass")
	// The table speaks its own language, English, whoever acts.
	e.post("Game over")
	if m := e.cmd(alice, "move", "action=pass"); !m.Ephemeral {
		t.Errorf("move after the end answered publicly: %+v", m)
	}
	// Each board lost its buttons when the next one was posted; the final
	// board has none.
	if err := f.WaitFor(e.ctx, func(f *fakediscord.Fake) bool {
		return !slices.ContainsFunc(f.Messages(where.ChannelID), func(m fakediscord.Message) bool {
			return m.Kind == fakediscord.Post && len(m.Rows) > 0
		})
	}); err != nil {
		t.Errorf("channel posts keep their buttons after the game ended: %v", err)
	}

	for _, m := range f.Messages(where.ChannelID) {
		if m.Ephemeral {
			continue
		}
		if secret := privateText.FindString(m.Content); secret != "" {
			t.Errorf("public message shows %q: %q", secret, m.Content)
		}
		if m.MentionParse == nil || len(m.MentionParse) != 0 {
			t.Errorf("message %q may ping everyone: parse %v", m.Content, m.MentionParse)
		}
	}
}

// botText is a bot.Message's content followed by its embeds' texts, one
// per line.
func botText(m bot.Message) string {
	parts := []string{m.Content}
	for _, e := range m.Embeds {
		parts = append(parts, e.Title, e.Description)
		for _, f := range e.Fields {
			parts = append(parts, f.Name, f.Value)
		}
	}
	return strings.Join(parts, "\n")
}
