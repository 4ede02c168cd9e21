package xenoshyft

import (
	"embed"

	"github.com/playbychat/pbc/games/internal/catalog"
)

// pictureFiles are the texts of Xenoshyft's pictures, one file per language.
//
//go:embed pictures/locales/*.yaml
var pictureFiles embed.FS

// Pictures is the message catalogue of Xenoshyft's pictures: the headings,
// labels and phrases images/xenoshyft draws around the engine's own texts
// (the view's). It is apart from msgs, whose every message the engine
// uses; TestPicturesCatalog checks it against the renderer's sources.
var Pictures = catalog.MustLoadDir("xenoshyft pictures", pictureFiles, "pictures")
