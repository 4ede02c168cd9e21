package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// UserLocale returns the Discord locale last saved for a user, or
// ErrNotFound.
func (s *Store) UserLocale(ctx context.Context, userID string) (string, error) {
	var locale string
	err := s.q.QueryRowContext(ctx, `SELECT locale FROM user_prefs WHERE user_id = ? AND locale <> ''`, userID).Scan(&locale)
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

// UserPrefs returns a user's preferences; a user who never saved any gets
// the defaults (UTC, the server's quiet hours, not away).
func (s *Store) UserPrefs(ctx context.Context, userID string) (UserPrefs, error) {
	var c prefColumns
	err := s.q.QueryRowContext(ctx, `SELECT user_id, locale, zone, quiet_start, quiet_end, away_until FROM user_prefs WHERE user_id = ?`,
		userID).Scan(c.dest()...)
	if errors.Is(err, sql.ErrNoRows) {
		return UserPrefs{UserID: userID}, nil
	}
	var p UserPrefs
	if err == nil {
		p, err = c.prefs()
	}
	if err != nil {
		return UserPrefs{}, fmt.Errorf("preferences of user %s: %w", userID, err)
	}
	return p, nil
}

// prefColumns scans the columns user_id, locale, zone, quiet_start,
// quiet_end and away_until of user_prefs, each NULL when outer-joined to
// no row.
type prefColumns struct {
	user, locale, zone, away sql.NullString
	start, end               sql.NullInt64
}

func (c *prefColumns) dest() []any {
	return []any{&c.user, &c.locale, &c.zone, &c.start, &c.end, &c.away}
}

// prefs returns the scanned preferences: the zero UserPrefs without a row.
func (c *prefColumns) prefs() (UserPrefs, error) {
	if !c.user.Valid {
		return UserPrefs{}, nil
	}
	p := UserPrefs{UserID: c.user.String, Locale: c.locale.String, Zone: c.zone.String, QuietSet: c.start.Valid && c.end.Valid}
	if p.QuietSet {
		p.QuietStart, p.QuietEnd = int(c.start.Int64), int(c.end.Int64)
	}
	var err error
	p.AwayUntil, err = parseNullTime(c.away)
	return p, err
}

// SetUserZone saves a user's IANA time zone name ("" for UTC). The caller
// checks the name.
func (s *Store) SetUserZone(ctx context.Context, userID, zone string) error {
	if err := s.setUserPref(ctx, userID, "zone = ?", zone); err != nil {
		return fmt.Errorf("set time zone of user %s: %w", userID, err)
	}
	return nil
}

// SetUserQuiet saves a user's own quiet hours, start to end in their zone
// (-1, -1 for none), or with set false drops them, so that the server's
// apply again.
func (s *Store) SetUserQuiet(ctx context.Context, userID string, set bool, start, end int) error {
	err := func() error {
		if !set {
			return s.setUserPref(ctx, userID, "quiet_start = NULL, quiet_end = NULL")
		}
		for _, h := range []int{start, end} {
			if h < -1 || h > 23 {
				return fmt.Errorf("quiet hour %d out of range -1..23", h)
			}
		}
		return s.setUserPref(ctx, userID, "quiet_start = ?, quiet_end = ?", start, end)
	}()
	if err != nil {
		return fmt.Errorf("set quiet hours of user %s: %w", userID, err)
	}
	return nil
}

// SetUserAway saves the end of a user's vacation; the zero time ends it.
func (s *Store) SetUserAway(ctx context.Context, userID string, until time.Time) error {
	if err := s.setUserPref(ctx, userID, "away_until = ?", nullTime(until)); err != nil {
		return fmt.Errorf("set vacation of user %s: %w", userID, err)
	}
	return nil
}

// setUserPref runs the assignments set (with args) on a user's row,
// creating the row (with no locale yet) first when needed.
func (s *Store) setUserPref(ctx context.Context, userID, set string, args ...any) error {
	return s.inTx(ctx, func(tx runner) error {
		now := formatTime(s.now())
		_, err := tx.ExecContext(ctx, `INSERT INTO user_prefs (user_id, locale, updated_at) VALUES (?, '', ?)
			ON CONFLICT (user_id) DO NOTHING`, userID, now)
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE user_prefs SET `+set+`, updated_at = ? WHERE user_id = ?`,
			append(args, now, userID)...)
		return err
	})
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
