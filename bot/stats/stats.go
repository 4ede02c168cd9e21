// Package stats computes the figures of /stats from the records of ended
// tables: per game and per player, the tables played, won and abandoned,
// how long players take to answer (mean and median), and a rating per game
// with a leaderboard.
//
// The records /game export writes are the source: Summarize replays one
// into a Summary, the little that stats keep of a table, and Compute turns
// summaries into a Report. The bot builds the same summaries from its
// store, so the figures it shows can always be rebuilt from exports.
//
// Rulings (docs/stats.md explains them):
//   - Only ended tables count: finished (by the rules) or abandoned.
//   - A seat counts for the person holding it when the table ended; seats
//     the bot played for good count for nobody, and moves the bot made
//     (user "") are no one's answers.
//   - An answer is the time from the moment a seat newly had to act
//     (at the start, after another seat's move, or after its own move
//     opened a new decision: see NewlyActing) to its first move since;
//     the later moves of the same turn are not answers. Times are whole
//     seconds.
//   - Ratings (see Rating) rate each finished table in the order the
//     tables ended: the persons at it are ranked by their places (winners
//     first, then by score where the game keeps scores); a table with
//     fewer than two persons is not rated. A cooperative game rates its
//     table as one team against the game itself, which has a rating of
//     its own.
package stats

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"time"

	"github.com/playbychat/pbc/games"
)

// Record is a table's game record as /game export writes it: the moves to
// replay (games.Record, with who made each move and when) and the history
// around them.
type Record struct {
	games.Record
	// Table is the table's number; Guild the Discord server it was played
	// on.
	Table int64  `json:"table"`
	Guild string `json:"guild"`
	// Status is the table's status when exported: "finished",
	// "abandoned" or "running".
	Status string `json:"status"`
	// Players are the seats' holders when the table was exported, by seat.
	Players []Player  `json:"players"`
	Started time.Time `json:"started,omitzero"`
	Ended   time.Time `json:"ended,omitzero"`
}

// Player is who holds a seat.
type Player struct {
	// User is the Discord user id; "" for a seat the bot plays for good.
	User string `json:"user,omitempty"`
	Name string `json:"name"`
	Bot  bool   `json:"bot,omitempty"`
}

// The table statuses that stats count.
const (
	Finished  = "finished"
	Abandoned = "abandoned"
)

// ErrNotEnded is returned by Summarize for the record of a table that is
// still running: such a record is cut short and proves nothing yet.
var ErrNotEnded = errors.New("the table has not ended")

// Summary is what stats keep of one ended table.
type Summary struct {
	Table  int64
	Guild  string
	Game   string
	Status string // Finished or Abandoned
	Ended  time.Time
	Seats  []SeatResult // by seat
	// Answers are the persons' answer times, in the order of the log.
	Answers []Answer
}

// SeatResult is how a seat's holder ended a table.
type SeatResult struct {
	User string // "" for a bot seat
	Name string
	// Won is set for the winners of a finished table. Place is the rank
	// among the seats (1 for the winners; 0 for an abandoned table).
	Won   bool
	Place int
}

// Answer is how long a person took to answer.
type Answer struct {
	User string
	Took time.Duration
}

// Summarize replays an ended table's record into its Summary. It checks
// the replay against the record's final hash when there is one.
func Summarize(rec Record) (Summary, error) {
	if rec.Status != Finished && rec.Status != Abandoned {
		return Summary{}, fmt.Errorf("summarize table %d (%s): %w", rec.Table, rec.Status, ErrNotEnded)
	}
	def, ok := games.Lookup(rec.Game)
	if !ok {
		return Summary{}, fmt.Errorf("summarize table %d: unknown game %q", rec.Table, rec.Game)
	}
	if len(rec.Players) != rec.Seats {
		return Summary{}, fmt.Errorf("summarize table %d: %d players for %d seats", rec.Table, len(rec.Players), rec.Seats)
	}
	g, _, err := def.Create(rec.Seats, rec.Options, rec.Seed)
	if err != nil {
		return Summary{}, fmt.Errorf("summarize table %d: set up: %w", rec.Table, err)
	}
	sum := Summary{Table: rec.Table, Guild: rec.Guild, Game: rec.Game, Status: rec.Status, Ended: rec.Ended}
	clock := NewAnswerClock(g, rec.Started)
	for i, m := range rec.Moves {
		next, _, err := games.PlayText(g, m.Seat, m.Notation)
		if err != nil {
			return Summary{}, fmt.Errorf("summarize table %d: move %d (seat %d %q): %w", rec.Table, i+1, m.Seat, m.Notation, err)
		}
		if took, ok := clock.Move(m.Seat, m.At, next); ok && m.User != "" {
			sum.Answers = append(sum.Answers, Answer{User: m.User, Took: took})
		}
		g = next
	}
	if rec.Hash != "" {
		hash, err := games.Hash(g)
		if err != nil {
			return Summary{}, fmt.Errorf("summarize table %d: %w", rec.Table, err)
		}
		if hash != rec.Hash {
			return Summary{}, fmt.Errorf("summarize table %d: the moves replay to state %s, the record says %s", rec.Table, hash, rec.Hash)
		}
	}
	var st games.Status
	if rec.Status == Finished {
		if st = g.Status(); !st.Finished {
			return Summary{}, fmt.Errorf("summarize table %d: finished, but its moves do not end the game", rec.Table)
		}
	}
	sum.Seats = Results(def, rec.Players, st)
	return sum, nil
}

