package xibalba_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/xibalba"
	"github.com/playbychat/pbc/images"
	"github.com/playbychat/pbc/images/imagetest"
	xr "github.com/playbychat/pbc/images/xibalba"
)

// prefs is the fixed policy of the scripted games: the first notation
// prefix with a legal move wins; for buys the last matching move (the
// highest field) is taken so that bases spread over their fields.
var prefs = []string{"pool 3r3a", "keep all", "gather", "paragon", "attack", "enter",
	"buy soldier", "buy structure", "buy civilian", "upgrade", "block", "destroy", "resolve", "end"}

func policy(ms []games.Move) string {
	for _, p := range prefs {
		pick := ""
		for _, m := range ms {
			if strings.HasPrefix(m.Notation, p) {
				pick = m.Notation
				if !strings.HasPrefix(p, "buy") {
					break
				}
			}
		}
		if pick != "" {
			return pick
		}
	}
	for _, m := range ms {
		if m.Group != "policy" {
			return m.Notation
		}
	}
	return ms[0].Notation
}

// play creates a game with seed 7 and plays the given moves, then the
// policy until stop says the view is the one wanted. It returns the view
// and the public events of the turn that passed last or goes on, in lang:
// the changes of the board's strip.
func play(t *testing.T, seats int, raw map[string]string, moves []string, stop func(*xibalba.View) bool, lang games.Lang) (*xibalba.View, []string) {
	t.Helper()
	g, _, err := xibalba.Definition.Create(seats, raw, 7)
	if err != nil {
		t.Fatal(err)
	}
	var changes []string
	passed := false // the last move passed the turn: its board showed the changes
	for step := 0; step < 2000; step++ {
		v := g.View(games.Spectator).(*xibalba.View)
		if len(moves) == 0 && stop(v) {
			if acts := g.ToAct(); len(acts) > 0 {
				return g.View(acts[0].Seat).(*xibalba.View), changes
			}
			return v, changes
		}
		if g.Status().Finished {
			break
		}
		seat := g.ToAct()[0].Seat
		m := ""
		if len(moves) > 0 {
			m, moves = moves[0], moves[1:]
		} else {
			m = policy(g.LegalMoves(seat))
		}
		next, events, err := games.PlayText(g, seat, m)
		if err != nil {
			t.Fatalf("step %d: %s by seat %d: %v", step, m, seat, err)
		}
		if passed {
			changes = nil
		}
		acts := next.ToAct()
		passed = len(acts) == 0 || acts[0].Seat != seat
		for _, e := range events {
			if e.VisibleTo(games.Spectator) {
				changes = append(changes, games.FormatSeats(e.Text.In(lang), names))
			}
		}
		g = next
	}
	t.Fatal("the scripted game never reached the wanted board")
	return nil, nil
}

// TestGoldenFromEngine draws boards of games the engine played: a fixed
// seed, fixed first moves, then the fixed policy until the wanted board. The
// views are stored in testdata/views/engine-*.json so that changes to the
// engine's cards or rules do not move the golden pictures; -update plays the
// games again and rewrites views and pictures.
func TestGoldenFromEngine(t *testing.T) {
	tests := []struct {
		name  string
		seats int
		raw   map[string]string
		moves []string
		stop  func(*xibalba.View) bool
		lang  games.Lang
	}{
		{"engine-two-player-start", 2, nil, []string{"pool 4r2a", "reroll #1,#2,#3"},
			func(*xibalba.View) bool { return true }, games.English},
		{"engine-four-player-block", 4, map[string]string{"target": "30"}, nil,
			func(v *xibalba.View) bool { return v.Round >= 5 && v.Block != nil && v.Ark.Controller >= 0 }, games.English},
		{"engine-apocalypse", 3, map[string]string{"apocalypse": "true", "target": "30"}, nil,
			func(v *xibalba.View) bool { return v.Round >= 4 && v.Phase == xibalba.PhaseAction }, games.German},
		{"engine-effect-phase", 3, map[string]string{"target": "30"}, nil,
			func(v *xibalba.View) bool { return v.Round >= 3 && len(v.Pending) > 1 }, games.English},
		{"engine-faction-choice", 3, map[string]string{"factions": "choose"}, nil,
			func(*xibalba.View) bool { return true }, games.German},
		{"engine-game-over", 4, map[string]string{"target": "15"}, nil,
			func(v *xibalba.View) bool { return v.Winner >= 0 }, games.English},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if imagetest.Updating() {
				v, changes := play(t, tt.seats, tt.raw, tt.moves, tt.stop, tt.lang)
				saveJSON(t, tt.name, v)
				saveJSON(t, tt.name+".changes", changes)
			}
			var changes []string
			loadJSON(t, tt.name+".changes", &changes)
			img, err := xr.Renderer.Render(loadView(t, tt.name), names, tt.lang, changes)
			if err != nil {
				t.Fatal(err)
			}
			imagetest.Golden(t, tt.name+"-"+string(tt.lang), img)
			imagetest.StripLegible(t, tt.name, img)
			imagetest.EncodedClose(t, tt.name, img)
		})
	}
}

func saveJSON(t *testing.T, name string, v any) {
	t.Helper()
	data, err := json.MarshalIndent(v, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join("testdata", "views", name+".json"), append(data, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestRandomGames renders views of random legal games, for the spectator
// and the seat to act: no error, the right size, alt text within Discord's
// limit and free of seat placeholders.
func TestRandomGames(t *testing.T) {
	n, steps := 2, 200
	if testing.Short() {
		n, steps = 1, 100
	}
	for seed := uint64(1); seed <= uint64(n); seed++ {
		seats := 2 + int(seed%3)
		raw := map[string]string{"apocalypse": strconv.FormatBool(seed%2 == 0)}
		t.Run(fmt.Sprintf("seed %d, %d seats", seed, seats), func(t *testing.T) {
			randomGame(t, seed, seats, raw, steps)
		})
	}
}

func randomGame(t *testing.T, seed uint64, seats int, raw map[string]string, steps int) {
	g, _, err := xibalba.Definition.Create(seats, raw, seed)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 99))
	for step := 0; step < steps && !g.Status().Finished; step++ {
		seat := g.ToAct()[0].Seat
		if step%50 == 0 {
			checkRender(t, g.View(games.Spectator))
			checkRender(t, g.View(seat))
		}
		ms := g.LegalMoves(seat)
		m := ms[r.IntN(len(ms))].Notation
		if g, _, err = games.PlayText(g, seat, m); err != nil {
			t.Fatalf("step %d: %s: %v", step, m, err)
		}
	}
	checkRender(t, g.View(games.Spectator))
}

func checkRender(t *testing.T, v games.View) {
	t.Helper()
	img, err := xr.Renderer.Render(v, names[:1], games.German, []string{"Ana hat 3 Ressourcen gesammelt."})
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != images.Width || b.Dy() != images.Height {
		t.Fatalf("size %v", b.Size())
	}
	alt := xr.Renderer.Alt(v, names[:1], games.English)
	if n := utf8.RuneCountInString(alt); n == 0 || n > images.MaxAlt {
		t.Fatalf("alt text has %d characters", n)
	}
	if strings.Contains(alt, "{p") {
		t.Fatalf("alt text has a seat placeholder: %s", alt)
	}
}
