package dei

import "slices"

// leaderKey returns the key of seat's leader.
func (g *Game) leaderKey(seat int) string {
	if f := g.c.faction(g.s.Players[seat].Faction); f != nil {
		return f.Leader.Key
	}
	return ""
}

// hasFeat reports whether seat has earned the feat key.
func (g *Game) hasFeat(seat int, key string) bool {
	p := &g.s.Players[seat]
	for i, f := range p.Feats {
		if p.Earned[i] && g.c.Feats[f].Key == key {
			return true
		}
	}
	return false
}

// present reports whether seat has a figure (a scrapper or the leader) in
// area.
func (g *Game) present(seat, area int) bool {
	return g.s.Areas[area].Figs[seat] > 0 || g.s.Players[seat].Leader == area
}

// othersIn reports whether another seat has a figure in area.
func (g *Game) othersIn(seat, area int) bool {
	for o := range g.s.Seats {
		if o != seat && g.present(o, area) {
			return true
		}
	}
	return false
}

// hypo describes a change to a seat's pieces in one area, for majorities
// after a move that has not happened yet.
type hypo struct {
	Scrappers int
	Leader    int // +1 arriving, -1 leaving
	Camps     int
}

// value is seat's majority value in area: 1 per scrapper, the leader (Z-13
// counts 3) and the feats' modifiers. A seat without a figure there has 0.
func (g *Game) value(seat, area int, h hypo) int {
	s := g.s
	figs := s.Areas[area].Figs[seat] + h.Scrappers
	leader := s.Players[seat].Leader == area
	if h.Leader > 0 {
		leader = true
	} else if h.Leader < 0 {
		leader = false
	}
	if figs <= 0 && !leader {
		return 0
	}
	v := figs
	if leader {
		v++
		if g.leaderKey(seat) == Z13 {
			v += 2
		}
	}
	if g.hasFeat(seat, FeatBarricade) {
		camps := h.Camps
		for _, c := range s.Players[seat].Camps {
			if c == area {
				camps++
			}
		}
		v += 2 * camps
	}
	if g.hasFeat(seat, FeatBombardier) {
		for _, spot := range s.Players[seat].Bridges {
			if g.b.Bridges[spot].Over == area {
				v += 2
			}
		}
	}
	if g.hasFeat(seat, FeatUndercover) {
		own := g.c.faction(s.Players[seat].Faction).Drone
		for _, d := range s.Drones {
			if d.Key == own && d.Area == area {
				v++
			}
		}
	}
	return v
}

// holderWith returns the seat holding the majority in area if seat's pieces
// there changed by h: the strictly highest value, a tie going to the Scout;
// noSeat if nobody holds it.
func (g *Game) holderWith(area, seat int, h hypo) int {
	var vals [4]int
	best := 0
	for o := range g.s.Seats {
		if o == seat {
			vals[o] = g.value(o, area, h)
		} else {
			vals[o] = g.value(o, area, hypo{})
		}
		best = max(best, vals[o])
	}
	if best == 0 {
		return noSeat
	}
	holder, n := noSeat, 0
	for o := range g.s.Seats {
		if vals[o] == best {
			holder, n = o, n+1
		}
	}
	if n == 1 {
		return holder
	}
	for o := range g.s.Seats {
		if vals[o] == best && g.hasFeat(o, FeatScout) {
			return o
		}
	}
	return noSeat
}

// holder returns the seat holding the majority in area, or noSeat.
func (g *Game) holder(area int) int { return g.holderWith(area, noSeat, hypo{}) }

// updateOutposts gives each outpost's cube to the majority holder of its
// area: gained from the tile, handed over by the former controller, or
// returned to the tile when nobody holds the area.
func (g *Game) updateOutposts(log *eventLog) {
	for i := range g.s.Outposts {
		o := &g.s.Outposts[i]
		h := g.holder(o.Area)
		if h == o.Owner {
			continue
		}
		id := g.b.Areas[o.Area].ID
		switch {
		case h == noSeat:
			log.add(msgs.Text("OutpostAbandoned", outpostName(o.Colour, false), id))
		case o.Owner == noSeat:
			log.add(msgs.Text("OutpostTaken", seatRef(h), outpostName(o.Colour, true), id), h)
		default:
			log.add(msgs.Text("OutpostHanded", seatRef(o.Owner), outpostName(o.Colour, true), id, seatRef(h)), o.Owner, h)
		}
		o.Owner = h
	}
}

