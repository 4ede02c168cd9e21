package main

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"flag"
	"fmt"
	"io"
	"log/slog"
	mrand "math/rand/v2"
	"net"
	"os"
	"path/filepath"
	"runtime/pprof"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/internal/fakediscord"
)

func init() {
	subcommands["loadtest"] = subcommand{
		summary: "drive pbc serve on loopback with signed interactions of many players; check no move is lost or doubled",
		run: func(ctx context.Context, args []string) int {
			return runLoadtest(ctx, args, os.Stdout, os.Stderr)
		},
	}
}

// loadtestConfig is what one loadtest run does.
type loadtestConfig struct {
	tables  int
	players int // seats per table
	defs    []*games.Definition
	// rate is the pace of the interactions phase: autocompletes, status
	// and refusals per second, sent on time whether or not earlier ones
	// were answered.
	rate            float64
	duration        time.Duration // of each phase
	maxInteractions int           // bound of the interactions phase
	maxMoves        int           // bound of the turns phase
	// doubleClick is the share of the turns phase's moves sent as two
	// clicks of one button at once.
	doubleClick float64
	timeout     time.Duration // for one answer
	database    string        // "" for a new SQLite file
	inProcess   bool          // run pbc serve in this process
	seed        uint64
	maxP99      time.Duration // target of the interactions phase
	phases      []string
	board       string // the tables' board setting; "" for the default
}

func runLoadtest(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("loadtest", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: pbc loadtest [flags]\n\n"+
			"Starts pbc serve on loopback (a child process, or this one with -inprocess) with a\n"+
			"fake Discord for its REST calls, opens -tables tables and drives them with interactions\n"+
			"signed as Discord signs them, from -players players per table:\n"+
			"  interactions: autocompletes, /game status and refusals at -rate per second;\n"+
			"  turns:        every table's players make their moves as fast as they are answered,\n"+
			"                some as two clicks of one button at once.\n"+
			"Each phase ends after -duration or its count. It prints p50/p95/p99 per kind, the errors\n"+
			"and the moves per second, then compares every table's move log in the store with the\n"+
			"moves that were answered. The exit status is 1 on any error, any lost or doubled move,\n"+
			"or a p99 of the interactions phase above -max-p99.")
		fs.PrintDefaults()
	}
	cfg := loadtestConfig{}
	fs.IntVar(&cfg.tables, "tables", 40, "tables played at once")
	fs.IntVar(&cfg.players, "players", 4, "players per table")
	gameIDs := fs.String("games", "xibalba", `games of the tables, in turn, comma-separated, or "all"`)
	fs.Float64Var(&cfg.rate, "rate", 500, "interactions per second of the interactions phase")
	fs.DurationVar(&cfg.duration, "duration", 20*time.Second, "length of each phase")
	fs.IntVar(&cfg.maxInteractions, "interactions", 100000, "at most this many interactions in the interactions phase")
	fs.IntVar(&cfg.maxMoves, "moves", 100000, "at most this many moves in the turns phase")
	fs.Float64Var(&cfg.doubleClick, "double-click", 0.2, "share of moves sent as two clicks at once")
	fs.DurationVar(&cfg.timeout, "timeout", 30*time.Second, "longest wait for one answer")
	fs.StringVar(&cfg.database, "database", "", "database of pbc serve, SQLite file or postgres:// URL (default: a new temporary SQLite file)")
	fs.BoolVar(&cfg.inProcess, "inprocess", false, "run pbc serve in this process instead of a child process")
	fs.Uint64Var(&cfg.seed, "seed", 1, "seed of the players' choices")
	fs.DurationVar(&cfg.maxP99, "max-p99", 200*time.Millisecond, "target: p99 of every kind in the interactions phase")
	phases := fs.String("phases", "interactions,turns", "the phases to run, in order")
	fs.StringVar(&cfg.board, "board", "", `the tables' board setting: "turn", "move" (a board after every move) or "off" (default: the bot's)`)
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of this process (with -inprocess, of pbc serve too) to this file")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	cfg.phases = strings.Split(*phases, ",")
	var err error
	if cfg.defs, err = gamesByID(*gameIDs); err != nil || fs.NArg() > 0 || cfg.tables < 1 || cfg.rate <= 0 ||
		cfg.duration <= 0 || cfg.doubleClick < 0 || cfg.doubleClick > 1 ||
		!slices.Contains([]string{"", db.BoardTurn, db.BoardMove, db.BoardOff}, cfg.board) ||
		slices.ContainsFunc(cfg.phases, func(p string) bool { return p != "interactions" && p != "turns" }) {
		if err != nil {
			fmt.Fprintf(stderr, "loadtest: %v\n", err)
		}
		fs.Usage()
		return 2
	}
	for _, def := range cfg.defs {
		if cfg.players < def.MinSeats || cfg.players > def.MaxSeats {
			fmt.Fprintf(stderr, "loadtest: %s takes %d to %d players, not %d\n", def.ID, def.MinSeats, def.MaxSeats, cfg.players)
			return 2
		}
	}
	if *cpuProfile != "" {
		stop, err := startCPUProfile(*cpuProfile)
		if err != nil {
			fmt.Fprintf(stderr, "loadtest: %v\n", err)
			return 1
		}
		defer stop()
	}
	ok, err := loadtest(ctx, cfg, stdout)
	if err != nil {
		fmt.Fprintf(stderr, "loadtest: %v\n", err)
		return 1
	}
	if !ok {
		return 1
	}
	return 0
}

// startCPUProfile profiles this process into the file at path until stop
// is called.
func startCPUProfile(path string) (stop func(), err error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}, nil
}

