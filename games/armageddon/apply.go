package armageddon

import (
	"errors"
	"fmt"
	"slices"

	"github.com/playbychat/pbc/games"
)

// Apply implements games.Game: the move, one of seat's legal moves of
// this state, is played on a copy, followed by every automatic step up to
// the next decision. It reads the move parsed by LegalMoves (Payload) and
// neither parses the notation nor lists the legal moves again.
func (g *Game) Apply(seat games.Seat, mv games.Move) (games.Game, []games.Event, error) {
	if g.s.Phase == phaseOver {
		return nil, nil, games.ErrGameOver
	}
	m, ok := mv.Payload.(move)
	st := int(seat)
	if !ok || st < 0 || st >= g.s.Seats {
		return nil, nil, fmt.Errorf("armageddon: apply %q for seat %d: %w", mv.Notation, seat, errNotListed)
	}
	next := &Game{cs: g.cs, s: g.s.clone()}
	var log eventLog
	next.apply(st, m, &log)
	next.advance(&log)
	return next, log.Events(seat, g.s.RNG, next.s.RNG), nil
}

// errNotListed is a move handed to Apply that LegalMoves did not give: a
// bug of the caller, not a rule.
var errNotListed = errors.New("not one of the seat's legal moves as LegalMoves lists them")

// apply plays a legal move.
func (g *Game) apply(seat int, m move, log *eventLog) {
	s := g.s
	p := &s.Players[seat]
	switch m.Verb {
	case verbBid:
		p.Reserve = p.Reserve.Sub(m.Crowd)
		s.Areas[m.Area].Bids = append(s.Areas[m.Area].Bids, bid{Seat: seat, Survivors: m.Crowd})
		log.add(msgBid(seat, m.Area, m.Crowd, len(s.Areas[m.Area].Bids)), false)
		s.Step++
	case verbTake:
		switch {
		case s.Pending != nil:
			g.searchTake(seat, m.Kind, log)
		case s.Phase == phaseExplore:
			g.explore(seat, m.Slot, log)
			s.Step++
		default:
			d := &s.BuildDisplay[m.Slot]
			log.add(msgTakeBuilding(seat, g.cs.Buildings[d.Card].Name, g.tileName(d.Tile)), false)
			s.Pending = &pending{Kind: pendPlace, Seat: seat, Card: d.Card, Tile: d.Tile}
			d.Card, d.Tile = none, none
		}
	case verbBuild:
		g.build(seat, m.Space, log)
	case verbDiscard:
		card := g.removeFromHand(seat, m.Kind)
		s.EquipBox = append(s.EquipBox, card)
		log.add(msgBoxCard(seat, g.cs.kindOf(card).Name), false)
		if s.Pending.Kind == pendSearchBox {
			s.Pending.Kind = pendSearchTake
			log.show(seat, msgDeckContents(g.cardNames(s.EquipDeck)))
			return
		}
		if s.Pending.Count--; s.Pending.Count == 0 {
			g.finishPending()
		}
	case verbKeep:
		pd := s.Pending
		i := slices.IndexFunc(pd.Cards, func(c int) bool { return g.cs.kindOf(c).ID == m.Kind })
		p.Hand = append(p.Hand, handCard{Card: pd.Cards[i]})
		log.private(seat, msgYouKeep(g.cs.kindOf(pd.Cards[i]).Name))
		pd.Cards = slices.Delete(pd.Cards, i, i+1)
		if pd.Count--; pd.Count == 0 {
			// The rest go face down under the deck.
			s.EquipDeck = append(slices.Clone(pd.Cards), s.EquipDeck...)
			log.add(msgKeptRest(seat, len(pd.Cards)), false)
			g.finishPending()
		}
	case verbSwap:
		g.swap(seat, m, log)
		g.finishPending()
	case verbRelease:
		g.release(seat, m.Crowd, log)
	case verbScore:
		p.Chosen = g.scoringIndex(m.Kind)
		log.add(msgChosen(seat), false)
		log.private(seat, msgYouChose(m.Kind))
	case verbExtension:
		p.Used = p.Used.Add(m.Crowd)
		p.Extension = true
		p.City[citySpaces-1] = g.cs.printedIndex(printedExtension)
		log.add(msgExtension(seat, m.Crowd), false)
	case verbRepair:
		p.Used = p.Used.Add(m.Crowd)
		g.repair(seat, 1, msgRepairWith(m.Crowd), log)
	case verbUse:
		g.useAction(seat, m, log)
	case verbDone:
		log.add(msgCityDone(seat), false)
		s.Step++
	}
}

