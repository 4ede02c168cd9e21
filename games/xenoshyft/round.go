package xenoshyft

import "github.com/playbychat/pbc/games"

var _ games.Rounder = (*Game)(nil)

// Round is the number of the round being played (games.Rounder), from the
// state's round counter.
func (g *Game) Round() int { return g.s.Round }
