package dei

import (
	"testing"

	"github.com/playbychat/pbc/games/internal/catalog"
)

// TestMessages checks D.E.I.'s message catalogue against its sources: every
// message in every language with the same verbs, every id used in a file,
// every id of the files used.
func TestMessages(t *testing.T) {
	for _, p := range catalog.Verify(msgs, ".", "msgs") {
		t.Error(p)
	}
}

// TestPicturesCatalog checks the pictures' catalogue (Pictures) as
// TestMessages checks the engine's, against the sources of images/dei,
// which use it as pictures.
func TestPicturesCatalog(t *testing.T) {
	for _, p := range catalog.Verify(Pictures, "../../images/dei", "pictures") {
		t.Error(p)
	}
}

// TestStepLabels checks the menu's step labels made from the catalogue
// against the sentences they replace.
func TestStepLabels(t *testing.T) {
	g, _, err := Definition.Create(2, nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	area := areaTok(g.(*Game).b, 0)
	shown := g.(*Game).areaID(0)
	tests := []struct {
		name, prefix, en, de string
	}{
		{"verb", "play", "Play a card ▸", "Karte spielen ▸"},
		{"card", "buy ta1", "Buy TA1 ▸", "Kaufen TA1 ▸"},
		{"move from", "bmove " + area, "Logistic move from " + shown + " ▸", "Logistisch bewegen von " + shown + " ▸"},
		{"move to", "move " + area + " " + area, "Move from " + shown + " to " + shown + " ▸", "Bewegen von " + shown + " nach " + shown + " ▸"},
		{"district", "deploy @3", "Deploy in district 3 ▸", "Einrücken im Bezirk 3 ▸"},
		{"unnamed verb", "zap", "zap ▸", "zap ▸"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := g.(*Game).stepLabel(tc.prefix)
			if got.EN != tc.en || got.DE != tc.de {
				t.Errorf("stepLabel(%q) = %q / %q, want %q / %q", tc.prefix, got.EN, got.DE, tc.en, tc.de)
			}
		})
	}
}
