package armageddon

import (
	"encoding/json"
	"testing"

	"github.com/playbychat/pbc/games"
)

// disguise changes what only seat o may know: the colours behind its
// screen (not their number), which cards of its hand nobody saw, and its
// private scoring tiles. It reports whether anything could be changed.
func disguise(g *Game, o int) (*Game, bool) {
	s := g.s.clone()
	p := &s.Players[o]
	changed := false
	switch {
	case p.Reserve[green] > 0 && s.Bag[blue] > 0:
		p.Reserve[green]--
		p.Reserve[blue]++
		s.Bag[green]++
		s.Bag[blue]--
		changed = true
	case p.Reserve[green] == 0 && p.Reserve[blue] > 0 && s.Bag[green] > 0:
		p.Reserve[blue]--
		p.Reserve[green]++
		s.Bag[blue]++
		s.Bag[green]--
		changed = true
	}
	// A seat searching the deck sees it: then the hand stays.
	searching := s.Pending != nil && s.Pending.Kind == pendSearchTake
	for i, h := range p.Hand {
		if h.Known || searching {
			continue
		}
		for j, c := range s.EquipDeck {
			if g.cs.cardKinds[c] != g.cs.cardKinds[h.Card] {
				p.Hand[i].Card, s.EquipDeck[j] = c, h.Card
				changed = true
				break
			}
		}
	}
	if len(s.ScoringBox) > 0 && p.Chosen == none {
		p.Private[0], s.ScoringBox[0] = s.ScoringBox[0], p.Private[0]
		changed = true
	}
	return &Game{cs: g.cs, s: s}, changed
}

func viewJSON(t *testing.T, g games.Game, seat games.Seat) string {
	t.Helper()
	v := g.View(seat)
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(data) + v.Describe(games.English) + v.Describe(games.German)
}

// TestViewsHideOtherSeats checks along random games that no seat's view
// (nor the spectator's) changes when another seat's reserve, secret cards
// or private tiles change, while with open screens the reserve shows.
func TestViewsHideOtherSeats(t *testing.T) {
	for _, screens := range []string{"closed", "open"} {
		t.Run(screens, func(t *testing.T) {
			checked, shown, moves := 0, 0, 0
			playRandom(t, 4, map[string]string{"screens": screens}, 11, func(gg games.Game) {
				g := gg.(*Game)
				if moves++; g.s.Phase == phaseOver || moves%4 != 0 {
					return
				}
				for o := range g.Seats() {
					d, changed := disguise(g, o)
					if !changed {
						continue
					}
					for v := games.Spectator; int(v) < g.Seats(); v++ {
						if int(v) == o {
							continue
						}
						same := viewJSON(t, g, v) == viewJSON(t, d, v)
						if screens == "closed" && !same {
							t.Fatalf("seat %d sees a change of seat %d's hidden pieces\n%s", v, o, g.View(v).Describe(games.English))
						}
						if !same {
							shown++
						}
						checked++
					}
				}
			})
			if checked == 0 {
				t.Fatal("nothing was checked")
			}
			if screens == "open" && shown == 0 {
				t.Fatal("open screens never showed a reserve")
			}
		})
	}
}

// TestPrivateEventsStayPrivate checks that no public event of a random
// game names the cards a seat drew, kept or took from the deck.
func TestPrivateEventsStayPrivate(t *testing.T) {
	g, _, err := Definition.Create(4, nil, 3)
	if err != nil {
		t.Fatal(err)
	}
	private := 0
	for n := 0; !g.Status().Finished; n++ {
		seat := g.ToAct()[0].Seat
		moves := g.LegalMoves(seat)
		next, events, err := games.PlayText(g, seat, moves[n%len(moves)].Notation)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range events {
			if e.To != nil {
				private++
				// Only a note to the mover of its own choice reveals nothing.
				if len(e.To) != 1 || (!e.Reveal && e.To[0] != seat) {
					t.Fatalf("private event %q of seat %d's move goes to %v, reveal %v", e.Text.EN, seat, e.To, e.Reveal)
				}
				continue
			}
			for _, word := range []string{"You draw", "You keep", "You take", "You chose", "deck holds"} {
				if contains(e.Text.EN, word) {
					t.Fatalf("public event %q", e.Text.EN)
				}
			}
		}
		g = next
	}
	if private == 0 {
		t.Fatal("no private event in a whole game")
	}
}

func contains(s, sub string) bool {
	return len(sub) <= len(s) && (s[:len(sub)] == sub || contains(s[1:], sub))
}
