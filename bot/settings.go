package bot

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/playbychat/pbc/db"
)

// maxReminderHours bounds the reminder interval (one week).
const maxReminderHours = 168

// settings handles /game settings [reminder_hours] [quiet_hours] [thread_mode].
// Without options it shows the current settings. Guild-wide changes need a
// manager; the creator of the channel's table may set its reminder interval.
func (b *Bot) settings(c *call) error {
	gs, err := b.guildSettings(c.ctx, c.in.GuildID)
	if err != nil {
		return err
	}
	opts := c.in.Options
	hoursText, hasHours := opts["reminder_hours"]
	quietText, hasQuiet := opts["quiet_hours"]
	threadText, hasThread := opts["thread_mode"]
	if !hasHours && !hasQuiet && !hasThread {
		return c.private(msgSettings, describeSettings(gs, c)...)
	}
	var hours int
	if hasHours {
		hours, err = strconv.Atoi(strings.TrimSpace(hoursText))
		if err != nil || hours < 1 || hours > maxReminderHours {
			return refuse(msgBadReminderHours, maxReminderHours)
		}
	}
	if !c.in.Manager {
		// Not a manager: only the reminder interval of one's own table.
		if hasQuiet || hasThread || !hasHours {
			return refuse(msgManagerOnly)
		}
		t, err := b.activeTable(c)
		if err != nil {
			return err
		}
		if t.CreatorID != c.in.User.ID {
			return refuse(msgManagerOnly)
		}
		if err := b.setTableHours(c, t, hours); err != nil {
			return err
		}
		return c.reply(Message{Content: tr(c.lang, msgTableReminderSet, hours)})
	}
	if hasQuiet {
		start, end, err := parseQuietHours(quietText)
		if err != nil {
			return err
		}
		gs.QuietStart, gs.QuietEnd = start, end
	}
	if hasThread {
		gs.ThreadMode = threadText == "true"
	}
	if hasHours {
		gs.ReminderEvery = time.Duration(hours) * time.Hour
		// The channel's table follows the new interval too.
		if t, err := b.store.ActiveTable(c.ctx, c.in.ChannelID); err == nil {
			if err := b.setTableHours(c, t, hours); err != nil {
				return err
			}
		} else if !errors.Is(err, db.ErrNotFound) {
			return fmt.Errorf("active table: %w", err)
		}
	}
	if err := b.store.SaveGuildSettings(c.ctx, gs); err != nil {
		return fmt.Errorf("save guild settings: %w", err)
	}
	return c.reply(Message{Content: tr(c.lang, msgSettingsSaved) + "\n" + tr(c.lang, msgSettings, describeSettings(gs, c)...)})
}

// guildSettings returns a guild's settings: the saved ones, or the
// configured defaults (Config) when it never saved any.
func (b *Bot) guildSettings(ctx context.Context, guildID string) (db.GuildSettings, error) {
	gs, err := b.store.GuildSettings(ctx, guildID)
	if err != nil {
		return db.GuildSettings{}, fmt.Errorf("guild settings of %s: %w", guildID, err)
	}
	if !gs.Saved {
		gs = b.guildDefaults
		gs.GuildID = guildID
	}
	return gs, nil
}

// setTableHours sets a table's reminder interval and reschedules a pending
// reminder to match.
func (b *Bot) setTableHours(c *call, t db.Table, hours int) error {
	t.ReminderEvery = time.Duration(hours) * time.Hour
	if err := b.store.SetTableReminderEvery(c.ctx, t.ID, t.ReminderEvery); err != nil {
		return &internalError{t.ID, fmt.Errorf("set reminder interval: %w", err)}
	}
	if t.Status != db.Running {
		return nil
	}
	due, err := b.nextReminder(c.ctx, t, b.clock.Now())
	if err != nil {
		return &internalError{t.ID, err}
	}
	if err := b.store.SetReminder(c.ctx, t.ID, due); err != nil {
		return &internalError{t.ID, fmt.Errorf("set reminder: %w", err)}
	}
	return nil
}

// describeSettings returns the arguments of msgSettings.
func describeSettings(gs db.GuildSettings, c *call) []any {
	quiet := msgNone.In(c.lang)
	if gs.QuietStart >= 0 && gs.QuietStart != gs.QuietEnd {
		quiet = fmt.Sprintf("%d-%d UTC", gs.QuietStart, gs.QuietEnd)
	}
	thread := msgOff.In(c.lang)
	if gs.ThreadMode {
		thread = msgOn.In(c.lang)
	}
	return []any{int(gs.ReminderEvery.Hours()), quiet, thread}
}

// parseQuietHours reads "22-7" (UTC hours), or "off"/"none" for no quiet
// hours (-1, -1).
func parseQuietHours(text string) (start, end int, err error) {
	text = strings.ToLower(strings.TrimSpace(text))
	switch text {
	case "off", "none", "aus", "keine", "":
		return -1, -1, nil
	}
	a, z, ok := strings.Cut(text, "-")
	start, err1 := strconv.Atoi(strings.TrimSpace(a))
	end, err2 := strconv.Atoi(strings.TrimSpace(z))
	if !ok || err1 != nil || err2 != nil || start < 0 || start > 23 || end < 0 || end > 23 || start == end {
		return 0, 0, refuse(msgBadQuietHours)
	}
	return start, end, nil
}
