package bot

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"time"

	"github.com/playbychat/pbc/bot/component"
	"github.com/playbychat/pbc/bot/feed"
	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
)

// session is a table loaded for one interaction: its row, seats, rules
// engine and (for running and ended tables) the current game.
type session struct {
	table db.Table
	seats []db.Seat
	def   *games.Definition
	game  games.Game // nil while the table is Open
	moves int        // the number of moves in the log
	// feed is what the table's live message follows; nil until known
	// (see Bot.feedOf).
	feed *feed.Feed
	// now is when the session was loaded: whose vacation is on.
	now time.Time
	// recent are the table's last moves, for digests; nil until known
	// (see Bot.feedOf).
	recent *recent
	// pending is the move being announced, not yet in the log, for the
	// digests of the seats it pings; nil otherwise.
	pending *pastMove
	// choices are the standing choices made at the table (standing.go);
	// nil while the table is Open.
	choices []db.SeatChoice
	// legal holds the seats' legal moves in game, listed once per state
	// (see legalMoves); nil until asked.
	legal *legalMoves
	// pieces are game's Catalog by id, kept from state to state (a
	// Catalog lists the content, not where the pieces are); nil until
	// asked (see catalog).
	pieces map[string]games.Card
	// outcomes are what became of the seats' queued answers during this
	// interaction (premove.go), which their panels show; nil for none.
	outcomes map[games.Seat]queuedOutcome
}

// legalMoves are the legal moves of the seats of one state of a game, by
// seat, as listed so far, and its Status once asked (see status).
type legalMoves struct {
	game   games.Game // the state listed
	bySeat map[games.Seat][]games.Move
	status *games.Status
}

// perState returns what the session keeps of its game's current state,
// anew when the game has changed.
func (s *session) perState() *legalMoves {
	if s.legal == nil || !sameState(s.legal.game, s.game) {
		s.legal = &legalMoves{game: s.game, bySeat: map[games.Seat][]games.Move{}}
	}
	return s.legal
}

// movesIn returns seat's legal moves in g: the session's list when g is
// its game (see legalMoves), else listed now (a state before or after it).
func (s *session) movesIn(g games.Game) func(games.Seat) []games.Move {
	if sameState(g, s.game) {
		return s.legalMoves
	}
	return g.LegalMoves
}

// catalog returns the pieces of s.game's Catalog by id, looked up once
// for the table's game and kept with it in the cache; nil for a game
// without a Catalog.
func (s *session) catalog() map[string]games.Card {
	if s.pieces == nil {
		cat, ok := s.game.(games.Catalog)
		if !ok {
			return nil
		}
		s.pieces = map[string]games.Card{}
		for _, c := range cat.Catalog() {
			s.pieces[c.ID] = c
		}
	}
	return s.pieces
}

// status returns s.game's Status, asked once per state: an engine may
// word its summary anew at each call.
func (s *session) status() games.Status {
	st := s.perState()
	if st.status == nil {
		v := s.game.Status()
		st.status = &v
	}
	return *st.status
}

// legalMoves returns seat's legal moves in s.game. They are listed once
// per state: the session keeps them until its game changes (a commit, an
// undo), so that one interaction never lists them twice. The caller must
// not change the slice.
func (s *session) legalMoves(seat games.Seat) []games.Move {
	st := s.perState()
	moves, ok := st.bySeat[seat]
	if !ok {
		moves = s.game.LegalMoves(seat)
		st.bySeat[seat] = moves
	}
	return moves
}

// names returns the seats' display names, indexed by seat.
func (s *session) names() []string {
	out := make([]string, len(s.seats))
	for _, seat := range s.seats {
		if seat.Seat >= 0 && seat.Seat < len(out) {
			out[seat.Seat] = seat.Name
		}
	}
	return out
}

// seatOf returns the seat of userID (never a bot seat).
func (s *session) seatOf(userID string) (games.Seat, bool) {
	for _, seat := range s.seats {
		if seat.UserID == userID && !seat.Bot {
			return games.Seat(seat.Seat), true
		}
	}
	return games.Spectator, false
}

// seatAt returns the seat numbered seat, whoever plays it.
func (s *session) seatAt(seat games.Seat) (db.Seat, bool) {
	for _, st := range s.seats {
		if st.Seat == int(seat) {
			return st, true
		}
	}
	return db.Seat{}, false
}

// userOf returns the person playing seat now: ok is false for a seat the
// bot plays, for good or for its absent player.
func (s *session) userOf(seat games.Seat) (db.Seat, bool) {
	st, ok := s.seatAt(seat)
	if !ok || s.botPlaysSeat(st) {
		return db.Seat{}, false
	}
	return st, true
}