// Results are the seats' results of a table whose game ended with st (the
// zero Status for an abandoned table).
func Results(def *games.Definition, players []Player, st games.Status) []SeatResult {
	out := make([]SeatResult, len(players))
	for i, p := range players {
		out[i] = SeatResult{User: p.User, Name: p.Name}
		if p.Bot {
			out[i].User = ""
		}
	}
	if !st.Finished {
		return out
	}
	won := func(i int) bool { return slices.Contains(st.Winners, games.Seat(i)) }
	if def.Cooperative {
		for i := range out {
			out[i].Won = won(i)
			out[i].Place = 1
		}
		return out
	}
	// Winners first; the others by score where every seat has one, and
	// all second otherwise.
	scored := len(st.Scores) == len(out)
	var scores []int
	for i := range out {
		if !won(i) && scored && !slices.Contains(scores, st.Scores[i]) {
			scores = append(scores, st.Scores[i])
		}
	}
	sort.Sort(sort.Reverse(sort.IntSlice(scores)))
	for i := range out {
		switch {
		case won(i):
			out[i].Won, out[i].Place = true, 1
		case scored:
			out[i].Place = 2 + slices.Index(scores, st.Scores[i])
		default:
			out[i].Place = 2
		}
	}
	return out
}

// AnswerClock follows since when each seat must act, to time its answers.
type AnswerClock struct {
	game  games.Game
	since map[games.Seat]time.Time
}

// NewAnswerClock starts timing the seats that must act in g from start.
func NewAnswerClock(g games.Game, start time.Time) *AnswerClock {
	c := &AnswerClock{game: g, since: map[games.Seat]time.Time{}}
	for _, a := range g.ToAct() {
		c.since[a.Seat] = start
	}
	return c
}

// Move records that seat moved at time at, giving the game next. It
// returns how long the seat took when this was its answer: its first move
// since it newly had to act (and both times are known), to whole seconds,
// unless it was a forced move (games.Forced), which the bot makes for the
// seat. Seats that newly must act in next are timed from at; seats that no
// longer must act stop being timed.
func (c *AnswerClock) Move(seat games.Seat, at time.Time, next games.Game) (time.Duration, bool) {
	_, forced := games.Forced(c.game.LegalMoves(seat))
	since, timed := c.since[seat]
	delete(c.since, seat)
	NewlyActing(c.game, next, seat, func(s games.Seat) { c.since[s] = at })
	for s := range c.since {
		if _, acting := games.MustAct(next, s); !acting {
			delete(c.since, s)
		}
	}
	c.game = next
	if forced || !timed || since.IsZero() || at.IsZero() || at.Before(since) {
		return 0, false
	}
	return at.Sub(since).Truncate(time.Second), true
}

// Since returns since when seat must act, or the zero time when it need
// not (or the time is unknown).
func (c *AnswerClock) Since(seat games.Seat) time.Time { return c.since[seat] }

// NewlyActing calls newly for each seat that must act in next but did not
// in prev, and for the mover when its move opened a new decision: its
// further moves continue a turn (whatever its prompts), but a reaction or
// simultaneous decision with another prompt, or of another kind, is new.
func NewlyActing(prev, next games.Game, mover games.Seat, newly func(games.Seat)) {
	for _, a := range next.ToAct() {
		was, before := games.MustAct(prev, a.Seat)
		switch {
		case !before:
			newly(a.Seat)
		case a.Seat == mover && (a.Kind != was.Kind || (a.Kind != games.Turn && a.Prompt != was.Prompt)):
			newly(a.Seat)
		}
	}
}
