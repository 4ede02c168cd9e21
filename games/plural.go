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
// "3 Symbole". one and other may hold one %d verb for n. A language whose
// rule has more forms for integers (few, many) takes other for them: the
// message catalogues (games/internal/catalog) hold every form.
func Count(n int, one, other Text) Text {
	var out Text
	for _, l := range langsOf(one, other) {
		out = out.With(l, countForm(tagOf(l), n, one.form(l), other.form(l)))
	}
	return out
}

// tagOf is the language tag of lang, for its plural rule.
func tagOf(lang Lang) language.Tag {
	switch lang {
	case English:
		return language.English
	case German:
		return language.German
	}
	return language.Make(string(lang))
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

// PluralForms lists the CLDR plural forms ("one", "few", "many", "other")
// that lang's rule gives whole counts, other always among them: the forms a
// counted message must have in lang.
func PluralForms(lang Lang) []string {
	tag := tagOf(lang)
	seen := map[plural.Form]bool{plural.Other: true}
	for n := range 1000 {
		seen[plural.Cardinal.MatchPlural(tag, n, 0, 0, 0, 0)] = true
	}
	var forms []string
	for _, f := range []struct {
		form plural.Form
		name string
	}{{plural.Zero, "zero"}, {plural.One, "one"}, {plural.Two, "two"}, {plural.Few, "few"}, {plural.Many, "many"}, {plural.Other, "other"}} {
		if seen[f.form] {
			forms = append(forms, f.name)
		}
	}
	return forms
}
