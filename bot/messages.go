package bot

import (
	"github.com/playbychat/pbc/bot/text"
	"github.com/playbychat/pbc/games"
)

// The ids of the messages of package bot; the catalogue and its files are
// package bot/text's.

// msg is the id of a message of the catalogue.
type msg = text.Msg

// tr returns m in lang, formatted with args (text.Tr).
func tr(lang games.Lang, m msg, args ...any) string { return text.Tr(lang, m, args...) }

// trn returns m in lang in the plural form that agrees with n, formatted
// with args (text.Trn).
func trn(lang games.Lang, m msg, n int, args ...any) string { return text.Trn(lang, m, n, args...) }

// textf is m in every language, formatted with args; seat placeholders in
// args stay for games.FormatSeats (text.Textf).
func textf(m msg, args ...any) games.Text { return text.Textf(m, args...) }

// localeLang is the bot's language for a Discord locale (text.FromLocale).
func localeLang(locale string) games.Lang { return text.FromLocale(locale) }

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
	msgStartedCommitment  msg = "StartedCommitment"
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
	msgMoveDone        msg = "MoveDone"
	msgToAct           msg = "ToAct"
	msgReady           msg = "Ready"
	msgChoosePrivately msg = "ChoosePrivately"
	msgMorePage        msg = "MorePage"
	msgHandHeader      msg = "HandHeader"
	msgDMBlocked       msg = "DMBlocked"
	msgReminder        msg = "Reminder"
	msgDefaultMove     msg = "DefaultMove"
)

// Settings.
const (
	msgSettings         msg = "Settings"
	msgSettingsSaved    msg = "SettingsSaved"
	msgTableSettings    msg = "TableSettings"
	msgSettingsApart    msg = "SettingsApart"
	msgBadLanguage      msg = "BadLanguage"
	msgBadBoard         msg = "BadBoard"
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
	msgRolled          msg = "Rolled"
	msgRolledPrivately msg = "RolledPrivately"
	msgPrivateRoll     msg = "PrivateRoll"
	msgRevealKnown     msg = "RevealKnown"
	msgRevealUnknown   msg = "RevealUnknown"
	msgUnknownCard     msg = "UnknownCard"
	msgNoCatalog       msg = "NoCatalog"
)

// Answers given ahead (premove.go).
const (
	msgPremoveYourTurn  msg = "PremoveYourTurn"
	msgPremoveUsage     msg = "PremoveUsage"
	msgPremoveQueued    msg = "PremoveQueued"
	msgPremoveNone      msg = "PremoveNone"
	msgPremoveCancelled msg = "PremoveCancelled"
	msgPremoveListed    msg = "PremoveListed"
	msgPremoveIllegal   msg = "PremoveIllegal"
	msgPremoveRevealed  msg = "PremoveRevealed"
	msgPremoveUndone    msg = "PremoveUndone"
)

// The private page links.
const (
	msgLinksVoided msg = "LinksVoided"
)

// Each player's private panel (panel.go).
const (
	msgPanelHeader   msg = "PanelHeader"
	msgPanelAct      msg = "PanelAct"
	msgPanelStanding msg = "PanelStanding"
	msgPanelQueued   msg = "PanelQueued"
	msgPanelPlayed   msg = "PanelPlayed"
	msgPanelDropped  msg = "PanelDropped"
	// The short reasons of msgPanelDropped (see dropReasons).
	msgPanelDroppedIllegal  msg = "PanelDroppedIllegal"
	msgPanelDroppedRevealed msg = "PanelDroppedRevealed"
	msgPanelDroppedUndone   msg = "PanelDroppedUndone"
	msgPanelEmpty           msg = "PanelEmpty"
	msgPanelContinued       msg = "PanelContinued"
	msgPanelMore            msg = "PanelMore"
	msgPanelOpen            msg = "PanelOpen"
)
