package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// DeliveryKind says what a Delivery does.
type DeliveryKind string

// The delivery kinds.
const (
	// PostDelivery posts a message in a channel.
	PostDelivery DeliveryKind = "post"
	// EditDelivery edits the table's live message (the newest Live post).
	EditDelivery DeliveryKind = "edit"
	// DMDelivery sends a message to a user privately.
	DMDelivery DeliveryKind = "dm"
)

// Delivery is one message owed to Discord after a change: written to the
// outbox in the change's transaction (see Store.Enqueue and the out
// parameters of the versioned writes) and delivered by the bot until Discord
// confirms it. Entries of one queue (a channel, or one user's DMs) are
// delivered one at a time in ID order.
type Delivery struct {
	ID      int64 // set by the store
	GuildID string
	// TableID is the table the message is about; 0 for none (a DM such
	// as a private roll's; it cannot be an edit).
	TableID int64
	Kind    DeliveryKind
	// Channel is the channel of a post or an edit, or the user of a DM.
	Channel string
	// Live marks a post that becomes the table's live message, the one
	// later edits change.
	Live bool
	// Message is the message, encoded by the caller (the store does not
	// read it); Files are its attachments.
	Message []byte
	Files   []DeliveryFile
	// TargetMessage is the Discord message id an edit changes; set by
	// NextDelivery, empty when the live post it targets was never delivered.
	TargetMessage string
	// Attempts counts the failed attempts so far.
	Attempts int
	// NotBefore is the earliest time of the next attempt; zero for at once.
	NotBefore time.Time
	// Panel, set on a DM that shows a player's panel, is recorded with the
	// entry (its Hash, see SetPanelHash) in the same transaction, so that
	// the hash stored is always that of a panel on its way.
	Panel *Panel
}

// DeliveryFile is an attachment of a Delivery.
type DeliveryFile struct {
	Name        string
	ContentType string
	Alt         string
	Data        []byte
}

// Queue is the delivery queue of d: the channel, or "dm:" and the user.
func (d Delivery) Queue() string {
	if d.Kind == DMDelivery {
		return "dm:" + d.Channel
	}
	return d.Channel
}

// Enqueue writes deliveries to the outbox in one transaction, in order.
func (s *Store) Enqueue(ctx context.Context, out ...Delivery) error {
	if len(out) == 0 {
		return nil
	}
	if err := s.inTx(ctx, func(tx runner) error { return s.enqueue(ctx, tx, out) }); err != nil {
		return fmt.Errorf("enqueue: %w", err)
	}
	return nil
}

