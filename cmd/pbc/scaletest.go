package main

import (
	"context"
	"database/sql"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/internal/fakediscord"
)

func init() {
	subcommands["scaletest"] = subcommand{
		summary: "store many games, then time pbc serve and pbc run from start to ready and weigh their memory",
		run: func(ctx context.Context, args []string) int {
			return runScaletest(ctx, args, os.Stdout, os.Stderr)
		},
	}
}

// scaleConfig is what one scaletest run does.
type scaleConfig struct {
	path     string // the SQLite file; "" for a temporary one
	tables   int
	finished float64
	fill     fillConfig
	runs     int
	settle   time.Duration // from ready to the second memory reading
	verbs    []string
	backlog  bool          // also start with every reminder due
	maxReady time.Duration // targets: a miss is exit status 1
	maxRSS   int64
}

func runScaletest(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("scaletest", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: pbc scaletest [flags]\n\n"+
			"Stores -tables games (SQLite, through the store's own writes; an existing -db file is\n"+
			"used as it is), then starts pbc serve and pbc run -runs times each on an empty database\n"+
			"and on the filled one, against a fake Discord on loopback, and reports the time from\n"+
			"start to a passing health check, the resident memory, and the database size per\n"+
			"finished game; then once each with every reminder due (-backlog), until all are handled.\n"+
			"The exit status is 1 when a target is missed.")
		fs.PrintDefaults()
	}
	cfg := scaleConfig{}
	fs.StringVar(&cfg.path, "db", "", "SQLite file to fill, or to use if it exists (default: a temporary file, removed after)")
	fs.IntVar(&cfg.tables, "tables", 10000, "games to store")
	fs.Float64Var(&cfg.finished, "finished", 0.75, "share of finished games; the others are running")
	fs.IntVar(&cfg.fill.pool, "pool", 4, "distinct games played per game and seat count (the tables share them)")
	fs.Uint64Var(&cfg.fill.seed, "seed", 1, "seed of the games and of the fill")
	gameIDs := fs.String("games", "all", `games to store, comma-separated, or "all"`)
	fs.IntVar(&cfg.runs, "runs", 3, "starts of each process and database")
	fs.DurationVar(&cfg.settle, "settle", 2*time.Second, "time from ready to the second memory reading")
	verbs := fs.String("processes", "serve,run", "the processes to start")
	fs.BoolVar(&cfg.backlog, "backlog", true, "also start each process once with every running table's reminder due, as after a day down (changes the database)")
	fs.DurationVar(&cfg.maxReady, "max-ready", 2*time.Second, "target: start to ready with the filled database")
	maxRSS := fs.Int("max-rss-mb", 150, "target: resident memory in MiB with the filled database")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	cfg.maxRSS = int64(*maxRSS) << 20
	cfg.verbs = strings.Split(*verbs, ",")
	var err error
	if cfg.fill.defs, err = gamesByID(*gameIDs); err != nil || fs.NArg() > 0 || cfg.tables < 1 || cfg.runs < 1 ||
		cfg.finished < 0 || cfg.finished > 1 || cfg.fill.pool < 1 ||
		slices.ContainsFunc(cfg.verbs, func(v string) bool { return v != "serve" && v != "run" }) {
		if err != nil {
			fmt.Fprintf(stderr, "scaletest: %v\n", err)
		}
		fs.Usage()
		return 2
	}
	cfg.fill.now = time.Now()
	ok, err := scaletest(ctx, cfg, stdout)
	if err != nil {
		fmt.Fprintf(stderr, "scaletest: %v\n", err)
		return 1
	}
	if !ok {
		return 1
	}
	return 0
}

// gamesByID returns the registered games named in a comma-separated list,
// or all of them for "all".
func gamesByID(list string) ([]*games.Definition, error) {
	if list == "all" {
		return games.All(), nil
	}
	var defs []*games.Definition
	for _, id := range strings.Split(list, ",") {
		def, ok := games.Lookup(strings.TrimSpace(id))
		if !ok {
			return nil, fmt.Errorf("unknown game %q (registered: %s)", id, registeredIDs())
		}
		defs = append(defs, def)
	}
	return defs, nil
}

