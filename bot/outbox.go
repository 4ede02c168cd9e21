package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"sync"
	"time"

	"github.com/playbychat/pbc/db"
)

// Durable delivery. Every message a change owes Discord (board posts, edits
// of the live message, DMs, reminders) is written to the store's outbox in
// the change's own transaction, so a crash after the commit delays it but
// cannot lose it. The outbox keeps the message as Discord will receive it,
// board image included: a resend after a crash is the same message, the
// delivery needs no engine or renderer (a renderer failure can never hold
// up a queue), and the image is drawn once, before the commit. The cost is
// the image (~100 KB) written with the move and deleted once delivered.
//
// Entries of one queue (a channel, or one user's DMs) go out one at a time
// in the order they were written; a rate limit (429) postpones the head of
// its queue by retry_after, however long (the whole outbox when global),
// and other failures back off exponentially, forever: only a refusal for
// good (ErrRejected, a user who takes no DMs) drops an entry.
//
// Never twice: a post or DM carries the nonce "pbc<entry id>" with
// enforce_nonce, so if Discord accepted it but the process died (or the
// answer was lost) before the entry was marked delivered, the retry gets
// Discord's first message back instead of a second one. Discord keeps
// nonces for a few minutes; an edit is idempotent by nature.

// wireMessage is a Message as the outbox stores it; files are stored
// apart.
type wireMessage struct {
	Content  string   `json:"content,omitempty"`
	Embeds   []Embed  `json:"embeds,omitempty"`
	Rows     []Row    `json:"rows,omitempty"`
	Mentions []string `json:"mentions,omitempty"`
	// Panel marks a DM as a seat's panel or a notice linking to it.
	Panel *panelRef `json:"panel,omitempty"`
}

// delivery makes an outbox entry of table t.
func delivery(t db.Table, kind db.DeliveryKind, channel string, m Message, live bool) db.Delivery {
	data, err := json.Marshal(wireMessage{Content: m.Content, Embeds: m.Embeds, Rows: m.Rows, Mentions: m.Mentions})
	if err != nil {
		// A Message of strings and ints always encodes.
		panic(fmt.Sprintf("encode message: %v", err))
	}
	d := db.Delivery{GuildID: t.GuildID, TableID: t.ID, Kind: kind, Channel: channel, Live: live, Message: data}
	for _, f := range m.Files {
		d.Files = append(d.Files, db.DeliveryFile{Name: f.Name, ContentType: f.ContentType, Alt: f.Alt, Data: f.Data})
	}
	return d
}

// postTo is a post of m in t's channel; live makes it the table's live
// message, which later edits change.
func postTo(t db.Table, m Message, live bool) db.Delivery {
	return delivery(t, db.PostDelivery, t.ChannelID, m, live)
}

// editLive is an edit of t's live message to m.
func editLive(t db.Table, m Message) db.Delivery {
	return delivery(t, db.EditDelivery, t.ChannelID, m, false)
}

// dmTo is a DM of m to a user about table t.
func dmTo(t db.Table, userID string, m Message) db.Delivery {
	return delivery(t, db.DMDelivery, userID, m, false)
}

// message decodes an outbox entry, and the panel a DM is (nil for none).
func message(d db.Delivery) (Message, *panelRef, error) {
	var w wireMessage
	if len(d.Message) > 0 {
		if err := json.Unmarshal(d.Message, &w); err != nil {
			return Message{}, nil, fmt.Errorf("decode delivery %d: %w", d.ID, err)
		}
	}
	m := Message{Content: w.Content, Embeds: w.Embeds, Rows: w.Rows, Mentions: w.Mentions}
	for _, f := range d.Files {
		m.Files = append(m.Files, File{Name: f.Name, ContentType: f.ContentType, Data: f.Data, Alt: f.Alt})
	}
	return m, w.Panel, nil
}

// maxBackoff bounds the wait after failed deliveries that were not rate
// limited.
const maxBackoff = 10 * time.Minute

// backoff is the wait after the given number of failed attempts, starting
// at first.
func backoff(first time.Duration, attempts int) time.Duration {
	d := first
	for range attempts {
		if d *= 2; d >= maxBackoff {
			return maxBackoff
		}
	}
	return d
}

// outbox tracks the queues being delivered by this process.
type outbox struct {
	mu sync.Mutex // mu protects the fields below
	// busy marks the queues a goroutine is delivering; dirty marks busy
	// queues that got new entries meanwhile, so that it looks again.
	busy, dirty map[string]bool
	// globalUntil is when a global rate limit ends.
	globalUntil time.Time
}

func newOutbox() *outbox {
	return &outbox{busy: map[string]bool{}, dirty: map[string]bool{}}
}

// claim makes the caller the deliverer of queue; false if another
// goroutine is, which then looks at the queue again before it stops.
func (o *outbox) claim(queue string) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.busy[queue] {
		o.dirty[queue] = true
		return false
	}
	o.busy[queue] = true
	return true
}

// release ends a claim; false (keeping the claim) when the queue got new
// entries meanwhile.
func (o *outbox) release(queue string) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.dirty[queue] {
		delete(o.dirty, queue)
		return false
	}
	delete(o.busy, queue)
	return true
}

// flush delivers what out owes right away, in the caller's goroutine (the
// interaction handler, the reminder loop), so that posts follow the change
// at once; what cannot go out now is left to RunDeliveries.
func (b *Bot) flush(ctx context.Context, out []db.Delivery) {
	seen := map[string]bool{}
	for _, d := range out {
		if q := d.Queue(); !seen[q] {
			seen[q] = true
			b.drain(ctx, q)
		}
	}
}

