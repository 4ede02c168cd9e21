package xibalba

import (
	"testing"

	"github.com/playbychat/pbc/games/internal/catalog"
)

// TestMessageCatalog checks the message catalogue (TestCatalog checks the
// catalogue of pieces): every id in both languages with the same verbs,
// every id used, every used id present.
func TestMessageCatalog(t *testing.T) {
	for _, p := range catalog.Verify(msgs, ".", "msgs") {
		t.Error(p)
	}
}

// TestBoardCatalog checks the catalogue of the board pictures against the
// renderer that uses it (images/xibalba, through its variable words).
func TestBoardCatalog(t *testing.T) {
	for _, p := range catalog.Verify(Board, "../../images/xibalba", "words") {
		t.Error(p)
	}
}
