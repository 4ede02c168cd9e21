package bot

import (
	"fmt"

	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
)

// replayStep is one move of a replayed log: the state before it, the
// mover's legal moves there, the move as the game listed it, and what it
// made happen.
type replayStep struct {
	m      db.Move
	before games.Game
	moves  []games.Move
	move   games.Move
	events []games.Event
}

// replayLog replays log from the start of t's game (its options and seed,
// seats players) and hands each step to visit, which returns false to stop.
func replayLog(def *games.Definition, t db.Table, seats int, log []db.Move, visit func(replayStep) bool) error {
	g, _, err := def.Create(seats, t.Options, t.Seed)
	if err != nil {
		return fmt.Errorf("replay: set up the game: %w", err)
	}
	for _, m := range log {
		seat := games.Seat(m.Seat)
		st := replayStep{m: m, before: g, moves: g.LegalMoves(seat)}
		if st.move, err = games.Resolve(g, seat, st.moves, m.Notation); err != nil {
			return fmt.Errorf("replay move %d: %w", m.N, err)
		}
		if g, st.events, err = games.Play(g, seat, st.move); err != nil {
			return fmt.Errorf("replay move %d: %w", m.N, err)
		}
		if !visit(st) {
			return nil
		}
	}
	return nil
}