// finishPending closes a pending decision; in the build phase it ends the
// builder's turn.
func (g *Game) finishPending() {
	g.s.Pending = nil
	if g.s.Phase == phaseBuild {
		g.s.Step++
	}
}

// explore takes an equipment card of the display with its survivors.
// Plunderers move the plunderer marker and go back into the bag.
func (g *Game) explore(seat, slot int, log *eventLog) {
	s := g.s
	p := &s.Players[seat]
	d := &s.Display[slot]
	p.Hand = append(p.Hand, handCard{Card: d.Card, Known: true})
	log.add(msgExplore(seat, g.cs.kindOf(d.Card).Name, d.Survivors), false)
	reds := d.Survivors[red]
	gained := d.Survivors
	gained[red] = 0
	p.Reserve = p.Reserve.Add(gained)
	s.Bag[red] += reds
	d.Card, d.Survivors = none, Crowd{}
	if reds > 0 {
		g.plundererRight(seat, reds, false, msgPlunderersJoin(reds), log)
	}
}

// build puts the building card taken on space sp (none: into the box),
// then plays its tile.
func (g *Game) build(seat, sp int, log *eventLog) {
	s := g.s
	p := &s.Players[seat]
	pd := *s.Pending
	s.Pending = nil
	name := g.cs.Buildings[pd.Card].Name
	if sp == none {
		s.BuildBox = append(s.BuildBox, pd.Card)
		log.add(msgBuildingBoxed(seat, name), false)
	} else {
		if old := p.City[sp]; old != none {
			if g.cs.Buildings[old].Printed == "" {
				s.BuildBox = append(s.BuildBox, old)
			}
			log.add(msgOverbuild(seat, name, g.cs.Buildings[old].Name, sp), false)
		} else {
			log.add(msgBuild(seat, name, sp), false)
		}
		p.City[sp] = pd.Card
	}
	if pd.Tile != none {
		e := g.cs.tileOf(pd.Tile).Effect
		if e.Kind == effHouse {
			p.HouseTiles = append(p.HouseTiles, pd.Tile)
		} else {
			s.TileBox = append(s.TileBox, pd.Tile)
		}
		g.applyEffect(seat, e, msgTile, log)
	}
	if s.Pending == nil {
		s.Step++
	}
}

// removeFromHand takes a card of kind out of seat's hand, one everybody
// saw first.
func (g *Game) removeFromHand(seat int, kind string) int {
	p := &g.s.Players[seat]
	best := -1
	for i, h := range p.Hand {
		if g.cs.kindOf(h.Card).ID == kind && (best < 0 || (h.Known && !p.Hand[best].Known)) {
			best = i
		}
	}
	card := p.Hand[best].Card
	p.Hand = slices.Delete(p.Hand, best, best+1)
	return card
}

// swap exchanges a worker for a soldier or engineer of the bag, in the
// worker's place.
func (g *Game) swap(seat int, m move, log *eventLog) {
	s := g.s
	p := &s.Players[seat]
	var at *Crowd
	switch m.Where {
	case swapScreen:
		at = &p.Reserve
	case swapBid:
		b, _, _ := s.bidOf(seat, g.swapBid(seat))
		at = &b.Survivors
	case swapCity:
		b, _, _ := s.bidOf(seat, areaCity)
		at = &b.Survivors
	}
	at[green]--
	at[m.Colour]++
	s.Bag[green]++
	s.Bag[m.Colour]--
	log.add(msgSwap(seat, m.Where, m.Colour), false)
}

