package xibalba

import (
	"errors"
	"os"
	"testing"

	"github.com/playbychat/pbc/games/internal/gametest"
)

// TestNamesDeclined checks that every name a German message declines has
// its forms in locales/de.names.yaml, over whole policy games with the
// shipped cards (not the tests' fixture).
func TestNamesDeclined(t *testing.T) {
	cards, err1 := os.ReadFile("data/cards.json")
	factions, err2 := os.ReadFile("data/factions.json")
	if err := errors.Join(err1, err2); err != nil {
		t.Fatal(err)
	}
	cs, err := LoadCardSet(cards, factions)
	if err != nil {
		t.Fatal(err)
	}
	UseCardSet(cs)
	t.Cleanup(func() { UseCardSet(testSet) })
	gametest.NamesDeclined(t, Definition, msgs.Undeclined)
}
