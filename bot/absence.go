package bot

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/playbychat/pbc/bot/command"
	"github.com/playbychat/pbc/db"
)

// Absence and vacation. The bot plays a person's seat while they are
// absent (db.Seat.Away: they let the table's limit of reminders pass, see
// remind) or on vacation (db.UserPrefs.AwayUntil, at a table whose
// vacation setting is db.VacationBot; at one set to db.VacationWait the
// table waits and nobody reminds them). It plays from the seat's own
// view, like a bot seat, and sends the seat nothing meanwhile: its player
// catches up with the digest of /game log since:mine.
//
// A player comes back by doing anything at the table: a command in its
// channel or thread (/move, /hand, /game board, /game log, /game status,
// /game undo, ...) or a click on its buttons and menus; autocomplete
// suggestions do not count. Coming back gives back the seat the bot took
// for their absence there, and ends their vacation at every table; so
// does /game vacation days:0.

// Absence, vacation, time zones and catch-up.
const (
	msgAbsenceWarning  msg = "AbsenceWarning"
	msgHandedOver      msg = "HandedOver"
	msgWelcomeBack     msg = "WelcomeBack"
	msgVacationSet     msg = "VacationSet"
	msgVacationBotAt   msg = "VacationBotAt"
	msgVacationWaitAt  msg = "VacationWaitAt"
	msgVacationTable   msg = "VacationTable"
	msgVacationBotYou  msg = "VacationBotYou"
	msgVacationWaitYou msg = "VacationWaitYou"
	msgVacationOver    msg = "VacationOver"
	msgNoVacation      msg = "NoVacation"
	msgBadVacationDays msg = "BadVacationDays"
	msgBadTurnDays     msg = "BadTurnDays"
	msgBadAbsentAfter  msg = "BadAbsentAfter"
	msgBadVacationMode msg = "BadVacationMode"
	msgBadZone         msg = "BadZone"
	msgNoClock         msg = "NoClock"
	msgClockDays       msg = "ClockDays"
	msgNeverAbsent     msg = "NeverAbsent"
	msgAbsentAfter     msg = "AbsentAfter"
	msgVacationBot     msg = "VacationBot"
	msgVacationWait    msg = "VacationWait"
	msgTableClock      msg = "TableClock"
	msgUserSettings    msg = "UserSettings"
	msgServerQuiet     msg = "ServerQuiet"
	msgOwnQuiet        msg = "OwnQuiet"
	msgYourTurn        msg = "YourTurn"
	msgBadSince        msg = "BadSince"
)

// maxVacationDays bounds /game vacation.
const maxVacationDays = 90

// comeBack gives the caller back what they left, now that they act at s's
// running table: the seat the bot took for their absence, and their
// vacation, which ends at every table. s follows.
func (b *Bot) comeBack(c *call, s *session) error {
	seat, ok := s.seatOf(c.in.User.ID)
	if !ok || s.game == nil || s.table.Status != db.Running {
		return nil
	}
	st, _ := s.seatAt(seat)
	if !st.Away && !s.onVacation(st) {
		return nil
	}
	if _, err := b.setVacation(c.ctx, c.in.User.ID, time.Time{}); err != nil {
		return err
	}
	t, err := b.store.Table(c.ctx, s.table.ID)
	if err != nil {
		return &internalError{s.table.ID, fmt.Errorf("reload table: %w", err)}
	}
	ns, err := b.load(c.ctx, t)
	if err != nil {
		return err
	}
	*s = *ns
	return nil
}

// vacation handles /game vacation days:N: the caller is on vacation for
// N days from now (0: back now) at every table where they hold a seat.
func (b *Bot) vacation(c *call) error {
	days, err := strconv.Atoi(c.in.Options.String(command.OptDays))
	if err != nil || days < 0 || days > maxVacationDays {
		return refuse(msgBadVacationDays, maxVacationDays)
	}
	user := c.in.User.ID
	now := b.clock.Now()
	if days == 0 {
		prefs, err := b.store.UserPrefs(c.ctx, user)
		if err != nil {
			return fmt.Errorf("preferences: %w", err)
		}
		if !prefs.AwayUntil.After(now) {
			return refuse(msgNoVacation)
		}
		if _, err := b.setVacation(c.ctx, user, time.Time{}); err != nil {
			return err
		}
		return c.private(msgVacationOver)
	}
	until := now.AddDate(0, 0, days)
	tables, err := b.setVacation(c.ctx, user, until)
	if err != nil {
		return err
	}
	lines := []string{tr(c.lang, msgVacationSet, discordTime(until))}
	for _, t := range tables {
		how := msgVacationBotYou
		if t.Vacation == db.VacationWait {
			how = msgVacationWaitYou
		}
		lines = append(lines, tr(c.lang, msgVacationTable, "<#"+t.ChannelID+">", tr(c.lang, how)))
	}
	return c.reply(Message{Content: clip(strings.Join(lines, "\n")), Ephemeral: true})
}

// setVacation saves the end of user's vacation (zero: it ends now) and
// applies it at every running table where they hold a seat: a post says
// so in its channel, their reminders follow, and the bot plays for them
// where the table says so. Ending a vacation also gives back the seats the
// bot took for their absence. It returns the tables.
func (b *Bot) setVacation(ctx context.Context, user string, until time.Time) ([]db.Table, error) {
	if err := b.store.SetUserAway(ctx, user, until); err != nil {
		return nil, fmt.Errorf("save vacation: %w", err)
	}
	tables, err := b.store.UserTables(ctx, user)
	if err != nil {
		return nil, fmt.Errorf("tables of %s: %w", user, err)
	}
	for _, t := range tables {
		if err := b.vacationAt(ctx, t, user, until); err != nil {
			return nil, err
		}
	}
	return tables, nil
}

// vacationAt applies user's vacation until (zero: its end) at table t,
// trying again on the newer state when a move gets in first.
func (b *Bot) vacationAt(ctx context.Context, t db.Table, user string, until time.Time) error {
	for attempt := 1; ; attempt++ {
		s, err := b.load(ctx, t)
		if err != nil {
			return err
		}
		seat, ok := s.seatOf(user)
		if !ok {
			return nil
		}
		lang := tableLang(t)
		mention := "<@" + user + ">"
		text := tr(lang, msgVacationBotAt, mention, discordTime(until))
		switch {
		case until.IsZero():
			text = tr(lang, msgWelcomeBack, mention)
		case t.Vacation == db.VacationWait:
			text = tr(lang, msgVacationWaitAt, mention, discordTime(until))
		}
		base := slices.Clone(s.seats)
		if until.IsZero() {
			for i := range s.seats {
				if s.seats[i].Seat == int(seat) {
					s.seats[i].Away = false
				}
			}
		}
		post := postTo(t, Message{Content: text}, false)
		err = b.reschedule(ctx, s, base, func(st db.Seat) bool { return st.Seat == int(seat) }, post)
		if err == nil {
			b.flush(ctx, []db.Delivery{post})
			b.playBots(ctx, s)
			return nil
		}
		if !errors.Is(err, db.ErrConflict) || attempt == maxMoveAttempts {
			return &internalError{t.ID, fmt.Errorf("vacation: %w", err)}
		}
		if t, err = b.store.Table(ctx, t.ID); err != nil {
			return &internalError{t.ID, fmt.Errorf("reload table: %w", err)}
		}
		if t.Status != db.Running {
			return nil
		}
	}
}
