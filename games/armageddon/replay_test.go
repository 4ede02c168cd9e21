package armageddon

import (
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/internal/gametest"
)

var update = flag.Bool("update", false, "rewrite the golden replays in testdata/golden")

// goldenCases are whole games of policy seats kept as records (.json) and
// as readable transcripts of every move and public event (.txt).
var goldenCases = []struct {
	name  string
	seats int
	seed  uint64
	opts  map[string]string
}{
	{"three-players", 3, 301, map[string]string{"screens": "closed"}},
	{"four-players-open", 4, 401, map[string]string{"screens": "open"}},
}

// transcript replays rec and writes each move with the public events it
// caused, in English, then the final view.
func transcript(t *testing.T, rec games.Record) (string, games.Game) {
	t.Helper()
	g, _, err := Definition.Create(rec.Seats, rec.Options, rec.Seed)
	if err != nil {
		t.Fatal(err)
	}
	names := []string{"Ana", "Ben", "Cleo", "Dev"}
	var b strings.Builder
	for i, m := range rec.Moves {
		next, events, err := games.PlayText(g, m.Seat, m.Notation)
		if err != nil {
			t.Fatalf("move %d %q: %v", i+1, m.Notation, err)
		}
		fmt.Fprintf(&b, "%d %s: %s\n", i+1, names[m.Seat], m.Notation)
		for _, e := range events {
			if e.To == nil {
				fmt.Fprintf(&b, "  %s\n", games.FormatSeats(e.Text.EN, names))
			}
		}
		g = next
	}
	b.WriteString("\n" + games.FormatSeats(g.View(games.Spectator).Describe(games.English), names))
	return b.String(), g
}

// TestGoldenReplays replays the recorded games in testdata/golden (hash,
// end and final board) and compares the transcript of each with its .txt;
// -update records them anew.
func TestGoldenReplays(t *testing.T) {
	for _, tc := range goldenCases {
		t.Run(tc.name, func(t *testing.T) {
			base := filepath.Join("testdata", "golden", tc.name)
			gametest.GoldenReplay(t, base+".json", *update, func() (games.Record, games.Game) {
				return recordPolicyGame(t, tc.seats, tc.opts, tc.seed)
			})
			data, err := os.ReadFile(base + ".json")
			if err != nil {
				t.Fatal(err)
			}
			var golden struct {
				Record games.Record `json:"record"`
			}
			if err := json.Unmarshal(data, &golden); err != nil {
				t.Fatal(err)
			}
			text, _ := transcript(t, golden.Record)
			if *update {
				if err := os.WriteFile(base+".txt", []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(base + ".txt")
			if err != nil {
				t.Fatal(err)
			}
			if text != string(want) {
				got, wantLines := strings.Split(text, "\n"), strings.Split(string(want), "\n")
				for i := range min(len(got), len(wantLines)) {
					if got[i] != wantLines[i] {
						t.Fatalf("transcript differs at line %d:\n got %q\nwant %q\n(go test -update rewrites it)", i+1, got[i], wantLines[i])
					}
				}
				t.Fatalf("transcript has %d lines, want %d", len(got), len(wantLines))
			}
		})
	}
}

// recordPolicyGame plays a game with the policy in every seat.
func recordPolicyGame(t *testing.T, seats int, opts map[string]string, seed uint64) (games.Record, games.Game) {
	g, resolved, err := Definition.Create(seats, opts, seed)
	if err != nil {
		t.Fatal(err)
	}
	rec := games.Record{Game: ID, Seats: seats, Options: resolved, Seed: seed}
	r := rand.New(rand.NewPCG(seed, 3))
	for !g.Status().Finished {
		acts := g.ToAct()
		seat := acts[r.IntN(len(acts))].Seat
		m := Definition.Policy(g.View(seat), g.LegalMoves(seat), r)
		if g, _, err = games.PlayText(g, seat, m.Notation); err != nil {
			t.Fatal(err)
		}
		rec.Moves = append(rec.Moves, games.RecordedMove{Seat: seat, Notation: m.Notation})
	}
	rec.Hash, _ = games.Hash(g)
	return rec, g
}
