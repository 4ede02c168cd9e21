package dei

import (
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/internal/gametest"
	"github.com/playbychat/pbc/games/rng"
)

var update = flag.Bool("update", false, "rewrite the golden replays in testdata/golden")

var names = []string{"Ana", "Bo", "Chen", "Dagmar"}

// botGame plays a whole game with the bot policy in every seat and returns
// its record and a transcript: every move with the public events it caused.
func botGame(t testing.TB, seats int, raw map[string]string, seed uint64) (games.Record, games.Game, string) {
	t.Helper()
	g, opts, err := Definition.Create(seats, raw, seed)
	if err != nil {
		t.Fatal(err)
	}
	rec := games.Record{Game: Definition.ID, Seats: seats, Options: opts, Seed: seed}
	r := rand.New(rand.NewPCG(seed, 1))
	var b strings.Builder
	for n := 0; !g.Status().Finished; n++ {
		if n > 5000 {
			t.Fatal("no end after 5000 moves")
		}
		actors := g.ToAct()
		seat := actors[0].Seat
		m := Definition.Policy(g.View(seat), g.LegalMoves(seat), r)
		next, events, err := games.PlayText(g, seat, m.Notation)
		if err != nil {
			t.Fatalf("%q: %v", m.Notation, err)
		}
		rec.Moves = append(rec.Moves, games.RecordedMove{Seat: seat, Notation: m.Notation})
		fmt.Fprintf(&b, "%s: %s\n", names[seat], m.Notation)
		for _, e := range events {
			if e.To == nil {
				fmt.Fprintf(&b, "    %s\n", games.FormatSeats(e.Text.EN, names))
			}
		}
		g = next
	}
	h, err := games.Hash(g)
	if err != nil {
		t.Fatal(err)
	}
	rec.Hash = h
	return rec, g, b.String()
}

var goldenGames = []struct {
	name  string
	seats int
	raw   map[string]string
	seed  uint64
}{
	{"two-players", 2, nil, 21},
	{"three-players-planning-draft-confrontation", 3, map[string]string{"planning": "on", "draft": "on", "confrontation": "on"}, 22},
	{"four-players-random-map-nochoice-rebellion", 4, map[string]string{"map": "random", "outposts": "random", "nochoice": "on", "rebellion": "on", "factions": "random"}, 23},
}

// TestGoldenReplays replays the games recorded in testdata/golden (the bot
// policy in every seat) and compares the final hash, the final board and
// the transcript; -update records them anew.
func TestGoldenReplays(t *testing.T) {
	for _, gg := range goldenGames {
		t.Run(gg.name, func(t *testing.T) {
			path := filepath.Join("testdata", "golden", gg.name+".json")
			transcriptPath := filepath.Join("testdata", "golden", gg.name+".txt")
			gametest.GoldenReplay(t, path, *update, func() (games.Record, games.Game) {
				rec, end, transcript := botGame(t, gg.seats, gg.raw, gg.seed)
				if err := os.WriteFile(transcriptPath, []byte(transcript), 0o644); err != nil {
					t.Fatal(err)
				}
				return rec, end
			})
			_, _, transcript := botGame(t, gg.seats, gg.raw, gg.seed)
			wantT, err := os.ReadFile(transcriptPath)
			if err != nil {
				t.Fatal(err)
			}
			if transcript != string(wantT) {
				t.Errorf("transcript differs from %s (run go test -update and read the diff)", transcriptPath)
			}
		})
	}
}

