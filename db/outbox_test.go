package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/playbychat/pbc/db/dbtest"
)

// post is a delivery to channel c1 of table id with message text.
func post(id int64, text string, live bool) Delivery {
	return Delivery{GuildID: "g1", TableID: id, Kind: PostDelivery, Channel: "c1", Live: live, Message: []byte(text)}
}

// next returns the head of queue, failing the test on an error.
func next(t *testing.T, s *Store, queue string) Delivery {
	t.Helper()
	d, err := s.NextDelivery(context.Background(), queue)
	if err != nil {
		t.Fatalf("NextDelivery(%s): %v", queue, err)
	}
	return d
}

func TestOutboxOrderAndTargets(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, b dbtest.Backend) {
		s := newStore(t, b)
		ctx := context.Background()
		id := startedTable(t, s, "c1", 2) // version 2
		png := DeliveryFile{Name: "board.png", ContentType: "image/png", Alt: "the board", Data: []byte("\x89PNG")}
		board := post(id, "board 1", true)
		board.Files = []DeliveryFile{png}
		dm := Delivery{GuildID: "g1", TableID: id, Kind: DMDelivery, Channel: "u1", Message: []byte("hand")}
		m := Move{Seat: 0, UserID: "u0", Notation: "m1"}
		if err := s.CommitMove(ctx, id, 2, m, snap(1), false, board, dm); err != nil {
			t.Fatal(err)
		}
		// A commit that conflicts writes nothing to the outbox.
		if err := s.CommitMove(ctx, id, 2, m, snap(1), false, post(id, "lost", false)); !errors.Is(err, ErrConflict) {
			t.Fatalf("stale commit: %v", err)
		}
		edit := Delivery{GuildID: "g1", TableID: id, Kind: EditDelivery, Channel: "c1", Message: []byte("board 1, edited")}
		if err := s.Enqueue(ctx, edit); err != nil {
			t.Fatal(err)
		}
		queues, err := s.DueQueues(ctx, t0)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(queues, []string{"c1", "dm:u1"}) {
			t.Fatalf("due queues %v, want [c1 dm:u1]", queues)
		}
		head := next(t, s, "c1")
		if string(head.Message) != "board 1" || !head.Live || len(head.Files) != 1 || string(head.Files[0].Data) != "\x89PNG" || head.Files[0].Alt != "the board" {
			t.Fatalf("head of c1: %+v", head)
		}
		if err := s.Delivered(ctx, head.ID, "m100"); err != nil {
			t.Fatal(err)
		}
		// The edit targets the delivered live post.
		e := next(t, s, "c1")
		if e.Kind != EditDelivery || e.TargetMessage != "m100" || string(e.Message) != "board 1, edited" {
			t.Fatalf("edit: %+v", e)
		}
		// A rate limit holds the queue back until its time.
		later := t0.Add(time.Hour)
		if err := s.Postpone(ctx, e.ID, later); err != nil {
			t.Fatal(err)
		}
		if queues, _ := s.DueQueues(ctx, t0); !slices.Equal(queues, []string{"dm:u1"}) {
			t.Fatalf("due queues while c1 waits: %v", queues)
		}
		if queues, _ := s.DueQueues(ctx, later); !slices.Equal(queues, []string{"dm:u1", "c1"}) {
			t.Fatalf("due queues after the wait: %v", queues)
		}
		if e = next(t, s, "c1"); e.Attempts != 1 || !e.NotBefore.Equal(later) {
			t.Fatalf("postponed edit: attempts %d, not before %v", e.Attempts, e.NotBefore)
		}
		if err := s.Delivered(ctx, e.ID, ""); err != nil {
			t.Fatal(err)
		}
		// A second live post: once delivered, the first is dropped.
		if err := s.Enqueue(ctx, post(id, "board 2", true), Delivery{GuildID: "g1", TableID: id, Kind: EditDelivery, Channel: "c1", Message: []byte("board 2, edited")}); err != nil {
			t.Fatal(err)
		}
		b2 := next(t, s, "c1")
		if err := s.Delivered(ctx, b2.ID, "m200"); err != nil {
			t.Fatal(err)
		}
		if e = next(t, s, "c1"); e.TargetMessage != "m200" {
			t.Fatalf("edit after the second board targets %q", e.TargetMessage)
		}
		var live int
		if err := s.q.QueryRowContext(ctx, `SELECT count(*) FROM outbox WHERE live = true`).Scan(&live); err != nil || live != 1 {
			t.Errorf("%d live posts kept (%v), want 1", live, err)
		}
		// Dropping leaves nothing; a delivered entry cannot be dropped.
		if err := s.Drop(ctx, e.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := s.NextDelivery(ctx, "c1"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("c1 after the drop: %v", err)
		}
		if err := s.Drop(ctx, b2.ID); !errors.Is(err, ErrNotFound) {
			t.Errorf("Drop of a delivered post: %v", err)
		}
		if n, err := s.PendingDeliveries(ctx); err != nil || n != 1 {
			t.Errorf("%d pending (%v), want the DM", n, err)
		}
	})
}

func TestOutboxEditWithoutLivePostPosts(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, b dbtest.Backend) {
		s := newStore(t, b)
		ctx := context.Background()
		id := startedTable(t, s, "c1", 2)
		edit := Delivery{GuildID: "g1", TableID: id, Kind: EditDelivery, Channel: "c1", Message: []byte("x")}
		if err := s.Enqueue(ctx, edit); err != nil {
			t.Fatal(err)
		}
		if d := next(t, s, "c1"); d.Kind != PostDelivery || !d.Live {
			t.Fatalf("an edit of a table without a live post became %+v", d)
		}
	})
}

