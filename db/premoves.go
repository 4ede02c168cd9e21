package db

import (
	"context"
	"fmt"
	"time"
)

// Premove is an answer a seat gave ahead of its next decision, kept until
// the bot plays or drops it.
type Premove struct {
	TableID int64
	Seat    int
	// UserID is the person who queued it.
	UserID string
	// Decision is the key (games.Actor.Decision) of the seat's last
	// decision before it queued the answer.
	Decision string
	Notation string
	// Moves is the length of the log when it was queued.
	Moves   int
	Created time.Time
}

// SetPremove queues p, replacing the answer its seat had queued before.
func (s *Store) SetPremove(ctx context.Context, p Premove) error {
	created := p.Created
	if created.IsZero() {
		created = s.now()
	}
	_, err := s.q.ExecContext(ctx, `INSERT INTO premoves (table_id, seat, user_id, decision, notation, moves, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (table_id, seat) DO UPDATE SET user_id = excluded.user_id, decision = excluded.decision,
			notation = excluded.notation, moves = excluded.moves, created_at = excluded.created_at`,
		p.TableID, p.Seat, p.UserID, p.Decision, p.Notation, p.Moves, formatTime(created))
	if err != nil {
		return fmt.Errorf("queue the answer of seat %d at table %d: %w", p.Seat, p.TableID, err)
	}
	return nil
}

// Premoves returns the answers queued at a table, ordered by seat.
func (s *Store) Premoves(ctx context.Context, tableID int64) ([]Premove, error) {
	rows, err := s.q.QueryContext(ctx, `SELECT seat, user_id, decision, notation, moves, created_at
		FROM premoves WHERE table_id = ? ORDER BY seat`, tableID)
	if err != nil {
		return nil, fmt.Errorf("queued answers of table %d: %w", tableID, err)
	}
	defer rows.Close()
	var out []Premove
	for rows.Next() {
		p := Premove{TableID: tableID}
		var created string
		if err := rows.Scan(&p.Seat, &p.UserID, &p.Decision, &p.Notation, &p.Moves, &created); err != nil {
			return nil, fmt.Errorf("queued answers of table %d: %w", tableID, err)
		}
		if p.Created, err = parseTime(created); err != nil {
			return nil, fmt.Errorf("queued answers of table %d: %w", tableID, err)
		}
		out = append(out, p)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("queued answers of table %d: %w", tableID, err)
	}
	return out, nil
}

// TakePremove deletes the answer queued for seat at a table: ErrNotFound
// when there is none (it was never queued, or another process took it
// first), so that only one caller plays it.
func (s *Store) TakePremove(ctx context.Context, tableID int64, seat int) error {
	res, err := s.q.ExecContext(ctx, `DELETE FROM premoves WHERE table_id = ? AND seat = ?`, tableID, seat)
	if err == nil {
		err = affectedOne(res)
	}
	if err != nil {
		return fmt.Errorf("take the queued answer of seat %d at table %d: %w", seat, tableID, err)
	}
	return nil
}
