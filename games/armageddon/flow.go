package armageddon

import (
	"fmt"
	"slices"

	"github.com/playbychat/pbc/games"
)

// startRound runs the preparation of the next round: plunderers advance,
// the damage tracks are evaluated, the displays are filled. Then the start
// player bids first.
func (g *Game) startRound(log *eventLog) {
	s, cs := g.s, g.cs
	s.Round++
	log.add(msgRoundBegins(s.Round, cs.Board.Rounds), false)
	for seat := range s.Players {
		p := &s.Players[seat]
		// House shelter lasts one round.
		p.House = 0
		s.TileBox = append(s.TileBox, p.HouseTiles...)
		p.HouseTiles = nil
		p.Uses = [citySpaces][2]int{}
		p.Used = Crowd{}
		p.Fought = 0
	}
	g.summarize(log, msgPreparation, func() {
		for _, seat := range g.fromStart() {
			g.plundererRight(seat, cs.Board.Advance[s.Round-1], false, msgRoundAdvance, log)
		}
		for _, seat := range g.fromStart() {
			g.evaluateDamage(seat, false, log)
		}
	})
	g.fillDisplays(log)
	s.Start = g.startPlayer()
	for a := range s.Areas {
		s.Areas[a].Bids = nil
	}
	s.Phase, s.Step, s.Order = phaseBid, 0, nil
	log.add(msgStartPlayer(s.Start), false)
}

// fillDisplays reveals one equipment card per player with its survivors
// from the bag (in round 1 at most FirstRoundRedLimit reds per card) and
// one building card of the round's level per player with a building tile.
func (g *Game) fillDisplays(log *eventLog) {
	s, cs := g.s, g.cs
	// Whatever a short round left on display goes out of the game.
	for _, d := range s.Display {
		if d.Card != none {
			s.EquipBox = append(s.EquipBox, d.Card)
		}
		s.Bag = s.Bag.Add(d.Survivors)
	}
	for _, d := range s.BuildDisplay {
		if d.Card != none {
			s.BuildBox = append(s.BuildBox, d.Card)
		}
		if d.Tile != none {
			s.TileBox = append(s.TileBox, d.Tile)
		}
	}
	s.Display = nil
	for _, want := range g.displaySlots() {
		if len(s.EquipDeck) == 0 {
			break
		}
		d := displayCard{Card: s.EquipDeck[len(s.EquipDeck)-1]}
		s.EquipDeck = s.EquipDeck[:len(s.EquipDeck)-1]
		var redrawn Crowd // reds drawn beyond the limit wait outside the bag
		for range want {
			c, ok := g.drawSurvivor()
			for ok && c == red && s.Round == 1 && d.Survivors[red] >= cs.Board.FirstRoundRedLimit {
				redrawn[red]++
				c, ok = g.drawSurvivor()
			}
			if !ok {
				break
			}
			d.Survivors[c]++
		}
		s.Bag = s.Bag.Add(redrawn)
		s.Display = append(s.Display, d)
	}
	level := cs.Board.Levels[s.Round-1] - 1
	s.BuildDisplay = nil
	for range s.Seats {
		deck := &s.BuildDecks[level]
		if len(*deck) == 0 {
			break
		}
		d := displayBuilding{Card: (*deck)[len(*deck)-1], Tile: none}
		*deck = (*deck)[:len(*deck)-1]
		if n := len(s.TileStack); n > 0 {
			d.Tile = s.TileStack[n-1]
			s.TileStack = s.TileStack[:n-1]
		}
		s.BuildDisplay = append(s.BuildDisplay, d)
	}
	log.add(plain(msgDisplays), true)
}

// startPlayer is the seat with the most VP; on a tie the one whose marker
// lies on top.
func (g *Game) startPlayer() int {
	best := 0
	for i, p := range g.s.Players {
		b := g.s.Players[best]
		if p.Score > b.Score || (p.Score == b.Score && p.Arrival > b.Arrival) {
			best = i
		}
	}
	return best
}

// fromStart lists the seats clockwise from the start player.
func (g *Game) fromStart() []int {
	out := make([]int, g.s.Seats)
	for i := range out {
		out[i] = (g.s.Start + i) % g.s.Seats
	}
	return out
}

