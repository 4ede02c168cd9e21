package xibalba

import (
	"flag"
	"fmt"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/internal/gametest"
	"github.com/playbychat/pbc/games/rng"
)

var update = flag.Bool("update", false, "rewrite the golden replays in testdata/golden")

// recordRandomGame plays a random game and returns its record.
func recordRandomGame(t testing.TB, seats int, raw map[string]string, seed uint64) (games.Record, games.Game) {
	t.Helper()
	g, opts, err := Definition.Create(seats, raw, seed)
	if err != nil {
		t.Fatal(err)
	}
	end, moves := playout(t, g, seed*7+1, 20000)
	h, err := games.Hash(end)
	if err != nil {
		t.Fatal(err)
	}
	return games.Record{Game: Definition.ID, Seats: seats, Options: opts, Seed: seed, Moves: moves, Hash: h}, end
}

func TestReplayDeterminism(t *testing.T) {
	for seats := 2; seats <= 4; seats++ {
		t.Run(fmt.Sprintf("%dp", seats), func(t *testing.T) {
			rec, end := recordRandomGame(t, seats, map[string]string{"apocalypse": fmt.Sprint(seats == 3)}, uint64(seats))
			again, err := games.Replay(rec)
			if err != nil {
				t.Fatal(err)
			}
			if h, _ := games.Hash(again); h != rec.Hash {
				t.Errorf("replay hash %s, want %s", h, rec.Hash)
			}
			data, err := end.MarshalState()
			if err != nil {
				t.Fatal(err)
			}
			restored, err := Definition.Restore(data)
			if err != nil {
				t.Fatal(err)
			}
			if h, _ := games.Hash(restored); h != rec.Hash {
				t.Errorf("restored hash %s, want %s", h, rec.Hash)
			}
			if !reflect.DeepEqual(restored.View(0), end.View(0)) || !reflect.DeepEqual(restored.Status(), end.Status()) {
				t.Error("restored game differs from the original")
			}
		})
	}
}

// TestRestoreMidGame restores after every move of a game and checks that the
// copy offers the same moves and continues identically.
func TestRestoreMidGame(t *testing.T) {
	g, _, err := Definition.Create(3, nil, 99)
	if err != nil {
		t.Fatal(err)
	}
	r := rng.New(5)
	for i := 0; i < 400 && !g.Status().Finished; i++ {
		data, err := g.MarshalState()
		if err != nil {
			t.Fatal(err)
		}
		copyG, err := Definition.Restore(data)
		if err != nil {
			t.Fatal(err)
		}
		for seat := games.Seat(0); seat < 3; seat++ {
			if !reflect.DeepEqual(copyG.LegalMoves(seat), g.LegalMoves(seat)) {
				t.Fatalf("move %d: restored game offers other moves to seat %d", i, seat)
			}
		}
		seat, n := randomMove(g, r)
		a, _, errA := games.PlayText(g, seat, n)
		b, _, errB := games.PlayText(copyG, seat, n)
		if errA != nil || errB != nil {
			t.Fatalf("move %d %q: %v / %v", i, n, errA, errB)
		}
		ha, _ := games.Hash(a)
		hb, _ := games.Hash(b)
		if ha != hb {
			t.Fatalf("move %d %q: original and restored game diverge", i, n)
		}
		g = a
	}
}

func TestRestoreUnknownCardSet(t *testing.T) {
	g := fixture(t, fxArkHolder)
	g.s.Set = "0000000000000000"
	data, _ := g.MarshalState()
	if _, err := Definition.Restore(data); err == nil {
		t.Error("a state of an unknown card set was restored")
	}
	if _, err := Definition.Restore([]byte("{")); err == nil {
		t.Error("broken JSON was restored")
	}
}

var goldenGames = []struct {
	name  string
	seats int
	raw   map[string]string
	seed  uint64
}{
	{"two-player", 2, nil, 11},
	{"three-player-apocalypse", 3, map[string]string{"apocalypse": "on"}, 12},
	{"four-player-choose", 4, map[string]string{"factions": "choose", "target": "10"}, 13},
}

// TestGoldenReplays replays the recorded games in testdata/golden; -update
// records them anew.
func TestGoldenReplays(t *testing.T) {
	for _, gg := range goldenGames {
		t.Run(gg.name, func(t *testing.T) {
			path := filepath.Join("testdata", "golden", gg.name+".json")
			gametest.GoldenReplay(t, path, *update, func() (games.Record, games.Game) {
				return recordRandomGame(t, gg.seats, gg.raw, gg.seed)
			})
		})
	}
}

// FuzzApply feeds arbitrary notations to a game part-way through: Apply must
// never panic, and every refusal must be a rule error.
func FuzzApply(f *testing.F) {
	for _, s := range []string{"end", "attack ark 2", "attack p2 9", "buy civilian 1 f9", "reroll 1,9", "reroll 0", "pool 9r9a",
		"use s01 p9 f9", "resolve c01 p0", "move s01 f0", "destroy f5", "discard soldier 7", "policy block=maybe", "faction nobody", "p"} {
		f.Add(uint64(1), uint8(30), s)
	}
	f.Fuzz(func(t *testing.T, seed uint64, steps uint8, notation string) {
		g, _, err := Definition.Create(2+int(seed%3), map[string]string{"factions": []string{"random", "choose"}[seed%2]}, seed)
		if err != nil {
			t.Fatal(err)
		}
		r := rng.New(seed)
		for range steps {
			if g.Status().Finished {
				break
			}
			seat, n := randomMove(g, r)
			if g, _, err = games.PlayText(g, seat, n); err != nil {
				t.Fatal(err)
			}
		}
		for seat := games.Seat(-1); seat <= 4; seat++ {
			next, _, err := games.PlayText(g, seat, notation)
			if err != nil {
				if _, ok := games.AsRuleError(err); !ok {
					t.Fatalf("Apply(%d, %q) = %v, not a rule error", seat, notation, err)
				}
				continue
			}
			if err := next.(games.Checker).CheckInvariants(); err != nil {
				t.Fatalf("Apply(%d, %q) broke invariants: %v", seat, notation, err)
			}
		}
	})
}

// BenchmarkRandomGame measures engine throughput over whole random games
// (moves/op is reported; ns/op divided by it is the cost of one move).
func BenchmarkRandomGame(b *testing.B) {
	moves := 0
	for i := 0; b.Loop(); i++ {
		g, _, err := Definition.Create(2+i%3, nil, uint64(i))
		if err != nil {
			b.Fatal(err)
		}
		r := rng.New(uint64(i))
		for !g.Status().Finished {
			seat, n := randomMove(g, r)
			if g, _, err = games.PlayText(g, seat, n); err != nil {
				b.Fatal(err)
			}
			moves++
		}
	}
	b.ReportMetric(float64(moves)/float64(b.N), "moves/op")
}
