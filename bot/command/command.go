// Package command is the bot's slash commands: their definitions as
// registered with Discord (All), in English with the other languages of
// bot/text as localizations, and the typed options a handler reads
// (Options, OptionName). What a command does is package bot's.
package command

import (
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/playbychat/pbc/bot/text"
	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/images"
)

// All returns the slash commands to register with Discord. Names are
// fixed English words; descriptions and choices carry the bot's other
// languages as localizations, from the catalogue (bot/text). The game
// choices are the games registered when it is called.
//
// Transports hand option values to Handle as strings in
// the bot's Interaction.Options: strings as typed, integers in decimal, booleans as
// "true"/"false", users as their id (with Interaction.Users filled from the
// resolved data when available).
func All() []*discordgo.ApplicationCommand {
	var gameChoices []*discordgo.ApplicationCommandOptionChoice
	for _, d := range games.All() {
		gameChoices = append(gameChoices, &discordgo.ApplicationCommandOptionChoice{
			Name:              d.Name.EN,
			NameLocalizations: localized(d.Name.In),
			Value:             d.ID,
		})
	}
	guildOnly := &[]discordgo.InteractionContextType{discordgo.InteractionContextGuild}
	channelGame := &discordgo.ApplicationCommandOption{
		Type: discordgo.ApplicationCommandOptionString, Name: "game", Choices: gameChoices,
		Description: english(msgCmdChannelGame), DescriptionLocalizations: *describe(msgCmdChannelGame),
	}
	return []*discordgo.ApplicationCommand{
		{
			Name:                     "game",
			Description:              english(msgCmdGame),
			DescriptionLocalizations: describe(msgCmdGame),
			Contexts:                 guildOnly,
			Options: []*discordgo.ApplicationCommandOption{
				sub("new", msgCmdGameNew,
					&discordgo.ApplicationCommandOption{
						Type: discordgo.ApplicationCommandOptionString, Name: "game", Required: true, Choices: gameChoices,
						Description: english(msgCmdGameNewGame), DescriptionLocalizations: *describe(msgCmdGameNewGame),
					},
					opt(discordgo.ApplicationCommandOptionInteger, "players", msgCmdGameNewPlayers),
					opt(discordgo.ApplicationCommandOptionString, "options", msgCmdGameNewOptions),
					opt(discordgo.ApplicationCommandOptionBoolean, "thread", msgCmdGameNewThread),
					opt(discordgo.ApplicationCommandOptionInteger, "bots", msgCmdGameNewBots),
					languageOption(), boardOption(),
				),
				sub("join", msgCmdGameJoin),
				sub("leave", msgCmdGameLeave),
				sub("start", msgCmdGameStart),
				sub("status", msgCmdGameStatus),
				sub("board", msgCmdGameBoard, viewOption()),
				sub("log", msgCmdGameLog, sinceOption()),
				sub("undo", msgCmdGameUndo),
				sub("abandon", msgCmdGameAbandon),
				sub("replace", msgCmdGameReplace,
					opt(discordgo.ApplicationCommandOptionUser, "user", msgCmdGameReplaceUser),
					opt(discordgo.ApplicationCommandOptionInteger, "seat", msgCmdGameReplaceSeat),
					opt(discordgo.ApplicationCommandOptionUser, "player", msgCmdGameReplacePlayer),
					opt(discordgo.ApplicationCommandOptionBoolean, "bot", msgCmdGameReplaceBot),
				),
				sub("export", msgCmdGameExport,
					opt(discordgo.ApplicationCommandOptionInteger, "table", msgCmdGameExportTable),
				),
				sub("vacation", msgCmdGameVacation,
					req(opt(discordgo.ApplicationCommandOptionInteger, "days", msgCmdGameVacationDays)),
				),
				sub("settings", msgCmdGameSettings,
					opt(discordgo.ApplicationCommandOptionInteger, "reminder_hours", msgCmdGameSettingsReminderHours),
					opt(discordgo.ApplicationCommandOptionString, "quiet_hours", msgCmdGameSettingsQuietHours),
					opt(discordgo.ApplicationCommandOptionBoolean, "thread_mode", msgCmdGameSettingsThreadMode),
					languageOption(), boardOption(),
					&discordgo.ApplicationCommandOption{
						Type: discordgo.ApplicationCommandOptionString, Name: "zone", Autocomplete: true,
						Description: english(msgCmdGameSettingsZone), DescriptionLocalizations: *describe(msgCmdGameSettingsZone),
					},
					opt(discordgo.ApplicationCommandOptionString, "my_quiet_hours", msgCmdGameSettingsMyQuietHours),
					opt(discordgo.ApplicationCommandOptionInteger, "turn_days", msgCmdGameSettingsTurnDays),
					opt(discordgo.ApplicationCommandOptionInteger, "absent_after", msgCmdGameSettingsAbsentAfter),
					vacationOption(),
				),
			},
		},
		{
			Name:                     "move",
			Description:              english(msgCmdMove),
			DescriptionLocalizations: describe(msgCmdMove),
			Contexts:                 guildOnly,
			Options: []*discordgo.ApplicationCommandOption{{
				Type: discordgo.ApplicationCommandOptionString, Name: "action", Required: true, Autocomplete: true,
				Description: english(msgCmdMoveAction), DescriptionLocalizations: *describe(msgCmdMoveAction),
			}},
		},
		{
			Name:                     "hand",
			Description:              english(msgCmdHand),
			DescriptionLocalizations: describe(msgCmdHand),
			Contexts:                 guildOnly,
			Options: []*discordgo.ApplicationCommandOption{
				opt(discordgo.ApplicationCommandOptionBoolean, string(OptNewLink), msgCmdHandNewLink),
			},
		},
		{
			Name:                     "roll",
			Description:              english(msgCmdRoll),
			DescriptionLocalizations: describe(msgCmdRoll),
			Options: []*discordgo.ApplicationCommandOption{
				req(opt(discordgo.ApplicationCommandOptionString, "dice", msgCmdRollDice)),
				opt(discordgo.ApplicationCommandOptionBoolean, "private", msgCmdRollPrivate),
			},
		},
		{
			Name:                     "stats",
			Description:              english(msgCmdStats),
			DescriptionLocalizations: describe(msgCmdStats),
			Contexts:                 guildOnly,
			Options: []*discordgo.ApplicationCommandOption{
				opt(discordgo.ApplicationCommandOptionUser, "user", msgCmdStatsUser),
				{
					Type: discordgo.ApplicationCommandOptionString, Name: "game", Choices: gameChoices,
					Description: english(msgCmdStatsGame), DescriptionLocalizations: *describe(msgCmdStatsGame),
				},
			},
		},
		{
			Name:                     "card",
			Description:              english(msgCmdCard),
			DescriptionLocalizations: describe(msgCmdCard),
			Options: []*discordgo.ApplicationCommandOption{
				{
					Type: discordgo.ApplicationCommandOptionString, Name: "id", Required: true, Autocomplete: true,
					Description: english(msgCmdCardID), DescriptionLocalizations: *describe(msgCmdCardID),
				},
				channelGame,
			},
		},
		{
			Name:                     "rules",
			Description:              english(msgCmdRules),
			DescriptionLocalizations: describe(msgCmdRules),
			Options: []*discordgo.ApplicationCommandOption{
				{
					Type: discordgo.ApplicationCommandOptionString, Name: "topic", Autocomplete: true,
					Description: english(msgCmdRulesTopic), DescriptionLocalizations: *describe(msgCmdRulesTopic),
				},
				channelGame,
			},
		},
		{
			Name:                     "premove",
			Description:              english(msgCmdPremove),
			DescriptionLocalizations: describe(msgCmdPremove),
			Contexts:                 guildOnly,
			Options: []*discordgo.ApplicationCommandOption{
				sub("set", msgCmdPremoveSet,
					&discordgo.ApplicationCommandOption{
						Type: discordgo.ApplicationCommandOptionString, Name: "action", Required: true, Autocomplete: true,
						Description:              english(msgCmdPremoveSetAction),
						DescriptionLocalizations: *describe(msgCmdPremoveSetAction),
					},
				),
				sub("cancel", msgCmdPremoveCancel),
			},
		},
		{
			Name:                     "help",
			Description:              english(msgCmdHelp),
			DescriptionLocalizations: describe(msgCmdHelp),
		},
	}
}

