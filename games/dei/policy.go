package dei

import (
	"math/rand/v2"

	"github.com/playbychat/pbc/games"
)

// policy chooses a bot seat's move from its own view.
func policy(view games.View, moves []games.Move, r *rand.Rand) games.Move {
	return moves[r.IntN(len(moves))]
}
