package bot

import (
	"fmt"

	"github.com/playbychat/pbc/games"
)

// The message catalog: every text the bot itself writes, in English and
// German. Texts with %-verbs are filled in by tr.

// textf fills m's verbs with args in every language; seat placeholders
// in args stay for games.FormatSeats.
func textf(m games.Text, args ...any) games.Text {
	return games.T(fmt.Sprintf(m.EN, args...), fmt.Sprintf(m.DE, args...))
}

// tr returns m in lang, formatted with args.
func tr(lang games.Lang, m games.Text, args ...any) string {
	if len(args) == 0 {
		return m.In(lang)
	}
	return fmt.Sprintf(m.In(lang), args...)
}

// Errors and refusals.
var (
	msgSorry = games.T("Sorry, something went wrong on my side. Please try again in a moment.",
		"Entschuldigung, bei mir ist etwas schiefgegangen. Bitte versuch es gleich noch einmal.")
	msgUnknownCommand = games.T("I do not know the command %q.", "Den Befehl %q kenne ich nicht.")
	msgGuildOnly      = games.T("Games are played in server channels, not in direct messages.",
		"Gespielt wird in Server-Kanälen, nicht in Direktnachrichten.")
	msgNoTable = games.T("There is no game in this channel. Open one with /game new.",
		"In diesem Kanal gibt es kein Spiel. Eröffne eins mit /game new.")
	msgTableEnded = games.T("The game in this channel has ended (%s). Get its record with /game export table:%d; open a new one with /game new.",
		"Das Spiel in diesem Kanal ist zu Ende (%s). Seinen Verlauf gibt es mit /game export table:%d; ein neues eröffnest du mit /game new.")
	msgNotStarted = games.T("The game here has not started yet.", "Das Spiel hier hat noch nicht begonnen.")
	msgNotSeated  = games.T("You are not playing at this table.", "Du spielst an diesem Tisch nicht mit.")
	msgStale      = games.T("That choice is no longer available. Use /game board or the “Choose privately” button for the current choices.",
		"Diese Auswahl gibt es nicht mehr. Nutze /game board oder den Knopf „Privat wählen“ für die aktuellen Möglichkeiten.")
	msgNothingToChoose = games.T("You have nothing to choose right now.", "Du hast gerade nichts zu wählen.")
	msgCreatorOnly     = games.T("Only the table's creator or a server manager may do that.",
		"Das dürfen nur der Ersteller des Tisches oder Server-Verwalter.")
	msgManagerOnly = games.T("Only a server manager may change these settings (a table's creator may set its reminder_hours).",
		"Nur Server-Verwalter dürfen diese Einstellungen ändern (wer einen Tisch eröffnet hat, darf dessen reminder_hours setzen).")
	msgUnknownGame        = games.T("I do not know the game %q.", "Das Spiel %q kenne ich nicht.")
	msgPlayersRange       = games.T("%s is for %d to %d players.", "%s ist für %d bis %d Spieler.")
	msgChannelBusy        = games.T("This channel already has a game. Finish or abandon it first.", "In diesem Kanal läuft schon ein Spiel. Beende es zuerst oder brich es ab.")
	msgAlreadyStarted     = games.T("The game has already started.", "Das Spiel hat schon begonnen.")
	msgAlreadySeated      = games.T("You already have a seat at this table.", "Du sitzt schon an diesem Tisch.")
	msgTableFull          = games.T("The table is full.", "Der Tisch ist voll.")
	msgCannotLeaveRunning = games.T("You cannot leave a running game; the creator can give your seat to someone else with /game replace.",
		"Ein laufendes Spiel kannst du nicht verlassen; der Ersteller kann deinen Platz mit /game replace weitergeben.")
	msgMoveUsage    = games.T("Tell me the move, e.g. /move action:roll.", "Nenne den Zug, z. B. /move action:roll.")
	msgUndoNothing  = games.T("There is no move to take back.", "Es gibt keinen Zug zum Zurücknehmen.")
	msgUndoNotYours = games.T("Only the player who made the last move may take it back, and only before anyone else acts.",
		"Nur wer den letzten Zug gemacht hat, darf ihn zurücknehmen, und nur bevor jemand anderes handelt.")
	msgUndoReveal = games.T("The last move revealed hidden information or a random result; it cannot be taken back.",
		"Der letzte Zug hat Verborgenes oder ein Zufallsergebnis aufgedeckt; er kann nicht zurückgenommen werden.")
	msgReplaceUsage = games.T("Name the new player (user) and the seat number (seat) or the player they replace (player).",
		"Nenne den neuen Spieler (user) und die Platznummer (seat) oder den Spieler, den er ersetzt (player).")
	msgReplaceSeated    = games.T("That user already has a seat at this table.", "Dieser Nutzer sitzt schon an diesem Tisch.")
	msgBadReminderHours = games.T("reminder_hours takes a whole number from 1 to %d.", "reminder_hours nimmt eine ganze Zahl von 1 bis %d.")
	msgBadQuietHours    = games.T("quiet_hours takes two UTC hours like 22-7, or off.", "quiet_hours nimmt zwei UTC-Stunden wie 22-7, oder aus.")
	msgRevealUsage      = games.T("Paste the exact text from my private message: /roll dice:reveal <text>.",
		"Füge den genauen Text aus meiner Direktnachricht ein: /roll dice:reveal <Text>.")
	msgRulesWhichGame = games.T("Which game? Give game: or use /rules in a channel with a game.",
		"Welches Spiel? Gib game: an oder nutze /rules in einem Kanal mit Spiel.")
)

