package bot

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/playbychat/pbc/bot/stats"
	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
)

// Export is the JSON file /game export sends: the game record plus the fair
// dice proof. While the table is running the seed and its secret are left
// out, and so are the private moves (games.Move.Private) of every seat but
// the one asking: such an export is partial.
type Export struct {
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

// Errors of VerifyExport, wrapped with details.
var (
	ErrExportIncomplete = errors.New("export has no seed secret (the game was still running)")
	ErrCommitment       = errors.New("seed secret does not match the commitment")
	ErrSeed             = errors.New("seed does not derive from the seed secret")
	ErrReplay           = errors.New("moves do not replay")
	ErrFinalHash        = errors.New("final state hash differs")
)

// VerifyExport checks an export made by /game export: the secret matches the
// commitment posted at the start, the seed derives from the secret, the moves
// replay under the rules, and the replay ends in the recorded state hash.
func VerifyExport(data []byte) error {
	var e Export
	if err := json.Unmarshal(data, &e); err != nil {
		return fmt.Errorf("verify export: %w", err)
	}
	if e.SeedSecret == "" {
		return ErrExportIncomplete
	}
	secret, err := hex.DecodeString(e.SeedSecret)
	if err != nil {
		return fmt.Errorf("verify export: seed secret: %w", err)
	}
	seed, commitment := deriveSeed(secret)
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

// export handles /game export [table]: the record of the channel's active
// table, or of an ended one named by its id (given in the final message).
// A running table's record leaves out the private moves of every seat but
// the asker's own.
func (b *Bot) export(c *call) error {
	t, err := b.exportTable(c)
	if err != nil {
		return err
	}
	switch {
	case t.Status == db.Open:
		return refuse(msgNotStarted)
	case t.StartedAt.IsZero():
		return refuse(msgExportNeverStarted)
	}
	s, err := b.load(c.ctx, t)
	if err != nil {
		return err
	}
	moves, err := b.readMoves(c.ctx, t.ID)
	if err != nil {
		return err
	}
	running := t.Status == db.Running
	withheld := 0
	if running {
		viewer, _ := s.seatOf(c.in.User.ID)
		all := len(moves)
		if moves, err = visibleMoves(s.def, t, len(s.seats), moves, viewer); err != nil {
			return &internalError{t.ID, err}
		}
		withheld = all - len(moves)
	}
	e := Export{Record: record(s, moves), Commitment: t.Commitment, Partial: running, Withheld: withheld}
	if !running {
		e.Seed, e.SeedSecret = t.Seed, t.SeedSecret
		hash, err := games.Hash(s.game)
		if err != nil {
			return &internalError{t.ID, err}
		}
		e.Hash = hash
	}
	data, err := json.MarshalIndent(e, "", "  ")
	if err != nil {
		return &internalError{t.ID, fmt.Errorf("encode export: %w", err)}
	}
	text := tr(c.lang, msgExportDone)
	if running {
		text = trn(c.lang, msgExportRunning, withheld, withheld)
	}
	return c.reply(Message{
		Content:   text,
		Files:     []File{{Name: fmt.Sprintf("%s-%d.json", t.Game, t.ID), ContentType: "application/json", Data: data}},
		Ephemeral: running,
	})
}

// visibleMoves returns the moves of the log that viewer (a seat, or
// games.Spectator) may read while the game runs: its own, and every other
// seat's that was not private. Privacy is the Private flag of the move as
// the game listed it at that state, found by replaying the log from the
// start (t's options and seed, seats players).
func visibleMoves(def *games.Definition, t db.Table, seats int, log []db.Move, viewer games.Seat) ([]db.Move, error) {
	var out []db.Move
	err := replayLog(def, t, seats, log, func(st replayStep) bool {
		if !st.move.Private || games.Seat(st.m.Seat) == viewer {
			out = append(out, st.m)
		}
		return true
	})
	if err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	return out, nil
}

// record is the record of a table with the given moves of its log; its
// seed and final hash are left for the caller to reveal.
func record(s *session, moves []db.Move) stats.Record {
	t := s.table
	rec := stats.Record{
		Record:  games.Record{Game: t.Game, Seats: len(s.seats), Options: t.Options},
		Table:   t.ID,
		Guild:   t.GuildID,
		Status:  string(t.Status),
		Started: t.StartedAt,
		Ended:   t.EndedAt,
	}
	for _, st := range s.seats {
		rec.Players = append(rec.Players, stats.Player{User: st.UserID, Name: st.Name, Bot: st.Bot})
	}
	for _, m := range moves {
		rec.Moves = append(rec.Moves, games.RecordedMove{Seat: games.Seat(m.Seat), Notation: m.Notation, User: m.UserID, At: m.At})
	}
	return rec
}

// exportTable finds the table to export: the one named by the table option,
// which must belong to this channel, or the channel's active table.
func (b *Bot) exportTable(c *call) (db.Table, error) {
	id := c.in.Options.String(OptTable)
	if id == "" {
		return b.activeTable(c)
	}
	var n int64
	if _, err := fmt.Sscan(id, &n); err != nil {
		return db.Table{}, refuse(msgNoTable)
	}
	t, err := b.store.Table(c.ctx, n)
	if errors.Is(err, db.ErrNotFound) || (err == nil && t.ChannelID != c.in.ChannelID) {
		return db.Table{}, refuse(msgNoTable)
	}
	if err != nil {
		return db.Table{}, &internalError{n, fmt.Errorf("table: %w", err)}
	}
	return t, nil
}
