package xibalba

import (
	"testing"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/images"
)

// TestRegionsNamePieces checks that a drawn XIBALBA board reports where it
// shows the market's cards, each inside the picture and named by an id of
// the game's catalog.
func TestRegionsNamePieces(t *testing.T) {
	def, ok := games.Lookup("xibalba")
	if !ok {
		t.Fatal("xibalba is not registered")
	}
	g, _, err := def.Create(2, nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	for _, c := range g.(games.Catalog).Catalog() {
		ids[c.ID] = true
	}
	for _, viewer := range []games.Seat{games.Spectator, 0} {
		t.Run(map[games.Seat]string{games.Spectator: "spectator", 0: "seat 0"}[viewer], func(t *testing.T) {
			_, _, regions, err := images.RenderRegions(g.View(viewer), []string{"A", "B"}, games.English, nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(regions) < 6 {
				t.Fatalf("%d regions, want the market's cards at least", len(regions))
			}
			for _, r := range regions {
				if !ids[r.Piece] {
					t.Errorf("region of %q, which the catalog does not list", r.Piece)
				}
				if r.X < 0 || r.Y < 0 || r.W <= 0 || r.H <= 0 || r.X+r.W > images.Width || r.Y+r.H > images.Height {
					t.Errorf("region %+v is not inside the %dx%d picture", r, images.Width, images.Height)
				}
			}
		})
	}
}
