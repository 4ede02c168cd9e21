package armageddon

import (
	"slices"

	"github.com/playbychat/pbc/games"
)

// addScore changes seat's score by n (never below 0). A marker that moves
// lands on top of any marker on its new field.
func (g *Game) addScore(seat, n int) {
	p := &g.s.Players[seat]
	next := max(0, p.Score+n)
	if next == p.Score {
		return
	}
	p.Score = next
	g.s.Clock++
	p.Arrival = g.s.Clock
}

// score changes seat's score by n and logs it with why.
func (g *Game) score(seat, n int, why games.Text, log *eventLog) {
	if n == 0 {
		return
	}
	before := g.s.Players[seat].Score
	g.addScore(seat, n)
	log.add(msgScore(seat, n, why), false)
	g.lapped(seat, before, log)
}

// lapped logs a lap of seat's score marker since it stood on before.
func (g *Game) lapped(seat, before int, log *eventLog) {
	if lap := g.cs.Board.ScoreLap; before/lap != g.s.Players[seat].Score/lap {
		log.add(msgLap(seat, before < g.s.Players[seat].Score, g.s.Players[seat].Score/lap*lap, lap), false)
	}
}

// gain changes seat's score by n, said on the line of what earned it; only
// a lap of the score track gets a line of its own.
func (g *Game) gain(seat, n int, log *eventLog) {
	before := g.s.Players[seat].Score
	g.addScore(seat, n)
	g.lapped(seat, before, log)
}

// plundererRight moves seat's plunderer marker n fields right. Past the
// last field each step costs 1 VP, unless capped ("nothing happens").
func (g *Game) plundererRight(seat, n int, capped bool, why games.Text, log *eventLog) {
	p := &g.s.Players[seat]
	moved, over := stepRight(&p.Plunderer, g.cs.Board.PlundererFields, n)
	if moved > 0 {
		log.add(msgPlundererRight(seat, moved, p.Plunderer, why), false)
	}
	g.overflow(seat, over, capped, msgPlundererOverflow, log)
}

// stepRight moves a marker on field *at up to n fields right, no further
// than last; it returns how far it moved and the steps left over.
func stepRight(at *int, last, n int) (moved, over int) {
	moved = min(n, last-*at)
	*at += moved
	return moved, n - moved
}

// overflow charges 1 VP per step a marker could not move past the end of
// its track, unless the effect was capped.
func (g *Game) overflow(seat, over int, capped bool, why games.Text, log *eventLog) {
	if over > 0 && !capped {
		g.score(seat, -over, why, log)
	}
}

// plundererLeft moves seat's plunderer marker up to n fields left and
// returns how far it moved.
func (g *Game) plundererLeft(seat, n int) int {
	p := &g.s.Players[seat]
	moved := min(n, p.Plunderer-1)
	p.Plunderer -= moved
	return moved
}

// damageRight moves seat's damage marker n fields right. Past the last
// field each step costs 1 VP, unless capped.
func (g *Game) damageRight(seat, n int, capped bool, why games.Text, log *eventLog) {
	p := &g.s.Players[seat]
	flip := p.Damage == 1
	moved, over := stepRight(&p.Damage, len(g.cs.Board.DamageTrack), n)
	if moved > 0 {
		log.add(msgDamageRight(seat, moved, p.Damage, flip, why), false)
	}
	g.overflow(seat, over, capped, msgDamageOverflow, log)
}

// damageLeft moves seat's damage marker up to n fields left and returns
// how far it moved. Reaching field 1 turns the marker to its +2 side.
func (g *Game) damageLeft(seat, n int) int {
	p := &g.s.Players[seat]
	moved := min(n, p.Damage-1)
	p.Damage -= moved
	return moved
}

// repair moves the damage marker left and logs it.
func (g *Game) repair(seat, n int, why games.Text, log *eventLog) int {
	moved := g.damageLeft(seat, n)
	if moved > 0 {
		log.add(msgRepair(seat, moved, g.s.Players[seat].Damage, why), false)
	}
	return moved
}

// evaluateDamage runs the damage track for seat as at the start of a
// round (and once more at the end of the game, final set): field 1 pays
// its own effect, any other field the effects of every field from the
// second up to the marker's.
func (g *Game) evaluateDamage(seat int, final bool, log *eventLog) int {
	p := &g.s.Players[seat]
	before := p.Score
	track := g.cs.Board.DamageTrack
	fields := track[1:p.Damage]
	if p.Damage == 1 {
		fields = track[:1]
	}
	for _, field := range fields {
		for _, e := range field {
			switch e.Kind {
			case effVP:
				g.score(seat, e.Amount, msgDamageTrack, log)
			case effPlunderer:
				g.plundererRight(seat, e.Amount, e.Capped, msgDamageTrack, log)
			case effLeaderAside:
				if !final && p.Aside == 0 && p.Reserve[purple] > 0 {
					p.Reserve[purple]--
					p.Aside++
					log.add(msgLeaderAside(seat), false)
				}
			}
		}
	}
	return p.Score - before
}

