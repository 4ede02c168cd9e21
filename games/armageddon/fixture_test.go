package armageddon

import (
	"slices"
	"strings"
	"testing"

	"github.com/playbychat/pbc/games"
)

// The seats of the manual's examples.
const (
	travis = 0 // white
	nikki  = 1 // orange
	frank  = 2 // brown
	ani    = 3 // black
)

// table is a fixed 4-player game at the start of round 1's bidding, with
// every score back at 10 and every plunderer marker on field 1 (as
// before the preparation).
func table(t *testing.T) *Game {
	t.Helper()
	g, _, err := Definition.Create(4, nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	return with(g.(*Game), func(s *state) {
		for i := range s.Players {
			s.Players[i].Score, s.Players[i].Plunderer = 10, 1
		}
	})
}

// setBidTile puts bid tile id on area a, swapping it with the tile there.
func setBidTile(s *state, cs *CardSet, a int, id string) {
	tile := slices.IndexFunc(cs.BidTiles, func(t BidTile) bool { return t.ID == id })
	for i, x := range s.BidStack {
		if x == tile {
			s.BidStack[i] = s.Areas[a].Tile
		}
	}
	for o := range s.Areas {
		if s.Areas[o].Tile == tile {
			s.Areas[o].Tile = s.Areas[a].Tile
		}
	}
	s.Areas[a].Tile = tile
}

// with returns a copy of g changed by f.
func with(g *Game, f func(s *state)) *Game {
	s := g.s.clone()
	f(s)
	return &Game{cs: g.cs, s: s}
}

// step runs an internal step (a flow function) on a copy and returns the
// copy and the public event texts.
func step(g *Game, f func(g *Game, log *eventLog)) (*Game, []string) {
	next := &Game{cs: g.cs, s: g.s.clone()}
	var log eventLog
	f(next, &log)
	return next, texts(log.Events(games.Spectator, g.s.RNG, next.s.RNG))
}

func texts(events []games.Event) []string {
	var out []string
	for _, e := range events {
		if e.To == nil {
			out = append(out, games.FormatSeats(e.Text.EN, []string{"Travis", "Nikki", "Frank", "Ani"}))
		}
	}
	return out
}

// play makes a move through games.Play and checks the invariants.
func play(t *testing.T, g *Game, seat int, notation string) (*Game, []string) {
	t.Helper()
	next, events, err := games.PlayText(g, games.Seat(seat), notation)
	if err != nil {
		t.Fatalf("%q by seat %d: %v\n%s", notation, seat, err, g.View(games.Seat(seat)).Describe(games.English))
	}
	if err := next.(*Game).CheckInvariants(); err != nil {
		t.Fatalf("after %q: %v", notation, err)
	}
	return next.(*Game), texts(events)
}

// refused checks that a move is refused with a rule error.
func refused(t *testing.T, g *Game, seat int, notation string) {
	t.Helper()
	_, _, err := games.PlayText(g, games.Seat(seat), notation)
	if _, ok := games.AsRuleError(err); !ok {
		t.Fatalf("%q by seat %d: error %v, want a rule error", notation, seat, err)
	}
}

// notations lists seat's legal notations.
func notations(g *Game, seat int) []string {
	var out []string
	for _, m := range g.LegalMoves(games.Seat(seat)) {
		out = append(out, m.Notation)
	}
	return out
}

func hasMove(g *Game, seat int, notation string) bool {
	return slices.Contains(notations(g, seat), notation)
}

// building returns the index of a building by id.
func building(g *Game, id string) int { return g.cs.building[id] }

// equip returns count cards of kind id out of the deck (or the display,
// which gets the deck's top card instead).
func equip(s *state, cs *CardSet, id string, count int) []handCard {
	var out []handCard
	for i, d := range s.Display {
		if d.Card != none && cs.kindOf(d.Card).ID == id {
			j := slices.IndexFunc(s.EquipDeck, func(c int) bool { return cs.kindOf(c).ID != id })
			s.Display[i].Card, s.EquipDeck[j] = s.EquipDeck[j], d.Card
		}
	}
	for i := 0; i < len(s.EquipDeck) && len(out) < count; {
		if c := s.EquipDeck[i]; cs.kindOf(c).ID == id {
			out = append(out, handCard{Card: c, Known: true})
			s.EquipDeck = slices.Delete(s.EquipDeck, i, i+1)
			continue
		}
		i++
	}
	return out
}

// give moves survivors from the bag behind seat's screen.
func give(s *state, seat int, c Crowd) {
	s.Bag = s.Bag.Sub(c)
	s.Players[seat].Reserve = s.Players[seat].Reserve.Add(c)
}

// inCity puts the table in the city phase with seat acting on a city bid
// of c (taken from the bag); the other areas hold no bids.
func inCity(s *state, seat int, c Crowd) {
	for a := range s.Areas {
		for _, b := range s.Areas[a].Bids {
			s.Players[b.Seat].Reserve = s.Players[b.Seat].Reserve.Add(b.Survivors)
		}
		s.Areas[a].Bids = nil
	}
	s.Bag = s.Bag.Sub(c)
	s.Areas[areaCity].Bids = []bid{{Seat: seat, Survivors: c}}
	s.Phase, s.Step, s.Order, s.Pending = phaseCity, 0, []int{seat}, nil
}

// build puts building id on space sp (1-based) of seat's city, out of its
// deck.
func build(s *state, cs *CardSet, seat int, id string, sp int) {
	b := cs.building[id]
	for i, d := range s.BuildDisplay {
		if d.Card == b {
			deck := &s.BuildDecks[cs.Buildings[b].Level-1]
			s.BuildDisplay[i].Card = (*deck)[0]
			*deck = append((*deck)[1:], b)
		}
	}
	for l := range s.BuildDecks {
		if i := slices.Index(s.BuildDecks[l], b); i >= 0 {
			s.BuildDecks[l] = slices.Delete(s.BuildDecks[l], i, i+1)
		}
	}
	if old := s.Players[seat].City[sp-1]; old != none && cs.Buildings[old].Printed == "" {
		s.BuildBox = append(s.BuildBox, old)
	}
	s.Players[seat].City[sp-1] = b
}

func mentions(lines []string, sub string) bool {
	return slices.ContainsFunc(lines, func(l string) bool { return strings.Contains(l, sub) })
}
