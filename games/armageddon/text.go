package armageddon

import (
	"embed"

	"github.com/playbychat/pbc/games/internal/catalog"
)

// localeFiles are the engine's messages, one file per language.
//
//go:embed locales/*.yaml
var localeFiles embed.FS

// msgs is the engine's message catalogue: every text players read that is
// not card data.
var msgs = catalog.MustLoad(ID, localeFiles)