// cubes counts the outposts seat controls of colour ("any" or "" for all).
func (g *Game) cubes(seat int, colour string) int {
	n := 0
	for _, o := range g.s.Outposts {
		if o.Owner == seat && (colour == "" || colour == "any" || o.Colour == colour) {
			n++
		}
	}
	return n
}

// garrisons counts the outpost areas where seat has a figure.
func (g *Game) garrisons(seat int) int {
	n := 0
	for _, o := range g.s.Outposts {
		if g.present(seat, o.Area) {
			n++
		}
	}
	return n
}

// onMap counts seat's scrappers on the map.
func (g *Game) onMap(seat int) int { return scrappersPerSeat - g.s.Players[seat].Supply }

// hasLiftAt reports whether area is an end of a printed lift or of one of
// seat's lifts.
func (g *Game) hasLiftAt(seat, area int, own bool) bool {
	for _, l := range g.s.Players[seat].Lifts {
		if l.Ground == area || l.Roof == area {
			return true
		}
	}
	if own {
		return false
	}
	for _, l := range g.b.Lifts {
		if l[0] == area || l[1] == area {
			return true
		}
	}
	return false
}

// moveEdge is a way to move from one area to another.
type moveEdge struct {
	To int
	// AriaOnly marks a red line only Aria may cross (alone).
	AriaOnly bool
}

// moveEdges lists where seat's figures may move from area with a move of
// colour ("" standard, "red", "blue").
func (g *Game) moveEdges(seat, from int, colour string) []moveEdge {
	s := g.s
	var out []moveEdge
	add := func(to int, ariaOnly bool) {
		if to == from {
			return
		}
		for i := range out {
			if out[i].To == to {
				out[i].AriaOnly = out[i].AriaOnly && ariaOnly
				return
			}
		}
		out = append(out, moveEdge{To: to, AriaOnly: ariaOnly})
	}
	for _, to := range g.b.Areas[from].Same {
		add(to, false)
	}
	p := &s.Players[seat]
	for _, l := range p.Lifts {
		if l.Ground == from {
			add(l.Roof, false)
		} else if l.Roof == from {
			add(l.Ground, false)
		}
	}
	for _, l := range g.b.Lifts {
		if l[0] == from {
			add(l[1], false)
		} else if l[1] == from {
			add(l[0], false)
		}
	}
	bridges := append(slices.Clone(p.Bridges), s.SharedBridges...)
	for _, spot := range bridges {
		r := g.b.Bridges[spot].Roofs
		if r[0] == from {
			add(r[1], false)
		} else if r[1] == from {
			add(r[0], false)
		}
	}
	if g.hasFeat(seat, FeatTunneller) && g.hasLiftAt(seat, from, false) {
		for to := range g.b.Areas {
			if g.hasLiftAt(seat, to, false) {
				add(to, false)
			}
		}
	}
	for _, to := range g.b.Areas[from].Red {
		add(to, colour != Blue)
	}
	slices.SortFunc(out, func(a, b moveEdge) int { return a.To - b.To })
	if colour != Blue && (g.leaderKey(seat) != Aria || p.Leader != from) {
		out = slices.DeleteFunc(out, func(e moveEdge) bool { return e.AriaOnly })
	}
	return out
}

// droneReach lists the areas a drone may fly to in one step.
func (g *Game) droneReach(from int) []int {
	out := slices.Clone(g.b.Areas[from].Touch)
	for _, spot := range g.s.SharedBridges {
		r := g.b.Bridges[spot].Roofs
		if r[0] == from && !slices.Contains(out, r[1]) {
			out = append(out, r[1])
		} else if r[1] == from && !slices.Contains(out, r[0]) {
			out = append(out, r[0])
		}
	}
	slices.Sort(out)
	return out
}

