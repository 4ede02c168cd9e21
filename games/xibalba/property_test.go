package xibalba

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/rng"
)

// notListed derives notations close to the legal ones (other numbers,
// other players, extra words) plus some nonsense, keeping those that are
// not legal.
func notListed(legal []games.Move, r *rng.Source) []string {
	set := map[string]bool{}
	for _, m := range legal {
		set[m.Notation] = true
	}
	cands := []string{"end", "gather", "loot", "enter", "upgrade", "pharma", "weapontech", "assault", "harvest",
		"keep all", "done", "block", "noblock", "reorganize", "attack ark 1", "attack p1 1", "attack p5 1",
		"pool 4r2a", "pool 5r1a", "pool 3r4a", "reroll 9", "destroy f1", "destroy f5", "discard warhost",
		"discard soldier 3", "buy soldier 1 f1", "buy event 1", "faction rebels", "policy block=maybe", "use s01"}
	for _, m := range legal {
		f := strings.Fields(m.Notation)
		i := r.Intn(len(f))
		if n, err := strconv.Atoi(f[i]); err == nil {
			f[i] = strconv.Itoa(n + 1 + r.Intn(3))
		} else if len(f[i]) == 2 && (f[i][0] == 'p' || f[i][0] == 'f') {
			f[i] = f[i][:1] + strconv.Itoa(1+r.Intn(5))
		} else {
			f = append(f, "x")
		}
		cands = append(cands, strings.Join(f, " "), m.Notation+" p2")
	}
	var out []string
	for _, c := range cands {
		if !set[c] {
			out = append(out, c)
		}
	}
	return out
}

// TestLegalMovesAreExactlyApplicable plays random games and, in every
// position, applies every listed move of every seat (each must succeed and
// keep the invariants) and many unlisted ones (each must be refused with a
// rule error), leaving the original game unchanged. Every actor must have a
// move other than a policy change, and a seat that is not asked to act has
// only policy moves. Views never name a card in a draw pile.
func TestLegalMovesAreExactlyApplicable(t *testing.T) {
	count := 4
	if testing.Short() {
		count = 2
	}
	for i := range count {
		seats := 2 + i%3
		raw := map[string]string{"apocalypse": fmt.Sprint(i%2 == 1)}
		if i%3 == 2 {
			raw["factions"] = "choose"
		}
		t.Run(fmt.Sprintf("%dp/%d", seats, i), func(t *testing.T) {
			t.Parallel()
			checkEveryMove(t, seats, raw, uint64(500+i), 250)
		})
	}
}

func checkEveryMove(t *testing.T, seats int, raw map[string]string, seed uint64, positions int) {
	g, _, err := Definition.Create(seats, raw, seed)
	if err != nil {
		t.Fatal(err)
	}
	r := rng.New(seed)
	for pos := 0; pos < positions && !g.Status().Finished; pos++ {
		acting := map[games.Seat]bool{}
		for _, a := range g.ToAct() {
			acting[a.Seat] = true
		}
		if len(acting) == 0 {
			t.Fatalf("position %d: nobody may act in an unfinished game", pos)
		}
		if pos%5 == 0 {
			checkNoDeckOrder(t, g)
		}
		before := mustState(t, g)
		for seat := games.Seat(0); int(seat) < seats; seat++ {
			legal := g.LegalMoves(seat)
			busy := slices.ContainsFunc(legal, func(m games.Move) bool { return m.Group != groupPolicy })
			if busy != acting[seat] {
				t.Fatalf("position %d: seat %d acting %v but has non-policy moves %v: %v", pos, seat, acting[seat], busy, notations(legal))
			}
			for _, m := range legal {
				next, _, err := games.PlayText(g, seat, m.Notation)
				if err != nil {
					t.Fatalf("position %d: listed move %q of seat %d refused: %v", pos, m.Notation, seat, err)
				}
				if err := next.(games.Checker).CheckInvariants(); err != nil {
					t.Fatalf("position %d: after %q of seat %d: %v", pos, m.Notation, seat, err)
				}
			}
			for _, n := range notListed(legal, r) {
				if _, _, err := games.PlayText(g, seat, n); err == nil {
					t.Fatalf("position %d: unlisted move %q of seat %d accepted", pos, n, seat)
				} else if _, ok := games.AsRuleError(err); !ok {
					t.Fatalf("position %d: unlisted move %q of seat %d: %v is no rule error", pos, n, seat, err)
				}
			}
		}
		if !bytes.Equal(before, mustState(t, g)) {
			t.Fatalf("position %d: applying moves changed the original game", pos)
		}
		seat, n := randomMove(g, r)
		if g, _, err = games.PlayText(g, seat, n); err != nil {
			t.Fatal(err)
		}
	}
}

// checkNoDeckOrder fails if any view names a card still in a draw pile.
func checkNoDeckOrder(t *testing.T, g games.Game) {
	t.Helper()
	for seat := games.Spectator; int(seat) < g.Seats(); seat++ {
		data, err := json.Marshal(g.View(seat))
		if err != nil {
			t.Fatal(err)
		}
		text := string(data) + g.View(seat).Describe(games.English)
		for _, p := range st(g).Decks {
			for _, id := range p.Draw {
				if strings.Contains(text, `"`+id+`"`) || strings.Contains(text, "("+id+")") || strings.Contains(text, " "+id+" ") {
					t.Fatalf("the view of seat %d names %s, a card in a draw pile", seat, id)
				}
			}
		}
	}
}