// Table life cycle.
var (
	msgThreadName = games.T("%s with %s", "%s mit %s")
	msgOpened     = games.T("%s opened a table for **%s** (%d–%d players). Join with /game join; the creator starts with /game start.\nDice commitment: `%s`",
		"%s hat einen Tisch für **%s** eröffnet (%d–%d Spieler). Mitmachen mit /game join; der Ersteller startet mit /game start.\nWürfel-Festlegung: `%s`")
	msgOpenedThread = games.T("A table for **%s** is open in %s.", "Ein Tisch für **%s** ist in %s eröffnet.")
	msgJoined       = games.T("%s joined (%d seated).", "%s macht mit (%d am Tisch).")
	msgLeft         = games.T("%s left the table.", "%s hat den Tisch verlassen.")
	msgStartedAck   = games.T("The game is on.", "Das Spiel läuft.")
	msgStarted      = games.T("**%s** begins. Players: %s.\nDice commitment: `%s` (the secret is revealed by /game export at the end).",
		"**%s** beginnt. Spieler: %s.\nWürfel-Festlegung: `%s` (das Geheimnis zeigt /game export am Ende).")
	msgAbandoned  = games.T("%s abandoned the game. /game export gives its record.", "%s hat das Spiel abgebrochen. /game export liefert den Verlauf.")
	msgBotsSeated = games.T("The bot plays %s; it sees only what a player there would.",
		"Der Bot spielt %s; er sieht nur, was ein Spieler dort sähe.")
	msgBotSeats   = games.T("%d seat", "%d Platz")
	msgBotSeatsPl = games.T("%d seats", "%d Plätze")
	msgBadBots    = games.T("bots takes a whole number from 0 to %d: at least one seat stays for a person.",
		"bots nimmt eine ganze Zahl von 0 bis %d: mindestens ein Platz bleibt für einen Menschen.")
	msgAlreadyBot = games.T("The bot already plays that seat.", "Diesen Platz spielt schon der Bot.")
	msgReplaced   = games.T("%s's seat (%[3]d) goes to %[2]s.", "Platz %[3]d von %[1]s übernimmt %[2]s.")
	msgUndoAck    = games.T("Your move was taken back.", "Dein Zug wurde zurückgenommen.")
	msgUndone     = games.T("%s took back their last move.", "%s hat den letzten Zug zurückgenommen.")
	msgExportHint = games.T("Get the record and the dice secret with /game export table:%d.",
		"Verlauf und Würfel-Geheimnis gibt es mit /game export table:%d.")
	msgExportDone    = games.T("The game's record, with the dice secret; check it with pbc verify.", "Der Spielverlauf mit dem Würfel-Geheimnis; prüfbar mit pbc verify.")
	msgExportRunning = games.T("The record so far (without the dice secret, which stays hidden until the game ends).",
		"Der bisherige Verlauf (ohne das Würfel-Geheimnis, das bis zum Spielende verborgen bleibt).")
	msgStatusHead      = games.T("**%s** — %s", "**%s** — %s")
	msgStatusOpen      = games.T("open for players", "offen für Mitspieler")
	msgStatusRunning   = games.T("running", "läuft")
	msgStatusFinished  = games.T("finished", "beendet")
	msgStatusAbandoned = games.T("abandoned", "abgebrochen")
	msgCommitment      = games.T("Dice commitment: `%s`", "Würfel-Festlegung: `%s`")
	msgLogEmpty        = games.T("No moves yet.", "Noch keine Züge.")
)

// Play.
var (
	msgPlayed              = games.T("%s moved.", "%s ist gezogen.")
	msgMoveDone            = games.T("Done.", "Erledigt.")
	msgToAct               = games.T("Now: %s", "Jetzt: %s")
	msgReady               = games.T("%d of %d ready.", "%d von %d bereit.")
	msgChoosePrivately     = games.T("Choose privately", "Privat wählen")
	msgMorePlaceholder     = games.T("More moves…", "Weitere Züge…")
	msgSettingsPlaceholder = games.T("Standing choices…", "Dauerhafte Einstellungen…")
	msgHandHeader          = games.T("Your view of **%s** in %s:", "Deine Sicht auf **%s** in %s:")
	msgDMBlocked           = games.T("%s, I cannot send you direct messages — use /hand to see your cards.",
		"%s, ich kann dir keine Direktnachrichten schicken — nutze /hand für deine Karten.")
	msgReminder    = games.T("Reminder: %s, it is your move in **%s**.", "Erinnerung: %s, du bist in **%s** am Zug.")
	msgDefaultMove = games.T("Time is up for %s: the default move was made.", "Die Zeit für %s ist abgelaufen: der Standardzug wurde gemacht.")
)