// scaletest fills the database unless it exists, reports its size, and
// measures the processes' startup; ok is false when a target was missed.
func scaletest(ctx context.Context, cfg scaleConfig, out io.Writer) (ok bool, err error) {
	dir, err := os.MkdirTemp("", "pbc-scaletest-")
	if err != nil {
		return false, err
	}
	defer os.RemoveAll(dir)
	empty := filepath.Join(dir, "empty.db")
	if err := createStore(empty); err != nil {
		return false, err
	}
	emptySize, err := dbSize(empty)
	if err != nil {
		return false, err
	}
	path := cfg.path
	if path == "" {
		path = filepath.Join(dir, "filled.db")
	}
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		if err := fillDatabase(ctx, path, emptySize, cfg, out); err != nil {
			return false, err
		}
	} else if err != nil {
		return false, err
	}
	if err := describeDatabase(path, out); err != nil {
		return false, err
	}

	f := fakediscord.Standalone()
	defer f.Close()
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "process\tdatabase\tready (median of %d)\tslowest\tRSS at ready\tRSS %v later\tpeak RSS\t\n", cfg.runs, cfg.settle)
	ok = true
	for _, verb := range cfg.verbs {
		for _, dbPath := range []string{empty, path} {
			st, err := measureStartup(ctx, verb, dbPath, dir, f, cfg.runs, cfg.settle)
			if err != nil {
				return false, err
			}
			name := "empty"
			if dbPath == path {
				name = "filled"
				if st.ready > cfg.maxReady || st.peak > cfg.maxRSS {
					ok = false
					name += " (target missed)"
				}
			}
			fmt.Fprintf(tw, "pbc %s\t%s\t%v\t%v\t%s\t%s\t%s\t\n", verb, name, st.ready.Round(time.Millisecond),
				st.slowest.Round(time.Millisecond), mib(st.rss), mib(st.settled), mib(st.peak))
		}
	}
	tw.Flush()
	if cfg.backlog {
		fmt.Fprintln(out, "\nafter a day down: every running table's reminder due at the start (this changes the database,\n"+
			"as such a start would: reminders are sent, expired reaction windows closed by their default moves)")
		tw = tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, "process\treminders due\tready\tall handled after\tRSS at ready\tRSS then\tpeak RSS\t")
		for _, verb := range cfg.verbs {
			b, err := measureBacklog(ctx, verb, path, dir, f)
			if err != nil {
				return false, err
			}
			if b.ready > cfg.maxReady || b.peak > cfg.maxRSS {
				ok = false
				verb += " (target missed)"
			}
			fmt.Fprintf(tw, "pbc %s\t%d\t%v\t%v\t%s\t%s\t%s\t\n", verb, b.due, b.ready.Round(time.Millisecond),
				b.handled.Round(100*time.Millisecond), mib(b.rss), mib(b.settled), mib(b.peak))
		}
		tw.Flush()
	}
	fmt.Fprintf(out, "targets with the filled database: ready within %v, peak RSS within %s\n", cfg.maxReady, mib(cfg.maxRSS))
	return ok, nil
}

// backlogFigures are what measureBacklog found.
type backlogFigures struct {
	due                int
	ready, handled     time.Duration // from the start of the process
	rss, settled, peak int64
}

// measureBacklog makes every reminder of the database at path due, starts
// pbc verb on it and waits until it has handled them all.
func measureBacklog(ctx context.Context, verb, path, dir string, f *fakediscord.Fake) (backlogFigures, error) {
	var b backlogFigures
	store, err := db.OpenStore(path)
	if err != nil {
		return b, err
	}
	defer store.Close()
	rs, err := store.Reminders(ctx)
	if err != nil {
		return b, err
	}
	for _, r := range rs {
		if err := remindSeats(ctx, store, r.TableID, time.Now().Add(-time.Hour)); err != nil {
			return b, err
		}
	}
	b.due = len(rs)
	c, err := startConfigured(verb, path, dir, f)
	if err != nil {
		return b, err
	}
	defer c.stop()
	rctx, cancel := context.WithTimeout(ctx, time.Minute)
	b.ready, err = c.waitReady(rctx)
	cancel()
	if err != nil {
		return b, err
	}
	if b.rss, _, err = c.memory(); err != nil {
		return b, err
	}
	deadline := time.Now().Add(10 * time.Minute)
	for {
		due, err := store.DueReminders(ctx, time.Now())
		if err != nil {
			return b, err
		}
		if len(due) == 0 {
			break
		}
		if time.Now().After(deadline) {
			return b, fmt.Errorf("pbc %s: %d of %d reminders still due after 10 minutes", verb, len(due), b.due)
		}
		time.Sleep(100 * time.Millisecond)
	}
	b.handled = time.Since(c.started)
	b.settled, b.peak, err = c.memory()
	return b, err
}

// startConfigured starts pbc verb on the database at dbPath, talking to
// f, with a configuration written into dir.
func startConfigured(verb, dbPath, dir string, f *fakediscord.Fake) (*child, error) {
	addr, err := freeLoopback()
	if err != nil {
		return nil, err
	}
	cfg := childConfig{verb: verb, fakeURL: f.URL(), database: dbPath, listen: addr}
	if verb == "serve" {
		cfg.publicKey = strings.Repeat("00", 32) // no interaction is sent
	}
	path, err := cfg.write(dir)
	if err != nil {
		return nil, err
	}
	return startChild(verb, path, addr, fakediscord.Token)
}

func mib(n int64) string { return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20)) }

// createStore creates and migrates an SQLite store at path.
func createStore(path string) error {
	store, err := db.OpenStore(path)
	if err != nil {
		return err
	}
	return store.Close()
}

