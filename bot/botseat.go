package bot

import (
	"encoding/binary"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"

	"github.com/playbychat/pbc/games"
)

// botMove picks the move the bot makes for seat in g: the game's policy
// (games.Definition.Policy), which sees only the seat's own view and its
// legal moves without standing choices, or a uniformly random one of those
// moves for a game without a policy. ok is false when the seat has no
// move. A policy that answers with a move not offered to it is a bug of
// the engine; the bot then plays a random move rather than stall.
func botMove(def *games.Definition, g games.Game, seat games.Seat, r *rand.Rand) (games.Move, bool) {
	var moves []games.Move
	for _, m := range g.LegalMoves(seat) {
		if m.Group != games.SettingGroup {
			moves = append(moves, m)
		}
	}
	if len(moves) == 0 {
		return games.Move{}, false
	}
	if def.Policy != nil {
		m := def.Policy(g.View(seat), moves, r)
		if slices.ContainsFunc(moves, func(o games.Move) bool { return o.Notation == m.Notation }) {
			return m, true
		}
	}
	return moves[r.IntN(len(moves))], true
}

// botRand returns a generator for the bot's choices, seeded from random
// (the Bot's source of randomness): never from the game's seed, so that
// the bot's play tells nothing about the game's coming draws.
func botRand(random io.Reader) (*rand.Rand, error) {
	var seed [16]byte
	if _, err := io.ReadFull(random, seed[:]); err != nil {
		return nil, fmt.Errorf("seed the bot's choices: %w", err)
	}
	return rand.New(rand.NewPCG(binary.LittleEndian.Uint64(seed[:8]), binary.LittleEndian.Uint64(seed[8:]))), nil
}
