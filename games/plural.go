package games

import (
	"fmt"
	"strings"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
)

// Count returns the form of a counted phrase that agrees with n in each
// language, chosen by the CLDR plural rules of golang.org/x/text: Count(1,
// one, other) is "1 symbol" / "1 Symbol", Count(3, ...) "3 symbols" /
// "3 Symbole". one and other may hold one %d verb for n.
func Count(n int, one, other Text) Text {
	return Text{
		EN: countForm(language.English, n, one.EN, other.EN),
		DE: countForm(language.German, n, one.DE, other.DE),
	}
}

func countForm(tag language.Tag, n int, one, other string) string {
	abs := n
	if abs < 0 {
		abs = -abs
	}
	form := other
	if plural.Cardinal.MatchPlural(tag, abs, 0, 0, 0, 0) == plural.One {
		form = one
	}
	if strings.Contains(form, "%d") {
		return fmt.Sprintf(form, n)
	}
	return form
}
