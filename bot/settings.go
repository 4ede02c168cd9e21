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
	"github.com/playbychat/pbc/bot/schedule"
	"github.com/playbychat/pbc/bot/text"
	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
)

// maxReminderHours bounds the reminder interval (one week).
const maxReminderHours = 168

// tableSettings reads the language and board options of /game new and
// /game settings, defaulting to lang and board.
func tableSettings(c *call, lang games.Lang, board string) (games.Lang, string, error) {
	if c.in.Options.Has(command.OptLanguage) {
		v := games.Lang(c.in.Options.String(command.OptLanguage))
		langs := text.Langs()
		if !slices.Contains(langs, v) {
			codes := make([]string, len(langs))
			for i, l := range langs {
				codes[i] = string(l)
			}
			last := len(codes) - 1
			return "", "", refuse(msgBadLanguage, strings.Join(codes[:last], ", "), codes[last])
		}
		lang = v
	}
	if c.in.Options.Has(command.OptBoard) {
		switch v := c.in.Options.String(command.OptBoard); v {
		case db.BoardTurn, db.BoardMove, db.BoardOff:
			board = v
		default:
			return "", "", refuse(msgBadBoard)
		}
	}
	return lang, board, nil
}

// The options of /game settings, by whose they are: the caller's own
// (anyone), the channel's table's (its creator or a manager) and the
// server's (a manager; a table's creator may set its reminder_hours).
var (
	userOptions  = []string{"zone", "my_quiet_hours"}
	tableOptions = []string{"language", "board", "turn_days", "absent_after", "vacation"}
	guildOptions = []string{"reminder_hours", "quiet_hours", "thread_mode"}
)

// settings handles /game settings. Without options it shows the server's
// settings, the channel's table's and the caller's own; options of one
// kind (see userOptions) change them.
func (b *Bot) settings(c *call) error {
	has := func(names []string) bool {
		return slices.ContainsFunc(names, func(n string) bool { return c.in.Options.Has(command.OptionName(n)) })
	}
	user, table, guild := has(userOptions), has(tableOptions), has(guildOptions)
	switch {
	case boolInt(user)+boolInt(table)+boolInt(guild) > 1:
		return refuse(msgSettingsApart)
	case user:
		return b.setUserSettings(c)
	case table:
		return b.setTableSettings(c)
	case guild:
		return b.setGuildSettings(c)
	}
	gs, err := b.guildSettings(c.ctx, c.in.GuildID)
	if err != nil {
		return err
	}
	lines := []string{tr(c.lang, msgSettings, describeSettings(gs, c)...)}
	if t, err := b.store.ActiveTable(c.ctx, c.in.ChannelID); err == nil {
		lines = append(lines, describeTable(t, c.lang)...)
	}
	prefs, err := b.store.UserPrefs(c.ctx, c.in.User.ID)
	if err != nil {
		return fmt.Errorf("preferences: %w", err)
	}
	lines = append(lines, describeUser(prefs, gs, c.lang))
	return c.reply(Message{Content: strings.Join(lines, "\n"), Ephemeral: true})
}

