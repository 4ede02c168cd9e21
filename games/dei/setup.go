package dei

import (
	"fmt"
	"slices"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/rng"
)

func newGame(setup games.Setup) (games.Game, error) {
	c, err := DefaultContent()
	if err != nil {
		return nil, err
	}
	return newWithContent(c, setup)
}

// newWithContent sets a game up: the map with its resources, outposts and
// shared bridges, the candy supply, the missions and the players' pads.
// Drones, markets and hands follow once the factions are known.
func newWithContent(c *Content, setup games.Setup) (*Game, error) {
	n := setup.Seats
	if n < 2 || n > 4 {
		return nil, games.Violation("D.E.I. needs 2 to 4 players.", "D.E.I. braucht 2 bis 4 Spieler.")
	}
	s := &state{Content: c.Fingerprint, Seats: n, Options: games.Options{}, RNG: *rng.New(setup.Seed),
		TechSupply: techSupply, EnergySupply: energySupply}
	for k, v := range setup.Options {
		s.Options[k] = v
	}
	var l Layout
	var placed []Placed
	if s.Options.String(OptMap) == "random" {
		l, placed = c.randomLayout(n, &s.RNG)
	} else {
		l, placed = c.quickLayout(n)
	}
	s.Rows, s.Cols, s.Tiles = l.Rows, l.Cols, placed
	b, err := c.NewBoard(l.Rows, l.Cols, placed)
	if err != nil {
		return nil, fmt.Errorf("dei: lay out the map: %w", err)
	}
	g := c.game(b, s)
	s.Areas = make([]areaState, len(b.Areas))
	for i, a := range b.Areas {
		s.Areas[i] = areaState{Figs: make([]int, n), Tech: a.Tech, Energy: a.Energy}
		s.TechSupply -= a.Tech
		s.EnergySupply -= a.Energy
	}
	colourOf := map[string]string{"A": Red, "B": Blue, "C": Green}
	if s.Options.String(OptOutposts) == "random" {
		perm := slices.Clone(colours)
		s.RNG.Shuffle(len(perm), func(i, j int) { perm[i], perm[j] = perm[j], perm[i] })
		colourOf = map[string]string{"A": perm[0], "B": perm[1], "C": perm[2]}
	}
	for i, a := range b.Areas {
		if a.Outpost != "" {
			s.Outposts = append(s.Outposts, outpost{Area: i, Colour: colourOf[a.Outpost], Owner: noSeat})
		}
	}
	for i, spot := range b.Bridges {
		if spot.Shared {
			s.SharedBridges = append(s.SharedBridges, i)
		}
	}
	for i := range c.candyKind {
		s.CandySupply = append(s.CandySupply, i)
	}
	missions := make([]int, len(c.Missions))
	for i := range missions {
		missions[i] = i
	}
	g.shuffle(missions)
	s.Missions = make([]int, 2*rounds)
	for slot := range s.Missions {
		if slot%2 == 1 && s.Options.Bool(OptNoChoice) {
			s.Missions[slot] = none
			continue
		}
		s.Missions[slot], missions = missions[0], missions[1:]
	}
	s.Players = make([]player, n)
	for i := range s.Players {
		s.Players[i] = player{Leader: none, Supply: scrappersPerSeat, Pad: make([][]padCard, phases),
			Hand: []int{}, Recycled: []int{}, Candy: []int{}, Feats: []int{}, Earned: []bool{}, Marks: []int{},
			Camps: []int{}, Lifts: []lift{}, Bridges: []int{}}
		for ph := range s.Players[i].Pad {
			s.Players[i].Pad[ph] = []padCard{}
		}
		g.gain(i, true, startTech)
		g.gain(i, false, startEnergy)
	}
	for f := range c.Feats {
		s.FeatBox = append(s.FeatBox, f)
	}
	// Until the factions are known every card waits in the box.
	s.Box = make([]int, len(c.Cards))
	for i := range s.Box {
		s.Box[i] = i
	}
	s.Order = seatsFrom(0, n)
	var log eventLog
	if s.Options.String(OptFactions) == "random" {
		keys := make([]string, len(c.Factions))
		for i, f := range c.Factions {
			keys[i] = f.Key
		}
		g.shuffleStrings(keys)
		for i := range s.Players {
			s.Players[i].Faction = keys[i]
		}
		g.afterFactions(&log)
		return g, nil
	}
	s.Stage = stageFaction
	return g, nil
}

