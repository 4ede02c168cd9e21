package bot

import (
	"embed"
	"fmt"
	"io/fs"

	"github.com/nicksnyder/go-i18n/v2/i18n"
	"go.yaml.in/yaml/v3"
	"golang.org/x/text/language"

	"github.com/playbychat/pbc/games"
)

// The message catalogue: every text the bot itself writes, in English and
// German, in locales/active.<lang>.yaml, read with go-i18n. A message keeps
// printf verbs that tr fills; one with plural forms (one, other) is chosen
// by the CLDR plural rules of its count (trn). TestCatalog checks that
// both files hold every message below and nothing else.

//go:embed locales/*.yaml
var localeFiles embed.FS

// localizers find the messages of each language.
var localizers = loadCatalog()

// loadCatalog reads the embedded message files; they are checked by the
// tests, so a failure is a bug of the build.
func loadCatalog() map[games.Lang]*i18n.Localizer {
	bundle := i18n.NewBundle(language.English)
	bundle.RegisterUnmarshalFunc("yaml", yaml.Unmarshal)
	files, err := fs.Glob(localeFiles, "locales/*.yaml")
	if err != nil || len(files) == 0 {
		panic(fmt.Sprintf("bot: no message files: %v", err))
	}
	for _, f := range files {
		if _, err := bundle.LoadMessageFileFS(localeFiles, f); err != nil {
			panic(fmt.Sprintf("bot: message file %s: %v", f, err))
		}
	}
	return map[games.Lang]*i18n.Localizer{
		games.English: i18n.NewLocalizer(bundle, string(games.English)),
		games.German:  i18n.NewLocalizer(bundle, string(games.German), string(games.English)),
	}
}

// msg is the id of a message of the catalogue.
type msg string

// localize returns message m in lang (English when lang has none), in the
// plural form for count when count is not nil.
func localize(lang games.Lang, m msg, count any) string {
	l, ok := localizers[lang]
	if !ok {
		l = localizers[games.English]
	}
	s, err := l.Localize(&i18n.LocalizeConfig{MessageID: string(m), PluralCount: count})
	if err != nil {
		// Every message is in the catalogue (TestCatalog): show the id
		// rather than nothing.
		return string(m)
	}
	return s
}

// tr returns m in lang, formatted with args.
func tr(lang games.Lang, m msg, args ...any) string {
	s := localize(lang, m, nil)
	if len(args) == 0 {
		return s
	}
	return fmt.Sprintf(s, args...)
}

// trn returns m in lang in the plural form that agrees with n, formatted
// with args.
func trn(lang games.Lang, m msg, n int, args ...any) string {
	s := localize(lang, m, n)
	if len(args) == 0 {
		return s
	}
	return fmt.Sprintf(s, args...)
}

// textf is m in every language, formatted with args; seat placeholders in
// args stay for games.FormatSeats.
func textf(m msg, args ...any) games.Text {
	return games.T(tr(games.English, m, args...), tr(games.German, m, args...))
}

// Errors and refusals.
const (
	msgUnknownMove        msg = "UnknownMove"
	msgSorry              msg = "Sorry"
	msgUnknownCommand     msg = "UnknownCommand"
	msgGuildOnly          msg = "GuildOnly"
	msgNoTable            msg = "NoTable"
	msgTableEnded         msg = "TableEnded"
	msgNotStarted         msg = "NotStarted"
	msgNotSeated          msg = "NotSeated"
	msgNoPanel            msg = "NoPanel"
	msgNoPanels           msg = "NoPanels"
	msgStale              msg = "Stale"
	msgDecisionChanged    msg = "DecisionChanged"
	msgNothingToChoose    msg = "NothingToChoose"
	msgCreatorOnly        msg = "CreatorOnly"
	msgManagerOnly        msg = "ManagerOnly"
	msgUnknownGame        msg = "UnknownGame"
	msgPlayersRange       msg = "PlayersRange"
	msgChannelBusy        msg = "ChannelBusy"
	msgAlreadyStarted     msg = "AlreadyStarted"
	msgAlreadySeated      msg = "AlreadySeated"
	msgTableFull          msg = "TableFull"
	msgCannotLeaveRunning msg = "CannotLeaveRunning"
	msgMoveUsage          msg = "MoveUsage"
	msgUndoNothing        msg = "UndoNothing"
	msgUndoNotYours       msg = "UndoNotYours"
	msgUndoReveal         msg = "UndoReveal"
	msgReplaceUsage       msg = "ReplaceUsage"
	msgReplaceSeated      msg = "ReplaceSeated"
	msgBadReminderHours   msg = "BadReminderHours"
	msgBadQuietHours      msg = "BadQuietHours"
	msgRevealUsage        msg = "RevealUsage"
	msgRulesWhichGame     msg = "RulesWhichGame"
)

