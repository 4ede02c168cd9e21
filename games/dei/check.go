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
	var errs []error
	bad := func(format string, args ...any) {
		errs = append(errs, fmt.Errorf("%w: %s", ErrInvariant, fmt.Sprintf(format, args...)))
	}
	if len(s.Areas) != len(g.b.Areas) {
		bad("%d area states for %d areas", len(s.Areas), len(g.b.Areas))
		return errors.Join(errs...)
	}
	tech, energy := s.TechSupply, s.EnergySupply
	for i, a := range s.Areas {
		if len(a.Figs) != s.Seats || a.Tech < 0 || a.Energy < 0 {
			bad("area %s holds %v scrappers, %d tech, %d energy", g.b.Areas[i].ID, a.Figs, a.Tech, a.Energy)
		}
		if a.Tech > 0 && !g.b.Areas[i].Ground || a.Energy > 0 && g.b.Areas[i].Ground {
			bad("area %s holds the wrong resource", g.b.Areas[i].ID)
		}
		tech += a.Tech
		energy += a.Energy
	}
	cards := make([]int, len(g.c.Cards))
	count := func(where string, ids ...int) {
		for _, id := range ids {
			if id < 0 || id >= len(cards) {
				bad("card %d in %s does not exist", id, where)
				continue
			}
			cards[id]++
		}
	}
	candy := make([]int, len(g.c.candyKind))
	countCandy := func(ids ...int) {
		for _, id := range ids {
			if id >= 0 && id < len(candy) {
				candy[id]++
			}
		}
	}
	countCandy(s.CandySupply...)
	feats := make([]int, len(g.c.Feats))
	for _, f := range s.FeatBox {
		feats[f]++
	}
	if s.Draft != nil {
		for _, f := range s.Draft.Stack {
			feats[f]++
		}
	}
	for seat, p := range s.Players {
		tech += p.Tech
		energy += p.Energy
		if p.Tech < 0 || p.Energy < 0 {
			bad("seat %d holds %d tech and %d energy", seat, p.Tech, p.Energy)
		}
		onMap := 0
		for _, a := range s.Areas {
			if a.Figs[seat] < 0 {
				bad("seat %d has negative scrappers", seat)
			}
			onMap += a.Figs[seat]
		}
		if p.Supply < 0 || onMap+p.Supply != scrappersPerSeat {
			bad("seat %d has %d scrappers on the map and %d in supply", seat, onMap, p.Supply)
		}
		// Leaders stand on the map once their player has placed the first
		// figures.
		placed := s.Stage != stageFaction && (s.Stage != stagePlace || slices.Index(s.Order, seat) < s.Turn)
		if (p.Leader != none) != placed {
			bad("seat %d leader in area %d at stage %s", seat, p.Leader, s.Stage)
		}
		if len(p.Camps) > buildingsPerKind || len(p.Lifts) > buildingsPerKind || len(p.Bridges) > buildingsPerKind {
			bad("seat %d has more than %d buildings of a kind", seat, buildingsPerKind)
		}
		seenCamp := map[int]bool{}
		for _, c := range p.Camps {
			if seenCamp[c] {
				bad("seat %d has two camps in %s", seat, g.b.Areas[c].ID)
			}
			seenCamp[c] = true
		}
		for _, l := range p.Lifts {
			if !g.b.Areas[l.Ground].Ground || !g.b.isRed(l.Ground, l.Roof) {
				bad("seat %d has a lift off a red line", seat)
			}
		}
		count(fmt.Sprintf("hand of seat %d", seat), p.Hand...)
		count(fmt.Sprintf("plan of seat %d", seat), p.Plan...)
		count(fmt.Sprintf("recycled of seat %d", seat), p.Recycled...)
		for ph, row := range p.Pad {
			if len(row) > cardsPerPhase {
				bad("seat %d played %d cards in phase %d", seat, len(row), ph+1)
			}
			downs := 0
			for _, pc := range row {
				count(fmt.Sprintf("pad of seat %d", seat), pc.Card)
				if pc.Candy != none {
					countCandy(pc.Candy)
				}
				if pc.Down {
					downs++
				}
			}
			if downs > 1 {
				bad("seat %d turned %d cards down in phase %d", seat, downs, ph+1)
			}
		}
		countCandy(p.Candy...)
		for _, f := range p.Feats {
			feats[f]++
		}
		if len(p.Feats) != len(p.Earned) {
			bad("seat %d has %d feats and %d earned flags", seat, len(p.Feats), len(p.Earned))
		}
		cols := map[int]bool{}
		for _, m := range p.Marks {
			if cols[m/2] || s.Missions[m] == none {
				bad("seat %d has two markers in column %d or one on an empty slot", seat, m/2+1)
			}
			cols[m/2] = true
		}
		if len(p.Marks) > markersPerSeat {
			bad("seat %d placed %d mission markers", seat, len(p.Marks))
		}
	}
	if tech != techSupply || energy != energySupply {
		bad("%d tech and %d energy in the game, not %d and %d", tech, energy, techSupply, energySupply)
	}
	for _, m := range s.Markets {
		count("a market deck", m.Deck...)
		for _, c := range m.Slots {
			if c != none {
				count("a market slot", c)
			}
		}
	}
	count("the box", s.Box...)
	for id, n := range cards {
		if n != 1 {
			bad("card %s is in %d places", g.c.Cards[id].ID, n)
		}
	}
	for id, n := range candy {
		if n != 1 {
			bad("candy marker %d is in %d places", id, n)
		}
	}
	for f, n := range feats {
		if n != 1 {
			bad("feat %s is in %d places", g.c.Feats[f].Key, n)
		}
	}
	for _, o := range s.Outposts {
		if h := g.holder(o.Area); h != o.Owner && s.Stage != stageFaction && s.Stage != stagePlace {
			bad("outpost in %s held by seat %d, majority %d", g.b.Areas[o.Area].ID, o.Owner, h)
		}
	}
	if len(s.SharedBridges) > 2 {
		bad("%d shared bridges", len(s.SharedBridges))
	}
	if (s.Cur != nil) != (s.Stage == stageAct) {
		bad("a turn in progress at stage %s", s.Stage)
	}
	return errors.Join(errs...)
}
