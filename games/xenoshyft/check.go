package xenoshyft

import (
	"errors"
	"fmt"
	"slices"
)

// ErrInvariant marks a broken invariant found by CheckInvariants.
var ErrInvariant = errors.New("xenoshyft invariant broken")

// CheckInvariants implements games.Checker: every card is in exactly one
// place, lanes hold at most four troops, each card in the right kind of
// place, and hit points stay within their bounds.
func (g *Game) CheckInvariants() error {
	s := g.s
	a := &audit{g: g, seen: make([]int, len(s.Cards)), where: make([]string, len(s.Cards))}
	a.piles()
	a.players()
	for li, l := range s.Lanes {
		a.lane(li, l)
	}
	for id, n := range a.seen {
		if n == 0 {
			a.failf("card c%d (%s) is nowhere", id, s.Cards[id].Key)
		}
	}
	if s.BaseHP > s.BaseMax || s.BaseHP < 0 {
		a.failf("base has %d of %d hit points", s.BaseHP, s.BaseMax)
	}
	if s.BaseMax != hpPerPlayer*s.Seats {
		a.failf("base maximum %d for %d players", s.BaseMax, s.Seats)
	}
	if (s.Pending != nil || s.Combat.Window) && s.Phase != PhaseCombat {
		a.failf("a reaction window or reveal order outside the combat phase")
	}
	if s.BaseHP == 0 && s.Phase != PhaseOver && s.Phase != PhaseDivision {
		a.failf("base destroyed but the game goes on")
	}
	return errors.Join(a.errs...)
}

// audit collects the broken invariants of one game: seen counts the
// places each card was found in, where names the last of them.
type audit struct {
	g     *Game
	seen  []int
	where []string
	errs  []error
}

func (a *audit) failf(format string, args ...any) {
	a.errs = append(a.errs, fmt.Errorf("%w: "+format, append([]any{ErrInvariant}, args...)...))
}

// exists reports whether id is a card of the game.
func (a *audit) exists(id int) bool { return id >= 0 && id < len(a.g.s.Cards) }

// put records that the cards ids lie in place.
func (a *audit) put(place string, ids ...int) {
	for _, id := range ids {
		if !a.exists(id) {
			a.failf("card %d in %s does not exist", id, place)
			continue
		}
		a.seen[id]++
		if a.seen[id] > 1 {
			a.failf("card c%d is in %s and in %s", id, a.where[id], place)
		}
		a.where[id] = place
	}
}

// kind checks that place holds only cards of a kind.
func (a *audit) kind(place, want string, ids ...int) {
	for _, id := range ids {
		if a.exists(id) && a.g.s.Cards[id].Kind != want {
			a.failf("%s holds c%d, a %s", place, id, a.g.s.Cards[id].Kind)
		}
	}
}

// key checks that a stack holds only cards of its own type.
func (a *audit) key(place, want string, ids ...int) {
	for _, id := range ids {
		if a.exists(id) && a.g.s.Cards[id].Key != want {
			a.failf("%s of %s holds c%d, a %s", place, want, id, a.g.s.Cards[id].Key)
		}
	}
}

// piles checks the supply piles, the encounter decks and the box.
func (a *audit) piles() {
	s, cs := a.g.s, a.g.cs
	for i, p := range s.TroopPiles {
		a.put(fmt.Sprintf("troop pile %d", i), p...)
		a.kind("troop pile", kindTroop, p...)
		a.key("troop pile", cs.Troops[i].Key, p...)
	}
	for i, p := range s.ItemPiles {
		a.put(fmt.Sprintf("item pile %d", i), p...)
		a.kind("item pile", kindItem, p...)
		a.key("item pile", cs.Items[i].Key, p...)
	}
	for i, p := range s.ResPiles {
		a.put(fmt.Sprintf("resource pile %d", i), p...)
		a.kind("resource pile", kindResource, p...)
		a.key("resource pile", cs.Resources[i].Key, p...)
	}
	for w, p := range s.Encounter {
		a.put(fmt.Sprintf("encounter deck %d", w+1), p.Deck...)
		a.put(fmt.Sprintf("encounter discard %d", w+1), p.Discard...)
		a.kind("encounter deck", kindEnemy, p.Deck...)
		a.kind("encounter discard", kindEnemy, p.Discard...)
		for _, id := range append(slices.Clone(p.Deck), p.Discard...) {
			if a.exists(id) && s.Cards[id].Kind == kindEnemy && cs.enemy(s.Cards[id].Key).Wave != w+1 {
				a.failf("wave %d encounter pile holds c%d of wave %d", w+1, id, cs.enemy(s.Cards[id].Key).Wave)
			}
		}
	}
	a.put("box", s.Box...)
}

// players checks each seat's deck, hand, discard pile and purchases.
func (a *audit) players() {
	s := a.g.s
	for i, p := range s.Players {
		a.put(fmt.Sprintf("deck of seat %d", i), p.Deck...)
		a.put(fmt.Sprintf("hand of seat %d", i), p.Hand...)
		a.put(fmt.Sprintf("discard of seat %d", i), p.Discard...)
		for _, id := range slices.Concat(p.Deck, p.Hand, p.Discard) {
			if s.Cards[id].Kind == kindEnemy {
				a.failf("enemy c%d among the cards of seat %d", id, i)
			}
		}
		for _, id := range p.Bought {
			if !slices.Contains(p.Hand, id) {
				a.failf("c%d bought by seat %d is not in its hand", id, i)
			}
		}
		if p.Spent < 0 {
			a.failf("seat %d spent %d", i, p.Spent)
		}
	}
}

// lane checks a lane's troops with their equipment, and its enemies.
func (a *audit) lane(li int, l lane) {
	s, g := a.g.s, a.g
	if len(l.Troops) > laneZones {
		a.failf("lane %d holds %d troops", li+1, len(l.Troops))
	}
	for _, t := range l.Troops {
		a.put(fmt.Sprintf("lane %d", li+1), t.ID)
		a.kind("troop zone", kindTroop, t.ID)
		a.equipment(li, t, "weapon", t.Weapon)
		a.equipment(li, t, "armour", t.Armour)
		if t.Damage < 0 || t.Damage >= g.troopHP(li, t) {
			a.failf("troop c%d has %d damage of %d hit points", t.ID, t.Damage, g.troopHP(li, t))
		}
	}
	for _, e := range l.Enemies {
		a.put(fmt.Sprintf("enemy zone %d", li+1), e.ID)
		a.kind("enemy zone", kindEnemy, e.ID)
		// While reveal effects wait for their order, dead enemies stay
		// until the card's effects are over.
		if e.Damage < 0 || (s.Pending == nil && e.Damage >= g.cs.enemy(s.Cards[e.ID].Key).HP) {
			a.failf("enemy c%d has %d damage", e.ID, e.Damage)
		}
	}
}

// equipment checks the card id in troop t's slot of a kind.
func (a *audit) equipment(li int, t troop, slot string, id int) {
	if id == noCard {
		return
	}
	s := a.g.s
	a.put(fmt.Sprintf("lane %d %s", li+1, slot), id)
	a.kind(slot+" slot", kindItem, id)
	if a.exists(id) && s.Cards[id].Kind == kindItem && a.g.cs.item(s.Cards[id].Key).Kind != slot {
		a.failf("the %s slot of c%d holds c%d, a %s", slot, t.ID, id, a.g.cs.item(s.Cards[id].Key).Kind)
	}
}
