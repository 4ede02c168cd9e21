package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/playbychat/pbc/games"
	_ "github.com/playbychat/pbc/games/all" // every engine registers itself
	"github.com/playbychat/pbc/games/rng"
)

func init() {
	subcommands["selfplay"] = subcommand{
		summary: "play many random games of an engine and check its invariants",
		run: func(ctx context.Context, args []string) int {
			return runSelfplay(ctx, args, os.Stdout, os.Stderr)
		},
	}
}

// selfplayConfig is what one self-play run plays.
type selfplayConfig struct {
	games      int
	players    []int // seat counts, used in turn; empty means every count the game allows
	options    map[string]string
	seed       uint64
	maxMoves   int
	checkEvery int // restore-and-hash check interval in moves
	report     int // failures reported in detail
	// policy plays every seat with the bot's choice (games.Definition.BotMove)
	// instead of a uniformly random legal move.
	policy bool
	// autoforced plays a seat's forced move (games.Forced) as soon as the
	// seat must act, as the bot does, so that it never counts as a wait.
	autoforced bool
}

// errStalled marks a game that did not end within the move limit.
var errStalled = errors.New("game did not end")

// failure is one self-played game that went wrong.
type failure struct {
	index  int
	seed   uint64
	record games.Record
	err    error
}

// selfplaySummary is the outcome of self-playing one engine.
type selfplaySummary struct {
	game     string
	games    int
	finished int
	moves    int
	failures []failure
	elapsed  time.Duration
	pacing   []pacingRow // one per table size, in the order of cfg.players
}

func (s selfplaySummary) String() string {
	return fmt.Sprintf("selfplay %s: games=%d finished=%d moves=%d errors=%d elapsed=%s",
		s.game, s.games, s.finished, s.moves, len(s.failures), s.elapsed.Round(time.Millisecond))
}

func runSelfplay(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("selfplay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	game := fs.String("game", "", `game id, or "all" for every registered game`)
	n := fs.Int("games", 100, "number of games per engine")
	players := fs.String("players", "", "comma-separated seat counts to cycle through (default: all the game allows)")
	options := fs.String("options", "", `game options, e.g. "target=30 apocalypse"`)
	seed := fs.Uint64("seed", 1, "seed of the whole run (game seeds and move choices derive from it)")
	maxMoves := fs.Int("max-moves", 10000, "moves after which a game counts as stalled")
	checkEvery := fs.Int("check-every", 10, "run the restore, unchanged-game and view checks every this many moves")
	replay := fs.String("replay", "", "replay a failure's record file with every check after every move")
	policy := fs.Bool("policy", false, "play every seat with the game's bot policy instead of random legal moves")
	autoforced := fs.Bool("autoforced", false, "play a seat's forced move (games.Forced) at once, as the bot does")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *replay != "" && fs.NArg() == 0 {
		return runReplay(*replay, stdout)
	}
	if *game == "" || fs.NArg() > 0 || *n < 1 || *maxMoves < 1 || *checkEvery < 1 {
		fmt.Fprintln(stderr, "usage: pbc selfplay --game <id|all> [--games N] [--players 2,3,4] [--options \"k=v ...\"] [--seed S] [--max-moves M]\n"+
			"                     [--policy] [--autoforced]\n"+
			"       pbc selfplay --replay record.json")
		return 2
	}
	cfg := selfplayConfig{games: *n, seed: *seed, maxMoves: *maxMoves, checkEvery: *checkEvery, report: 3,
		policy: *policy, autoforced: *autoforced}
	var err error
	if cfg.players, err = parseSeatCounts(*players); err != nil {
		fmt.Fprintf(stderr, "selfplay: --players: %v\n", err)
		return 2
	}
	if cfg.options, err = games.ParseOptions(*options); err != nil {
		fmt.Fprintf(stderr, "selfplay: --options: %v\n", err)
		return 2
	}
	defs := games.All()
	if *game != "all" {
		def, ok := games.Lookup(*game)
		if !ok {
			fmt.Fprintf(stderr, "selfplay: unknown game %q (registered: %s)\n", *game, registeredIDs())
			return 2
		}
		defs = []*games.Definition{def}
	}
	if len(defs) == 0 {
		fmt.Fprintln(stderr, "selfplay: no games are registered")
		return 2
	}
	code := 0
	for _, def := range defs {
		sum, err := selfplay(ctx, def, cfg)
		if err != nil {
			fmt.Fprintf(stderr, "selfplay %s: %v\n", def.ID, err)
			return 2
		}
		fmt.Fprintln(stdout, sum)
		for _, row := range sum.pacing {
			fmt.Fprintln(stdout, row)
		}
		if len(sum.failures) > 0 {
			code = 1
			if err := reportFailures(stderr, sum, cfg.report); err != nil {
				fmt.Fprintf(stderr, "selfplay %s: %v\n", def.ID, err)
			}
		}
	}
	return code
}

func registeredIDs() string {
	var ids []string
	for _, d := range games.All() {
		ids = append(ids, d.ID)
	}
	return strings.Join(ids, ", ")
}

// parseSeatCounts reads "2,3,4".
func parseSeatCounts(s string) ([]int, error) {
	var out []int
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' }) {
		n, err := strconv.Atoi(f)
		if err != nil || n < 1 {
			return nil, fmt.Errorf("%q is not a number of players", f)
		}
		out = append(out, n)
	}
	return out, nil
}

