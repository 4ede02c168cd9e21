package dei

import (
	"errors"
	"fmt"
	"slices"
)

// ErrInvariant marks a broken invariant found by CheckInvariants.
var ErrInvariant = errors.New("dei invariant broken")

// CheckInvariants implements games.Checker: every figure, building,
// resource, cube, card, candy marker, feat and mission marker is in exactly
// one place and within its limits.
func (g *Game) CheckInvariants() error {
	s := g.s
	k := &checker{g: g, cards: make([]int, len(g.c.Cards)), candy: make([]int, len(g.c.candyKind)), feats: make([]int, len(g.c.Feats))}
	if len(s.Areas) != len(g.b.Areas) {
		k.bad("%d area states for %d areas", len(s.Areas), len(g.b.Areas))
		return errors.Join(k.errs...)
	}
	k.areas()
	k.boxes()
	for seat := range s.Players {
		k.player(seat)
		k.pad(seat)
	}
	k.totals()
	for _, o := range s.Outposts {
		if h := g.holder(o.Area); h != o.Owner && s.Stage != stageFaction && s.Stage != stagePlace {
			k.bad("outpost in %s held by seat %d, majority %d", g.b.Areas[o.Area].ID, o.Owner, h)
		}
	}
	if len(s.SharedBridges) > 2 {
		k.bad("%d shared bridges", len(s.SharedBridges))
	}
	if (s.Cur != nil) != (s.Stage == stageAct) {
		k.bad("a turn in progress at stage %s", s.Stage)
	}
	return errors.Join(k.errs...)
}

// checker collects the broken invariants of one game, and counts where
// each resource, card, candy marker and feat lies.
type checker struct {
	g                   *Game
	errs                []error
	tech, energy        int
	cards, candy, feats []int // places holding each
}

// bad records a broken invariant.
func (k *checker) bad(format string, args ...any) {
	k.errs = append(k.errs, fmt.Errorf("%w: %s", ErrInvariant, fmt.Sprintf(format, args...)))
}

// count counts cards lying in where.
func (k *checker) count(where string, ids ...int) {
	for _, id := range ids {
		if id < 0 || id >= len(k.cards) {
			k.bad("card %d in %s does not exist", id, where)
			continue
		}
		k.cards[id]++
	}
}

// countCandy counts candy markers.
func (k *checker) countCandy(ids ...int) {
	for _, id := range ids {
		if id >= 0 && id < len(k.candy) {
			k.candy[id]++
		}
	}
}

// areas checks the resources and scrappers of the map's areas.
func (k *checker) areas() {
	s, b := k.g.s, k.g.b
	k.tech, k.energy = s.TechSupply, s.EnergySupply
	for i, a := range s.Areas {
		if len(a.Figs) != s.Seats || a.Tech < 0 || a.Energy < 0 {
			k.bad("area %s holds %v scrappers, %d tech, %d energy", b.Areas[i].ID, a.Figs, a.Tech, a.Energy)
		}
		if a.Tech > 0 && !b.Areas[i].Ground || a.Energy > 0 && b.Areas[i].Ground {
			k.bad("area %s holds the wrong resource", b.Areas[i].ID)
		}
		k.tech += a.Tech
		k.energy += a.Energy
	}
}

// boxes counts what lies outside the players' reach: the candy supply, the
// feat box and draft stack, the markets and the box.
func (k *checker) boxes() {
	s := k.g.s
	k.countCandy(s.CandySupply...)
	for _, f := range s.FeatBox {
		k.feats[f]++
	}
	if s.Draft != nil {
		for _, f := range s.Draft.Stack {
			k.feats[f]++
		}
	}
	for _, m := range s.Markets {
		k.count("a market deck", m.Deck...)
		for _, c := range m.Slots {
			if c != none {
				k.count("a market slot", c)
			}
		}
	}
	k.count("the box", s.Box...)
}

