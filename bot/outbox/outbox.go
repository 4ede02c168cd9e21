// Package outbox delivers the messages the bot owes Discord.
//
// Every message a change owes Discord (board posts, edits of the live
// message, DMs, reminders) is written to the store's outbox in the change's
// own transaction, so a crash after the commit delays it but cannot lose
// it. The outbox keeps the message as Discord will receive it, board image
// included: a resend after a crash is the same message, the delivery needs
// no engine or renderer (a renderer failure can never hold up a queue), and
// the image is drawn once, before the commit. The cost is the image
// (~100 KB) written with the move and deleted once delivered.
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
//
// The Worker depends on two roles: the Store's outbox methods and a Sender
// that turns an entry into a Discord request. What an entry's message looks
// like is the sender's business (package bot encodes and decodes it).
package outbox

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"sync"
	"time"

	"github.com/playbychat/pbc/db"
)

// Store is the outbox as the worker needs it: the due queues, each queue's
// head, and the outcome of an attempt. *db.Store implements it.
type Store interface {
	DueQueues(ctx context.Context, now time.Time) ([]string, error)
	NextDelivery(ctx context.Context, queue string) (db.Delivery, error)
	Delivered(ctx context.Context, id int64, messageID string, out ...db.Delivery) error
	Postpone(ctx context.Context, id int64, notBefore time.Time) error
	Drop(ctx context.Context, id int64, out ...db.Delivery) error
}

var _ Store = (*db.Store)(nil)

// Sender sends one outbox entry to Discord. nonce makes a post or DM
// idempotent (see the package doc). A Sender returns at once on a rate
// limit (*RateLimitError) instead of waiting, wraps ErrRejected for an
// entry Discord (or the sender itself, for an entry it cannot read) refuses
// for good, and ErrDMBlocked for a DM to a user who takes none.
type Sender interface {
	// Post posts d in its channel and returns the message id.
	Post(ctx context.Context, d db.Delivery, nonce string) (messageID string, err error)
	// Edit changes the message d.TargetMessage in d's channel.
	Edit(ctx context.Context, d db.Delivery) error
	// DM sends d to the user d.Channel and returns the message id, or ""
	// when the sender does not learn it.
	DM(ctx context.Context, d db.Delivery, nonce string) (messageID string, err error)
}

// ErrDMBlocked is returned (wrapped) by Sender.DM when the user cannot
// receive DMs from the bot (Discord error 50007).
var ErrDMBlocked = errors.New("user does not accept direct messages")

// ErrRejected is wrapped by a Sender when Discord refused the request for
// good (an unknown channel or message, missing access, an invalid message):
// sending it again cannot succeed.
var ErrRejected = errors.New("refused by discord")

// RateLimitError is returned by a Sender when Discord answered 429:
// nothing was sent, and nothing should be sent again (to that route, or at
// all when Global) before RetryAfter has passed.
type RateLimitError struct {
	RetryAfter time.Duration
	Global     bool
}

func (e *RateLimitError) Error() string {
	scope := "route"
	if e.Global {
		scope = "global"
	}
	return fmt.Sprintf("rate limited (%s), retry after %v", scope, e.RetryAfter)
}

// Clock tells the time; tests use a fake one.
type Clock interface {
	Now() time.Time
}

// Config is what a Worker is made from. Store, Sender, Clock and Logger
// are required.
type Config struct {
	Store  Store
	Sender Sender
	Clock  Clock
	Logger *slog.Logger
	// Backoff is the wait after an entry's first failure (other than a
	// rate limit); it doubles with every further one, up to ten minutes.
	Backoff time.Duration
	// Poll is how often Run looks for entries to retry.
	Poll time.Duration
	// Blocked returns what to enqueue when the DM d is dropped because
	// its user takes no DMs (such as a warning in the table's channel);
	// nil for nothing.
	Blocked func(ctx context.Context, d db.Delivery) []db.Delivery
}