// returnLeader puts a leader set aside back behind the screen once the
// damage marker lies left of the field that set it aside.
func (g *Game) returnLeader(seat int, log *eventLog) {
	p := &g.s.Players[seat]
	if p.Aside > 0 && p.Damage < g.cs.leaderField() {
		p.Reserve[purple] += p.Aside
		p.Aside = 0
		log.add(msgLeaderBack(seat), false)
	}
}

// applyEffect plays a bid tile's bonus or malus or a building tile's
// effect for seat. Effects that need the seat's choice leave a pending
// decision.
func (g *Game) applyEffect(seat int, e Effect, why games.Text, log *eventLog) {
	s := g.s
	switch e.Kind {
	case effVP:
		g.score(seat, e.Amount, why, log)
	case effPlunderer:
		g.plundererRight(seat, e.Amount, e.Capped, why, log)
	case effRepel:
		if moved := g.plundererLeft(seat, e.Amount); moved > 0 {
			log.add(msgPlundererLeft(seat, moved, s.Players[seat].Plunderer, why), false)
			g.score(seat, moved, msgRepelled, log)
		}
	case effDamage:
		g.damageRight(seat, e.Amount, e.Capped, why, log)
	case effRepair:
		if g.repair(seat, e.Amount, why, log) > 0 {
			g.score(seat, e.VP, why, log)
		}
	case effDraw:
		g.drawEquipment(seat, e.Amount, log)
	case effDiscard:
		if n := min(e.Amount, len(s.Players[seat].Hand)); n > 0 {
			s.Pending = &pending{Kind: pendDiscard, Seat: seat, Count: n, Card: none, Tile: none}
		}
	case effHouse:
		s.Players[seat].House += e.Amount
		log.add(msgHouse(seat, e.Amount), false)
	case effSwap:
		if len(g.swapMoves(seat)) == 0 {
			log.add(msgNoSwap(seat), false)
			break
		}
		s.Pending = &pending{Kind: pendSwap, Seat: seat, Card: none, Tile: none}
	}
}

// drawEquipment draws up to n cards from the equipment deck into seat's
// hand; only the seat learns which.
func (g *Game) drawEquipment(seat, n int, log *eventLog) []int {
	drawn := g.takeEquipment(seat, n)
	if len(drawn) > 0 {
		log.add(msgDraws(seat, len(drawn)), false)
	}
	g.tellDrawn(seat, drawn, log)
	return drawn
}

// takeEquipment moves up to n cards from the equipment deck into seat's
// hand and returns them.
func (g *Game) takeEquipment(seat, n int) []int {
	s := g.s
	var drawn []int
	for range n {
		if len(s.EquipDeck) == 0 {
			break
		}
		c := s.EquipDeck[len(s.EquipDeck)-1]
		s.EquipDeck = s.EquipDeck[:len(s.EquipDeck)-1]
		s.Players[seat].Hand = append(s.Players[seat].Hand, handCard{Card: c})
		drawn = append(drawn, c)
	}
	return drawn
}

// tellDrawn tells seat alone which cards it drew, or everyone that the deck
// was empty.
func (g *Game) tellDrawn(seat int, drawn []int, log *eventLog) {
	if len(drawn) == 0 {
		log.add(msgDeckEmpty(seat), false)
		return
	}
	log.show(seat, msgYouDraw(g.cardNames(drawn)))
}

// drawSurvivor takes a random survivor from the bag; false if it is empty.
func (g *Game) drawSurvivor() (int, bool) {
	s := g.s
	n := s.Bag.Total()
	if n == 0 {
		return 0, false
	}
	r := s.RNG.Intn(n)
	for c, k := range s.Bag {
		if r < k {
			s.Bag[c]--
			return c, true
		}
		r -= k
	}
	panic("armageddon: bag count")
}

// visible lists the building indices in seat's city.
func (g *Game) visible(seat int) []int {
	var out []int
	for _, b := range g.s.Players[seat].City {
		if b != none {
			out = append(out, b)
		}
	}
	return out
}

// countType is the number of seat's visible buildings of type t.
func (g *Game) countType(seat int, t string) int {
	n := 0
	for _, b := range g.visible(seat) {
		if g.cs.Buildings[b].Type == t {
			n++
		}
	}
	return n
}