// bidOrder lists the seats of area's bids from the highest to the lowest;
// of equal bids the earlier one comes first.
func (g *Game) bidOrder(a int) []int {
	bids := slices.Clone(g.s.Areas[a].Bids)
	slices.SortStableFunc(bids, func(x, y bid) int { return y.Survivors.Total() - x.Survivors.Total() })
	out := make([]int, len(bids))
	for i, b := range bids {
		out[i] = b.Seat
	}
	return out
}

// bidder is the seat whose bid is next.
func (g *Game) bidder() int { return (g.s.Start + g.s.Step) % g.s.Seats }

// advance runs every automatic step until a seat must decide or the game
// is over. Decisions with a single possible answer are taken at once.
func (g *Game) advance(log *eventLog) {
	s := g.s
	for {
		if s.Pending != nil {
			if !g.autoMove(s.Pending.Seat, log) {
				return
			}
			continue
		}
		switch s.Phase {
		case phaseBid:
			if s.Step < areas*s.Seats {
				if !g.autoMove(g.bidder(), log) {
					return
				}
				continue
			}
			s.Phase, s.Step = phaseBidTiles, 0
		case phaseBidTiles:
			if s.Step >= 2*areas {
				s.Phase, s.Step, s.Order = phaseExplore, 0, g.bidOrder(areaExplore)
				log.add(msgExploreOrder(s.Order), false)
				continue
			}
			g.bidTile(s.Step, log)
			s.Step++
		case phaseExplore, phaseBuild:
			if s.Step >= len(s.Order) || !g.displayLeft() {
				if s.Phase == phaseExplore {
					s.Phase, s.Step, s.Order = phaseBuild, 0, g.bidOrder(areaBuild)
					log.add(msgBuildOrder(s.Order), false)
				} else {
					g.startCity(log)
				}
				continue
			}
			if !g.autoMove(s.Order[s.Step], log) {
				return
			}
		case phaseCity:
			if s.Step >= len(s.Order) {
				g.endRound(log)
				continue
			}
			if !g.autoMove(s.Order[s.Step], log) {
				return
			}
		case phaseShelter:
			waiting := false
			for seat, p := range s.Players {
				if p.Short > 0 && !g.autoMove(seat, log) {
					waiting = true
				}
			}
			if waiting {
				return
			}
			g.afterShelter(log)
		case phaseFinal:
			for _, p := range s.Players {
				if p.Chosen == none {
					return
				}
			}
			g.finalScoring(log)
		default:
			return
		}
	}
}

// autoMove makes seat's move when it has exactly one; it reports whether
// it did.
func (g *Game) autoMove(seat int, log *eventLog) bool {
	moves := g.moves(seat)
	if len(moves) != 1 {
		return false
	}
	g.apply(seat, moves[0], log)
	return true
}

// displayLeft reports whether the display of the current pick phase still
// holds a card.
func (g *Game) displayLeft() bool {
	if g.s.Phase == phaseExplore {
		return slices.ContainsFunc(g.s.Display, func(d displayCard) bool { return d.Card != none })
	}
	return slices.ContainsFunc(g.s.BuildDisplay, func(d displayBuilding) bool { return d.Card != none })
}

// bidTile applies the bonus (even steps) or malus (odd steps) of an area's
// tile: to the highest bid (the earlier of equal ones) or to the lowest
// (the later of equal ones).
func (g *Game) bidTile(step int, log *eventLog) {
	s := g.s
	a := step / 2
	order := g.bidOrder(a)
	if len(order) == 0 {
		return
	}
	tile := g.cs.BidTiles[s.Areas[a].Tile]
	if step%2 == 0 {
		g.applyEffect(order[0], tile.Bonus, msgBonus(a), log)
		return
	}
	// The lowest bid: of equal lowest bids the one placed last.
	low := s.Areas[a].Bids[0]
	for _, b := range s.Areas[a].Bids {
		if b.Survivors.Total() <= low.Survivors.Total() {
			low = b
		}
	}
	g.applyEffect(low.Seat, tile.Malus, msgMalus(a), log)
}

