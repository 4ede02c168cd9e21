package xenoshyft

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/internal/botplay"
)

// policy is the bot seat's play (Definition.Policy). It scores every legal
// move from what the seat's own view shows (its hand, its budget, the
// board) and takes the best, the bot's generator breaking ties. The plan:
// keep four troops in every lane, strongest in front, spend the whole budget
// on the strongest troops the lanes still need and then on equipment and
// instants, equip the front troops, and in the reaction steps aim instants
// and abilities at the fight that is going on.
func policy(gv games.View, moves []games.Move, r *rand.Rand) games.Move {
	v, ok := gv.(*View)
	if !ok {
		return moves[r.IntN(len(moves))]
	}
	p := newPlanner(v)
	return botplay.Best(moves, r, p.score)
}

// planner scores moves for the viewer of v.
type planner struct {
	v    *View
	me   games.Seat
	hand map[string]CardView // by "c17"
	// troops maps a troop's ref to its lane (0-based) and zone.
	troops map[string][2]int
	stacks map[string]StackView // "t3", "i5"
}

func newPlanner(v *View) planner {
	p := planner{v: v, me: v.Seat, hand: map[string]CardView{}, troops: map[string][2]int{}, stacks: map[string]StackView{}}
	for _, c := range v.Hand {
		p.hand[c.Ref] = c
	}
	for li, l := range v.Lanes {
		for j, t := range l.Troops {
			p.troops[t.Card.Ref] = [2]int{li, j}
		}
	}
	for _, s := range slices.Concat(v.Troops, v.Items) {
		p.stacks[s.Ref] = s
	}
	return p
}

// troopWorth rates a troop card by what it adds to a lane.
func troopWorth(c CardView) float64 {
	w := float64(c.Attack) + 0.6*float64(c.HP)
	if c.Text.EN != "" {
		w += 0.5 // an ability, armour or a kill trigger
	}
	return w
}

// itemWorth rates a weapon or armour by its bonuses.
func itemWorth(c CardView) float64 {
	return float64(c.Attack) + 0.7*float64(c.HP) + 0.5*float64(c.Cost)
}

func isKind(c CardView, kind string) bool { return slices.Contains(c.Traits, kind) }

// troopsInHand counts the troop cards of the viewer's hand.
func (p planner) troopsInHand() int {
	n := 0
	for _, c := range p.v.Hand {
		if c.Kind == kindTroop {
			n++
		}
	}
	return n
}

// freeZones counts the troop zones still free in every lane.
func (p planner) freeZones() int {
	n := 0
	for _, l := range p.v.Lanes {
		n += laneZones - len(l.Troops)
	}
	return n
}

// needsTroops reports whether the lanes want more troops than the hand
// holds: the viewer's own lane first, then an even share of the others.
func (p planner) needsTroops() bool {
	own := laneZones - len(p.v.Lanes[p.me].Troops)
	share := (p.freeZones() + p.v.Seats - 1) / p.v.Seats
	return p.troopsInHand() < max(own, share)
}

// unequipped counts the troops of the viewer's lane without a weapon and
// without armour, less the equipment of that kind in hand.
func (p planner) unequipped(kind string) int {
	n := 0
	for _, t := range p.v.Lanes[p.me].Troops {
		if (kind == "weapon" && t.Weapon == nil) || (kind == "armour" && t.Armour == nil) {
			n++
		}
	}
	n += p.troopsInHand()
	for _, c := range p.v.Hand {
		if isKind(c, kind) {
			n--
		}
	}
	return n
}

// score rates a move from its parsed form (the Payload LegalMoves gave it).
func (p planner) score(m games.Move) float64 {
	mv, ok := m.Payload.(move)
	if !ok {
		return -10
	}
	switch mv.Verb {
	case "division", "first":
		return 10
	case "ready", "pass":
		return 0
	case "buy":
		return p.buyScore(mv.Stack.String())
	case "deploy":
		return p.deployScore(viewRef(mv.Card), mv.Lane)
	case "equip":
		return p.equipScore(viewRef(mv.Card), viewRef(mv.Target))
	case "swap":
		return p.swapScore(viewRef(mv.Card), viewRef(mv.Target))
	case "play", "use":
		return p.reactScore(mv)
	}
	// Returning purchases, recalling, discarding: never needed.
	return -10
}

// viewRef is the view's handle of a card ("c17").
func viewRef(id int) string { return "c" + strconv.Itoa(id) }

