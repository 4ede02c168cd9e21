package dei

import (
	"testing"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/internal/gametest"
)

// TestRevealRule checks the reveal rule of package eventlog on a random
// game: a move that draws from the generator is a reveal, a planning move
// that does not is none.
func TestRevealRule(t *testing.T) {
	g, _, err := Definition.Create(2, map[string]string{OptPlanning: "true"}, 5)
	if err != nil {
		t.Fatal(err)
	}
	drew := func(before, after games.Game) bool { return before.(*Game).s.RNG != after.(*Game).s.RNG }
	planning := func(m games.Move) bool { return m.Payload.(*mv).Verb == "plan" }
	gametest.RevealRule(t, g, 5, 3000, drew, planning)
}
