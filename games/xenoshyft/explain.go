package xenoshyft

import "github.com/playbychat/pbc/games"

// Explain implements games.Explainer: the rules' own reason why text is
// not one of seat's legal moves now. Text that is no move at all is
// answered with the notation's examples.
func (g *Game) Explain(seat games.Seat, text string) error {
	m, err := parseMove(text)
	if err != nil {
		return err
	}
	return g.check(seat, m)
}
