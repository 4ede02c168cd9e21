package armageddon

import (
	"testing"

	"github.com/playbychat/pbc/games/internal/catalog"
)

// TestCatalog fails on a message missing in a language, differing verbs,
// and ids used but in no file or in the files but never used.
func TestCatalog(t *testing.T) {
	for _, p := range catalog.Verify(msgs, ".", "msgs") {
		t.Error(p)
	}
}

// TestPicturesCatalog checks the pictures' catalogue (Pictures) as
// TestMessageCatalog checks the engine's, against the sources of
// images/armageddon, which use it as pictures.
func TestPicturesCatalog(t *testing.T) {
	for _, p := range catalog.Verify(Pictures, "../../images/armageddon", "pictures") {
		t.Error(p)
	}
}
