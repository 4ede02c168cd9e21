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
	Name:     msgs.Text("GameName"),
	MinSeats: 2,
	MaxSeats: 4,
	Options: []games.OptionSpec{
		{Key: OptTarget, Kind: games.IntOption, Min: 5, Max: table.MaxParagon,
			Name:    msgs.Text("OptTargetName"),
			Help:    msgs.Text("OptTargetHelp"),
			Default: func(seats int) string { return strconv.Itoa(table.TargetDefault[min(max(seats, 2), 4)]) }},
		{Key: OptApocalypse, Kind: games.BoolOption,
			Name:    msgs.Text("OptApocalypseName"),
			Help:    msgs.Text("OptApocalypseHelp"),
			Default: func(int) string { return "false" }},
		{Key: OptFactions, Kind: games.ChoiceOption,
			Name: msgs.Text("OptFactionsName"),
			Help: msgs.Text("OptFactionsHelp"),
			Choices: []games.Choice{
				{Value: "random", Label: msgs.Text("FactionsRandom")},
				{Value: "choose", Label: msgs.Text("FactionsChoose")},
			},
			Default: func(int) string { return "random" }},
		{Key: OptBlock, Kind: games.ChoiceOption,
			Name: msgs.Text("OptBlockName"),
			Help: msgs.Text("OptBlockHelp"),
			Choices: []games.Choice{
				{Value: PolicyAsk, Label: msgs.Text("BlockAsk")},
				{Value: PolicySurvive, Label: msgs.Text("BlockSurvive")},
				{Value: PolicyAlways, Label: msgs.Text("BlockAlways")},
				{Value: PolicyNever, Label: msgs.Text("BlockNever")},
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
	// opening holds the setup's events in a game just made (see Opening).
	opening []games.Event

	mu    sync.Mutex // mu protects legal
	legal map[games.Seat][]games.Move
}

var (
	_ games.Game      = (*game)(nil)
	_ games.Checker   = (*game)(nil)
	_ games.Defaulter = (*game)(nil)
	_ games.Opener    = (*game)(nil)
)
