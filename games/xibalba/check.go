package xibalba

import (
	"errors"
	"fmt"
	"slices"

	"github.com/playbychat/pbc/games"
)

// CheckInvariants implements games.Checker: caps, card conservation, ark
// occupancy and pile rules.
func (g *game) CheckInvariants() error {
	s := g.s
	// seen maps a card id's slot (deck letter and number) to where it was
	// found.
	var seen [400]string
	count := 0
	var errs []error
	place := func(id, where string) {
		if g.card(id) == nil {
			errs = append(errs, fmt.Errorf("unknown card %q at %s", id, where))
			return
		}
		i := slot(id)
		if prev := seen[i]; prev != "" {
			errs = append(errs, fmt.Errorf("card %s both at %s and at %s", id, prev, where))
		}
		seen[i] = where
		count++
	}
	for di, p := range s.Decks {
		name := deckNames[di]
		where := name + " deck"
		for _, id := range slices.Concat(p.Draw, p.Discard) {
			place(id, where)
			if c := g.card(id); c != nil && c.Deck != name {
				errs = append(errs, fmt.Errorf("card %s of the %s deck is in the %s deck", id, c.Deck, name))
			}
		}
		for _, id := range p.FaceUp {
			if id != "" {
				place(id, name+" display")
			} else if len(p.Draw)+len(p.Discard) > 0 {
				errs = append(errs, fmt.Errorf("empty %s slot while cards are left", name))
			}
		}
	}
	if s.Ark.Card != "" {
		place(s.Ark.Card, "ark")
		if s.Ark.Life < 1 || s.Ark.Life > g.arkCap() {
			errs = append(errs, fmt.Errorf("ark life %d outside 1-%d", s.Ark.Life, g.arkCap()))
		}
	} else if s.Ark.Owner != -1 || s.Ark.Life != 0 {
		errs = append(errs, fmt.Errorf("empty ark with owner %d, life %d", s.Ark.Owner, s.Ark.Life))
	}
	for i, b := range s.Bases {
		who := fmt.Sprintf("seat %d", i)
		if b.Resources < 0 || b.Resources > table.MaxResources {
			errs = append(errs, fmt.Errorf("%s resources %d", who, b.Resources))
		}
		if b.Paragon < 0 || b.Paragon > table.MaxParagon {
			errs = append(errs, fmt.Errorf("%s paragon %d", who, b.Paragon))
		}
		if b.Level < 1 || b.Level > 4 {
			errs = append(errs, fmt.Errorf("%s level %d", who, b.Level))
		}
		where := who + " warhost"
		for _, id := range b.Warhost {
			place(id, where)
			if c := g.card(id); c != nil && c.Deck != DeckSoldier {
				errs = append(errs, fmt.Errorf("%s warhost holds %s", who, id))
			}
		}
		unlocked := 1
		if g.cs.factionBy[b.Faction] != nil {
			unlocked = g.fieldsUnlocked(games.Seat(i))
		}
		for f, p := range b.Fields {
			if len(p) > 0 && f >= unlocked {
				errs = append(errs, fmt.Errorf("%s field %d is locked but holds cards", who, f+1))
			}
			where := fmt.Sprintf("%s field %d", who, f+1)
			for _, id := range p {
				place(id, where)
				if c := g.card(id); c != nil && (c.Deck != g.card(p[0]).Deck || c.Deck == DeckSoldier || c.Deck == DeckEvent) {
					errs = append(errs, fmt.Errorf("%s field %d mixes or misplaces %s", who, f+1, id))
				}
			}
		}
	}
	if count != len(g.cs.Cards) {
		errs = append(errs, fmt.Errorf("%d cards in play, the set has %d", count, len(g.cs.Cards)))
	}
	for _, d := range slices.Concat(s.Turn.Kept, s.Turn.Rolled) {
		if !slices.Contains(faces(d.Kind), d.Face) && !(d.Kind == dieAttack && d.Face == faceCrit) {
			errs = append(errs, fmt.Errorf("die %v has an impossible face", d))
		}
	}
	if r := s.Turn.Resource; r < 0 || r > table.MaxPerType || s.Turn.Attack < 0 || s.Turn.Attack > table.MaxPerType {
		errs = append(errs, fmt.Errorf("pool %d resource + %d attack dice", r, s.Turn.Attack))
	}
	if s.Winner >= 0 && s.Bases[s.Winner].Paragon < s.Target {
		errs = append(errs, fmt.Errorf("winner %d has only %d paragon", s.Winner, s.Bases[s.Winner].Paragon))
	}
	errs = append(errs, g.checkTurn()...)
	return errors.Join(errs...)
}

