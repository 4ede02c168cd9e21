package armageddon

import (
	"errors"
	"fmt"
	"slices"
)

// ErrInvariant marks a broken invariant found by CheckInvariants.
var ErrInvariant = errors.New("armageddon invariant broken")

// CheckInvariants implements games.Checker: every survivor, equipment
// card, building card and tile is in exactly one place, the tracks stay
// on their fields, and each seat bids at most once per area.
func (g *Game) CheckInvariants() error {
	s, cs := g.s, g.cs
	var errs []error
	fail := func(format string, args ...any) {
		errs = append(errs, fmt.Errorf("%w: %s", ErrInvariant, fmt.Sprintf(format, args...)))
	}

	// Survivors: bag, box, display, screens, leaders aside and bids.
	total := s.Bag.Add(s.Box)
	for _, d := range s.Display {
		total = total.Add(d.Survivors)
	}
	for seat, p := range s.Players {
		total = total.Add(p.Reserve)
		total[purple] += p.Aside
		if p.Reserve[red] != 0 {
			fail("seat %d keeps %d plunderers behind the screen", seat, p.Reserve[red])
		}
	}
	for a, ar := range s.Areas {
		seen := map[int]bool{}
		for _, b := range ar.Bids {
			total = total.Add(b.Survivors)
			if seen[b.Seat] {
				fail("seat %d bid twice in %s", b.Seat, areaKeys[a])
			}
			seen[b.Seat] = true
			if b.Survivors[red] != 0 {
				fail("seat %d bid plunderers", b.Seat)
			}
		}
	}
	for c, n := range total {
		if n != cs.Board.Survivors[c] {
			fail("%d %c survivors in play, want %d", n, colourLetters[c], cs.Board.Survivors[c])
		}
	}
	for _, c := range []Crowd{s.Bag, s.Box} {
		for _, n := range c {
			if n < 0 {
				fail("a negative count of survivors: bag %s, box %s", s.Bag, s.Box)
			}
		}
	}

	// Equipment cards.
	g.conserve(&errs, "equipment card", wantEquipment, func(put func(string, ...int)) {
		put("deck", s.EquipDeck...)
		put("box", s.EquipBox...)
		for _, d := range s.Display {
			if d.Card != none {
				put("display", d.Card)
			}
		}
		for seat, p := range s.Players {
			put(fmt.Sprintf("hand %d", seat), handCards(p.Hand)...)
		}
		if pd := s.Pending; pd != nil {
			put("cards drawn", pd.Cards...)
		}
	})

	// Building cards (the printed buildings are no cards).
	g.conserve(&errs, "building card", len(cs.Buildings), func(put func(string, ...int)) {
		put("level 1 deck", s.BuildDecks[0]...)
		put("level 2 deck", s.BuildDecks[1]...)
		put("box", s.BuildBox...)
		for i, b := range cs.Buildings {
			if b.Printed != "" {
				put("printed", i)
			}
		}
		for _, d := range s.BuildDisplay {
			if d.Card != none {
				put("display", d.Card)
			}
		}
		for seat, p := range s.Players {
			for _, b := range p.City {
				if b != none && cs.Buildings[b].Printed == "" {
					put(fmt.Sprintf("city %d", seat), b)
				}
			}
		}
		if pd := s.Pending; pd != nil && pd.Kind == pendPlace {
			put("taken", pd.Card)
		}
	})
	for seat, p := range s.Players {
		hq, wt, ext := cs.printedIndex(printedHQ), cs.printedIndex(printedWatchtower), cs.printedIndex(printedExtension)
		if p.City[0] == none || cs.Buildings[p.City[0]].Type != typeHQ {
			fail("seat %d has no headquarters on space 1", seat)
		}
		if b := p.City[1]; b == none || (b != wt && cs.Buildings[b].Upgrade != printedWatchtower) {
			fail("seat %d has no watchtower on space 2", seat)
		}
		for sp, b := range p.City {
			if (b == hq && sp != 0) || (b == wt && sp != 1) || (b == ext && sp != citySpaces-1) {
				fail("seat %d has a printed building on space %d", seat, sp+1)
			}
		}
		if (p.City[citySpaces-1] != none) && !p.Extension {
			fail("seat %d built on the last space before the Extension", seat)
		}
		for _, b := range p.City {
			if b == none {
				continue
			}
			for _, x := range cs.Buildings[b].Excludes {
				if slices.ContainsFunc(p.City[:], func(o int) bool { return o != none && cs.Buildings[o].ID == x }) {
					fail("seat %d has %s and %s", seat, cs.Buildings[b].ID, x)
				}
			}
		}
		if p.Plunderer < 1 || p.Plunderer > cs.Board.PlundererFields {
			fail("seat %d plunderer marker on field %d", seat, p.Plunderer)
		}
		if p.Damage < 1 || p.Damage > len(cs.Board.DamageTrack) {
			fail("seat %d damage marker on field %d", seat, p.Damage)
		}
		if p.Score < 0 {
			fail("seat %d has %d points", seat, p.Score)
		}
		if cb, _, ok := s.bidOf(seat, areaCity); (ok && !cb.Survivors.Covers(p.Used)) || (!ok && p.Used.Total() > 0) {
			fail("seat %d used more city survivors than it bid", seat)
		}
	}

	// Building tiles: stack, display, box, a taken one, House tiles.
	g.conserve(&errs, "building tile", wantBuildingTiles, func(put func(string, ...int)) {
		put("stack", s.TileStack...)
		put("box", s.TileBox...)
		for _, d := range s.BuildDisplay {
			if d.Tile != none {
				put("display", d.Tile)
			}
		}
		for seat, p := range s.Players {
			put(fmt.Sprintf("house %d", seat), p.HouseTiles...)
		}
		if pd := s.Pending; pd != nil && pd.Kind == pendPlace && pd.Tile != none {
			put("taken", pd.Tile)
		}
	})
	g.conserve(&errs, "bid tile", wantBidTiles, func(put func(string, ...int)) {
		put("stack", s.BidStack...)
		put("box", s.BidBox...)
		for _, a := range s.Areas {
			put("area", a.Tile)
		}
	})
	g.conserve(&errs, "scoring tile", wantScoringTiles, func(put func(string, ...int)) {
		put("public", s.Public...)
		put("box", s.ScoringBox...)
		for seat, p := range s.Players {
			put(fmt.Sprintf("private %d", seat), p.Private...)
		}
	})
	if s.Phase == phaseBid {
		if s.Step < 0 || s.Step > areas*s.Seats {
			fail("bid step %d", s.Step)
		}
		placed := 0
		for _, a := range s.Areas {
			placed += len(a.Bids)
		}
		if placed != s.Step {
			fail("%d bids placed at bid step %d", placed, s.Step)
		}
	}
	return errors.Join(errs...)
}

// conserve checks that the ids 0..n-1 each lie in exactly one place.
func (g *Game) conserve(errs *[]error, what string, n int, places func(put func(string, ...int))) {
	where := make([]string, n)
	put := func(place string, ids ...int) {
		for _, id := range ids {
			if id < 0 || id >= n {
				*errs = append(*errs, fmt.Errorf("%w: %s %d in %s does not exist", ErrInvariant, what, id, place))
				continue
			}
			if where[id] != "" {
				*errs = append(*errs, fmt.Errorf("%w: %s %d is in %s and in %s", ErrInvariant, what, id, where[id], place))
			}
			where[id] = place
		}
	}
	places(put)
	for id, w := range where {
		if w == "" {
			*errs = append(*errs, fmt.Errorf("%w: %s %d is nowhere", ErrInvariant, what, id))
		}
	}
}
