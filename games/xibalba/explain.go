package xibalba

import "github.com/playbychat/pbc/games"

// Explain implements games.Explainer: the rules' own reason why text is
// not one of seat's legal moves now, found by trying it on a copy.
func (g *game) Explain(seat games.Seat, text string) error {
	if _, _, err := g.applyNotation(seat, games.NormalizeNotation(text)); err != nil {
		if re, ok := games.AsRuleError(err); ok {
			return re
		}
	}
	return nil
}
