// Package botplay holds what the engines' bot policies (games.Policy)
// share: choosing the best-scored move, and the moves a bot seat is
// offered.
package botplay

import (
	"math/rand/v2"

	"github.com/playbychat/pbc/games"
)

// Best returns the move with the highest score; r breaks ties at random,
// so that a policy does not always take the first of equal moves. moves
// must not be empty.
func Best(moves []games.Move, r *rand.Rand, score func(games.Move) float64) games.Move {
	best, bestScore := moves[0], 0.0
	for i, m := range moves {
		s := score(m) + r.Float64()*0.01
		if i == 0 || s > bestScore {
			best, bestScore = m, s
		}
	}
	return best
}

// Decisions leaves out the standing choices (group games.SettingGroup) of
// a seat's legal moves: what the platform offers a bot seat's policy.
func Decisions(moves []games.Move) []games.Move {
	var out []games.Move
	for _, m := range moves {
		if m.Group != games.SettingGroup {
			out = append(out, m)
		}
	}
	return out
}
