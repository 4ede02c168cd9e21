package armageddon

import (
	"math"
	"math/rand/v2"
	"slices"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/internal/botplay"
)

// policy plays a bot seat from its own view: it bids the city survivors
// its buildings' actions can use and splits the rest between Build and
// Explore, takes the display card and building worth most to it, fights
// plunderers and takes the best actions in the city, releases workers
// first and scores its better private tile. It never sees the full state.
func policy(view games.View, moves []games.Move, r *rand.Rand) games.Move {
	v, ok := view.(*View)
	if !ok || v.cs == nil || int(v.Seat) < 0 {
		return moves[r.IntN(len(moves))]
	}
	pl := &planner{v: v, cs: v.cs, me: int(v.Seat), p: v.Players[v.Seat]}
	if first, ok := moves[0].Payload.(move); ok && first.Verb == verbBid {
		var bids []move
		for _, m := range moves {
			if pm, ok := m.Payload.(move); ok {
				bids = append(bids, pm)
			}
		}
		want := pl.bid(bids).notation()
		for _, m := range moves {
			if m.Notation == want {
				return m
			}
		}
	}
	return botplay.Best(moves, r, func(m games.Move) float64 {
		pm, ok := m.Payload.(move)
		if !ok {
			return math.Inf(-1)
		}
		return pl.value(pm)
	})
}

// planner holds what the policy reads from its view.
type planner struct {
	v  *View
	cs *CardSet
	me int
	p  PlayerView
}

// worth is what a survivor is worth to keep free for later actions:
// leaders pay for anything.
var worth = [colours]float64{0, 1, 1.3, 1.3, 1.8}

func (pl *planner) crowdCost(c Crowd) float64 {
	cost := 0.0
	for col, n := range c {
		cost += worth[col] * float64(n)
	}
	return cost
}

// bid chooses the bid: the survivors the city can use go to City first,
// the rest is split between Build and Explore; the last bid takes
// everything left.
func (pl *planner) bid(moves []move) move {
	open := map[int]bool{}
	for _, m := range moves {
		open[m.Area] = true
	}
	reserve := *pl.p.Reserve
	choose := func(a int, c Crowd) move {
		m := newMove(verbBid)
		m.Area, m.Crowd = a, c
		return m
	}
	if len(open) == 1 {
		return choose(moves[0].Area, reserve)
	}
	var city Crowd
	if open[areaCity] {
		if city = pl.cityNeeds(reserve); city.Total() > 0 {
			return choose(areaCity, city)
		}
	}
	rest := reserve.Sub(city)
	if open[areaBuild] && open[areaExplore] {
		var half Crowd
		n := (rest.Total() + 1) / 2
		for _, col := range []int{green, blue, yellow, purple} {
			k := min(n, rest[col])
			half[col] = k
			n -= k
		}
		return choose(areaBuild, half)
	}
	for _, a := range []int{areaBuild, areaExplore} {
		if open[a] {
			return choose(a, rest)
		}
	}
	return choose(areaCity, Crowd{})
}

// cityNeeds picks from have the survivors that pay the city actions worth
// doing this round.
func (pl *planner) cityNeeds(have Crowd) Crowd {
	var need Crowd
	wild := false
	for _, b := range pl.p.City {
		if b != nil && slices.ContainsFunc(b.Passive, func(p PassiveView) bool { return p.Kind == passWorkersWild }) {
			wild = true
		}
	}
	plunderers := pl.p.Plunderer - 1
	damage := pl.p.Damage
	type slot struct {
		cost  []string
		value float64
	}
	var slots []slot
	for _, b := range pl.p.City {
		if b == nil {
			continue
		}
		for _, a := range b.Actions {
			for range a.Uses {
				slots = append(slots, slot{a.Cost, pl.actionValue(a.Kind, a.Amount, &plunderers, &damage)})
			}
		}
	}
	slices.SortStableFunc(slots, func(x, y slot) int {
		return int(math.Round((y.value/float64(len(y.cost)) - x.value/float64(len(x.cost))) * 100))
	})
	for _, sl := range slots {
		if sl.value <= 0.5 {
			continue
		}
		if pay, ok := cheapest(payments(sl.cost, have.Sub(need), wild), pl); ok {
			need = need.Add(pay)
		}
	}
	for damage > 2 {
		pays := repairPayments(have.Sub(need), wild)
		pay, ok := cheapest(pays, pl)
		if !ok {
			break
		}
		need = need.Add(pay)
		damage--
	}
	if !pl.p.Extension && pl.v.Round <= 4 {
		if pay, ok := cheapest(subCrowds(have.Sub(need), 2), pl); ok {
			need = need.Add(pay)
		}
	}
	return need
}

