package xenoshyft

import (
	"fmt"
	"slices"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/rng"
)

func newGame(setup games.Setup) (games.Game, error) {
	cs, err := sets.Active()
	if err != nil {
		return nil, fmt.Errorf("xenoshyft: new game: %w", err)
	}
	if setup.Seats < 1 || setup.Seats > 4 {
		return nil, refuse(msgs.Text("SeatsOneToFour"))
	}
	if len(cs.Divisions) < setup.Seats {
		return nil, refuse(msgs.Text("TooFewDivisions"))
	}
	s := &state{
		Seats:   setup.Seats,
		Set:     cs.Fingerprint,
		Options: games.Options{},
		RNG:     *rng.New(setup.Seed),
		BaseHP:  hpPerPlayer * setup.Seats,
		BaseMax: hpPerPlayer * setup.Seats,
		Combat:  combat{ReactedTo: noCard, WindowFor: noCard},
	}
	for k, v := range setup.Options {
		s.Options[k] = v
	}
	s.makeCards(cs)
	s.Players = make([]player, setup.Seats)
	s.Lanes = make([]lane, setup.Seats)
	for i := range s.Lanes {
		s.Lanes[i].State = "waiting"
	}
	g := &Game{cs: cs, s: s}
	if setup.Options.String("divisions") == "choose" {
		s.Phase = PhaseDivision
		return g, nil
	}
	order := make([]int, len(cs.Divisions))
	for i := range order {
		order[i] = i
	}
	s.RNG.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	for i := range s.Players {
		s.Players[i].Division = cs.Divisions[order[i]].Key
	}
	var log eventLog
	g.setup(&log)
	return g, nil
}

// makeCards creates every physical card, each in its supply pile.
func (s *state) makeCards(cs *CardSet) {
	add := func(kind, key string) int {
		s.Cards = append(s.Cards, card{Kind: kind, Key: key})
		return len(s.Cards) - 1
	}
	s.ResPiles = make([][]int, len(cs.Resources))
	for i, r := range cs.Resources {
		for range r.Count {
			s.ResPiles[i] = append(s.ResPiles[i], add(kindResource, r.Key))
		}
	}
	s.TroopPiles = make([][]int, len(cs.Troops))
	for i, t := range cs.Troops {
		for range t.Count {
			s.TroopPiles[i] = append(s.TroopPiles[i], add(kindTroop, t.Key))
		}
	}
	s.ItemPiles = make([][]int, len(cs.Items))
	for i, it := range cs.Items {
		for range it.Count {
			s.ItemPiles[i] = append(s.ItemPiles[i], add(kindItem, it.Key))
		}
	}
	s.Encounter = make([]pile, 3)
	for _, e := range cs.Enemies {
		for range e.Count {
			id := add(kindEnemy, e.Key)
			if e.Boss {
				// Bosses wait in the box until setup picks them.
				s.Box = append(s.Box, id)
			} else {
				s.Encounter[e.Wave-1].Deck = append(s.Encounter[e.Wave-1].Deck, id)
			}
		}
	}
}

// setup builds the decks, item stacks and encounter decks once every
// player has a division, and starts round 1.
func (g *Game) setup(log *eventLog) {
	s, cs := g.s, g.cs
	starter := 0
	for i, t := range cs.Troops {
		if t.Starter {
			starter = i
		}
	}
	one := 0
	for i, r := range cs.Resources {
		if r.Value == 1 {
			one = i
			break
		}
	}
	var fixed []int
	for i := range s.Players {
		p := &s.Players[i]
		for range 4 {
			p.Deck = append(p.Deck, takeLast(&s.TroopPiles[starter]))
		}
		for range 6 {
			p.Deck = append(p.Deck, takeLast(&s.ResPiles[one]))
		}
		for _, k := range cs.division(p.Division).Start {
			idx := cs.itemIdx[k]
			p.Deck = append(p.Deck, takeLast(&s.ItemPiles[idx]))
			if !slices.Contains(fixed, idx) {
				fixed = append(fixed, idx)
			}
		}
		g.shuffle(p.Deck)
	}
	// The militia not dealt stay in the box: they have no stack.
	s.Box = append(s.Box, s.TroopPiles[starter]...)
	s.TroopPiles[starter] = nil
	for i := range cs.Items {
		if !slices.Contains(fixed, i) {
			s.Selection = append(s.Selection, i)
		}
	}
	g.shuffle(s.Selection)
	s.Slots = make([]int, 9)
	for i := range s.Slots {
		switch {
		case i < len(fixed):
			s.Slots[i] = fixed[i]
		case len(s.Selection) > 0:
			s.Slots[i] = s.Selection[0]
			s.Selection = s.Selection[1:]
		default:
			s.Slots[i] = noCard
		}
	}
	for w := 1; w <= 3; w++ {
		var bosses []int
		for id, c := range s.Cards {
			if c.Kind == kindEnemy && cs.enemy(c.Key).Boss && cs.enemy(c.Key).Wave == w {
				bosses = append(bosses, id)
			}
		}
		if s.Seats <= 2 {
			pick := s.RNG.Intn(len(bosses))
			bosses = bosses[pick : pick+1]
		}
		for _, b := range bosses {
			s.Box = remove(s.Box, b)
		}
		s.Encounter[w-1].Deck = append(s.Encounter[w-1].Deck, bosses...)
		g.shuffle(s.Encounter[w-1].Deck)
	}
	log.add(msgs.Text("DivisionsTakePosts"), true)
	for i := range s.Players {
		log.add(msgs.Text("Commands", games.Seatf(games.Seat(i)), cs.division(s.Players[i].Division).Name), false, games.Seat(i))
	}
	s.Round = 1
	g.startRound(log)
}

func (g *Game) shuffle(ids []int) {
	g.s.RNG.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
}

func takeLast(p *[]int) int {
	n := len(*p) - 1
	id := (*p)[n]
	*p = (*p)[:n]
	return id
}
