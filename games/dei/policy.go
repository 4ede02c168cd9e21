package dei

import (
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/internal/botplay"
)

// policy chooses a bot seat's move from its own view: it scores every
// move by what it gains now (resources, outposts, VP, missions) and
// takes the best, at random among equals. It never looks further than one
// move ahead.
func policy(view games.View, moves []games.Move, r *rand.Rand) games.Move {
	v, ok := view.(*View)
	if !ok || v.Seat < 0 {
		return moves[r.IntN(len(moves))]
	}
	p := &botView{View: v, me: int(v.Seat)}
	// While the open card still has actions to take, the next card waits.
	busy := false
	for _, m := range moves {
		switch m.Group {
		case "deploy", "move", "collect", "build", "drone", "copy":
			busy = true
		}
	}
	return botplay.Best(moves, r, func(m games.Move) float64 {
		s := p.score(strings.Fields(m.Notation))
		if busy && (m.Group == "play" || m.Group == "down" || m.Group == "end") {
			s -= 8
		}
		return s
	})
}

// botView is a seat's view with the helpers the policy scores moves with.
type botView struct {
	*View
	me int
	// pull is, per area, how strongly valuable areas nearby attract the
	// seat's figures (computed on first use).
	pull []float64
}

// attraction returns how much nearby unheld outposts and resources draw
// figures to area a: each valuable area's worth, halved per step away
// over the seat's usual routes (same-level borders, printed and own lifts,
// shared and own bridges).
func (p *botView) attraction(a int) float64 {
	if p.pull == nil {
		n := len(p.Board.Areas)
		links := make([][]int, n)
		for i, ar := range p.Board.Areas {
			links[i] = append(links[i], ar.Same...)
		}
		join := func(x, y int) { links[x], links[y] = append(links[x], y), append(links[y], x) }
		for _, l := range p.Board.Lifts {
			join(l[0], l[1])
		}
		for _, l := range p.Players[p.me].Lifts {
			join(l[0], l[1])
		}
		for _, b := range append(append([]int(nil), p.SharedBridges...), p.Players[p.me].Bridges...) {
			join(p.Board.Bridges[b].Roofs[0], p.Board.Bridges[b].Roofs[1])
		}
		p.pull = make([]float64, n)
		for v := range n {
			w := p.worth(v)
			if w == 0 || p.Areas[v].Holder == p.me {
				continue
			}
			dist := map[int]int{v: 0}
			queue := []int{v}
			for len(queue) > 0 {
				x := queue[0]
				queue = queue[1:]
				if dist[x] >= 4 {
					continue
				}
				for _, y := range links[x] {
					if _, seen := dist[y]; !seen {
						dist[y] = dist[x] + 1
						queue = append(queue, y)
					}
				}
			}
			for x, d := range dist {
				p.pull[x] = max(p.pull[x], w/float64(int(1)<<d))
			}
		}
	}
	return p.pull[a]
}

func (p *botView) area(tok string) int {
	a, ok := p.Board.Area(tok)
	if !ok {
		return -1
	}
	return a
}

// card finds a card by id in what the seat can see.
func (p *botView) card(tok string) *CardView {
	id := strings.ToUpper(tok)
	for _, pl := range p.Players {
		for i := range pl.Hand {
			if pl.Hand[i].ID == id {
				return &pl.Hand[i]
			}
		}
		for i := range pl.Plan {
			if pl.Plan[i].ID == id {
				return &pl.Plan[i]
			}
		}
		for _, row := range pl.Pad {
			for _, pc := range row {
				if pc.Card != nil && pc.Card.ID == id {
					return pc.Card
				}
			}
		}
	}
	for _, m := range p.Markets {
		for _, s := range m.Slots {
			if s.Card != nil && s.Card.ID == id {
				return s.Card
			}
		}
	}
	return nil
}

// count is the seat's figures in area a (the leader counts 1, Z-13 3).
func (p *botView) count(seat, a int) int {
	n := p.Areas[a].Figs[seat]
	for _, l := range p.Areas[a].Leaders {
		if l == seat {
			n++
			if p.Players[seat].LeaderKey == Z13 {
				n += 2
			}
		}
	}
	return n
}

// strongest is the highest count of the other seats in a.
func (p *botView) strongest(a int) int {
	best := 0
	for s := range p.Players {
		if s != p.me {
			best = max(best, p.count(s, a))
		}
	}
	return best
}

// outpostAt returns the outpost in a, or nil.
func (p *botView) outpostAt(a int) *OutpostView {
	for i := range p.Outposts {
		if p.Outposts[i].Area == a {
			return &p.Outposts[i]
		}
	}
	return nil
}

// worth is what holding area a is worth to the seat: its outpost and its
// resources.
func (p *botView) worth(a int) float64 {
	w := 0.0
	if p.outpostAt(a) != nil {
		w += 9
	}
	w += 2.5 * float64(p.Areas[a].Tech+p.Areas[a].Energy)
	return w
}