// enqueue inserts deliveries inside tx. An edit targets the newest live
// post of its table; a table without one gets the edit as a live post.
func (s *Store) enqueue(ctx context.Context, tx runner, out []Delivery) error {
	now := formatTime(s.now())
	for _, d := range out {
		var target sql.NullInt64
		if d.Kind == EditDelivery {
			err := tx.QueryRowContext(ctx, `SELECT max(id) FROM outbox WHERE table_id = ? AND live = true`, d.TableID).Scan(&target)
			if err != nil {
				return fmt.Errorf("live post of table %d: %w", d.TableID, err)
			}
			if !target.Valid {
				d.Kind, d.Live = PostDelivery, true
			} else if len(d.Files) == 0 {
				if err := dropSupersededEdits(ctx, tx, d, target.Int64); err != nil {
					return err
				}
			}
		}
		// A zero NotBefore (due at once) is stored as the zero time, so
		// that it is due by any clock, a test's included.
		notBefore := formatTime(d.NotBefore)
		var id int64
		err := tx.QueryRowContext(ctx, `INSERT INTO outbox (guild_id, table_id, queue, kind, channel_id, live, target_id,
			message, not_before, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			d.GuildID, sql.NullInt64{Int64: d.TableID, Valid: d.TableID != 0}, d.Queue(), string(d.Kind), d.Channel, d.Live && d.Kind == PostDelivery, target,
			string(d.Message), notBefore, now).Scan(&id)
		if err != nil {
			return fmt.Errorf("insert %s to %s: %w", d.Kind, d.Queue(), err)
		}
		if p := d.Panel; p != nil {
			if err := setPanelHash(ctx, tx, p.TableID, p.Seat, p.UserID, p.Hash); err != nil {
				return err
			}
		}
		for n, f := range d.Files {
			data := f.Data
			if data == nil {
				data = []byte{}
			}
			_, err := tx.ExecContext(ctx, `INSERT INTO outbox_files (entry_id, n, name, content_type, alt, data)
				VALUES (?, ?, ?, ?, ?, ?)`, id, n, f.Name, f.ContentType, f.Alt, data)
			if err != nil {
				return fmt.Errorf("insert file %s: %w", f.Name, err)
			}
		}
	}
	return nil
}

// dropSupersededEdits deletes the pending edits of live post target that
// the edit d replaces: each edit carries the whole message, so only the
// newest of a queue's waiting edits of one message need reach Discord (a
// bot playing several seats makes a dozen moves in a second; each edits the
// live message, and Discord allows about five edits in five seconds). The
// queue's first pending entry is left alone (it may be on its way now), and
// so are edits with files.
func dropSupersededEdits(ctx context.Context, tx runner, d Delivery, target int64) error {
	_, err := tx.ExecContext(ctx, `DELETE FROM outbox WHERE state = 'pending' AND kind = 'edit' AND target_id = ?
		AND queue = ?
		AND id > (SELECT min(p.id) FROM outbox p WHERE p.state = 'pending' AND p.queue = ?)
		AND NOT EXISTS (SELECT 1 FROM outbox_files f WHERE f.entry_id = outbox.id)`, target, d.Queue(), d.Queue())
	if err != nil {
		return fmt.Errorf("drop edits superseded in %s: %w", d.Queue(), err)
	}
	return nil
}

// DueQueues lists the queues whose first undelivered entry may be tried at
// now, ordered by that entry's id. Only the entries of the guilds the
// store's shard owns count (see OwnShard): a user's DMs about tables in
// guilds of different shards make one queue per shard.
func (s *Store) DueQueues(ctx context.Context, now time.Time) ([]string, error) {
	owned, args := s.shardFilter("o.guild_id")
	ownedP, _ := s.shardFilter("p.guild_id")
	rows, err := s.q.QueryContext(ctx, `SELECT o.queue FROM outbox o
		WHERE o.state = 'pending' AND o.not_before <= ?`+owned+`
		AND o.id = (SELECT min(p.id) FROM outbox p WHERE p.state = 'pending' AND p.queue = o.queue`+ownedP+`)
		ORDER BY o.id`, append(append([]any{formatTime(now)}, args...), args...)...)
	if err != nil {
		return nil, fmt.Errorf("due queues: %w", err)
	}
	defer rows.Close()
	var qs []string
	for rows.Next() {
		var q string
		if err := rows.Scan(&q); err != nil {
			return nil, fmt.Errorf("due queues: %w", err)
		}
		qs = append(qs, q)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("due queues: %w", err)
	}
	return qs, nil
}

// NextDelivery returns the first undelivered entry of a queue with its
// files (and, for an edit, the message id of its target), or ErrNotFound
// when the queue is empty. The entry may not be due yet: see NotBefore.
// Only entries of the guilds the store's shard owns count (see OwnShard).
func (s *Store) NextDelivery(ctx context.Context, queue string) (Delivery, error) {
	var (
		d                    Delivery
		kind, msg, notBefore string
		target               sql.NullString
		tableID              sql.NullInt64
	)
	owned, args := s.shardFilter("o.guild_id")
	err := s.q.QueryRowContext(ctx, `SELECT o.id, o.guild_id, o.table_id, o.kind, o.channel_id, o.live, o.message,
		o.attempts, o.not_before, t.message_id
		FROM outbox o LEFT JOIN outbox t ON t.id = o.target_id AND t.state = 'delivered'
		WHERE o.state = 'pending' AND o.queue = ?`+owned+` ORDER BY o.id LIMIT 1`, append([]any{queue}, args...)...).
		Scan(&d.ID, &d.GuildID, &tableID, &kind, &d.Channel, &d.Live, &msg, &d.Attempts, &notBefore, &target)
	if errors.Is(err, sql.ErrNoRows) {
		err = ErrNotFound
	}
	if err != nil {
		return Delivery{}, fmt.Errorf("next delivery of %s: %w", queue, err)
	}
	d.TableID, d.Kind, d.Message, d.TargetMessage = tableID.Int64, DeliveryKind(kind), []byte(msg), target.String
	if d.NotBefore, err = parseTime(notBefore); err != nil {
		return Delivery{}, err
	}
	rows, err := s.q.QueryContext(ctx, `SELECT name, content_type, alt, data FROM outbox_files WHERE entry_id = ? ORDER BY n`, d.ID)
	if err != nil {
		return Delivery{}, fmt.Errorf("files of delivery %d: %w", d.ID, err)
	}
	defer rows.Close()
	for rows.Next() {
		var f DeliveryFile
		if err := rows.Scan(&f.Name, &f.ContentType, &f.Alt, &f.Data); err != nil {
			return Delivery{}, fmt.Errorf("files of delivery %d: %w", d.ID, err)
		}
		d.Files = append(d.Files, f)
	}
	if err := rows.Err(); err != nil {
		return Delivery{}, fmt.Errorf("files of delivery %d: %w", d.ID, err)
	}
	return d, nil
}

// Delivered records that Discord confirmed entry id. A post keeps its row
// with the message id (later edits target it) and loses its files; once a
// newer live post of its table is delivered, older live posts are dropped,
// as nothing queued can target them any more. Edits and DMs are deleted.
// out is enqueued in the same transaction (what the delivery makes due,
// such as a warning).
//
// The mark is committed without waiting for the disk (inRelaxedTx): a
// power loss right after it may undo it, and the entry is sent again. A
// post or DM is then answered with Discord's first message (its nonce), an
// edit changes nothing, so a lost mark costs a request, and sparing each
// delivery an fsync keeps a turn's several deliveries cheap.
func (s *Store) Delivered(ctx context.Context, id int64, messageID string, out ...Delivery) error {
	err := s.inRelaxedTx(ctx, func(tx runner) error {
		var (
			kind    string
			tableID sql.NullInt64
			live    bool
		)
		err := tx.QueryRowContext(ctx, `SELECT kind, table_id, live FROM outbox WHERE id = ? AND state = 'pending'`, id).
			Scan(&kind, &tableID, &live)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM outbox_files WHERE entry_id = ?`, id); err != nil {
			return err
		}
		switch {
		case DeliveryKind(kind) != PostDelivery:
			_, err = tx.ExecContext(ctx, `DELETE FROM outbox WHERE id = ?`, id)
		case live:
			_, err = tx.ExecContext(ctx, `DELETE FROM outbox WHERE table_id = ? AND live = true AND state = 'delivered' AND id < ?`, tableID.Int64, id)
			if err == nil {
				_, err = tx.ExecContext(ctx, `UPDATE outbox SET state = 'delivered', message_id = ?, message = '' WHERE id = ?`, messageID, id)
			}
		default:
			_, err = tx.ExecContext(ctx, `DELETE FROM outbox WHERE id = ?`, id)
		}
		if err != nil {
			return err
		}
		return s.enqueue(ctx, tx, out)
	})
	if err != nil {
		return fmt.Errorf("mark delivery %d delivered: %w", id, err)
	}
	return nil
}