// english is message m in English: a description or a choice's name as
// Discord shows it by default.
func english(m text.Msg) string { return text.Tr(games.English, m) }

// describe returns message m in the bot's other languages, as Discord's
// localizations of a description or a choice's name.
func describe(m text.Msg) *map[discordgo.Locale]string {
	l := localized(func(lang games.Lang) string { return text.Tr(lang, m) })
	return &l
}

// localized returns Discord's localizations of a text, whose form in a
// language f gives: under every locale of Discord that names one of the
// bot's languages but English.
func localized(f func(games.Lang) string) map[discordgo.Locale]string {
	m := map[discordgo.Locale]string{}
	for loc := range discordgo.Locales {
		if l, ok := text.Match(string(loc)); ok && l != games.English {
			m[loc] = f(l)
		}
	}
	return m
}

// sub makes a subcommand.
func sub(name string, m text.Msg, options ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{
		Type: discordgo.ApplicationCommandOptionSubCommand, Name: name,
		Description: english(m), DescriptionLocalizations: *describe(m), Options: options,
	}
}

// opt makes an optional option.
func opt(kind discordgo.ApplicationCommandOptionType, name string, m text.Msg) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: kind, Name: name, Description: english(m), DescriptionLocalizations: *describe(m)}
}

// req marks an option required.
func req(o *discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
	o.Required = true
	return o
}

