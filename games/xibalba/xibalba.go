// Package xibalba is the rules engine of XIBALBA (Voodoo Games 2016): two to
// four mercenary captains fight over an ark full of paragon.
//
// The card, faction and rules-topic data are embedded from data/*.json (see
// data/FORMAT.md); LoadCardSet and UseCardSet swap in a group's own copy.
// Rulings on what the manual leaves open are in docs/rules/xibalba.md.
package xibalba

import (
	"strconv"
	"sync"

	"github.com/playbychat/pbc/games"
)

// Option keys.
const (
	OptTarget     = "target"
	OptApocalypse = "apocalypse"
	OptFactions   = "factions"
	OptBlock      = "block"
)

// Definition is the XIBALBA game as registered with package games.
var Definition = &games.Definition{
	ID:       "xibalba",
	Name:     games.T("XIBALBA", "XIBALBA"),
	MinSeats: 2,
	MaxSeats: 4,
	Options: []games.OptionSpec{
		{Key: OptTarget, Kind: games.IntOption, Min: 5, Max: table.MaxParagon,
			Name:    games.T("Paragon target", "Paragon-Ziel"),
			Help:    games.T("Paragon needed to win (manual: 2 players 30-40, 3 players 20-30, 4 players 10-20).", "Paragon zum Sieg (Anleitung: 2 Spieler 30-40, 3 Spieler 20-30, 4 Spieler 10-20)."),
			Default: func(seats int) string { return strconv.Itoa(table.TargetDefault[min(max(seats, 2), 4)]) }},
		{Key: OptApocalypse, Kind: games.BoolOption,
			Name:    games.T("Apocalypse mode", "Apokalypse-Modus"),
			Help:    games.T("One face-up card per deck at 1 less, no discarding from the display, ark life at most 10, bonus paragon from the ark.", "Eine offene Karte pro Stapel für 1 weniger, kein Ablegen aus der Auslage, Arche höchstens 10 Leben, Bonus-Paragon aus der Arche."),
			Default: func(int) string { return "false" }},
		{Key: OptFactions, Kind: games.ChoiceOption,
			Name: games.T("Factions", "Fraktionen"),
			Help: games.T("Draw factions at random (one per board) or let players choose in turn.", "Fraktionen zufällig ziehen (eine pro Tableau) oder reihum wählen."),
			Choices: []games.Choice{
				{Value: "random", Label: games.T("random", "zufällig")},
				{Value: "choose", Label: games.T("players choose", "Spieler wählen")},
			},
			Default: func(int) string { return "random" }},
		{Key: OptBlock, Kind: games.ChoiceOption,
			Name: games.T("Blocking", "Abblocken"),
			Help: games.T("Every player's standing block choice at the start; each player can change theirs with \"policy block=...\".", "Voreinstellung aller Spieler zum Abblocken; jeder kann seine mit \"policy block=...\" ändern."),
			Choices: []games.Choice{
				{Value: PolicyAsk, Label: games.T("ask each time", "jedes Mal fragen")},
				{Value: PolicySurvive, Label: games.T("block if the blocker survives", "abblocken, wenn der Soldat überlebt")},
				{Value: PolicyAlways, Label: games.T("always block", "immer abblocken")},
				{Value: PolicyNever, Label: games.T("never block", "nie abblocken")},
			},
			Default: func(int) string { return PolicyAsk }},
	},
	New:       newGame,
	Restore:   restore,
	DataFiles: dataFiles,
	LoadData:  loadData,
	Policy:    policy,
}

func init() {
	Definition.Rules = loadEmbedded()
	games.Register(Definition)
}

// game is a running XIBALBA game. Apply works on a copy.
type game struct {
	s  *state
	cs *CardSet
	// ev collects the events of the move being applied.
	ev []games.Event

	mu    sync.Mutex // mu protects legal
	legal map[games.Seat][]games.Move
}

var (
	_ games.Game      = (*game)(nil)
	_ games.Checker   = (*game)(nil)
	_ games.Defaulter = (*game)(nil)
)
