package dei

import (
	"testing"

	"github.com/playbychat/pbc/games/internal/gametest"
)

// TestNamesDeclined checks that every name a German message declines has
// its forms in locales/de.names.yaml, over whole policy games.
func TestNamesDeclined(t *testing.T) {
	gametest.NamesDeclined(t, Definition, msgs.Undeclined)
}
