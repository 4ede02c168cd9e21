package bot

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/playbychat/pbc/bot/command"
	"github.com/playbychat/pbc/bot/export"
	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
)

// The /game export command; the file, its check and the record are
// package bot/export's. The redaction of a running table's moves replays
// its log (replay.go), so it stays here.

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
	e := export.File{Record: export.Record(s.table, s.seats, moves), Commitment: t.Commitment, Partial: running, Withheld: withheld}
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

// exportTable finds the table to export: the one named by the table option,
// which must belong to this channel, or the channel's active table.
func (b *Bot) exportTable(c *call) (db.Table, error) {
	id := c.in.Options.String(command.OptTable)
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
