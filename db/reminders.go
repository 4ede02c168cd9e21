package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// SetReminder schedules the table's reminder at due, replacing a pending
// one, and enqueues out (the reminder just sent) in the same transaction. It
// returns ErrNotFound when the table does not exist.
func (s *Store) SetReminder(ctx context.Context, tableID int64, due time.Time, out ...Delivery) error {
	err := s.inTx(ctx, func(tx runner) error {
		// INSERT ... SELECT inserts nothing for a missing table; the WHERE
		// also resolves SQLite's parsing ambiguity of an upsert after a
		// SELECT.
		res, err := tx.ExecContext(ctx, `INSERT INTO reminders (table_id, due)
			SELECT id, ? FROM tables WHERE id = ?
			ON CONFLICT (table_id) DO UPDATE SET due = excluded.due`, formatTime(due), tableID)
		if err == nil {
			err = affectedOne(res)
		}
		if err != nil {
			return err
		}
		return s.enqueue(ctx, tx, out)
	})
	if err != nil {
		return fmt.Errorf("set reminder of table %d: %w", tableID, err)
	}
	return nil
}

// RescheduleReminder claims the table's reminder that was due at was:
// it moves it to due and enqueues out (the reminder sent for it) in one
// transaction, or returns ErrConflict, changing nothing, when the
// reminder is no longer due at was: another process sent it, or a change
// of the table set it anew (or cleared it) meanwhile. Processes that share
// a database without splitting the guilds between them (see OwnShard) so
// send each reminder once.
func (s *Store) RescheduleReminder(ctx context.Context, tableID int64, was, due time.Time, out ...Delivery) error {
	err := s.inTx(ctx, func(tx runner) error {
		if err := claimReminder(ctx, tx, tableID, was, due); err != nil {
			return err
		}
		return s.enqueue(ctx, tx, out)
	})
	if err != nil {
		return fmt.Errorf("reschedule reminder of table %d: %w", tableID, err)
	}
	return nil
}

// claimReminder moves the table's reminder that was due at was to due
// inside tx, or returns ErrConflict when it is no longer due at was.
func claimReminder(ctx context.Context, tx runner, tableID int64, was, due time.Time) error {
	res, err := tx.ExecContext(ctx, `UPDATE reminders SET due = ? WHERE table_id = ? AND due = ?`,
		formatTime(due), tableID, formatTime(was))
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n != 1 {
		return ErrConflict
	}
	return nil
}

// ClearReminder drops the table's pending reminder; clearing none is no
// error.
func (s *Store) ClearReminder(ctx context.Context, tableID int64) error {
	if _, err := s.q.ExecContext(ctx, `DELETE FROM reminders WHERE table_id = ?`, tableID); err != nil {
		return fmt.Errorf("clear reminder of table %d: %w", tableID, err)
	}
	return nil
}

// DueReminders returns the reminders due at or before now, earliest first,
// of the guilds the store's shard owns (see OwnShard). They stay pending
// until cleared or set again.
func (s *Store) DueReminders(ctx context.Context, now time.Time) ([]Reminder, error) {
	owned, args := s.shardFilter("t.guild_id")
	rs, err := s.queryReminders(ctx, `SELECT r.table_id, r.due FROM reminders r JOIN tables t ON t.id = r.table_id
		WHERE r.due <= ?`+owned+` ORDER BY r.due, r.table_id`, append([]any{formatTime(now)}, args...)...)
	if err != nil {
		return nil, fmt.Errorf("list due reminders: %w", err)
	}
	return rs, nil
}

// Reminders returns every pending reminder, earliest first.
func (s *Store) Reminders(ctx context.Context) ([]Reminder, error) {
	rs, err := s.queryReminders(ctx, `SELECT table_id, due FROM reminders ORDER BY due, table_id`)
	if err != nil {
		return nil, fmt.Errorf("list reminders: %w", err)
	}
	return rs, nil
}

func (s *Store) queryReminders(ctx context.Context, query string, args ...any) ([]Reminder, error) {
	rows, err := s.q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var rs []Reminder
	for rows.Next() {
		var (
			r   Reminder
			due string
		)
		if err := rows.Scan(&r.TableID, &due); err != nil {
			return nil, err
		}
		if r.Due, err = parseTime(due); err != nil {
			return nil, err
		}
		rs = append(rs, r)
	}
	return rs, rows.Err()
}

// DefaultGuildSettings are the settings of a guild that never saved any:
// reminders every 24 hours, no quiet hours, tables in the channel itself.
func DefaultGuildSettings(guildID string) GuildSettings {
	return GuildSettings{GuildID: guildID, ReminderEvery: 24 * time.Hour, QuietStart: -1, QuietEnd: -1}
}

// GuildSettings returns a guild's saved settings (Saved set), or
// DefaultGuildSettings when it never saved any.
func (s *Store) GuildSettings(ctx context.Context, guildID string) (GuildSettings, error) {
	var (
		g      = GuildSettings{GuildID: guildID}
		every  int64
		thread bool
	)
	err := s.q.QueryRowContext(ctx, `SELECT reminder_every, quiet_start, quiet_end, thread_mode
		FROM guild_settings WHERE guild_id = ?`, guildID).Scan(&every, &g.QuietStart, &g.QuietEnd, &thread)
	if errors.Is(err, sql.ErrNoRows) {
		return DefaultGuildSettings(guildID), nil
	}
	if err != nil {
		return GuildSettings{}, fmt.Errorf("read settings of guild %s: %w", guildID, err)
	}
	g.ReminderEvery, g.ThreadMode, g.Saved = secondsDuration(every), thread, true
	return g, nil
}

// SaveGuildSettings stores a guild's settings. Quiet hours are -1 (none) or
// an hour 0-23; the reminder interval must not be negative.
func (s *Store) SaveGuildSettings(ctx context.Context, g GuildSettings) error {
	err := func() error {
		if g.ReminderEvery < 0 {
			return fmt.Errorf("negative reminder interval %v", g.ReminderEvery)
		}
		for _, h := range []int{g.QuietStart, g.QuietEnd} {
			if h < -1 || h > 23 {
				return fmt.Errorf("quiet hour %d out of range -1..23", h)
			}
		}
		_, err := s.q.ExecContext(ctx, `INSERT INTO guild_settings (guild_id, reminder_every, quiet_start, quiet_end, thread_mode)
			VALUES (?, ?, ?, ?, ?)
			ON CONFLICT (guild_id) DO UPDATE SET reminder_every = excluded.reminder_every,
				quiet_start = excluded.quiet_start, quiet_end = excluded.quiet_end, thread_mode = excluded.thread_mode`,
			g.GuildID, durationSeconds(g.ReminderEvery), g.QuietStart, g.QuietEnd, g.ThreadMode)
		return err
	}()
	if err != nil {
		return fmt.Errorf("save settings of guild %s: %w", g.GuildID, err)
	}
	return nil
}
