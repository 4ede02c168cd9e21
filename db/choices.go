package db

import (
	"context"
	"fmt"
	"time"
)

// SeatChoice is a standing choice a person made for their seat that the
// bot applies (passing for the rest of a round, the opt-out of automatic
// passes); the bot defines the kinds and what a scope means.
type SeatChoice struct {
	TableID int64
	Seat    int
	Kind    string
	// Scope is what the choice lasts for (a round's number, a combat's
	// name), "" for a choice that lasts until it is cancelled.
	Scope string
	// UserID is the person who made it.
	UserID  string
	Created time.Time
}

// SetSeatChoice saves c, replacing the choice of the same kind its seat
// had made before.
func (s *Store) SetSeatChoice(ctx context.Context, c SeatChoice) error {
	created := c.Created
	if created.IsZero() {
		created = s.now()
	}
	_, err := s.q.ExecContext(ctx, `INSERT INTO seat_choices (table_id, seat, kind, scope, user_id, created_at)
		VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT (table_id, seat, kind) DO UPDATE SET scope = excluded.scope, user_id = excluded.user_id,
			created_at = excluded.created_at`,
		c.TableID, c.Seat, c.Kind, c.Scope, c.UserID, formatTime(created))
	if err != nil {
		return fmt.Errorf("save the %s choice of seat %d at table %d: %w", c.Kind, c.Seat, c.TableID, err)
	}
	return nil
}

// SeatChoices returns the standing choices made at a table, ordered by
// seat and kind.
func (s *Store) SeatChoices(ctx context.Context, tableID int64) ([]SeatChoice, error) {
	rows, err := s.q.QueryContext(ctx, `SELECT seat, kind, scope, user_id, created_at
		FROM seat_choices WHERE table_id = ? ORDER BY seat, kind`, tableID)
	if err != nil {
		return nil, fmt.Errorf("standing choices of table %d: %w", tableID, err)
	}
	defer rows.Close()
	var out []SeatChoice
	for rows.Next() {
		c := SeatChoice{TableID: tableID}
		var created string
		if err := rows.Scan(&c.Seat, &c.Kind, &c.Scope, &c.UserID, &created); err != nil {
			return nil, fmt.Errorf("standing choices of table %d: %w", tableID, err)
		}
		if c.Created, err = parseTime(created); err != nil {
			return nil, fmt.Errorf("standing choices of table %d: %w", tableID, err)
		}
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("standing choices of table %d: %w", tableID, err)
	}
	return out, nil
}

// DropSeatChoice deletes seat's choice of kind at a table: ErrNotFound
// when there is none.
func (s *Store) DropSeatChoice(ctx context.Context, tableID int64, seat int, kind string) error {
	res, err := s.q.ExecContext(ctx, `DELETE FROM seat_choices WHERE table_id = ? AND seat = ? AND kind = ?`, tableID, seat, kind)
	if err == nil {
		err = affectedOne(res)
	}
	if err != nil {
		return fmt.Errorf("drop the %s choice of seat %d at table %d: %w", kind, seat, tableID, err)
	}
	return nil
}