// ownsDroneCard reports whether card is a drone card (faction or bought).
func (c *Content) isDroneCard(card int) bool { return c.Cards[card].Drone != "" }

// ownedCards returns the cards seat owns now: hand and pad (recycled cards
// are out of play).
func (g *Game) ownedCards(seat int) []int {
	p := &g.s.Players[seat]
	out := slices.Clone(p.Hand)
	for _, ph := range p.Pad {
		for _, pc := range ph {
			out = append(out, pc.Card)
		}
	}
	return out
}

// missionCount is what a mission counts for seat now.
func (g *Game) missionCount(seat int, m *Mission) int {
	p := &g.s.Players[seat]
	switch m.Count {
	case CountTech:
		return p.Tech
	case CountEnergy:
		return p.Energy
	case CountDroneCards:
		n := 0
		for _, c := range g.ownedCards(seat) {
			if g.c.isDroneCard(c) {
				n++
			}
		}
		return n
	case CountBuildings:
		return len(p.Camps) + len(p.Lifts) + len(p.Bridges)
	case CountScrappers:
		n := g.onMap(seat)
		if p.Leader != none {
			n++
		}
		return n
	case CountCubes:
		return g.cubes(seat, "")
	case CountColourCubes:
		return g.cubes(seat, m.Colour)
	case CountGarrisons:
		return g.garrisons(seat)
	case CountCandy:
		return len(p.Candy)
	case CountMarketCards:
		n := 0
		for _, c := range g.ownedCards(seat) {
			if g.c.Cards[c].Kind != KindFaction {
				n++
			}
		}
		return n
	}
	return 0
}

// missionValue is what mission m pays seat now, on time or late.
func (g *Game) missionValue(seat int, m *Mission, late bool) int {
	v := m.OnTime
	if late {
		v = m.Late
	}
	return v.VP * (g.missionCount(seat, m) / v.Per)
}

// featScore is what earned feats score at the end: 1, 3 or 6.
func featScore(earned int) int { return []int{0, 1, 3, 6}[min(earned, 3)] }

// earnedFeats counts seat's earned feats.
func (g *Game) earnedFeats(seat int) int {
	n := 0
	for _, e := range g.s.Players[seat].Earned {
		if e {
			n++
		}
	}
	return n
}

// cardVP sums the VP printed on seat's market and drone cards, recycled
// ones included.
func (g *Game) cardVP(seat int) int {
	n := 0
	for _, c := range append(g.ownedCards(seat), g.s.Players[seat].Recycled...) {
		n += g.c.Cards[c].VP
	}
	return n
}

// drawCandy gives seat a candy marker drawn at random from the supply, if
// any is left.
func (g *Game) drawCandy(seat int, log *eventLog) {
	s := g.s
	if len(s.CandySupply) == 0 {
		log.add(msgs.Text("CandyEmpty"))
		return
	}
	i := s.RNG.Intn(len(s.CandySupply))
	m := s.CandySupply[i]
	s.CandySupply = slices.Delete(s.CandySupply, i, i+1)
	s.Players[seat].Candy = append(s.Players[seat].Candy, m)
	slices.Sort(s.Players[seat].Candy)
	log.reveal(msgs.Text("DrawsCandy", seatRef(seat), g.c.candyName(g.c.candyKind[m])), seat)
}

// gain takes up to n resources of a kind from the general supply for seat
// and returns how many there were.
func (g *Game) gain(seat int, tech bool, n int) int {
	s := g.s
	p := &s.Players[seat]
	if tech {
		n = min(n, s.TechSupply)
		s.TechSupply -= n
		p.Tech += n
	} else {
		n = min(n, s.EnergySupply)
		s.EnergySupply -= n
		p.Energy += n
	}
	return n
}

// kill removes one of victim's scrappers from area to its supply; its owner
// draws a candy boost.
func (g *Game) kill(victim, area int, log *eventLog) {
	g.s.Areas[area].Figs[victim]--
	g.s.Players[victim].Supply++
	g.drawCandy(victim, log)
}
