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

// TestPicturesCatalog checks the pictures' catalogue (Pictures) as
// TestMessageCatalog checks the engine's, against the sources of
// images/xenoshyft, which use it as pictures.
func TestPicturesCatalog(t *testing.T) {
	for _, p := range catalog.Verify(Pictures, "../../images/xenoshyft", "pictures") {
		t.Error(p)
	}
}
