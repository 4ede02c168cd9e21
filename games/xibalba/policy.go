package xibalba

import (
	"math/rand/v2"
	"strconv"
	"strings"

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

// slotCard returns the face-up card of a "buy"/"discard" deck and slot.
func (p planner) slotCard(deck, slot string) (*CardView, int) {
	n, err := strconv.Atoi(slot)
	for _, d := range p.v.Decks {
		if d.Deck == deck && err == nil && n >= 1 && n <= len(d.FaceUp) {
			return d.FaceUp[n-1].Card, d.FaceUp[n-1].EffectiveCost
		}
	}
	return nil, 0
}

// seatOf reads a "p2" argument.
func seatOf(arg string) games.Seat {
	n, err := strconv.Atoi(strings.TrimPrefix(arg, "p"))
	if err != nil {
		return -1
	}
	return games.Seat(n - 1)
}

// power reads the power from an attack label ("…, power 7").
func labelPower(m games.Move) int {
	i := strings.LastIndex(m.Label.EN, "power ")
	if i < 0 {
		return 0
	}
	n, _ := strconv.Atoi(m.Label.EN[i+len("power "):])
	return n
}

// targetBonus prefers choices aimed at the leading enemy.
func (p planner) targetBonus(f []string) float64 {
	for _, a := range f {
		if strings.HasPrefix(a, "p") && seatOf(a) >= 0 {
			if seatOf(a) == p.leader() {
				return 1
			}
			return 0
		}
	}
	return 0
}

func (p planner) score(m games.Move) float64 {
	f := strings.Fields(m.Notation)
	me := p.base(p.me)
	switch f[0] {
	case "faction", "resolve", "done":
		return 10 + p.targetBonus(f)
	case "pool":
		return p.poolScore(f[1])
	case "keep":
		return 10
	case "reroll":
		return p.rerollScore(f[1])
	case "block":
		if p.v.Block != nil && p.v.Block.BlockerSurvives {
			return 20
		}
		return 0
	case "noblock":
		return 10
	case "destroy":
		return p.destroyScore(f[1])
	case "loot":
		return 100
	case "gather":
		return 95
	case "enter":
		return 90
	case "attack":
		return p.attackScore(m, f)
	case "use":
		return 45 + p.targetBonus(f)
	case "upgrade":
		return 60
	case "buy":
		return p.buyScore(f)
	case "pharma":
		if life := p.v.Ark.Life; life < p.v.Ark.Cap-1 {
			return 55
		}
		return 20
	case "harvest":
		if me.Resources >= 8 {
			return 35
		}
		return 5
	case "assault":
		if p.holdsArk() || (me.Active != nil && p.v.Ark.Occupant != nil) {
			return 30
		}
		return -1
	case "end":
		return 0
	}
	// Discarding, re-organizing and weapon technology rarely pay.
	return -5
}

// poolScore prefers attack dice while there is something to attack with,
// resources otherwise.
func (p planner) poolScore(arg string) float64 {
	var r, a int
	rs, as, _ := strings.Cut(strings.TrimSuffix(arg, "a"), "r")
	r, _ = strconv.Atoi(rs)
	a, _ = strconv.Atoi(as)
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

// rerollScore prefers re-rolling exactly the blanks, then the useless dice.
func (p planner) rerollScore(arg string) float64 {
	d := p.v.Dice
	if d == nil {
		return 0
	}
	useless := map[int]bool{}
	for i, die := range d.Rolled {
		if die.Face == faceBlank {
			useless[i+1] = true
		}
	}
	idx := strings.Split(arg, ",")
	hits := 0
	for _, s := range idx {
		n, _ := strconv.Atoi(s)
		if !useless[n] {
			return 0
		}
		hits++
	}
	if hits == len(useless) {
		return 15
	}
	return 5
}

// attackScore rates "attack ark N [mode]" and "attack pX N [mode]".
func (p planner) attackScore(m games.Move, f []string) float64 {
	n, _ := strconv.Atoi(f[2])
	power := labelPower(m)
	extra := 0.0
	if len(f) > 3 {
		extra = -0.5 // saving critical hits pays only for card effects
	}
	if f[1] == "ark" {
		if power >= p.v.Ark.Life {
			// Destroy and enter with the fewest symbols; the rest attack
			// bases from the ark.
			return 85 - float64(n) + extra
		}
		// Weaken the occupant with every symbol: the damage stays.
		return 40 + float64(n) + extra
	}
	target := p.base(seatOf(f[1]))
	if power >= target.Resistance {
		return 75 - float64(n) + 0.3*float64(target.Paragon) + extra
	}
	return 2 + float64(n)*0.1 + extra
}

// buyScore rates buying a face-up card.
func (p planner) buyScore(f []string) float64 {
	c, cost := p.slotCard(f[1], f[2])
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
		return 20 + float64(cost)*0.5 + p.targetBonus(f)
	default:
		// Add-ons: the dearer the stronger; covering a card loses it.
		s := 40 + float64(cost)
		if len(f) > 3 {
			fi, _ := strconv.Atoi(strings.TrimPrefix(f[3], "f"))
			for _, fv := range me.Fields {
				if fv.Index == fi && fv.Top != nil {
					s -= 15 + float64(fv.Top.Cost)
				}
			}
		}
		return s
	}
}

// destroyScore prefers destroying the dearest add-on card.
func (p planner) destroyScore(arg string) float64 {
	fi, _ := strconv.Atoi(strings.TrimPrefix(arg, "f"))
	if p.v.Destroy == nil {
		return 0
	}
	for _, fv := range p.base(*p.v.Destroy).Fields {
		if fv.Index == fi && fv.Top != nil {
			return 10 + float64(fv.Top.Cost)
		}
	}
	return 10
}
