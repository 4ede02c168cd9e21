package armageddon_test

import (
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/armageddon"
	"github.com/playbychat/pbc/images"
	ar "github.com/playbychat/pbc/images/armageddon"
	"github.com/playbychat/pbc/images/imagetest"
)

var names = []string{"Ana", "Bartholomew the Bold", "Chen", "Dagmar"}

// play creates a game with seed 7 and lets the engine's bot policy play
// every seat until stop is true. It returns the game and the public
// events, in lang, of the last move: the changes of the board's strip.
func play(t testing.TB, seats int, opts map[string]string, stop func(*armageddon.View) bool, lang games.Lang) (games.Game, []string) {
	t.Helper()
	g, _, err := armageddon.Definition.Create(seats, opts, 7)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(7, 7))
	var changes []string
	for range 3000 {
		if stop(g.View(games.Spectator).(*armageddon.View)) {
			return g, changes
		}
		acts := g.ToAct()
		seat := acts[r.IntN(len(acts))].Seat
		m := armageddon.Definition.Policy(g.View(seat), g.LegalMoves(seat), r)
		next, events, err := games.PlayText(g, seat, m.Notation)
		if err != nil {
			t.Fatal(err)
		}
		changes = nil
		for _, e := range events {
			if e.To == nil {
				changes = append(changes, games.FormatSeats(e.Text.In(lang), names))
			}
		}
		g = next
	}
	t.Fatal("the scripted game never reached the wanted table")
	return nil, nil
}

func phase(round int, ph string) func(*armageddon.View) bool {
	return func(v *armageddon.View) bool { return v.Round >= round && v.Phase == ph }
}

// TestGolden draws tables of games the policy played with a fixed seed.
// The views are stored in testdata/views/*.json, so that changes to the
// engine's content or rules do not move the golden pictures; -update plays
// the games again and rewrites views and pictures.
func TestGolden(t *testing.T) {
	open := map[string]string{"screens": "open"}
	building := func(v *armageddon.View) bool { return v.Round >= 2 && v.Placing != nil }
	tests := []struct {
		name  string
		seats int
		opts  map[string]string
		stop  func(*armageddon.View) bool
		seat  games.Seat
		lang  games.Lang
	}{
		{"board-four-bidding", 4, nil, func(v *armageddon.View) bool {
			return v.Round >= 2 && v.Phase == "bid" && len(v.Areas[0].Bids)+len(v.Areas[1].Bids)+len(v.Areas[2].Bids) >= 7
		}, games.Spectator, games.English},
		{"board-four-city", 4, nil, phase(4, "city"), games.Spectator, games.German},
		{"board-three-building", 3, nil, building, games.Spectator, games.English},
		{"board-four-open-explore", 4, open, phase(5, "explore"), games.Spectator, games.English},
		{"board-game-over", 4, nil, func(v *armageddon.View) bool { return v.Finished }, games.Spectator, games.English},
		{"hand-four-city", 4, nil, phase(4, "city"), 1, games.English},
		{"hand-three-building", 3, nil, building, 0, games.German},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join("testdata", "views", tt.name+".json")
			changesPath := filepath.Join("testdata", "views", tt.name+".changes.json")
			if imagetest.Updating() {
				g, changes := play(t, tt.seats, tt.opts, tt.stop, tt.lang)
				imagetest.SaveJSON(t, path, g.View(tt.seat))
				imagetest.SaveJSON(t, changesPath, changes)
			}
			v := loadView(t, path)
			var changes []string
			imagetest.LoadJSON(t, changesPath, &changes)
			img, err := ar.Renderer.Render(v, names, tt.lang, changes)
			if err != nil {
				t.Fatal(err)
			}
			imagetest.Golden(t, tt.name+"-"+string(tt.lang), img)
			imagetest.StripLegible(t, tt.name, img)
			alt := ar.Renderer.Alt(v, names, tt.lang)
			if n := utf8.RuneCountInString(alt); n == 0 || n > images.MaxAlt || strings.Contains(alt, "{p") {
				t.Errorf("alt text (%d characters): %s", n, alt)
			}
		})
	}
}

func loadView(t testing.TB, path string) *armageddon.View {
	t.Helper()
	var v armageddon.View
	imagetest.LoadJSON(t, path, &v)
	return &v
}

// TestLiveViews renders live views of a game the engine plays now, for the
// spectator and every seat, all the way to the end.
func TestLiveViews(t *testing.T) {
	steps := 0
	g, changes := play(t, 4, nil, func(v *armageddon.View) bool {
		steps++
		return v.Finished
	}, games.English)
	for s := games.Spectator; s < 4; s++ {
		v := g.View(s)
		if _, err := ar.Renderer.Render(v, names, games.English, changes); err != nil {
			t.Fatal(err)
		}
		if alt := ar.Renderer.Alt(v, names, games.German); utf8.RuneCountInString(alt) > images.MaxAlt {
			t.Errorf("alt text too long: %d", utf8.RuneCountInString(alt))
		}
	}
}

// TestScreenOnlyInPrivateViews checks that the public picture's words never
// show a screen with closed screens, and the seat's own do.
func TestScreenOnlyInPrivateViews(t *testing.T) {
	g, _ := play(t, 4, nil, phase(2, "bid"), games.English)
	public := ar.Renderer.Alt(g.View(games.Spectator), names, games.English)
	private := ar.Renderer.Alt(g.View(0), names, games.English)
	if strings.Contains(public, "Your screen") || strings.Contains(public, "Your cards") {
		t.Errorf("public alt text shows a screen: %s", public)
	}
	if !strings.Contains(private, "Your screen") {
		t.Errorf("private alt text lacks the screen: %s", private)
	}
}

func TestRegistered(t *testing.T) {
	if images.For(armageddon.ID) != ar.Renderer {
		t.Fatal("the armageddon renderer is not registered")
	}
}

// TestAltCountsPoints checks that the alt text counts a seat's points by
// the language's plural rule ("1 Punkt", not "1 Punkte").
func TestAltCountsPoints(t *testing.T) {
	g, _ := play(t, 3, nil, phase(1, "bid"), games.English)
	v := g.View(games.Spectator).(*armageddon.View)
	v.Players[0].Score, v.Players[1].Score = 1, 2
	for _, tt := range []struct {
		lang      games.Lang
		one, more string
	}{
		{games.English, "Ana 1 point,", "Bartholomew the Bold 2 points,"},
		{games.German, "Ana 1 Punkt,", "Bartholomew the Bold 2 Punkte,"},
	} {
		t.Run(string(tt.lang), func(t *testing.T) {
			alt := ar.Renderer.Alt(v, names, tt.lang)
			for _, want := range []string{tt.one, tt.more} {
				if !strings.Contains(alt, want) {
					t.Errorf("alt text lacks %q: %s", want, alt)
				}
			}
		})
	}
}
