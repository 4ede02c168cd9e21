// Package fakediscord is a fake Discord for tests: an httptest server on
// loopback with the REST endpoints the bot uses and a websocket gateway.
// It records every message the bot sends (where, content, files,
// components, ephemeral flag) and lets tests send slash commands, clicks
// and autocomplete requests as a given user, over the gateway or to an
// HTTP interactions endpoint.
package fakediscord

import (
	"context"
	"crypto/ed25519"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gorilla/websocket"
)

// Token is the bot token the fake accepts.
const Token = "fake-bot-token"

// AppID is the application id of the fake bot.
const AppID = "100000000000000001"

// BotUserID is the user id of the fake bot.
const BotUserID = "100000000000000002"

// Kind says how a message came to be.
type Kind int

// Message kinds.
const (
	Post     Kind = iota + 1 // sent to a channel (or DM channel) with the bot token
	Response                 // the original response to an interaction
	FollowUp                 // a follow-up to an interaction
)

// User is a Discord user who sends interactions.
type User struct {
	ID   string
	Name string
	// Manager gives the member the Manage Server permission.
	Manager bool
	// Locale is the client locale, "en-US" when empty.
	Locale string
}

// File is an attachment as received.
type File struct {
	Name        string
	ContentType string
	Description string // alt text
	Data        []byte // nil in a Standalone fake
	Size        int    // bytes
}

// Component is a button or select menu as received.
type Component struct {
	Type     int // 2 button, 3 string select
	CustomID string
	Label    string
	Style    int
	// URL is the address a link button (style 5) opens.
	URL         string
	Disabled    bool
	Placeholder string
	Options     []Option
	// MinValues and MaxValues bound the choices of a select menu (1 and 1
	// unless the bot set them).
	MinValues, MaxValues int
}

// Embed is an embed of a message as received.
type Embed struct {
	Title       string       `json:"title"`
	Description string       `json:"description"`
	Fields      []EmbedField `json:"fields"`
}

// EmbedField is a field of an embed as received.
type EmbedField struct {
	Name   string `json:"name"`
	Value  string `json:"value"`
	Inline bool   `json:"inline"`
}

// Option is an entry of a select menu.
type Option struct {
	Value, Label, Description string
}

// Message is one message the bot sent, as it stands after any edits.
type Message struct {
	ID        string
	ChannelID string
	// DMUser is the recipient when ChannelID is a DM channel.
	DMUser string
	Kind   Kind
	// Interaction is the interaction id for responses and follow-ups,
	// and UserID the user who sent it.
	Interaction string
	UserID      string
	// Deferred is set while a deferred response (type 5) has no content.
	Deferred  bool
	Ephemeral bool
	Deleted   bool
	Content   string
	Embeds    []Embed
	Files     []File
	Rows      [][]Component
	// V2 marks a Components V2 message: Content is then its text
	// displays, one a line, and Gallery the media URLs of its galleries
	// ("attachment://board.png").
	V2      bool
	Gallery []string
	// MentionUsers and MentionParse are the allowed_mentions received
	// last (an edit's replace the post's).
	MentionUsers []string
	MentionParse []string
	// Pinged are the users Discord notified: those mentioned in the
	// content and allowed to be pinged when the message was created (or,
	// for a deferred response, when its content arrived). Edits notify
	// nobody, whatever their mentions.
	Pinged     []string
	pingedOnce bool
	Edits      int
}

// mentionRE finds user mentions in a message's content.
var mentionRE = regexp.MustCompile(`<@!?(\d+)>`)

// ping records whom m's creation notified; later calls change nothing.
func (m *Message) ping() {
	if m.pingedOnce {
		return
	}
	m.pingedOnce = true
	all := m.MentionUsers == nil && m.MentionParse == nil // no allowed_mentions: Discord pings every mention
	for _, sub := range mentionRE.FindAllStringSubmatch(m.Content, -1) {
		id := sub[1]
		if (all || slices.Contains(m.MentionUsers, id) || slices.Contains(m.MentionParse, "users")) && !slices.Contains(m.Pinged, id) {
			m.Pinged = append(m.Pinged, id)
		}
	}
}