// searchTake takes a card of kind from the deck, which is then shuffled.
func (g *Game) searchTake(seat int, kind string, log *eventLog) {
	s := g.s
	i := slices.IndexFunc(s.EquipDeck, func(c int) bool { return g.cs.kindOf(c).ID == kind })
	card := s.EquipDeck[i]
	s.EquipDeck = slices.Delete(s.EquipDeck, i, i+1)
	s.Players[seat].Hand = append(s.Players[seat].Hand, handCard{Card: card})
	g.shuffle(s.EquipDeck)
	log.add(msgSearched(seat), true)
	log.private(seat, msgYouTake(g.cs.kindOf(card).Name))
	g.finishPending()
}

// useAction activates a building action with the survivors paying it.
func (g *Game) useAction(seat int, m move, log *eventLog) {
	s, cs := g.s, g.cs
	p := &s.Players[seat]
	bd := &cs.Buildings[p.City[m.Space]]
	a := bd.Actions[m.Action]
	p.Used = p.Used.Add(m.Crowd)
	p.Uses[m.Space][m.Action]++
	e := a.Effect
	// The simple effects say what they did on the line of the action.
	used := func(did games.Text) { log.add(msgUse(seat, bd.Name, m.Crowd, did), false) }
	switch e.Kind {
	case effVP:
		used(effectText(e))
		g.gain(seat, e.Amount, log)
	case effVPPerType:
		n := e.Amount * g.countType(seat, e.Type)
		used(outcome(e, plusPoints(n)))
		g.gain(seat, n, log)
	case effFight:
		moved := g.plundererLeft(seat, e.Amount)
		vp := g.fightVP(seat, moved)
		used(outcome(e, markerOn(true, p.Plunderer), plusPoints(vp)))
		g.gain(seat, vp, log)
	case effRetreat:
		g.plundererLeft(seat, e.Amount)
		used(outcome(e, markerOn(true, p.Plunderer)))
	case effRepair:
		vp := 0
		if g.damageLeft(seat, e.Amount) > 0 {
			vp = e.VP
		}
		did := []games.Text{markerOn(false, p.Damage)}
		if vp > 0 {
			did = append(did, plusPoints(vp))
		}
		used(outcome(e, did...))
		g.gain(seat, vp, log)
	case effDraw:
		drawn := g.takeEquipment(seat, e.Amount)
		if len(drawn) > 0 {
			used(drawCards(len(drawn)))
		} else {
			used(effectText(e))
		}
		g.tellDrawn(seat, drawn, log)
	default:
		used(effectText(e))
	}
	switch e.Kind {
	case effDrawKeep:
		var drawn []int
		for range e.Amount {
			if n := len(s.EquipDeck); n > 0 {
				drawn = append(drawn, s.EquipDeck[n-1])
				s.EquipDeck = s.EquipDeck[:n-1]
			}
		}
		log.add(msgDraws(seat, len(drawn)), false)
		log.show(seat, msgYouDraw(g.cardNames(drawn)))
		if len(drawn) <= e.Keep {
			for _, c := range drawn {
				p.Hand = append(p.Hand, handCard{Card: c})
			}
			return
		}
		s.Pending = &pending{Kind: pendKeep, Seat: seat, Cards: drawn, Count: e.Keep, Card: none, Tile: none}
	case effSearch:
		s.Pending = &pending{Kind: pendSearchBox, Seat: seat, Count: 1, Card: none, Tile: none}
	case effTrain:
		// One of the paying workers (a leader if none) goes to the bag.
		back := green
		if m.Crowd[green] == 0 {
			back = purple
		}
		b, _, _ := s.bidOf(seat, areaCity)
		b.Survivors[back]--
		p.Used[back]--
		s.Bag[back]++
		s.Bag[m.Colour]--
		p.Reserve[m.Colour]++
		log.add(msgTrain(seat, back, m.Colour), false)
	case effRecruit:
		c, _ := g.drawSurvivor()
		if c == red || c == green {
			s.Bag[c]++
			log.add(msgRecruitBack(seat, c), true)
			g.score(seat, e.Amount, bd.Name, log)
			return
		}
		b, _, _ := s.bidOf(seat, areaCity)
		b.Survivors[c]++
		log.add(msgRecruitJoins(seat, c), true)
	}
}
