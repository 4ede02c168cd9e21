// Package xibalba is the rules engine of XIBALBA (Voodoo Games 2016): two to
// four mercenary captains fight over an ark full of paragon.
//
// The card, faction and rules-topic data are embedded from data/*.json (see
// data/FORMAT.md); LoadCardSet and UseCardSet swap in a group's own copy.
// Rulings on what the manual leaves open are in RULINGS.md.
package xibalba

import (
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"strconv"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/rng"
)

//go:embed data
var dataFS embed.FS

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
	New:     newGame,
	Restore: restore,
}

func init() {
	Definition.Rules = loadEmbedded()
	games.Register(Definition)
}

// loadEmbedded loads data/*.json as the default card set and returns the
// rules topics. Missing or invalid data leaves no default set; New then
// reports why, and TestEmbeddedData fails.
func loadEmbedded() []games.Topic {
	cards, err1 := fs.ReadFile(dataFS, "data/cards.json")
	factions, err2 := fs.ReadFile(dataFS, "data/factions.json")
	if err := errors.Join(err1, err2); err != nil {
		setsMu.Lock()
		errNoDefault = fmt.Errorf("xibalba: embedded card data missing: %w", err)
		setsMu.Unlock()
	} else if cs, err := LoadCardSet(cards, factions); err != nil {
		slog.Error("xibalba: embedded card data invalid", "err", err)
		setsMu.Lock()
		errNoDefault = err
		setsMu.Unlock()
	} else {
		UseCardSet(cs)
	}
	data, err := fs.ReadFile(dataFS, "data/topics.json")
	if err != nil {
		return nil
	}
	topics, err := LoadTopics(data)
	if err != nil {
		slog.Error("xibalba: embedded rules topics invalid", "err", err)
		return nil
	}
	return topics
}

func newGame(setup games.Setup) (games.Game, error) {
	cs, err := DefaultCardSet()
	if err != nil {
		return nil, err
	}
	return newWithSet(cs, setup)
}

func newWithSet(cs *CardSet, setup games.Setup) (*game, error) {
	n := setup.Seats
	if n < 2 || n > 4 {
		return nil, games.Violation("XIBALBA needs 2 to 4 players.", "XIBALBA braucht 2 bis 4 Spieler.")
	}
	target := setup.Options.Int(OptTarget)
	if target == 0 {
		target = table.TargetDefault[n]
	}
	s := &state{
		Set: cs.Fingerprint, Seats: n, Target: target, Apocalypse: setup.Options.Bool(OptApocalypse),
		RNG: *rng.New(setup.Seed), Bases: make([]base, n), Winner: -1, Turn: turnState{Destroy: -1},
	}
	g := &game{s: s, cs: cs}
	for i := range s.Bases {
		s.Bases[i] = base{Level: 1, Resources: n, Policy: PolicyAsk}
		if p := setup.Options.String(OptBlock); p != "" {
			s.Bases[i].Policy = p
		}
	}
	faceUp := table.FaceUp
	if s.Apocalypse {
		faceUp = table.FaceUpApocalypse
	}
	for di := range s.Decks {
		p := &s.Decks[di]
		p.Draw = append([]string(nil), cs.decks[di]...)
		s.RNG.Shuffle(len(p.Draw), func(i, j int) { p.Draw[i], p.Draw[j] = p.Draw[j], p.Draw[i] })
		p.FaceUp = make([]string, faceUp)
	}
	// The ark gets the top soldier before the display is laid out.
	ark := pop(&s.Decks[0].Draw)
	s.Ark = arkState{Card: ark, Owner: -1, Life: min(g.arkCap(), g.resistance(ark, -1, true)+n)}
	g.emit(true, "The ark holds %s with %s.", "In der Arche liegt %s: %s.", g.nameOf(ark), lifePointsText(s.Ark.Life))
	g.refill()
	g.rollOff()
	if setup.Options.String(OptFactions) == "choose" {
		s.Phase = PhaseFaction
		s.Current = s.Starter
	} else {
		g.drawFactions()
		g.startTurn(s.Starter)
	}
	s.Log = g.ev
	g.ev = nil
	return g, nil
}

// rollOff finds the starting player: everyone rolls both paragon dice, the
// highest wins, tied players roll again.
func (g *game) rollOff() {
	s := g.s
	rolling := make([]games.Seat, s.Seats)
	for i := range rolling {
		rolling[i] = games.Seat(i)
	}
	for len(rolling) > 1 {
		best, leaders := -1, []games.Seat(nil)
		for _, seat := range rolling {
			ds := g.roll(dieParagon, 2)
			sum := faceValue(ds[0].Face) + faceValue(ds[1].Face)
			g.emit(true, "Starting player roll: %s rolls %s = %d.", "Startspieler-Wurf: %s würfelt %s = %d.", games.Seatf(seat), facesText(ds), sum)
			switch {
			case sum > best:
				best, leaders = sum, []games.Seat{seat}
			case sum == best:
				leaders = append(leaders, seat)
			}
		}
		rolling = leaders
	}
	s.Starter = rolling[0]
	g.emit(false, "%s is the starting player.", "%s ist Startspieler.", games.Seatf(s.Starter))
}

// drawFactions deals every player a random faction, no two from one board.
func (g *game) drawFactions() {
	s := g.s
	boards := []int{1, 2, 3, 4}
	s.RNG.Shuffle(len(boards), func(i, j int) { boards[i], boards[j] = boards[j], boards[i] })
	for i := range s.Bases {
		var sides []string
		for _, f := range g.cs.Factions {
			if f.Board == boards[i] {
				sides = append(sides, f.ID)
			}
		}
		s.Bases[i].Faction = sides[s.RNG.Intn(len(sides))]
		f := g.cs.factionBy[s.Bases[i].Faction]
		g.say(true, games.T(games.Seatf(games.Seat(i))+" draws the "+f.Name.EN+".", games.Seatf(games.Seat(i))+" zieht die Fraktion "+f.Name.DE+"."))
	}
}

func restore(data []byte) (games.Game, error) {
	var s state
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("xibalba: restore: %w", err)
	}
	cs, err := lookupSet(s.Set)
	if err != nil {
		return nil, fmt.Errorf("xibalba: restore: %w", err)
	}
	return &game{s: &s, cs: cs}, nil
}