func cheapest(pays []Crowd, pl *planner) (Crowd, bool) {
	if len(pays) == 0 {
		return Crowd{}, false
	}
	return slices.MinFunc(pays, func(a, b Crowd) int {
		return int(math.Round((pl.crowdCost(a) - pl.crowdCost(b)) * 100))
	}), true
}

// actionValue estimates an action effect's worth, using up the plunderers
// to fight and the damage to repair as it goes.
func (pl *planner) actionValue(kind string, amount int, plunderers, damage *int) float64 {
	switch kind {
	case effFight, effRetreat:
		n := min(amount, *plunderers)
		*plunderers -= n
		if kind == effFight {
			return 2.2 * float64(n)
		}
		return 1.6 * float64(n)
	case effRepair:
		if *damage <= 2 {
			return 0.3
		}
		*damage--
		return 2.5
	case effVP:
		return float64(amount)
	case effVPPerType:
		return float64(amount) * 2
	case effDraw:
		return 2 * float64(amount)
	case effDrawKeep:
		return 2.5
	case effSearch:
		return 1
	case effTrain, effRecruit:
		return 1.5
	}
	return 0
}

// value rates a move other than a bid.
func (pl *planner) value(m move) float64 {
	v := pl.v
	switch m.Verb {
	case verbTake:
		if m.Slot == none {
			return pl.cardValue(m.Kind)
		}
		if v.Phase == phaseExplore.String() {
			return pl.offerValue(v.Equipment[m.Slot])
		}
		return pl.buildingOfferValue(v.Buildings[m.Slot])
	case verbBuild:
		return pl.placeValue(m.Space)
	case verbDiscard:
		return -pl.cardValue(m.Kind)
	case verbKeep:
		return pl.cardValue(m.Kind)
	case verbSwap:
		if m.Where == swapCity {
			return 2
		}
		return 1
	case verbRelease:
		return -pl.crowdCost(m.Crowd)
	case verbScore:
		return float64(pl.tileScore(m.Kind))
	case verbExtension:
		return 4 - pl.crowdCost(m.Crowd)*0.5
	case verbRepair:
		if pl.p.Damage <= 2 {
			return 0.5 - pl.crowdCost(m.Crowd)*0.5
		}
		return 3 - pl.crowdCost(m.Crowd)*0.5
	case verbUse:
		b := pl.p.City[m.Space]
		a := b.Actions[m.Action]
		plunderers, damage := pl.p.Plunderer-1, pl.p.Damage
		return pl.actionValue(a.Kind, a.Amount, &plunderers, &damage) - pl.crowdCost(m.Crowd)*0.5
	case verbDone:
		return 0.2
	}
	return 0
}

// hand returns the viewer's hand as counts by equipment kind.
func (pl *planner) hand() []int {
	counts := make([]int, len(pl.cs.Equipment))
	for _, c := range pl.v.Hand {
		counts[pl.cs.equipment[c.Kind]]++
	}
	return counts
}

// cardValue is what one more card of kind adds to the viewer's equipment
// score, with the majorities against the cards known of the others.
func (pl *planner) cardValue(kind string) float64 {
	all := make([][]int, len(pl.v.Players))
	for seat, p := range pl.v.Players {
		if seat == pl.me {
			all[seat] = pl.hand()
			continue
		}
		all[seat] = make([]int, len(pl.cs.Equipment))
		for _, c := range p.Known {
			all[seat][pl.cs.equipment[c.Kind]]++
		}
	}
	before := pl.cs.equipmentScores(all)[pl.me]
	all[pl.me][pl.cs.equipment[kind]]++
	after := pl.cs.equipmentScores(all)[pl.me]
	// Sets and tables pay later: a card that starts one is worth a bit.
	return float64(after-before) + 1.2
}