// selfplay plays cfg.games random games of def on all CPUs. Game i's seed and
// move choices derive from cfg.seed and i alone, so a run is reproducible
// whatever the scheduling.
func selfplay(ctx context.Context, def *games.Definition, cfg selfplayConfig) (selfplaySummary, error) {
	seats := cfg.players
	if len(seats) == 0 {
		for n := def.MinSeats; n <= def.MaxSeats; n++ {
			seats = append(seats, n)
		}
	}
	for _, n := range seats {
		if n < def.MinSeats || n > def.MaxSeats {
			return selfplaySummary{}, fmt.Errorf("%s takes %d to %d players, not %d", def.ID, def.MinSeats, def.MaxSeats, n)
		}
	}
	// Reject bad options once, before thousands of games fail the same way.
	if _, err := def.ResolveOptions(cfg.options, seats[0]); err != nil {
		return selfplaySummary{}, fmt.Errorf("options: %w", err)
	}

	start := time.Now()
	results := make([]gameResult, cfg.games)
	err := onEveryCPU(ctx, cfg.games, func(i int) {
		results[i] = playRandomGame(def, seats[i%len(seats)], cfg.options, gameSeeds(cfg.seed, i), cfg)
	})
	if err != nil {
		return selfplaySummary{}, err
	}

	sum := selfplaySummary{game: def.ID, games: cfg.games, elapsed: time.Since(start)}
	rows := map[int]*pacingRow{}
	for _, n := range seats {
		rows[n] = &pacingRow{game: def.ID, seats: n}
	}
	for i, r := range results {
		sum.moves += len(r.record.Moves)
		if r.err != nil {
			sum.failures = append(sum.failures, failure{index: i, seed: cfg.seed, record: r.record, err: r.err})
			continue
		}
		sum.finished++
		rows[r.record.Seats].add(r)
	}
	for _, n := range seats {
		if row := rows[n]; row != nil {
			sum.pacing = append(sum.pacing, *row)
			delete(rows, n)
		}
	}
	return sum, nil
}

// onEveryCPU calls work(i) for i from 0 to n-1, on as many goroutines as
// there are CPUs; it stops handing out work when ctx ends, and then
// returns ctx's error.
func onEveryCPU(ctx context.Context, n int, work func(i int)) error {
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := range next {
				work(i)
			}
		})
	}
