package games

import (
	"fmt"
	"time"
)

// RecordedMove is one move of a game record. Replay needs only the seat
// and the notation; the user and the time, where a record has them, are
// its history (for stats and catch-up digests).
type RecordedMove struct {
	Seat     Seat   `json:"seat"`
	Notation string `json:"move"`
	// User is who made the move: a Discord user id, or "" for a move the
	// platform made (a bot seat, a default move).
	User string    `json:"user,omitempty"`
	At   time.Time `json:"at,omitzero"`
}

// Record is everything needed to replay a game: the export format of
// /game export and the input of pbc verify.
type Record struct {
	Game    string            `json:"game"`
	Seats   int               `json:"seats"`
	Options map[string]string `json:"options"`
	Seed    uint64            `json:"seed"`
	Moves   []RecordedMove    `json:"moves"`
	// Hash is the state hash after the last move, if known.
	Hash string `json:"hash,omitempty"`
}

// Replay sets the recorded game up and plays every move through Play. It
// returns the final game, or an error naming the first move that fails.
func Replay(rec Record) (Game, error) {
	def, ok := Lookup(rec.Game)
	if !ok {
		return nil, fmt.Errorf("replay: unknown game %q", rec.Game)
	}
	g, _, err := def.Create(rec.Seats, rec.Options, rec.Seed)
	if err != nil {
		return nil, fmt.Errorf("replay setup: %w", err)
	}
	for i, m := range rec.Moves {
		next, _, err := PlayText(g, m.Seat, m.Notation)
		if err != nil {
			return nil, fmt.Errorf("replay move %d (seat %d %q): %w", i+1, m.Seat, m.Notation, err)
		}
		g = next
	}
	return g, nil
}
