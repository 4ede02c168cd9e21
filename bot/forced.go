package bot

import (
	"context"
	"errors"
	"strings"

	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
)

// Forced moves (issue 15). A seat whose only move, standing choices aside,
// passes, confirms or takes the last share of a set-up step (games.Forced)
// has no decision to make: the bot makes that move for it at once (unless
// the seat turned automatic passes off, see standing.go), through the same
// commit as any move, so that it is recorded and replays unchanged, and
// nobody is woken or pinged for it. The channel says so in one line per
// window ("Passed for alice, bob"), not once per seat. An automatic pass
// reveals only that the seat had no legal play, as saying "pass" at the
// table would (docs/channel.md, docs/pacing.md).

// Lines of the automatic moves.
const (
	msgPassedFor    msg = "PassedFor"
	msgConfirmedFor msg = "ConfirmedFor"
	msgAllottedFor  msg = "AllottedFor"
	msgUndoForced   msg = "UndoForced"
)

// forcedMove returns seat's forced move in g, if it must act and has one;
// list gives a seat's legal moves in g (g.LegalMoves, or a session's list
// of them, see session.movesIn).
func forcedMove(g games.Game, seat games.Seat, list func(games.Seat) []games.Move) (games.Move, bool) {
	if _, acting := games.MustAct(g, seat); !acting {
		return games.Move{}, false
	}
	return games.Forced(list(seat))
}

// botAnswers returns whether the bot answers for a seat acting in g (a
// state of s's game): a seat it plays, or one whose move it makes
// (autoMove: a forced move, a standing choice's pass). The channel opens
// no board for such seats and pings none of them.
func botAnswers(s *session, g games.Game) func(games.Seat) bool {
	return func(seat games.Seat) bool {
		if s.botPlays(seat) {
			return true
		}
		_, ok := s.autoMove(g, seat)
		return ok
	}
}

// autoGroup is the seats whose moves the bot makes for one reason, and
// the line that names them ("" for none).
type autoGroup struct {
	standing bool       // the passes of standing choices (standing.go)
	role     games.Role // else: the forced moves of this role
	line     msg
	seats    []games.Seat
}

// autoSeats lists the seats that must act in g (a state of s's game) whose
// move the bot makes (autoMove), grouped: the passes of standing choices,
// which the channel shows as the seats' own passes (a choice is private),
// then the forced moves by role (passes, confirmations, last shares of a
// set-up step), each group in the order of ToAct.
func (s *session) autoSeats(g games.Game) []autoGroup {
	groups := []autoGroup{{standing: true}, {role: games.RolePass, line: msgPassedFor},
		{role: games.RoleConfirm, line: msgConfirmedFor}, {role: games.RoleAllot, line: msgAllottedFor}}
	for _, a := range g.ToAct() {
		m, ok := s.autoMove(g, a.Seat)
		if !ok {
			continue
		}
		_, standing := s.standingPass(g, a.Seat)
		for i := range groups {
			if groups[i].standing == standing && (standing || groups[i].role == m.Role) {
				groups[i].seats = appendSeat(groups[i].seats, a.Seat)
			}
		}
	}
	return groups
}

func appendSeat(seats []games.Seat, seat games.Seat) []games.Seat {
	for _, s := range seats {
		if s == seat {
			return seats
		}
	}
	return append(seats, seat)
}

// playForced makes the move of every seat whose move the bot makes now
// (autoMove), each committed and announced like a bot seat's move, the
// first forced move of each role headed by one line naming all the seats
// of that role.
// It reports whether it made any move; it stops quietly when another
// change got in first (whoever made it plays on).
func (b *Bot) playForced(ctx context.Context, s *session) bool {
	played := false
	for _, group := range s.autoSeats(s.game) {
		if len(group.seats) == 0 {
			continue
		}
		names := make([]string, len(group.seats))
		for i, seat := range group.seats {
			names[i] = games.Seatf(seat)
		}
		var headline games.Text
		if group.line != "" {
			headline = textf(group.line, strings.Join(names, ", "))
		}
		for _, seat := range group.seats {
			m, ok := s.autoMove(s.game, seat)
			if !ok {
				// An earlier pass closed the window: what follows is
				// looked at afresh.
				return played
			}
			_, out, err := b.commitMove(ctx, s, seat, m.Notation, headline, false)
			if err != nil {
				if !errors.Is(err, db.ErrConflict) {
					b.log.ErrorContext(ctx, "forced move", "table", s.table.ID, "seat", int(seat), "err", err)
				}
				return played
			}
			b.flush(ctx, out)
			played, headline = true, games.Text{}
			if s.status().Finished {
				return played
			}
		}
	}
	return played
}
