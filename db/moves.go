package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Start turns an Open table at expectedVersion into a Running one with the
// final seating (seats[i] must be seat i) and the state before the first
// move (snap.Moves must be 0). The table started when its first acting
// seat began to act (the caller's clock, in the seats' ActingSince), or
// now when no seat says.
func (s *Store) Start(ctx context.Context, tableID int64, expectedVersion int, seats []Seat, snap Snapshot, out ...Delivery) error {
	err := func() error {
		if len(seats) == 0 {
			return errors.New("no seats")
		}
		for i, st := range seats {
			if st.Seat != i {
				return fmt.Errorf("seats[%d] is seat %d", i, st.Seat)
			}
		}
		if snap.Moves != 0 {
			return fmt.Errorf("start snapshot covers %d moves, want 0", snap.Moves)
		}
		return s.versionedWrite(ctx, tableID, expectedVersion, []Status{Open}, func(tx runner) error {
			if err := replaceSeats(ctx, tx, tableID, seats); err != nil {
				return err
			}
			if err := setStatus(ctx, tx, tableID, Running); err != nil {
				return err
			}
			started := s.now()
			for _, st := range seats {
				if !st.ActingSince.IsZero() {
					started = st.ActingSince
					break
				}
			}
			if _, err := tx.ExecContext(ctx, `UPDATE tables SET started_at = ? WHERE id = ?`, formatTime(started), tableID); err != nil {
				return fmt.Errorf("stamp start: %w", err)
			}
			if err := replaceSnapshot(ctx, tx, tableID, snap); err != nil {
				return err
			}
			return s.enqueue(ctx, tx, out)
		})
	}()
	if err != nil {
		return fmt.Errorf("start table %d: %w", tableID, err)
	}
	return nil
}

// CommitMove appends m to the log of a Running table at expectedVersion,
// replaces the snapshot with snap (the state after m: snap.Moves must be the
// new log length) and bumps Version, all in one transaction. m.N may be 0
// (the store numbers the move) or the number it gets; a zero m.At means now.
// With finished set the table becomes Finished (ended at m.At) and its
// reminder is dropped.
// out is written to the outbox in the same transaction.
func (s *Store) CommitMove(ctx context.Context, tableID int64, expectedVersion int, m Move, snap Snapshot, finished bool, out ...Delivery) error {
	err := s.versionedWrite(ctx, tableID, expectedVersion, []Status{Running}, func(tx runner) error {
		last, err := lastMove(ctx, tx, tableID)
		if err != nil {
			return err
		}
		n := last + 1
		if m.N != 0 && m.N != n {
			return fmt.Errorf("move is numbered %d, the log has %d moves", m.N, last)
		}
		if snap.Moves != n {
			return fmt.Errorf("snapshot covers %d moves, the log will have %d", snap.Moves, n)
		}
		at := m.At
		if at.IsZero() {
			at = s.now()
		}
		var waited any
		if m.Waited {
			waited = durationSeconds(m.Wait)
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO moves (table_id, n, seat, user_id, notation, at, reveal, waited)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, tableID, n, m.Seat, m.UserID, m.Notation, formatTime(at), m.Reveal, waited)
		if err != nil {
			return fmt.Errorf("insert move %d: %w", n, err)
		}
		if err := replaceSnapshot(ctx, tx, tableID, snap); err != nil {
			return err
		}
		if err := setSeatTimes(ctx, tx, tableID, m.Seats); err != nil {
			return err
		}
		if finished {
			if err := end(ctx, tx, tableID, Finished, at); err != nil {
				return err
			}
		}
		return s.enqueue(ctx, tx, out)
	})
	if err != nil {
		return fmt.Errorf("commit move to table %d: %w", tableID, err)
	}
	return nil
}

// Moves returns the log of a table in order, or ErrNotFound when the table
// does not exist.
func (s *Store) Moves(ctx context.Context, tableID int64) ([]Move, error) {
	ms, err := s.readMoves(ctx, tableID)
	if err == nil && len(ms) == 0 {
		err = s.tableExists(ctx, tableID)
	}
	if err != nil {
		return nil, fmt.Errorf("read moves of table %d: %w", tableID, err)
	}
	return ms, nil
}

