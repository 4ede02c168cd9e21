package bot_test

import (
	"strings"
	"testing"
)

// TestOpeningPosted checks that the first board post of a table shows the
// setup's public events: XIBALBA's roll for the starting player.
func TestOpeningPosted(t *testing.T) {
	h := newHarness(t, ":memory:")
	h.cmd(alice, "game new", "game=xibalba", "players=2")
	h.cmd(bob, "game join")
	h.cmd(alice, "game start")
	m := lastPost(t, h.discord.TakePosts(), "XIBALBA")
	for _, want := range []string{"Starting player roll: Alice rolls", "Starting player roll: Bob rolls", "is the starting player."} {
		if !strings.Contains(m.Content, want) {
			t.Errorf("first post lacks %q:\n%s", want, m.Content)
		}
	}
}
