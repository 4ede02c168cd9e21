// Package wording checks the counted phrases of engine texts in tests: "1
// symbols" or "3 Symbol" are wrong, "1 symbol" and "3 symbols" right. The
// engines write such phrases with games.Count; a test feeds every text it
// meets to a Checker per language.
package wording

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/playbychat/pbc/games"
)

// Noun is a counted noun phrase: its form for exactly one and for any
// other number, such as {"life point", "life points"} or {"weiterer
// Feind", "weitere Feinde"}.
type Noun struct {
	One, Other string
}

// Checker finds numbers followed by a known noun phrase and checks the
// phrase's form. It also counts the forms met, so a test can show that it
// met both forms of its nouns.
type Checker struct {
	re        *regexp.Regexp
	one       map[string]bool // phrase → is the singular form
	forbidden *regexp.Regexp
	// Seen counts the phrases met, by phrase as written.
	Seen map[string]int
}

// New returns a Checker for nouns. forbidden lists words that must not
// occur at all (such as English dice faces in German texts).
func New(nouns []Noun, forbidden ...string) *Checker {
	c := &Checker{one: map[string]bool{}, Seen: map[string]int{}}
	var forms []string
	for _, n := range nouns {
		c.one[n.One] = true
		c.one[n.Other] = false
		forms = append(forms, n.One, n.Other)
	}
	// Longer phrases first: the leftmost-first alternation then takes
	// "resource dice" over "resource".
	slices.SortFunc(forms, func(a, b string) int { return len(b) - len(a) })
	quoted := make([]string, len(forms))
	for i, f := range forms {
		quoted[i] = regexp.QuoteMeta(f)
	}
	c.re = regexp.MustCompile(`(?:^|[\s(:,+-])(\d+) (` + strings.Join(quoted, "|") + `)\b`)
	if len(forbidden) > 0 {
		c.forbidden = regexp.MustCompile(`\b(` + strings.Join(forbidden, "|") + `)\b`)
	}
	return c
}

// Check returns an error naming the first wrong counted phrase or
// forbidden word of text.
func (c *Checker) Check(text string) error {
	if c.forbidden != nil {
		if w := c.forbidden.FindString(text); w != "" {
			return fmt.Errorf("%q: %q does not belong in this language", text, w)
		}
	}
	for _, m := range c.re.FindAllStringSubmatch(text, -1) {
		n, err := strconv.Atoi(m[1])
		if err != nil {
			continue
		}
		c.Seen[m[2]]++
		if c.one[m[2]] != (n == 1) {
			return fmt.Errorf("%q: %q", text, m[1]+" "+m[2])
		}
	}
	return nil
}

// Missing lists the noun forms of nouns the Checker has not met.
func (c *Checker) Missing(nouns []Noun) []string {
	var out []string
	for _, n := range nouns {
		for _, f := range []string{n.One, n.Other} {
			if c.Seen[f] == 0 {
				out = append(out, f)
			}
		}
	}
	return out
}

// Pair checks texts in both languages.
type Pair struct {
	EN, DE *Checker
}

// Check checks the English and the German form of text.
func (p Pair) Check(text games.Text) error {
	if err := p.EN.Check(text.EN); err != nil {
		return err
	}
	return p.DE.Check(text.DE)
}

// Found is a text with where it was found.
type Found struct {
	Where string
	Text  games.Text
}

// StateTexts returns every text a state of g shows: the status, the
// prompts, every seat's and the spectator's view, every seat's moves and
// picks, and the refusals of the notations in tries.
func StateTexts(g games.Game, tries []string) []Found {
	out := []Found{{"status", g.Status().Summary}}
	for _, a := range g.ToAct() {
		out = append(out, Found{"prompt", a.Prompt})
	}
	for seat := games.Spectator; seat < games.Seat(g.Seats()); seat++ {
		v := g.View(seat)
		out = append(out, Found{"view", games.T(v.Describe(games.English), v.Describe(games.German))})
		if seat == games.Spectator {
			continue
		}
		for _, m := range g.LegalMoves(seat) {
			out = append(out, Found{"move " + m.Notation, m.Label})
		}
		if pk, ok := g.(games.Picker); ok {
			for _, p := range pk.Picks(seat) {
				out = append(out, Found{"pick " + p.Prefix, p.Label})
				for _, it := range p.Items {
					out = append(out, Found{"pick item " + it.Value, it.Label})
				}
			}
		}
		for _, n := range tries {
			if _, _, err := games.PlayText(g, seat, n); err != nil {
				if re, ok := games.AsRuleError(err); ok {
					out = append(out, Found{"refusal of " + n, re.Reason})
				}
			}
		}
	}
	return out
}
