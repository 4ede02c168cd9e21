package bot

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
)

// schedule sets the table's next reminder after a change, or clears it when
// the game has ended. Failures are logged.
func (b *Bot) schedule(ctx context.Context, s *session) {
	var err error
	if s.game == nil || s.game.Status().Finished {
		err = b.store.ClearReminder(ctx, s.table.ID)
	} else {
		var due time.Time
		if due, err = b.nextReminder(ctx, s.table, b.clock.Now()); err == nil {
			err = b.store.SetReminder(ctx, s.table.ID, due)
		}
	}
	if err != nil {
		b.log.ErrorContext(ctx, "schedule reminder", "table", s.table.ID, "err", err)
	}
}

// nextReminder returns when a table's next reminder is due counting from
// now: after the table's (or guild's, or the bot's) interval, moved out of
// the guild's quiet hours.
func (b *Bot) nextReminder(ctx context.Context, t db.Table, now time.Time) (time.Time, error) {
	settings, err := b.guildSettings(ctx, t.GuildID)
	if err != nil {
		return time.Time{}, err
	}
	every := b.every
	switch {
	case t.ReminderEvery > 0:
		every = t.ReminderEvery
	case settings.ReminderEvery > 0:
		every = settings.ReminderEvery
	}
	return outOfQuietHours(now.Add(every), settings.QuietStart, settings.QuietEnd), nil
}

// outOfQuietHours moves t to the end of the quiet window [start, end) (UTC
// hours, wrapping past midnight when start > end) if t falls inside it. A
// negative start or start == end means no quiet hours.
func outOfQuietHours(t time.Time, start, end int) time.Time {
	if start < 0 || end < 0 || start == end || start > 23 || end > 23 {
		return t
	}
	t = t.UTC()
	h := t.Hour()
	inside := (start < end && h >= start && h < end) || (start > end && (h >= start || h < end))
	if !inside {
		return t
	}
	day := time.Date(t.Year(), t.Month(), t.Day(), end, 0, 0, 0, time.UTC)
	if h >= end {
		day = day.AddDate(0, 0, 1)
	}
	return day
}

// RunReminders sends due reminders until ctx ends, checking every
// ReminderPoll. Reminders live in the store, so those pending at a restart
// are sent by the next run.
func (b *Bot) RunReminders(ctx context.Context) error {
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

// SendDueReminders handles every reminder due at the Clock's time: it pings
// the seats that must act, or makes the default move of a seat whose
// reaction window has expired (games.Defaulter), and schedules the next one.
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

// remind handles the reminder r, due at now. Another process sharing the
// store may have found it due too: only the one whose RescheduleReminder
// claims it sends it (moves, and the bots' and default moves, are settled
// by the table's version).
func (b *Bot) remind(ctx context.Context, r db.Reminder, now time.Time) error {
	tableID := r.TableID
	t, err := b.store.Table(ctx, tableID)
	if err != nil {
		return fmt.Errorf("table: %w", err)
	}
	if t.Status != db.Running {
		return b.store.ClearReminder(ctx, tableID)
	}
	settings, err := b.guildSettings(ctx, t.GuildID)
	if err != nil {
		return err
	}
	if later := outOfQuietHours(now, settings.QuietStart, settings.QuietEnd); later.After(now) {
		return claimed(b.store.RescheduleReminder(ctx, tableID, r.Due, later))
	}
	s, err := b.load(ctx, t)
	if err != nil {
		return err
	}
	if _, ok := s.botActor(); ok {
		// The bot's moves were cut short (a crash, a conflict): they go
		// on now.
		b.playBots(ctx, s)
		return nil
	}
	lang := tableLang(t)
	applied, err := b.applyDefaults(ctx, s)
	if err != nil {
		// Fall back to a ping; the next reminder tries again.
		b.log.ErrorContext(ctx, "default move", "table", tableID, "err", err)
	}
	if applied > 0 {
		return nil // commitMove has announced it and scheduled the next reminder
	}
	var mentions, pings []string
	for _, a := range s.game.ToAct() {
		if u, ok := s.userOf(a.Seat); ok && !slices.Contains(mentions, u.UserID) {
			mentions = append(mentions, u.UserID)
			pings = append(pings, "<@"+u.UserID+">")
		}
	}
	var out []db.Delivery
	if len(pings) > 0 {
		msg := Message{Content: tr(lang, msgReminder, strings.Join(pings, " "), s.def.Name.In(lang)), Mentions: mentions}
		out = append(out, postTo(t, msg, false))
	}
	next, err := b.nextReminder(ctx, t, now)
	if err != nil {
		return err
	}
	if err := b.store.RescheduleReminder(ctx, tableID, r.Due, next, out...); err != nil {
		return claimed(err)
	}
	b.flush(ctx, out)
	return nil
}

// claimed is the error of a RescheduleReminder: none when another process
// (or a change of the table) took the reminder first.
func claimed(err error) error {
	if errors.Is(err, db.ErrConflict) {
		return nil
	}
	return err
}

// applyDefaults makes the default move (games.Defaulter) of every seat in an
// expired reaction window, one after the other, and returns how many it
// made. Each is announced like a move.
func (b *Bot) applyDefaults(ctx context.Context, s *session) (int, error) {
	d, ok := s.game.(games.Defaulter)
	if !ok {
		return 0, nil
	}
	applied := 0
	for range s.game.Seats() {
		seat, notation, found := games.Spectator, "", false
		for _, a := range s.game.ToAct() {
			if a.Kind == games.Reaction {
				if notation, found = d.DefaultMove(a.Seat); found {
					seat = a.Seat
					break
				}
			}
		}
		if !found {
			break
		}
		headline := textf(msgDefaultMove, games.Seatf(seat))
		_, out, err := b.commitMove(ctx, s, seat, notation, headline, false)
		if err != nil {
			return applied, fmt.Errorf("default move for seat %d: %w", seat, err)
		}
		b.flush(ctx, out)
		applied++
		if d, ok = s.game.(games.Defaulter); !ok {
			break
		}
	}
	return applied, nil
}
