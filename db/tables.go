package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/playbychat/pbc/games"
)

const tableColumns = `id, guild_id, channel_id, game, options, max_seats, creator_id, status, version,
	seed, seed_secret, commitment, reminder_every, created_at, updated_at, lang, board,
	turn_days, absence_after, vacation, started_at, ended_at`

// rowScanner is *sql.Row or *sql.Rows.
type rowScanner interface{ Scan(dest ...any) error }

func scanTable(r rowScanner) (Table, error) {
	var (
		t                Table
		options, status  string
		created, updated string
		started, ended   sql.NullString
		seed, every      int64
	)
	err := r.Scan(&t.ID, &t.GuildID, &t.ChannelID, &t.Game, &options, &t.MaxSeats, &t.CreatorID, &status, &t.Version,
		&seed, &t.SeedSecret, &t.Commitment, &every, &created, &updated, &t.Lang, &t.Board,
		&t.TurnDays, &t.AbsenceAfter, &t.Vacation, &started, &ended)
	if err != nil {
		return Table{}, err
	}
	if t.StartedAt, err = parseNullTime(started); err != nil {
		return Table{}, err
	}
	if t.EndedAt, err = parseNullTime(ended); err != nil {
		return Table{}, err
	}
	if err := json.Unmarshal([]byte(options), &t.Options); err != nil {
		return Table{}, fmt.Errorf("table %d options: %w", t.ID, err)
	}
	if t.Options == nil {
		t.Options = map[string]string{}
	}
	t.Status = Status(status)
	t.Seed = uint64(seed)
	t.ReminderEvery = secondsDuration(every)
	if t.CreatedAt, err = parseTime(created); err != nil {
		return Table{}, err
	}
	if t.UpdatedAt, err = parseTime(updated); err != nil {
		return Table{}, err
	}
	return t, nil
}

