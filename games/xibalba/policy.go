package xibalba

import (
	"math/rand/v2"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/internal/botplay"
)

// policy is the bot seat's play (Definition.Policy). It scores every legal
// move from what the seat's own view shows and takes the best, the bot's
// generator breaking ties. The plan: take the ark with the best soldier at
// hand and keep it (the ark loots paragon at the end of every turn), attack
// the bases that its power breaks, turn dice into resources and paragon,
// and spend resources on soldiers worth more paragon, add-on cards and
// upgrades.
func policy(gv games.View, moves []games.Move, r *rand.Rand) games.Move {
	v, ok := gv.(*View)
	if !ok {
		return moves[r.IntN(len(moves))]
	}
	p := planner{v: v, me: v.For}
	return botplay.Best(moves, r, p.score)
}

// planner scores moves for the seat me from its view v.
type planner struct {
	v  *View
	me games.Seat
}

func (p planner) base(s games.Seat) *BaseView {
	for i := range p.v.Bases {
		if p.v.Bases[i].Seat == s {
			return &p.v.Bases[i]
		}
	}
	return &BaseView{}
}

// holdsArk reports whether the seat's soldier sits in the ark.
func (p planner) holdsArk() bool {
	return p.v.Ark.Occupant != nil && p.v.Ark.Controller == p.me
}

// leader is the enemy seat with the most paragon.
func (p planner) leader() games.Seat {
	best, most := games.Seat(-1), -1
	for _, b := range p.v.Bases {
		if b.Seat != p.me && b.Paragon > most {
			best, most = b.Seat, b.Paragon
		}
	}
	return best
}

// soldierValue rates a soldier for holding the ark: its paragon value loots
// every turn, its resistance keeps it there, its power breaks bases.
func soldierValue(c *CardView) float64 {
	if c == nil {
		return 0
	}
	return 3*float64(c.Paragon) + float64(c.Resistance) + 0.7*float64(c.Power)
}

// slotCard returns the face-up card of a deck (its index) and slot (from
// 0), with its cost for the seat.
func (p planner) slotCard(deck, slot int) (*CardView, int) {
	for _, d := range p.v.Decks {
		if d.Deck == deckNames[deck] && slot < len(d.FaceUp) {
			return d.FaceUp[slot].Card, d.FaceUp[slot].EffectiveCost
		}
	}
	return nil, 0
}

// targetBonus prefers choices aimed at the leading enemy.
func (p planner) targetBonus(m move) float64 {
	if m.choice.Seat >= 0 && m.choice.Seat == p.leader() {
		return 1
	}
	return 0
}

func (p planner) score(gm games.Move) float64 {
	m, ok := gm.Payload.(move)
	if !ok {
		return -5
	}
	me := p.base(p.me)
	switch m.verb {
	case verbFaction, verbResolve, verbDone:
		return 10 + p.targetBonus(m)
	case verbPool:
		return p.poolScore(m.res, m.att)
	case verbKeep:
		return 10
	case verbReroll:
		return p.rerollScore(m.dice)
	case verbBlock:
		if p.v.Block != nil && p.v.Block.BlockerSurvives {
			return 20
		}
		return 0
	case verbNoBlock:
		return 10
	case verbDestroy:
		return p.destroyScore(m.field)
	case verbLoot:
		return 100
	case verbGather:
		return 95
	case verbEnter:
		return 90
	case verbAttack:
		return p.attackScore(m)
	case verbUse:
		return 45 + p.targetBonus(m)
	case verbUpgrade:
		return 60
	case verbBuy:
		return p.buyScore(m)
	case verbPharma:
		if life := p.v.Ark.Life; life < p.v.Ark.Cap-1 {
			return 55
		}
		return 20
	case verbHarvest:
		if me.Resources >= 8 {
			return 35
		}
		return 5
	case verbAssault:
		if p.holdsArk() || (me.Active != nil && p.v.Ark.Occupant != nil) {
			return 30
		}
		return -1
	case verbEnd:
		return 0
	}
	// Discarding, re-organizing and weapon technology rarely pay.
	return -5
}

// poolScore prefers attack dice while there is something to attack with,
// resources otherwise.
func (p planner) poolScore(r, a int) float64 {
	want := 2 // attack dice wanted
	me := p.base(p.me)
	switch {
	case p.holdsArk():
		want = 4
	case me.Active != nil && p.v.Ark.Occupant != nil:
		want = 4
	case me.Active != nil:
		want = 1
	default:
		want = 0
	}
	d := a - want
	if d < 0 {
		d = -d
	}
	return 20 - float64(d) + 0.01*float64(r)
}

// rerollScore prefers re-rolling exactly the blanks, then the useless dice
// (mask names dice by number, bit i for die i+1).
func (p planner) rerollScore(mask uint64) float64 {
	d := p.v.Dice
	if d == nil {
		return 0
	}
	useless := map[int]bool{}
	for _, die := range d.Rolled {
		if die.Face == faceBlank {
			useless[die.No-1] = true
		}
	}
	hits := 0
	for i := range 64 {
		if mask&(1<<i) == 0 {
			continue
		}
		if !useless[i] {
			return 0
		}
		hits++
	}
	if hits == len(useless) {
		return 15
	}
	return 5
}

// attackScore rates an attack on the ark or a base.
func (p planner) attackScore(m move) float64 {
	extra := 0.0
	if m.crits != critsMost {
		extra = -0.5 // saving critical hits pays only for card effects
	}
	n := float64(m.n)
	if m.target < 0 {
		if m.power >= p.v.Ark.Life {
			// Destroy and enter with the fewest symbols; the rest attack
			// bases from the ark.
			return 85 - n + extra
		}
		// Weaken the occupant with every symbol: the damage stays.
		return 40 + n + extra
	}
	target := p.base(m.target)
	if m.power >= target.Resistance {
		return 75 - n + 0.3*float64(target.Paragon) + extra
	}
	return 2 + n*0.1 + extra
}

// buyScore rates buying a face-up card.
func (p planner) buyScore(m move) float64 {
	c, cost := p.slotCard(m.deck, m.slot)
	if c == nil {
		return -1
	}
	me := p.base(p.me)
	switch c.Deck {
	case DeckSoldier:
		v := soldierValue(c)
		if me.Active == nil {
			return 70 + v
		}
		if v > soldierValue(me.Active) {
			return 55 + v - soldierValue(me.Active)
		}
		return 15 + v*0.5
	case DeckEvent:
		return 20 + float64(cost)*0.5 + p.targetBonus(m)
	default:
		// Add-ons: the dearer the stronger; covering a card loses it.
		s := 40 + float64(cost)
		for _, fv := range me.Fields {
			if m.choice.Field >= 0 && fv.Index == m.choice.Field+1 && fv.Top != nil {
				s -= 15 + float64(fv.Top.Cost)
			}
		}
		return s
	}
}

// destroyScore prefers destroying the dearest add-on card (field from 0).
func (p planner) destroyScore(field int) float64 {
	if p.v.Destroy == nil {
		return 0
	}
	for _, fv := range p.base(*p.v.Destroy).Fields {
		if fv.Index == field+1 && fv.Top != nil {
			return 10 + float64(fv.Top.Cost)
		}
	}
	return 10
}