// startCity hands the city bids' survivors to their actions, from the
// start player on.
func (g *Game) startCity(log *eventLog) {
	s := g.s
	s.Phase, s.Step, s.Order = phaseCity, 0, g.fromStart()
	log.add(plain(msgCityBegins), false)
}

// endRound closes a round: survivors back behind the screens, damage for
// plunderers not repelled, then the shelter check.
func (g *Game) endRound(log *eventLog) {
	s := g.s
	for a := range s.Areas {
		for _, b := range s.Areas[a].Bids {
			s.Players[b.Seat].Reserve = s.Players[b.Seat].Reserve.Add(b.Survivors)
		}
		s.Areas[a].Bids = nil
	}
	s.Order = nil
	g.summarize(log, msgRoundEnd, func() {
		for _, seat := range g.fromStart() {
			p := &s.Players[seat]
			p.Used = Crowd{}
			g.returnLeader(seat, log)
			if n := p.Plunderer - 1; n > 0 {
				g.damageRight(seat, n, false, msgNotRepelled(n), log)
			}
		}
	})
	short := false
	for _, seat := range g.fromStart() {
		p := &s.Players[seat]
		have := s.survivors(seat).Total()
		if shelter := g.shelter(seat); have > shelter {
			p.Short = have - shelter
			short = true
			log.add(msgShort(seat, have, shelter), false)
		}
	}
	s.Phase, s.Step = phaseShelter, 0
	if !short {
		g.afterShelter(log)
	}
}

// release returns survivors of seat to the bag for want of shelter.
func (g *Game) release(seat int, c Crowd, log *eventLog) {
	s := g.s
	p := &s.Players[seat]
	fromAside := min(c[purple], p.Aside)
	p.Aside -= fromAside
	rest := c
	rest[purple] -= fromAside
	p.Reserve = p.Reserve.Sub(rest)
	s.Bag = s.Bag.Add(c)
	p.Short -= c.Total()
	p.Released += c.Total()
	log.add(msgReleased(seat, c, c.Total()*g.cs.Board.ShelterLossVP), false)
}

// afterShelter takes the points of the survivors released for want of
// shelter, scores the star buildings and passives, runs the intermediate
// scoring after its round, and starts the next round or the final choice.
func (g *Game) afterShelter(log *eventLog) {
	s, cs := g.s, g.cs
	g.summarize(log, msgStars, func() {
		for _, seat := range g.fromStart() {
			p := &s.Players[seat]
			g.score(seat, -p.Released*cs.Board.ShelterLossVP, msgNoShelter, log)
			p.Released = 0
			star := 0
			for _, b := range g.visible(seat) {
				star += cs.Buildings[b].Star
			}
			g.score(seat, star, msgStars, log)
			if pass, ok := g.cityPassive(seat, passUnusedShelter); ok {
				unused := g.shelter(seat) - s.survivors(seat).Total()
				g.score(seat, max(0, unused)*pass.Amount, msgUnusedShelter(max(0, unused)), log)
			}
		}
	})
	if s.Round == cs.Board.IntermediateAfter {
		g.intermediate(log)
	}
	if s.Round == cs.Board.Rounds {
		s.Phase, s.Step = phaseFinal, 0
		log.add(plain(msgChooseFinal), false)
		return
	}
	g.startRound(log)
}

// intermediate is the scoring after round 3: the first public scoring
// tile, new bid tiles, and the plunderers' toll.
func (g *Game) intermediate(log *eventLog) {
	s := g.s
	g.summarize(log, msgIntermediate(g.cs.ScoringTiles[s.Public[0]].ID), func() {
		for _, seat := range g.fromStart() {
			g.score(seat, g.tileScore(seat, s.Public[0]), msgPublicTile(g.cs.ScoringTiles[s.Public[0]].ID), log)
		}
		for _, seat := range g.fromStart() {
			p := &s.Players[seat]
			g.score(seat, -(p.Plunderer - 1), msgPlundererToll, log)
			p.Plunderer = 1
		}
	})
	for a := range s.Areas {
		s.BidBox = append(s.BidBox, s.Areas[a].Tile)
		s.Areas[a].Tile = s.BidStack[0]
		s.BidStack = s.BidStack[1:]
	}
	log.add(plain(msgNewBidTiles), true)
}