// Table life cycle.
const (
	msgThreadName         msg = "ThreadName"
	msgOpened             msg = "Opened"
	msgPlayerCount        msg = "PlayerCount"
	msgPlayerRange        msg = "PlayerRange"
	msgOpenedThread       msg = "OpenedThread"
	msgJoined             msg = "Joined"
	msgLeft               msg = "Left"
	msgStartedAck         msg = "StartedAck"
	msgStarted            msg = "Started"
	msgAbandoned          msg = "Abandoned"
	msgBotsSeated         msg = "BotsSeated"
	msgBotSeats           msg = "BotSeats"
	msgBadBots            msg = "BadBots"
	msgNoPerson           msg = "NoPerson"
	msgWaitingFor         msg = "WaitingFor"
	msgAlreadyBot         msg = "AlreadyBot"
	msgReplaced           msg = "Replaced"
	msgUndoAck            msg = "UndoAck"
	msgUndone             msg = "Undone"
	msgExportHint         msg = "ExportHint"
	msgExportDone         msg = "ExportDone"
	msgExportRunning      msg = "ExportRunning"
	msgExportNeverStarted msg = "ExportNeverStarted"
	msgStatusHead         msg = "StatusHead"
	msgStatusOpen         msg = "StatusOpen"
	msgStatusRunning      msg = "StatusRunning"
	msgStatusFinished     msg = "StatusFinished"
	msgStatusAbandoned    msg = "StatusAbandoned"
	msgCommitment         msg = "Commitment"
	msgLogEmpty           msg = "LogEmpty"
)

// Play.
const (
	msgPlayed              msg = "Played"
	msgMoveDone            msg = "MoveDone"
	msgToAct               msg = "ToAct"
	msgReady               msg = "Ready"
	msgChoosePrivately     msg = "ChoosePrivately"
	msgMorePlaceholder     msg = "MorePlaceholder"
	msgMoreRange           msg = "MoreRange"
	msgNextPage            msg = "NextPage"
	msgMorePage            msg = "MorePage"
	msgSettingsPlaceholder msg = "SettingsPlaceholder"
	msgHandHeader          msg = "HandHeader"
	msgDMBlocked           msg = "DMBlocked"
	msgReminder            msg = "Reminder"
	msgDefaultMove         msg = "DefaultMove"
)

// Settings.
const (
	msgSettings         msg = "Settings"
	msgSettingsSaved    msg = "SettingsSaved"
	msgTableSettings    msg = "TableSettings"
	msgSettingsApart    msg = "SettingsApart"
	msgBadLanguage      msg = "BadLanguage"
	msgBadBoard         msg = "BadBoard"
	msgEnglish          msg = "English"
	msgGerman           msg = "German"
	msgBoardTurn        msg = "BoardTurn"
	msgBoardMove        msg = "BoardMove"
	msgBoardOff         msg = "BoardOff"
	msgTableReminderSet msg = "TableReminderSet"
	msgNone             msg = "None"
	msgOn               msg = "On"
	msgOff              msg = "Off"
)

// Dice and rules.
const (
	msgDiceTooLong     msg = "DiceTooLong"
	msgDiceEmpty       msg = "DiceEmpty"
	msgDiceUnexpected  msg = "DiceUnexpected"
	msgDiceTerms       msg = "DiceTerms"
	msgDiceCount       msg = "DiceCount"
	msgDiceMissingTerm msg = "DiceMissingTerm"
	msgDiceSides       msg = "DiceSides"
	msgDiceNone        msg = "DiceNone"
	msgDiceKeepSyntax  msg = "DiceKeepSyntax"
	msgDiceKeepRange   msg = "DiceKeepRange"
	msgDiceNotNumber   msg = "DiceNotNumber"
	msgDiceTooLarge    msg = "DiceTooLarge"
	msgRolled          msg = "Rolled"
	msgRolledPrivately msg = "RolledPrivately"
	msgPrivateRoll     msg = "PrivateRoll"
	msgRevealKnown     msg = "RevealKnown"
	msgRevealUnknown   msg = "RevealUnknown"
	msgUnknownCard     msg = "UnknownCard"
	msgNoCatalog       msg = "NoCatalog"
	msgRulesTopics     msg = "RulesTopics"
	msgUnknownTopic    msg = "UnknownTopic"
	msgHelpHeader      msg = "HelpHeader"
)

// Answers given ahead (premove.go).
const (
	msgPremoveYourTurn  msg = "PremoveYourTurn"
	msgPremoveUsage     msg = "PremoveUsage"
	msgPremoveQueued    msg = "PremoveQueued"
	msgPremoveNone      msg = "PremoveNone"
	msgPremoveCancelled msg = "PremoveCancelled"
	msgPremoveListed    msg = "PremoveListed"
	msgPremovePlayed    msg = "PremovePlayed"
	msgPremoveIllegal   msg = "PremoveIllegal"
	msgPremoveRevealed  msg = "PremoveRevealed"
	msgPremoveUndone    msg = "PremoveUndone"
)

// The private page links.
const (
	msgLinksVoided msg = "LinksVoided"
)
