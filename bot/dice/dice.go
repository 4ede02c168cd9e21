// Package dice parses and rolls dice expressions such as "2d6+3" or
// "4d6kh3" (German players write "4w6"), and makes the commitments of
// private rolls: a roll told to its roller alone, announced publicly by a
// hash that the roller can later reveal and anyone check.
package dice

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/playbychat/pbc/bot/text"
	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/rng"
)

// The catalogue's messages of refused expressions.
const (
	msgDiceTooLong     text.Msg = "DiceTooLong"
	msgDiceEmpty       text.Msg = "DiceEmpty"
	msgDiceUnexpected  text.Msg = "DiceUnexpected"
	msgDiceTerms       text.Msg = "DiceTerms"
	msgDiceCount       text.Msg = "DiceCount"
	msgDiceMissingTerm text.Msg = "DiceMissingTerm"
	msgDiceSides       text.Msg = "DiceSides"
	msgDiceNone        text.Msg = "DiceNone"
	msgDiceKeepSyntax  text.Msg = "DiceKeepSyntax"
	msgDiceKeepRange   text.Msg = "DiceKeepRange"
	msgDiceNotNumber   text.Msg = "DiceNotNumber"
	msgDiceTooLarge    text.Msg = "DiceTooLarge"
	// How a language writes dice.
	msgDiceTerm     text.Msg = "DiceTerm"
	msgDiceKeepHigh text.Msg = "DiceKeepHigh"
	msgDiceKeepLow  text.Msg = "DiceKeepLow"
)

// Limits of a dice expression, so that a roll stays small and fast.
const (
	maxTerms = 10
	maxCount = 100  // dice in one term
	maxSides = 1000 // faces of one die
	maxConst = 100000
	maxText  = 100
)

// ErrInvalid is the error (wrapped by an *Error) of an expression that
// cannot be rolled.
var ErrInvalid = errors.New("bad dice expression")

// Error explains, in both languages, why an expression is refused.
type Error struct {
	Reason games.Text
}

func (e *Error) Error() string { return "dice: " + e.Reason.EN }

// Unwrap makes errors.Is(err, ErrInvalid) true.
func (e *Error) Unwrap() error { return ErrInvalid }

// diceErr returns an Error with the catalogue text m filled with args.
func diceErr(m text.Msg, args ...any) error {
	return &Error{Reason: text.Textf(m, args...)}
}

// diceErrN returns an Error with the catalog text m in the plural form
// of n, filled with n.
func diceErrN(m text.Msg, n int) error {
	return &Error{Reason: text.Textn(m, n, n)}
}

// Term is one summand of a dice expression: Count dice of Sides faces
// (keeping the highest or lowest Keep of them when Keep > 0), or a constant
// when Sides is 0.
type Term struct {
	Negative bool
	Count    int
	Sides    int
	Keep     int  // 0 keeps all
	KeepLow  bool // keep the lowest instead of the highest
	Const    int
}

// Expr is a parsed dice expression such as "2d6+3" or "4d6kh3".
type Expr struct {
	Terms []Term
}

// Parse parses expressions of terms joined by + and -: "NdM" (N dice of
// M sides, N defaults to 1; "NwM" in German), "NdMkhK"/"NdMklK" (keep the K
// highest/lowest) and whole-number constants. Spaces are ignored; case does
// not matter.
func Parse(text string) (Expr, error) {
	if len(text) > maxText {
		return Expr{}, diceErr(msgDiceTooLong)
	}
	s := strings.ToLower(strings.Join(strings.Fields(text), ""))
	if s == "" {
		return Expr{}, diceErr(msgDiceEmpty)
	}
	var expr Expr
	dice := 0
	for pos := 0; pos < len(s); {
		var t Term
		switch s[pos] {
		case '+':
			pos++
		case '-':
			t.Negative = true
			pos++
		default:
			if pos > 0 {
				return Expr{}, diceErr(msgDiceUnexpected, s[pos:])
			}
		}
		end := pos
		for end < len(s) && s[end] != '+' && s[end] != '-' {
			end++
		}
		if err := parseTerm(s[pos:end], &t); err != nil {
			return Expr{}, err
		}
		dice += t.Count
		expr.Terms = append(expr.Terms, t)
		if len(expr.Terms) > maxTerms {
			return Expr{}, diceErrN(msgDiceTerms, maxTerms)
		}
		pos = end
	}
	if dice > maxCount {
		return Expr{}, diceErrN(msgDiceCount, maxCount)
	}
	return expr, nil
}