// Text is the message's content followed by its embeds' titles,
// descriptions, field names and values, one per line.
func (m *Message) Text() string {
	parts := []string{m.Content}
	for _, e := range m.Embeds {
		parts = append(parts, e.Title, e.Description)
		for _, f := range e.Fields {
			parts = append(parts, f.Name, f.Value)
		}
	}
	return strings.Join(parts, "\n")
}

// Button returns the first component with the given label or custom id.
func (m *Message) Button(labelOrID string) (Component, bool) {
	for _, row := range m.Rows {
		for _, c := range row {
			if c.Label == labelOrID || c.CustomID == labelOrID {
				return c, true
			}
		}
	}
	return Component{}, false
}

// Thread is a thread the bot started.
type Thread struct {
	ID, ParentID, Name string
}

// TB is the part of testing.TB the fake uses: a failed delivery fails the
// test.
type TB interface {
	Helper()
	Fatalf(format string, args ...any)
	Cleanup(func())
}

// Fake is the fake Discord.
type Fake struct {
	t TB // nil for a Standalone fake
	// client delivers interactions to an HTTP endpoint.
	client *http.Client
	// slim drops the data of attachments, keeping their size (Standalone).
	slim bool
	srv  *httptest.Server

	mu sync.Mutex // protects the fields below
	// changed is closed and replaced whenever something changes.
	changed      chan struct{}
	nextID       int64
	messages     []*Message
	byMessageID  map[string]*Message
	interactions map[string]*Interaction // by token
	dmChannels   map[string]string       // user id -> channel id
	dmUsers      map[string]string       // channel id -> user id
	dmBlocked    map[string]bool
	guildOf      map[string]string // channel id -> guild id, from interactions
	threads      []Thread
	commands     map[string][]map[string]any // guild id ("" = global) -> commands
	requests     []string
	failures     []failure
	// nonces are the messages posted with enforce_nonce, by channel and
	// nonce.
	nonces map[string]*Message
	conns  []*gatewayConn
	seq    int
	// recommendedShards is GET /gateway/bot's shard count (1 when 0).
	recommendedShards int
	endpoint          string // HTTP interactions endpoint, if used
	key               ed25519.PrivateKey
	deliverFunc       func(raw []byte) // in-process delivery, if used
}

type failure struct {
	method, prefix string
	status         int
	body           string
	header         http.Header
	// lose carries the request out but drops the connection instead of
	// answering, as if the answer were lost on the way.
	lose bool
}

// New starts a fake Discord; it is closed when the test ends.
func New(t TB) *Fake {
	f := newFake(t, http.DefaultClient)
	t.Cleanup(f.Close)
	return f
}

// Standalone starts a fake Discord outside a test, for load tools: an
// interaction that cannot be delivered gets an Err instead of failing a
// test, attachments are kept without their data (File.Size says how
// large they were), and deliveries to an HTTP endpoint share a pool of
// connections. The caller closes it.
func Standalone() *Fake {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.MaxIdleConnsPerHost = 1024
	f := newFake(nil, &http.Client{Transport: tr, Timeout: time.Minute})
	f.slim = true
	return f
}

func newFake(t TB, client *http.Client) *Fake {
	f := &Fake{
		t:            t,
		client:       client,
		byMessageID:  map[string]*Message{},
		changed:      make(chan struct{}),
		nextID:       200000000000000000,
		interactions: map[string]*Interaction{},
		dmChannels:   map[string]string{},
		dmUsers:      map[string]string{},
		dmBlocked:    map[string]bool{},
		commands:     map[string][]map[string]any{},
		nonces:       map[string]*Message{},
	}
	f.srv = httptest.NewServer(f.routes())
	return f
}

// Close stops the server and drops gateway connections.
func (f *Fake) Close() {
	f.mu.Lock()
	conns := f.conns
	f.conns = nil
	f.mu.Unlock()
	for _, c := range conns {
		c.ws.Close()
	}
	f.srv.CloseClientConnections()
	f.srv.Close()
}

// URL is the base URL to use instead of https://discord.com.
func (f *Fake) URL() string { return f.srv.URL }

// Transport returns an http.RoundTripper that sends discord.com requests
// to the fake.
func (f *Fake) Transport() http.RoundTripper {
	base, _ := url.Parse(f.srv.URL)
	return roundTripper{base: base}
}

