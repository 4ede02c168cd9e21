package bot

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/playbychat/pbc/bot/stats"
	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
)

// maxBotMoves bounds the moves the bot makes in a row at one table: far
// more than any game's longest run of bot turns, it only stops an engine
// that would loop.
const maxBotMoves = 2000

// playBots makes the moves of the seats the bot plays (bot seats, and the
// seats of absent players) and the forced moves of every seat (see
// playForced) as long as one of them must act, each committed and
// announced like any move: the bot process plays them itself, with no
// interaction. A seat's move comes from its own view only
// (games.Definition.BotMove). It stops quietly when another change got in
// first (whoever made it plays the bots next); other failures are logged,
// and the next reminder tries again.
func (b *Bot) playBots(ctx context.Context, s *session) {
	if s.game == nil || s.table.Status != db.Running {
		return
	}
	var r *rand.Rand
	for range maxBotMoves {
		if b.playQueued(ctx, s) {
			continue
		}
		if s.status().Finished {
			return
		}
		if b.playForced(ctx, s) {
			continue
		}
		seat, ok := s.botActor()
		if !ok {
			return
		}
		if r == nil {
			var err error
			if r, err = botRand(b.random); err != nil {
				b.log.ErrorContext(ctx, "bot move", "table", s.table.ID, "err", err)
				return
			}
		}
		m, ok := s.def.BotMove(s.game, seat, r)
		if !ok {
			return
		}
		_, out, err := b.commitMove(ctx, s, seat, m.Notation, games.Text{}, false)
		if err != nil {
			if !errors.Is(err, db.ErrConflict) {
				b.log.ErrorContext(ctx, "bot move", "table", s.table.ID, "seat", int(seat), "err", err)
			}
			return
		}
		b.flush(ctx, out)
	}
	b.log.ErrorContext(ctx, "bot move", "table", s.table.ID, "err", fmt.Errorf("still a bot to move after %d bot moves", maxBotMoves))
}

// botOwes reports whether the bot must move at s's table now: a seat it
// plays, or a seat whose move it makes (autoMove), must act.
func (s *session) botOwes() bool {
	if _, ok := s.botActor(); ok {
		return true
	}
	for _, group := range s.autoSeats(s.game) {
		if len(group.seats) > 0 {
			return true
		}
	}
	return false
}

// botActor returns a seat the bot plays that must act now.
func (s *session) botActor() (games.Seat, bool) {
	for _, a := range s.game.ToAct() {
		if s.botPlays(a.Seat) {
			return a.Seat, true
		}
	}
	return games.Spectator, false
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

// answerClock follows since when each seat must act, for the answer times
// of /stats (stats.AnswerClock does the same from a record): given the
// seats before mover's move at time at from prev to next, it returns the
// seats after it, records in m how long a person took when this move was
// their answer (not a forced move, which the bot made for them), and lists
// in m.Seats the seats whose state changed, to be saved with the move.
func answerClock(seats []db.Seat, prev, next games.Game, mover games.Seat, at time.Time, m *db.Move) []db.Seat {
	_, forced := forcedMove(prev, mover, prev.LegalMoves)
	out := slices.Clone(seats)
	newly := map[games.Seat]bool{}
	stats.NewlyActing(prev, next, mover, func(s games.Seat) { newly[s] = true })
	for i, st := range out {
		seat := games.Seat(st.Seat)
		since := st.ActingSince
		if seat == mover {
			if !since.IsZero() && m.UserID != "" && !forced && !at.Before(since) {
				m.Wait, m.Waited = at.Sub(since).Truncate(time.Second), true
			}
			since = time.Time{}
		}
		if _, acting := games.MustAct(next, seat); !acting {
			since = time.Time{}
		}
		if newly[seat] {
			since = at
		}
		if !since.Equal(st.ActingSince) {
			out[i].ActingSince = since
			m.Seats = append(m.Seats, db.SeatTimes{Seat: st.Seat, ActingSince: since, RemindAt: st.RemindAt, Missed: st.Missed})
		}
	}
	return out
}

// restoreSeatTimes sets since when each seat must act as the remaining
// log says, after an undo took a move back. A failure is logged: only
// answer times suffer.
func (b *Bot) restoreSeatTimes(ctx context.Context, s *session, moves []db.Move) {
	g, _, err := s.def.Create(len(s.seats), s.table.Options, s.table.Seed)
	if err != nil {
		b.log.ErrorContext(ctx, "restore answer times", "table", s.table.ID, "err", err)
		return
	}
	clock := stats.NewAnswerClock(g, s.table.StartedAt)
	for _, m := range moves {
		next, _, err := games.PlayText(g, games.Seat(m.Seat), m.Notation)
		if err != nil {
			b.log.ErrorContext(ctx, "restore answer times", "table", s.table.ID, "err", err)
			return
		}
		clock.Move(games.Seat(m.Seat), m.At, next)
		g = next
	}
	var times []db.SeatTimes
	for i, st := range s.seats {
		since := clock.Since(games.Seat(st.Seat))
		s.seats[i].ActingSince = since
		times = append(times, db.SeatTimes{Seat: st.Seat, ActingSince: since, RemindAt: st.RemindAt, Missed: st.Missed})
	}
	if err := b.store.SetSeatTimes(ctx, s.table.ID, times...); err != nil {
		b.log.ErrorContext(ctx, "restore answer times", "table", s.table.ID, "err", err)
	}
}

// Resume plays on every running table that waits on nobody: one where a
// seat the bot plays, or a seat with a forced move, must act (a restart
// or a crash cut the bot's moves short after a person's move was saved),
// and one where a person must act without a reminder planned for them (a
// crash between a move and its reminders), whose reminders, defaults
// included, are planned again. RunReminders calls it first, so that both
// pbc run and pbc serve resume their tables at start. A table that fails
// is logged and left to its reminder; Resume returns only ctx's error or
// the failure to list the tables.
func (b *Bot) Resume(ctx context.Context) error {
	tables, err := b.store.RunningTables(ctx)
	if err != nil {
		return fmt.Errorf("resume tables: %w", err)
	}
	for _, t := range tables {
		if err := ctx.Err(); err != nil {
			return err
		}
		s, err := b.load(ctx, t)
		if err != nil {
			b.log.ErrorContext(ctx, "resume table", "table", t.ID, "err", err)
			continue
		}
		switch {
		case s.botOwes():
			b.playBots(ctx, s)
		case s.unplanned():
			b.replan(ctx, s, slices.Clone(s.seats), nil)
		}
	}
	return nil
}

// unplanned reports whether a person who must act at s's table has no
// reminder planned (nor a vacation the table waits out).
func (s *session) unplanned() bool {
	for _, st := range s.seats {
		if _, acting := games.MustAct(s.game, games.Seat(st.Seat)); acting && !s.botPlaysSeat(st) && st.RemindAt.IsZero() {
			return true
		}
	}
	return false
}