// languageOption is the table language option of /game new and /game
// settings.
func languageOption() *discordgo.ApplicationCommandOption {
	o := opt(discordgo.ApplicationCommandOptionString, "language", msgCmdLanguage)
	for _, l := range text.Langs() {
		o.Choices = append(o.Choices, &discordgo.ApplicationCommandOptionChoice{
			Name:              text.LangName(l, games.English),
			NameLocalizations: localized(func(in games.Lang) string { return text.LangName(l, in) }),
			Value:             string(l),
		})
	}
	return o
}

// choiceOf is a choice of an option, named by message m in every language.
func choiceOf(m text.Msg, value string) *discordgo.ApplicationCommandOptionChoice {
	return &discordgo.ApplicationCommandOptionChoice{Name: english(m), NameLocalizations: *describe(m), Value: value}
}

// sinceOption is the since option of /game log.
func sinceOption() *discordgo.ApplicationCommandOption {
	o := opt(discordgo.ApplicationCommandOptionString, "since", msgCmdSince)
	o.Choices = []*discordgo.ApplicationCommandOptionChoice{
		choiceOf(msgCmdSinceMine, "mine"),
	}
	return o
}

// vacationOption is the table's vacation setting of /game settings.
func vacationOption() *discordgo.ApplicationCommandOption {
	o := opt(discordgo.ApplicationCommandOptionString, "vacation", msgCmdVacation)
	o.Choices = []*discordgo.ApplicationCommandOptionChoice{
		choiceOf(msgCmdVacationBot, "bot"),
		choiceOf(msgCmdVacationWait, "wait"),
	}
	return o
}

// viewOption is the view option of /game board: one part of the board,
// drawn to be read on a phone (see boardPart).
func viewOption() *discordgo.ApplicationCommandOption {
	o := opt(discordgo.ApplicationCommandOptionString, string(OptView), msgCmdView)
	choice := func(name games.Text, value string) *discordgo.ApplicationCommandOptionChoice {
		return &discordgo.ApplicationCommandOptionChoice{Name: name.EN, NameLocalizations: localized(name.In), Value: value}
	}
	o.Choices = []*discordgo.ApplicationCommandOptionChoice{
		choice(text.Textf(msgCmdViewMine), images.PartMine),
		choice(text.Textf(msgCmdViewMap), images.PartMap),
		choice(text.Textf(msgCmdViewMarket), images.PartMarket),
		choice(text.Textf(msgCmdViewScores), images.PartScores),
	}
	for seat := range games.Seat(6) {
		o.Choices = append(o.Choices, choice(text.Textf(msgCmdViewSeat, int(seat)+1), images.SeatPart(int(seat))))
	}
	return o
}