feed:
	for i := range n {
		select {
		case next <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	return ctx.Err()
}

// gameSeeds derives game i's setup seed and move-choice seed from the run seed.
func gameSeeds(runSeed uint64, i int) [2]uint64 {
	src := rng.New(runSeed ^ uint64(i)*0x9e3779b97f4a7c15)
	return [2]uint64{src.Derive(), src.Derive()}
}

// gameResult is one self-played game: its record (the moves played, the
// failing one included), its waits and what went wrong, if anything.
type gameResult struct {
	record games.Record
	pace   pace
	err    error
}

// playRandomGame plays one game to its end with uniformly random legal
// moves, or with the bot's choices (cfg.policy); with cfg.autoforced each
// seat's forced move is played as soon as it must act.
func playRandomGame(def *games.Definition, seats int, options map[string]string, seeds [2]uint64, cfg selfplayConfig) (res gameResult) {
	res.record = games.Record{Game: def.ID, Seats: seats, Options: options, Seed: seeds[0]}
	defer func() {
		if p := recover(); p != nil {
			res.err = fmt.Errorf("panic after %d moves: %v", len(res.record.Moves), p)
		}
	}()
	g, opts, err := def.Create(seats, options, seeds[0])
	if err != nil {
		res.err = fmt.Errorf("setup: %w", err)
		return res
	}
	res.record.Options = opts
	pick := rng.New(seeds[1])
	botPick := rand.New(rand.NewPCG(seeds[1], seeds[0]))
	// play makes the game's next move, checked, and records it.
	play := func(seat games.Seat, notation string) error {
		n := len(res.record.Moves) + 1
		if n > cfg.maxMoves {
			return fmt.Errorf("%w after %d moves", errStalled, cfg.maxMoves)
		}
		res.record.Moves = append(res.record.Moves, games.RecordedMove{Seat: seat, Notation: notation})
		next, err := checkedPlay(def, g, seat, notation, n%cfg.checkEvery == 0)
		if err != nil {
			return fmt.Errorf("move %d: %w", n, err)
		}
		g = next
		return nil
	}
	// settle plays the forced moves of the acting seats until none is left.
	settle := func() error {
		for cfg.autoforced && !g.Status().Finished {
			seat, m, ok := forcedActor(g)
			if !ok {
				return nil
			}
			if err := play(seat, m.Notation); err != nil {
				return err
			}
		}
		return nil
	}
	if res.err = settle(); res.err != nil {
		return res
	}
	res.pace.observe(nil, g, games.Spectator)
	for {
		if g.Status().Finished {
			res.err = finalChecks(def, g, res.record)
			return res
		}
		n := len(res.record.Moves) + 1
		actors := g.ToAct()
		if len(actors) == 0 {
			res.err = fmt.Errorf("move %d: nobody must act but the game is not over", n)
			return res
		}
		seat := actors[pick.Intn(len(actors))].Seat
		moves := g.LegalMoves(seat)
		if len(moves) == 0 {
			res.err = fmt.Errorf("move %d: seat %d must act but has no legal move", n, seat)
			return res
		}
		notation := moves[pick.Intn(len(moves))].Notation
		if cfg.policy {
			m, ok := def.BotMove(g, seat, botPick)
			if !ok {
				res.err = fmt.Errorf("move %d: seat %d must act but has only standing choices", n, seat)
				return res
			}
			notation = m.Notation
		}
		prev := g
		if res.err = play(seat, notation); res.err != nil {
			return res
		}
		if res.err = settle(); res.err != nil {
			return res
		}
		res.pace.observe(prev, g, seat)
	}
}

// forcedActor returns an acting seat of g that has a forced move
// (games.Forced), and that move.
func forcedActor(g games.Game) (games.Seat, games.Move, bool) {
	for _, a := range g.ToAct() {
		if m, ok := games.Forced(g.LegalMoves(a.Seat)); ok {
			return a.Seat, m, true
		}
	}
	return games.Spectator, games.Move{}, false
}

// checkedPlay makes one move with games.Play and checks the game's
// invariants; with full set it also checks that Apply left the old game
// alone, that the new state restores to the same game and that every seat
// gets its view.
func checkedPlay(def *games.Definition, g games.Game, seat games.Seat, notation string, full bool) (games.Game, error) {
	var before string
	if full {
		var err error
		if before, err = games.Hash(g); err != nil {
			return nil, err
		}
	}
	next, _, err := games.PlayText(g, seat, notation)
	if err != nil {
		return nil, fmt.Errorf("move %q of seat %d refused: %w", notation, seat, err)
	}
	if full {
		if err := checkUnchanged(g, before); err != nil {
			return nil, err
		}
	}
	if c, ok := next.(games.Checker); ok {
		if err := c.CheckInvariants(); err != nil {
			return nil, fmt.Errorf("invariant after %q of seat %d: %w", notation, seat, err)
		}
	}
	if full {
		if err := checkRestore(def, next); err != nil {
			return nil, err
		}
		if err := checkViews(def, next); err != nil {
			return nil, err
		}
	}
	return next, nil
}

// checkViews verifies that every seat and a spectator get a view of this
// game, made for them, that describes itself in both languages.
func checkViews(def *games.Definition, g games.Game) error {
	for s := games.Spectator; int(s) < g.Seats(); s++ {
		v := g.View(s)
		if v == nil {
			return fmt.Errorf("no view for seat %d", s)
		}
		if v.GameID() != def.ID || v.Viewer() != s {
			return fmt.Errorf("the view for seat %d is of game %q for seat %d", s, v.GameID(), v.Viewer())
		}
		if v.Describe(games.English) == "" || v.Describe(games.German) == "" {
			return fmt.Errorf("the view for seat %d describes nothing", s)
		}
	}
	return nil
}

// replayChecked replays a record written by self-play with every check
// after every move. It returns the last game that passed, and the first
// failure.
func replayChecked(rec games.Record) (last games.Game, err error) {
	def, ok := games.Lookup(rec.Game)
	if !ok {
		return nil, fmt.Errorf("unknown game %q", rec.Game)
	}
	g, _, err := def.Create(rec.Seats, rec.Options, rec.Seed)
	if err != nil {
		return nil, fmt.Errorf("setup: %w", err)
	}
	n := 0
	defer func() {
		if p := recover(); p != nil {
			last, err = g, fmt.Errorf("move %d: panic: %v", n, p)
		}
	}()
	for i, m := range rec.Moves {
		n = i + 1
		next, err := checkedPlay(def, g, m.Seat, m.Notation, true)
		if err != nil {
			return g, fmt.Errorf("move %d: %w", n, err)
		}
		g = next
	}
	if g.Status().Finished {
		return g, finalChecks(def, g, rec)
	}
	return g, nil
}

// runReplay replays one record file and prints the outcome; on a failure it
// also prints the public view of the last good state.
func runReplay(path string, stdout io.Writer) int {
	data, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintf(stdout, "replay %s: %v\n", path, err)
		return 1
	}
	var rec games.Record
	if err := json.Unmarshal(data, &rec); err != nil {
		fmt.Fprintf(stdout, "replay %s: %v\n", path, err)
		return 1
	}
	g, err := replayChecked(rec)
	if err == nil {
		fmt.Fprintf(stdout, "replay %s: OK, %d moves, finished=%v\n", path, len(rec.Moves), g.Status().Finished)
		return 0
	}
	fmt.Fprintf(stdout, "replay %s: %v\n", path, err)
	if g != nil {
		if v := g.View(games.Spectator); v != nil {
			fmt.Fprintf(stdout, "state before the failing move:\n%s\n", v.Describe(games.English))
		}
	}
	return 1
}

