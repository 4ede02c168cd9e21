package xibalba

import (
	"errors"
	"fmt"
	"slices"

	"github.com/playbychat/pbc/games"
)

// problems collects the broken invariants of a state.
type problems []error

func (p *problems) add(format string, args ...any) { *p = append(*p, fmt.Errorf(format, args...)) }

// CheckInvariants implements games.Checker: caps, card conservation, ark
// occupancy and pile rules.
func (g *game) CheckInvariants() error {
	var p problems
	g.checkCards(&p)
	g.checkBases(&p)
	g.checkDice(&p)
	g.checkSeats(&p)
	g.checkTurn(&p)
	g.checkDecisions(&p)
	return errors.Join(p...)
}

// cardCounter finds every card once, where it is.
type cardCounter struct {
	g     *game
	p     *problems
	seen  [400]place // where a card id's slot (deck letter and number) was found
	count int
}

// place is where a card lies, written out only for a problem: a deck's
// draw pile and discard or display (what), or a seat's warhost (field 0)
// or field.
type place struct {
	what  string // "" for none
	seat  int
	field int
}

func (pl place) String() string {
	switch {
	case pl.seat < 0:
		return pl.what
	case pl.field == 0:
		return fmt.Sprintf("seat %d warhost", pl.seat)
	}
	return fmt.Sprintf("seat %d field %d", pl.seat, pl.field)
}

func (c *cardCounter) place(id string, where place) {
	if c.g.card(id) == nil {
		c.p.add("unknown card %q at %s", id, where)
		return
	}
	i := slot(id)
	if prev := c.seen[i]; prev.what != "" {
		c.p.add("card %s both at %s and at %s", id, prev, where)
	}
	c.seen[i] = where
	c.count++
}

// checkCards checks that every card of the set is in exactly one place,
// and each deck's cards in their own deck.
func (g *game) checkCards(p *problems) {
	s := g.s
	c := &cardCounter{g: g, p: p}
	for di, pl := range s.Decks {
		name := deckNames[di]
		deck, display := place{what: name + " deck", seat: -1}, place{what: name + " display", seat: -1}
		for _, pile := range [][]string{pl.Draw, pl.Discard} {
			for _, id := range pile {
				c.place(id, deck)
				if card := g.card(id); card != nil && card.Deck != name {
					p.add("card %s of the %s deck is in the %s deck", id, card.Deck, name)
				}
			}
		}
		for _, id := range pl.FaceUp {
			if id != "" {
				c.place(id, display)
			} else if len(pl.Draw)+len(pl.Discard) > 0 {
				p.add("empty %s slot while cards are left", name)
			}
		}
	}
	if s.Ark.Card != "" {
		c.place(s.Ark.Card, place{what: "ark", seat: -1})
	}
	for i, b := range s.Bases {
		for _, id := range b.Warhost {
			c.place(id, place{what: "warhost", seat: i})
		}
		for f, pile := range b.Fields {
			for _, id := range pile {
				c.place(id, place{what: "field", seat: i, field: f + 1})
			}
		}
	}
	if c.count != len(g.cs.Cards) {
		p.add("%d cards in play, the set has %d", c.count, len(g.cs.Cards))
	}
}

// checkBases checks the ark and each base: caps, and piles holding the
// right cards.
func (g *game) checkBases(p *problems) {
	s := g.s
	if s.Ark.Card != "" {
		if s.Ark.Life < 1 || s.Ark.Life > g.arkCap() {
			p.add("ark life %d outside 1-%d", s.Ark.Life, g.arkCap())
		}
	} else if s.Ark.Owner != -1 || s.Ark.Life != 0 {
		p.add("empty ark with owner %d, life %d", s.Ark.Owner, s.Ark.Life)
	}
	for i, b := range s.Bases {
		who := fmt.Sprintf("seat %d", i)
		if b.Resources < 0 || b.Resources > table.MaxResources {
			p.add("%s resources %d", who, b.Resources)
		}
		if b.Paragon < 0 || b.Paragon > table.MaxParagon {
			p.add("%s paragon %d", who, b.Paragon)
		}
		if b.Level < 1 || b.Level > 4 {
			p.add("%s level %d", who, b.Level)
		}
		for _, id := range b.Warhost {
			if c := g.card(id); c != nil && c.Deck != DeckSoldier {
				p.add("%s warhost holds %s", who, id)
			}
		}
		g.checkFields(p, games.Seat(i))
	}
}