// seatsFrom lists the n seats clockwise from start.
func seatsFrom(start, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = (start + i) % n
	}
	return out
}

func (g *Game) shuffle(xs []int) {
	g.s.RNG.Shuffle(len(xs), func(i, j int) { xs[i], xs[j] = xs[j], xs[i] })
}

func (g *Game) shuffleStrings(xs []string) {
	g.s.RNG.Shuffle(len(xs), func(i, j int) { xs[i], xs[j] = xs[j], xs[i] })
}

// chooseFaction records a faction choice.
func (g *Game) chooseFaction(seat int, key string, log *eventLog) {
	s := g.s
	s.Players[seat].Faction = key
	f := g.c.faction(key)
	log.add(msgs.Text("ChoosesFaction", seatRef(seat), f.Name, f.Leader.Name), seat)
	s.Turn++
	if s.Turn == len(s.Order) {
		g.afterFactions(log)
	}
}

// afterFactions places the drones (with 2 or 3 players only the players'
// drones), prepares the markets and hands out the faction cards.
func (g *Game) afterFactions(log *eventLog) {
	s := g.s
	var keys []string
	for _, d := range droneKeys {
		used := s.Seats == 4
		for _, p := range s.Players {
			used = used || g.c.faction(p.Faction).Drone == d
		}
		if used {
			keys = append(keys, d)
		}
	}
	var sites []int
	for i, a := range g.b.Areas {
		if a.DroneSite {
			sites = append(sites, i)
		}
	}
	g.shuffle(sites)
	for i, k := range keys {
		s.Drones = append(s.Drones, drone{Key: k, Area: sites[i]})
		log.reveal(msgs.Text("DroneStarts", droneName(g.c.drone(k).Name, false), g.areaID(sites[i])))
	}
	var droneCards []int
	decks := make([][]int, len(g.c.Markets))
	s.Box = []int{}
	for i, card := range g.c.Cards {
		switch card.Kind {
		case KindDrone:
			if slices.Contains(keys, card.Drone) {
				droneCards = append(droneCards, i)
			} else {
				s.Box = append(s.Box, i)
			}
		case KindMarket:
			mi, _ := g.c.market(card.Market)
			decks[mi] = append(decks[mi], i)
		default:
			if !slices.ContainsFunc(s.Players, func(p player) bool { return p.Faction == card.Faction }) {
				s.Box = append(s.Box, i)
			}
		}
	}
	g.shuffle(droneCards)
	per := len(droneCards) / 3
	for mi := range 3 {
		decks[mi] = append(decks[mi], droneCards[mi*per:(mi+1)*per]...)
	}
	// An uneven rest (never with the shipped counts) goes to the black market's box.
	s.Box = append(s.Box, droneCards[3*per:]...)
	s.Markets = make([]market, len(decks))
	for mi, deck := range decks {
		g.shuffle(deck)
		mk := market{Slots: make([]int, marketSlots)}
		for slot := range mk.Slots {
			mk.Slots[slot] = none
			if len(deck) > 0 {
				mk.Slots[slot] = deck[len(deck)-1]
				deck = deck[:len(deck)-1]
			}
		}
		mk.Deck = deck
		s.Markets[mi] = mk
	}
	log.reveal(msgs.Text("MarketsOpen"))
	for i := range s.Players {
		s.Players[i].Hand = g.c.factionCards(s.Players[i].Faction)
	}
	s.Stage = stagePlace
	s.Order = seatsFrom(s.Start, s.Seats)
	s.Turn = 0
}

