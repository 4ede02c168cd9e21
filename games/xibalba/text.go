package xibalba

import (
	"embed"

	"github.com/playbychat/pbc/games/internal/catalog"
)

// localeFiles are XIBALBA's message files, one per language.
//
//go:embed locales/*.yaml
var localeFiles embed.FS

// msgs is XIBALBA's message catalogue: every text the engine writes for
// players (events, prompts, move labels, refusals, options), by id.
var msgs = catalog.MustLoad("xibalba", localeFiles)
