package bot

import (
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/playbychat/pbc/bot/text"
	"github.com/playbychat/pbc/games"
)

// Commands returns the slash commands to register with Discord. Names are
// fixed English words; descriptions carry German localizations. The game
// choices are the games registered when it is called.
//
// Transports hand option values to Handle as strings in
// Interaction.Options: strings as typed, integers in decimal, booleans as
// "true"/"false", users as their id (with Interaction.Users filled from the
// resolved data when available).
func Commands() []*discordgo.ApplicationCommand {
	var gameChoices []*discordgo.ApplicationCommandOptionChoice
	for _, d := range games.All() {
		gameChoices = append(gameChoices, &discordgo.ApplicationCommandOptionChoice{
			Name:              d.Name.EN,
			NameLocalizations: map[discordgo.Locale]string{discordgo.German: d.Name.DE},
			Value:             d.ID,
		})
	}
	guildOnly := &[]discordgo.InteractionContextType{discordgo.InteractionContextGuild}
	channelGame := &discordgo.ApplicationCommandOption{
		Type: discordgo.ApplicationCommandOptionString, Name: "game", Choices: gameChoices,
		Description: "The game (default: this channel's)", DescriptionLocalizations: *de("Das Spiel (Standard: das dieses Kanals)"),
	}
	return []*discordgo.ApplicationCommand{
		{
			Name:                     "game",
			Description:              "Open, join and run a play-by-chat game in this channel",
			DescriptionLocalizations: de("Ein Spiel in diesem Kanal eröffnen, beitreten und leiten"),
			Contexts:                 guildOnly,
			Options: []*discordgo.ApplicationCommandOption{
				sub("new", "Open a table in this channel", "Einen Tisch in diesem Kanal eröffnen",
					&discordgo.ApplicationCommandOption{
						Type: discordgo.ApplicationCommandOptionString, Name: "game", Required: true, Choices: gameChoices,
						Description: "The game", DescriptionLocalizations: *de("Das Spiel"),
					},
					opt(discordgo.ApplicationCommandOptionInteger, "players", "Number of seats (default: the game's maximum)", "Anzahl der Plätze (Standard: das Maximum des Spiels)"),
					opt(discordgo.ApplicationCommandOptionString, "options", "Variant options, e.g. target=30 apocalypse", "Varianten, z. B. target=30 apocalypse"),
					opt(discordgo.ApplicationCommandOptionBoolean, "thread", "Play in a new thread", "In einem neuen Thread spielen"),
					opt(discordgo.ApplicationCommandOptionInteger, "bots", "Seats the bot plays (it never sees what a player would not)", "Plätze, die der Bot spielt (er sieht nie mehr als ein Spieler)"),
					languageOption(), boardOption(),
				),
				sub("join", "Take a seat at this channel's table", "Am Tisch dieses Kanals Platz nehmen"),
				sub("leave", "Leave the table before it starts", "Den Tisch vor dem Start verlassen"),
				sub("start", "Start the game (creator)", "Das Spiel starten (Ersteller)"),
				sub("status", "Show the table and whose turn it is", "Tisch und wer am Zug ist zeigen"),
				sub("board", "Show the board and the current choices", "Spielplan und aktuelle Möglichkeiten zeigen", viewOption()),
				sub("log", "Show the last moves", "Die letzten Züge zeigen", sinceOption()),
				sub("undo", "Take back your last move", "Deinen letzten Zug zurücknehmen"),
				sub("abandon", "End the game without a result (creator or manager)", "Das Spiel ohne Ergebnis beenden (Ersteller oder Verwalter)"),
				sub("replace", "Give a seat to another user or to the bot (creator or manager)", "Einen Platz an jemand anderen oder an den Bot geben (Ersteller oder Verwalter)",
					opt(discordgo.ApplicationCommandOptionUser, "user", "The new player", "Der neue Spieler"),
					opt(discordgo.ApplicationCommandOptionInteger, "seat", "The seat number (1 = first)", "Die Platznummer (1 = erster)"),
					opt(discordgo.ApplicationCommandOptionUser, "player", "The player who leaves", "Der Spieler, der geht"),
					opt(discordgo.ApplicationCommandOptionBoolean, "bot", "The bot takes the seat", "Der Bot übernimmt den Platz"),
				),
				sub("export", "Download the game record (JSON)", "Den Spielverlauf herunterladen (JSON)",
					opt(discordgo.ApplicationCommandOptionInteger, "table", "An ended table's number", "Die Nummer eines beendeten Tisches"),
				),
				sub("vacation", "Go on vacation: no reminders; the bot plays your seats or the tables wait", "In den Urlaub gehen: keine Erinnerungen; der Bot spielt deine Plätze oder die Tische warten",
					req(opt(discordgo.ApplicationCommandOptionInteger, "days", "Days from now (0: back now)", "Tage ab jetzt (0: jetzt zurück)")),
				),
				sub("settings", "Show or change reminders, your time zone and quiet hours, the table's absence rules, language, board", "Erinnerungen, deine Zeitzone und Ruhezeit, Abwesenheit, Sprache und Spielplan zeigen oder ändern",
					opt(discordgo.ApplicationCommandOptionInteger, "reminder_hours", "Hours between reminders", "Stunden zwischen Erinnerungen"),
					opt(discordgo.ApplicationCommandOptionString, "quiet_hours", "Server: no reminders in these hours of each player's time zone, e.g. 22-7, or off", "Server: keine Erinnerungen in diesen Stunden der Zeitzone jedes Spielers, z. B. 22-7, oder aus"),
					opt(discordgo.ApplicationCommandOptionBoolean, "thread_mode", "Open new tables in a thread", "Neue Tische in einem Thread eröffnen"),
					languageOption(), boardOption(),
					&discordgo.ApplicationCommandOption{
						Type: discordgo.ApplicationCommandOptionString, Name: "zone", Autocomplete: true,
						Description: "Your time zone, e.g. Europe/Berlin", DescriptionLocalizations: *de("Deine Zeitzone, z. B. Europe/Berlin"),
					},
					opt(discordgo.ApplicationCommandOptionString, "my_quiet_hours", "Your own quiet hours in your time zone, e.g. 23-8, off, or server", "Deine eigene Ruhezeit in deiner Zeitzone, z. B. 23-8, aus oder server"),
					opt(discordgo.ApplicationCommandOptionInteger, "turn_days", "Table: days for a decision before reminders count as missed (0: none)", "Tisch: Tage für eine Entscheidung, bevor Erinnerungen als verpasst zählen (0: keine)"),
					opt(discordgo.ApplicationCommandOptionInteger, "absent_after", "Table: missed reminders before the bot plays the seat (0: never)", "Tisch: verpasste Erinnerungen, bevor der Bot den Platz spielt (0: nie)"),
					vacationOption(),
				),
			},
		},
		{
			Name:                     "move",
			Description:              "Make a move",
			DescriptionLocalizations: de("Einen Zug machen"),
			Contexts:                 guildOnly,
			Options: []*discordgo.ApplicationCommandOption{{
				Type: discordgo.ApplicationCommandOptionString, Name: "action", Required: true, Autocomplete: true,
				Description: "The move (suggestions list your legal moves)", DescriptionLocalizations: *de("Der Zug (Vorschläge zeigen deine erlaubten Züge)"),
			}},
		},
		{
			Name:                     "hand",
			Description:              "Show your private view (only to you)",
			DescriptionLocalizations: de("Deine private Sicht zeigen (nur für dich)"),
			Contexts:                 guildOnly,
			Options: []*discordgo.ApplicationCommandOption{
				opt(discordgo.ApplicationCommandOptionBoolean, string(OptNewLink), "Void your earlier private page links and get a new one",
					"Deine bisherigen privaten Seitenlinks ungültig machen und einen neuen bekommen"),
			},
		},
		{
			Name:                     "roll",
			Description:              "Roll dice, e.g. 2d6+3 or 4d6kh3",
			DescriptionLocalizations: de("Würfeln, z. B. 2d6+3 oder 4d6kh3"),
			Options: []*discordgo.ApplicationCommandOption{
				req(opt(discordgo.ApplicationCommandOptionString, "dice", "Dice expression, or reveal <text> for a private roll", "Würfelausdruck, oder reveal <Text> für einen verdeckten Wurf")),
				opt(discordgo.ApplicationCommandOptionBoolean, "private", "Only you see the result; the channel sees a commitment", "Nur du siehst das Ergebnis; der Kanal sieht eine Festlegung"),
			},
		},
		{
			Name:                     "stats",
			Description:              "Tables played and won, answer times, ratings and leaderboards of this server",
			DescriptionLocalizations: de("Gespielte und gewonnene Tische, Antwortzeiten, Wertungen und Bestenlisten dieses Servers"),
			Contexts:                 guildOnly,
			Options: []*discordgo.ApplicationCommandOption{
				opt(discordgo.ApplicationCommandOptionUser, "user", "One player's figures", "Die Zahlen eines Spielers"),
				{
					Type: discordgo.ApplicationCommandOptionString, Name: "game", Choices: gameChoices,
					Description: "Only this game", DescriptionLocalizations: *de("Nur dieses Spiel"),
				},
			},
		},
		{
			Name:                     "card",
			Description:              "Show the whole text of a card, tile or piece",
			DescriptionLocalizations: de("Den ganzen Text einer Karte, eines Plättchens oder Teils zeigen"),
			Options: []*discordgo.ApplicationCommandOption{
				{
					Type: discordgo.ApplicationCommandOptionString, Name: "id", Required: true, Autocomplete: true,
					Description: "The id printed on the board, e.g. c12", DescriptionLocalizations: *de("Die Kennung auf dem Spielplan, z. B. c12"),
				},
				channelGame,
			},
		},
		{
			Name:                     "rules",
			Description:              "Rules help for the game in this channel",
			DescriptionLocalizations: de("Regelhilfe zum Spiel in diesem Kanal"),
			Options: []*discordgo.ApplicationCommandOption{
				{
					Type: discordgo.ApplicationCommandOptionString, Name: "topic", Autocomplete: true,
					Description: "The topic", DescriptionLocalizations: *de("Das Thema"),
				},
				channelGame,
			},
		},
		{
			Name:                     "premove",
			Description:              "Answer your next decision ahead, privately; played then if legal",
			DescriptionLocalizations: de("Deine nächste Entscheidung vorab beantworten, privat; dann gespielt, wenn erlaubt"),
			Contexts:                 guildOnly,
			Options: []*discordgo.ApplicationCommandOption{
				sub("set", "Queue the answer to your next decision", "Die Antwort auf deine nächste Entscheidung vormerken",
					&discordgo.ApplicationCommandOption{
						Type: discordgo.ApplicationCommandOptionString, Name: "action", Required: true, Autocomplete: true,
						Description:              "The move (suggestions: what you could do at your last decision)",
						DescriptionLocalizations: *de("Der Zug (Vorschläge: was du bei deiner letzten Entscheidung tun konntest)"),
					},
				),
				sub("cancel", "Take back your queued answer", "Deine vorgemerkte Antwort zurücknehmen"),
			},
		},
		{
			Name:                     "help",
			Description:              "List the commands, one line each",
			DescriptionLocalizations: de("Die Befehle auflisten, je eine Zeile"),
		},
	}
}

