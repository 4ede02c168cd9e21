package games

import "errors"

// RuleError is a move that breaks a rule of the game (or of the platform,
// such as acting out of turn). Its Reason is shown to the player who tried
// it, in their language; nothing changes.
type RuleError struct {
	Reason Text
	// Of is the platform's common error this one is a case of
	// (ErrNotYourTurn for a refusal that names whose turn it is), so that
	// errors.Is finds it; nil for none.
	Of *RuleError
}

func (e *RuleError) Error() string { return e.Reason.EN }

// Unwrap returns the common error e is a case of, if any.
func (e *RuleError) Unwrap() error {
	if e.Of == nil {
		return nil
	}
	return e.Of
}

// Violation returns a *RuleError with the reason in English and German.
func Violation(en, de string) error { return &RuleError{Reason: T(en, de)} }

// AsRuleError returns the *RuleError in err's chain, if any.
func AsRuleError(err error) (*RuleError, bool) {
	var re *RuleError
	if errors.As(err, &re) {
		return re, true
	}
	return nil, false
}

// Common rule errors the platform returns itself.
var (
	ErrNotYourTurn = &RuleError{Reason: T("It is not your turn to act.", "Du bist gerade nicht am Zug.")}
	ErrIllegalMove = &RuleError{Reason: T("That move is not legal right now.", "Dieser Zug ist gerade nicht erlaubt.")}
	ErrGameOver    = &RuleError{Reason: T("The game is over.", "Das Spiel ist vorbei.")}
)