// botPlays reports whether the bot plays seat: a bot seat, the seat of an
// absent player, or that of a player on vacation at a table where the bot
// plays for them.
func (s *session) botPlays(seat games.Seat) bool {
	st, ok := s.seatAt(seat)
	return ok && s.botPlaysSeat(st)
}

func (s *session) botPlaysSeat(st db.Seat) bool {
	return st.Bot || st.Away || (s.table.Vacation != db.VacationWait && s.onVacation(st))
}

// waitsFor reports whether the table waits for st, a player on vacation
// at a table set to wait for them: nobody reminds them meanwhile.
func (s *session) waitsFor(st db.Seat) bool {
	return s.table.Vacation == db.VacationWait && s.onVacation(st)
}

// onVacation reports whether st's player is on vacation now.
func (s *session) onVacation(st db.Seat) bool {
	return !st.Bot && st.Prefs.AwayUntil.After(s.now)
}

// format replaces seat placeholders by display names.
func (s *session) format(text string) string { return games.FormatSeats(text, s.names()) }

// formatText fills in the seat names of every language of t (a move's
// label: "Attack the base of {p0}").
func (s *session) formatText(t games.Text) games.Text {
	var names []string
	return t.Map(func(_ games.Lang, form string) string {
		if !strings.Contains(form, "{p") {
			return form // most labels name no seat: no names to gather
		}
		if names == nil {
			names = s.names()
		}
		return games.FormatSeats(form, names)
	})
}

// formatPick returns p with the seat names filled in its labels.
func (s *session) formatPick(p games.Pick) games.Pick {
	p.Label = s.formatText(p.Label)
	items := make([]games.PickItem, len(p.Items))
	for i, it := range p.Items {
		items[i] = games.PickItem{Value: it.Value, Label: s.formatText(it.Label), Piece: it.Piece}
	}
	p.Items = items
	return p
}

// mention returns the mention of the user at seat, or the name of a seat
// the bot plays.
func (s *session) mention(seat games.Seat) string {
	st, ok := s.seatAt(seat)
	switch {
	case !ok:
		return games.FormatSeats(games.Seatf(seat), nil)
	case s.botPlaysSeat(st):
		return st.Name
	}
	return "<@" + st.UserID + ">"
}

// activeTable returns the Open or Running table of the channel. Without
// one, the refusal says whether the channel's last game has ended and how
// to get its record.
func (b *Bot) activeTable(c *call) (db.Table, error) {
	t, err := b.store.ActiveTable(c.ctx, c.in.ChannelID)
	if errors.Is(err, db.ErrNotFound) {
		last, lerr := b.store.LastTable(c.ctx, c.in.ChannelID)
		if lerr != nil {
			return db.Table{}, refuse(msgNoTable)
		}
		return db.Table{}, refuse(msgTableEnded, statusName(last.Status, c.lang), last.ID)
	}
	if err != nil {
		return db.Table{}, fmt.Errorf("active table of %s: %w", c.in.ChannelID, err)
	}
	return t, nil
}

// runningSession loads the channel's table and requires it to be running.
// The caller acts at the table: if they were away, they are back.
func (b *Bot) runningSession(c *call) (*session, error) {
	t, err := b.activeTable(c)
	if err != nil {
		return nil, err
	}
	if t.Status != db.Running {
		return nil, refuse(msgNotStarted)
	}
	s, err := b.load(c.ctx, t)
	if err != nil {
		return nil, err
	}
	if err := b.comeBack(c, s); err != nil {
		return nil, err
	}
	return s, nil
}

// seatedSession is runningSession for a command only a seated player may
// give: the session and the caller's seat.
func (b *Bot) seatedSession(c *call) (*session, games.Seat, error) {
	s, err := b.runningSession(c)
	if err != nil {
		return nil, 0, err
	}
	seat, ok := s.seatOf(c.in.User.ID)
	if !ok {
		return nil, 0, refuse(msgNotSeated)
	}
	return s, seat, nil
}

