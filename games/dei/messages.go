package dei

import (
	"embed"

	"github.com/playbychat/pbc/games/internal/catalog"
)

// localeFiles are D.E.I.'s message files, one per language, and the German
// declined forms of its names.
//
//go:embed locales/*.yaml
var localeFiles embed.FS

// msgs is D.E.I.'s message catalogue: every text the engine writes for
// players (events, prompts, move and menu labels, refusals, the pieces'
// texts, the text view, options), in every language (see package catalog).
var msgs = catalog.MustLoad("dei", localeFiles)
