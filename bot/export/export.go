// Package export is the game record /game export sends and its check: the
// record of a table's game with the fair-dice proof (the seed secret
// behind the commitment posted at the start), which anyone can verify by
// replaying the moves under the rules.
package export

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/playbychat/pbc/bot/stats"
	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
)

// File is the JSON file /game export sends: the game record plus the fair
// dice proof. While the table is running the seed and its secret are left
// out, and so are the private moves (games.Move.Private) of every seat but
// the one asking: such an export is partial.
type File struct {
	// Record is the game record with the table's history: server,
	// players, status at the time of the export, times of the start, the
	// end and each move (what stats are rebuilt from).
	stats.Record
	// Commitment is the hex SHA-256 of the seed secret, posted when the
	// table was opened.
	Commitment string `json:"commitment"`
	// SeedSecret is the hex encoding of the 32 random bytes the seed
	// derives from (seed = the first 8 bytes of their SHA-256, big-endian;
	// commitment = the hex SHA-256); only once the table is no longer
	// running.
	SeedSecret string `json:"seed_secret,omitempty"`
	// Partial is set on the export of a running table: Withheld private
	// moves of other seats are left out of Moves, which therefore need
	// not replay.
	Partial  bool `json:"partial,omitempty"`
	Withheld int  `json:"withheld,omitempty"`
}

// Errors of Verify, wrapped with details.
var (
	ErrIncomplete = errors.New("export has no seed secret (the game was still running)")
	ErrCommitment = errors.New("seed secret does not match the commitment")
	ErrSeed       = errors.New("seed does not derive from the seed secret")
	ErrReplay     = errors.New("moves do not replay")
	ErrFinalHash  = errors.New("final state hash differs")
)

// Verify checks an export made by /game export: the secret matches the
// commitment posted at the start, the seed derives from the secret, the
// moves replay under the rules, and the replay ends in the recorded state
// hash.
func Verify(data []byte) error {
	var e File
	if err := json.Unmarshal(data, &e); err != nil {
		return fmt.Errorf("verify export: %w", err)
	}
	if e.SeedSecret == "" {
		return ErrIncomplete
	}
	secret, err := hex.DecodeString(e.SeedSecret)
	if err != nil {
		return fmt.Errorf("verify export: seed secret: %w", err)
	}
	seed, commitment := DeriveSeed(secret)
	if commitment != e.Commitment {
		return fmt.Errorf("%w: SHA-256 of the secret is %s, the commitment %s", ErrCommitment, commitment, e.Commitment)
	}
	if seed != e.Seed {
		return fmt.Errorf("%w: derived %d, recorded %d", ErrSeed, seed, e.Seed)
	}
	g, err := games.Replay(e.Record.Record)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrReplay, err)
	}
	hash, err := games.Hash(g)
	if err != nil {
		return fmt.Errorf("verify export: %w", err)
	}
	if hash != e.Hash {
		return fmt.Errorf("%w: replay ends in %s, the export records %s", ErrFinalHash, hash, e.Hash)
	}
	return nil
}

// DeriveSeed returns the game seed (the first 8 bytes of SHA-256(secret),
// big-endian) and the public commitment (hex SHA-256(secret)) of a seed
// secret.
func DeriveSeed(secret []byte) (uint64, string) {
	sum := sha256.Sum256(secret)
	return binary.BigEndian.Uint64(sum[:8]), hex.EncodeToString(sum[:])
}

// Record is the record of table t, seated by seats, with the given moves
// of its log; its seed and final hash are left for the caller to reveal.
func Record(t db.Table, seats []db.Seat, moves []db.Move) stats.Record {
	rec := stats.Record{
		Record:  games.Record{Game: t.Game, Seats: len(seats), Options: t.Options},
		Table:   t.ID,
		Guild:   t.GuildID,
		Status:  string(t.Status),
		Started: t.StartedAt,
		Ended:   t.EndedAt,
	}
	for _, st := range seats {
		rec.Players = append(rec.Players, stats.Player{User: st.UserID, Name: st.Name, Bot: st.Bot})
	}
	for _, m := range moves {
		rec.Moves = append(rec.Moves, games.RecordedMove{Seat: games.Seat(m.Seat), Notation: m.Notation, User: m.UserID, At: m.At})
	}
	return rec
}
