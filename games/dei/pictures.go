package dei

import (
	"embed"

	"github.com/playbychat/pbc/games/internal/catalog"
)

// pictureFiles are the texts of D.E.I.'s pictures, one file per language.
//
//go:embed pictures/locales/*.yaml
var pictureFiles embed.FS

// Pictures is the message catalogue of D.E.I.'s pictures: the headings,
// labels and phrases images/dei draws around the engine's own texts (the
// view's). It is apart from msgs, whose every message the engine uses;
// TestPicturesCatalog checks it against the renderer's sources.
var Pictures = catalog.MustLoadDir("dei pictures", pictureFiles, "pictures")
