// Package bottest has in-process fakes for driving bot.Bot in tests: a
// Responder and a Discord that record everything sent, a settable Clock and
// a stub renderer. They are safe for concurrent use. Logger sends a bot's
// logs to the test's own log.
//
// Typical use:
//
//	discord := bottest.NewDiscord()
//	b, _ := bot.New(bot.Config{Store: store, Discord: discord, Render: bottest.Render, Clock: bottest.NewClock(t0)})
//	r := &bottest.Responder{}
//	err := b.Handle(ctx, &bot.Interaction{...}, r)
//	reply := r.Last()
package bottest

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/playbychat/pbc/bot"
	"github.com/playbychat/pbc/games"
)

// Responder records the answers to one interaction.
type Responder struct {
	mu      sync.Mutex // mu protects the fields below
	Replies []bot.Message
	Updates []bot.Message
	Choices [][]bot.Choice
	Acks    int // silent acknowledgements
}

var _ bot.Responder = (*Responder)(nil)

// Reply implements bot.Responder.
func (r *Responder) Reply(_ context.Context, m bot.Message) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.Replies = append(r.Replies, m)
	return nil
}

// Update implements bot.Responder.
func (r *Responder) Update(_ context.Context, m bot.Message) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.Updates = append(r.Updates, m)
	return nil
}

// Acknowledge implements bot.Responder.
func (r *Responder) Acknowledge(context.Context) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.Acks++
	return nil
}

// Autocomplete implements bot.Responder.
func (r *Responder) Autocomplete(_ context.Context, choices []bot.Choice) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.Choices = append(r.Choices, choices)
	return nil
}

// Last returns the last reply, or a zero Message.
func (r *Responder) Last() bot.Message {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.Replies) == 0 {
		return bot.Message{}
	}
	return r.Replies[len(r.Replies)-1]
}

// Post is a message posted to a channel.
type Post struct {
	ID      string // the message id Post returned
	Channel string
	Message bot.Message
}

// DM is a direct message sent to a user.
type DM struct {
	User    string
	Message bot.Message
	// ID is the message id DMPost returned; "" for DM.
	ID string
}

// Edit is an edit of a posted message.
type Edit struct {
	ID      string // the message edited
	Channel string
	Message bot.Message
}

// Discord records posts, edits, DMs and threads. Users marked with Block
// refuse DMs with bot.ErrDMBlocked; Fail injects failures.
type Discord struct {
	mu    sync.Mutex // mu protects the fields below
	posts []Post
	edits []Edit
	dms   []DM
	// dmEdits are the edits of DMs (panels), apart from the channels'.
	dmEdits []Edit
	// dmPosts counts the DMs made by DMPost, which get ids of their own.
	dmPosts int
	// postN counts the posts made (and the ids given).
	postN   int
	blocked map[string]bool
	// threads are the threads ever opened, deleted those deleted.
	threads, deleted []string
	// channels are the channels of all posts ever made, by message id.
	channels map[string]string
	// nonces are the ids of the posts and DMs made with each nonce.
	nonces map[string]string
	fail   func(op, channel string) error
	lose   func(op, channel string) error
}

var _ bot.Discord = (*Discord)(nil)

// NewDiscord returns an empty fake.
func NewDiscord() *Discord {
	return &Discord{blocked: map[string]bool{}, channels: map[string]string{}, nonces: map[string]string{}}
}

// Block makes DMs to userID fail with bot.ErrDMBlocked.
func (d *Discord) Block(userID string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.blocked[userID] = true
}

// Fail makes every later request call f with the operation ("post",
// "edit" or "dm") and the channel (the user of a DM): a non-nil error
// fails the request, which then sends nothing. nil removes the hook.
func (d *Discord) Fail(f func(op, channel string) error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.fail = f
}

// LoseAnswers makes every later request call f after it was carried out:
// a non-nil error is returned as if the answer had been lost on the way
// (the message was sent all the same). nil removes the hook.
func (d *Discord) LoseAnswers(f func(op, channel string) error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.lose = f
}

// lost returns the injected error of a carried out request; d.mu must be
// held.
func (d *Discord) lost(op, channel string) error {
	if d.lose == nil {
		return nil
	}
	return d.lose(op, channel)
}

// failure returns the injected error of a request; d.mu must be held.
func (d *Discord) failure(op, channel string) error {
	if d.fail == nil {
		return nil
	}
	return d.fail(op, channel)
}

// Post implements bot.Discord; message ids are "m1", "m2", ... in the order
// of all posts made. A second post with the nonce of an earlier one
// returns the earlier one's id, as Discord does.
func (d *Discord) Post(_ context.Context, channelID string, m bot.Message) (id string, retErr error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if err := d.failure("post", channelID); err != nil {
		return "", err
	}
	if id, ok := d.nonces[m.Nonce]; ok && m.Nonce != "" {
		return id, nil
	}
	d.postN++
	id = fmt.Sprintf("m%d", d.postN)
	if m.Nonce != "" {
		d.nonces[m.Nonce] = id
	}
	defer func() {
		if err := d.lost("post", channelID); err != nil {
			id, retErr = "", err
		}
	}()
	d.channels[id] = channelID
	d.posts = append(d.posts, Post{ID: id, Channel: channelID, Message: m})
	return id, nil
}

// DM implements bot.Discord.
func (d *Discord) DM(_ context.Context, userID string, m bot.Message) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if err := d.failure("dm", userID); err != nil {
		return err
	}
	if d.blocked[userID] {
		return fmt.Errorf("dm %s: %w", userID, bot.ErrDMBlocked)
	}
	if _, ok := d.nonces[m.Nonce]; ok && m.Nonce != "" {
		return nil
	}
	if m.Nonce != "" {
		d.nonces[m.Nonce] = userID
	}
	d.dms = append(d.dms, DM{User: userID, Message: m})
	return d.lost("dm", userID)
}

