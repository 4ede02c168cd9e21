package xibalba

import (
	"slices"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/rng"
)

func newGame(setup games.Setup) (games.Game, error) {
	cs, err := DefaultCardSet()
	if err != nil {
		return nil, err
	}
	return newWithSet(cs, setup)
}

func newWithSet(cs *CardSet, setup games.Setup) (*game, error) {
	n := setup.Seats
	if n < 2 || n > 4 {
		return nil, refuse(msgs.Text("NeedsPlayers"))
	}
	target := setup.Options.Int(OptTarget)
	if target == 0 {
		target = table.TargetDefault[n]
	}
	s := &state{
		Set: cs.Fingerprint, Seats: n, Target: target, Apocalypse: setup.Options.Bool(OptApocalypse),
		RNG: *rng.New(setup.Seed), Bases: make([]base, n), Winner: -1, Turn: turnState{Destroy: -1},
	}
	g := &game{s: s, cs: cs}
	for i := range s.Bases {
		s.Bases[i] = base{Level: 1, Resources: n, Policy: PolicyAsk}
		if p := setup.Options.String(OptBlock); p != "" {
			s.Bases[i].Policy = p
		}
	}
	faceUp := table.FaceUp
	if s.Apocalypse {
		faceUp = table.FaceUpApocalypse
	}
	for di := range s.Decks {
		p := &s.Decks[di]
		p.Draw = append([]string(nil), cs.decks[di]...)
		s.RNG.Shuffle(len(p.Draw), func(i, j int) { p.Draw[i], p.Draw[j] = p.Draw[j], p.Draw[i] })
		p.FaceUp = make([]string, faceUp)
	}
	// The ark gets the top soldier before the display is laid out.
	ark := pop(&s.Decks[0].Draw)
	s.Ark = arkState{Card: ark, Owner: -1, Life: min(g.arkCap(), g.resistance(ark, -1, true)+n)}
	g.emit(true, msgs.Text("ArkHolds", g.nameOf(ark), lifePointsText(s.Ark.Life)))
	g.refill()
	g.rollOff()
	if setup.Options.String(OptFactions) == "choose" {
		s.Phase = PhaseFaction
		s.Current = s.Starter
	} else {
		g.drawFactions()
		g.startTurn(s.Starter)
	}
	s.Log = logged(g.ev)
	g.opening, g.ev = g.ev, nil
	return g, nil
}

// Opening implements games.Opener: the ark's soldier, the roll for the
// starting player and the factions drawn.
func (g *game) Opening() []games.Event { return slices.Clone(g.opening) }

// rollOff finds the starting player: everyone rolls both paragon dice, the
// highest wins, tied players roll again.
func (g *game) rollOff() {
	s := g.s
	rolling := make([]games.Seat, s.Seats)
	for i := range rolling {
		rolling[i] = games.Seat(i)
	}
	for len(rolling) > 1 {
		best, leaders := -1, []games.Seat(nil)
		for _, seat := range rolling {
			ds := g.roll(dieParagon, 2)
			sum := faceValue(ds[0].Face) + faceValue(ds[1].Face)
			g.emit(true, msgs.Text("StarterRoll", games.Seatf(seat), facesText(ds), sum), seat)
			switch {
			case sum > best:
				best, leaders = sum, []games.Seat{seat}
			case sum == best:
				leaders = append(leaders, seat)
			}
		}
		rolling = leaders
	}
	s.Starter = rolling[0]
	g.emit(false, msgs.Text("IsStarter", games.Seatf(s.Starter)), s.Starter)
}

// drawFactions deals every player a random faction, no two from one board.
func (g *game) drawFactions() {
	s := g.s
	boards := []int{1, 2, 3, 4}
	s.RNG.Shuffle(len(boards), func(i, j int) { boards[i], boards[j] = boards[j], boards[i] })
	for i := range s.Bases {
		var sides []string
		for _, f := range g.cs.Factions {
			if f.Board == boards[i] {
				sides = append(sides, f.ID)
			}
		}
		s.Bases[i].Faction = sides[s.RNG.Intn(len(sides))]
		f := g.cs.factionBy[s.Bases[i].Faction]
		g.emit(true, msgs.Text("DrawsFaction", games.Seatf(games.Seat(i)), f.Name), games.Seat(i))
	}
}
