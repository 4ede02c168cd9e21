package xenoshyft

import (
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"testing"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/rng"
)

// namedRef finds the card ids ("c17") a move's notation or label names.
var namedRef = regexp.MustCompile(`\bc(\d+)\b`)

func namedCards(m games.Move) []int {
	var ids []int
	for _, text := range []string{m.Notation, m.Label.EN, m.Label.DE} {
		for _, sub := range namedRef.FindAllStringSubmatch(text, -1) {
			id, _ := strconv.Atoi(sub[1])
			ids = append(ids, id)
		}
	}
	return ids
}

// publicCards lists the card ids a spectator's view shows face up.
func publicCards(v *View) []int {
	ids := slices.Clone(v.OrderPending)
	for _, l := range v.Lanes {
		for _, t := range l.Troops {
			ids = append(ids, t.Card.ID)
			if t.Weapon != nil {
				ids = append(ids, t.Weapon.ID)
			}
			if t.Armour != nil {
				ids = append(ids, t.Armour.ID)
			}
		}
		for _, e := range l.Enemies {
			if e.FaceUp {
				ids = append(ids, e.ID)
			}
		}
	}
	for _, p := range v.Players {
		for _, c := range p.Shown {
			ids = append(ids, c.ID)
		}
	}
	return ids
}

// resample returns a copy of s whose hidden cards are dealt anew: each
// player's hand (except cards shown or just bought), deck and discard pile
// are shuffled together and dealt back in the same sizes, and the face-down
// enemies and encounter piles of each wave are shuffled together. A
// spectator cannot tell the copy from s.
func resample(g *Game, r *rng.Source) *Game {
	c := g.s.clone()
	for i := range c.Players {
		p := &c.Players[i]
		var fixed, pool []int
		for _, id := range p.Hand {
			if slices.Contains(p.Shown, id) || slices.Contains(p.Bought, id) {
				fixed = append(fixed, id)
			} else {
				pool = append(pool, id)
			}
		}
		hand, deck := len(pool), len(p.Deck)
		pool = append(append(pool, p.Deck...), p.Discard...)
		r.Shuffle(len(pool), func(a, b int) { pool[a], pool[b] = pool[b], pool[a] })
		p.Hand = append(fixed, pool[:hand]...)
		p.Deck = slices.Clone(pool[hand : hand+deck])
		p.Discard = slices.Clone(pool[hand+deck:])
	}
	for w := range c.Encounter {
		type place struct{ lane, zone int }
		var hidden []place
		ids := slices.Clone(c.Encounter[w].Deck)
		ids = append(ids, c.Encounter[w].Discard...)
		for li, l := range c.Lanes {
			for j, e := range l.Enemies {
				if !e.Up && g.cs.enemy(c.Cards[e.ID].Key).Wave == w+1 {
					hidden = append(hidden, place{li, j})
					ids = append(ids, e.ID)
				}
			}
		}
		r.Shuffle(len(ids), func(a, b int) { ids[a], ids[b] = ids[b], ids[a] })
		deck, discard := len(c.Encounter[w].Deck), len(c.Encounter[w].Discard)
		c.Encounter[w].Deck = slices.Clone(ids[:deck])
		c.Encounter[w].Discard = slices.Clone(ids[deck : deck+discard])
		for k, at := range hidden {
			c.Lanes[at.lane].Enemies[at.zone].ID = ids[deck+discard+k]
		}
	}
	return &Game{cs: g.cs, s: c}
}