func TestOutboxSurvivesRestart(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, b dbtest.Backend) {
		path := t.TempDir() + "/outbox.db"
		s := openStore(t, path)
		ctx := context.Background()
		id := startedTable(t, s, "c1", 2)
		if err := s.SetReminder(ctx, id, t0, post(id, "reminder", false)); err != nil {
			t.Fatal(err)
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		again := openStore(t, path)
		if d := next(t, again, "c1"); string(d.Message) != "reminder" || d.GuildID != "g1" || d.TableID != id {
			t.Fatalf("after a restart: %+v", d)
		}
	})
}

// TestOutboxDropsSupersededEdits checks that a waiting edit of the live
// post is replaced by a newer one, except the queue's head, edits with
// files and edits of another post.
func TestOutboxDropsSupersededEdits(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, b dbtest.Backend) {
		s := newStore(t, b)
		ctx := context.Background()
		id := startedTable(t, s, "c1", 2)
		edit := func(text string) Delivery {
			return Delivery{GuildID: "g1", TableID: id, Kind: EditDelivery, Channel: "c1", Message: []byte(text)}
		}
		withFile := edit("e3 with a file")
		withFile.Files = []DeliveryFile{{Name: "board.png", ContentType: "image/png", Data: []byte("\x89PNG")}}
		if err := s.Enqueue(ctx, post(id, "board 1", true)); err != nil {
			t.Fatal(err)
		}
		if err := s.Delivered(ctx, next(t, s, "c1").ID, "m100"); err != nil {
			t.Fatal(err)
		}
		for _, d := range []Delivery{edit("e1"), edit("e2"), withFile, edit("e4"), edit("e5"), post(id, "a ping", false),
			edit("e6"), post(id, "board 2", true), edit("f1"), edit("f2")} {
			if err := s.Enqueue(ctx, d); err != nil {
				t.Fatal(err)
			}
		}
		var got []string
		for {
			d, err := s.NextDelivery(ctx, "c1")
			if errors.Is(err, ErrNotFound) {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, string(d.Message))
			if err := s.Delivered(ctx, d.ID, "m"+string(d.Message)); err != nil {
				t.Fatal(err)
			}
		}
		// e1 is the head (perhaps on its way), e3 has a file; e2 gives way
		// to e3 and e4, e5 to e6; board 2's edits replace only each other.
		want := []string{"e1", "e3 with a file", "a ping", "e6", "board 2", "f2"}
		if !slices.Equal(got, want) {
			t.Errorf("delivered %q, want %q", got, want)
		}
	})
}

func TestOutboxDMWithoutTable(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, b dbtest.Backend) {
		s := newStore(t, b)
		ctx := context.Background()
		dm := Delivery{GuildID: "g1", Kind: DMDelivery, Channel: "u1", Message: []byte("roll")}
		if err := s.Enqueue(ctx, dm); err != nil {
			t.Fatal(err)
		}
		head := next(t, s, "dm:u1")
		if head.TableID != 0 || string(head.Message) != "roll" {
			t.Fatalf("head of dm:u1: %+v", head)
		}
		if err := s.Delivered(ctx, head.ID, ""); err != nil {
			t.Fatal(err)
		}
		if _, err := s.NextDelivery(ctx, "dm:u1"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("after delivery: %v, want ErrNotFound", err)
		}
	})
}

// TestMigrateKeepsOutbox upgrades a database of the six first migrations
// with an undelivered post and its file: the rebuilt outbox keeps both.
func TestMigrateKeepsOutbox(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, b dbtest.Backend) {
		ms, err := loadMigrations(migrationFiles, b.Name)
		if err != nil {
			t.Fatal(err)
		}
		path := b.DSN(t)
		driver, source, blob := "sqlite3", "file:"+path, `X'89504e47'`
		if b.Name == "postgres" {
			driver, source, blob = "pgx", path, `decode('89504e47', 'hex')`
		}
		old, err := sql.Open(driver, source)
		if err != nil {
			t.Fatal(err)
		}
		qs := []string{`CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`}
		for _, m := range ms[:6] {
			qs = append(qs, m.sql, fmt.Sprintf(`INSERT INTO schema_migrations VALUES (%d, '%s', '')`, m.version, m.name))
		}
		qs = append(qs,
			`INSERT INTO tables (guild_id, channel_id, game, creator_id, status, seed, seed_secret, commitment, created_at, updated_at)
				VALUES ('g1', 'c1', 'x', 'u1', 'open', 7, 's', 'c', '2026-01-01T00:00:00.000000000Z', '2026-01-01T00:00:00.000000000Z')`,
			`INSERT INTO outbox (guild_id, table_id, queue, kind, channel_id, message, not_before, created_at)
				VALUES ('g1', 1, 'c1', 'post', 'c1', 'board', '0001-01-01T00:00:00.000000000Z', '2026-01-01T00:00:00.000000000Z')`,
			`INSERT INTO outbox_files (entry_id, n, name, content_type, alt, data) VALUES (1, 0, 'board.png', 'image/png', 'alt', `+blob+`)`,
		)
		for _, q := range qs {
			if _, err := old.Exec(q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		if err := old.Close(); err != nil {
			t.Fatal(err)
		}
		s := openStore(t, path)
		d := next(t, s, "c1")
		if d.ID != 1 || d.TableID != 1 || string(d.Message) != "board" || len(d.Files) != 1 || string(d.Files[0].Data) != "\x89PNG" {
			t.Errorf("post after the upgrade: %+v", d)
		}
	})
}
