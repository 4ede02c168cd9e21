package games

import (
	"fmt"
	"strings"
)

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

// Match returns the move among moves whose notation matches text.
func Match(moves []Move, text string) (Move, bool) {
	want := NormalizeNotation(text)
	for _, m := range moves {
		if NormalizeNotation(m.Notation) == want {
			return m, true
		}
	}
	return Move{}, false
}

// FindMove returns the legal move of seat whose notation matches text.
func FindMove(g Game, seat Seat, text string) (Move, bool) {
	return Match(g.LegalMoves(seat), text)
}

// Resolve finds the move of seat that text names among moves, which are
// seat's legal moves in g (listed once by the caller), or else an old
// record's menu step (Menu.OldStep). Text that names neither is refused with the best reason there is: the game is over;
// it is not seat's turn (NotYourTurn, naming who must act); the engine's
// own reason (Explainer); or else ErrIllegalMove.
func Resolve(g Game, seat Seat, moves []Move, text string) (Move, error) {
	if g.Status().Finished {
		return Move{}, ErrGameOver
	}
	if m, ok := Match(moves, text); ok {
		return m, nil
	}
	if menu, ok := g.(Menu); ok {
		if m, ok := menu.OldStep(seat, text); ok {
			return m, nil
		}
	}
	if len(moves) == 0 {
		if _, acting := MustAct(g, seat); !acting {
			return Move{}, NotYourTurn(g)
		}
	}
	if ex, ok := g.(Explainer); ok {
		if err := ex.Explain(seat, text); err != nil {
			return Move{}, err
		}
	}
	return Move{}, ErrIllegalMove
}

// Play is how the platform makes a move: m must be one of seat's legal
// moves in g, as Resolve or LegalMoves gave it; a finished game is
// refused. It returns the new game and what happened.
func Play(g Game, seat Seat, m Move) (Game, []Event, error) {
	if g.Status().Finished {
		return nil, nil, ErrGameOver
	}
	return g.Apply(seat, m)
}

// PlayText resolves text against seat's legal moves in g and plays the
// move: the path of typed input, replays of a stored log and tools.
func PlayText(g Game, seat Seat, text string) (Game, []Event, error) {
	m, err := Resolve(g, seat, g.LegalMoves(seat), text)
	if err != nil {
		return nil, nil, err
	}
	return g.Apply(seat, m)
}

// NotYourTurn is the refusal of a move by a seat that need not act now: it
// names the seats that must (as seat placeholders), or says that nobody
// must.
func NotYourTurn(g Game) *RuleError {
	var acting []string
	for _, a := range g.ToAct() {
		p := Seatf(a.Seat)
		if !containsString(acting, p) {
			acting = append(acting, p)
		}
	}
	if len(acting) == 0 {
		return ErrNotYourTurn
	}
	who := strings.Join(acting, ", ")
	return &RuleError{Reason: T(
		fmt.Sprintf("It is not your turn: waiting for %s.", who),
		fmt.Sprintf("Du bist nicht am Zug: es wird auf %s gewartet.", who)), Of: ErrNotYourTurn}
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Forced returns the move a seat has no real choice but to make: among
// its legal moves (moves), standing choices aside, the only one, and one
// that passes, confirms or takes the last share of a set-up step
// (RolePass, RoleConfirm, RoleAllot). The platform plays such a move
// itself instead of waking the seat for it. ok is false when the seat has
// a choice, or its only move does something on the board.
func Forced(moves []Move) (Move, bool) {
	var only Move
	n := 0
	for _, m := range moves {
		if m.Group == SettingGroup {
			continue
		}
		if n++; n > 1 {
			return Move{}, false
		}
		only = m
	}
	if n == 1 && (only.Role == RolePass || only.Role == RoleConfirm || only.Role == RoleAllot) {
		return only, true
	}
	return Move{}, false
}