// DMPost implements bot.Discord: a DM whose message, in the channel
// DMChannel(userID), takes edits. Its ids are "d1", "d2", ... in the
// order of all such DMs.
func (d *Discord) DMPost(_ context.Context, userID string, m bot.Message) (channelID, id string, retErr error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if err := d.failure("dm", userID); err != nil {
		return "", "", err
	}
	if d.blocked[userID] {
		return "", "", fmt.Errorf("dm %s: %w", userID, bot.ErrDMBlocked)
	}
	channelID = DMChannel(userID)
	if id, ok := d.nonces[m.Nonce]; ok && m.Nonce != "" {
		return channelID, id, nil
	}
	d.dmPosts++
	id = fmt.Sprintf("d%d", d.dmPosts)
	if m.Nonce != "" {
		d.nonces[m.Nonce] = id
	}
	d.channels[id] = channelID
	d.dms = append(d.dms, DM{User: userID, Message: m, ID: id})
	if err := d.lost("dm", userID); err != nil {
		return "", "", err
	}
	return channelID, id, nil
}

// DMChannel is the id of the fake's DM channel with a user.
func DMChannel(userID string) string { return dmPrefix + userID }

// dmPrefix starts the ids of DM channels.
const dmPrefix = "dm-"

// TakeDMEdits returns the edits of DMs (a player's panel) since the last
// call and forgets them; TakeEdits leaves them out.
func (d *Discord) TakeDMEdits() []Edit {
	d.mu.Lock()
	defer d.mu.Unlock()
	out := d.dmEdits
	d.dmEdits = nil
	return out
}

// StartThread implements bot.Discord; thread ids are "<channel>-t1", ...
func (d *Discord) StartThread(_ context.Context, channelID, name string) (string, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	id := fmt.Sprintf("%s-t%d", channelID, len(d.threads)+1)
	d.threads = append(d.threads, id)
	return id, nil
}

// DeleteThread implements bot.Discord; Threads no longer lists the thread.
func (d *Discord) DeleteThread(_ context.Context, threadID string) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.deleted = append(d.deleted, threadID)
	return nil
}

// Threads returns the ids of the threads opened and not deleted.
func (d *Discord) Threads() []string {
	d.mu.Lock()
	defer d.mu.Unlock()
	var open []string
	for _, id := range d.threads {
		if !slices.Contains(d.deleted, id) {
			open = append(open, id)
		}
	}
	return open
}

// Edit implements bot.Discord; it fails with bot.ErrRejected for a message
// that was not posted in channelID.
func (d *Discord) Edit(_ context.Context, channelID, messageID string, m bot.Message) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if err := d.failure("edit", channelID); err != nil {
		return err
	}
	if d.channels[messageID] != channelID {
		return fmt.Errorf("edit %s in %s: unknown message: %w", messageID, channelID, bot.ErrRejected)
	}
	e := Edit{ID: messageID, Channel: channelID, Message: m}
	if strings.HasPrefix(channelID, dmPrefix) {
		d.dmEdits = append(d.dmEdits, e)
	} else {
		d.edits = append(d.edits, e)
	}
	return d.lost("edit", channelID)
}

// Cleared returns the ids of the posts that an edit left without
// components, in order.
func (d *Discord) Cleared() []string {
	d.mu.Lock()
	defer d.mu.Unlock()
	var ids []string
	for _, e := range d.edits {
		if len(e.Message.Rows) == 0 {
			ids = append(ids, e.ID)
		}
	}
	return ids
}

// TakeEdits returns the edits since the last call and forgets them.
func (d *Discord) TakeEdits() []Edit {
	d.mu.Lock()
	defer d.mu.Unlock()
	out := d.edits
	d.edits = nil
	return out
}

// TakePosts returns the posts since the last call and forgets them.
func (d *Discord) TakePosts() []Post {
	d.mu.Lock()
	defer d.mu.Unlock()
	out := d.posts
	d.posts = nil
	return out
}

// TakeDMs returns the DMs since the last call and forgets them.
func (d *Discord) TakeDMs() []DM {
	d.mu.Lock()
	defer d.mu.Unlock()
	out := d.dms
	d.dms = nil
	return out
}

// Clock is a settable bot.Clock.
type Clock struct {
	mu  sync.Mutex // mu protects now
	now time.Time
}

var _ bot.Clock = (*Clock)(nil)

// NewClock returns a clock showing t.
func NewClock(t time.Time) *Clock { return &Clock{now: t} }

// Now implements bot.Clock.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Advance moves the clock forward by d.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// PNG is the image Render returns: a PNG signature only.
var PNG = []byte("\x89PNG\r\n\x1a\n")

// Render is a stub bot.Renderer: the alt text is the view's description
// (placeholders left for the bot to fill), the image is PNG.
func Render(view games.View, names []string, lang games.Lang, changes []string) ([]byte, string, error) {
	return PNG, strings.ReplaceAll(view.Describe(lang), "\n", "; "), nil
}

// Logger returns a logger that writes the records at level and above to t's
// log, so that a failing test shows what was logged next to its failure.
func Logger(t testing.TB, level slog.Level) *slog.Logger {
	return slog.New(slog.NewTextHandler(testWriter{t}, &slog.HandlerOptions{Level: level}))
}

type testWriter struct{ t testing.TB }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimSpace(string(p)))
	return len(p), nil
}

// LineDiff shows the first line where two texts (a golden file and a fresh
// transcript) differ, for a test failure message.
func LineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			return fmt.Sprintf("line %d:\nwant %q\ngot  %q", i+1, wl, gl)
		}
	}
	return "(equal)"
}