// drain delivers the due entries of queue in order, unless another
// goroutine is doing so.
func (b *Bot) drain(ctx context.Context, queue string) {
	if !b.out.claim(queue) {
		return
	}
	for {
		b.drainOnce(ctx, queue)
		if b.out.release(queue) {
			return
		}
	}
}

// drainOnce delivers entries of queue until it is empty, its head is not
// due, or a delivery failed.
func (b *Bot) drainOnce(ctx context.Context, queue string) {
	for ctx.Err() == nil {
		now := b.clock.Now()
		b.out.mu.Lock()
		global := b.out.globalUntil
		b.out.mu.Unlock()
		if now.Before(global) {
			return
		}
		d, err := b.store.NextDelivery(ctx, queue)
		if errors.Is(err, db.ErrNotFound) {
			return
		}
		if err != nil {
			b.log.ErrorContext(ctx, "read outbox", "queue", queue, "err", err)
			return
		}
		if d.NotBefore.After(now) || !b.deliver(ctx, d) {
			return
		}
	}
}

// deliver sends one entry and records the outcome; it reports whether the
// entry is done with (delivered or dropped), so that the next may follow.
func (b *Bot) deliver(ctx context.Context, d db.Delivery) bool {
	log := b.log.With("delivery", d.ID, "kind", string(d.Kind), "table", d.TableID, "attempts", d.Attempts)
	m, panel, err := message(d)
	if err != nil {
		log.ErrorContext(ctx, "drop undecodable delivery", "err", err)
		return b.drop(ctx, d, log)
	}
	var id string
	switch d.Kind {
	case db.PostDelivery:
		m.Nonce = nonce(d.ID)
		id, err = b.discord.Post(ctx, d.Channel, m)
	case db.EditDelivery:
		if d.TargetMessage == "" {
			log.WarnContext(ctx, "drop an edit of a message that was never posted")
			return b.drop(ctx, d, log)
		}
		err = b.discord.Edit(ctx, d.Channel, d.TargetMessage, m)
	case db.DMDelivery:
		m.Nonce = nonce(d.ID)
		if panel != nil {
			err = b.deliverPanelDM(ctx, d, *panel, m)
		} else {
			err = b.discord.DM(ctx, d.Channel, m)
		}
	default:
		err = fmt.Errorf("%w: unknown delivery kind %q", ErrRejected, d.Kind)
	}
	var rl *RateLimitError
	switch {
	case err == nil:
		if err := b.store.Delivered(ctx, d.ID, id); err != nil {
			// Sent but not recorded: the retry is answered by the nonce.
			log.ErrorContext(ctx, "record delivery", "err", err)
			return false
		}
		return true
	case errors.As(err, &rl):
		until := b.clock.Now().Add(rl.RetryAfter)
		log.WarnContext(ctx, "rate limited", "retry_after", rl.RetryAfter, "global", rl.Global)
		if rl.Global {
			b.out.mu.Lock()
			b.out.globalUntil = until
			b.out.mu.Unlock()
		}
		b.postpone(ctx, d, until, log)
		return false
	case errors.Is(err, ErrDMBlocked):
		var warn []db.Delivery
		if t, terr := b.store.Table(ctx, d.TableID); terr == nil {
			warn = b.dmBlockedWarning(t, d.Channel)
		}
		if err := b.store.Drop(ctx, d.ID, warn...); err != nil {
			log.ErrorContext(ctx, "drop delivery", "err", err)
			return false
		}
		b.flush(ctx, warn)
		return true
	case errors.Is(err, ErrRejected):
		log.ErrorContext(ctx, "discord refused a delivery", "err", err)
		return b.drop(ctx, d, log)
	case ctx.Err() != nil:
		return false // shutting down: the entry stays as it is
	default:
		log.WarnContext(ctx, "delivery failed", "err", err)
		b.postpone(ctx, d, b.clock.Now().Add(backoff(b.backoff, d.Attempts)), log)
		return false
	}
}

func (b *Bot) drop(ctx context.Context, d db.Delivery, log *slog.Logger) bool {
	if err := b.store.Drop(ctx, d.ID); err != nil {
		log.ErrorContext(ctx, "drop delivery", "err", err)
		return false
	}
	return true
}

func (b *Bot) postpone(ctx context.Context, d db.Delivery, until time.Time, log *slog.Logger) {
	if err := b.store.Postpone(ctx, d.ID, until); err != nil {
		log.ErrorContext(ctx, "postpone delivery", "err", err)
	}
}

// nonce is the Discord nonce of an outbox entry.
func nonce(id int64) string { return "pbc" + strconv.FormatInt(id, 10) }

// DeliverDue delivers every queue whose next entry is due at the Clock's
// time, each queue in its own goroutine, and returns when they are done.
func (b *Bot) DeliverDue(ctx context.Context) error {
	queues, err := b.store.DueQueues(ctx, b.clock.Now())
	if err != nil {
		return err
	}
	var wg sync.WaitGroup
	sem := make(chan struct{}, maxParallelQueues)
	for _, q := range queues {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			b.drain(ctx, q)
		}()
	}
	wg.Wait()
	return nil
}

// maxParallelQueues bounds the queues delivered at once.
const maxParallelQueues = 8

// RunDeliveries delivers the outbox until ctx ends: first whatever a
// previous run left undelivered, then every DeliveryPoll. Changes deliver
// their own messages at once (flush); this loop sends what could not go
// out then.
func (b *Bot) RunDeliveries(ctx context.Context) error {
	ticker := time.NewTicker(b.deliveryPoll)
	defer ticker.Stop()
	for {
		if err := b.DeliverDue(ctx); err != nil && ctx.Err() == nil {
			b.log.ErrorContext(ctx, "deliveries", "err", err)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-ticker.C:
		}
	}
}