type roundTripper struct{ base *url.URL }

func (rt roundTripper) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.URL.Host == "discord.com" {
		r = r.Clone(r.Context())
		r.URL.Scheme, r.URL.Host, r.Host = rt.base.Scheme, rt.base.Host, ""
	}
	return http.DefaultTransport.RoundTrip(r)
}

// UseHTTP makes the fake deliver interactions to an HTTP interactions
// endpoint, signed with key, instead of over the gateway.
func (f *Fake) UseHTTP(endpoint string, key ed25519.PrivateKey) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.endpoint, f.key = endpoint, key
}

// UseFunc makes the fake deliver interactions by calling deliver with the
// interaction JSON, as a gateway INTERACTION_CREATE would carry it.
func (f *Fake) UseFunc(deliver func(raw []byte)) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.deliverFunc = deliver
}

// SetDMBlocked makes DMs to the user fail with 403, code 50007.
func (f *Fake) SetDMBlocked(userID string, blocked bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.dmBlocked[userID] = blocked
}

// FailNext makes the next request whose method matches and whose path
// starts with prefix fail with status and body (JSON), e.g. a 429.
func (f *Fake) FailNext(method, prefix string, status int, body string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.failures = append(f.failures, failure{method: method, prefix: prefix, status: status, body: body})
}

// RateLimit makes the next n requests whose method matches and whose path
// starts with prefix fail with 429 and retry_after (seconds), as Discord
// answers them: per route, or global (with X-RateLimit-Global).
func (f *Fake) RateLimit(method, prefix string, n int, retryAfter float64, global bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	h := http.Header{}
	h.Set("Retry-After", strconv.FormatFloat(retryAfter, 'f', -1, 64))
	if global {
		h.Set("X-RateLimit-Global", "true")
		h.Set("X-RateLimit-Scope", "global")
	} else {
		h.Set("X-RateLimit-Scope", "user")
	}
	body := fmt.Sprintf(`{"message":"You are being rate limited.","retry_after":%g,"global":%t}`, retryAfter, global)
	for range n {
		f.failures = append(f.failures, failure{method: method, prefix: prefix, status: http.StatusTooManyRequests, body: body, header: h})
	}
}

// LoseAnswerNext carries out the next request whose method matches and
// whose path starts with prefix, but closes the connection instead of
// answering: the client cannot know that Discord did it.
func (f *Fake) LoseAnswerNext(method, prefix string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.failures = append(f.failures, failure{method: method, prefix: prefix, lose: true})
}

// PendingFailures returns how many injected failures (FailNext,
// RateLimit, LoseAnswerNext) no request has met yet.
func (f *Fake) PendingFailures() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.failures)
}

// Requests returns "METHOD path" of every REST request so far.
func (f *Fake) Requests() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.requests)
}

// Messages returns copies of the messages in a channel (deleted ones
// left out), oldest first; channelID "" returns every message.
func (f *Fake) Messages(channelID string) []Message {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []Message
	for _, m := range f.messages {
		if !m.Deleted && (channelID == "" || m.ChannelID == channelID) {
			out = append(out, m.clone())
		}
	}
	return out
}

// LastPost returns the newest message the bot posted in a channel (as it
// stands after any edits), without copying the others as Messages does.
func (f *Fake) LastPost(channelID string) (Message, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for i := len(f.messages) - 1; i >= 0; i-- {
		if m := f.messages[i]; m.Kind == Post && !m.Deleted && m.ChannelID == channelID {
			return m.clone(), true
		}
	}
	return Message{}, false
}

// DMs returns the messages sent to a user's DM channel.
func (f *Fake) DMs(userID string) []Message {
	f.mu.Lock()
	ch, ok := f.dmChannels[userID]
	f.mu.Unlock()
	if !ok {
		return nil
	}
	return f.Messages(ch)
}

// Threads returns the threads started so far.
func (f *Fake) Threads() []Thread {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.threads)
}

// Commands returns the names of the commands registered for a guild
// ("" for global ones).
func (f *Fake) Commands(guildID string) []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	var names []string
	for _, c := range f.commands[guildID] {
		names = append(names, fmt.Sprint(c["name"]))
	}
	return names
}

