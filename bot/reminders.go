package bot

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/playbychat/pbc/bot/reminder"
	"github.com/playbychat/pbc/bot/schedule"
	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
)

// Reminders are per seat. A seat that must act and is played by a person
// has its next reminder (db.Seat.RemindAt): after the table's interval
// (or the server's, or the bot's), counted from when it began to act or
// from its last reminder, in its player's time zone and out of their quiet
// hours (the player's own, or the server's read in the player's zone). An
// interval of whole days keeps its local time across a daylight-saving
// change. The table's pending reminder (the store's reminders row) is the
// earliest of its seats', the moment RunReminders looks at it again.
//
// A due reminder pings the seat in the table's channel, through the
// outbox. Reminders sent after the table clock (db.Table.TurnDays) has run
// out count as missed; the one that reaches the table's limit
// (db.Table.AbsenceAfter) warns that the bot will play the seat, and at
// the next one it does (db.Seat.Away) until the player comes back (see
// comeBack). A seat in an expired reaction window gets its default move
// (games.Defaulter) instead of a ping.

// replan is reschedule after a change of s, which failures do not undo:
// they are logged, except a lost race with a move, which reschedules
// itself.
func (b *Bot) replan(ctx context.Context, s *session, base []db.Seat, renew func(db.Seat) bool) {
	if err := b.reschedule(ctx, s, base, renew); err != nil && !errors.Is(err, db.ErrConflict) {
		b.log.ErrorContext(ctx, "schedule reminders", "table", s.table.ID, "err", err)
	}
}

// reschedule sets each seat's next reminder and the table's after a change
// of s, and saves with out (in one write) every seat that differs from
// base, the seats as stored. Seats for which renew is true get a reminder
// counted from now and no missed reminders: the mover, a returning player.
// It returns db.ErrConflict (wrapped) when a move got in first.
func (b *Bot) reschedule(ctx context.Context, s *session, base []db.Seat, renew func(db.Seat) bool, out ...db.Delivery) error {
	if s.game == nil || s.status().Finished {
		return b.store.ClearReminder(ctx, s.table.ID)
	}
	gs, err := b.guildSettings(ctx, s.table.GuildID)
	if err != nil {
		return err
	}
	now := b.clock.Now()
	for i, st := range s.seats {
		s.seats[i] = b.planSeat(s, gs, st, now, renew != nil && renew(st))
	}
	return b.store.UpdateSeats(ctx, s.table.ID, s.table.Version, reminder.Changed(base, s.seats), time.Time{}, reminder.NextDue(s.seats), out...)
}

// planSeat returns st with its next reminder as it should be now: none
// while it need not act or the bot plays it, the end of its player's
// vacation while the table waits for them, and otherwise its pending one
// or, renewed (with no missed reminders) or missing, one counted from now.
func (b *Bot) planSeat(s *session, gs db.GuildSettings, st db.Seat, now time.Time, renew bool) db.Seat {
	_, acting := games.MustAct(s.game, games.Seat(st.Seat))
	switch {
	case !acting || s.botPlaysSeat(st):
		st.RemindAt = time.Time{}
	case s.waitsFor(st):
		st.RemindAt = st.Prefs.AwayUntil
	case renew || st.RemindAt.IsZero():
		st.RemindAt = b.nextRemind(s.table, gs, st, now)
	}
	if renew {
		st.Missed = 0
	}
	return st
}

// nextRemind is when st's player is reminded next at table t, counting
// from (see reminder.Policy).
func (b *Bot) nextRemind(t db.Table, gs db.GuildSettings, st db.Seat, from time.Time) time.Time {
	next, err := reminder.Policy{Table: t, Guild: gs, Every: b.reminderEvery}.Next(st, from)
	if err != nil {
		b.log.Warn("time zone", "user", st.UserID, "err", err)
	}
	return next
}

// RunReminders sends due reminders until ctx ends, checking every
// ReminderPoll. Reminders live in the store, so those pending at a restart
// are sent by the next run.
func (b *Bot) RunReminders(ctx context.Context) error {
	if err := b.Resume(ctx); err != nil {
		b.log.ErrorContext(ctx, "reminders", "err", err)
	}
	ticker := time.NewTicker(b.poll)
	defer ticker.Stop()
	for {
		if err := b.SendDueReminders(ctx); err != nil {
			b.log.ErrorContext(ctx, "reminders", "err", err)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-ticker.C:
		}
	}
}

// SendDueReminders handles every table whose reminder is due at the
// Clock's time: it pings the seats whose reminders are due, warns and
// hands absent players' seats to the bot, makes the default move of a seat
// whose reaction window has expired (games.Defaulter), and schedules the
// next reminder.
func (b *Bot) SendDueReminders(ctx context.Context) error {
	now := b.clock.Now()
	due, err := b.store.DueReminders(ctx, now)
	if err != nil {
		return fmt.Errorf("due reminders: %w", err)
	}
	var errs []error
	for _, r := range due {
		if err := b.remind(ctx, r, now); err != nil {
			errs = append(errs, fmt.Errorf("table %d: %w", r.TableID, err))
		}
	}
	return errors.Join(errs...)
}