// maxBackoff bounds the wait after failed deliveries that were not rate
// limited.
const maxBackoff = 10 * time.Minute

// maxParallelQueues bounds the queues DeliverDue delivers at once.
const maxParallelQueues = 8

// Worker delivers the outbox. It is safe for concurrent use: each queue is
// delivered by one goroutine at a time.
type Worker struct {
	cfg Config

	mu sync.Mutex // mu protects the fields below
	// busy marks the queues a goroutine is delivering; dirty marks busy
	// queues that got new entries meanwhile, so that it looks again.
	busy, dirty map[string]bool
	// globalUntil is when a global rate limit ends.
	globalUntil time.Time
}

// New returns a Worker for cfg.
func New(cfg Config) *Worker {
	return &Worker{cfg: cfg, busy: map[string]bool{}, dirty: map[string]bool{}}
}

// claim makes the caller the deliverer of queue; false if another
// goroutine is, which then looks at the queue again before it stops.
func (w *Worker) claim(queue string) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.busy[queue] {
		w.dirty[queue] = true
		return false
	}
	w.busy[queue] = true
	return true
}

// release ends a claim; false (keeping the claim) when the queue got new
// entries meanwhile.
func (w *Worker) release(queue string) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.dirty[queue] {
		delete(w.dirty, queue)
		return false
	}
	delete(w.busy, queue)
	return true
}

// blocked collects the users whose DMs were refused during a Flush.
type blocked struct {
	users []string
}

func (bl *blocked) add(user string) {
	if bl != nil {
		bl.users = append(bl.users, user)
	}
}

// Flush delivers what out owes right away, in the caller's goroutine (the
// interaction handler, the reminder loop), so that posts follow the change
// at once; what cannot go out now is left to Run. It returns the users
// whose DMs this call found refused (ErrDMBlocked), for a caller that can
// tell them another way; a queue another goroutine is delivering reports
// nothing.
func (w *Worker) Flush(ctx context.Context, out []db.Delivery) (blockedUsers []string) {
	var bl blocked
	seen := map[string]bool{}
	for _, d := range out {
		if q := d.Queue(); !seen[q] {
			seen[q] = true
			w.drain(ctx, q, &bl)
		}
	}
	return bl.users
}

// drain delivers the due entries of queue in order, unless another
// goroutine is doing so.
func (w *Worker) drain(ctx context.Context, queue string, bl *blocked) {
	if !w.claim(queue) {
		return
	}
	for {
		w.drainOnce(ctx, queue, bl)
		if w.release(queue) {
			return
		}
	}
}

// drainOnce delivers entries of queue until it is empty, its head is not
// due, or a delivery failed.
func (w *Worker) drainOnce(ctx context.Context, queue string, bl *blocked) {
	for ctx.Err() == nil {
		now := w.cfg.Clock.Now()
		w.mu.Lock()
		global := w.globalUntil
		w.mu.Unlock()
		if now.Before(global) {
			return
		}
		d, err := w.cfg.Store.NextDelivery(ctx, queue)
		if errors.Is(err, db.ErrNotFound) {
			return
		}
		if err != nil {
			w.cfg.Logger.ErrorContext(ctx, "read outbox", "queue", queue, "err", err)
			return
		}
		if d.NotBefore.After(now) || !w.deliver(ctx, d, bl) {
			return
		}
	}
}

