package bot

import (
	"context"
	"slices"

	"github.com/playbychat/pbc/bot/catchup"
	"github.com/playbychat/pbc/bot/export"
	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
)

// Digests. The DM that tells a player it is their turn, and /game log
// since:mine, say what happened since the player's last move, from the
// public events and the player's own private ones (bot/catchup). A table
// keeps its last moves with their events in memory, with its cached game
// (recent), so that a turn's digest costs no replay; a player whose last
// move is older than those gets a digest replayed from the log.

// digestLines bounds the digest of a turn's DM, which leaves room for the
// seat's view after it; /game log since:mine shows a message's worth.
const (
	digestLines = 12
	digestChars = 900
	logChars    = 1900
)

// recentMoves is how many of its last moves a table keeps in memory for
// the digests: a round of several turns of the longest-winded games.
const recentMoves = 64

// pastMove is a move of the log with its events.
type pastMove struct {
	db.Move
	events []games.Event
}

// recent are a table's last moves (at most recentMoves), oldest first;
// a session's is nil until known. It is never changed once made: a move
// makes a new one.
type recent struct {
	moves []pastMove
	// all says that moves hold the whole log.
	all bool
}

// with returns r and then m, keeping the last recentMoves.
func (r *recent) with(m pastMove) *recent {
	moves := append(slices.Clone(r.moves), m)
	all := r.all
	if cut := len(moves) - recentMoves; cut > 0 {
		moves, all = moves[cut:], false
	}
	return &recent{moves: moves, all: all}
}

// since returns the entries of r's moves and then pending (if any) after
// the last one of reader made by user; ok is false when that move is
// older than r's moves.
func (r *recent) since(reader games.Seat, user string, pending *pastMove) ([]catchup.Entry, bool) {
	moves := r.moves
	if pending != nil {
		moves = append(slices.Clone(moves), *pending)
	}
	from := -1
	for i, m := range moves {
		if m.Seat == int(reader) && m.UserID == user {
			from = i
		}
	}
	if from < 0 && !r.all {
		return nil, false
	}
	var out []catchup.Entry
	for _, m := range moves[from+1:] {
		out = append(out, catchup.NewEntry(recorded(m.Move), m.N, m.events, reader))
	}
	return out, true
}

// recorded is a move of the log as a game record holds it.
func recorded(m db.Move) games.RecordedMove {
	return games.RecordedMove{Seat: games.Seat(m.Seat), Notation: m.Notation, User: m.UserID, At: m.At}
}

// since returns what happened at s's table since the last move of userID
// at seat (s.pending included), as that seat may see it.
func (b *Bot) since(ctx context.Context, s *session, seat games.Seat, userID string) ([]catchup.Entry, error) {
	if s.recent != nil {
		if entries, ok := s.recent.since(seat, userID, s.pending); ok {
			return entries, nil
		}
	}
	moves, err := b.readMoves(ctx, s.table.ID)
	if err != nil {
		return nil, err
	}
	// The log as s knows it: a move that got in since is not part of
	// this state (and the change announced now will not commit).
	stored := s.moves
	if s.pending != nil {
		stored--
	}
	moves = moves[:min(len(moves), stored)]
	if s.pending != nil {
		moves = append(moves, s.pending.Move)
	}
	rec := export.Record(s.table, s.seats, moves).Record
	rec.Seed = s.table.Seed
	entries, err := catchup.Since(rec, seat, userID)
	if err != nil {
		return nil, &internalError{s.table.ID, err}
	}
	return entries, nil
}

// turnNotice is the head of the DM telling u's player that it is their
// turn at s's table: where, and what happened since their last move; ""
// when nothing did. A digest that fails is left out (and logged): the
// turn still is theirs.
func (b *Bot) turnNotice(ctx context.Context, s *session, u db.Seat, lang games.Lang) string {
	head := tr(lang, msgYourTurn, s.def.Name.In(lang), "<#"+s.table.ChannelID+">")
	entries, err := b.since(ctx, s, games.Seat(u.Seat), u.UserID)
	if err != nil {
		b.log.ErrorContext(ctx, "digest", "table", s.table.ID, "seat", u.Seat, "err", err)
		return head
	}
	if len(entries) == 0 {
		return ""
	}
	return head + "\n" + catchup.Format(entries, s.names(), lang, digestLines, digestChars)
}