// checkUnchanged verifies that Apply left the old game alone.
func checkUnchanged(g games.Game, before string) error {
	after, err := games.Hash(g)
	if err != nil {
		return err
	}
	if after != before {
		return errors.New("apply changed the game it was called on")
	}
	return nil
}

// checkRestore verifies that Restore(MarshalState()) rebuilds the same game:
// the same hash and the same legal moves for every seat.
func checkRestore(def *games.Definition, g games.Game) error {
	state, err := g.MarshalState()
	if err != nil {
		return fmt.Errorf("marshal state: %w", err)
	}
	r, err := def.Restore(state)
	if err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	h1, err := games.Hash(g)
	if err != nil {
		return err
	}
	h2, err := games.Hash(r)
	if err != nil {
		return err
	}
	if h1 != h2 {
		return fmt.Errorf("restored state hashes %.12s, not %.12s", h2, h1)
	}
	for s := range g.Seats() {
		seat := games.Seat(s)
		if !slices.EqualFunc(g.LegalMoves(seat), r.LegalMoves(seat), sameMove) {
			return fmt.Errorf("restored game offers seat %d other moves", s)
		}
	}
	return nil
}

// sameMove reports whether two listed moves are alike, the engine's
// Payload aside: the platform never compares it (it may be a pointer).
func sameMove(a, b games.Move) bool {
	a.Payload, b.Payload = nil, nil
	return a == b
}