func (m *Message) clone() Message {
	c := *m
	c.Files = slices.Clone(m.Files)
	c.Embeds = slices.Clone(m.Embeds)
	c.Rows = slices.Clone(m.Rows)
	return c
}

// WaitFor blocks until cond holds or ctx ends. cond is called again after
// every change; it may use the Fake's accessors.
func (f *Fake) WaitFor(ctx context.Context, cond func(f *Fake) bool) error {
	for {
		f.mu.Lock()
		ch := f.changed
		f.mu.Unlock()
		if cond(f) {
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("fakediscord: wait: %w", ctx.Err())
		case <-ch:
		}
	}
}

// WaitMessage waits for a message in channelID (any channel when empty)
// for which match is true, and returns it.
func (f *Fake) WaitMessage(ctx context.Context, channelID string, match func(Message) bool) (Message, error) {
	var found Message
	err := f.WaitFor(ctx, func(f *Fake) bool {
		for _, m := range f.Messages(channelID) {
			if match(m) {
				found = m
				return true
			}
		}
		return false
	})
	return found, err
}

// notify wakes waiters; f.mu must be held.
func (f *Fake) notify() {
	close(f.changed)
	f.changed = make(chan struct{})
}

// add records a new message; f.mu must be held.
func (f *Fake) add(m *Message) {
	f.messages = append(f.messages, m)
	f.byMessageID[m.ID] = m
}

// newID returns a fresh snowflake-like id; f.mu must be held.
func (f *Fake) newID() string {
	f.nextID++
	return strconv.FormatInt(f.nextID, 10)
}

func (f *Fake) routes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/v9/gateway", f.gatewayURL)
	mux.HandleFunc("GET /api/v9/gateway/bot", f.gatewayURL)
	mux.HandleFunc("/ws/", f.gateway)
	mux.HandleFunc("POST /api/v9/interactions/{id}/{token}/callback", f.callback)
	mux.HandleFunc("PATCH /api/v9/webhooks/{app}/{token}/messages/{msg}", f.webhookEdit)
	mux.HandleFunc("DELETE /api/v9/webhooks/{app}/{token}/messages/{msg}", f.webhookDelete)
	mux.HandleFunc("POST /api/v9/webhooks/{app}/{token}", f.followUp)
	mux.HandleFunc("POST /api/v9/channels/{channel}/messages", f.auth(f.channelMessage))
	mux.HandleFunc("PATCH /api/v9/channels/{channel}/messages/{msg}", f.auth(f.channelMessageEdit))
	mux.HandleFunc("POST /api/v9/channels/{channel}/threads", f.auth(f.thread))
	mux.HandleFunc("POST /api/v9/users/@me/channels", f.auth(f.dmChannel))
	mux.HandleFunc("GET /api/v9/oauth2/applications/@me", f.auth(f.application))
	mux.HandleFunc("PUT /api/v9/applications/{app}/commands", f.auth(f.bulkOverwrite))
	mux.HandleFunc("PUT /api/v9/applications/{app}/guilds/{guild}/commands", f.auth(f.bulkOverwrite))
	return f.logged(mux)
}

// logged records requests and applies injected failures.
func (f *Fake) logged(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		f.requests = append(f.requests, r.Method+" "+r.URL.Path)
		var fail *failure
		for n, x := range f.failures {
			if x.method == r.Method && strings.HasPrefix(r.URL.Path, x.prefix) {
				fail = &x
				f.failures = slices.Delete(f.failures, n, n+1)
				break
			}
		}
		f.mu.Unlock()
		switch {
		case fail != nil && fail.lose:
			next.ServeHTTP(httptest.NewRecorder(), r)
			if conn, _, err := http.NewResponseController(w).Hijack(); err == nil {
				conn.Close()
			}
		case fail != nil:
			for k, v := range fail.header {
				w.Header()[k] = v
			}
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(fail.status)
			fmt.Fprint(w, fail.body)
		default:
			next.ServeHTTP(w, r)
		}
	})
}

func (f *Fake) auth(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bot "+Token {
			apiError(w, http.StatusUnauthorized, 0, "401: Unauthorized")
			return
		}
		h(w, r)
	}
}

var upgrader = websocket.Upgrader{}
