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
	seen := make([]int, len(s.Cards))
	where := make([]string, len(s.Cards))
	var errs []error
	put := func(place string, ids ...int) {
		for _, id := range ids {
			if id < 0 || id >= len(s.Cards) {
				errs = append(errs, fmt.Errorf("%w: card %d in %s does not exist", ErrInvariant, id, place))
				continue
			}
			seen[id]++
			if seen[id] > 1 {
				errs = append(errs, fmt.Errorf("%w: card c%d is in %s and in %s", ErrInvariant, id, where[id], place))
			}
			where[id] = place
		}
	}
	kind := func(place, want string, ids ...int) {
		for _, id := range ids {
			if id >= 0 && id < len(s.Cards) && s.Cards[id].Kind != want {
				errs = append(errs, fmt.Errorf("%w: %s holds c%d, a %s", ErrInvariant, place, id, s.Cards[id].Kind))
			}
		}
	}
	// key checks that a stack holds only cards of its own type.
	key := func(place, want string, ids ...int) {
		for _, id := range ids {
			if id >= 0 && id < len(s.Cards) && s.Cards[id].Key != want {
				errs = append(errs, fmt.Errorf("%w: %s of %s holds c%d, a %s", ErrInvariant, place, want, id, s.Cards[id].Key))
			}
		}
	}
	for i, p := range s.TroopPiles {
		put(fmt.Sprintf("troop pile %d", i), p...)
		kind("troop pile", kindTroop, p...)
		key("troop pile", g.cs.Troops[i].Key, p...)
	}
	for i, p := range s.ItemPiles {
		put(fmt.Sprintf("item pile %d", i), p...)
		kind("item pile", kindItem, p...)
		key("item pile", g.cs.Items[i].Key, p...)
	}
	for i, p := range s.ResPiles {
		put(fmt.Sprintf("resource pile %d", i), p...)
		kind("resource pile", kindResource, p...)
		key("resource pile", g.cs.Resources[i].Key, p...)
	}
	for w, p := range s.Encounter {
		put(fmt.Sprintf("encounter deck %d", w+1), p.Deck...)
		put(fmt.Sprintf("encounter discard %d", w+1), p.Discard...)
		kind("encounter deck", kindEnemy, p.Deck...)
		kind("encounter discard", kindEnemy, p.Discard...)
		for _, id := range append(slices.Clone(p.Deck), p.Discard...) {
			if id >= 0 && id < len(s.Cards) && s.Cards[id].Kind == kindEnemy && g.cs.enemy(s.Cards[id].Key).Wave != w+1 {
				errs = append(errs, fmt.Errorf("%w: wave %d encounter pile holds c%d of wave %d", ErrInvariant, w+1, id, g.cs.enemy(s.Cards[id].Key).Wave))
			}
		}
	}
	put("box", s.Box...)
	for i, p := range s.Players {
		put(fmt.Sprintf("deck of seat %d", i), p.Deck...)
		put(fmt.Sprintf("hand of seat %d", i), p.Hand...)
		put(fmt.Sprintf("discard of seat %d", i), p.Discard...)
		for _, id := range append(append(append([]int{}, p.Deck...), p.Hand...), p.Discard...) {
			if s.Cards[id].Kind == kindEnemy {
				errs = append(errs, fmt.Errorf("%w: enemy c%d among the cards of seat %d", ErrInvariant, id, i))
			}
		}
		for _, id := range p.Bought {
			if !slices.Contains(p.Hand, id) {
				errs = append(errs, fmt.Errorf("%w: c%d bought by seat %d is not in its hand", ErrInvariant, id, i))
			}
		}
		if p.Spent < 0 {
			errs = append(errs, fmt.Errorf("%w: seat %d spent %d", ErrInvariant, i, p.Spent))
		}
	}
	for li, l := range s.Lanes {
		if len(l.Troops) > laneZones {
			errs = append(errs, fmt.Errorf("%w: lane %d holds %d troops", ErrInvariant, li+1, len(l.Troops)))
		}
		for _, t := range l.Troops {
			put(fmt.Sprintf("lane %d", li+1), t.ID)
			kind("troop zone", kindTroop, t.ID)
			for _, slot := range []struct {
				kind string
				id   int
			}{{"weapon", t.Weapon}, {"armour", t.Armour}} {
				if slot.id == noCard {
					continue
				}
				put(fmt.Sprintf("lane %d %s", li+1, slot.kind), slot.id)
				kind(slot.kind+" slot", kindItem, slot.id)
				if slot.id >= 0 && slot.id < len(s.Cards) && s.Cards[slot.id].Kind == kindItem && g.cs.item(s.Cards[slot.id].Key).Kind != slot.kind {
					errs = append(errs, fmt.Errorf("%w: the %s slot of c%d holds c%d, a %s", ErrInvariant, slot.kind, t.ID, slot.id, g.cs.item(s.Cards[slot.id].Key).Kind))
				}
			}
			if t.Damage < 0 || t.Damage >= g.troopHP(li, t) {
				errs = append(errs, fmt.Errorf("%w: troop c%d has %d damage of %d hit points", ErrInvariant, t.ID, t.Damage, g.troopHP(li, t)))
			}
		}
		for _, e := range l.Enemies {
			put(fmt.Sprintf("enemy zone %d", li+1), e.ID)
			kind("enemy zone", kindEnemy, e.ID)
			// While reveal effects wait for their order, dead enemies stay
			// until the card's effects are over.
			if e.Damage < 0 || (s.Pending == nil && e.Damage >= g.cs.enemy(s.Cards[e.ID].Key).HP) {
				errs = append(errs, fmt.Errorf("%w: enemy c%d has %d damage", ErrInvariant, e.ID, e.Damage))
			}
		}
	}
	for id, n := range seen {
		if n == 0 {
			errs = append(errs, fmt.Errorf("%w: card c%d (%s) is nowhere", ErrInvariant, id, s.Cards[id].Key))
		}
	}
	if s.BaseHP > s.BaseMax || s.BaseHP < 0 {
		errs = append(errs, fmt.Errorf("%w: base has %d of %d hit points", ErrInvariant, s.BaseHP, s.BaseMax))
	}
	if s.BaseMax != hpPerPlayer*s.Seats {
		errs = append(errs, fmt.Errorf("%w: base maximum %d for %d players", ErrInvariant, s.BaseMax, s.Seats))
	}
	if (s.Pending != nil || s.Combat.Window) && s.Phase != phaseCombat {
		errs = append(errs, fmt.Errorf("%w: a reaction window or reveal order outside the combat phase", ErrInvariant))
	}
	if s.BaseHP == 0 && s.Phase != phaseOver && s.Phase != phaseDivision {
		errs = append(errs, fmt.Errorf("%w: base destroyed but the game goes on", ErrInvariant))
	}
	return errors.Join(errs...)
}
