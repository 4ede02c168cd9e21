package text

import (
	"testing"

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
