// Package xenoshyft is the rules engine of Xenoshyft: Onslaught, a
// cooperative deck-building game for 1 to 4 players: the NorTec divisions
// defend their base for nine rounds against three waves of the swarm.
//
// The content (troops, enemies, items, divisions) is an original card set
// loaded from embedded JSON (data/cards.json, format in data/FORMAT.md); a
// group may load another set with LoadCardSet and UseCardSet.
package xenoshyft

import (
	"encoding/json"
	"fmt"

	"github.com/playbychat/pbc/games"
)

// Definition is the Xenoshyft entry of the game registry.
var Definition = &games.Definition{
	ID:          "xenoshyft",
	Name:        msgs.Text("GameName"),
	MinSeats:    1,
	MaxSeats:    4,
	Cooperative: true,
	Options: []games.OptionSpec{
		{
			Key:     "divisions",
			Name:    msgs.Text("OptionDivisions"),
			Help:    msgs.Text("OptionDivisionsHelp"),
			Kind:    games.ChoiceOption,
			Default: func(int) string { return "random" },
			Choices: []games.Choice{
				{Value: "random", Label: msgs.Text("ChoiceRandom")},
				{Value: "choose", Label: msgs.Text("ChoiceChoose")},
			},
		},
	},
	New:       newGame,
	Restore:   restore,
	DataFiles: dataFiles,
	LoadData:  loadData,
	Policy:    policy,
}

func init() {
	var topics []games.Topic
	if err := json.Unmarshal(rulesJSON, &topics); err != nil {
		panic(fmt.Sprintf("xenoshyft: embedded rules: %v", err))
	}
	Definition.Rules = topics
	UseCardSet(DefaultCardSet())
	games.Register(Definition)
}

// Game is a running game of Xenoshyft. It is immutable: Apply returns a
// new Game.
type Game struct {
	cs *CardSet
	s  *state
}

var (
	_ games.Game      = (*Game)(nil)
	_ games.Defaulter = (*Game)(nil)
	_ games.Checker   = (*Game)(nil)
	_ games.Explainer = (*Game)(nil)
)
