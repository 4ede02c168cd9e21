// Package db is the store: tables (game sessions) per channel, their seats,
// the move log, state snapshots, reminders and per-guild settings, in an
// embedded SQLite file (the default) or in a PostgreSQL database that
// several processes share. Every move is committed in one transaction with
// a version check, so two concurrent moves on one table can never both
// apply, whichever process makes them.
//
// # Backends
//
// OpenStore picks the backend from the data source name: a postgres:// URL
// is PostgreSQL, through pgx's database/sql driver (one code path for both
// backends: the same transactions, scans and pool); anything else is an
// SQLite file. The SQL is written once, with ? placeholders, in the subset
// both understand; a dialect rebinds the placeholders for PostgreSQL and
// supplies the few clauses that differ (dialect.go).
//
// # Schema
//
// The schema is built by numbered migrations embedded in the binary, one
// version per backend of each: migrations/sqlite/NNNN_name.sql and
// migrations/postgres/NNNN_name.sql, with the same numbers and names
// (loading fails otherwise) and the same tables, columns and indexes
// (TestSchemasMatch). OpenStore applies the missing ones in order, each in
// one transaction together with its row in schema_migrations, and refuses
// a database that records a migration it does not know (ErrNewerSchema: a
// newer pbc wrote it).
//
//   - tables: one row per game session: guild, channel (or thread), game,
//     options as a JSON object, max seats, creator, status, version, seed,
//     seed secret, commitment, reminder interval, language, board
//     setting, clock and absence settings, and times (created, updated,
//     started, ended). A partial
//     unique index on channel_id over the Open and Running rows allows one
//     active table per channel and serves ActiveTable.
//   - seats: (table, seat) to user and display name, seats 0..n-1 without
//     gaps; whether the bot plays the seat (for good, or for its absent
//     player), since when it must act, its next reminder and the
//     reminders it missed.
//   - moves: the log, (table, n) with n = 1, 2, ... without gaps: seat,
//     user, notation, time, the Reveal flag
//     and how long the seat took to answer.
//   - snapshots: the state after the first "moves" moves. Only the newest
//     snapshot of a table is kept, written in the same transaction as the
//     move (or start, or undo) it follows, so it always covers the whole
//     log. It is a cache: the log with options and seed is the truth
//     (games.Replay), and callers still replay any moves after it.
//   - reminders: at most one pending reminder per table, indexed by due
//     time; a table that ends loses its reminder.
//   - premoves: at most one answer per (table, seat) queued ahead of the
//     seat's next decision: who queued it, the key of the seat's last
//     decision before, the notation, the log's length and the time then.
//   - user_prefs: per-user preferences: the Discord locale last seen, so
//     that DMs keep the user's language across restarts; the time zone,
//     own quiet hours and the end of a vacation.
//   - guild_settings: per-guild preferences; a guild without a row has
//     DefaultGuildSettings (with Saved false).
//   - outbox, outbox_files: the messages owed to Discord (see Delivery),
//     written in the transaction of the change that owes them, delivered
//     in id order per queue (a channel, or one user's DMs). A delivered
//     live post stays (with its message id) until a newer one of its table
//     is delivered, as later edits target it; everything else delivered is
//     deleted.
//
// Times are stored as fixed-width UTC text on both backends (text order is
// time order, with the "C" collation on PostgreSQL, and nanoseconds
// survive), durations as whole seconds and the uint64 seed as the bits of
// an int64.
//
// # Sharding
//
// Processes that share a database may split the guilds between them (see
// Shard and OwnShard): a store opened with OwnShard returns only its own
// guilds' due reminders and outbox entries, by Discord's shard formula
// on the guild id, so that each is handled by one process.
//
// # Durability and concurrency
//
// A write has reached the disk when its method returns, so that what the
// bot announces next is never lost. The one exception is Delivered, the
// outbox's mark that an entry went out: a power loss may undo it, which
// costs a repeated request and no message twice (see Delivered). On SQLite every pooled connection uses
// the WAL journal, synchronous=FULL (a committed move survives a killed
// process and a power loss), a busy timeout, foreign keys and immediate
// transactions, which take the write lock at BEGIN so that read-then-write
// transactions queue instead of failing. On PostgreSQL every session runs
// with synchronous_commit=on unless the URL says otherwise, transactions
// are read committed, and a transaction that changes a table first locks
// the table's row (SELECT ... FOR UPDATE): a racing writer waits for it and
// then reads the new version. Every versioned write is one such
// transaction: it checks the table's version, writes, and bumps the
// version, or returns ErrConflict and changes nothing.
package db