// place puts the acting player's first figures on the two neutral camps:
// the leader on the chosen one, the scrappers as the seat's position in
// the order says.
func (g *Game) place(seat, leaderCamp int, log *eventLog) {
	s := g.s
	pos := s.Turn
	other := none
	for i, a := range g.b.Areas {
		if a.Camp && i != leaderCamp {
			other = i
		}
	}
	withLeader := []int{0, 1, 1, 2}[pos]
	alone := []int{1, 1, 2, 2}[pos]
	p := &s.Players[seat]
	p.Leader = leaderCamp
	s.Areas[leaderCamp].Figs[seat] += withLeader
	s.Areas[other].Figs[seat] += alone
	p.Supply -= withLeader + alone
	if withLeader > 0 {
		log.add(msgs.Text("PlacesLeaderWith", seatRef(seat), scrappersWith(withLeader), g.areaID(leaderCamp), scrappers(alone), g.areaID(other)), seat)
	} else {
		log.add(msgs.Text("PlacesLeader", seatRef(seat), g.areaID(leaderCamp), scrappers(alone), g.areaID(other)), seat)
	}
	s.Turn++
	if s.Turn < len(s.Order) {
		return
	}
	g.updateOutposts(log)
	if s.Options.Bool(OptDraft) {
		order := make([]int, s.Seats)
		for i := range order {
			order[i] = (s.Start - 1 - i + 2*s.Seats) % s.Seats
		}
		s.Draft = &draft{Order: order, Stack: []int{}, Done: []string{}}
		s.Stage = stageDraft
		log.add(msgs.Text("DraftBegins"))
		return
	}
	for _, col := range colours {
		var stack []int
		for _, f := range s.FeatBox {
			if g.c.Feats[f].Colour == col {
				stack = append(stack, f)
			}
		}
		g.shuffle(stack)
		for i := range s.Players {
			s.Players[i].Feats = append(s.Players[i].Feats, stack[i])
			s.Players[i].Earned = append(s.Players[i].Earned, false)
			s.FeatBox = slices.DeleteFunc(s.FeatBox, func(f int) bool { return f == stack[i] })
		}
	}
	log.reveal(msgs.Text("FeatsDealt"))
	for i := range s.Players {
		log.private(i, msgs.Text("YourFeats", g.featList(i)))
	}
	g.startRound(log)
}

// draftFeat takes a feat in the draft (option 2).
func (g *Game) draftFeat(seat int, key string, log *eventLog) {
	s := g.s
	d := s.Draft
	f := g.c.featIdx[key]
	if d.Colour == "" {
		d.Colour = g.c.Feats[f].Colour
		for _, x := range s.FeatBox {
			if g.c.Feats[x].Colour == d.Colour {
				d.Stack = append(d.Stack, x)
			}
		}
		s.FeatBox = slices.DeleteFunc(s.FeatBox, func(x int) bool { return g.c.Feats[x].Colour == d.Colour })
		log.add(msgs.Text("DraftStarts", seatRef(seat), colourName(d.Colour)), seat)
	}
	d.Stack = slices.DeleteFunc(d.Stack, func(x int) bool { return x == f })
	p := &s.Players[seat]
	p.Feats = append(p.Feats, f)
	p.Earned = append(p.Earned, false)
	log.add(msgs.Text("TakesFeat", seatRef(seat)), seat)
	log.private(seat, msgs.Text("YouTakeFeat", g.c.Feats[f].Name))
	d.Pick++
	if d.Pick < len(d.Order) {
		return
	}
	s.FeatBox = append(s.FeatBox, d.Stack...)
	slices.Sort(s.FeatBox)
	d.Done = append(d.Done, d.Colour)
	d.Colour, d.Stack, d.Pick = "", []int{}, 0
	if len(d.Done) == len(colours) {
		s.Draft = nil
		g.startRound(log)
	}
}

// featList names seat's feats.
func (g *Game) featList(seat int) games.Text {
	var names []games.Text
	for _, f := range g.s.Players[seat].Feats {
		names = append(names, g.c.Feats[f].Name)
	}
	return joinAnd(names)
}
