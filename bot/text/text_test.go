package text

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/playbychat/pbc/games"
)

func TestTr(t *testing.T) {
	for _, tc := range []struct {
		name string
		got  string
		want string
	}{
		{"English", Tr(games.English, "UnknownCommand", "x"), `I do not know the command "x".`},
		{"German", Tr(games.German, "UnknownCommand", "x"), `Den Befehl "x" kenne ich nicht.`},
		{"a language without a catalogue reads English", Tr("fr", "UnknownCommand", "x"), `I do not know the command "x".`},
		{"an unknown id shows itself", Tr(games.English, "NoSuchMessage"), "NoSuchMessage"},
		{"plural one", Trn(games.English, "DiceTerms", 1, 1), "At most 1 term."},
		{"plural other, German", Trn(games.German, "DiceTerms", 10, 10), "Höchstens 10 Glieder."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.got != tc.want {
				t.Errorf("got %q, want %q", tc.got, tc.want)
			}
		})
	}
}

// french is a catalogue with a third language, French, given only as files.
var french = fstest.MapFS{
	"locales/active.en.yaml": {Data: []byte(`
Started: "%s starts: %s."
Players:
  one: "%d player"
  other: "%d players"
`)},
	"locales/active.de.yaml": {Data: []byte(`
Started: "%s beginnt: %s."
Players:
  one: "%d Spieler"
  other: "%d Spieler"
`)},
	"locales/active.fr.yaml": {Data: []byte(`
Started: "%s commence : %s."
Players:
  one: "%d joueur"
  other: "%d joueurs"
`)},
}

func TestThirdLanguage(t *testing.T) {
	c, err := load(french)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := c.langs, []games.Lang{"en", "de", "fr"}; !slices.Equal(got, want) {
		t.Errorf("langs = %q, want %q", got, want)
	}
	var name games.Text // a game's name, from a data file
	if err := json.Unmarshal([]byte(`{"en":"Armageddon","de":"Armageddon","fr":"Armagédon"}`), &name); err != nil {
		t.Fatal(err)
	}
	started := c.textf("Started", nil, []any{name, "Ann"})
	langOf := func(locale string) string {
		l, _ := c.match(locale)
		return string(l)
	}
	for _, tc := range []struct {
		name string
		got  string
		want string
	}{
		{"a message", c.tr("fr", "Started", nil, []any{"X", "Ann"}), "X commence : Ann."},
		{"French counts 0 as one", c.tr("fr", "Players", 0, []any{0}), "0 joueur"},
		{"English counts 0 as other", c.tr(games.English, "Players", 0, []any{0}), "0 players"},
		{"plural other", c.tr("fr", "Players", 2, []any{2}), "2 joueurs"},
		{"a text in every language, with a data file's name", started.In("fr"), "Armagédon commence : Ann."},
		{"the same text in German", started.In(games.German), "Armageddon beginnt: Ann."},
		{"a Discord locale of the language", langOf("fr"), "fr"},
		{"a regional locale reads its language", langOf("fr-CA"), "fr"},
		{"a locale the bot does not speak reads English", langOf("it"), "en"},
		{"the language named in German", LangName("fr", games.German), "Französisch"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.got != tc.want {
				t.Errorf("got %q, want %q", tc.got, tc.want)
			}
		})
	}
}

// TestEveryEngineSpeaksTheBotsLanguages checks that every language the bot
// offers has a message file in every engine, and no engine has a file for a
// language the bot does not offer.
func TestEveryEngineSpeaksTheBotsLanguages(t *testing.T) {
	dirs, err := filepath.Glob("../../games/*/locales")
	if err != nil || len(dirs) < 4 {
		t.Fatalf("engines' locales: %q, %v", dirs, err)
	}
	// The renderers' catalogues (games/<id>/pictures, games/<id>/board).
	drawn, err := filepath.Glob("../../games/*/*/locales")
	if err != nil || len(drawn) < 3 {
		t.Fatalf("renderers' locales: %q, %v", drawn, err)
	}
	dirs = append(dirs, drawn...)
	for _, dir := range dirs {
		files, err := filepath.Glob(filepath.Join(dir, "*.yaml"))
		if err != nil {
			t.Fatal(err)
		}
		var langs []games.Lang
		for _, f := range files {
			if l := strings.TrimSuffix(filepath.Base(f), ".yaml"); !strings.Contains(l, ".") {
				langs = append(langs, games.Lang(l))
			}
		}
		slices.Sort(langs)
		want := Langs()
		slices.Sort(want)
		if !slices.Equal(langs, want) {
			t.Errorf("%s has the languages %q, the bot %q", dir, langs, want)
		}
	}
}
