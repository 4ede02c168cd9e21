package xenoshyft

import "github.com/playbychat/pbc/games"

// Explain implements games.Explainer: the rules' own reason why text is
// not one of seat's legal moves now, from what seat may see. Text that is
// no move at all is answered with the notation and an example of a move
// seat may make now; a move written otherwise than its notation, with the
// notation.
func (g *Game) Explain(seat games.Seat, text string) error {
	m, err := parseMove(text)
	if err != nil {
		return g.syntaxHelp(seat)
	}
	if err := g.check(seat, m); err != nil {
		return err
	}
	if n := m.notation(); games.NormalizeNotation(text) != n {
		if _, ok := games.FindMove(g, seat, n); ok {
			return refuse(msgs.Text("WriteMoveAs", n))
		}
	}
	return nil
}

// syntaxHelp refuses text that is no move: the notation's examples, and
// the first of seat's moves now that is not a standing choice.
func (g *Game) syntaxHelp(seat games.Seat) error {
	for _, m := range g.LegalMoves(seat) {
		if m.Group != games.SettingGroup {
			return refuse(msgs.Text("SyntaxOneMove", syntax, m.Notation))
		}
	}
	return errSyntax
}