// buyScore spends the budget on what the lanes need: troops while zones
// are free, then equipment for the own lane, then instants.
func (p planner) buyScore(ref string) float64 {
	s, ok := p.stacks[ref]
	if !ok || s.Count == 0 {
		return -10
	}
	c := s.Card
	switch {
	case c.Kind == kindTroop:
		if p.needsTroops() {
			return 50 + troopWorth(c)
		}
		return -5
	case isKind(c, "weapon") || isKind(c, "armour"):
		kind := "weapon"
		if isKind(c, "armour") {
			kind = "armour"
		}
		if p.unequipped(kind) > 0 {
			return 30 + itemWorth(c)
		}
		return -5
	case isKind(c, "instant"):
		return 10 + float64(c.Cost)
	}
	return -5
}

// deployScore puts the strongest troops first (deploying fills a lane from
// the front) into the lane with the fewest troops, the own lane on a tie.
func (p planner) deployScore(card string, li int) float64 {
	c, ok := p.hand[card]
	if !ok {
		return -10
	}
	s := 50 + troopWorth(c) - 3*float64(len(p.v.Lanes[li].Troops))
	if games.Seat(li) == p.me {
		s += 1
	}
	return s
}

// equipScore equips weapons and armour from hand on the front-most troop
// of the own lane that lacks one (other lanes cost a little more), and
// never moves equipment that is already placed.
func (p planner) equipScore(card, target string) float64 {
	c, ok := p.hand[card]
	if !ok {
		return -10
	}
	at, ok := p.troops[target]
	if !ok {
		return -10
	}
	s := 40 + itemWorth(c) - 2*float64(at[1])
	if games.Seat(at[0]) != p.me {
		s -= 6
	}
	return s
}

// swapScore brings the healthier troop of the own lane to the front.
func (p planner) swapScore(a, b string) float64 {
	pa, pb := p.troops[a], p.troops[b]
	l := p.v.Lanes[p.me]
	ta, tb := l.Troops[pa[1]], l.Troops[pb[1]]
	if pb[1] == pa[1]+1 && tb.HP-tb.Damage > ta.HP-ta.Damage+1 {
		return 20
	}
	return -10
}

// front returns the lane now fighting with its front troop and enemy, if
// any.
func (p planner) front() (lane int, troop *TroopView, enemy *EnemyView) {
	li := p.v.ActiveLane
	if li < 0 || li >= len(p.v.Lanes) {
		return -1, nil, nil
	}
	l := &p.v.Lanes[li]
	if len(l.Troops) > 0 {
		troop = &l.Troops[0]
	}
	if len(l.Enemies) > 0 {
		enemy = &l.Enemies[0]
	}
	return li, troop, enemy
}

// hardFight reports whether the front troop of the fighting lane cannot
// kill its enemy at once, or the enemy can kill it: help is worth a card.
func hardFight(t *TroopView, e *EnemyView) bool {
	if t == nil || e == nil || !e.FaceUp {
		return false
	}
	return t.Attack < e.HP-e.Damage || e.Attack >= t.HP-t.Damage || t.Damage > 0
}

// reactScore aims instants and abilities at the fight now going on: damage
// at its front enemy when the troop needs help or the lane is overrun, and
// healing, shields and boosts at its front troop; cards without a target
// (drawing) are always played. Anything aimed elsewhere waits.
func (p planner) reactScore(m move) float64 {
	li, troop, enemy := p.front()
	if li < 0 {
		return -10
	}
	overrun := troop == nil && enemy != nil
	need := overrun || hardFight(troop, enemy)
	switch {
	case m.Zone >= 0:
		if enemy == nil || fmt.Sprintf("e%d.%d", m.Lane+1, m.Zone+1) != enemy.Ref || !enemy.FaceUp || !need {
			return -10
		}
		return 30
	case m.Target != noCard:
		if troop == nil || viewRef(m.Target) != troop.Card.Ref || !hardFight(troop, enemy) {
			return -10
		}
		return 25
	case m.Lane >= 0:
		if m.Lane != li || !need {
			return -10
		}
		return 25
	}
	// Drawing helps any time; a troop's untargeted ability hits the
	// front enemy of its own lane.
	if at, ok := p.troops[viewRef(m.Card)]; ok && !m.Div && m.Verb == "use" && (at[0] != li || !need) {
		return -10
	}
	return 20
}
