package main

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"time"

	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
)

// fillConfig says what the stored tables are made of: games of every
// game in defs, played by the games' own policies.
type fillConfig struct {
	defs []*games.Definition
	// pool is the number of distinct games played per game and seat
	// count; the tables share them (each with its own players, channel
	// and times), as the engines' play costs far more than storing.
	pool int
	seed uint64
	// now is the time of the fill: finished tables ended within the half
	// year before it, running ones had their last move within the day
	// before and owe a reminder within the day after.
	now time.Time
}

// fillSummary counts what fillTables wrote.
type fillSummary struct {
	tables, finished, moves int
	games                   map[string]*gameFill // by game id
}

// gameFill counts the tables of one game.
type gameFill struct {
	tables, finished, moves int
}

// playedGame is one whole game of a pool: what the store needs to hold it
// at any of its cut points.
type playedGame struct {
	def        *games.Definition
	seats      int
	options    map[string]string
	secret     string // the seed secret, hex
	seed       uint64
	commitment string
	moves      []db.Move // seat, notation and reveal flag only
	// cuts are the move counts where a running table may stand, each
	// with the snapshot there; the last is the finished game.
	cuts  []int
	snaps map[int]db.Snapshot
}

// moveGap is the time between two moves of a stored table.
const moveGap = 20 * time.Minute

// fillTables writes count tables numbered from first on to store, through
// its ordinary writes as the bot makes them: created, joined, started with
// the snapshot of move 0, each move committed in its own transaction, the
// board's live post delivered, a pending reminder for running tables and
// the players' locales. The tables play pool's games in turn, to their
// end (finished) or to one of their cut points. The snapshot a commit
// writes is the real one only at the table's last move: earlier ones would
// be replaced at once (the store keeps the newest only), and writing them
// all would cost the engines' full state per move. An interrupted fill
// leaves a table whose snapshot is a placeholder: delete the database.
func fillTables(ctx context.Context, store *db.Store, pool []*playedGame, first, count int, finished bool, cfg fillConfig, sum *fillSummary) error {
	r := rand.New(rand.NewPCG(cfg.seed, uint64(first)))
	var stamp time.Time
	store.SetClock(func() time.Time { return stamp })
	defer store.SetClock(time.Now)
	if sum.games == nil {
		sum.games = map[string]*gameFill{}
	}
	for i := first; i < first+count; i++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		pg := pool[i%len(pool)]
		n := len(pg.moves)
		end := cfg.now.Add(-time.Duration(r.Int64N(int64(180 * 24 * time.Hour))))
		if !finished {
			n = pg.cuts[r.IntN(len(pg.cuts)-1)]
			end = cfg.now.Add(-time.Duration(r.Int64N(int64(24 * time.Hour))))
		}
		begin := end.Add(-time.Duration(n+1) * moveGap)
		// Reminders fall due over the day after the fill, none during it
		// and the measurements that follow.
		remindAt := cfg.now.Add(time.Hour + time.Duration(r.Int64N(int64(23*time.Hour))))
		if err := storeTable(ctx, store, &stamp, i, pg, n, begin, remindAt); err != nil {
			return fmt.Errorf("table %d (%s, %d seats, %d moves): %w", i+1, pg.def.ID, pg.seats, n, err)
		}
		gf := sum.games[pg.def.ID]
		if gf == nil {
			gf = &gameFill{}
			sum.games[pg.def.ID] = gf
		}
		gf.tables++
		gf.moves += n
		sum.tables++
		sum.moves += n
		if finished {
			gf.finished++
			sum.finished++
		}
	}
	return nil
}

// storeTable writes table number i: pg's game played to move n, begun at
// begin, with its reminder due at remindAt if it runs; stamp is the
// store's clock.
func storeTable(ctx context.Context, store *db.Store, stamp *time.Time, i int, pg *playedGame, n int, begin, remindAt time.Time) error {
	*stamp = begin
	guild := strconv.FormatUint(uint64(1+i%97)<<22|uint64(i%4096), 10)
	channel := strconv.Itoa(500000000000000000 + i)
	users := make([]db.Seat, pg.seats)
	for s := range users {
		id := 400000000000000000 + (i*3+s*7)%(4*fillPlayers)
		users[s] = db.Seat{Seat: s, UserID: strconv.Itoa(id), Name: "Player " + strconv.Itoa(id%100000)}
	}
	t := &db.Table{
		GuildID: guild, ChannelID: channel, Game: pg.def.ID, Options: pg.options, MaxSeats: pg.seats,
		CreatorID: users[0].UserID, Seed: pg.seed, SeedSecret: pg.secret, Commitment: pg.commitment,
		Lang: []string{"en", "de"}[i%2],
	}
	id, err := store.CreateTable(ctx, t, []db.Seat{users[0]})
	if err != nil {
		return err
	}
	for _, u := range users[1:] {
		if err := store.Join(ctx, id, u); err != nil {
			return err
		}
	}
	version := pg.seats - 1
	if err := store.Start(ctx, id, version, users, pg.snaps[0]); err != nil {
		return err
	}
	version++
	for k, m := range pg.moves[:n] {
		*stamp = begin.Add(time.Duration(k+1) * moveGap)
		m.UserID, m.At = users[m.Seat].UserID, *stamp
		snap := db.Snapshot{Moves: k + 1} // a placeholder, replaced by the next commit
		if k+1 == n {
			snap = pg.snaps[n]
		}
		if err := store.CommitMove(ctx, id, version, m, snap, k+1 == len(pg.moves)); err != nil {
			return err
		}
		version++
	}
	// The board of the last change, delivered: its row stays as the
	// target of later edits.
	live := db.Delivery{GuildID: guild, TableID: id, Kind: db.PostDelivery, Channel: channel, Live: true,
		Message: []byte(`{"content":"board"}`)}
	if err := store.Enqueue(ctx, live); err != nil {
		return err
	}
	d, err := store.NextDelivery(ctx, live.Queue())
	if err != nil {
		return err
	}
	if err := store.Delivered(ctx, d.ID, strconv.Itoa(600000000000000000+i)); err != nil {
		return err
	}
	if n < len(pg.moves) {
		if err := remindSeats(ctx, store, id, remindAt); err != nil {
			return err
		}
	}
	for _, u := range users {
		if err := store.SetUserLocale(ctx, u.UserID, []string{"en-US", "de"}[i%2]); err != nil {
			return err
		}
	}
	return nil
}