// player checks a seat's supplies, figures, buildings, feats and mission
// markers.
func (k *checker) player(seat int) {
	s, b := k.g.s, k.g.b
	p := &s.Players[seat]
	k.tech += p.Tech
	k.energy += p.Energy
	if p.Tech < 0 || p.Energy < 0 {
		k.bad("seat %d holds %d tech and %d energy", seat, p.Tech, p.Energy)
	}
	onMap := 0
	for _, a := range s.Areas {
		if a.Figs[seat] < 0 {
			k.bad("seat %d has negative scrappers", seat)
		}
		onMap += a.Figs[seat]
	}
	if p.Supply < 0 || onMap+p.Supply != scrappersPerSeat {
		k.bad("seat %d has %d scrappers on the map and %d in supply", seat, onMap, p.Supply)
	}
	// Leaders stand on the map once their player has placed the first
	// figures.
	placed := s.Stage != stageFaction && (s.Stage != stagePlace || slices.Index(s.Order, seat) < s.Turn)
	if (p.Leader != none) != placed {
		k.bad("seat %d leader in area %d at stage %s", seat, p.Leader, s.Stage)
	}
	if len(p.Camps) > buildingsPerKind || len(p.Lifts) > buildingsPerKind || len(p.Bridges) > buildingsPerKind {
		k.bad("seat %d has more than %d buildings of a kind", seat, buildingsPerKind)
	}
	seenCamp := map[int]bool{}
	for _, c := range p.Camps {
		if seenCamp[c] {
			k.bad("seat %d has two camps in %s", seat, b.Areas[c].ID)
		}
		seenCamp[c] = true
	}
	for _, l := range p.Lifts {
		if !b.Areas[l.Ground].Ground || !b.isRed(l.Ground, l.Roof) {
			k.bad("seat %d has a lift off a red line", seat)
		}
	}
	k.countCandy(p.Candy...)
	for _, f := range p.Feats {
		k.feats[f]++
	}
	if len(p.Feats) != len(p.Earned) {
		k.bad("seat %d has %d feats and %d earned flags", seat, len(p.Feats), len(p.Earned))
	}
	cols := map[int]bool{}
	for _, m := range p.Marks {
		if cols[m/2] || s.Missions[m] == none {
			k.bad("seat %d has two markers in column %d or one on an empty slot", seat, m/2+1)
		}
		cols[m/2] = true
	}
	if len(p.Marks) > markersPerSeat {
		k.bad("seat %d placed %d mission markers", seat, len(p.Marks))
	}
}

// pad counts a seat's cards: hand, plan, recycled and pad.
func (k *checker) pad(seat int) {
	p := &k.g.s.Players[seat]
	k.count(fmt.Sprintf("hand of seat %d", seat), p.Hand...)
	k.count(fmt.Sprintf("plan of seat %d", seat), p.Plan...)
	k.count(fmt.Sprintf("recycled of seat %d", seat), p.Recycled...)
	for ph, row := range p.Pad {
		if len(row) > cardsPerPhase {
			k.bad("seat %d played %d cards in phase %d", seat, len(row), ph+1)
		}
		downs := 0
		for _, pc := range row {
			k.count(fmt.Sprintf("pad of seat %d", seat), pc.Card)
			if pc.Candy != none {
				k.countCandy(pc.Candy)
			}
			if pc.Down {
				downs++
			}
		}
		if downs > 1 {
			k.bad("seat %d turned %d cards down in phase %d", seat, downs, ph+1)
		}
	}
}

// totals checks that every resource, card, candy marker and feat was
// counted exactly once.
func (k *checker) totals() {
	c := k.g.c
	if k.tech != techSupply || k.energy != energySupply {
		k.bad("%d tech and %d energy in the game, not %d and %d", k.tech, k.energy, techSupply, energySupply)
	}
	for id, n := range k.cards {
		if n != 1 {
			k.bad("card %s is in %d places", c.Cards[id].ID, n)
		}
	}
	for id, n := range k.candy {
		if n != 1 {
			k.bad("candy marker %d is in %d places", id, n)
		}
	}
	for f, n := range k.feats {
		if n != 1 {
			k.bad("feat %s is in %d places", c.Feats[f].Key, n)
		}
	}
}