// cityPassive returns a passive of kind of one of seat's buildings.
func (g *Game) cityPassive(seat int, kind string) (Passive, bool) {
	for _, b := range g.visible(seat) {
		if p, ok := g.cs.Buildings[b].passive(kind); ok {
			return p, true
		}
	}
	return Passive{}, false
}

// shelter is seat's shelter: buildings, their passives and House tiles.
func (g *Game) shelter(seat int) int {
	n := g.s.Players[seat].House
	for _, b := range g.visible(seat) {
		bd := &g.cs.Buildings[b]
		n += bd.Shelter
		for _, p := range bd.Passives {
			if p.Kind == passShelterPerType {
				n += p.Amount * g.countType(seat, p.Type)
			}
		}
	}
	return n
}

// fightVP is what seat scores for fighting n plunderers with an action,
// counting them against the churches' limits.
func (g *Game) fightVP(seat, n int) int {
	p := &g.s.Players[seat]
	pass, ok := g.cityPassive(seat, passFightVP)
	vp := 0
	for range n {
		switch {
		case !ok:
			vp++
		case pass.First == 0 || p.Fought < pass.First:
			vp += pass.Amount
		default:
			vp++
		}
		p.Fought++
	}
	return vp
}

// tileScore is what scoring tile t pays seat now.
func (g *Game) tileScore(seat, t int) int {
	st := g.cs.ScoringTiles[t]
	p := g.s.Players[seat]
	n := 0
	switch st.Kind {
	case scoreSurvivor:
		n = g.s.survivors(seat)[indexColour(st.Colour)]
	case scoreBuilding:
		n = g.countType(seat, st.Type)
	case scoreEquipment:
		for _, h := range p.Hand {
			k := g.cs.kindOf(h.Card)
			if k.ID == st.Equipment || (st.Equipment == vehicleKind && k.Scoring.Kind == scoreVehicle) {
				n++
			}
		}
	case scoreCards:
		n = len(p.Hand)
	}
	return n * st.Amount
}

func indexColour(letter string) int {
	for i := range colourLetters {
		if colourLetters[i:i+1] == letter {
			return i
		}
	}
	return none
}

// equipmentScores is every seat's equipment scoring at the end.
func (g *Game) equipmentScores() []int {
	counts := make([][]int, g.s.Seats)
	for seat, p := range g.s.Players {
		counts[seat] = g.cs.kindCounts(handCards(p.Hand))
	}
	return g.cs.equipmentScores(counts)
}

// kindCounts counts cards by equipment kind.
func (cs *CardSet) kindCounts(cards []int) []int {
	out := make([]int, len(cs.Equipment))
	for _, c := range cards {
		out[cs.cardKinds[c]]++
	}
	return out
}

// equipmentScores scores hands given as counts by equipment kind; the
// majorities are decided among them.
func (cs *CardSet) equipmentScores(counts [][]int) []int {
	out := make([]int, len(counts))
	for k, e := range cs.Equipment {
		sc := e.Scoring
		switch sc.Kind {
		case scoreTable:
			for seat := range out {
				if n := counts[seat][k]; n > 0 {
					out[seat] += sc.Table[min(n, len(sc.Table))-1]
				}
			}
		case scoreSets:
			for seat := range out {
				out[seat] += counts[seat][k] / sc.Size * sc.Amount
			}
		case scoreMajority:
			var have []int
			for seat := range out {
				if n := counts[seat][k]; n > 0 && !slices.Contains(have, n) {
					have = append(have, n)
				}
			}
			slices.Sort(have)
			slices.Reverse(have)
			for seat := range out {
				if place := slices.Index(have, counts[seat][k]); place >= 0 && place < len(sc.Table) {
					out[seat] += sc.Table[place]
				}
			}
		}
	}
	for _, v := range cs.Vehicles {
		for seat := range out {
			var parts []int
			for k, e := range cs.Equipment {
				if e.Scoring.Kind == scoreVehicle && e.Scoring.Vehicle == v.ID && counts[seat][k] > 0 {
					parts = append(parts, counts[seat][k])
				}
			}
			out[seat] += vehicleScore(parts, v.Table)
		}
	}
	return out
}

// vehicleScore scores the parts of one vehicle: sets of different parts
// are formed as large as possible, each paying the table's value for its
// size.
func vehicleScore(parts []int, table []int) int {
	parts = slices.Clone(parts)
	total := 0
	for {
		size := 0
		for i := range parts {
			if parts[i] > 0 {
				parts[i]--
				size++
			}
		}
		if size == 0 {
			return total
		}
		total += table[min(size, len(table))-1]
	}
}
