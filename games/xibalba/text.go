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

// boardFiles are the message files of XIBALBA's board pictures.
//
//go:embed board/locales/*.yaml
var boardFiles embed.FS

// Board is the catalogue of the words XIBALBA's board pictures show
// (images/xibalba), by id. It lives beside the engine's catalogue so that a
// language is files here, never code there; TestBoardCatalog checks it
// against the renderer's sources.
var Board = catalog.MustLoadDir("xibalba-board", boardFiles, "board")