// de returns a German localization map.
func de(text string) *map[discordgo.Locale]string {
	return &map[discordgo.Locale]string{discordgo.German: text}
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
func sub(name, en, deText string, options ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{
		Type: discordgo.ApplicationCommandOptionSubCommand, Name: name,
		Description: en, DescriptionLocalizations: *de(deText), Options: options,
	}
}

// opt makes an optional option.
func opt(kind discordgo.ApplicationCommandOptionType, name, en, deText string) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: kind, Name: name, Description: en, DescriptionLocalizations: *de(deText)}
}

// req marks an option required.
func req(o *discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
	o.Required = true
	return o
}

// languageOption is the table language option of /game new and /game
// settings.
func languageOption() *discordgo.ApplicationCommandOption {
	o := opt(discordgo.ApplicationCommandOptionString, "language", "Language of the table's posts and boards (default: the server's)",
		"Sprache der Beiträge und Spielpläne des Tisches (Standard: die des Servers)")
	for _, l := range text.Langs() {
		o.Choices = append(o.Choices, &discordgo.ApplicationCommandOptionChoice{
			Name:              text.LangName(l, games.English),
			NameLocalizations: localized(func(in games.Lang) string { return text.LangName(l, in) }),
			Value:             string(l),
		})
	}
	return o
}

