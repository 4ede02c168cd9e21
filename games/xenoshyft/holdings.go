package xenoshyft

import "github.com/playbychat/pbc/games"

var _ games.Holder = (*View)(nil)

// Holdings lists the viewer's hand.
func (v *View) Holdings() []games.Holding {
	if v.Seat == games.Spectator {
		return nil
	}
	h := games.Holding{Name: games.T("Hand", "Hand")}
	for _, c := range v.Hand {
		h.Pieces = append(h.Pieces, c.Ref)
	}
	if len(h.Pieces) == 0 {
		h.Notes = []games.Text{games.T("no cards", "keine Karten")}
	}
	return []games.Holding{h}
}