// TestRestoreMidGame restores after every move of a game and checks that the
// copy offers the same moves, the same views and continues identically.
func TestRestoreMidGame(t *testing.T) {
	g, _, err := Definition.Create(3, map[string]string{"planning": "on"}, 99)
	if err != nil {
		t.Fatal(err)
	}
	r := rng.New(5)
	for i := 0; i < 600 && !g.Status().Finished; i++ {
		data, err := g.MarshalState()
		if err != nil {
			t.Fatal(err)
		}
		copyG, err := Definition.Restore(data)
		if err != nil {
			t.Fatal(err)
		}
		for seat := games.Seat(-1); seat < 3; seat++ {
			if seat >= 0 && !reflect.DeepEqual(copyG.LegalMoves(seat), g.LegalMoves(seat)) {
				t.Fatalf("move %d: restored game offers other moves to seat %d", i, seat)
			}
			if copyG.View(seat).Describe(games.German) != g.View(seat).Describe(games.German) {
				t.Fatalf("move %d: restored game shows seat %d another view", i, seat)
			}
		}
		actors := g.ToAct()
		seat := actors[r.Intn(len(actors))].Seat
		moves := g.LegalMoves(seat)
		n := moves[r.Intn(len(moves))].Notation
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
	if _, err := Definition.Restore([]byte("{")); err == nil {
		t.Error("broken JSON was restored")
	}
}

// FuzzApply feeds arbitrary notations to a game part-way through: Apply must
// never panic, and every refusal must be a rule error.
func FuzzApply(f *testing.F) {
	for _, s := range []string{"end", "move g1 g2 2+l", "move g1 g2 99", "deploy r99", "build lift g1 r1 from g2 r2",
		"buy ta1 alt save t candy", "plan ax1,ax1", "tele g1 leader", "kill nobody", "move ...", "back", "@2.3", "mission mi99"} {
		f.Add(uint64(1), uint8(40), s)
	}
	f.Fuzz(func(t *testing.T, seed uint64, steps uint8, notation string) {
		g, _, err := Definition.Create(2+int(seed%3), map[string]string{"factions": "random", "planning": fmt.Sprint(seed%2 == 0)}, seed)
		if err != nil {
			t.Fatal(err)
		}
		r := rng.New(seed)
		for range steps {
			if g.Status().Finished {
				break
			}
			actors := g.ToAct()
			seat := actors[r.Intn(len(actors))].Seat
			moves := g.LegalMoves(seat)
			if g, _, err = games.PlayText(g, seat, moves[r.Intn(len(moves))].Notation); err != nil {
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
				t.Fatalf("Apply(%d, %q): %v", seat, notation, err)
			}
		}
	})
}

// TestOldRecordsReplay replays records made before the bot walked the menu
// (main at 920cea2): games whose menu steps ("move g3 ...", "back") were
// committed moves, and the golden games of then. Each replays to the hash it
// was recorded with; the old steps are never listed, and OldStep takes no
// step outside an action phase.
func TestOldRecordsReplay(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "old", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no old records: %v", err)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			var rec games.Record
			if err := json.Unmarshal(data, &rec); err != nil {
				t.Fatal(err)
			}
			g, _, err := Definition.Create(rec.Seats, rec.Options, rec.Seed)
			if err != nil {
				t.Fatal(err)
			}
			for i, m := range rec.Moves {
				if old, ok := g.(games.Menu).OldStep(m.Seat, m.Notation); ok {
					if _, listed := games.FindMove(g, m.Seat, m.Notation); listed {
						t.Fatalf("move %d: the old step %q is listed", i+1, m.Notation)
					}
					if old.Role != games.RoleStep && old.Role != games.RoleCancel {
						t.Fatalf("move %d: old step %q has role %d", i+1, m.Notation, old.Role)
					}
				}
				if g, _, err = games.PlayText(g, m.Seat, m.Notation); err != nil {
					t.Fatalf("move %d (%q): %v", i+1, m.Notation, err)
				}
			}
			if h, _ := games.Hash(g); h != rec.Hash {
				t.Errorf("hash %s, want %s", h, rec.Hash)
			}
		})
	}
	t.Run("no step outside an action phase", func(t *testing.T) {
		g, _, err := Definition.Create(2, nil, 1)
		if err != nil {
			t.Fatal(err)
		}
		for _, text := range []string{"faction ...", "back", "play ..."} {
			if _, ok := g.(games.Menu).OldStep(0, text); ok {
				t.Errorf("OldStep(%q) accepted at the faction choice", text)
			}
		}
	})
}
