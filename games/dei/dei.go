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
		{Key: OptFactions, Name: games.T("Factions", "Fraktionen"),
			Help: games.T("Players choose their factions in turn from the start player (manual), or get them at random.",
				"Die Spieler wählen ihre Fraktionen reihum ab dem Startspieler (Regelheft) oder bekommen sie zufällig."),
			Kind: games.ChoiceOption, Default: func(int) string { return "choose" },
			Choices: []games.Choice{{Value: "choose", Label: games.T("choose", "wählen")}, {Value: "random", Label: games.T("random", "zufällig")}}},
		{Key: OptMap, Name: games.T("Map", "Spielplan"),
			Help: games.T("The quick-setup layout for the table size, or the same districts shuffled and turned at random (the two start districts never touch).",
				"Der Schnellaufbau für die Spielerzahl oder dieselben Bezirke zufällig gemischt und gedreht (die beiden Startbezirke liegen nie aneinander)."),
			Kind: games.ChoiceOption, Default: func(int) string { return "quick" },
			Choices: []games.Choice{{Value: "quick", Label: games.T("quick setup", "Schnellaufbau")}, {Value: "random", Label: games.T("random", "zufällig")}}},
		{Key: OptOutposts, Name: games.T("Outposts", "Außenposten"),
			Help: games.T("Quick setup puts red outposts on A, blue on B, green on C; random pairs letters and colours at random.",
				"Schnellaufbau legt rote Außenposten auf A, blaue auf B, grüne auf C; zufällig ordnet Buchstaben und Farben zufällig zu."),
			Kind: games.ChoiceOption, Default: func(int) string { return "quick" },
			Choices: []games.Choice{{Value: "quick", Label: games.T("quick setup", "Schnellaufbau")}, {Value: "random", Label: games.T("random", "zufällig")}}},
		boolOption(OptNoChoice, games.T("Option 1: no choice", "Option 1: Keine Wahl"),
			games.T("Only 4 missions, one per round.", "Nur 4 Aufträge, einer pro Runde.")),
		boolOption(OptDraft, games.T("Option 2: feat draft", "Option 2: Abzeichen-Draft"),
			games.T("Feats are drafted instead of dealt.", "Abzeichen werden gedraftet statt zufällig verteilt.")),
		boolOption(OptPlanning, games.T("Option 3: planning", "Option 3: Planung"),
			games.T("Hands are hidden; everyone plans two cards at the start of each action phase.",
				"Handkarten sind verdeckt; alle planen zu Beginn jeder Aktionsphase gleichzeitig zwei Karten.")),
		boolOption(OptConfrontation, games.T("Option 4: confrontation", "Option 4: Konfrontation"),
			games.T("Missions (and the final scoring) only after everyone's third action phase, in turn order.",
				"Aufträge (und die Schlusswertung) erst nach der 3. Aktionsphase aller, in Spielerreihenfolge.")),
		boolOption(OptRebellion, games.T("Option 5: rebellion", "Option 5: Rebellion"),
			games.T("Taking a mission at the end of your third phase is optional.",
				"Einen Auftrag am Ende der 3. Phase zu erfüllen ist freiwillig.")),
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
