package xibalba

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/internal/gametest"
)

// TestNamesDeclined plays whole games with the bot policy at the smallest
// and largest tables and checks that every name a German message declines
// ({acc %s}, {dat %s}) has its forms in locales/de.names.yaml. Only the
// shipped cards count: other tests' card sets bring names of their own.
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
	UseCardSet(cs) // the shipped cards, not the tests' fixture
	t.Cleanup(func() { UseCardSet(testSet) })
	var g games.Game
	for _, seats := range []int{Definition.MinSeats, Definition.MaxSeats} {
		g = gametest.PlayPolicy(t, Definition, seats, uint64(seats), 3000)
	}
	var shipped []string
	for _, c := range g.(games.Catalog).Catalog() {
		shipped = append(shipped, "de: "+c.Name.DE)
	}
	for _, u := range msgs.Undeclined() {
		for _, name := range shipped {
			if u == name || strings.HasPrefix(u, name+" ") {
				t.Errorf("%s has no German forms: add them to locales/de.names.yaml", u)
				break
			}
		}
	}
}