// remind handles the table's reminder r, due at now. Another process
// sharing the store may have found it due too: only the one whose write
// claims it (db.Store.UpdateSeats) sends it; moves, and the bots' and
// default moves, are settled by the table's version.
func (b *Bot) remind(ctx context.Context, r db.Reminder, now time.Time) error {
	tableID := r.TableID
	t, err := b.store.Table(ctx, tableID)
	if err != nil {
		return fmt.Errorf("table: %w", err)
	}
	if t.Status != db.Running {
		return b.store.ClearReminder(ctx, tableID)
	}
	s, err := b.load(ctx, t)
	if err != nil {
		return err
	}
	s.now = now
	if s.botOwes() {
		// The bot's moves were cut short (a crash, a conflict), or a
		// vacation began: they go on now.
		b.playBots(ctx, s)
		return nil
	}
	gs, err := b.guildSettings(ctx, t.GuildID)
	if err != nil {
		return err
	}
	base := slices.Clone(s.seats)
	var (
		due     []games.Seat // due for a ping
		expired []games.Seat // due in a reaction window with a default move
	)
	for i, st := range s.seats {
		next := b.planSeat(s, gs, st, now, false)
		if next.RemindAt.After(now) || next.RemindAt.IsZero() || !st.RemindAt.Equal(next.RemindAt) {
			s.seats[i] = next
			continue
		}
		loc, quiet, err := reminder.Policy{Table: t, Guild: gs}.Clock(st)
		if err != nil {
			b.log.Warn("time zone", "user", st.UserID, "err", err)
		}
		if later := schedule.OutOfQuiet(now, loc, quiet); later.After(now) {
			s.seats[i].RemindAt = later
			continue
		}
		seat := games.Seat(st.Seat)
		if hasDefault(s.game, seat) {
			expired = append(expired, seat)
		} else {
			due = append(due, seat)
		}
	}
	if len(expired) > 0 {
		// commitMove announces each and reschedules; the pings wait for
		// the next look.
		return b.applyDefaults(ctx, s, expired)
	}
	var (
		lines    []string
		mentions []string
		pinged   []string
		away     bool
	)
	lang := tableLang(t)
	for _, seat := range due {
		i := slices.IndexFunc(s.seats, func(st db.Seat) bool { return st.Seat == int(seat) })
		st := &s.seats[i]
		mention := "<@" + st.UserID + ">"
		mentions = append(mentions, st.UserID)
		switch reminder.Due(t, st, now, b.nextRemind(t, gs, *st, now)) {
		case reminder.HandOver:
			lines = append(lines, trn(lang, msgHandedOver, t.AbsenceAfter, mention, t.AbsenceAfter))
			away = true
		case reminder.Warn:
			pinged = append(pinged, mention)
			lines = append(lines, tr(lang, msgAbsenceWarning, mention, discordTime(st.RemindAt)))
		default:
			pinged = append(pinged, mention)
		}
	}
	if len(pinged) > 0 {
		lines = append([]string{tr(lang, msgReminder, strings.Join(pinged, " "), s.def.Name.In(lang))}, lines...)
	}
	var out []db.Delivery
	if len(lines) > 0 {
		out = append(out, postTo(t, Message{Content: clip(strings.Join(lines, "\n")), Mentions: mentions}, false))
	}
	if err := b.store.UpdateSeats(ctx, tableID, t.Version, reminder.Changed(base, s.seats), r.Due, reminder.NextDue(s.seats), out...); err != nil {
		if errors.Is(err, db.ErrConflict) {
			// Another process sent it, or a move got in first and
			// rescheduled: the next look sees what is due.
			return nil
		}
		return err
	}
	b.flush(ctx, out)
	if away {
		b.playBots(ctx, s)
	}
	return nil
}

// discordTime writes t as a Discord timestamp, which every reader sees in
// their own time zone and language.
func discordTime(t time.Time) string { return fmt.Sprintf("<t:%d:f>", t.Unix()) }

// hasDefault reports whether seat acts in a reaction window of g that has
// a default move (games.Defaulter).
func hasDefault(g games.Game, seat games.Seat) bool {
	d, ok := g.(games.Defaulter)
	if !ok {
		return false
	}
	a, acting := games.MustAct(g, seat)
	if !acting || a.Kind != games.Reaction {
		return false
	}
	_, found := d.DefaultMove(seat)
	return found
}

// applyDefaults makes the default move (games.Defaulter) of each of seats,
// in expired reaction windows, one after the other while it still has
// one. Each is announced like a move.
func (b *Bot) applyDefaults(ctx context.Context, s *session, seats []games.Seat) error {
	for _, seat := range seats {
		if !hasDefault(s.game, seat) {
			continue
		}
		notation, _ := s.game.(games.Defaulter).DefaultMove(seat)
		headline := textf(msgDefaultMove, games.Seatf(seat))
		_, out, err := b.commitMove(ctx, s, seat, notation, headline, false)
		if err != nil {
			return fmt.Errorf("default move for seat %d: %w", seat, err)
		}
		b.flush(ctx, out)
	}
	b.playBots(ctx, s)
	return nil
}