// Postpone records a failed attempt at entry id: it is tried again at
// notBefore, and its queue waits until then.
func (s *Store) Postpone(ctx context.Context, id int64, notBefore time.Time) error {
	res, err := s.q.ExecContext(ctx, `UPDATE outbox SET attempts = attempts + 1, not_before = ? WHERE id = ? AND state = 'pending'`,
		formatTime(notBefore), id)
	if err == nil {
		err = affectedOne(res)
	}
	if err != nil {
		return fmt.Errorf("postpone delivery %d: %w", id, err)
	}
	return nil
}

// Drop removes entry id without delivering it (Discord refused it for
// good), enqueueing out in the same transaction. A dropped live post leaves
// the edits that target it without a message: they are dropped in turn.
func (s *Store) Drop(ctx context.Context, id int64, out ...Delivery) error {
	err := s.inTx(ctx, func(tx runner) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM outbox WHERE id = ? AND state = 'pending'`, id)
		if err == nil {
			err = affectedOne(res)
		}
		if err != nil {
			return err
		}
		return s.enqueue(ctx, tx, out)
	})
	if err != nil {
		return fmt.Errorf("drop delivery %d: %w", id, err)
	}
	return nil
}

// PendingDeliveries counts the undelivered entries.
func (s *Store) PendingDeliveries(ctx context.Context) (int, error) {
	var n int
	if err := s.q.QueryRowContext(ctx, `SELECT count(*) FROM outbox WHERE state = 'pending'`).Scan(&n); err != nil {
		return 0, fmt.Errorf("count pending deliveries: %w", err)
	}
	return n, nil
}