// knownPhases are the phases a state may be in.
var knownPhases = []string{PhaseFaction, PhaseEffect, PhasePool, PhaseDice, PhaseRoll, PhaseAction, PhaseOver}

// checkTurn checks the turn bookkeeping: seats in range, dice where the
// phase allows them, pending cards active, a pending block or destroy
// decision that can be made, factions one per board.
func (g *game) checkTurn() []error {
	s := g.s
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	inRange := func(seat games.Seat) bool { return seat >= 0 && int(seat) < s.Seats }
	if !slices.Contains(knownPhases, s.Phase) {
		bad("unknown phase %q", s.Phase)
	}
	if (s.Winner >= 0) != (s.Phase == PhaseOver) || (s.Winner >= 0 && !inRange(s.Winner)) {
		bad("winner %d in phase %s", s.Winner, s.Phase)
	}
	if !inRange(s.Current) || !inRange(s.Starter) || (s.Ark.Owner != -1 && !inRange(s.Ark.Owner)) {
		bad("seat out of range: current %d, starter %d, ark owner %d", s.Current, s.Starter, s.Ark.Owner)
	}
	if s.Target < 1 || s.Target > table.MaxParagon {
		bad("target %d", s.Target)
	}
	boards := map[int]bool{}
	for i, b := range s.Bases {
		if !slices.Contains(policies, b.Policy) {
			bad("seat %d policy %q", i, b.Policy)
		}
		if b.Faction == "" {
			if s.Phase != PhaseFaction {
				bad("seat %d has no faction in phase %s", i, s.Phase)
			}
			continue
		}
		f := g.cs.factionBy[b.Faction]
		if f == nil {
			bad("seat %d has unknown faction %q", i, b.Faction)
			continue
		}
		if boards[f.Board] {
			bad("two players share board %d", f.Board)
		}
		boards[f.Board] = true
	}
	t := &s.Turn
	if len(t.Rolled) > 0 && s.Phase != PhaseRoll {
		bad("%d dice rolled in phase %s", len(t.Rolled), s.Phase)
	}
	if len(t.Kept) > 0 && s.Phase == PhaseFaction {
		bad("%d dice kept before the first turn", len(t.Kept))
	}
	if t.Rerolls < 0 {
		bad("%d re-rolls", t.Rerolls)
	}
	rolled := s.Phase == PhaseRoll || s.Phase == PhaseAction
	if s.Phase != PhaseOver && t.HasRolled != rolled {
		bad("initial roll made %v in phase %s", t.HasRolled, s.Phase)
	}
	if (s.Phase == PhaseEffect || s.Phase == PhasePool) && (t.Resource != 0 || t.Attack != 0) {
		bad("pool %dr%da chosen in phase %s", t.Resource, t.Attack, s.Phase)
	}
	if t.Upgraded && s.Phase != PhaseAction && s.Phase != PhaseOver {
		bad("upgraded in phase %s", s.Phase)
	}
	if len(t.Pending) > 0 {
		timing := map[string]string{PhaseEffect: TimingEffect, PhaseDice: TimingDice}[s.Phase]
		active := g.cardsWithTiming(s.Current, timing)
		for i, id := range t.Pending {
			if timing == "" || !slices.Contains(active, id) || slices.Contains(t.Pending[:i], id) {
				bad("pending card %s in phase %s is not an active %s card once", id, s.Phase, timing)
			}
		}
	}
	if (t.Block != nil || t.Destroy >= 0 || t.Reorg) && s.Phase != PhaseAction {
		bad("block, destroy or re-organize outside the action phase (%s)", s.Phase)
	}
	if t.Block != nil && (t.Destroy >= 0 || t.Reorg) || t.Destroy >= 0 && t.Reorg {
		bad("two decisions pending at once")
	}
	if pa := t.Block; pa != nil {
		if pa.Attacker != s.Current || s.Ark.Owner != pa.Attacker || s.Ark.Card != pa.Card || !inRange(pa.Defender) ||
			pa.Defender == pa.Attacker || len(s.Bases[pa.Defender].Warhost) == 0 {
			bad("impossible block decision %+v", *pa)
		}
	}
	if d := t.Destroy; d >= 0 {
		piles := 0
		if inRange(d) {
			for _, p := range s.Bases[d].Fields {
				if len(p) > 0 {
					piles++
				}
			}
		}
		if d == s.Current || piles < 2 {
			bad("destroy decision against seat %d with %d piles", d, piles)
		}
	}
	return errs
}
