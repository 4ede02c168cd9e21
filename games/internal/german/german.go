// Package german checks that the German texts of the bot and the engines
// are German: every word is in a German dictionary (Debian's hunspell-de-de)
// or on the reviewed allow-list of the games' own terms (card names, ids,
// factions), and no word of a list of English ones slips in. The test
// gathers the texts from the bot's catalogue and from whole self-played
// games of every engine.
package german

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"unicode"
)

// ErrNoHunspell is returned when hunspell or its German dictionary is not
// installed (Debian packages hunspell and hunspell-de-de).
var ErrNoHunspell = errors.New("hunspell with the de_DE dictionary is not installed (Debian packages hunspell, hunspell-de-de)")

// English lists English words that never belong in a German text, even
// where a German dictionary would take them (or a hunspell compound
// would).
var English = []string{
	"and", "the", "of", "with", "from", "your", "you", "his", "her", "their", "its",
	"turn", "moved", "ends", "passes", "pass", "cards", "card", "player", "players",
	"round", "wins", "nothing", "lose", "loses", "attack", "attacks", "buy", "buys",
	"plays", "draws", "discard", "discards", "choose", "chooses", "left", "right",
	"none", "each", "all", "more", "less", "damage", "points", "blank", "crit",
}

// placeholder matches what is not a word of the language: seat
// placeholders, printf verbs, ids with digits (c12, RV5, e1.1), links,
// code in backticks, slash commands with their subcommand ("/game new")
// and command options ("action:roll", "topic:").
var placeholder = regexp.MustCompile(`\{p\d+\}|%(\[\d+\])?[-+# 0]*\d*(\.\d+)?[a-zA-Z]|\S*\d\S*|https?://\S+|` +
	"`[^`]*`" + `|/[a-z_]+(?: [a-z_]+(?:[\s.,;:)!?]|$))?|\b[a-z_]+:\S+|\b[a-z]+(_[a-z]+)+\b`)

// Words splits text into its words: runs of letters, with inner hyphens
// and apostrophes split off (hunspell checks the parts of "Jäger-Drohne").
func Words(text string) []string {
	text = placeholder.ReplaceAllString(text, " ")
	return strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) })
}

// Unknown returns the words (each once, sorted) that hunspell's de_DE
// dictionary does not know.
func Unknown(words []string) ([]string, error) {
	if _, err := exec.LookPath("hunspell"); err != nil {
		return nil, ErrNoHunspell
	}
	uniq := slices.Clone(words)
	slices.Sort(uniq)
	uniq = slices.Compact(uniq)
	cmd := exec.Command("hunspell", "-d", "de_DE", "-l", "-i", "utf-8")
	cmd.Stdin = strings.NewReader(strings.Join(uniq, "\n"))
	var out, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &stderr
	err := cmd.Run()
	if strings.Contains(stderr.String(), "Can't open affix or dictionary") {
		return nil, ErrNoHunspell
	}
	if err != nil {
		return nil, fmt.Errorf("hunspell: %w: %s", err, stderr.String())
	}
	var bad []string
	sc := bufio.NewScanner(&out)
	for sc.Scan() {
		if w := strings.TrimSpace(sc.Text()); w != "" {
			bad = append(bad, w)
		}
	}
	slices.Sort(bad)
	return slices.Compact(bad), sc.Err()
}

// EnglishWords returns the words of text that are on the English list.
func EnglishWords(text string) []string {
	var out []string
	for _, w := range Words(text) {
		if slices.Contains(English, w) {
			out = append(out, w)
		}
	}
	return out
}