// Settings.
var (
	msgSettings = games.T("Reminders every %d h; quiet hours: %s; new tables in a thread: %s.",
		"Erinnerungen alle %d h; Ruhezeit: %s; neue Tische in einem Thread: %s.")
	msgSettingsSaved = games.T("Settings saved.", "Einstellungen gespeichert.")
	msgTableSettings = games.T("This table: language %s; board %s.", "Dieser Tisch: Sprache %s; Spielplan %s.")
	msgSettingsApart = games.T("Set the table's language and board apart from the server's settings.",
		"Sprache und Spielplan des Tisches bitte getrennt von den Server-Einstellungen setzen.")
	msgBadLanguage      = games.T("language takes en or de.", "language nimmt en oder de.")
	msgBadBoard         = games.T("board takes turn, move or off.", "board nimmt turn, move oder off.")
	msgEnglish          = games.T("English", "Englisch")
	msgGerman           = games.T("German", "Deutsch")
	msgBoardTurn        = games.T("once per turn (the turn in progress is edited in place)", "einmal pro Zug (der laufende Zug wird an Ort und Stelle bearbeitet)")
	msgBoardMove        = games.T("after every move", "nach jedem Zug")
	msgBoardOff         = games.T("only on request (/game board)", "nur auf Anfrage (/game board)")
	msgTableReminderSet = games.T("Reminders for this table every %d h.", "Erinnerungen für diesen Tisch alle %d h.")
	msgNone             = games.T("none", "keine")
	msgOn               = games.T("on", "an")
	msgOff              = games.T("off", "aus")
)

// Dice and rules.
var (
	msgDiceTooLong     = games.T("The expression is too long.", "Der Ausdruck ist zu lang.")
	msgDiceEmpty       = games.T("Give dice to roll, e.g. 2d6+3.", "Gib Würfel an, z. B. 2d6+3.")
	msgDiceUnexpected  = games.T("Unexpected %q.", "Unerwartet: %q.")
	msgDiceTerms       = games.T("At most %d terms.", "Höchstens %d Glieder.")
	msgDiceCount       = games.T("At most %d dice per roll.", "Höchstens %d Würfel pro Wurf.")
	msgDiceMissingTerm = games.T("A term is missing.", "Ein Glied fehlt.")
	msgDiceSides       = games.T("A die needs at least 2 sides.", "Ein Würfel braucht mindestens 2 Seiten.")
	msgDiceNone        = games.T("Roll at least one die.", "Wirf mindestens einen Würfel.")
	msgDiceKeepSyntax  = games.T("Use kh or kl to keep dice, e.g. 4d6kh3.", "Nutze kh oder kl zum Behalten, z. B. 4d6kh3.")
	msgDiceKeepRange   = games.T("You can keep 1 to %d dice.", "Du kannst 1 bis %d Würfel behalten.")
	msgDiceNotNumber   = games.T("%q is not a number.", "%q ist keine Zahl.")
	msgDiceTooLarge    = games.T("%s is larger than %d.", "%s ist größer als %d.")
	msgRolled          = games.T("%s rolled %s", "%s würfelt %s")
	msgRolledPrivately = games.T("%s rolled %s privately — commitment `%s`", "%s würfelt %s verdeckt — Festlegung `%s`")
	msgPrivateRoll     = games.T("Your private roll: %s\nTo reveal it later, use exactly:\n```\n/roll dice:reveal %s\n```",
		"Dein verdeckter Wurf: %s\nZum späteren Aufdecken genau so eingeben:\n```\n/roll dice:reveal %s\n```")
	msgRevealKnown = games.T("%s reveals a private roll: %s (commitment `%s`, which I issued).",
		"%s deckt einen verdeckten Wurf auf: %s (Festlegung `%s`, von mir ausgegeben).")
	msgRevealUnknown = games.T("%s reveals a private roll: %s (commitment `%s`; I have no record of it since my last restart — compare it with the earlier post).",
		"%s deckt einen verdeckten Wurf auf: %s (Festlegung `%s`; seit meinem letzten Neustart kenne ich sie nicht — vergleiche mit dem früheren Beitrag).")
	msgRulesTopics = games.T("Rules topics of **%s** (use /rules topic:<key>):", "Regelthemen von **%s** (nutze /rules topic:<Schlüssel>):")
)
