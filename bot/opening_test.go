package bot_test

import (
	"strings"
	"testing"

	"github.com/playbychat/pbc/bot/bottest"
	"github.com/playbychat/pbc/games"
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

// TestFirstStripLeavesOutTheCommitment checks that the first board's
// headline strip shows who plays, not the seed's commitment (a hex string
// in markdown): the post itself keeps it, for checking the game.
func TestFirstStripLeavesOutTheCommitment(t *testing.T) {
	h := newHarness(t, ":memory:")
	var strips [][]string
	h.render = func(v games.View, names []string, lang games.Lang, changes []string) ([]byte, string, error) {
		strips = append(strips, changes)
		return bottest.Render(v, names, lang, changes)
	}
	h.restart()
	h.cmd(alice, "game new", "game=xibalba", "players=2")
	h.cmd(bob, "game join")
	h.cmd(alice, "game start")
	post := lastPost(t, h.discord.TakePosts(), "XIBALBA")
	if !strings.Contains(post.Content, "Randomness commitment") {
		t.Errorf("the first post lacks the commitment:\n%s", post.Content)
	}
	if len(strips) == 0 {
		t.Fatal("no board drawn")
	}
	strip := strings.Join(strips[0], "\n")
	if !strings.Contains(strip, "XIBALBA begins") || strings.Contains(strip, "commitment") || strings.Contains(strip, "`") {
		t.Errorf("the first strip should name the game and leave out the commitment:\n%s", strip)
	}
}