import (
	"database/sql"
	"errors"
	"time"
)

// Status is the life cycle of a table.
type Status string

// Table statuses.
const (
	Open      Status = "open"      // seats can be taken; not started
	Running   Status = "running"   // being played
	Finished  Status = "finished"  // ended by the rules
	Abandoned Status = "abandoned" // ended by /game abandon
)

// ErrConflict is returned when a write expected a version of the table that
// is no longer current: somebody else acted first. Callers tell the user
// "that choice is no longer available".
var ErrConflict = errors.New("table changed meanwhile")

// ErrNotFound is returned when a table (or other row) does not exist.
var ErrNotFound = errors.New("not found")

// Table is one game session in a channel or thread.
type Table struct {
	ID        int64
	GuildID   string
	ChannelID string // channel or thread where the table plays
	Game      string // games.Definition.ID
	Options   map[string]string
	MaxSeats  int // seats asked for at /game new (0 = game maximum)
	CreatorID string
	Status    Status
	// Version increases by one on every change of the game (start, move,
	// undo, replace); buttons carry it so that stale clicks are refused.
	Version int
	// Seed is the game's seed, derived from SeedSecret; Commitment is the
	// hex SHA-256 of SeedSecret posted at start and SeedSecret is revealed
	// by /game export once the table is no longer running.
	Seed       uint64
	SeedSecret string
	Commitment string
	// ReminderEvery is the per-table reminder interval (0 = guild default).
	ReminderEvery time.Duration
	// Lang is the table's language ("en", "de"; "" for English): of its
	// channel posts and board images; see SetTableLang.
	Lang string
	// Board is when the table posts its board: BoardTurn, BoardMove or
	// BoardOff; see SetTableBoard.
	Board string
	// TurnDays is the table clock: the days a seat has for a decision
	// before its reminders count as missed (0: no clock, every reminder
	// counts). AbsenceAfter is the number of missed reminders after which
	// the bot takes the seat until its player comes back (0: never).
	// Vacation says what happens to the seat of a player on vacation:
	// VacationBot or VacationWait. See SetTableClock.
	TurnDays     int
	AbsenceAfter int
	Vacation     string
	CreatedAt    time.Time
	UpdatedAt    time.Time
	// StartedAt and EndedAt are when the table started and ended (zero
	// before then).
	StartedAt time.Time
	EndedAt   time.Time
}

// What the bot does with the seat of a player on vacation.
const (
	VacationBot  = "bot"  // the bot plays the seat
	VacationWait = "wait" // the table waits for its player
)

// The board settings of a table.
const (
	BoardTurn = "turn" // one board per turn; the turn in progress is edited in place
	BoardMove = "move" // a board after every move
	BoardOff  = "off"  // text only; boards on request
)

// Seat is a player at a table.
type Seat struct {
	Seat   int    // 0-based seat index
	UserID string // Discord user id; "" for a bot seat
	Name   string // display name at the time of joining
	// Bot is set when the bot plays the seat for good; Away when it plays
	// it for its absent player (UserID), until they come back.
	Bot  bool
	Away bool
	// ActingSince is when the seat newly had to act (zero while it need
	// not); RemindAt its next reminder (zero for none); Missed the
	// reminders in a row it let pass without acting.
	ActingSince time.Time
	RemindAt    time.Time
	Missed      int
	// LinkGen is the generation of the seat's private page links, part of
	// their signature (bot/web): BumpSeatLink raises it and voids every
	// link made before.
	LinkGen int
	// Prefs are the preferences of the seat's user (time zone, quiet
	// hours, vacation), read with the seats; zero for a bot seat and for
	// a user who never saved any. Writes of seats ignore them.
	Prefs UserPrefs
}

