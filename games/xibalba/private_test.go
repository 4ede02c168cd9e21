package xibalba

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/rng"
)

// resample returns a game a spectator cannot tell from g: the draw piles
// are shuffled, every standing block choice is drawn anew and the
// generator is reseeded.
func resample(g *game, r *rng.Source) *game {
	s := g.s.clone()
	s.Log = g.s.Log
	for di := range s.Decks {
		d := s.Decks[di].Draw
		r.Shuffle(len(d), func(i, j int) { d[i], d[j] = d[j], d[i] })
	}
	for i := range s.Bases {
		s.Bases[i].Policy = policies[r.Intn(len(policies))]
	}
	s.RNG = *rng.New(r.Uint64())
	return &game{s: s, cs: g.cs}
}

func publicMoves(g games.Game, seat games.Seat) []games.Move {
	var out []games.Move
	for _, m := range g.LegalMoves(seat) {
		if !m.Private {
			out = append(out, m)
		}
	}
	return out
}

// checkPrivacy checks that every seat's public moves and picks, texts
// included, are the same in games a spectator cannot tell from g: whatever
// they say, a spectator knows already.
func checkPrivacy(t *testing.T, g *game, r *rng.Source) {
	t.Helper()
	other := resample(g, r)
	if !reflect.DeepEqual(other.View(games.Spectator), g.View(games.Spectator)) {
		t.Fatal("resampling changed the spectator's view")
	}
	for seat := range games.Seat(g.s.Seats) {
		if a, b := publicMoves(g, seat), publicMoves(other, seat); !reflect.DeepEqual(a, b) {
			t.Fatalf("seat %d: public moves depend on what a spectator cannot see:\n%v\n%v", seat, a, b)
		}
		a, b := g.Picks(seat), other.Picks(seat)
		for _, p := range a {
			if p.Private {
				t.Fatalf("seat %d: pick %q is private, but XIBALBA's dice are public", seat, p.Prefix)
			}
		}
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("seat %d: picks depend on what a spectator cannot see:\n%v\n%v", seat, a, b)
		}
	}
}

func TestPrivateMoves(t *testing.T) {
	n := 6
	if testing.Short() {
		n = 2
	}
	privates := 0
	for seats := 2; seats <= 4; seats++ {
		for i := range n {
			raw := map[string]string{"apocalypse": fmt.Sprint(i%2 == 1)}
			gg, _, err := Definition.Create(seats, raw, uint64(7300+10*seats+i))
			if err != nil {
				t.Fatal(err)
			}
			r := rng.New(uint64(i))
			for step := 0; step < 20000 && !gg.Status().Finished; step++ {
				if step%5 == 0 {
					checkPrivacy(t, gg.(*game), r)
				}
				for seat := range games.Seat(seats) {
					for _, m := range gg.LegalMoves(seat) {
						if m.Private {
							privates++
							if m.Group != groupPolicy {
								t.Fatalf("seat %d: %q is private, but only standing choices show what others do not see", seat, m.Notation)
							}
						}
					}
				}
				seat, notation := randomMove(gg, r)
				next, _, err := games.PlayText(gg, seat, notation)
				if err != nil {
					t.Fatal(err)
				}
				gg = next
			}
		}
	}
	if privates == 0 {
		t.Fatal("no private move met")
	}
}
