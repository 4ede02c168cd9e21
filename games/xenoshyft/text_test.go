package xenoshyft

import (
	"testing"

	"github.com/playbychat/pbc/games/internal/catalog"
)

// TestMessageCatalog fails on a message missing in a language, verbs that differ
// between the languages, and ids used but absent or present but unused.
func TestMessageCatalog(t *testing.T) {
	for _, p := range catalog.Verify(msgs, ".", "msgs") {
		t.Error(p)
	}
}

// TestBoardCatalog checks the pictures' catalogue (Board) as
// TestMessageCatalog checks the engine's, against the sources of
// images/xenoshyft, which use it as board.
func TestBoardCatalog(t *testing.T) {
	for _, p := range catalog.Verify(Board, "../../images/xenoshyft", "board") {
		t.Error(p)
	}
}