// Move is one committed move of the log.
type Move struct {
	N        int // 1-based position in the log
	Seat     int
	UserID   string
	Notation string
	At       time.Time
	// Reveal is set when the move revealed hidden information or a random
	// result; undo never goes back past it.
	Reveal bool
	// Wait is how long the seat took to answer: the time from the moment
	// it newly had to act to this move, its first since. Waited says
	// whether it was measured: not for the later moves of a turn, nor for
	// the moves the bot made.
	Wait   time.Duration
	Waited bool
	// Seats is the reminder state of the seats the move changed (who
	// newly must act, who no longer must), saved with the move.
	Seats []SeatTimes
}

// UserPrefs are a user's own preferences, kept across tables and restarts.
type UserPrefs struct {
	UserID string
	// Locale is the Discord locale last seen ("" when never seen).
	Locale string
	// Zone is the user's IANA time zone name ("" for UTC).
	Zone string
	// QuietSet says that the user chose their own quiet hours, QuietStart
	// to QuietEnd in Zone (-1 for none); otherwise the server's apply.
	QuietSet             bool
	QuietStart, QuietEnd int
	// AwayUntil is the end of the user's vacation (zero for none).
	AwayUntil time.Time
}

// Reminder is a scheduled ping for a table.
type Reminder struct {
	TableID int64
	Due     time.Time
}

// GuildSettings are per-server preferences, changed with /game settings.
type GuildSettings struct {
	GuildID       string
	ReminderEvery time.Duration // default 24h
	QuietStart    int           // hour of day (0-23, in each player's zone) quiet hours begin; -1 = none
	QuietEnd      int           // hour of day quiet hours end
	ThreadMode    bool          // open new tables in a thread by default
	// Saved is set when the settings were read from a saved row; it is
	// false for DefaultGuildSettings, so that callers may apply their own
	// defaults to a guild that never saved any. SaveGuildSettings ignores it.
	Saved bool
}

// Snapshot is a saved state after a number of moves, for fast loading.
type Snapshot struct {
	Moves int    // the number of log moves the state includes
	State []byte // games.Game.MarshalState output
	Hash  string
}