// moveScore values moving n figures (n counts Z-13 as 3) from one area to
// another: what the target gains, minus what leaving loses.
func (p *botView) moveScore(from, to, n int) float64 {
	s := 0.0
	mineTo, othersTo := p.count(p.me, to), p.strongest(to)
	if mineTo <= othersTo && mineTo+n > othersTo {
		s += p.worth(to)
	} else if mineTo+n > othersTo {
		s += 0.3 * p.worth(to)
	}
	mineFrom, othersFrom := p.count(p.me, from), p.strongest(from)
	if mineFrom > othersFrom && mineFrom-n <= othersFrom {
		s -= p.worth(from) + 1
	}
	s += 0.4 * (p.attraction(to) - p.attraction(from))
	return s - 0.1*float64(n)
}

// actionWorth is a rough value of a card's actions.
func actionWorth(a Action) float64 {
	switch a.Do {
	case DoVP:
		return 4
	case DoCollect:
		return 3
	case DoDeploy, DoDrone:
		return 2.5
	case DoTech, DoEnergy, DoCopy:
		return 2
	case DoMove:
		return 1.5
	}
	return 1
}

// cardWorth values a card by its VP and its actions (a card without
// actions as if it had one of the least worth).
func cardWorth(c *CardView) float64 {
	if c == nil {
		return 0
	}
	w := 2 * float64(c.VP)
	if len(c.Acts) == 0 {
		w++
	}
	for _, a := range c.Acts {
		w += actionWorth(a)
	}
	return w
}

// missionCount estimates what a mission counts for the seat from its view.
func (p *botView) missionCount(m MissionView) int {
	me := p.Players[p.me]
	switch m.Count {
	case CountTech:
		return me.Tech
	case CountEnergy:
		return me.Energy
	case CountCubes:
		return me.Cubes[0] + me.Cubes[1] + me.Cubes[2]
	case CountColourCubes:
		return me.Cubes[map[string]int{Red: 0, Blue: 1, Green: 2}[m.Colour]]
	case CountScrappers:
		return scrappersPerSeat - me.Supply + 1
	case CountBuildings:
		return len(me.Camps) + len(me.Lifts) + len(me.Bridges)
	case CountCandy:
		return len(me.Candy)
	case CountGarrisons:
		n := 0
		for _, o := range p.Outposts {
			if p.count(p.me, o.Area) > 0 {
				n++
			}
		}
		return n
	}
	n := 0
	cards := append([]CardView(nil), me.Hand...)
	for _, row := range me.Pad {
		for _, pc := range row {
			if pc.Card != nil {
				cards = append(cards, *pc.Card)
			}
		}
	}
	for _, c := range cards {
		if (m.Count == CountDroneCards && c.Drone != "") || (m.Count == CountMarketCards && c.Kind != KindFaction) {
			n++
		}
	}
	return n
}

// growth is how much a mission's count tends to grow per round.
var growth = map[string]float64{CountScrappers: 3, CountBuildings: 1, CountCubes: 1, CountColourCubes: 0.5,
	CountGarrisons: 1, CountDroneCards: 0.5, CountMarketCards: 0.5, CountCandy: 0.5}

// perCount is what one more of a mission's count is worth to the seat:
// the best rate of the missions it may still take.
func (p *botView) perCount(count, colour string) float64 {
	best := 0.0
	me := p.Players[p.me]
	for _, m := range p.Missions {
		if m.Empty || m.Count != count || (colour != "" && m.Colour != "" && m.Colour != colour) {
			continue
		}
		taken := false
		for _, k := range me.Marks {
			taken = taken || k/2 == m.Slot/2
		}
		if taken {
			continue
		}
		v := m.OnTime
		if m.Round < p.Round {
			v = m.Late
		}
		best = max(best, float64(v.VP)/float64(v.Per))
	}
	return best
}

// score values one complete move.
func (p *botView) score(f []string) float64 {
	me := p.Players[p.me]
	switch f[0] {
	case "end":
		return 0
	case "pass":
		return -1
	case "play":
		return 3 + cardWorth(p.card(argAt(f, 1)))
	case "down":
		return 2 - cardWorth(p.card(argAt(f, 1)))/2 + float64(me.Tech+me.Energy)/3
	case "buy", "parcel":
		return p.scoreBuy(f)
	case "candy":
		return 3
	case "collect", "bcollect", "gcollect", "abraham", "harvest":
		return p.scoreCollect(f)
	case "snipe", "kill":
		return 8
	case "prospect":
		return 3
	case "deploy", "rdeploy", "gdeploy", "drop":
		return p.scoreDeploy(f)
	case "move", "rmove", "bmove":
		return p.scoreMove(f)
	case "build":
		return p.scoreBuild(f)
	case "drone":
		return 4
	case "fly":
		a := p.area(argAt(f, 1))
		if a < 0 {
			return 0
		}
		return 1 + p.droneValue(a)
	case "land":
		return p.scoreLand()
	case "tele":
		a := p.area(argAt(f, 1))
		if a < 0 {
			return 0
		}
		return 3 + p.worth(a)
	case "done":
		return 0.5
	case "copy":
		return 1 + cardWorth(p.card(argAt(f, 1)))
	case "mission":
		return p.scoreMission(f)
	case "plan":
		cards := strings.Split(argAt(f, 1), ",")
		s := 0.0
		for _, c := range cards {
			s += cardWorth(p.card(c))
		}
		return s
	case "draft":
		return map[string]float64{FeatScout: 3, FeatBarricade: 2, FeatSprinter: 3, FeatTradingPost: 2, FeatParcelBot: 2, FeatPilot: 1}[argAt(f, 1)]
	}
	return 1
}