// finalScoring ends the game once every seat has chosen a private tile.
func (g *Game) finalScoring(log *eventLog) {
	s := g.s
	log.add(plain(msgFinalScoring), true)
	equipment := g.equipmentScores()
	s.Final = make([]finalScore, s.Seats)
	log.muted = true
	defer func() { log.muted = false }()
	for _, seat := range g.fromStart() {
		p := &s.Players[seat]
		f := &s.Final[seat]
		f.Public = g.tileScore(seat, s.Public[1])
		g.score(seat, f.Public, msgPublicTile(g.cs.ScoringTiles[s.Public[1]].ID), log)
		f.Private = g.tileScore(seat, p.Chosen)
		g.score(seat, f.Private, msgPrivateTile(g.cs.ScoringTiles[p.Chosen].ID), log)
		f.Equipment = equipment[seat]
		g.score(seat, f.Equipment, msgEquipment, log)
		f.Damage = g.evaluateDamage(seat, true, log)
		f.Plunderer = -(p.Plunderer - 1)
		g.score(seat, f.Plunderer, msgPlundererToll, log)
		f.Total = p.Score
	}
	log.muted = false
	for _, seat := range g.fromStart() {
		log.add(msgFinalLine(seat, g.cs.ScoringTiles[s.Players[seat].Chosen].ID, s.Final[seat]), false)
	}
	s.Phase = phaseOver
	st := g.Status()
	log.add(msgWinners(st.Winners, slices.Max(st.Scores)), false)
}

// ToAct implements games.Game.
func (g *Game) ToAct() []games.Actor {
	s := g.s
	if p := s.Pending; p != nil {
		kind := games.Reaction
		if p.Kind == pendPlace {
			kind = games.Turn
		}
		a := games.Actor{Seat: games.Seat(p.Seat), Kind: kind, Prompt: promptPending(p.Kind)}
		if kind == games.Reaction {
			a.Decision = g.decision(p.Kind)
		}
		return []games.Actor{a}
	}
	switch s.Phase {
	case phaseBid:
		return []games.Actor{{Seat: games.Seat(g.bidder()), Kind: games.Turn, Prompt: promptBid}}
	case phaseExplore, phaseBuild, phaseCity:
		if s.Step < len(s.Order) {
			return []games.Actor{{Seat: games.Seat(s.Order[s.Step]), Kind: games.Turn, Prompt: promptPhase(s.Phase)}}
		}
	case phaseShelter, phaseFinal:
		var out []games.Actor
		for seat, p := range s.Players {
			if (s.Phase == phaseShelter && p.Short > 0) || (s.Phase == phaseFinal && p.Chosen == none) {
				out = append(out, games.Actor{Seat: games.Seat(seat), Kind: games.Simultaneous, Prompt: promptPhase(s.Phase), Decision: g.decision("")})
			}
		}
		return out
	}
	return nil
}

// decision is the key of the decision asked now (Actor.Decision): the
// phase and round, and within a phase's steps the step and the kind of
// the pending decision ("city:r2:s1:keep"); the shelter and the final
// choice are one window for every seat ("shelter:r4", "final:r6").
func (g *Game) decision(pend string) string {
	s := g.s
	key := fmt.Sprintf("%s:r%d", s.Phase, s.Round)
	if pend != "" {
		key += fmt.Sprintf(":s%d:%s", s.Step, pend)
	}
	return key
}

// Status implements games.Game.
func (g *Game) Status() games.Status {
	s := g.s
	scores := make([]int, s.Seats)
	for i, p := range s.Players {
		scores[i] = p.Score
	}
	if s.Phase != phaseOver {
		return games.Status{Scores: scores, Summary: msgStatus(s.Round, g.cs.Board.Rounds, s.Phase)}
	}
	best := slices.Max(scores)
	mostCards := 0
	for i, p := range s.Players {
		if scores[i] == best {
			mostCards = max(mostCards, len(p.Hand))
		}
	}
	var winners []games.Seat
	for i, p := range s.Players {
		if scores[i] == best && len(p.Hand) == mostCards {
			winners = append(winners, games.Seat(i))
		}
	}
	return games.Status{Finished: true, Winners: winners, Scores: scores, Summary: msgWinners(winners, best).text}
}
