package armageddon

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/playbychat/pbc/games"
)

// candidates are notations worth trying in any state: every move
// vocabulary with small arguments, legal or not.
func candidates(cs *CardSet) []string {
	var out []string
	crowds := []string{"0", "g1", "g2", "b1", "y1", "p1", "g1,p1", "g1,b1", "g3", "g2,b1,y1", "r1", "g9"}
	for _, a := range areaKeys {
		for _, c := range crowds {
			out = append(out, "bid "+a+" "+c)
		}
	}
	for i := 1; i <= 5; i++ {
		out = append(out, fmt.Sprintf("take %d", i))
	}
	for i := 1; i <= citySpaces; i++ {
		out = append(out, fmt.Sprintf("build %d", i))
		for _, act := range "ab" {
			for _, c := range crowds {
				out = append(out, fmt.Sprintf("use %d%c %s", i, act, c))
			}
			out = append(out, fmt.Sprintf("use %d%c g2 b", i, act), fmt.Sprintf("use %d%c g1,p1 y", i, act))
		}
	}
	out = append(out, "build box", "done", "swap none")
	for _, w := range []string{swapScreen, swapBid, swapCity} {
		out = append(out, "swap "+w+" b", "swap "+w+" y")
	}
	for _, e := range cs.Equipment {
		out = append(out, "discard "+e.ID, "keep "+e.ID, "take "+e.ID)
	}
	for _, t := range cs.ScoringTiles {
		out = append(out, "score "+t.ID)
	}
	for _, c := range crowds {
		out = append(out, "release "+c, "repair "+c, "extension "+c)
	}
	return out
}

// TestLegalMovesAreExactlyAccepted checks along random games that every
// listed move is accepted and that every candidate notation not listed is
// refused with a rule error, for every seat; a seat that must act is told
// the rule's reason.
func TestLegalMovesAreExactlyAccepted(t *testing.T) {
	cands := candidates(DefaultCardSet())
	n := 0
	seeds := 3
	if testing.Short() {
		seeds = 1
	}
	for seed := range seeds {
		playRandom(t, 3+seed%2, nil, uint64(100+seed), func(gg games.Game) {
			n++
			if n%3 != 0 {
				return
			}
			g := gg.(*Game)
			for seat := range g.Seats() {
				legal := g.LegalMoves(games.Seat(seat))
				var notations []string
				for _, m := range legal {
					notations = append(notations, m.Notation)
					if _, _, err := games.PlayText(g, games.Seat(seat), m.Notation); err != nil {
						t.Fatalf("listed move %q of seat %d refused: %v\n%s", m.Notation, seat, err, g.View(games.Seat(seat)).Describe(games.English))
					}
				}
				for _, c := range cands {
					if slices.Contains(notations, c) {
						continue
					}
					_, _, err := games.PlayText(g, games.Seat(seat), c)
					if err == nil {
						t.Fatalf("unlisted move %q of seat %d accepted\n%s", c, seat, g.View(games.Seat(seat)).Describe(games.English))
					}
					if _, ok := games.AsRuleError(err); !ok {
						t.Fatalf("move %q refused without a rule error: %v", c, err)
					}
					if len(legal) > 0 && errors.Is(err, games.ErrIllegalMove) {
						t.Fatalf("move %q of seat %d refused without the rule's reason\n%s", c, seat, g.View(games.Seat(seat)).Describe(games.English))
					}
				}
			}
		})
	}
}

// TestPicksMakeLegalMoves checks that every pick's single-item choices and
// the whole reserve make notations among the legal moves.
func TestPicksMakeLegalMoves(t *testing.T) {
	checked := 0
	playRandom(t, 4, nil, 5, func(gg games.Game) {
		g := gg.(*Game)
		for seat := range g.Seats() {
			legal := map[string]bool{}
			for _, m := range g.LegalMoves(games.Seat(seat)) {
				legal[m.Notation] = true
			}
			for _, p := range g.Picks(games.Seat(seat)) {
				if len(p.Items) > 25 {
					continue
				}
				for _, it := range p.Items {
					n := p.Notation([]string{it.Value})
					if p.Prefix == verbRelease {
						if c, _ := parseCrowd(it.Value); c.Total() != g.s.Players[seat].Short {
							continue
						}
					}
					if !legal[n] {
						t.Fatalf("pick %q item %q makes %q, not a legal move", p.Prefix, it.Value, n)
					}
					checked++
				}
			}
		}
	})
	if checked == 0 {
		t.Fatal("no pick was checked")
	}
}