// load is one loadtest run: the fake Discord, the serve process, the
// store it writes and the tables being played.
type load struct {
	cfg    loadtestConfig
	f      *fakediscord.Fake
	store  *db.Store // the test's own view of pbc serve's database
	tables []*loadTable
	rand   *mrand.Rand // for the phases' goroutine only
	// serveCPU tells pbc serve's processor time; nil when it runs in this
	// process.
	serveCPU func() (time.Duration, error)
}

// loadTable is one table and its players.
type loadTable struct {
	where   fakediscord.Where
	def     *games.Definition
	players []fakediscord.User
	// played are the tables of the channel the turns phase played, in
	// order, each with the moves that were answered.
	played []*playedTable
	rand   *mrand.Rand
}

// playedTable is the record of one table of a channel.
type playedTable struct {
	id       int64
	answered []answeredMove
}

// answeredMove is a move a player made and was answered for: who, the
// move's notation, and how it was sent and answered (for the report).
type answeredMove struct {
	user, ref string
	how       string
}

// loadtest runs the configured phases; ok is false when a check failed.
func loadtest(ctx context.Context, cfg loadtestConfig, out io.Writer) (ok bool, err error) {
	dir, err := os.MkdirTemp("", "pbc-loadtest-")
	if err != nil {
		return false, err
	}
	defer os.RemoveAll(dir)
	if cfg.database == "" {
		cfg.database = filepath.Join(dir, "pbc.db")
	}
	store, err := db.OpenStore(cfg.database)
	if err != nil {
		return false, err
	}
	defer store.Close()
	f := fakediscord.Standalone()
	defer f.Close()
	sv, err := startLoadServe(ctx, cfg, f, dir)
	if err != nil {
		return false, err
	}
	defer func() {
		if !ok {
			fmt.Fprintf(out, "\npbc serve's log (warnings and errors) ends with:\n%s", sv.log())
		}
		if serr := sv.stop(); serr != nil && err == nil {
			err = serr
		}
	}()
	l := &load{cfg: cfg, f: f, store: store, serveCPU: sv.cpu, rand: mrand.New(mrand.NewPCG(cfg.seed, 0))}
	where := "a child process"
	if cfg.inProcess {
		where = "this process"
	}
	fmt.Fprintf(out, "pbc serve in %s, database %s (%s)\n", where, db.Redact(cfg.database), store.Backend())
	start := time.Now()
	if err := l.openTables(ctx); err != nil {
		return false, err
	}
	fmt.Fprintf(out, "opened %d tables of %s with %d players each in %v\n", len(l.tables), gameNames(cfg.defs), cfg.players,
		time.Since(start).Round(time.Millisecond))
	ok = true
	for _, phase := range cfg.phases {
		var passed bool
		switch phase {
		case "interactions":
			passed = l.interactionsPhase(ctx, out)
		case "turns":
			passed = l.turnsPhase(ctx, out)
		}
		ok = ok && passed
	}
	checked, err := l.checkLogs(ctx, out)
	if err != nil {
		return false, err
	}
	return ok && checked, nil
}

// gameNames lists the games' ids.
func gameNames(defs []*games.Definition) string {
	ids := make([]string, len(defs))
	for i, d := range defs {
		ids[i] = d.ID
	}
	return strings.Join(ids, ", ")
}

// served is the pbc serve a load test drives.
type served struct {
	stop func() error
	// cpu tells the processor time it has used; nil when it runs in this
	// process.
	cpu func() (time.Duration, error)
	log func() string // the end of its log
}

// startLoadServe starts pbc serve for f's interactions (signed with a new
// key) and waits until it is ready.
func startLoadServe(ctx context.Context, cfg loadtestConfig, f *fakediscord.Fake, dir string) (served, error) {
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return served{}, err
	}
	addr, err := freeLoopback()
	if err != nil {
		return served{}, err
	}
	ccfg := childConfig{verb: "serve", fakeURL: f.URL(), database: cfg.database, listen: addr, publicKey: hex.EncodeToString(pub)}
	path, err := ccfg.write(dir)
	if err != nil {
		return served{}, err
	}
	f.UseHTTP("http://"+addr+interactionsPath, priv)
	if !cfg.inProcess {
		c, err := startChild("serve", path, addr, fakediscord.Token)
		if err != nil {
			return served{}, err
		}
		rctx, cancel := context.WithTimeout(ctx, time.Minute)
		defer cancel()
		if _, err := c.waitReady(rctx); err != nil {
			c.stop()
			return served{}, err
		}
		return served{stop: c.stop, cpu: c.cpuTime, log: c.log}, nil
	}
	scfg, err := loadConfig(path)
	if err != nil {
		return served{}, err
	}
	os.Setenv(toolTokenEnv, fakediscord.Token)
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return served{}, err
	}
	logged := &lockedBuffer{}
	log := slog.New(slog.NewTextHandler(logged, &slog.HandlerOptions{Level: slog.LevelWarn}))
	sctx, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- serve(sctx, scfg, log, ln) }()
	stop := func() error {
		cancel()
		return <-done
	}
	return served{stop: stop, log: logged.tail}, nil
}

// lockedBuffer keeps the end of a log written by several goroutines.
type lockedBuffer struct {
	mu  sync.Mutex // protects buf
	buf []byte
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.buf = append(b.buf, p...)
	if len(b.buf) > 64<<10 {
		b.buf = append([]byte(nil), b.buf[len(b.buf)-32<<10:]...)
	}
	return len(p), nil
}

// tail returns the last few thousand bytes written.
func (b *lockedBuffer) tail() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return string(b.buf[max(0, len(b.buf)-4000):])
}