// checkFields checks a base's add-on piles: unlocked, one card type each.
func (g *game) checkFields(p *problems, seat games.Seat) {
	b := &g.s.Bases[seat]
	unlocked := 1
	if g.cs.factionBy[b.Faction] != nil {
		unlocked = g.fieldsUnlocked(seat)
	}
	for f, pile := range b.Fields {
		if len(pile) > 0 && f >= unlocked {
			p.add("seat %d field %d is locked but holds cards", seat, f+1)
		}
		for _, id := range pile {
			if c := g.card(id); c != nil && (c.Deck != g.card(pile[0]).Deck || c.Deck == DeckSoldier || c.Deck == DeckEvent) {
				p.add("seat %d field %d mixes or misplaces %s", seat, f+1, id)
			}
		}
	}
}

// checkDice checks the dice: faces their kind has, a pool within limits.
func (g *game) checkDice(p *problems) {
	s := g.s
	for _, d := range slices.Concat(s.Turn.Kept, s.Turn.Rolled) {
		if !slices.Contains(faces(d.Kind), d.Face) && !(d.Kind == dieAttack && d.Face == faceCrit) {
			p.add("die %v has an impossible face", d)
		}
	}
	if r := s.Turn.Resource; r < 0 || r > table.MaxPerType || s.Turn.Attack < 0 || s.Turn.Attack > table.MaxPerType {
		p.add("pool %d resource + %d attack dice", r, s.Turn.Attack)
	}
}

// knownPhases are the phases a state may be in.
var knownPhases = []Phase{PhaseFaction, PhaseEffect, PhasePool, PhaseDice, PhaseRoll, PhaseAction, PhaseOver}

func (g *game) inRange(seat games.Seat) bool { return seat >= 0 && int(seat) < g.s.Seats }

// checkSeats checks the seats and the game's course: phase, winner,
// seats in range, target, policies, factions one per board.
func (g *game) checkSeats(p *problems) {
	s := g.s
	if !slices.Contains(knownPhases, s.Phase) {
		p.add("unknown phase %q", s.Phase)
	}
	if (s.Winner >= 0) != (s.Phase == PhaseOver) || (s.Winner >= 0 && !g.inRange(s.Winner)) {
		p.add("winner %d in phase %s", s.Winner, s.Phase)
	}
	if s.Winner >= 0 && g.inRange(s.Winner) && s.Bases[s.Winner].Paragon < s.Target {
		p.add("winner %d has only %d paragon", s.Winner, s.Bases[s.Winner].Paragon)
	}
	if !g.inRange(s.Current) || !g.inRange(s.Starter) || (s.Ark.Owner != -1 && !g.inRange(s.Ark.Owner)) {
		p.add("seat out of range: current %d, starter %d, ark owner %d", s.Current, s.Starter, s.Ark.Owner)
	}
	if s.Target < 1 || s.Target > table.MaxParagon {
		p.add("target %d", s.Target)
	}
	boards := map[int]bool{}
	for i, b := range s.Bases {
		if !slices.Contains(policies, b.Policy) {
			p.add("seat %d policy %q", i, b.Policy)
		}
		if b.Faction == "" {
			if s.Phase != PhaseFaction {
				p.add("seat %d has no faction in phase %s", i, s.Phase)
			}
			continue
		}
		f := g.cs.factionBy[b.Faction]
		if f == nil {
			p.add("seat %d has unknown faction %q", i, b.Faction)
			continue
		}
		if boards[f.Board] {
			p.add("two players share board %d", f.Board)
		}
		boards[f.Board] = true
	}
}

