package xenoshyft

import (
	"fmt"

	"github.com/playbychat/pbc/games"
)

var _ games.Spanner = (*Game)(nil)

// Span names the round's combat phase, every lane's fights and reaction
// windows, in which every seat takes part (games.Spanner); "" outside it.
func (g *Game) Span(games.Seat) string {
	if g.s.Phase != PhaseCombat {
		return ""
	}
	return fmt.Sprintf("round%d:combat", g.s.Round)
}
