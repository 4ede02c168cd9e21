package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// UserLocale returns the Discord locale last saved for a user, or
// ErrNotFound.
func (s *Store) UserLocale(ctx context.Context, userID string) (string, error) {
	var locale string
	err := s.q.QueryRowContext(ctx, `SELECT locale FROM user_prefs WHERE user_id = ?`, userID).Scan(&locale)
	if errors.Is(err, sql.ErrNoRows) {
		err = ErrNotFound
	}
	if err != nil {
		return "", fmt.Errorf("locale of user %s: %w", userID, err)
	}
	return locale, nil
}

// SetUserLocale saves a user's Discord locale, replacing an earlier one.
func (s *Store) SetUserLocale(ctx context.Context, userID, locale string) error {
	_, err := s.q.ExecContext(ctx, `INSERT INTO user_prefs (user_id, locale, updated_at) VALUES (?, ?, ?)
		ON CONFLICT (user_id) DO UPDATE SET locale = excluded.locale, updated_at = excluded.updated_at`,
		userID, locale, formatTime(s.now()))
	if err != nil {
		return fmt.Errorf("set locale of user %s: %w", userID, err)
	}
	return nil
}

// SetTableLang saves a table's language. It is no change of
// the game and leaves Version alone.
func (s *Store) SetTableLang(ctx context.Context, tableID int64, lang string) error {
	res, err := s.q.ExecContext(ctx, `UPDATE tables SET lang = ? WHERE id = ?`, lang, tableID)
	if err == nil {
		err = affectedOne(res)
	}
	if err != nil {
		return fmt.Errorf("set language of table %d: %w", tableID, err)
	}
	return nil
}

// SetTableBoard saves a table's board setting (BoardTurn, BoardMove or
// BoardOff). It is no change of the game and leaves Version alone.
func (s *Store) SetTableBoard(ctx context.Context, tableID int64, board string) error {
	res, err := s.q.ExecContext(ctx, `UPDATE tables SET board = ? WHERE id = ?`, board, tableID)
	if err == nil {
		err = affectedOne(res)
	}
	if err != nil {
		return fmt.Errorf("set board of table %d: %w", tableID, err)
	}
	return nil
}