// checkTurn checks the turn bookkeeping: dice where the phase allows them,
// pending cards active.
func (g *game) checkTurn(p *problems) {
	s := g.s
	t := &s.Turn
	if len(t.Rolled) > 0 && s.Phase != PhaseRoll {
		p.add("%d dice rolled in phase %s", len(t.Rolled), s.Phase)
	}
	if len(t.Kept) > 0 && s.Phase == PhaseFaction {
		p.add("%d dice kept before the first turn", len(t.Kept))
	}
	if t.Numbers != nil && (s.Phase != PhaseRoll || !isPermutation(t.Numbers, len(t.Rolled)+len(t.Kept))) {
		p.add("dice numbers %v for %d dice in phase %s", t.Numbers, len(t.Rolled)+len(t.Kept), s.Phase)
	}
	if t.Rerolls < 0 {
		p.add("%d re-rolls", t.Rerolls)
	}
	rolled := s.Phase == PhaseRoll || s.Phase == PhaseAction
	if s.Phase != PhaseOver && t.HasRolled != rolled {
		p.add("initial roll made %v in phase %s", t.HasRolled, s.Phase)
	}
	if (s.Phase == PhaseEffect || s.Phase == PhasePool) && (t.Resource != 0 || t.Attack != 0) {
		p.add("pool %dr%da chosen in phase %s", t.Resource, t.Attack, s.Phase)
	}
	if t.Upgraded && s.Phase != PhaseAction && s.Phase != PhaseOver {
		p.add("upgraded in phase %s", s.Phase)
	}
	if len(t.Pending) > 0 {
		timing := map[Phase]string{PhaseEffect: TimingEffect, PhaseDice: TimingDice}[s.Phase]
		active := g.cardsWithTiming(s.Current, timing)
		for i, id := range t.Pending {
			if timing == "" || !slices.Contains(active, id) || slices.Contains(t.Pending[:i], id) {
				p.add("pending card %s in phase %s is not an active %s card once", id, s.Phase, timing)
			}
		}
	}
}

// checkDecisions checks a pending block, destroy or re-organize decision:
// one at a time, in the action phase, and one that can be made.
func (g *game) checkDecisions(p *problems) {
	s := g.s
	t := &s.Turn
	if (t.Block != nil || t.Destroy >= 0 || t.Reorg) && s.Phase != PhaseAction {
		p.add("block, destroy or re-organize outside the action phase (%s)", s.Phase)
	}
	if t.Block != nil && (t.Destroy >= 0 || t.Reorg) || t.Destroy >= 0 && t.Reorg {
		p.add("two decisions pending at once")
	}
	if pa := t.Block; pa != nil {
		if pa.Attacker != s.Current || s.Ark.Owner != pa.Attacker || s.Ark.Card != pa.Card || !g.inRange(pa.Defender) ||
			pa.Defender == pa.Attacker || len(s.Bases[pa.Defender].Warhost) == 0 {
			p.add("impossible block decision %+v", *pa)
		}
	}
	if d := t.Destroy; d >= 0 {
		piles := 0
		if g.inRange(d) {
			for _, pile := range s.Bases[d].Fields {
				if len(pile) > 0 {
					piles++
				}
			}
		}
		if d == s.Current || piles < 2 {
			p.add("destroy decision against seat %d with %d piles", d, piles)
		}
	}
}

// isPermutation reports whether nos holds each of 1..n once.
func isPermutation(nos []int, n int) bool {
	if len(nos) != n {
		return false
	}
	seen := make([]bool, n+1)
	for _, no := range nos {
		if no < 1 || no > n || seen[no] {
			return false
		}
		seen[no] = true
	}
	return true
}
