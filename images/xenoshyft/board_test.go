package xenoshyft

import (
	"testing"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/xenoshyft"
	"github.com/playbychat/pbc/images"
)

// TestStackNamesWhole checks that every troop and item name of the default
// card set, in every language, fits a stack's two-line cell at the smallest
// text size, so that the supply panels never cut a name (issue 16).
func TestStackNamesWhole(t *testing.T) {
	c := images.NewFrame(images.Background("xenoshyft", images.Width, images.Height, paintBackground))
	// The panel's inside is 10 px in from each side (images.Canvas.Panel),
	// the name 4 px in from the cell's.
	room := stackCellW(stackPanelW-20) - 8
	cs := xenoshyft.DefaultCardSet()
	var names []games.Text
	for _, tt := range cs.Troops {
		names = append(names, tt.Name)
	}
	for _, it := range cs.Items {
		names = append(names, it.Name)
	}
	for _, n := range names {
		for _, lang := range []games.Lang{games.English, games.German} {
			name := n.In(lang)
			t.Run(name, func(t *testing.T) {
				if got := c.FitFont(name, room, images.Regular, 18); got != name {
					t.Errorf("drawn as %q in %.0f px", got, room)
				}
			})
		}
	}
}
