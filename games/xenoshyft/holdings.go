package xenoshyft

import (
	"fmt"

	"github.com/playbychat/pbc/games"
)

var _ games.Holder = (*View)(nil)

// Holdings lists the viewer's hand and, in the supply phase, the
// xenosathem it has spent of its budget.
func (v *View) Holdings() []games.Holding {
	if v.Seat == games.Spectator || int(v.Seat) >= len(v.Players) {
		return nil
	}
	h := games.Holding{Name: games.T("Hand", "Hand")}
	for _, c := range v.Hand {
		h.Pieces = append(h.Pieces, c.Ref)
	}
	if len(h.Pieces) == 0 {
		h.Notes = append(h.Notes, games.T("no cards", "keine Karten"))
	}
	if p := v.Players[v.Seat]; v.Phase == PhaseSupply {
		h.Notes = append(h.Notes, games.T(fmt.Sprintf("Xenosathem spent: %d of %d", p.Spent, p.Budget),
			fmt.Sprintf("Xenosathem ausgegeben: %d von %d", p.Spent, p.Budget)))
	}
	return []games.Holding{h}
}
