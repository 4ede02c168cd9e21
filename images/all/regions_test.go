package all_test

import (
	"bytes"
	"image/png"
	"testing"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/images"
)

// TestRegionsNamePieces checks that drawn boards report where they show
// pieces, each inside the picture and named by an id of the game's
// catalog: XIBALBA's market offers and the ark's soldier, Xenoshyft's
// troop stacks (and hand cards where a hand is drawn), Armageddon's
// building offers, D.E.I.'s market cards and missions.
func TestRegionsNamePieces(t *testing.T) {
	for _, tc := range []struct {
		game   string
		seats  int
		viewer games.Seat
		least  int // regions at the start of a game
	}{
		{"xibalba", 2, games.Spectator, 7},
		{"xibalba", 2, 0, 7},
		{"xenoshyft", 2, games.Spectator, 4},
		{"xenoshyft", 2, 0, 4},
		{"armageddon", 3, games.Spectator, 2},
		{"dei", 3, games.Spectator, 8},
		{"dei", 3, 0, 8},
	} {
		t.Run(tc.game+map[bool]string{true: " spectator", false: " seat"}[tc.viewer == games.Spectator], func(t *testing.T) {
			def, ok := games.Lookup(tc.game)
			if !ok {
				t.Fatalf("%s is not registered", tc.game)
			}
			g, _, err := def.Create(tc.seats, nil, 1)
			if err != nil {
				t.Fatal(err)
			}
			ids := map[string]bool{}
			for _, c := range g.(games.Catalog).Catalog() {
				ids[c.ID] = true
			}
			data, _, regions, err := images.RenderRegions(g.View(tc.viewer), names, games.English, nil)
			if err != nil {
				t.Fatal(err)
			}
			size, err := png.DecodeConfig(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			if len(regions) < tc.least {
				t.Fatalf("%d regions, want at least %d", len(regions), tc.least)
			}
			for _, r := range regions {
				if !ids[r.Piece] {
					t.Errorf("region of %q, which the catalog does not list", r.Piece)
				}
				if r.X < 0 || r.Y < 0 || r.W <= 0 || r.H <= 0 || r.X+r.W > float64(size.Width) || r.Y+r.H > float64(size.Height) {
					t.Errorf("region %+v is not inside the %dx%d picture", r, size.Width, size.Height)
				}
			}
		})
	}
}
