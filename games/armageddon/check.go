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
	var f faults
	g.checkSurvivors(&f)
	g.checkCards(&f)
	for seat := range g.s.Players {
		g.checkPlayer(&f, seat)
	}
	g.checkTiles(&f)
	g.checkBids(&f)
	return errors.Join(f...)
}

// faults collects the invariants found broken.
type faults []error

func (f *faults) add(format string, args ...any) {
	*f = append(*f, fmt.Errorf("%w: %s", ErrInvariant, fmt.Sprintf(format, args...)))
}

// checkSurvivors counts the survivors in the bag, the box, the display, behind
// the screens, aside and in bids.
func (g *Game) checkSurvivors(f *faults) {
	s, cs := g.s, g.cs
	total := s.Bag.Add(s.Box)
	for _, d := range s.Display {
		total = total.Add(d.Survivors)
	}
	for seat, p := range s.Players {
		total = total.Add(p.Reserve)
		total[purple] += p.Aside
		if p.Reserve[red] != 0 {
			f.add("seat %d keeps %d plunderers behind the screen", seat, p.Reserve[red])
		}
	}
	for a, ar := range s.Areas {
		seen := map[int]bool{}
		for _, b := range ar.Bids {
			total = total.Add(b.Survivors)
			if seen[b.Seat] {
				f.add("seat %d bid twice in %s", b.Seat, areaKeys[a])
			}
			seen[b.Seat] = true
			if b.Survivors[red] != 0 {
				f.add("seat %d bid plunderers", b.Seat)
			}
		}
	}
	for c, n := range total {
		if n != cs.Board.Survivors[c] {
			f.add("%d %c survivors in play, want %d", n, colourLetters[c], cs.Board.Survivors[c])
		}
	}
	for _, c := range []Crowd{s.Bag, s.Box} {
		for _, n := range c {
			if n < 0 {
				f.add("a negative count of survivors: bag %s, box %s", s.Bag, s.Box)
			}
		}
	}
}

// checkCards finds every equipment and building card in one place.
func (g *Game) checkCards(f *faults) {
	s, cs := g.s, g.cs
	g.conserve(f, "equipment card", wantEquipment, func(put func(string, ...int)) {
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
	g.conserve(f, "building card", len(cs.Buildings), func(put func(string, ...int)) {
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
}

// checkPlayer checks seat's city, tracks, score and used survivors.
func (g *Game) checkPlayer(f *faults, seat int) {
	s, cs := g.s, g.cs
	p := s.Players[seat]
	hq, wt, ext := cs.printedIndex(printedHQ), cs.printedIndex(printedWatchtower), cs.printedIndex(printedExtension)
	if p.City[0] == none || cs.Buildings[p.City[0]].Type != typeHQ {
		f.add("seat %d has no headquarters on space 1", seat)
	}
	if b := p.City[1]; b == none || (b != wt && cs.Buildings[b].Upgrade != printedWatchtower) {
		f.add("seat %d has no watchtower on space 2", seat)
	}
	for sp, b := range p.City {
		if (b == hq && sp != 0) || (b == wt && sp != 1) || (b == ext && sp != citySpaces-1) {
			f.add("seat %d has a printed building on space %d", seat, sp+1)
		}
	}
	if (p.City[citySpaces-1] != none) && !p.Extension {
		f.add("seat %d built on the last space before the Extension", seat)
	}
	for _, b := range p.City {
		if b == none {
			continue
		}
		for _, x := range cs.Buildings[b].Excludes {
			if slices.ContainsFunc(p.City[:], func(o int) bool { return o != none && cs.Buildings[o].ID == x }) {
				f.add("seat %d has %s and %s", seat, cs.Buildings[b].ID, x)
			}
		}
	}
	if p.Plunderer < 1 || p.Plunderer > cs.Board.PlundererFields {
		f.add("seat %d plunderer marker on field %d", seat, p.Plunderer)
	}
	if p.Damage < 1 || p.Damage > len(cs.Board.DamageTrack) {
		f.add("seat %d damage marker on field %d", seat, p.Damage)
	}
	if p.Score < 0 {
		f.add("seat %d has %d points", seat, p.Score)
	}
	if cb, _, ok := s.bidOf(seat, areaCity); (ok && !cb.Survivors.Covers(p.Used)) || (!ok && p.Used.Total() > 0) {
		f.add("seat %d used more city survivors than it bid", seat)
	}
}

// checkTiles finds every building, bid and scoring tile in one place.
func (g *Game) checkTiles(f *faults) {
	s := g.s
	g.conserve(f, "building tile", wantBuildingTiles, func(put func(string, ...int)) {
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
	g.conserve(f, "bid tile", wantBidTiles, func(put func(string, ...int)) {
		put("stack", s.BidStack...)
		put("box", s.BidBox...)
		for _, a := range s.Areas {
			put("area", a.Tile)
		}
	})
	g.conserve(f, "scoring tile", wantScoringTiles, func(put func(string, ...int)) {
		put("public", s.Public...)
		put("box", s.ScoringBox...)
		for seat, p := range s.Players {
			put(fmt.Sprintf("private %d", seat), p.Private...)
		}
	})
}

// checkBids counts the bids placed in the bid phase.
func (g *Game) checkBids(f *faults) {
	s := g.s
	if s.Phase == phaseBid {
		if s.Step < 0 || s.Step > areas*s.Seats {
			f.add("bid step %d", s.Step)
		}
		placed := 0
		for _, a := range s.Areas {
			placed += len(a.Bids)
		}
		if placed != s.Step {
			f.add("%d bids placed at bid step %d", placed, s.Step)
		}
	}
}

// conserve checks that the ids 0..n-1 each lie in exactly one place.
func (g *Game) conserve(f *faults, what string, n int, places func(put func(string, ...int))) {
	where := make([]string, n)
	put := func(place string, ids ...int) {
		for _, id := range ids {
			if id < 0 || id >= n {
				*f = append(*f, fmt.Errorf("%w: %s %d in %s does not exist", ErrInvariant, what, id, place))
				continue
			}
			if where[id] != "" {
				*f = append(*f, fmt.Errorf("%w: %s %d is in %s and in %s", ErrInvariant, what, id, where[id], place))
			}
			where[id] = place
		}
	}
	places(put)
	for id, w := range where {
		if w == "" {
			*f = append(*f, fmt.Errorf("%w: %s %d is nowhere", ErrInvariant, what, id))
		}
	}
}