// CreateTable inserts t as an Open table at version 0 with its first
// seats (the creator first; seat numbers and the user ids of bots are set
// here), enqueues out for it, and fills in t's ID, Status, Version and
// timestamps (and CreatorID from the creator when empty): all in one
// transaction, so that a failure leaves no table, no seat and no message.
// The deliveries' TableID is set to the new table's. It returns
// ErrChannelBusy (an ErrConflict) when the channel already has an Open or
// Running table.
func (s *Store) CreateTable(ctx context.Context, t *Table, seats []Seat, out ...Delivery) (int64, error) {
	if len(seats) == 0 {
		return 0, fmt.Errorf("create table in channel %s: no creator", t.ChannelID)
	}
	options := t.Options
	if options == nil {
		options = map[string]string{}
	}
	opts, err := json.Marshal(options)
	if err != nil {
		return 0, fmt.Errorf("create table in channel %s: options: %w", t.ChannelID, err)
	}
	if t.CreatorID == "" {
		t.CreatorID = seats[0].UserID
	}
	seats = slices.Clone(seats)
	for i := range seats {
		seats[i].Seat = i
		if seats[i].Bot {
			seats[i].UserID = ""
		}
	}
	board := t.Board
	if board == "" {
		board = BoardTurn
	}
	vacation := t.Vacation
	if vacation == "" {
		vacation = VacationBot
	}
	now := s.now().UTC()
	var id int64
	err = s.inTx(ctx, func(tx runner) error {
		err := tx.QueryRowContext(ctx, `INSERT INTO tables (guild_id, channel_id, game, options, max_seats, creator_id,
			status, version, seed, seed_secret, commitment, reminder_every, created_at, updated_at, lang, board,
			turn_days, absence_after, vacation)
			VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			t.GuildID, t.ChannelID, t.Game, string(opts), t.MaxSeats, t.CreatorID, string(Open),
			int64(t.Seed), t.SeedSecret, t.Commitment, durationSeconds(t.ReminderEvery), formatTime(now), formatTime(now), t.Lang, board,
			t.TurnDays, t.AbsenceAfter, vacation).
			Scan(&id)
		if s.dialect.uniqueViolation(err) {
			return ErrChannelBusy
		}
		if err != nil {
			return err
		}
		if err := insertSeats(ctx, tx, id, seats); err != nil {
			return err
		}
		out = slices.Clone(out)
		for i := range out {
			out[i].TableID = id
		}
		return s.enqueue(ctx, tx, out)
	})
	if err != nil {
		return 0, fmt.Errorf("create table in channel %s: %w", t.ChannelID, err)
	}
	t.ID, t.Status, t.Version, t.CreatedAt, t.UpdatedAt = id, Open, 0, now, now
	t.Options, t.Board, t.Vacation = options, board, vacation
	return id, nil
}

// Table returns the table with the given id, or ErrNotFound.
func (s *Store) Table(ctx context.Context, id int64) (Table, error) {
	t, err := scanTable(s.q.QueryRowContext(ctx, `SELECT `+tableColumns+` FROM tables WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		err = ErrNotFound
	}
	if err != nil {
		return Table{}, fmt.Errorf("read table %d: %w", id, err)
	}
	return t, nil
}

// ActiveTable returns the Open or Running table of a channel (or thread), or
// ErrNotFound.
func (s *Store) ActiveTable(ctx context.Context, channelID string) (Table, error) {
	t, err := scanTable(s.q.QueryRowContext(ctx, `SELECT `+tableColumns+` FROM tables
		WHERE channel_id = ? AND status IN ('open', 'running')`, channelID))
	if errors.Is(err, sql.ErrNoRows) {
		err = ErrNotFound
	}
	if err != nil {
		return Table{}, fmt.Errorf("read active table of channel %s: %w", channelID, err)
	}
	return t, nil
}

// LastTable returns the newest table of a channel (or thread), whatever its
// status, or ErrNotFound.
func (s *Store) LastTable(ctx context.Context, channelID string) (Table, error) {
	t, err := scanTable(s.q.QueryRowContext(ctx, `SELECT `+tableColumns+` FROM tables
		WHERE channel_id = ? ORDER BY id DESC LIMIT 1`, channelID))
	if errors.Is(err, sql.ErrNoRows) {
		err = ErrNotFound
	}
	if err != nil {
		return Table{}, fmt.Errorf("read last table of channel %s: %w", channelID, err)
	}
	return t, nil
}

// RunningTables returns every Running table, ordered by id.
func (s *Store) RunningTables(ctx context.Context) ([]Table, error) {
	rows, err := s.q.QueryContext(ctx, `SELECT `+tableColumns+` FROM tables WHERE status = 'running' ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("list running tables: %w", err)
	}
	defer rows.Close()
	var ts []Table
	for rows.Next() {
		t, err := scanTable(rows)
		if err != nil {
			return nil, fmt.Errorf("list running tables: %w", err)
		}
		ts = append(ts, t)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list running tables: %w", err)
	}
	return ts, nil
}

// SetTableReminderEvery sets a table's reminder interval (0 = the guild's
// default). It is no change of the game and leaves Version alone.
func (s *Store) SetTableReminderEvery(ctx context.Context, tableID int64, every time.Duration) error {
	res, err := s.q.ExecContext(ctx, `UPDATE tables SET reminder_every = ?, updated_at = ? WHERE id = ?`,
		durationSeconds(every), formatTime(s.now()), tableID)
	if err == nil {
		err = affectedOne(res)
	}
	if err != nil {
		return fmt.Errorf("set reminder interval of table %d: %w", tableID, err)
	}
	return nil
}

// SetTableClock sets a table's clock (days per decision), the missed
// reminders after which the bot takes an absent player's seat, and what a
// vacation does (VacationBot or VacationWait). It is no change of the game
// and leaves Version alone.
func (s *Store) SetTableClock(ctx context.Context, tableID int64, turnDays, absenceAfter int, vacation string) error {
	err := func() error {
		if turnDays < 0 || absenceAfter < 0 {
			return fmt.Errorf("negative clock %d or absence limit %d", turnDays, absenceAfter)
		}
		if vacation != VacationBot && vacation != VacationWait {
			return fmt.Errorf("vacation setting %q", vacation)
		}
		res, err := s.q.ExecContext(ctx, `UPDATE tables SET turn_days = ?, absence_after = ?, vacation = ?, updated_at = ?
			WHERE id = ?`, turnDays, absenceAfter, vacation, formatTime(s.now()), tableID)
		if err != nil {
			return err
		}
		return affectedOne(res)
	}()
	if err != nil {
		return fmt.Errorf("set clock of table %d: %w", tableID, err)
	}
	return nil
}

// EndedTables returns a guild's finished and abandoned tables that had
// started, ordered by id: what stats are made of.
func (s *Store) EndedTables(ctx context.Context, guildID string) ([]Table, error) {
	rows, err := s.q.QueryContext(ctx, `SELECT `+tableColumns+` FROM tables
		WHERE guild_id = ? AND status IN ('finished', 'abandoned') AND started_at IS NOT NULL ORDER BY id`, guildID)
	if err != nil {
		return nil, fmt.Errorf("list ended tables of guild %s: %w", guildID, err)
	}
	defer rows.Close()
	var ts []Table
	for rows.Next() {
		t, err := scanTable(rows)
		if err != nil {
			return nil, fmt.Errorf("list ended tables of guild %s: %w", guildID, err)
		}
		ts = append(ts, t)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list ended tables of guild %s: %w", guildID, err)
	}
	return ts, nil
}

// SetSeatAway hands a seat of a running table to the bot for its absent
// player (away) or back to them, and starts its missed reminders anew. It
// is no change of the game and leaves Version alone.
func (s *Store) SetSeatAway(ctx context.Context, tableID int64, seat int, away bool) error {
	res, err := s.q.ExecContext(ctx, `UPDATE seats SET away = ?, missed = 0 WHERE table_id = ? AND seat = ?`, away, tableID, seat)
	if err == nil {
		err = affectedOne(res)
	}
	if err != nil {
		return fmt.Errorf("set seat %d of table %d away=%v: %w", seat, tableID, away, err)
	}
	return nil
}

// BumpSeatLink raises the link generation of a seat (Seat.LinkGen), which
// voids every private page link made for it before, and returns the new
// generation, or ErrNotFound when there is no such seat. It is no change of
// the game and leaves Version alone.
func (s *Store) BumpSeatLink(ctx context.Context, tableID int64, seat int) (int, error) {
	var gen int
	err := s.inTx(ctx, func(tx runner) error {
		res, err := tx.ExecContext(ctx, `UPDATE seats SET link_gen = link_gen + 1 WHERE table_id = ? AND seat = ?`, tableID, seat)
		if err == nil {
			err = affectedOne(res)
		}
		if err != nil {
			return err
		}
		return tx.QueryRowContext(ctx, `SELECT link_gen FROM seats WHERE table_id = ? AND seat = ?`, tableID, seat).Scan(&gen)
	})
	if err != nil {
		return 0, fmt.Errorf("bump the link generation of seat %d of table %d: %w", seat, tableID, err)
	}
	return gen, nil
}

// UpdateSeats saves the away flag and reminder state (ActingSince,
// RemindAt, Missed) of seats, each by its Seat number, of a Running table
// at expectedVersion, sets the table's next reminder at due (none when due
// is zero) and enqueues out, in one transaction. It is no change of the
// game and leaves Version alone; it returns ErrConflict (wrapped) when the
// table has changed since expectedVersion, so that a reminder or a return
// computed on an older state never overwrites what a move saved. A
// non-zero was claims the table's reminder that was due then, as
// RescheduleReminder does: ErrConflict when it is due then no longer
// (another process sent it), so that each reminder is sent once.
func (s *Store) UpdateSeats(ctx context.Context, tableID int64, expectedVersion int, seats []Seat, was, due time.Time, out ...Delivery) error {
	err := s.inTx(ctx, func(tx runner) error {
		if err := checkVersion(ctx, tx, tableID, expectedVersion, Running); err != nil {
			return err
		}
		if !was.IsZero() {
			if err := claimReminder(ctx, tx, tableID, was, was); err != nil {
				return err
			}
		}
		for _, st := range seats {
			res, err := tx.ExecContext(ctx, `UPDATE seats SET away = ?, acting_since = ?, remind_at = ?, missed = ?
				WHERE table_id = ? AND seat = ?`, st.Away, nullTime(st.ActingSince), nullTime(st.RemindAt), st.Missed, tableID, st.Seat)
			if err == nil {
				err = affectedOne(res)
			}
			if err != nil {
				return fmt.Errorf("seat %d: %w", st.Seat, err)
			}
		}
		var err error
		if due.IsZero() {
			_, err = tx.ExecContext(ctx, `DELETE FROM reminders WHERE table_id = ?`, tableID)
		} else {
			_, err = tx.ExecContext(ctx, `INSERT INTO reminders (table_id, due) VALUES (?, ?)
				ON CONFLICT (table_id) DO UPDATE SET due = excluded.due`, tableID, formatTime(due))
		}
		if err != nil {
			return fmt.Errorf("reminder: %w", err)
		}
		return s.enqueue(ctx, tx, out)
	})
	if err != nil {
		return fmt.Errorf("update seats of table %d: %w", tableID, err)
	}
	return nil
}

// UserTables returns the Running tables at which a user holds a seat
// (played by them, or by the bot while they are away), ordered by id.
func (s *Store) UserTables(ctx context.Context, userID string) ([]Table, error) {
	rows, err := s.q.QueryContext(ctx, `SELECT `+tableColumns+` FROM tables WHERE status = 'running'
		AND id IN (SELECT table_id FROM seats WHERE user_id = ?) ORDER BY id`, userID)
	if err != nil {
		return nil, fmt.Errorf("list running tables of user %s: %w", userID, err)
	}
	defer rows.Close()
	var ts []Table
	for rows.Next() {
		t, err := scanTable(rows)
		if err != nil {
			return nil, fmt.Errorf("list running tables of user %s: %w", userID, err)
		}
		ts = append(ts, t)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list running tables of user %s: %w", userID, err)
	}
	return ts, nil
}

// SeatTimes is the reminder state of a seat: since when it must act (zero
// while it need not), its next reminder (zero for none) and the reminders
// it missed in a row.
type SeatTimes struct {
	Seat        int
	ActingSince time.Time
	RemindAt    time.Time
	Missed      int
}

// SetSeatTimes saves the reminder state of seats of a table. It is no
// change of the game and leaves Version alone.
func (s *Store) SetSeatTimes(ctx context.Context, tableID int64, times ...SeatTimes) error {
	err := s.inTx(ctx, func(tx runner) error { return setSeatTimes(ctx, tx, tableID, times) })
	if err != nil {
		return fmt.Errorf("set reminder state of table %d: %w", tableID, err)
	}
	return nil
}

// setSeatTimes writes the reminder state of seats inside tx.
func setSeatTimes(ctx context.Context, tx runner, tableID int64, times []SeatTimes) error {
	for _, st := range times {
		res, err := tx.ExecContext(ctx, `UPDATE seats SET acting_since = ?, remind_at = ?, missed = ? WHERE table_id = ? AND seat = ?`,
			nullTime(st.ActingSince), nullTime(st.RemindAt), st.Missed, tableID, st.Seat)
		if err == nil {
			err = affectedOne(res)
		}
		if err != nil {
			return fmt.Errorf("seat %d: %w", st.Seat, err)
		}
	}
	return nil
}

// affectedOne turns an UPDATE or DELETE that matched no row into ErrNotFound.
func affectedOne(res sql.Result) error {
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrNotFound
	}
	return nil
}

// Seats returns the seats of a table ordered by seat, or ErrNotFound when
// the table does not exist.
func (s *Store) Seats(ctx context.Context, tableID int64) ([]Seat, error) {
	seats, err := readSeats(ctx, s.q, tableID)
	if err == nil && len(seats) == 0 {
		err = s.tableExists(ctx, tableID)
	}
	if err != nil {
		return nil, fmt.Errorf("read seats of table %d: %w", tableID, err)
	}
	return seats, nil
}

// tableExists returns ErrNotFound when there is no table tableID.
func (s *Store) tableExists(ctx context.Context, tableID int64) error {
	var one int
	err := s.q.QueryRowContext(ctx, `SELECT 1 FROM tables WHERE id = ?`, tableID).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	return err
}

// Join seats a user, or the bot (seat.Bot, with no user), at the next free
// seat of an Open table (the Seat field of seat is ignored) and bumps
// Version. It returns ErrWrongStatus when the
// table is not Open, ErrAlreadySeated and ErrTableFull (all ErrConflict), or
// ErrNotFound. A table with MaxSeats 0 is limited by its game's MaxSeats
// when the game is registered.
func (s *Store) Join(ctx context.Context, tableID int64, seat Seat) error {
	err := s.inTx(ctx, func(tx runner) error {
		var (
			status, game string
			maxSeats     int
		)
		err := tx.QueryRowContext(ctx, `SELECT status, game, max_seats FROM tables WHERE id = ?`+tx.d.lockRow, tableID).
			Scan(&status, &game, &maxSeats)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		if Status(status) != Open {
			return fmt.Errorf("table is %s: %w", status, ErrWrongStatus)
		}
		seats, err := readSeats(ctx, tx, tableID)
		if err != nil {
			return err
		}
		if !seat.Bot && slices.ContainsFunc(seats, func(st Seat) bool { return st.UserID == seat.UserID }) {
			return ErrAlreadySeated
		}
		if seat.Bot {
			seat.UserID = ""
		}
		if maxSeats == 0 {
			if def, ok := games.Lookup(game); ok {
				maxSeats = def.MaxSeats
			}
		}
		if maxSeats > 0 && len(seats) >= maxSeats {
			return fmt.Errorf("%d of %d seats taken: %w", len(seats), maxSeats, ErrTableFull)
		}
		seat.Seat = len(seats)
		if err := insertSeats(ctx, tx, tableID, []Seat{seat}); err != nil {
			return err
		}
		return s.bumpVersion(ctx, tx, tableID)
	})
	if err != nil {
		return fmt.Errorf("join %s to table %d: %w", seat.UserID, tableID, err)
	}
	return nil
}

// Leave removes a user from an Open table, moves the later seats down by
// one and bumps Version. It returns ErrWrongStatus (an ErrConflict) when the
// table is not Open, and ErrNotFound when the table does not exist or the
// user has no seat.
func (s *Store) Leave(ctx context.Context, tableID int64, userID string) error {
	err := s.inTx(ctx, func(tx runner) error {
		status, _, err := tableState(ctx, tx, tableID)
		if err != nil {
			return err
		}
		if status != Open {
			return fmt.Errorf("table is %s: %w", status, ErrWrongStatus)
		}
		seats, err := readSeats(ctx, tx, tableID)
		if err != nil {
			return err
		}
		kept := slices.DeleteFunc(slices.Clone(seats), func(st Seat) bool { return st.UserID == userID })
		if len(kept) == len(seats) {
			return fmt.Errorf("user %s has no seat: %w", userID, ErrNotFound)
		}
		if err := replaceSeats(ctx, tx, tableID, kept); err != nil {
			return err
		}
		return s.bumpVersion(ctx, tx, tableID)
	})
	if err != nil {
		return fmt.Errorf("remove %s from table %d: %w", userID, tableID, err)
	}
	return nil
}

// tableState reads a table's status and version inside tx and locks its
// row until tx ends (see dialect.lockRow).
func tableState(ctx context.Context, tx runner, tableID int64) (Status, int, error) {
	var (
		status  string
		version int
	)
	err := tx.QueryRowContext(ctx, `SELECT status, version FROM tables WHERE id = ?`+tx.d.lockRow, tableID).
		Scan(&status, &version)
	if errors.Is(err, sql.ErrNoRows) {
		return "", 0, ErrNotFound
	}
	if err != nil {
		return "", 0, err
	}
	return Status(status), version, nil
}

// checkVersion is the guard of every versioned write: the table must exist
// (ErrNotFound), be at version expected (ErrConflict) and have one of the
// allowed statuses (ErrWrongStatus). It runs inside the write transaction,
// which holds SQLite's write lock from BEGIN or PostgreSQL's lock on the
// table's row from this read on, so the check cannot go stale before the
// caller's writes and bumpVersion.
func checkVersion(ctx context.Context, tx runner, tableID int64, expected int, allowed ...Status) error {
	status, version, err := tableState(ctx, tx, tableID)
	if err != nil {
		return err
	}
	if version != expected {
		return fmt.Errorf("version is %d, expected %d: %w", version, expected, ErrConflict)
	}
	if !slices.Contains(allowed, status) {
		return fmt.Errorf("table is %s: %w", status, ErrWrongStatus)
	}
	return nil
}

// versionedWrite runs write in one transaction between the two halves of
// every versioned write: checkVersion before it (the table at version
// expected and in one of the allowed statuses) and bumpVersion after it.
func (s *Store) versionedWrite(ctx context.Context, tableID int64, expected int, allowed []Status, write func(runner) error) error {
	return s.inTx(ctx, func(tx runner) error {
		if err := checkVersion(ctx, tx, tableID, expected, allowed...); err != nil {
			return err
		}
		if err := write(tx); err != nil {
			return err
		}
		return s.bumpVersion(ctx, tx, tableID)
	})
}

// bumpVersion increments a table's version and stamps updated_at.
func (s *Store) bumpVersion(ctx context.Context, tx runner, tableID int64) error {
	_, err := tx.ExecContext(ctx, `UPDATE tables SET version = version + 1, updated_at = ? WHERE id = ?`,
		formatTime(s.now()), tableID)
	return err
}

func readSeats(ctx context.Context, q runner, tableID int64) ([]Seat, error) {
	rows, err := q.QueryContext(ctx, `SELECT s.seat, s.user_id, s.name, s.bot, s.away, s.acting_since, s.remind_at, s.missed, s.link_gen,
			p.user_id, p.locale, p.zone, p.quiet_start, p.quiet_end, p.away_until
		FROM seats s LEFT JOIN user_prefs p ON p.user_id = s.user_id AND s.user_id <> ''
		WHERE s.table_id = ? ORDER BY s.seat`, tableID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var seats []Seat
	for rows.Next() {
		var (
			st             Seat
			acting, remind sql.NullString
			prefs          prefColumns
		)
		dest := append([]any{&st.Seat, &st.UserID, &st.Name, &st.Bot, &st.Away, &acting, &remind, &st.Missed, &st.LinkGen}, prefs.dest()...)
		if err := rows.Scan(dest...); err != nil {
			return nil, err
		}
		if st.ActingSince, err = parseNullTime(acting); err != nil {
			return nil, err
		}
		if st.RemindAt, err = parseNullTime(remind); err != nil {
			return nil, err
		}
		if st.Prefs, err = prefs.prefs(); err != nil {
			return nil, err
		}
		seats = append(seats, st)
	}
	return seats, rows.Err()
}

// insertSeats inserts seats with the seat numbers they carry.
func insertSeats(ctx context.Context, tx runner, tableID int64, seats []Seat) error {
	for _, st := range seats {
		_, err := tx.ExecContext(ctx, `INSERT INTO seats (table_id, seat, user_id, name, bot, away, acting_since, remind_at, missed, link_gen)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			tableID, st.Seat, st.UserID, st.Name, st.Bot, st.Away, nullTime(st.ActingSince), nullTime(st.RemindAt), st.Missed, st.LinkGen)
		if err != nil {
			return fmt.Errorf("insert seat %d: %w", st.Seat, err)
		}
	}
	return nil
}

// replaceSeats rewrites a table's seats as seats[i] at seat i. Deleting and
// inserting avoids renumbering in place, which SQLite's row-by-row primary
// key check could refuse halfway.
func replaceSeats(ctx context.Context, tx runner, tableID int64, seats []Seat) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM seats WHERE table_id = ?`, tableID); err != nil {
		return fmt.Errorf("delete seats: %w", err)
	}
	numbered := make([]Seat, len(seats))
	for i, st := range seats {
		st.Seat = i
		numbered[i] = st
	}
	return insertSeats(ctx, tx, tableID, numbered)
}