// remindSeats makes the reminders of table id's seats (those that need
// none drop theirs when it is handled) and the table's due at at.
func remindSeats(ctx context.Context, store *db.Store, id int64, at time.Time) error {
	seats, err := store.Seats(ctx, id)
	if err != nil {
		return err
	}
	times := make([]db.SeatTimes, len(seats))
	for i, st := range seats {
		times[i] = db.SeatTimes{Seat: st.Seat, ActingSince: st.ActingSince, RemindAt: at, Missed: st.Missed}
	}
	if err := store.SetSeatTimes(ctx, id, times...); err != nil {
		return err
	}
	return store.SetReminder(ctx, id, at)
}

// fillPlayers scales the number of distinct players of a fill: about four
// times as many as this, each at several tables.
const fillPlayers = 2500

// playPool plays cfg.pool games of every registered game and seat count,
// on every CPU.
func playPool(ctx context.Context, cfg fillConfig) ([]*playedGame, error) {
	type job struct {
		def   *games.Definition
		seats int
		seed  uint64
	}
	var jobs []job
	for k := range cfg.pool {
		for _, def := range cfg.defs {
			for seats := def.MinSeats; seats <= def.MaxSeats; seats++ {
				jobs = append(jobs, job{def, seats, cfg.seed + uint64(len(jobs))*0x9e3779b97f4a7c15 + uint64(k)})
			}
		}
	}
	if len(jobs) == 0 {
		return nil, errors.New("no games are registered")
	}
	pool := make([]*playedGame, len(jobs))
	errs := make([]error, len(jobs))
	err := onEveryCPU(ctx, len(jobs), func(i int) {
		pool[i], errs[i] = playPolicyGame(jobs[i].def, jobs[i].seats, jobs[i].seed)
	})
	if err != nil {
		return nil, err
	}
	return pool, errors.Join(errs...)
}

// maxPolicyMoves bounds a policy game, which should end long before.
const maxPolicyMoves = 20000

// cutsPerGame is the number of points where a running table may stand.
const cutsPerGame = 8

// playPolicyGame plays one game of def with its policy (random moves for a
// game without one) for every seat, with a seed secret derived from seed as
// the bot derives a table's seed from its secret.
func playPolicyGame(def *games.Definition, seats int, seed uint64) (*playedGame, error) {
	var secret [32]byte
	binary.LittleEndian.PutUint64(secret[:], seed)
	sum := sha256.Sum256(secret[:])
	pg := &playedGame{
		def: def, seats: seats, secret: hex.EncodeToString(secret[:]),
		seed: binary.BigEndian.Uint64(sum[:8]), commitment: hex.EncodeToString(sum[:]),
		options: map[string]string{}, snaps: map[int]db.Snapshot{},
	}
	g, _, err := def.Create(seats, nil, pg.seed)
	if err != nil {
		return nil, fmt.Errorf("%s with %d seats: %w", def.ID, seats, err)
	}
	first := g
	r := rand.New(rand.NewPCG(seed, 2))
	for !g.Status().Finished {
		if len(pg.moves) == maxPolicyMoves {
			return nil, fmt.Errorf("%s with %d seats: no end after %d moves", def.ID, seats, maxPolicyMoves)
		}
		actors := g.ToAct()
		seat := actors[r.IntN(len(actors))].Seat
		m, ok := def.BotMove(g, seat, r)
		if !ok {
			return nil, fmt.Errorf("%s with %d seats: seat %d must act but has no move", def.ID, seats, seat)
		}
		next, events, err := games.PlayText(g, seat, m.Notation)
		if err != nil {
			return nil, fmt.Errorf("%s with %d seats, move %d: %w", def.ID, seats, len(pg.moves)+1, err)
		}
		rec := db.Move{Seat: int(seat), Notation: m.Notation}
		for _, e := range events {
			rec.Reveal = rec.Reveal || e.Reveal
		}
		pg.moves = append(pg.moves, rec)
		g = next
	}
	for k := range cutsPerGame {
		pg.cuts = append(pg.cuts, k*len(pg.moves)/cutsPerGame)
	}
	pg.cuts = append(slices.Compact(pg.cuts), len(pg.moves))
	// Replay to each cut: keeping every state would hold thousands.
	g = first
	for k := 0; ; k++ {
		if slices.Contains(pg.cuts, k) {
			state, err := g.MarshalState()
			if err != nil {
				return nil, err
			}
			hash, err := games.Hash(g)
			if err != nil {
				return nil, err
			}
			pg.snaps[k] = db.Snapshot{Moves: k, State: state, Hash: hash}
		}
		if k == len(pg.moves) {
			break
		}
		if g, _, err = games.PlayText(g, games.Seat(pg.moves[k].Seat), pg.moves[k].Notation); err != nil {
			return nil, fmt.Errorf("%s with %d seats, replay of move %d: %w", def.ID, seats, k+1, err)
		}
	}
	return pg, nil
}
