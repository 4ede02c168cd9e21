package bot

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
)

// quietStore saves user locales and outbox entries nowhere; the other
// methods are not used.
type quietStore struct{ Store }

func (quietStore) SetUserLocale(context.Context, string, string) error { return nil }

func (quietStore) Enqueue(context.Context, ...db.Delivery) error { return nil }

func (quietStore) NextDelivery(context.Context, string) (db.Delivery, error) {
	return db.Delivery{}, db.ErrNotFound
}

// quietDiscord is a Discord whose methods are not used.
type quietDiscord struct{ Discord }

// lastReply keeps the last reply; the other methods are not used.
type lastReply struct {
	Responder
	m *Message
}

func (r lastReply) Reply(_ context.Context, m Message) error {
	*r.m = m
	return nil
}

// TestCachesStayBounded fills each per-process cache past its bound
// through the code that fills it, and checks that it keeps the bound and
// the newest entry.
func TestCachesStayBounded(t *testing.T) {
	ctx := context.Background()
	// rolled is the public reply to the last private roll, which ends
	// with its commitment in backquotes.
	var rolled Message
	tests := []struct {
		name string
		size int
		// add makes the i-th entry; has says whether the i-th is cached.
		add func(b *Bot, i int) error
		has func(b *Bot, i int) bool
		len func(b *Bot) int
	}{
		{
			name: "dm warnings",
			size: dmWarnedSize,
			add: func(b *Bot, i int) error {
				b.dmBlockedWarning(db.Table{ID: 1, ChannelID: "c1"}, strconv.Itoa(i))
				return nil
			},
			has: func(b *Bot, i int) bool { return b.dmWarned.Contains(tableUser{1, strconv.Itoa(i)}) },
			len: func(b *Bot) int { return b.dmWarned.Len() },
		},
		{
			name: "user languages",
			size: langsSize,
			add: func(b *Bot, i int) error {
				b.noteUserLocale(ctx, strconv.Itoa(i), "de")
				return nil
			},
			has: func(b *Bot, i int) bool {
				l, ok := b.langs.Peek(strconv.Itoa(i))
				return ok && l == games.German
			},
			len: func(b *Bot) int { return b.langs.Len() },
		},
		{
			name: "roll commitments",
			size: commitmentsSize,
			add: func(b *Bot, i int) error {
				in := &Interaction{User: User{ID: strconv.Itoa(i), Name: "P"}, Options: map[string]string{"dice": "d6", "private": "true"}}
				return b.rollCommand(&call{ctx: ctx, in: in, r: lastReply{m: &rolled}, lang: games.English})
			},
			has: func(b *Bot, _ int) bool {
				quoted := strings.Split(rolled.Content, "`")
				return len(quoted) == 3 && b.commitments.Contains(quoted[1])
			},
			len: func(b *Bot) int { return b.commitments.Len() },
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := New(Config{Store: quietStore{}, Discord: quietDiscord{}})
			if err != nil {
				t.Fatal(err)
			}
			n := tt.size + 10
			for i := range n {
				if err := tt.add(b, i); err != nil {
					t.Fatalf("entry %d: %v", i, err)
				}
			}
			if got := tt.len(b); got != tt.size {
				t.Errorf("%d entries added, %d kept; want the bound %d", n, got, tt.size)
			}
			if !tt.has(b, n-1) {
				t.Errorf("the newest entry was evicted")
			}
		})
	}
}