// offerValue rates an equipment card of the display with its survivors.
func (pl *planner) offerValue(o OfferView) float64 {
	val := pl.cardValue(o.Card.Kind)
	room := pl.p.Shelter + 2 - pl.p.Survivors
	for col, n := range o.Survivors {
		for range n {
			switch {
			case col == red:
				val -= 2.5
			case room > 0:
				val += worth[col]
				room--
			default:
				val += worth[col] - 2
			}
		}
	}
	return val
}

// tileValues rate the building tiles by effect.
var tileValues = map[string]float64{
	effRepel: 2, effDraw: 2, effRepair: 2, effHouse: 1, effSwap: 1.5,
	effPlunderer: -2, effDamage: -2, effDiscard: -1.5, effVP: 1,
}

// buildingValue rates a building for the viewer's city.
func (pl *planner) buildingValue(b BuildingView) float64 {
	left := pl.v.Rounds - pl.v.Round + 1
	val := float64(b.Star*left)*0.8 + float64(b.Shelter)*0.7
	plunderers, damage := 3, 4
	for _, a := range b.Actions {
		val += pl.actionValue(a.Kind, a.Amount, &plunderers, &damage) * float64(a.Uses) * 0.6 * float64(left) / 3
	}
	val += float64(len(b.Passive)) * 1.5
	for _, t := range append(slices.Clone(pl.v.PrivateTiles), pl.v.Public...) {
		if t.Kind == scoreBuilding && t.Key == b.Type {
			val += float64(t.Amount)
		}
	}
	return val
}

func (pl *planner) buildingOfferValue(o BuildingOfferView) float64 {
	tile := 0.0
	if o.Tile != nil {
		tile = tileValues[o.Tile.Kind]
	}
	if _, ok := pl.bestSpace(o.Building); !ok {
		return tile
	}
	return pl.buildingValue(o.Building) + tile
}

// bestSpace is where a building would go: an empty space, else over the
// weakest building it beats; false if nowhere is worth it.
func (pl *planner) bestSpace(b BuildingView) (int, bool) {
	switch b.Upgrade {
	case printedHQ:
		return 0, true
	case printedWatchtower:
		return 1, true
	}
	best, bestLoss := none, math.Inf(1)
	for sp := 2; sp < citySpaces; sp++ {
		cur := pl.p.City[sp]
		if sp == citySpaces-1 && !pl.p.Extension {
			continue
		}
		loss := 0.0
		if cur != nil {
			if cur.Type == typeHQ || cur.Upgrade == printedWatchtower {
				continue
			}
			loss = pl.buildingValue(*cur)
		}
		if loss < bestLoss {
			best, bestLoss = sp, loss
		}
	}
	if best == none || bestLoss >= pl.buildingValue(b) {
		return none, false
	}
	return best, true
}

// placeValue rates building the building taken on space sp (none: box it).
func (pl *planner) placeValue(sp int) float64 {
	if pl.v.Placing == nil {
		return 0
	}
	want, ok := pl.bestSpace(pl.v.Placing.Building)
	switch {
	case sp == none:
		return 0.1
	case ok && sp == want:
		return 10
	case pl.p.City[sp] == nil:
		return 5
	}
	return -1
}

// tileScore is what a private scoring tile pays the viewer now.
func (pl *planner) tileScore(id string) int {
	for _, t := range pl.v.PrivateTiles {
		if t.ID != id {
			continue
		}
		n := 0
		switch t.Kind {
		case scoreSurvivor:
			c := *pl.p.Reserve
			c[purple] += pl.p.Aside
			n = c[indexColour(t.Key)]
		case scoreBuilding:
			for _, b := range pl.p.City {
				if b != nil && b.Type == t.Key {
					n++
				}
			}
		case scoreEquipment:
			for _, c := range pl.v.Hand {
				if c.Kind == t.Key || (t.Key == vehicleKind && c.Vehicle != "") {
					n++
				}
			}
		case scoreCards:
			n = len(pl.v.Hand)
		}
		return n * t.Amount
	}
	return 0
}