// deliver sends one entry and records the outcome; it reports whether the
// entry is done with (delivered or dropped), so that the next may follow.
func (w *Worker) deliver(ctx context.Context, d db.Delivery, bl *blocked) bool {
	log := w.cfg.Logger.With("delivery", d.ID, "kind", string(d.Kind), "table", d.TableID, "attempts", d.Attempts)
	var (
		id  string
		err error
	)
	switch d.Kind {
	case db.PostDelivery:
		id, err = w.cfg.Sender.Post(ctx, d, nonce(d.ID))
	case db.EditDelivery:
		if d.TargetMessage == "" {
			log.WarnContext(ctx, "drop an edit of a message that was never posted")
			return w.drop(ctx, d, log)
		}
		err = w.cfg.Sender.Edit(ctx, d)
	case db.DMDelivery:
		id, err = w.cfg.Sender.DM(ctx, d, nonce(d.ID))
	default:
		err = fmt.Errorf("%w: unknown delivery kind %q", ErrRejected, d.Kind)
	}
	var rl *RateLimitError
	switch {
	case err == nil:
		if err := w.cfg.Store.Delivered(ctx, d.ID, id); err != nil {
			// Sent but not recorded: the retry is answered by the nonce.
			log.ErrorContext(ctx, "record delivery", "err", err)
			return false
		}
		return true
	case errors.As(err, &rl):
		until := w.cfg.Clock.Now().Add(rl.RetryAfter)
		log.WarnContext(ctx, "rate limited", "retry_after", rl.RetryAfter, "global", rl.Global)
		if rl.Global {
			w.mu.Lock()
			w.globalUntil = until
			w.mu.Unlock()
		}
		w.postpone(ctx, d, until, log)
		return false
	case errors.Is(err, ErrDMBlocked):
		bl.add(d.Channel)
		var warn []db.Delivery
		if w.cfg.Blocked != nil {
			warn = w.cfg.Blocked(ctx, d)
		}
		if err := w.cfg.Store.Drop(ctx, d.ID, warn...); err != nil {
			log.ErrorContext(ctx, "drop delivery", "err", err)
			return false
		}
		w.Flush(ctx, warn)
		return true
	case errors.Is(err, ErrRejected):
		log.ErrorContext(ctx, "discord refused a delivery", "err", err)
		return w.drop(ctx, d, log)
	case ctx.Err() != nil:
		return false // shutting down: the entry stays as it is
	default:
		log.WarnContext(ctx, "delivery failed", "err", err)
		w.postpone(ctx, d, w.cfg.Clock.Now().Add(backoff(w.cfg.Backoff, d.Attempts)), log)
		return false
	}
}

func (w *Worker) drop(ctx context.Context, d db.Delivery, log *slog.Logger) bool {
	if err := w.cfg.Store.Drop(ctx, d.ID); err != nil {
		log.ErrorContext(ctx, "drop delivery", "err", err)
		return false
	}
	return true
}

func (w *Worker) postpone(ctx context.Context, d db.Delivery, until time.Time, log *slog.Logger) {
	if err := w.cfg.Store.Postpone(ctx, d.ID, until); err != nil {
		log.ErrorContext(ctx, "postpone delivery", "err", err)
	}
}

// backoff is the wait after the given number of failed attempts, starting
// at first and doubling up to maxBackoff.
func backoff(first time.Duration, attempts int) time.Duration {
	d := first
	for range attempts {
		if d *= 2; d >= maxBackoff {
			return maxBackoff
		}
	}
	return d
}

// nonce is the Discord nonce of outbox entry id.
func nonce(id int64) string { return "pbc" + strconv.FormatInt(id, 10) }

// DeliverDue delivers every queue whose next entry is due at the Clock's
// time, each queue in its own goroutine, and returns when they are done.
func (w *Worker) DeliverDue(ctx context.Context) error {
	queues, err := w.cfg.Store.DueQueues(ctx, w.cfg.Clock.Now())
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
			w.drain(ctx, q, nil)
		}()
	}
	wg.Wait()
	return nil
}

// Run delivers the outbox until ctx ends: first whatever a previous run
// left undelivered, then every Poll. Changes deliver their own messages at
// once (Flush); this loop sends what could not go out then.
func (w *Worker) Run(ctx context.Context) error {
	ticker := time.NewTicker(w.cfg.Poll)
	defer ticker.Stop()
	for {
		if err := w.DeliverDue(ctx); err != nil && ctx.Err() == nil {
			w.cfg.Logger.ErrorContext(ctx, "deliveries", "err", err)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-ticker.C:
		}
	}
}