// boardOption is the board option of /game new and /game settings.
func boardOption() *discordgo.ApplicationCommandOption {
	o := opt(discordgo.ApplicationCommandOptionString, "board", msgCmdBoard)
	o.Choices = []*discordgo.ApplicationCommandOptionChoice{
		choiceOf(msgCmdBoardTurn, "turn"),
		choiceOf(msgCmdBoardMove, "move"),
		choiceOf(msgCmdBoardOff, "off"),
	}
	return o
}

// OptionName is the name of a slash-command option, as registered by
// All.
type OptionName string

// The options the handlers read.
const (
	OptAction     OptionName = "action"
	OptDice       OptionName = "dice"
	OptPrivate    OptionName = "private"
	OptGame       OptionName = "game"
	OptUser       OptionName = "user"
	OptZone       OptionName = "zone"
	OptQuietHours OptionName = "my_quiet_hours"
	OptLanguage   OptionName = "language"
	OptBoard      OptionName = "board"
	OptNewLink    OptionName = "new_link"
	OptDays       OptionName = "days"
	OptTable      OptionName = "table"
	OptPlayers    OptionName = "players"
	OptOptions    OptionName = "options"
	OptBots       OptionName = "bots"
	OptThread     OptionName = "thread"
	OptSince      OptionName = "since"
	OptBot        OptionName = "bot"
	OptSeat       OptionName = "seat"
	OptPlayer     OptionName = "player"
	OptTopic      OptionName = "topic"
	OptID         OptionName = "id"
	OptView       OptionName = "view"
)

// Options are the options of a slash command as the transports hand them
// over (see All): name to value. Handlers read them through the
// typed accessors below.
type Options map[string]string

// Has reports whether the option was given.
func (o Options) Has(name OptionName) bool {
	_, ok := o[string(name)]
	return ok
}

// String returns a string option as typed, without surrounding white
// space; "" when it was not given.
func (o Options) String(name OptionName) string { return strings.TrimSpace(o[string(name)]) }

// Bool returns a boolean option; false when it was not given.
func (o Options) Bool(name OptionName) bool { return o[string(name)] == "true" }

// User returns the user id of a user option; "" when it was not given.
func (o Options) User(name OptionName) string { return o[string(name)] }

