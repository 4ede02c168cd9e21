package xibalba

import "github.com/playbychat/pbc/games"

var _ games.Rounder = (*game)(nil)

// Round is the number of the round being played (games.Rounder), from the
// state's round counter.
func (g *game) Round() int { return g.s.Round }