// Store is the store on SQLite or PostgreSQL. Open it with OpenStore(dsn)
// (the name Open is taken by the Open status); it is safe for concurrent
// use, also by several processes sharing one database. Its
// methods (each returns ErrNotFound or ErrConflict, wrapped, where it
// applies):
//
//	CreateTable(ctx, *Table, []Seat, ...Delivery) (int64, error)  an Open table, its seats (creator first) and messages
//	Table(ctx, id int64) (Table, error)
//	ActiveTable(ctx, channelID) (Table, error)              the Open or Running table of a channel
//	LastTable(ctx, channelID) (Table, error)                the newest table of a channel, ended or not
//	Seats(ctx, tableID) ([]Seat, error)                     ordered by seat
//	Join(ctx, tableID, Seat) error                          Open tables only; ErrConflict if seated or full
//	Leave(ctx, tableID, userID) error                       Open tables only; renumbers seats
//	Start(ctx, tableID, expectedVersion, []Seat, Snapshot) error   Open -> Running, snapshot of move 0
//	CommitMove(ctx, tableID, expectedVersion, Move, Snapshot, finished bool) error
//	Moves(ctx, tableID) ([]Move, error)
//	LatestSnapshot(ctx, tableID) (Snapshot, error)
//	UndoLast(ctx, tableID, expectedVersion, Snapshot) error  drops the last move and later snapshots
//	ReplaceSeat(ctx, tableID, expectedVersion, seat int, userID, name string) error   userID "": the bot
//	SetStatus(ctx, tableID, expectedVersion, Status) error
//	SetTableReminderEvery(ctx, tableID, time.Duration) error
//	RunningTables(ctx) ([]Table, error)
//	SetReminder(ctx, tableID, due time.Time) error          one pending reminder per table
//	RescheduleReminder(ctx, tableID, was, due time.Time) error   ErrConflict unless still due at was
//	ClearReminder(ctx, tableID) error
//	DueReminders(ctx, now time.Time) ([]Reminder, error)
//	Reminders(ctx) ([]Reminder, error)
//	UserLocale(ctx, userID) (string, error)                 ErrNotFound when never saved
//	SetUserLocale(ctx, userID, locale string) error
//	SetTableLang(ctx, tableID, lang string) error          no version change
//	SetTableBoard(ctx, tableID, board string) error        no version change
//	SetTableClock(ctx, tableID, turnDays, absenceAfter, vacation) error   no version change
//	EndedTables(ctx, guildID) ([]Table, error)             finished and abandoned, started
//	SetSeatAway(ctx, tableID, seat int, away bool) error   no version change
//	SetSeatTimes(ctx, tableID, ...SeatTimes) error          no version change
//	UpdateSeats(ctx, tableID, expectedVersion, []Seat, was, due, ...Delivery) error   away and reminders; no version change
//	UserTables(ctx, userID) ([]Table, error)               running tables where the user holds a seat
//	UserPrefs(ctx, userID) (UserPrefs, error)              defaults when never saved
//	SetUserZone(ctx, userID, zone string) error
//	SetUserQuiet(ctx, userID, set bool, start, end int) error
//	SetUserAway(ctx, userID, until time.Time) error        zero until: back
//	SetPremove(ctx, Premove) error                          one queued answer per seat, replaced
//	Premoves(ctx, tableID) ([]Premove, error)               ordered by seat
//	TakePremove(ctx, tableID, seat int) error               deletes it; ErrNotFound if none
//	SetSeatChoice(ctx, SeatChoice) error                    one per seat and kind, replaced
//	SeatChoices(ctx, tableID) ([]SeatChoice, error)         ordered by seat and kind
//	DropSeatChoice(ctx, tableID, seat int, kind string) error   ErrNotFound if none
//	Enqueue(ctx, ...Delivery) error                         the outbox; see Delivery
//	DueQueues(ctx, now) ([]string, error)
//	NextDelivery(ctx, queue) (Delivery, error)
//	Delivered(ctx, id, messageID, ...Delivery) error
//	Postpone(ctx, id, notBefore) error
//	Drop(ctx, id, ...Delivery) error
//	GuildSettings(ctx, guildID) (GuildSettings, error)      defaults (Saved false) when never saved
//	SaveGuildSettings(ctx, GuildSettings) error
//	Close() error
//
// Every method that takes expectedVersion bumps Version by one on success;
// Join and Leave bump it too, so that a Start with a stale seat list
// conflicts.
type Store struct {
	db *sql.DB
	q  runner // runs queries on db in the dialect
	// writers, on SQLite, is taken by every transaction and every write
	// outside one: SQLite takes one writer at a time, and its busy handler
	// polls with growing sleeps, so that under many concurrent commits
	// some writer could wait past the busy timeout while others got in. In
	// the process, writers queue on this lock instead, in turn; the busy
	// handler only waits for other processes. Nil on PostgreSQL.
	writers writerLock
	dialect *dialect
	shard   Shard            // the guilds whose background work this store returns
	now     func() time.Time // the clock for stored timestamps; time.Now outside tests
}

// SetClock makes now the clock of the times the store stamps itself
// (creation, start, updates, an abandon), for tests that run the bot on a
// fake clock; a store uses time.Now otherwise. Call it before using the
// store.
func (s *Store) SetClock(now func() time.Time) { s.now = now }
