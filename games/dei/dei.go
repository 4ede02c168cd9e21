// Package dei is the rules engine of D.E.I. Divide et Impera (Ludus Magnus
// 2020), an area-majority game for 2 to 4 players: scrapper factions of a
// frozen London collect tech and energy on a modular map of districts,
// seize outposts, buy market cards and fulfil Purebred missions in four
// rounds of three action phases.
//
// The content (cards, missions, feats, candy, the sixteen districts and the
// quick layouts) is original, loaded from embedded JSON (data/cards.json,
// data/map.json, format in data/FORMAT.md); LoadContent and UseContent swap
// in a group's own copy.
package dei

import (
	"log/slog"
	"sync"

	"github.com/playbychat/pbc/games"
)

// The option keys.
const (
	OptFactions      = "factions"
	OptMap           = "map"
	OptOutposts      = "outposts"
	OptNoChoice      = "nochoice"
	OptDraft         = "draft"
	OptPlanning      = "planning"
	OptConfrontation = "confrontation"
	OptRebellion     = "rebellion"
)

func boolOption(key string, name, help games.Text) games.OptionSpec {
	return games.OptionSpec{Key: key, Name: name, Help: help, Kind: games.BoolOption,
		Default: func(int) string { return "false" }}
}

// Definition is the D.E.I. entry of the game registry.
var Definition = &games.Definition{
	ID:       "dei",
	Name:     games.T("D.E.I. Divide et Impera", "D.E.I. Divide et Impera"),
	MinSeats: 2,
	MaxSeats: 4,
	Options: []games.OptionSpec{
		{Key: OptFactions, Name: msgs.Text("OptFactions"),
			Help: msgs.Text("OptFactionsHelp"),
			Kind: games.ChoiceOption, Default: func(int) string { return "choose" },
			Choices: []games.Choice{{Value: "choose", Label: msgs.Text("ChoiceChoose")}, {Value: "random", Label: msgs.Text("ChoiceRandom")}}},
		{Key: OptMap, Name: msgs.Text("OptMap"),
			Help: msgs.Text("OptMapHelp"),
			Kind: games.ChoiceOption, Default: func(int) string { return "quick" },
			Choices: []games.Choice{{Value: "quick", Label: msgs.Text("ChoiceQuick")}, {Value: "random", Label: msgs.Text("ChoiceRandom")}}},
		{Key: OptOutposts, Name: msgs.Text("OptOutposts"),
			Help: msgs.Text("OptOutpostsHelp"),
			Kind: games.ChoiceOption, Default: func(int) string { return "quick" },
			Choices: []games.Choice{{Value: "quick", Label: msgs.Text("ChoiceQuick")}, {Value: "random", Label: msgs.Text("ChoiceRandom")}}},
		boolOption(OptNoChoice, msgs.Text("OptNoChoice"),
			msgs.Text("OptNoChoiceHelp")),
		boolOption(OptDraft, msgs.Text("OptDraft"),
			msgs.Text("OptDraftHelp")),
		boolOption(OptPlanning, msgs.Text("OptPlanning"),
			msgs.Text("OptPlanningHelp")),
		boolOption(OptConfrontation, msgs.Text("OptConfrontation"),
			msgs.Text("OptConfrontationHelp")),
		boolOption(OptRebellion, msgs.Text("OptRebellion"),
			msgs.Text("OptRebellionHelp")),
	},
	New:       newGame,
	Restore:   restore,
	DataFiles: dataFiles,
	LoadData:  loadData,
	Policy:    policy,
}

func init() {
	if c, err := EmbeddedContent(); err != nil {
		slog.Error("dei: embedded content invalid", "err", err)
		contents.Fail(err)
	} else {
		UseContent(c)
	}
	topics, err := loadTopics()
	if err != nil {
		slog.Error("dei: embedded rules topics invalid", "err", err)
	}
	Definition.Rules = topics
	games.Register(Definition)
}

// Game is a running game of D.E.I. It is immutable: Apply returns a new
// Game.
type Game struct {
	c *Content
	b *Board
	s *state
	// moves caches each seat's legal moves, so that a state's moves are
	// listed once however often the platform, the policy and Explain ask.
	// Nil while a move is being applied.
	moves *moveCache
}

// moveCache holds the legal moves of a game's seats once computed.
type moveCache struct {
	mu     sync.Mutex // mu protects the fields below
	by     map[int][]mv
	listed map[int][]games.Move // LegalMoves' answers
}

// game wraps a state that no longer changes.
func (c *Content) game(b *Board, s *state) *Game {
	return &Game{c: c, b: b, s: s, moves: &moveCache{by: map[int][]mv{}, listed: map[int][]games.Move{}}}
}

var (
	_ games.Game    = (*Game)(nil)
	_ games.Checker = (*Game)(nil)
	_ games.Picker  = (*Game)(nil)
	_ games.Catalog = (*Game)(nil)
)

// Seats implements games.Game.
func (g *Game) Seats() int { return g.s.Seats }

// Board returns the game's map.
func (g *Game) Board() *Board { return g.b }