// boolInt is 1 for true.
func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// setGuildSettings handles the server's options of /game settings
// (reminder_hours, quiet_hours, thread_mode): a manager's, or the table
// creator's reminder_hours for their table.
func (b *Bot) setGuildSettings(c *call) error {
	gs, err := b.guildSettings(c.ctx, c.in.GuildID)
	if err != nil {
		return err
	}
	opts := c.in.Options
	hoursText, hasHours := opts["reminder_hours"]
	quietText, hasQuiet := opts["quiet_hours"]
	threadText, hasThread := opts["thread_mode"]
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

// setTableHours sets a table's reminder interval; the reminders of the
// seats that must act are counted anew from now.
func (b *Bot) setTableHours(c *call, t db.Table, hours int) error {
	t.ReminderEvery = time.Duration(hours) * time.Hour
	if err := b.store.SetTableReminderEvery(c.ctx, t.ID, t.ReminderEvery); err != nil {
		return &internalError{t.ID, fmt.Errorf("set reminder interval: %w", err)}
	}
	if t.Status != db.Running {
		return nil
	}
	s, err := b.load(c.ctx, t)
	if err != nil {
		return err
	}
	b.replan(c.ctx, s, slices.Clone(s.seats), func(db.Seat) bool { return true })
	return nil
}

// describeSettings returns the arguments of msgSettings.
func describeSettings(gs db.GuildSettings, c *call) []any {
	quiet := tr(c.lang, msgNone)
	if q := (schedule.Quiet{Start: gs.QuietStart, End: gs.QuietEnd}); q.Enabled() {
		quiet = q.String()
	}
	thread := tr(c.lang, msgOff)
	if gs.ThreadMode {
		thread = tr(c.lang, msgOn)
	}
	return []any{int(gs.ReminderEvery.Hours()), quiet, thread}
}

// parseQuietHours reads "22-7" (hours of the day), or "off"/"none" for no
// quiet hours (-1, -1).
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

// Bounds of the table's absence settings.
const (
	maxTurnDays    = 30
	maxAbsentAfter = 10
)

// setTableSettings sets the language, board and absence settings of the
// channel's table (its creator or a manager).
func (b *Bot) setTableSettings(c *call) error {
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
	opts := c.in.Options
	turnDays, absentAfter, vacation := t.TurnDays, t.AbsenceAfter, t.Vacation
	if v, ok := opts["turn_days"]; ok {
		if turnDays, err = strconv.Atoi(strings.TrimSpace(v)); err != nil || turnDays < 0 || turnDays > maxTurnDays {
			return refuse(msgBadTurnDays, maxTurnDays)
		}
	}
	if v, ok := opts["absent_after"]; ok {
		if absentAfter, err = strconv.Atoi(strings.TrimSpace(v)); err != nil || absentAfter < 0 || absentAfter > maxAbsentAfter {
			return refuse(msgBadAbsentAfter, maxAbsentAfter)
		}
	}
	if v, ok := opts["vacation"]; ok {
		if v != db.VacationBot && v != db.VacationWait {
			return refuse(msgBadVacationMode)
		}
		vacation = v
	}
	if err := b.store.SetTableLang(c.ctx, t.ID, string(lang)); err != nil {
		return &internalError{t.ID, err}
	}
	if err := b.store.SetTableBoard(c.ctx, t.ID, board); err != nil {
		return &internalError{t.ID, err}
	}
	if err := b.store.SetTableClock(c.ctx, t.ID, turnDays, absentAfter, vacation); err != nil {
		return &internalError{t.ID, err}
	}
	b.forget(t.ID)
	t.Lang, t.Board, t.TurnDays, t.AbsenceAfter, t.Vacation = string(lang), board, turnDays, absentAfter, vacation
	// The answer is public: in the table's (perhaps new) language.
	if err := c.reply(Message{Content: strings.Join(describeTable(t, tableLang(t)), "\n")}); err != nil {
		return err
	}
	if t.Status != db.Running {
		return nil
	}
	// The vacation setting decides who plays the seats of players on
	// vacation, and when they are reminded.
	s, err := b.load(c.ctx, t)
	if err != nil {
		return err
	}
	b.replan(c.ctx, s, slices.Clone(s.seats), nil)
	b.playBots(c.ctx, s)
	return nil
}

// describeTable describes a table's settings in lang.
func describeTable(t db.Table, lang games.Lang) []string {
	clock := tr(lang, msgNoClock)
	if t.TurnDays > 0 {
		clock = trn(lang, msgClockDays, t.TurnDays, t.TurnDays)
	}
	absent := tr(lang, msgNeverAbsent)
	if t.AbsenceAfter > 0 {
		absent = trn(lang, msgAbsentAfter, t.AbsenceAfter, t.AbsenceAfter)
	}
	vacation := tr(lang, msgVacationBot)
	if t.Vacation == db.VacationWait {
		vacation = tr(lang, msgVacationWait)
	}
	return []string{
		tr(lang, msgTableSettings, text.LangName(tableLang(t), lang), boardName(t.Board, lang)),
		tr(lang, msgTableClock, clock, absent, vacation),
	}
}

// setUserSettings saves the caller's own time zone and quiet hours.
func (b *Bot) setUserSettings(c *call) error {
	user := c.in.User.ID
	if c.in.Options.Has(command.OptZone) {
		v := c.in.Options.String(command.OptZone)
		loc, err := schedule.Zone(v)
		if err != nil {
			return refuse(msgBadZone, v)
		}
		if err := b.store.SetUserZone(c.ctx, user, loc.String()); err != nil {
			return fmt.Errorf("save time zone: %w", err)
		}
	}
	if c.in.Options.Has(command.OptQuietHours) {
		v := c.in.Options.String(command.OptQuietHours)
		var err error
		if strings.EqualFold(strings.TrimSpace(v), "server") {
			err = b.store.SetUserQuiet(c.ctx, user, false, 0, 0)
		} else {
			start, end, perr := parseQuietHours(v)
			if perr != nil {
				return perr
			}
			err = b.store.SetUserQuiet(c.ctx, user, true, start, end)
		}
		if err != nil {
			return fmt.Errorf("save quiet hours: %w", err)
		}
	}
	gs, err := b.guildSettings(c.ctx, c.in.GuildID)
	if err != nil {
		return err
	}
	prefs, err := b.store.UserPrefs(c.ctx, user)
	if err != nil {
		return fmt.Errorf("preferences: %w", err)
	}
	return c.reply(Message{Content: tr(c.lang, msgSettingsSaved) + "\n" + describeUser(prefs, gs, c.lang), Ephemeral: true})
}

// describeUser describes a player's own settings in lang: their time zone
// and quiet hours.
func describeUser(p db.UserPrefs, gs db.GuildSettings, lang games.Lang) string {
	zone := p.Zone
	if zone == "" {
		zone = "UTC"
	}
	quiet := schedule.Quiet{Start: gs.QuietStart, End: gs.QuietEnd}
	which := msgServerQuiet
	if p.QuietSet {
		quiet, which = schedule.Quiet{Start: p.QuietStart, End: p.QuietEnd}, msgOwnQuiet
	}
	hours := tr(lang, msgNone)
	if quiet.Enabled() {
		hours = quiet.String()
	}
	return tr(lang, msgUserSettings, zone, tr(lang, which, hours))
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
