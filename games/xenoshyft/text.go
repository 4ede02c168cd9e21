package xenoshyft

import (
	"embed"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/internal/catalog"
)

// localeFiles are Xenoshyft's message files, one per language.
//
//go:embed locales/*.yaml
var localeFiles embed.FS

// msgs is Xenoshyft's message catalogue: every text the engine writes for
// players (events, prompts, move labels, refusals, options), by id.
var msgs = catalog.MustLoad("xenoshyft", localeFiles)

// refuse is a rule violation with its reason from the catalogue.
func refuse(reason games.Text) error { return &games.RuleError{Reason: reason} }