func (s *Store) readMoves(ctx context.Context, tableID int64) ([]Move, error) {
	rows, err := s.q.QueryContext(ctx, `SELECT n, seat, user_id, notation, at, reveal, waited FROM moves
		WHERE table_id = ? ORDER BY n`, tableID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ms []Move
	for rows.Next() {
		var (
			m      Move
			at     string
			waited sql.NullInt64
		)
		if err := rows.Scan(&m.N, &m.Seat, &m.UserID, &m.Notation, &at, &m.Reveal, &waited); err != nil {
			return nil, err
		}
		m.Wait, m.Waited = secondsDuration(waited.Int64), waited.Valid
		if m.At, err = parseTime(at); err != nil {
			return nil, err
		}
		ms = append(ms, m)
	}
	return ms, rows.Err()
}

// LatestSnapshot returns the newest snapshot of a table, or ErrNotFound when
// the table does not exist or has not started. The store keeps one snapshot
// per table, written in the same transaction as the log, so it always
// covers the whole log; callers still replay any moves after snap.Moves.
func (s *Store) LatestSnapshot(ctx context.Context, tableID int64) (Snapshot, error) {
	var snap Snapshot
	err := s.q.QueryRowContext(ctx, `SELECT moves, state, hash FROM snapshots
		WHERE table_id = ? ORDER BY moves DESC LIMIT 1`, tableID).Scan(&snap.Moves, &snap.State, &snap.Hash)
	if errors.Is(err, sql.ErrNoRows) {
		err = ErrNotFound
	}
	if err != nil {
		return Snapshot{}, fmt.Errorf("read snapshot of table %d: %w", tableID, err)
	}
	return snap, nil
}

// UndoLast drops the last move of a Running table at expectedVersion,
// replaces the snapshot with snap (the state before that move: snap.Moves
// must be the shortened log length) and bumps Version. It returns
// ErrNotFound when there is no move to undo. Whether a move may be undone
// (Reveal barriers, consent) is the caller's decision.
func (s *Store) UndoLast(ctx context.Context, tableID int64, expectedVersion int, snap Snapshot, out ...Delivery) error {
	err := s.versionedWrite(ctx, tableID, expectedVersion, []Status{Running}, func(tx runner) error {
		last, err := lastMove(ctx, tx, tableID)
		if err != nil {
			return err
		}
		if last == 0 {
			return fmt.Errorf("no move to undo: %w", ErrNotFound)
		}
		if snap.Moves != last-1 {
			return fmt.Errorf("snapshot covers %d moves, the log will have %d", snap.Moves, last-1)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM moves WHERE table_id = ? AND n = ?`, tableID, last); err != nil {
			return fmt.Errorf("delete move %d: %w", last, err)
		}
		if err := replaceSnapshot(ctx, tx, tableID, snap); err != nil {
			return err
		}
		return s.enqueue(ctx, tx, out)
	})
	if err != nil {
		return fmt.Errorf("undo last move of table %d: %w", tableID, err)
	}
	return nil
}

// ReplaceSeat gives seat of an Open or Running table at expectedVersion to
// another user, or to the bot for good when userID is "", and bumps
// Version. The seat's absence state (away, missed reminders) starts anew.
// It returns ErrNotFound when the seat does not exist.
func (s *Store) ReplaceSeat(ctx context.Context, tableID int64, expectedVersion int, seat int, userID, name string, out ...Delivery) error {
	err := s.versionedWrite(ctx, tableID, expectedVersion, []Status{Open, Running}, func(tx runner) error {
		res, err := tx.ExecContext(ctx, `UPDATE seats SET user_id = ?, name = ?, bot = ?, away = ?, missed = 0
			WHERE table_id = ? AND seat = ?`, userID, name, userID == "", false, tableID, seat)
		if err == nil {
			err = affectedOne(res)
		}
		if err != nil {
			return fmt.Errorf("seat %d: %w", seat, err)
		}
		return s.enqueue(ctx, tx, out)
	})
	if err != nil {
		return fmt.Errorf("replace seat %d of table %d: %w", seat, tableID, err)
	}
	return nil
}

// SetStatus ends a table at expectedVersion and bumps Version: Abandoned
// from Open or Running, Finished from Running. Any other target is refused
// (Start makes a table Running). Ending a table drops its reminder and frees
// its channel for a new table.
func (s *Store) SetStatus(ctx context.Context, tableID int64, expectedVersion int, status Status, out ...Delivery) error {
	err := func() error {
		var from []Status
		switch status {
		case Abandoned:
			from = []Status{Open, Running}
		case Finished:
			from = []Status{Running}
		default:
			return fmt.Errorf("status %q cannot be set directly", status)
		}
		return s.versionedWrite(ctx, tableID, expectedVersion, from, func(tx runner) error {
			if err := end(ctx, tx, tableID, status, s.now()); err != nil {
				return err
			}
			return s.enqueue(ctx, tx, out)
		})
	}()
	if err != nil {
		return fmt.Errorf("set table %d %s: %w", tableID, status, err)
	}
	return nil
}

// setStatus writes a status; a table that ends loses its pending reminder.
func setStatus(ctx context.Context, tx runner, tableID int64, status Status) error {
	if _, err := tx.ExecContext(ctx, `UPDATE tables SET status = ? WHERE id = ?`, string(status), tableID); err != nil {
		return fmt.Errorf("set status %s: %w", status, err)
	}
	if status == Finished || status == Abandoned {
		if _, err := tx.ExecContext(ctx, `DELETE FROM reminders WHERE table_id = ?`, tableID); err != nil {
			return fmt.Errorf("drop reminder: %w", err)
		}
	}
	return nil
}

// end sets the final status of a table and stamps when it ended.
func end(ctx context.Context, tx runner, tableID int64, status Status, at time.Time) error {
	if err := setStatus(ctx, tx, tableID, status); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE tables SET ended_at = ? WHERE id = ?`, formatTime(at), tableID); err != nil {
		return fmt.Errorf("stamp end: %w", err)
	}
	return nil
}

// lastMove returns the number of the last move in the log (0 when empty).
func lastMove(ctx context.Context, tx runner, tableID int64) (int, error) {
	var n int
	err := tx.QueryRowContext(ctx, `SELECT coalesce(max(n), 0) FROM moves WHERE table_id = ?`, tableID).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("read log length: %w", err)
	}
	return n, nil
}

// replaceSnapshot makes snap the table's only snapshot.
func replaceSnapshot(ctx context.Context, tx runner, tableID int64, snap Snapshot) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM snapshots WHERE table_id = ?`, tableID); err != nil {
		return fmt.Errorf("drop old snapshots: %w", err)
	}
	state := snap.State
	if state == nil {
		state = []byte{}
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO snapshots (table_id, moves, state, hash) VALUES (?, ?, ?, ?)`,
		tableID, snap.Moves, state, snap.Hash)
	if err != nil {
		return fmt.Errorf("insert snapshot of move %d: %w", snap.Moves, err)
	}
	return nil
}
