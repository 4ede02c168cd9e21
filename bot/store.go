package bot

import (
	"context"
	"time"

	"github.com/playbychat/pbc/bot/outbox"
	"github.com/playbychat/pbc/db"
)

// Store is what the bot needs of the database: the union of the role
// interfaces below. *db.Store implements it (see db/store.go for the
// meaning of each method); a part of the bot that needs one role can ask
// for that role alone.
type Store interface {
	TableStore
	SeatStore
	GameLog
	ReminderStore
	DeliveryStore
	UserStore
	GuildStore
	PremoveStore
	ChoiceStore
	PanelStore
}

var _ Store = (*db.Store)(nil)

// TableStore creates tables, finds them and changes their settings.
type TableStore interface {
	CreateTable(ctx context.Context, t *db.Table, seats []db.Seat, out ...db.Delivery) (int64, error)
	Table(ctx context.Context, id int64) (db.Table, error)
	ActiveTable(ctx context.Context, channelID string) (db.Table, error)
	LastTable(ctx context.Context, channelID string) (db.Table, error)
	EndedTables(ctx context.Context, guildID string) ([]db.Table, error)
	UserTables(ctx context.Context, userID string) ([]db.Table, error)
	RunningTables(ctx context.Context) ([]db.Table, error)
	SetStatus(ctx context.Context, tableID int64, expectedVersion int, status db.Status, out ...db.Delivery) error
	SetTableLang(ctx context.Context, tableID int64, lang string) error
	SetTableBoard(ctx context.Context, tableID int64, board string) error
	SetTableClock(ctx context.Context, tableID int64, turnDays, absenceAfter int, vacation string) error
}

// SeatStore keeps who sits at a table: joining and leaving before the
// start, replacements, and each seat's turn times.
type SeatStore interface {
	Seats(ctx context.Context, tableID int64) ([]db.Seat, error)
	Join(ctx context.Context, tableID int64, seat db.Seat) error
	Leave(ctx context.Context, tableID int64, userID string) error
	ReplaceSeat(ctx context.Context, tableID int64, expectedVersion int, seat int, userID, name string, out ...db.Delivery) error
	SetSeatTimes(ctx context.Context, tableID int64, times ...db.SeatTimes) error
	UpdateSeats(ctx context.Context, tableID int64, expectedVersion int, seats []db.Seat, was, due time.Time, out ...db.Delivery) error
	BumpSeatLink(ctx context.Context, tableID int64, seat int) (int, error)
}

// GameLog keeps a running game: its start, the move log and the
// snapshots, each change checked against the table's version.
type GameLog interface {
	Start(ctx context.Context, tableID int64, expectedVersion int, seats []db.Seat, snap db.Snapshot, out ...db.Delivery) error
	CommitMove(ctx context.Context, tableID int64, expectedVersion int, m db.Move, snap db.Snapshot, finished bool, out ...db.Delivery) error
	Moves(ctx context.Context, tableID int64) ([]db.Move, error)
	LatestSnapshot(ctx context.Context, tableID int64) (db.Snapshot, error)
	UndoLast(ctx context.Context, tableID int64, expectedVersion int, snap db.Snapshot, out ...db.Delivery) error
}

// ReminderStore schedules the reminders of tables waiting for a player.
type ReminderStore interface {
	SetTableReminderEvery(ctx context.Context, tableID int64, every time.Duration) error
	ClearReminder(ctx context.Context, tableID int64) error
	DueReminders(ctx context.Context, now time.Time) ([]db.Reminder, error)
}

// DeliveryStore is the outbox: it keeps the messages owed to Discord
// until they are delivered. The bot enqueues; package bot/outbox delivers
// through the role it declares.
type DeliveryStore interface {
	Enqueue(ctx context.Context, out ...db.Delivery) error
	outbox.Store
}

// UserStore keeps each user's preferences: language, time zone, quiet
// hours and absence.
type UserStore interface {
	UserLocale(ctx context.Context, userID string) (string, error)
	SetUserLocale(ctx context.Context, userID, locale string) error
	UserPrefs(ctx context.Context, userID string) (db.UserPrefs, error)
	SetUserZone(ctx context.Context, userID, zone string) error
	SetUserQuiet(ctx context.Context, userID string, set bool, start, end int) error
	SetUserAway(ctx context.Context, userID string, until time.Time) error
}

// GuildStore keeps each guild's settings.
type GuildStore interface {
	GuildSettings(ctx context.Context, guildID string) (db.GuildSettings, error)
	SaveGuildSettings(ctx context.Context, s db.GuildSettings) error
}

// ChoiceStore keeps the standing choices of seats that the bot applies
// (see standing.go).
type ChoiceStore interface {
	SetSeatChoice(ctx context.Context, c db.SeatChoice) error
	SeatChoices(ctx context.Context, tableID int64) ([]db.SeatChoice, error)
	DropSeatChoice(ctx context.Context, tableID int64, seat int, kind string) error
}

// PremoveStore keeps the answers players queued before their turn.
type PremoveStore interface {
	SetPremove(ctx context.Context, p db.Premove) error
	Premoves(ctx context.Context, tableID int64) ([]db.Premove, error)
	TakePremove(ctx context.Context, tableID int64, seat int) error
}

// PanelStore remembers each player's panel message and the hash of the
// panel last queued (recorded by the outbox with the DM that shows it).
type PanelStore interface {
	Panel(ctx context.Context, tableID int64, seat int, userID string) (db.Panel, error)
	Panels(ctx context.Context, tableID int64) ([]db.Panel, error)
	SetPanelMessage(ctx context.Context, tableID int64, seat int, userID, channelID, messageID string) error
}