// The messages of the commands: descriptions and choice names.
const (
	msgCmdChannelGame               text.Msg = "CmdChannelGame"
	msgCmdGame                      text.Msg = "CmdGame"
	msgCmdGameNew                   text.Msg = "CmdGameNew"
	msgCmdGameNewGame               text.Msg = "CmdGameNewGame"
	msgCmdGameNewPlayers            text.Msg = "CmdGameNewPlayers"
	msgCmdGameNewOptions            text.Msg = "CmdGameNewOptions"
	msgCmdGameNewThread             text.Msg = "CmdGameNewThread"
	msgCmdGameNewBots               text.Msg = "CmdGameNewBots"
	msgCmdGameJoin                  text.Msg = "CmdGameJoin"
	msgCmdGameLeave                 text.Msg = "CmdGameLeave"
	msgCmdGameStart                 text.Msg = "CmdGameStart"
	msgCmdGameStatus                text.Msg = "CmdGameStatus"
	msgCmdGameBoard                 text.Msg = "CmdGameBoard"
	msgCmdGameLog                   text.Msg = "CmdGameLog"
	msgCmdGameUndo                  text.Msg = "CmdGameUndo"
	msgCmdGameAbandon               text.Msg = "CmdGameAbandon"
	msgCmdGameReplace               text.Msg = "CmdGameReplace"
	msgCmdGameReplaceUser           text.Msg = "CmdGameReplaceUser"
	msgCmdGameReplaceSeat           text.Msg = "CmdGameReplaceSeat"
	msgCmdGameReplacePlayer         text.Msg = "CmdGameReplacePlayer"
	msgCmdGameReplaceBot            text.Msg = "CmdGameReplaceBot"
	msgCmdGameExport                text.Msg = "CmdGameExport"
	msgCmdGameExportTable           text.Msg = "CmdGameExportTable"
	msgCmdGameVacation              text.Msg = "CmdGameVacation"
	msgCmdGameVacationDays          text.Msg = "CmdGameVacationDays"
	msgCmdGameSettings              text.Msg = "CmdGameSettings"
	msgCmdGameSettingsReminderHours text.Msg = "CmdGameSettingsReminderHours"
	msgCmdGameSettingsQuietHours    text.Msg = "CmdGameSettingsQuietHours"
	msgCmdGameSettingsThreadMode    text.Msg = "CmdGameSettingsThreadMode"
	msgCmdGameSettingsZone          text.Msg = "CmdGameSettingsZone"
	msgCmdGameSettingsMyQuietHours  text.Msg = "CmdGameSettingsMyQuietHours"
	msgCmdGameSettingsTurnDays      text.Msg = "CmdGameSettingsTurnDays"
	msgCmdGameSettingsAbsentAfter   text.Msg = "CmdGameSettingsAbsentAfter"
	msgCmdMove                      text.Msg = "CmdMove"
	msgCmdMoveAction                text.Msg = "CmdMoveAction"
	msgCmdHand                      text.Msg = "CmdHand"
	msgCmdHandNewLink               text.Msg = "CmdHandNewLink"
	msgCmdRoll                      text.Msg = "CmdRoll"
	msgCmdRollDice                  text.Msg = "CmdRollDice"
	msgCmdRollPrivate               text.Msg = "CmdRollPrivate"
	msgCmdStats                     text.Msg = "CmdStats"
	msgCmdStatsUser                 text.Msg = "CmdStatsUser"
	msgCmdStatsGame                 text.Msg = "CmdStatsGame"
	msgCmdCard                      text.Msg = "CmdCard"
	msgCmdCardID                    text.Msg = "CmdCardID"
	msgCmdRules                     text.Msg = "CmdRules"
	msgCmdRulesTopic                text.Msg = "CmdRulesTopic"
	msgCmdPremove                   text.Msg = "CmdPremove"
	msgCmdPremoveSet                text.Msg = "CmdPremoveSet"
	msgCmdPremoveSetAction          text.Msg = "CmdPremoveSetAction"
	msgCmdPremoveCancel             text.Msg = "CmdPremoveCancel"
	msgCmdHelp                      text.Msg = "CmdHelp"
	msgCmdLanguage                  text.Msg = "CmdLanguage"
	msgCmdSince                     text.Msg = "CmdSince"
	msgCmdSinceMine                 text.Msg = "CmdSinceMine"
	msgCmdVacation                  text.Msg = "CmdVacation"
	msgCmdVacationBot               text.Msg = "CmdVacationBot"
	msgCmdVacationWait              text.Msg = "CmdVacationWait"
	msgCmdView                      text.Msg = "CmdView"
	msgCmdBoard                     text.Msg = "CmdBoard"
	msgCmdBoardTurn                 text.Msg = "CmdBoardTurn"
	msgCmdBoardMove                 text.Msg = "CmdBoardMove"
	msgCmdBoardOff                  text.Msg = "CmdBoardOff"
	msgCmdViewMine                  text.Msg = "CmdViewMine"
	msgCmdViewMap                   text.Msg = "CmdViewMap"
	msgCmdViewMarket                text.Msg = "CmdViewMarket"
	msgCmdViewScores                text.Msg = "CmdViewScores"
	msgCmdViewSeat                  text.Msg = "CmdViewSeat"
)
