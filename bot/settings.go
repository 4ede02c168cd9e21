package bot

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
)

// maxReminderHours bounds the reminder interval (one week).
const maxReminderHours = 168

// tableSettings reads the language and board options of /game new and
// /game settings, defaulting to lang and board.
func tableSettings(c *call, lang games.Lang, board string) (games.Lang, string, error) {
	if v, ok := c.in.Options["language"]; ok {
		switch v {
		case string(games.English), string(games.German):
			lang = games.Lang(v)
		default:
			return "", "", refuse(msgBadLanguage)
		}
	}
	if v, ok := c.in.Options["board"]; ok {
		switch v {
		case db.BoardTurn, db.BoardMove, db.BoardOff:
			board = v
		default:
			return "", "", refuse(msgBadBoard)
		}
	}
	return lang, board, nil
}

// settings handles /game settings [reminder_hours] [quiet_hours]
// [thread_mode] [language] [board]. Without options it shows the current
// settings. Guild-wide changes need a manager; the creator of the
// channel's table may set its reminder interval, language and board.
func (b *Bot) settings(c *call) error {
	gs, err := b.guildSettings(c.ctx, c.in.GuildID)
	if err != nil {
		return err
	}
	opts := c.in.Options
	hoursText, hasHours := opts["reminder_hours"]
	quietText, hasQuiet := opts["quiet_hours"]
	threadText, hasThread := opts["thread_mode"]
	_, hasLang := opts["language"]
	_, hasBoard := opts["board"]
	if hasLang || hasBoard {
		return b.setTableSettings(c, hasHours || hasQuiet || hasThread)
	}
	if !hasHours && !hasQuiet && !hasThread {
		text := tr(c.lang, msgSettings, describeSettings(gs, c)...)
		if t, err := b.store.ActiveTable(c.ctx, c.in.ChannelID); err == nil {
			text += "\n" + tr(c.lang, msgTableSettings, languageName(tableLang(t), c.lang), boardName(t.Board, c.lang))
		}
		return c.reply(Message{Content: text, Ephemeral: true})
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
	quiet := tr(c.lang, msgNone)
	if gs.QuietStart >= 0 && gs.QuietStart != gs.QuietEnd {
		quiet = fmt.Sprintf("%d-%d UTC", gs.QuietStart, gs.QuietEnd)
	}
	thread := tr(c.lang, msgOff)
	if gs.ThreadMode {
		thread = tr(c.lang, msgOn)
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

// setTableSettings sets the language and board setting of the channel's
// table (its creator or a manager); more says that guild options came
// along, which must be set on their own.
func (b *Bot) setTableSettings(c *call, more bool) error {
	if more {
		return refuse(msgSettingsApart)
	}
	t, err := b.activeTable(c)
	if err != nil {
		return err
	}
	if !isCreatorOrManager(c, t) {
		return refuse(msgCreatorOnly)
	}
	lang, board, err := tableSettings(c, tableLang(t), t.Board)
	if err != nil {
		return err
	}
	if err := b.store.SetTableLang(c.ctx, t.ID, string(lang)); err != nil {
		return &internalError{t.ID, err}
	}
	if err := b.store.SetTableBoard(c.ctx, t.ID, board); err != nil {
		return &internalError{t.ID, err}
	}
	b.forget(t.ID)
	return c.reply(Message{Content: tr(c.lang, msgTableSettings, languageName(lang, c.lang), boardName(board, c.lang))})
}

// languageName is the name of a table language, in lang.
func languageName(l, lang games.Lang) string {
	if l == games.German {
		return tr(lang, msgGerman)
	}
	return tr(lang, msgEnglish)
}

// boardName describes a board setting, in lang.
func boardName(board string, lang games.Lang) string {
	switch board {
	case db.BoardMove:
		return tr(lang, msgBoardMove)
	case db.BoardOff:
		return tr(lang, msgBoardOff)
	}
	return tr(lang, msgBoardTurn)
}
