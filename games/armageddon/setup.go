package armageddon

import (
	"fmt"
	"strconv"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/rng"
)

// newGame sets a table up as the manual's setup describes and starts
// round 1.
func newGame(setup games.Setup) (games.Game, error) {
	cs, err := sets.Active()
	if err != nil {
		return nil, fmt.Errorf("armageddon: new game: %w", err)
	}
	if setup.Seats < 3 || setup.Seats > 4 {
		return nil, refusal(msgs.Text("RefuseSeats"))
	}
	b := cs.Board
	s := &state{
		Seats: setup.Seats,
		Open:  setup.Options.String("screens") == "open",
		RNG:   *rng.New(setup.Seed),
		Start: 0,
	}
	g := &Game{cs: cs, s: s}

	// Scoring tiles: two public ones, then two private ones per player;
	// a 3-player game boxes the rest unseen.
	scoring := g.shuffled(len(cs.ScoringTiles))
	s.Public, scoring = scoring[:2], scoring[2:]

	bidTiles := g.shuffled(len(cs.BidTiles))
	for a := range s.Areas {
		s.Areas[a].Tile = bidTiles[a]
	}
	s.BidStack = bidTiles[areas:]
	s.EquipDeck = g.shuffled(wantEquipment)
	for i, bd := range cs.Buildings {
		if bd.Printed == "" {
			s.BuildDecks[bd.Level-1] = append(s.BuildDecks[bd.Level-1], i)
		}
	}
	for l := range s.BuildDecks {
		g.shuffle(s.BuildDecks[l])
	}
	s.TileStack = g.shuffled(wantBuildingTiles)

	s.Bag = b.Survivors
	s.Players = make([]player, setup.Seats)
	arrivals := g.shuffled(setup.Seats)
	for i := range s.Players {
		p := &s.Players[i]
		p.Reserve = b.StartReserve
		s.Bag = s.Bag.Sub(b.StartReserve)
		p.Plunderer = 1
		p.Damage = b.DamageStart
		p.Score = b.ScoreStart
		// The score markers are stacked in random order.
		p.Arrival = arrivals[i] + 1
		p.Private, scoring = scoring[:b.PrivateTiles], scoring[b.PrivateTiles:]
		p.Chosen = none
		for sp := range p.City {
			p.City[sp] = none
		}
		p.City[0] = cs.printedIndex(printedHQ)
		p.City[1] = cs.printedIndex(printedWatchtower)
	}
	s.Clock = setup.Seats
	s.ScoringBox = scoring
	if setup.Seats == 3 {
		// The fourth player's survivors stay in the box.
		s.Box = b.StartReserve
		s.Bag = s.Bag.Sub(b.StartReserve)
	}
	var log eventLog
	g.startRound(&log)
	return g, nil
}

// shuffled returns 0..n-1 in random order.
func (g *Game) shuffled(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	g.shuffle(out)
	return out
}

func (g *Game) shuffle(ids []int) {
	g.s.RNG.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
}

// displaySlots is how many survivors go on each equipment card of the
// display at this table.
func (g *Game) displaySlots() []int {
	return g.cs.Board.DisplaySurvivors[strconv.Itoa(g.s.Seats)]
}