// sinceOption is the since option of /game log.
func sinceOption() *discordgo.ApplicationCommandOption {
	o := opt(discordgo.ApplicationCommandOptionString, "since", "Only what happened since your last move", "Nur, was seit deinem letzten Zug geschah")
	o.Choices = []*discordgo.ApplicationCommandOptionChoice{
		{Name: "my last move", NameLocalizations: map[discordgo.Locale]string{discordgo.German: "meinem letzten Zug"}, Value: "mine"},
	}
	return o
}

// vacationOption is the table's vacation setting of /game settings.
func vacationOption() *discordgo.ApplicationCommandOption {
	o := opt(discordgo.ApplicationCommandOptionString, "vacation", "Table: while a player is on vacation", "Tisch: während jemand im Urlaub ist")
	o.Choices = []*discordgo.ApplicationCommandOptionChoice{
		{Name: "the bot plays their seat", NameLocalizations: map[discordgo.Locale]string{discordgo.German: "spielt der Bot den Platz"}, Value: "bot"},
		{Name: "the table waits", NameLocalizations: map[discordgo.Locale]string{discordgo.German: "wartet der Tisch"}, Value: "wait"},
	}
	return o
}

// viewOption is the view option of /game board: one part of the board,
// drawn to be read on a phone (see boardPart).
func viewOption() *discordgo.ApplicationCommandOption {
	o := opt(discordgo.ApplicationCommandOptionString, string(OptView), "Only one part, sized for a phone",
		"Nur einen Teil, in Handygröße")
	choice := func(en, deName, value string) *discordgo.ApplicationCommandOptionChoice {
		return &discordgo.ApplicationCommandOptionChoice{Name: en, NameLocalizations: map[discordgo.Locale]string{discordgo.German: deName}, Value: value}
	}
	o.Choices = []*discordgo.ApplicationCommandOptionChoice{
		choice("mine (only to you)", "meins (nur für dich)", PartMine),
		choice("map", "Karte", PartMap),
		choice("market", "Markt", PartMarket),
		choice("scores", "Punkte", PartScores),
	}
	for seat := range games.Seat(6) {
		n := strconv.Itoa(int(seat) + 1)
		o.Choices = append(o.Choices, choice("seat "+n, "Platz "+n, SeatPart(seat)))
	}
	return o
}

// boardOption is the board option of /game new and /game settings.
func boardOption() *discordgo.ApplicationCommandOption {
	o := opt(discordgo.ApplicationCommandOptionString, "board", "When the board is posted (default: once per turn)",
		"Wann der Spielplan gepostet wird (Standard: einmal pro Zug)")
	o.Choices = []*discordgo.ApplicationCommandOptionChoice{
		{Name: "once per turn", NameLocalizations: map[discordgo.Locale]string{discordgo.German: "einmal pro Zug"}, Value: "turn"},
		{Name: "after every move", NameLocalizations: map[discordgo.Locale]string{discordgo.German: "nach jedem Zug"}, Value: "move"},
		{Name: "only on request", NameLocalizations: map[discordgo.Locale]string{discordgo.German: "nur auf Anfrage"}, Value: "off"},
	}
	return o
}

// OptionName is the name of a slash-command option, as registered by
// Commands.
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
// over (see Commands): name to value. Handlers read them through the
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