// parseTerm reads one term without its sign into t.
func parseTerm(s string, t *Term) error {
	if s == "" {
		return diceErr(msgDiceMissingTerm)
	}
	// "2w6" is how German players write dice (W for Würfel).
	count, rest, isDice := strings.Cut(strings.Replace(s, "w", "d", 1), "d")
	if !isDice {
		n, err := number(s, maxConst)
		if err != nil {
			return err
		}
		t.Const = n
		return nil
	}
	t.Count = 1
	if count != "" {
		n, err := number(count, maxCount)
		if err != nil {
			return err
		}
		t.Count = n
	}
	sides, keep, hasKeep := strings.Cut(rest, "k")
	n, err := number(sides, maxSides)
	if err != nil {
		return err
	}
	if n < 2 {
		return diceErr(msgDiceSides)
	}
	t.Sides = n
	if t.Count < 1 {
		return diceErr(msgDiceNone)
	}
	if !hasKeep {
		return nil
	}
	if keep == "" {
		return diceErr(msgDiceKeepSyntax)
	}
	switch keep[0] {
	case 'h':
	case 'l':
		t.KeepLow = true
	default:
		return diceErr(msgDiceKeepSyntax)
	}
	k, err := number(keep[1:], maxCount)
	if err != nil {
		return err
	}
	if k < 1 || k > t.Count {
		return diceErrN(msgDiceKeepRange, t.Count)
	}
	t.Keep = k
	return nil
}

// number parses a non-negative decimal number up to limit.
func number(s string, limit int) (int, error) {
	if s == "" || len(s) > 7 || strings.Trim(s, "0123456789") != "" {
		return 0, diceErr(msgDiceNotNumber, s)
	}
	n, err := strconv.Atoi(s)
	if err != nil || n > limit {
		return 0, diceErr(msgDiceTooLarge, s, limit)
	}
	return n, nil
}

// String writes the expression in canonical form.
func (e Expr) String() string { return e.In(games.English) }

// In writes the expression as lang writes dice, by its catalogue:
// "4d6kh3+1" in English, "4W6 (3 höchste)+1" in German (W for Würfel).
func (e Expr) In(lang games.Lang) string {
	var b strings.Builder
	for i, t := range e.Terms {
		switch {
		case t.Negative:
			b.WriteString("-")
		case i > 0:
			b.WriteString("+")
		}
		if t.Sides == 0 {
			b.WriteString(strconv.Itoa(t.Const))
			continue
		}
		b.WriteString(text.Tr(lang, msgDiceTerm, t.Count, t.Sides))
		switch {
		case t.Keep > 0 && t.KeepLow:
			b.WriteString(text.Tr(lang, msgDiceKeepLow, t.Keep))
		case t.Keep > 0:
			b.WriteString(text.Tr(lang, msgDiceKeepHigh, t.Keep))
		}
	}
	return b.String()
}

// Roll rolls the expression with src and returns the total and a line such
// as "2d6+3: [4, 2] + 3 = 9" (dropped dice struck through), the expression
// written as lang writes dice.
func (e Expr) Roll(src *rng.Source, lang games.Lang) (total int, detail string) {
	var b strings.Builder
	b.WriteString(e.In(lang) + ":")
	for i, t := range e.Terms {
		switch {
		case t.Negative:
			b.WriteString(" - ")
		case i > 0:
			b.WriteString(" + ")
		default:
			b.WriteString(" ")
		}
		value := t.Const
		if t.Sides > 0 {
			var parts []string
			value, parts = t.roll(src)
			b.WriteString("[" + strings.Join(parts, ", ") + "]")
		} else {
			b.WriteString(strconv.Itoa(t.Const))
		}
		if t.Negative {
			value = -value
		}
		total += value
	}
	fmt.Fprintf(&b, " = %d", total)
	return total, b.String()
}

// roll rolls one dice term and returns its sum and the faces as text.
func (t Term) roll(src *rng.Source) (int, []string) {
	faces := make([]int, t.Count)
	for i := range faces {
		faces[i] = src.Roll(t.Sides) + 1
	}
	kept := make([]bool, t.Count)
	keep := t.Keep
	if keep == 0 {
		keep = t.Count
	}
	// Mark the kept dice: repeatedly take the best remaining face.
	for range keep {
		best := -1
		for i, f := range faces {
			if kept[i] {
				continue
			}
			if best < 0 || (!t.KeepLow && f > faces[best]) || (t.KeepLow && f < faces[best]) {
				best = i
			}
		}
		kept[best] = true
	}
	sum := 0
	parts := make([]string, t.Count)
	for i, f := range faces {
		parts[i] = strconv.Itoa(f)
		if kept[i] {
			sum += f
		} else {
			parts[i] = "~~" + parts[i] + "~~"
		}
	}
	return sum, parts
}
