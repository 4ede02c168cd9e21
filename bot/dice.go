package bot

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/rng"
)

// Limits of a dice expression, so that a roll stays small and fast.
const (
	maxDiceTerms = 10
	maxDiceCount = 100  // dice in one term
	maxDiceSides = 1000 // faces of one die
	maxDiceConst = 100000
	maxDiceText  = 100
)

// ErrDice is the error (wrapped by a *DiceError) of an expression that cannot
// be rolled.
var ErrDice = errors.New("bad dice expression")

// DiceError explains, in both languages, why an expression is refused.
type DiceError struct {
	Reason games.Text
}

func (e *DiceError) Error() string { return "dice: " + e.Reason.EN }

// Unwrap makes errors.Is(err, ErrDice) true.
func (e *DiceError) Unwrap() error { return ErrDice }

// diceErr returns a DiceError with the catalog text m filled with args.
func diceErr(m msg, args ...any) error {
	return &DiceError{Reason: games.T(tr(games.English, m, args...), tr(games.German, m, args...))}
}

// diceErrN returns a DiceError with the catalog text m in the plural form
// of n, filled with n.
func diceErrN(m msg, n int) error {
	return &DiceError{Reason: games.T(trn(games.English, m, n, n), trn(games.German, m, n, n))}
}

// DiceTerm is one summand of a dice expression: Count dice of Sides faces
// (keeping the highest or lowest Keep of them when Keep > 0), or a constant
// when Sides is 0.
type DiceTerm struct {
	Negative bool
	Count    int
	Sides    int
	Keep     int  // 0 keeps all
	KeepLow  bool // keep the lowest instead of the highest
	Const    int
}

// DiceExpr is a parsed dice expression such as "2d6+3" or "4d6kh3".
type DiceExpr struct {
	Terms []DiceTerm
}

// ParseDice parses expressions of terms joined by + and -: "NdM" (N dice of
// M sides, N defaults to 1; "NwM" in German), "NdMkhK"/"NdMklK" (keep the K
// highest/lowest) and whole-number constants. Spaces are ignored; case does
// not matter.
func ParseDice(text string) (DiceExpr, error) {
	if len(text) > maxDiceText {
		return DiceExpr{}, diceErr(msgDiceTooLong)
	}
	s := strings.ToLower(strings.Join(strings.Fields(text), ""))
	if s == "" {
		return DiceExpr{}, diceErr(msgDiceEmpty)
	}
	var expr DiceExpr
	dice := 0
	for pos := 0; pos < len(s); {
		var t DiceTerm
		switch s[pos] {
		case '+':
			pos++
		case '-':
			t.Negative = true
			pos++
		default:
			if pos > 0 {
				return DiceExpr{}, diceErr(msgDiceUnexpected, s[pos:])
			}
		}
		end := pos
		for end < len(s) && s[end] != '+' && s[end] != '-' {
			end++
		}
		if err := parseTerm(s[pos:end], &t); err != nil {
			return DiceExpr{}, err
		}
		dice += t.Count
		expr.Terms = append(expr.Terms, t)
		if len(expr.Terms) > maxDiceTerms {
			return DiceExpr{}, diceErrN(msgDiceTerms, maxDiceTerms)
		}
		pos = end
	}
	if dice > maxDiceCount {
		return DiceExpr{}, diceErrN(msgDiceCount, maxDiceCount)
	}
	return expr, nil
}

// parseTerm reads one term without its sign into t.
func parseTerm(s string, t *DiceTerm) error {
	if s == "" {
		return diceErr(msgDiceMissingTerm)
	}
	// "2w6" is how German players write dice (W for Würfel).
	count, rest, isDice := strings.Cut(strings.Replace(s, "w", "d", 1), "d")
	if !isDice {
		n, err := number(s, maxDiceConst)
		if err != nil {
			return err
		}
		t.Const = n
		return nil
	}
	t.Count = 1
	if count != "" {
		n, err := number(count, maxDiceCount)
		if err != nil {
			return err
		}
		t.Count = n
	}
	sides, keep, hasKeep := strings.Cut(rest, "k")
	n, err := number(sides, maxDiceSides)
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
	k, err := number(keep[1:], maxDiceCount)
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
func (e DiceExpr) String() string { return e.In(games.English) }

// In writes the expression as lang writes dice: "4d6kh3+1" in English,
// "4W6 (3 höchste)+1" in German (W for Würfel).
func (e DiceExpr) In(lang games.Lang) string {
	de := lang == games.German
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
		switch {
		case de:
			fmt.Fprintf(&b, "%dW%d", t.Count, t.Sides)
			if t.Keep > 0 {
				kept := "höchste"
				if t.KeepLow {
					kept = "niedrigste"
				}
				fmt.Fprintf(&b, " (%d %s)", t.Keep, kept)
			}
		default:
			fmt.Fprintf(&b, "%dd%d", t.Count, t.Sides)
			if t.Keep > 0 {
				k := "kh"
				if t.KeepLow {
					k = "kl"
				}
				fmt.Fprintf(&b, "%s%d", k, t.Keep)
			}
		}
	}
	return b.String()
}

// Roll rolls the expression with src and returns the total and a line such
// as "2d6+3: [4, 2] + 3 = 9" (dropped dice struck through), the expression
// written as lang writes dice.
func (e DiceExpr) Roll(src *rng.Source, lang games.Lang) (total int, detail string) {
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
func (t DiceTerm) roll(src *rng.Source) (int, []string) {
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
