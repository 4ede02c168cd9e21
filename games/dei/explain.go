package dei

import "github.com/playbychat/pbc/games"

// Explain implements games.Explainer: the rules' own reason why text is
// not one of seat's legal moves now; nil if it is one.
func (g *Game) Explain(seat games.Seat, text string) error {
	if g.s.Stage == stageOver {
		return games.ErrGameOver
	}
	if _, ok := games.FindMove(g, seat, text); ok {
		return nil
	}
	return g.refusal(games.NormalizeNotation(text))
}
