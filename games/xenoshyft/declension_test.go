package xenoshyft

import (
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