// argAt is word i of a notation, or "".
func argAt(f []string, i int) string {
	if i < len(f) {
		return f[i]
	}
	return ""
}

// scoreBuy values a buy move.
func (p *botView) scoreBuy(f []string) float64 {
	c := p.card(argAt(f, 1))
	if c == nil {
		return 0
	}
	s := 4 + cardWorth(c) - 0.6*float64(c.Tech+c.Energy)
	if f[0] == "parcel" {
		s -= 2
	}
	return s
}

// scoreCollect values a collect move.
func (p *botView) scoreCollect(f []string) float64 {
	a := p.area(argAt(f, 1))
	if f[0] == "abraham" || f[0] == "harvest" || a < 0 {
		return 10
	}
	if p.Board.Areas[a].Ground {
		return 9 + 2*p.perCount(CountTech, "")
	}
	return 10 + 2*p.perCount(CountEnergy, "")
}

// scoreDeploy values a deploy move.
func (p *botView) scoreDeploy(f []string) float64 {
	a := p.area(argAt(f, 1))
	base := 5 + 2*p.perCount(CountScrappers, "")
	if f[0] == "drop" || a < 0 {
		return base
	}
	if len(f) > 2 && f[2] == "from" {
		base -= 2 * p.perCount(CountScrappers, "")
	}
	return base + 0.5*p.worth(a)
}

// scoreMove values a move move.
func (p *botView) scoreMove(f []string) float64 {
	me := p.Players[p.me]
	from, to := p.area(argAt(f, 1)), p.area(argAt(f, 2))
	if from < 0 || to < 0 {
		return 0
	}
	n := 0
	for _, part := range strings.Split(argAt(f, 3), "+") {
		switch {
		case part == "l":
			n++
			if me.LeaderKey == Z13 {
				n += 2
			}
		case strings.HasSuffix(part, "c"):
		default:
			k, _ := strconv.Atoi(part)
			n += k
		}
	}
	return 1 + p.moveScore(from, to, n)
}

// scoreBuild values a build move.
func (p *botView) scoreBuild(f []string) float64 {
	a := p.area(argAt(f, 2))
	if argAt(f, 1) == Lift && len(f) > 3 {
		if r := p.area(argAt(f, 3)); r >= 0 {
			return 1 + 0.4*p.worth(r)
		}
	}
	b := 2 * p.perCount(CountBuildings, "")
	if strings.Contains(strings.Join(f, " "), " from ") {
		b = 0
	}
	if a >= 0 && argAt(f, 1) == Camp {
		return 1.5 + b + 0.2*p.worth(a)
	}
	return 0.5 + b
}

// scoreLand values landing the drone where it is.
func (p *botView) scoreLand() float64 {
	if p.Turn != nil && p.Turn.Drone != "" {
		for _, d := range p.Drones {
			if d.Key == p.Turn.Drone {
				return 1 + p.droneValue(d.Area)
			}
		}
	}
	return 1
}

// scoreMission values a mission move.
func (p *botView) scoreMission(f []string) float64 {
	for _, m := range p.Missions {
		if strings.EqualFold(m.ID, argAt(f, 1)) {
			v := m.OnTime
			if m.Round < p.Round {
				v = m.Late
			}
			s := 5 + float64(v.VP*(p.missionCount(m)/v.Per))
			// A mission of a later round whose count grows is worth
			// more when its round comes.
			if m.Round > p.Round {
				s -= growth[m.Count] * float64(v.VP) / float64(v.Per) * float64(m.Round-p.Round)
			}
			return s
		}
	}
	return 5
}

// droneValue is what the seat's drone in action would do in area a.
func (p *botView) droneValue(a int) float64 {
	if p.Turn == nil {
		return 0
	}
	st := p.Areas[a]
	switch p.Turn.Drone {
	case Harvester:
		return 4 * float64(min(2, st.Tech+st.Energy))
	case Hunter:
		n := 0
		for s, k := range st.Figs {
			if s != p.me && k > 0 {
				n++
			}
		}
		return 4 * float64(n)
	case Transporter:
		return p.worth(a)
	case Teleporter:
		return 2 * float64(st.Figs[p.me])
	}
	return 0
}
