package outbox

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"testing"
	"time"

	"github.com/playbychat/pbc/db"
)

// memStore is an in-memory outbox of one process.
type memStore struct {
	entries   []db.Delivery // pending, in id order
	delivered []int64
	dropped   []int64
	nextID    int64
}

func (s *memStore) add(out ...db.Delivery) {
	for _, d := range out {
		s.nextID++
		d.ID = s.nextID
		s.entries = append(s.entries, d)
	}
}

func (s *memStore) DueQueues(_ context.Context, now time.Time) ([]string, error) {
	var qs []string
	for _, d := range s.entries {
		if !slices.Contains(qs, d.Queue()) && !d.NotBefore.After(now) {
			qs = append(qs, d.Queue())
		}
	}
	return qs, nil
}

func (s *memStore) NextDelivery(_ context.Context, queue string) (db.Delivery, error) {
	for _, d := range s.entries {
		if d.Queue() == queue {
			return d, nil
		}
	}
	return db.Delivery{}, db.ErrNotFound
}

func (s *memStore) remove(id int64) error {
	i := slices.IndexFunc(s.entries, func(d db.Delivery) bool { return d.ID == id })
	if i < 0 {
		return fmt.Errorf("entry %d: %w", id, db.ErrNotFound)
	}
	s.entries = slices.Delete(s.entries, i, i+1)
	return nil
}

func (s *memStore) Delivered(_ context.Context, id int64, _ string, out ...db.Delivery) error {
	s.delivered = append(s.delivered, id)
	s.add(out...)
	return s.remove(id)
}

func (s *memStore) Postpone(_ context.Context, id int64, notBefore time.Time) error {
	for i := range s.entries {
		if s.entries[i].ID == id {
			s.entries[i].Attempts++
			s.entries[i].NotBefore = notBefore
			return nil
		}
	}
	return db.ErrNotFound
}

func (s *memStore) Drop(_ context.Context, id int64, out ...db.Delivery) error {
	s.dropped = append(s.dropped, id)
	s.add(out...)
	return s.remove(id)
}

// failSender fails each entry whose message is a key of fail with its error.
type failSender struct {
	fail map[string]error
	sent []string
}

func (f *failSender) send(d db.Delivery) error {
	if err := f.fail[string(d.Message)]; err != nil {
		return err
	}
	f.sent = append(f.sent, string(d.Message))
	return nil
}

func (f *failSender) Post(_ context.Context, d db.Delivery, _ string) (string, error) {
	return "m" + string(d.Message), f.send(d)
}

func (f *failSender) Edit(_ context.Context, d db.Delivery) error { return f.send(d) }

func (f *failSender) DM(_ context.Context, d db.Delivery, _ string) (string, error) {
	return "", f.send(d)
}

type fixedClock struct{ t time.Time }

func (c fixedClock) Now() time.Time { return c.t }

func TestFlush(t *testing.T) {
	post := func(text string) db.Delivery {
		return db.Delivery{TableID: 1, Kind: db.PostDelivery, Channel: "c1", Message: []byte(text)}
	}
	dm := func(user, text string) db.Delivery {
		return db.Delivery{Kind: db.DMDelivery, Channel: user, Message: []byte(text)}
	}
	warning := post("warning")
	for _, tc := range []struct {
		name        string
		out         []db.Delivery
		fail        map[string]error
		wantSent    []string
		wantPending int
		wantBlocked []string
	}{
		{name: "in order", out: []db.Delivery{post("a"), post("b")}, wantSent: []string{"a", "b"}},
		{
			name: "a failure holds up its queue only", out: []db.Delivery{post("a"), post("b"), dm("u1", "x")},
			fail: map[string]error{"a": errors.New("timeout")}, wantSent: []string{"x"}, wantPending: 2,
		},
		{
			name: "a rate limit holds up every queue when global", out: []db.Delivery{post("a"), dm("u1", "x")},
			fail: map[string]error{"a": &RateLimitError{RetryAfter: time.Hour, Global: true}}, wantPending: 2,
		},
		{
			name: "a refusal drops the entry", out: []db.Delivery{post("a"), post("b")},
			fail: map[string]error{"a": fmt.Errorf("%w: unknown channel", ErrRejected)}, wantSent: []string{"b"},
		},
		{
			name: "a blocked DM is dropped, warned and reported", out: []db.Delivery{dm("u1", "x"), dm("u2", "y")},
			fail:     map[string]error{"x": fmt.Errorf("dm: %w", ErrDMBlocked)},
			wantSent: []string{"warning", "y"}, wantBlocked: []string{"u1"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := &memStore{}
			st.add(tc.out...)
			s := &failSender{fail: tc.fail}
			w := New(Config{
				Store: st, Sender: s, Clock: fixedClock{time.Unix(0, 0)}, Backoff: time.Second,
				Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
				Blocked: func(context.Context, db.Delivery) []db.Delivery {
					return []db.Delivery{warning}
				},
			})
			blocked := w.Flush(context.Background(), tc.out)
			if !slices.Equal(s.sent, tc.wantSent) {
				t.Errorf("sent %q, want %q", s.sent, tc.wantSent)
			}
			if len(st.entries) != tc.wantPending {
				t.Errorf("%d entries pending, want %d", len(st.entries), tc.wantPending)
			}
			if !slices.Equal(blocked, tc.wantBlocked) {
				t.Errorf("blocked %q, want %q", blocked, tc.wantBlocked)
			}
		})
	}
}

func TestBackoff(t *testing.T) {
	for _, tc := range []struct {
		name     string
		attempts int
		want     time.Duration
	}{
		{"first failure", 0, 2 * time.Second},
		{"doubles", 3, 16 * time.Second},
		{"bounded", 40, maxBackoff},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := backoff(2*time.Second, tc.attempts); got != tc.want {
				t.Errorf("backoff(2s, %d) = %v, want %v", tc.attempts, got, tc.want)
			}
		})
	}
}
