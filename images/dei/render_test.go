package dei_test

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/dei"
	"github.com/playbychat/pbc/images"
	dr "github.com/playbychat/pbc/images/dei"
	"github.com/playbychat/pbc/images/imagetest"
)

var names = []string{"Ana", "Bartholomew the Bold", "Chen", "Dagmar"}

// play plays the bot policy in every seat from a fixed seed until stop.
func play(t testing.TB, seats int, raw map[string]string, stop func(*dei.View) bool) games.Game {
	t.Helper()
	g, _, err := dei.Definition.Create(seats, raw, 7)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(7, 7))
	for step := 0; step < 5000 && !g.Status().Finished; step++ {
		if stop(g.View(games.Spectator).(*dei.View)) {
			return g
		}
		seat := g.ToAct()[0].Seat
		m := dei.Definition.Policy(g.View(seat), g.LegalMoves(seat), r)
		if g, _, err = games.PlayText(g, seat, m.Notation); err != nil {
			t.Fatal(err)
		}
	}
	if !stop(g.View(games.Spectator).(*dei.View)) {
		t.Fatal("the scripted game never reached the wanted table")
	}
	return g
}

// saved loads a game state stored in testdata/states (played anew with
// -update), so that engine changes move the golden pictures only when the
// stored states are rewritten.
func saved(t *testing.T, name string, make func() games.Game) games.Game {
	t.Helper()
	path := filepath.Join("testdata", "states", name+".json")
	if imagetest.Updating() {
		data, err := make().MarshalState()
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update)", err)
	}
	g, err := dei.Definition.Restore(data)
	if err != nil {
		t.Fatalf("%v (the content changed? run with -update)", err)
	}
	return g
}

func inRound(r, phase int) func(*dei.View) bool {
	return func(v *dei.View) bool { return v.Round > r || v.Round == r && v.Phase >= phase }
}

// oneFactionChosen stops in the faction choice once one seat has chosen.
func oneFactionChosen(v *dei.View) bool {
	return v.Stage == "faction" && slices.ContainsFunc(v.Offer, func(f dei.FactionOffer) bool { return f.Seat >= 0 })
}

// TestGolden draws tables of games the bot played with a fixed seed.
func TestGolden(t *testing.T) {
	tests := []struct {
		name  string
		seats int
		raw   map[string]string
		stop  func(*dei.View) bool
		seat  games.Seat
		lang  games.Lang
	}{
		{"board-2p", 2, nil, inRound(2, 2), games.Spectator, games.German},
		{"board-3p", 3, map[string]string{"confrontation": "on"}, inRound(3, 1), games.Spectator, games.English},
		{"board-4p", 4, map[string]string{"map": "random"}, inRound(4, 1), games.Spectator, games.English},
		{"hand-4p-planning", 4, map[string]string{"planning": "on"}, inRound(2, 3), 1, games.English},
		{"game-over-3p", 3, nil, func(v *dei.View) bool { return v.Finished }, games.Spectator, games.German},
		{"factions-3p", 3, nil, oneFactionChosen, 2, games.German},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := saved(t, tt.name, func() games.Game { return play(t, tt.seats, tt.raw, tt.stop) })
			v := g.View(tt.seat)
			img, err := dr.Renderer.Render(v, names, tt.lang, []string{"Ana plays AX1.", "Ana moves 2 scrappers from G3 to G4."})
			if err != nil {
				t.Fatal(err)
			}
			imagetest.Golden(t, tt.name, img)
			imagetest.StripLegible(t, tt.name, img)
			alt := dr.Renderer.Alt(v, names, tt.lang)
			// No empty brackets of a faction not chosen yet, no heading
			// of an empty map.
			if n := utf8.RuneCountInString(images.TruncateAlt(alt)); n == 0 || strings.Contains(alt, "{p") ||
				strings.Contains(alt, "()") || strings.HasSuffix(alt, ":") {
				t.Errorf("alt text (%d characters): %s", n, alt)
			}
		})
	}
}

// TestRegistered: the bot finds the renderer by the game id.
func TestRegistered(t *testing.T) {
	if images.For("dei") != dr.Renderer {
		t.Error("images.For(\"dei\") is not the D.E.I. renderer")
	}
}

// TestWrongViewType refuses another game's view.
func TestWrongViewType(t *testing.T) {
	if _, err := dr.Renderer.Render(wrongView{}, nil, games.English, nil); err == nil {
		t.Error("rendered a view of another game")
	}
}

type wrongView struct{}

func (wrongView) GameID() string             { return "other" }
func (wrongView) Viewer() games.Seat         { return games.Spectator }
func (wrongView) Describe(games.Lang) string { return "other" }