// checkPrivacy checks every seat's moves in g: a move naming a card of the
// mover's hand is private, and only such moves are; a public move names
// only cards a spectator sees, and its text stays the same in games a
// spectator cannot tell from g (hidden cards dealt anew).
func checkPrivacy(t *testing.T, g *Game, r *rng.Source) {
	t.Helper()
	spec := g.View(games.Spectator).(*View)
	public := publicCards(spec)
	other := resample(g, r)
	if !reflect.DeepEqual(other.View(games.Spectator), spec) {
		t.Fatalf("resampling changed the spectator's view:\n%s\n%s", spec.Describe(games.English), other.View(games.Spectator).Describe(games.English))
	}
	for seat := range games.Seat(g.s.Seats) {
		hand := g.s.Players[seat].Hand
		for _, m := range g.LegalMoves(seat) {
			names := namedCards(m)
			ownsHand := slices.ContainsFunc(names, func(id int) bool { return slices.Contains(hand, id) })
			if ownsHand != m.Private {
				t.Fatalf("seat %d: move %q (%s) names a hand card: %v, is private: %v", seat, m.Notation, m.Label.EN, ownsHand, m.Private)
			}
			if m.Private {
				continue
			}
			for _, id := range names {
				if !slices.Contains(public, id) {
					t.Fatalf("seat %d: public move %q (%s) names c%d, which a spectator does not see", seat, m.Notation, m.Label.EN, id)
				}
			}
			pm, err := parseMove(m.Notation)
			if err != nil {
				t.Fatalf("seat %d: legal move %q does not parse: %v", seat, m.Notation, err)
			}
			if o := other.describeMove(seat, pm); o.Label != m.Label || o.Private {
				t.Fatalf("seat %d: public move %q reads %q, but %q in a game a spectator cannot tell apart",
					seat, m.Notation, m.Label.EN, o.Label.EN)
			}
		}
	}
}

func TestPrivateMoves(t *testing.T) {
	n := 5
	if testing.Short() {
		n = 2
	}
	for seats := 1; seats <= 4; seats++ {
		for i := range n {
			seed := uint64(9100 + 10*seats + i)
			checked := 0
			playRandom(t, seats, seed, func(g *Game, step int, _ []games.Event) {
				if step%7 == 0 {
					checkPrivacy(t, g, rng.New(seed+uint64(step)))
					checked++
				}
			})
			if checked < 10 {
				t.Fatalf("%d players, seed %d: only %d states checked", seats, seed, checked)
			}
		}
	}
}

// TestPrivateMovesSeen checks that the privacy test meets every kind of
// private move: its fixtures would otherwise pass by never asking.
func TestPrivateMovesSeen(t *testing.T) {
	seen := map[string]bool{}
	for seats := 1; seats <= 4; seats++ {
		playRandom(t, seats, uint64(9200+seats), func(g *Game, _ int, _ []games.Event) {
			for seat := range games.Seat(g.s.Seats) {
				for _, m := range g.LegalMoves(seat) {
					if m.Private {
						seen[m.Group] = true
					}
				}
			}
		})
	}
	for _, group := range []string{"deploy", "equip", "discard", "play", "return"} {
		if !seen[group] {
			t.Errorf("no private %q move met", group)
		}
	}
	for group := range seen {
		if !slices.Contains([]string{"deploy", "equip", "discard", "play", "return"}, group) {
			t.Errorf("a %q move was private", group)
		}
	}
}

// playRandom plays a game with greedy and random moves to its end, calling
// visit with every state reached and the events of the move that led there.
func playRandom(t *testing.T, seats int, seed uint64, visit func(g *Game, step int, events []games.Event)) {
	t.Helper()
	g, _, err := Definition.Create(seats, nil, seed)
	if err != nil {
		t.Fatal(err)
	}
	pick := rng.New(seed)
	var events []games.Event
	for step := 0; ; step++ {
		if step > 20000 {
			t.Fatalf("seed %d: game does not end", seed)
		}
		visit(g.(*Game), step, events)
		if g.Status().Finished {
			return
		}
		actors := g.ToAct()
		a := actors[pick.Intn(len(actors))]
		notation := greedyMove(g, a.Seat, pick)
		if pick.Intn(3) == 0 {
			var phase []games.Move
			for _, m := range g.LegalMoves(a.Seat) {
				if m.Group != games.SettingGroup {
					phase = append(phase, m)
				}
			}
			notation = phase[pick.Intn(len(phase))].Notation
		}
		next, evs, err := games.PlayText(g, a.Seat, notation)
		if err != nil {
			t.Fatalf("seed %d: %q by seat %d: %v", seed, notation, a.Seat, err)
		}
		g, events = next, evs
	}
}
