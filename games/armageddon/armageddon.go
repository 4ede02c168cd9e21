// Package armageddon is the rules engine of Armageddon (Queen Games 2016)
// for 3 and 4 players: over six rounds the survivors of a catastrophe bid
// openly with the survivors behind their screens for equipment, buildings
// and actions in their city, and fend off the plunderers.
//
// The content (buildings, equipment, tiles, the board's numbers) is an
// original set loaded from embedded JSON (data/content.json, format in
// data/FORMAT.md); a group may load another with LoadCardSet and
// UseCardSet. The rulings are in docs/rules/armageddon.md.
package armageddon

import (
	"fmt"
	"slices"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/internal/eventlog"
)

// ID is the game's registry id.
const ID = "armageddon"

// Definition is the Armageddon entry of the game registry.
var Definition = &games.Definition{
	ID:       ID,
	Name:     msgs.Text("GameName"),
	MinSeats: 3,
	MaxSeats: 4,
	Options: []games.OptionSpec{{
		Key:     "screens",
		Name:    msgs.Text("ScreensOption"),
		Help:    msgs.Text("ScreensHelp"),
		Kind:    games.ChoiceOption,
		Default: func(int) string { return "closed" },
		Choices: []games.Choice{
			{Value: "closed", Label: msgs.Text("ScreensClosed")},
			{Value: "open", Label: msgs.Text("ScreensOpen")},
		},
	}},
	New:       newGame,
	Restore:   restore,
	DataFiles: dataFiles,
	LoadData:  loadData,
	Policy:    policy,
}

func init() {
	topics, err := LoadTopics(topicsJSON)
	if err != nil {
		panic(fmt.Sprintf("armageddon: embedded topics: %v", err))
	}
	Definition.Rules = topics
	UseCardSet(DefaultCardSet())
	games.Register(Definition)
}

// Game is a running game of Armageddon. It is immutable: Apply returns a
// new Game.
type Game struct {
	cs *CardSet
	s  *state
}

var (
	_ games.Game      = (*Game)(nil)
	_ games.Defaulter = (*Game)(nil)
	_ games.Checker   = (*Game)(nil)
	_ games.Picker    = (*Game)(nil)
	_ games.Catalog   = (*Game)(nil)
)

// Seats implements games.Game.
func (g *Game) Seats() int { return g.s.Seats }

// MarshalState implements games.Game.
func (g *Game) MarshalState() ([]byte, error) { return marshal(g.cs, g.s) }

// eventLog collects the events of one move (see eventlog for the reveal
// rule). While muted, public events are left out (a summary line stands
// for them); a reveal among them is carried by the next public event.
type eventLog struct {
	eventlog.Log
	muted  bool
	reveal bool
}

// add logs a public event; reveal marks one that turns up something
// hidden (see eventlog.Log.Reveal).
func (l *eventLog) add(ln line, reveal bool) {
	if l.muted {
		l.reveal = l.reveal || reveal
		return
	}
	if reveal || l.reveal {
		l.Reveal(ln.text, ln.seats...)
	} else {
		l.Add(ln.text, ln.seats...)
	}
	l.reveal = false
}

// summarize runs step, which happens to every seat at once, with the
// detailed public events muted and logs what it changed of each seat's
// score, tracks and leader in one line per seat, headed by why.
func (g *Game) summarize(log *eventLog, why games.Text, step func()) {
	before := slices.Clone(g.s.Players)
	log.muted = true
	step()
	log.muted = false
	g.restack(before)
	for _, seat := range g.fromStart() {
		if what, ok := g.changes(seat, before[seat]); ok {
			log.add(about(msgs.Text("SummaryLine", who(seat), why, what), seat), false)
		}
	}
}

// restack orders the score markers that moved in a step for every seat at
// once as they lay before it: they land on top of the markers that stayed,
// and of two that moved the one that lay higher lies higher again, so that
// the random stack of the setup (and every later one) still decides a tie
// for the start player, never the order in which the step took the seats.
func (g *Game) restack(before []player) {
	var moved []int
	for seat, p := range g.s.Players {
		if p.Arrival != before[seat].Arrival {
			moved = append(moved, seat)
		}
	}
	slices.SortFunc(moved, func(a, b int) int { return before[a].Arrival - before[b].Arrival })
	for _, seat := range moved {
		g.s.Clock++
		g.s.Players[seat].Arrival = g.s.Clock
	}
}

// private logs an event only seat may see: its own choice repeated to it.
func (l *eventLog) private(seat int, ln line) {
	l.Note(games.Seat(seat), ln.text, ln.seats...)
}

// show logs what seat alone sees of something hidden: the cards it draws,
// the cards of the deck.
func (l *eventLog) show(seat int, ln line) {
	l.Show(games.Seat(seat), ln.text, ln.seats...)
}
