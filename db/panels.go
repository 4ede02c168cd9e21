package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// Panel is a player's private panel at a table: one DM message per seat
// and user, kept current by edits.
type Panel struct {
	TableID int64
	Seat    int
	UserID  string
	// ChannelID and MessageID locate the panel's DM message; empty until
	// it was first posted.
	ChannelID, MessageID string
	// Hash is the hash of the panel last queued for delivery.
	Hash string
}

// Panel returns the panel of a seat's user at a table, or ErrNotFound.
func (s *Store) Panel(ctx context.Context, tableID int64, seat int, userID string) (Panel, error) {
	p := Panel{TableID: tableID, Seat: seat, UserID: userID}
	err := s.q.QueryRowContext(ctx, `SELECT channel_id, message_id, hash FROM panels
		WHERE table_id = ? AND seat = ? AND user_id = ?`, tableID, seat, userID).Scan(&p.ChannelID, &p.MessageID, &p.Hash)
	if errors.Is(err, sql.ErrNoRows) {
		err = ErrNotFound
	}
	if err != nil {
		return Panel{}, fmt.Errorf("panel of seat %d at table %d: %w", seat, tableID, err)
	}
	return p, nil
}

// Panels returns every panel of a table, by seat and user: what a change
// compares its panels with, in one query.
func (s *Store) Panels(ctx context.Context, tableID int64) ([]Panel, error) {
	rows, err := s.q.QueryContext(ctx, `SELECT seat, user_id, channel_id, message_id, hash FROM panels
		WHERE table_id = ? ORDER BY seat, user_id`, tableID)
	if err != nil {
		return nil, fmt.Errorf("panels of table %d: %w", tableID, err)
	}
	defer rows.Close()
	var out []Panel
	for rows.Next() {
		p := Panel{TableID: tableID}
		if err := rows.Scan(&p.Seat, &p.UserID, &p.ChannelID, &p.MessageID, &p.Hash); err != nil {
			return nil, fmt.Errorf("panels of table %d: %w", tableID, err)
		}
		out = append(out, p)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("panels of table %d: %w", tableID, err)
	}
	return out, nil
}

// SetPanelHash records the hash of the panel last queued for a seat's
// user at a table, keeping where the panel was posted.
func (s *Store) SetPanelHash(ctx context.Context, tableID int64, seat int, userID, hash string) error {
	return setPanelHash(ctx, s.q, tableID, seat, userID, hash)
}

func setPanelHash(ctx context.Context, q runner, tableID int64, seat int, userID, hash string) error {
	_, err := q.ExecContext(ctx, `INSERT INTO panels (table_id, seat, user_id, hash) VALUES (?, ?, ?, ?)
		ON CONFLICT (table_id, seat, user_id) DO UPDATE SET hash = excluded.hash`, tableID, seat, userID, hash)
	if err != nil {
		return fmt.Errorf("record the panel of seat %d at table %d: %w", seat, tableID, err)
	}
	return nil
}

// SetPanelMessage records where the panel of a seat's user at a table was
// posted, keeping its hash.
func (s *Store) SetPanelMessage(ctx context.Context, tableID int64, seat int, userID, channelID, messageID string) error {
	_, err := s.q.ExecContext(ctx, `INSERT INTO panels (table_id, seat, user_id, channel_id, message_id) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (table_id, seat, user_id) DO UPDATE SET channel_id = excluded.channel_id, message_id = excluded.message_id`,
		tableID, seat, userID, channelID, messageID)
	if err != nil {
		return fmt.Errorf("record the panel message of seat %d at table %d: %w", seat, tableID, err)
	}
	return nil
}
