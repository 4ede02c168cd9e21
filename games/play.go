package games

import "strings"

// MustAct reports whether seat is among the actors of g.
func MustAct(g Game, seat Seat) (Actor, bool) {
	for _, a := range g.ToAct() {
		if a.Seat == seat {
			return a, true
		}
	}
	return Actor{}, false
}

// NormalizeNotation folds case and white space so that "Keep 1, 3" and
// "keep 1,3" compare alike. Engines write canonical notations already in
// this form.
func NormalizeNotation(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	s = strings.Join(strings.Fields(s), " ")
	return strings.ReplaceAll(s, ", ", ",")
}

// FindMove returns the legal move of seat whose notation matches text.
func FindMove(g Game, seat Seat, text string) (Move, bool) {
	want := NormalizeNotation(text)
	for _, m := range g.LegalMoves(seat) {
		if NormalizeNotation(m.Notation) == want {
			return m, true
		}
	}
	return Move{}, false
}

// Play is how the platform makes a move: it refuses a finished game, a seat
// that must not act, and any text that is not one of the seat's legal moves,
// and only then lets the engine apply the move. It returns the new game.
func Play(g Game, seat Seat, text string) (Game, []Event, error) {
	if g.Status().Finished {
		return nil, nil, ErrGameOver
	}
	m, ok := FindMove(g, seat, text)
	if !ok {
		if _, acting := MustAct(g, seat); !acting && len(g.LegalMoves(seat)) == 0 {
			return nil, nil, ErrNotYourTurn
		}
		return nil, nil, ErrIllegalMove
	}
	return g.Apply(seat, m.Notation)
}
