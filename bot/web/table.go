package web

import (
	"context"
	"fmt"

	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
)

// Store is the read-only part of the store the pages are made from;
// *db.Store has it.
type Store interface {
	Table(ctx context.Context, id int64) (db.Table, error)
	Seats(ctx context.Context, tableID int64) ([]db.Seat, error)
	Moves(ctx context.Context, tableID int64) ([]db.Move, error)
}

var _ Store = (*db.Store)(nil)

// checkpointEvery is how many moves apart a timeline keeps the game: a
// replay step replays at most this many moves less one, and a long game
// (a D.E.I. state is tens of kilobytes) is not kept after every move.
const checkpointEvery = 16

// timeline is a table replayed from its options, seed and log: the game
// at checkpoints and after the last move, and the events of every move.
// Games are immutable, so the states share nothing that changes; a
// timeline is made once per table version and cached.
type timeline struct {
	table db.Table
	def   *games.Definition
	names []string // by seat
	moves []db.Move
	// checkpoints[k] is the game after k*checkpointEvery moves; empty
	// before the table started.
	checkpoints []games.Game
	// last is the game after the last move; nil before the start.
	last games.Game
	// events[n] are the events of move n+1.
	events [][]games.Event
	// rounds[n] is the round move n+1 was made in (games.Rounder); nil
	// for a game without rounds.
	rounds []int
}

// started reports whether the table has a game.
func (t *timeline) started() bool { return t.last != nil }

// at returns the game after n moves, n clamped to the log, replayed from
// the checkpoint before it.
func (t *timeline) at(n int) (games.Game, int, error) {
	n = max(0, min(n, len(t.moves)))
	if n == len(t.moves) {
		return t.last, n, nil
	}
	k := n / checkpointEvery
	g := t.checkpoints[k]
	for _, m := range t.moves[k*checkpointEvery : n] {
		next, _, err := games.PlayText(g, games.Seat(m.Seat), m.Notation)
		if err != nil {
			return nil, 0, fmt.Errorf("web: table %d: replay move %d: %w", t.table.ID, m.N, err)
		}
		g = next
	}
	return g, n, nil
}

// load replays table t with its seats.
func load(ctx context.Context, st Store, t db.Table, seats []db.Seat) (*timeline, error) {
	def, ok := games.Lookup(t.Game)
	if !ok {
		return nil, fmt.Errorf("web: table %d: unknown game %q", t.ID, t.Game)
	}
	tl := &timeline{table: t, def: def, names: make([]string, len(seats))}
	for _, s := range seats {
		if s.Seat >= 0 && s.Seat < len(seats) {
			tl.names[s.Seat] = s.Name
		}
	}
	if t.Status == db.Open {
		return tl, nil
	}
	moves, err := st.Moves(ctx, t.ID)
	if err != nil {
		return nil, fmt.Errorf("web: table %d: %w", t.ID, err)
	}
	g, _, err := def.Create(len(seats), t.Options, t.Seed)
	if err != nil {
		return nil, fmt.Errorf("web: table %d: set up: %w", t.ID, err)
	}
	tl.moves = moves
	tl.events = make([][]games.Event, 0, len(moves))
	for i, m := range moves {
		if i%checkpointEvery == 0 {
			tl.checkpoints = append(tl.checkpoints, g)
		}
		if r, ok := g.(games.Rounder); ok {
			tl.rounds = append(tl.rounds, r.Round())
		}
		next, events, err := games.PlayText(g, games.Seat(m.Seat), m.Notation)
		if err != nil {
			return nil, fmt.Errorf("web: table %d: replay move %d: %w", t.ID, m.N, err)
		}
		g = next
		tl.events = append(tl.events, events)
	}
	if len(moves)%checkpointEvery == 0 {
		tl.checkpoints = append(tl.checkpoints, g)
	}
	tl.last = g
	return tl, nil
}
