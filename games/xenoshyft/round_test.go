package xenoshyft

import (
	"testing"

	"github.com/playbychat/pbc/games/internal/gametest"
)

func TestRound(t *testing.T) {
	g, _, err := Definition.Create(2, nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	gametest.RoundsRise(t, Definition, g, 3000)
}
