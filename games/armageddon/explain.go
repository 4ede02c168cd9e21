package armageddon

import (
	"slices"

	"github.com/playbychat/pbc/games"
)

// Explain implements games.Explainer: the rules' own reason why text is
// not one of seat's legal moves now. It parses text and judges it on the
// current state from what the seat may see; it never plays it.
func (g *Game) Explain(seat games.Seat, text string) error {
	st := int(seat)
	if g.s.Phase == phaseOver || st < 0 || st >= g.s.Seats {
		return nil
	}
	legal := g.moves(st)
	if len(legal) == 0 {
		return nil // the platform names whose turn it is
	}
	m, err := parseMove(text)
	if err != nil {
		return err
	}
	if slices.Contains(legal, m) {
		return nil
	}
	if re, ok := games.AsRuleError(g.refuse(st, m)); ok {
		return re
	}
	return nil
}
