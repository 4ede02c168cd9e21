package xibalba

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/rng"
)

// playouts is the number of random games per table size and mode; raise it
// for a longer soak: go test -run RandomPlayouts -playouts 1000.
var playouts = flag.Int("playouts", 60, "random games per table size and mode")

// testSet is the fixture card set every test uses, so tests do not depend
// on the content data in data/.
var testSet *CardSet

func TestMain(m *testing.M) {
	cards, err1 := os.ReadFile("testdata/cards.json")
	factions, err2 := os.ReadFile("testdata/factions.json")
	if err := errors.Join(err1, err2); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	cs, err := LoadCardSet(cards, factions)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	testSet = cs
	UseCardSet(cs)
	os.Exit(m.Run())
}

// randomMove picks a random legal move of a random actor, preferring moves
// that advance the game over "end" and policy changes.
func randomMove(g games.Game, r *rng.Source) (games.Seat, string) {
	actors := g.ToAct()
	a := actors[r.Intn(len(actors))]
	moves := g.LegalMoves(a.Seat)
	var useful []games.Move
	for _, m := range moves {
		if m.Group != groupPolicy && m.Group != groupEnd {
			useful = append(useful, m)
		}
	}
	if len(useful) == 0 || r.Intn(12) == 0 {
		useful = moves
	}
	return a.Seat, useful[r.Intn(len(useful))].Notation
}

// playout plays random legal moves until the game ends, checking the
// invariants after every move. It returns the moves made.
func playout(t testing.TB, g games.Game, seed uint64, maxMoves int) (games.Game, []games.RecordedMove) {
	t.Helper()
	r := rng.New(seed)
	var rec []games.RecordedMove
	for i := 0; i < maxMoves && !g.Status().Finished; i++ {
		seat, n := randomMove(g, r)
		next, _, err := games.PlayText(g, seat, n)
		if err != nil {
			t.Fatalf("move %d: seat %d %q: %v\n%s", i+1, seat, n, err, g.View(games.Spectator).Describe(games.English))
		}
		if err := next.(games.Checker).CheckInvariants(); err != nil {
			t.Fatalf("after move %d (seat %d %q): %v\n%s", i+1, seat, n, err, next.View(games.Spectator).Describe(games.English))
		}
		rec = append(rec, games.RecordedMove{Seat: seat, Notation: n})
		g = next
	}
	return g, rec
}

func TestRandomPlayouts(t *testing.T) {
	count := *playouts
	if testing.Short() {
		count = max(1, count/8)
	}
	for seats := 2; seats <= 4; seats++ {
		for _, apoc := range []bool{false, true} {
			t.Run(fmt.Sprintf("%dp/apocalypse=%v", seats, apoc), func(t *testing.T) {
				finished, moves := 0, 0
				for i := range count {
					raw := map[string]string{"apocalypse": fmt.Sprint(apoc)}
					if i%4 == 1 {
						raw["factions"] = "choose"
					}
					g, _, err := Definition.Create(seats, raw, uint64(1000*seats+i))
					if err != nil {
						t.Fatal(err)
					}
					end, rec := playout(t, g, uint64(i), 20000)
					moves += len(rec)
					if end.Status().Finished {
						finished++
					}
				}
				if finished != count {
					t.Errorf("%d of %d games finished", finished, count)
				}
				t.Logf("%d games, %.0f moves per game", count, float64(moves)/float64(count))
			})
		}
	}
}

func TestPlayoutSmoke(t *testing.T) {
	g, _, err := Definition.Create(3, nil, 42)
	if err != nil {
		t.Fatal(err)
	}
	end, rec := playout(t, g, 7, 20000)
	if !end.Status().Finished {
		t.Fatalf("not finished after %d moves", len(rec))
	}
	if !strings.Contains(end.View(0).Describe(games.German), "XIBALBA") {
		t.Error("describe lacks title")
	}
}
