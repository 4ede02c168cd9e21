// Package reminder decides when a seat is reminded and what a reminder
// that goes unanswered counts: the interval (the table's, the server's or
// the bot's), the player's clock (time zone and quiet hours, see package
// bot/schedule), the table clock (db.Table.TurnDays) and the absence
// ledger (db.Table.AbsenceAfter). Every function is pure: the current time
// is an argument; sending, storing and playing a seat are the bot's.
package reminder

import (
	"slices"
	"time"

	"github.com/playbychat/pbc/bot/schedule"
	"github.com/playbychat/pbc/db"
)

// Policy is what a table's reminders follow.
type Policy struct {
	Table db.Table
	Guild db.GuildSettings
	// Every is the bot's interval, for tables and servers that set none.
	Every time.Duration
}

// Interval is the table's reminder interval: its own, the server's, or
// the bot's.
func (p Policy) Interval() time.Duration {
	switch {
	case p.Table.ReminderEvery > 0:
		return p.Table.ReminderEvery
	case p.Guild.ReminderEvery > 0:
		return p.Guild.ReminderEvery
	}
	return p.Every
}

// Clock returns the time zone of st's player (UTC unless they chose one)
// and their quiet hours: their own, or the server's in their zone. A zone
// the database has lost since it was saved (a newer Go) reads as UTC, with
// the error.
func (p Policy) Clock(st db.Seat) (*time.Location, schedule.Quiet, error) {
	quiet := schedule.Quiet{Start: p.Guild.QuietStart, End: p.Guild.QuietEnd}
	if st.Prefs.QuietSet {
		quiet = schedule.Quiet{Start: st.Prefs.QuietStart, End: st.Prefs.QuietEnd}
	}
	loc, err := schedule.Zone(st.Prefs.Zone)
	if err != nil {
		return time.UTC, quiet, err
	}
	return loc, quiet, nil
}

// Next is when st's player is reminded next, counting from; on an error
// of their zone (see Clock) it is counted in UTC.
func (p Policy) Next(st db.Seat, from time.Time) (time.Time, error) {
	loc, quiet, err := p.Clock(st)
	return schedule.Next(from, p.Interval(), loc, quiet), err
}

// Outcome is what a due reminder does to its seat.
type Outcome int

// The outcomes of a due reminder.
const (
	// Ping reminds the player.
	Ping Outcome = iota + 1
	// Warn reminds the player and warns that the next reminder hands
	// their seat to the bot.
	Warn
	// HandOver hands the seat to the bot (db.Seat.Away) instead of a
	// reminder.
	HandOver
)

// Due records in st a reminder due at now, next being when the following
// one would be. Reminders after the table clock ran out count as missed;
// the one that reaches the table's absence limit warns, and the next hands
// the seat over.
func Due(t db.Table, st *db.Seat, now, next time.Time) Outcome {
	counted := t.TurnDays == 0 || !now.Before(ClockStart(*st).AddDate(0, 0, t.TurnDays))
	if counted && t.AbsenceAfter > 0 && st.Missed >= t.AbsenceAfter {
		st.Away, st.Missed, st.RemindAt = true, 0, time.Time{}
		return HandOver
	}
	if counted {
		st.Missed++
	}
	st.RemindAt = next
	if counted && t.AbsenceAfter > 0 && st.Missed == t.AbsenceAfter {
		return Warn
	}
	return Ping
}

// ClockStart is when the table clock of st's current decision started:
// when it began to act, or when its player's vacation ended.
func ClockStart(st db.Seat) time.Time {
	if st.Prefs.AwayUntil.After(st.ActingSince) {
		return st.Prefs.AwayUntil
	}
	return st.ActingSince
}

// Changed returns the seats of next that differ from the same seat in base
// in what the store keeps of their absence and reminders.
func Changed(base, next []db.Seat) []db.Seat {
	var out []db.Seat
	for _, n := range next {
		i := slices.IndexFunc(base, func(b db.Seat) bool { return b.Seat == n.Seat })
		if i < 0 {
			out = append(out, n)
			continue
		}
		o := base[i]
		if o.Away != n.Away || o.Missed != n.Missed || !o.ActingSince.Equal(n.ActingSince) || !o.RemindAt.Equal(n.RemindAt) {
			out = append(out, n)
		}
	}
	return out
}

// NextDue is the earliest reminder of seats (zero for none).
func NextDue(seats []db.Seat) time.Time {
	var due time.Time
	for _, st := range seats {
		if !st.RemindAt.IsZero() && (due.IsZero() || st.RemindAt.Before(due)) {
			due = st.RemindAt
		}
	}
	return due
}