// finalChecks runs once a game has ended: the restore check, and that the
// record replays to the same final state.
func finalChecks(def *games.Definition, g games.Game, rec games.Record) error {
	if len(g.ToAct()) > 0 {
		return errors.New("the game is over but seats must still act")
	}
	if err := checkRestore(def, g); err != nil {
		return fmt.Errorf("end: %w", err)
	}
	replayed, err := games.Replay(rec)
	if err != nil {
		return fmt.Errorf("end: %w", err)
	}
	h1, err := games.Hash(g)
	if err != nil {
		return err
	}
	h2, err := games.Hash(replayed)
	if err != nil {
		return err
	}
	if h1 != h2 {
		return fmt.Errorf("end: replayed record hashes %.12s, not %.12s", h2, h1)
	}
	return nil
}

// reportFailures prints the first n failures and writes each one's record
// to a file in a new temporary directory, for games.Replay.
func reportFailures(w io.Writer, sum selfplaySummary, n int) error {
	dir, err := os.MkdirTemp("", "pbc-selfplay-"+sum.game+"-")
	if err != nil {
		return fmt.Errorf("record dir: %w", err)
	}
	for i, f := range sum.failures {
		if i == n {
			fmt.Fprintf(w, "  ... and %d more\n", len(sum.failures)-i)
			break
		}
		data, err := json.MarshalIndent(f.record, "", "  ")
		if err != nil {
			return fmt.Errorf("encode record: %w", err)
		}
		path := filepath.Join(dir, fmt.Sprintf("%s-seed%d-game%d.json", sum.game, f.seed, f.index))
		if err := os.WriteFile(path, data, 0o644); err != nil {
			return fmt.Errorf("write record: %w", err)
		}
		fmt.Fprintf(w, "  game %d (run seed %d, %d seats, game seed %d): %v\n    moves: %s\n    record: %s (pbc selfplay --replay it)\n",
			f.index, f.seed, f.record.Seats, f.record.Seed, f.err, moveList(f.record.Moves), path)
	}
	return nil
}

// moveList writes moves compactly as "0:roll 1:keep 1,3 ...", eliding the
// middle of long games.
func moveList(moves []games.RecordedMove) string {
	const keep = 12
	parts := make([]string, 0, 2*keep+1)
	for i, m := range moves {
		if len(moves) > 2*keep && i == keep {
			parts = append(parts, fmt.Sprintf("... (%d moves) ...", len(moves)-2*keep))
		}
		if len(moves) > 2*keep && i >= keep && i < len(moves)-keep {
			continue
		}
		parts = append(parts, fmt.Sprintf("%d:%s", m.Seat, m.Notation))
	}
	return strings.Join(parts, " ")
}