// fillDatabase fills a new database at path: the finished tables first,
// then the running ones, with the size after each.
func fillDatabase(ctx context.Context, path string, emptySize int64, cfg scaleConfig, out io.Writer) error {
	start := time.Now()
	pool, err := playPool(ctx, cfg.fill)
	if err != nil {
		return err
	}
	moves := 0
	for _, pg := range pool {
		moves += len(pg.moves)
	}
	fmt.Fprintf(out, "played %d games to store (policy play, %d moves on average) in %v\n",
		len(pool), moves/len(pool), time.Since(start).Round(time.Millisecond))
	// Each commit is still its own transaction, but without the fsync
	// that makes the bot's durable: the fill is a setup, not the subject.
	store, err := db.OpenStore("file:" + path + "?_synchronous=OFF")
	if err != nil {
		return err
	}
	defer store.Close()
	finished := int(float64(cfg.tables)*cfg.finished + 0.5)
	var sum fillSummary
	start = time.Now()
	if err := fillTables(ctx, store, pool, 0, finished, true, cfg.fill, &sum); err != nil {
		return err
	}
	size, err := dbSize(path)
	if err != nil {
		return err
	}
	if err := fillTables(ctx, store, pool, finished, cfg.tables-finished, false, cfg.fill, &sum); err != nil {
		return err
	}
	fmt.Fprintf(out, "stored %d tables (%d finished, %d running, %d moves) in %v\n", sum.tables, sum.finished,
		sum.tables-sum.finished, sum.moves, time.Since(start).Round(time.Second))
	if finished > 0 {
		fmt.Fprintf(out, "database size per finished game: %.1f KiB (%d finished games: %.1f MiB over the empty database)\n",
			float64(size-emptySize)/float64(finished)/1024, finished, float64(size-emptySize)/(1<<20))
	}
	ids := make([]string, 0, len(sum.games))
	for id := range sum.games {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		g := sum.games[id]
		fmt.Fprintf(out, "  %-12s %6d tables (%d finished), %.0f moves per table\n", id, g.tables, g.finished, float64(g.moves)/float64(g.tables))
	}
	return nil
}

// dbSize checkpoints an SQLite database's write-ahead log into the file
// and returns the file's size.
func dbSize(path string) (int64, error) {
	sdb, err := sql.Open("sqlite3", "file:"+path)
	if err != nil {
		return 0, err
	}
	defer sdb.Close()
	if _, err := sdb.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`); err != nil {
		return 0, fmt.Errorf("checkpoint %s: %w", path, err)
	}
	st, err := os.Stat(path)
	if err != nil {
		return 0, err
	}
	return st.Size(), nil
}

// describeDatabase prints what the database at path holds.
func describeDatabase(path string, out io.Writer) error {
	size, err := dbSize(path)
	if err != nil {
		return err
	}
	sdb, err := sql.Open("sqlite3", "file:"+path+"?mode=ro")
	if err != nil {
		return err
	}
	defer sdb.Close()
	var tables, running, moves int
	err = sdb.QueryRow(`SELECT count(*), coalesce(sum(status = 'running'), 0), (SELECT count(*) FROM moves) FROM tables`).
		Scan(&tables, &running, &moves)
	if err != nil {
		return fmt.Errorf("count the tables of %s: %w", path, err)
	}
	fmt.Fprintf(out, "database: %d tables (%d running), %d moves, %.1f MiB\n", tables, running, moves, float64(size)/(1<<20))
	return nil
}

// startupFigures are what measureStartup found.
type startupFigures struct {
	ready, slowest     time.Duration // median and slowest
	rss, settled, peak int64         // the largest of the runs
}

// measureStartup starts pbc verb on the database at dbPath runs times:
// the time to its first passing health check, its memory then and settle
// later, and its peak memory.
func measureStartup(ctx context.Context, verb, dbPath, dir string, f *fakediscord.Fake, runs int, settle time.Duration) (startupFigures, error) {
	var st startupFigures
	var readies []time.Duration
	for range runs {
		c, err := startConfigured(verb, dbPath, dir, f)
		if err != nil {
			return st, err
		}
		rctx, cancel := context.WithTimeout(ctx, time.Minute)
		ready, err := c.waitReady(rctx)
		cancel()
		if err != nil {
			c.stop()
			return st, err
		}
		rss, _, err := c.memory()
		if err != nil {
			c.stop()
			return st, err
		}
		time.Sleep(settle)
		settled, peak, err := c.memory()
		if err != nil {
			c.stop()
			return st, err
		}
		if err := c.stop(); err != nil {
			return st, err
		}
		readies = append(readies, ready)
		st.rss, st.settled, st.peak = max(st.rss, rss), max(st.settled, settled), max(st.peak, peak)
	}
	slices.Sort(readies)
	st.ready, st.slowest = readies[len(readies)/2], readies[len(readies)-1]
	return st, nil
}