// load reads a table's seats and game: the latest snapshot plus the log
// moves after it, or the cached game when the version has not changed.
func (b *Bot) load(ctx context.Context, t db.Table) (*session, error) {
	def, ok := games.Lookup(t.Game)
	if !ok {
		return nil, &internalError{t.ID, fmt.Errorf("unknown game %q", t.Game)}
	}
	seats, err := b.store.Seats(ctx, t.ID)
	if err != nil {
		return nil, &internalError{t.ID, fmt.Errorf("seats: %w", err)}
	}
	s := &session{table: t, seats: seats, def: def, now: b.clock.Now()}
	if t.Status == db.Open {
		return s, nil
	}
	if err := b.loadChoices(ctx, s); err != nil {
		return nil, err
	}
	if cached, hit := b.cache.Get(t.ID); hit && cached.version == t.Version {
		s.game, s.moves, s.feed, s.recent, s.pieces = cached.game, cached.moves, cached.feed, cached.recent, cached.pieces
		return s, nil
	}
	snap, err := b.store.LatestSnapshot(ctx, t.ID)
	if err != nil {
		return nil, &internalError{t.ID, fmt.Errorf("snapshot: %w", err)}
	}
	g, err := def.Restore(snap.State)
	if err != nil {
		return nil, &internalError{t.ID, fmt.Errorf("restore snapshot of move %d: %w", snap.Moves, err)}
	}
	moves, err := b.readMoves(ctx, t.ID)
	if err != nil {
		return nil, err
	}
	if snap.Moves > len(moves) {
		return nil, &internalError{t.ID, fmt.Errorf("snapshot after move %d of %d", snap.Moves, len(moves))}
	}
	for _, m := range moves[snap.Moves:] {
		g, _, err = games.PlayText(g, games.Seat(m.Seat), m.Notation)
		if err != nil {
			return nil, &internalError{t.ID, fmt.Errorf("replay move %d: %w", m.N, err)}
		}
	}
	s.game, s.moves = g, len(moves)
	b.remember(s)
	return s, nil
}

// sameState reports whether a and b are the same state of a game: the
// same value (every engine's Game is a pointer to a state it never
// changes). A Game of a type that cannot be compared is never the same,
// so its moves are listed each time.
func sameState(a, b games.Game) bool {
	t := reflect.TypeOf(a)
	return t == reflect.TypeOf(b) && t != nil && t.Comparable() && a == b
}

// fingerprint is the fingerprint of seat's decision now (see
// Fingerprint), from its moves as listed once.
func (s *session) fingerprint(seat games.Seat) string {
	return component.FingerprintOf(s.game, seat, s.legalMoves(seat))
}

// remember caches the game of a session at its table's version.
func (b *Bot) remember(s *session) {
	b.cache.Add(s.table.ID, cachedGame{version: s.table.Version, game: s.game, moves: s.moves, feed: s.feed, recent: s.recent, pieces: s.pieces})
}

// forget drops a table from the cache.
func (b *Bot) forget(table int64) {
	b.cache.Remove(table)
}

// replay rebuilds the game of a table from its setup and the given moves,
// returning the game after each move's public events.
func replay(s *session, moves []db.Move, each func(m db.Move, events []games.Event)) (games.Game, error) {
	g, _, err := s.def.Create(len(s.seats), s.table.Options, s.table.Seed)
	if err != nil {
		return nil, &internalError{s.table.ID, fmt.Errorf("set up for replay: %w", err)}
	}
	for _, m := range moves {
		next, events, err := games.PlayText(g, games.Seat(m.Seat), m.Notation)
		if err != nil {
			return nil, &internalError{s.table.ID, fmt.Errorf("replay move %d: %w", m.N, err)}
		}
		if each != nil {
			each(m, events)
		}
		g = next
	}
	return g, nil
}

// snapshot encodes g after the given number of log moves.
func snapshot(table int64, g games.Game, moves int) (db.Snapshot, error) {
	state, err := g.MarshalState()
	if err != nil {
		return db.Snapshot{}, &internalError{table, fmt.Errorf("marshal state: %w", err)}
	}
	hash, err := games.Hash(g)
	if err != nil {
		return db.Snapshot{}, &internalError{table, err}
	}
	return db.Snapshot{Moves: moves, State: state, Hash: hash}, nil
}

// isCreatorOrManager reports whether the caller may run table-wide commands.
func isCreatorOrManager(c *call, t db.Table) bool {
	return c.in.Manager || c.in.User.ID == t.CreatorID
}

// readMoves reads the log of table tableID; a failure is an internal error
// of that table.
func (b *Bot) readMoves(ctx context.Context, tableID int64) ([]db.Move, error) {
	moves, err := b.store.Moves(ctx, tableID)
	if err != nil {
		return nil, &internalError{tableID, fmt.Errorf("moves: %w", err)}
	}
	return moves, nil
}

// seatLine is how status and start messages list a seated player: "2. Bob".
func seatLine(st db.Seat) string { return fmt.Sprintf("%d. %s", st.Seat+1, st.Name) }
