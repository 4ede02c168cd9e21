package db

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"time"
)

// Errors that refine ErrConflict: errors.Is reports true for both the
// refinement and ErrConflict, so callers may test either.
var (
	// ErrChannelBusy: the channel already has an Open or Running table.
	ErrChannelBusy = fmt.Errorf("%w: channel already has an open or running table", ErrConflict)
	// ErrTableFull: every seat of the table is taken.
	ErrTableFull = fmt.Errorf("%w: table is full", ErrConflict)
	// ErrAlreadySeated: the user already has a seat at the table.
	ErrAlreadySeated = fmt.Errorf("%w: already seated", ErrConflict)
	// ErrWrongStatus: the table's status does not allow the change (for
	// example a move on a finished table, or a join after the start).
	ErrWrongStatus = fmt.Errorf("%w: table status does not allow this", ErrConflict)
)

// OpenStore opens (creating it on first run) the store at dsn and migrates
// it. dsn is a postgres:// or postgresql:// URL for a PostgreSQL server;
// anything else is SQLite: a file path, a "file:" URI (connection options
// are added to its query) or ":memory:" for a private in-memory database,
// as tests use. Options such as OwnShard apply before the store is used.
func OpenStore(dsn string, opts ...Option) (*Store, error) {
	d, open := sqliteDialect, openSQLite
	if isPostgres(dsn) {
		d, open = postgresDialect, openPostgres
	}
	s := &Store{dialect: d, now: time.Now}
	for _, o := range opts {
		if err := o(s); err != nil {
			return nil, fmt.Errorf("open store %s: %w", Redact(dsn), err)
		}
	}
	sdb, err := open(dsn)
	if err != nil {
		return nil, fmt.Errorf("open store %s: %w", Redact(dsn), err)
	}
	s.db, s.q = sdb, runner{r: sdb, d: d}
	if d.oneWriter {
		s.writers = make(writerLock, 1)
		s.q.writers = s.writers
	}
	if err := s.migrateWaiting(context.Background()); err != nil {
		return nil, errors.Join(fmt.Errorf("open store %s: %w", Redact(dsn), err), sdb.Close())
	}
	return s, nil
}

// openWait bounds how long OpenStore tries again while other processes
// opening the same new database hold it.
const openWait = 10 * time.Second

// migrateWaiting migrates, trying again after a short pause while the
// database answers busy without waiting: processes starting together on
// one new SQLite file race to turn it to WAL, and the losers are refused
// at once rather than queued by the busy timeout. Each migration is its
// own transaction that checks the recorded version, so trying again
// applies none twice.
func (s *Store) migrateWaiting(ctx context.Context) error {
	deadline := s.now().Add(openWait)
	pause := 5 * time.Millisecond
	for {
		err := s.migrate(ctx)
		if err == nil || s.dialect.busy == nil || !s.dialect.busy(err) || s.now().After(deadline) {
			return err
		}
		time.Sleep(pause)
		pause = min(2*pause, 200*time.Millisecond)
	}
}

// Backend names the store's database: "sqlite" or "postgres".
func (s *Store) Backend() string { return s.dialect.name }

// Ping checks that the database answers, for health checks.
func (s *Store) Ping(ctx context.Context) error {
	if err := s.db.PingContext(ctx); err != nil {
		return fmt.Errorf("ping %s store: %w", s.dialect.name, err)
	}
	return nil
}

// Close closes the database.
func (s *Store) Close() error {
	if err := s.db.Close(); err != nil {
		return fmt.Errorf("close store: %w", err)
	}
	return nil
}

// inTx runs fn in one transaction and commits if fn succeeds. On SQLite the
// transaction is immediate (it holds the write lock from BEGIN), and it
// waits for the store's writers lock first; on
// PostgreSQL it is read committed, and writers lock the rows they go on to
// change (dialect.lockRow).
func (s *Store) inTx(ctx context.Context, fn func(tx runner) error) error {
	if err := s.writers.take(ctx); err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	defer s.writers.give()
	return s.runTx(ctx, s.db, fn)
}

// txBeginner is *sql.DB or *sql.Conn.
type txBeginner interface {
	BeginTx(ctx context.Context, opts *sql.TxOptions) (*sql.Tx, error)
}

// runTx runs fn in a transaction begun on b and commits if fn succeeds.
func (s *Store) runTx(ctx context.Context, b txBeginner, fn func(tx runner) error) error {
	tx, err := b.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	if err := fn(runner{r: tx, d: s.dialect}); err != nil {
		if rbErr := tx.Rollback(); rbErr != nil {
			return errors.Join(err, fmt.Errorf("rollback: %w", rbErr))
		}
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// inRelaxedTx is inTx for bookkeeping whose loss costs only a repeat, such
// as marking an outbox entry delivered: its commit returns without waiting
// for the disk (SQLite: synchronous=NORMAL for this transaction, which
// still survives a killed process; PostgreSQL: synchronous_commit=off). A
// power loss right after may undo it; the next durable commit makes it
// durable too. See Store.Delivered for why a lost mark is harmless.
func (s *Store) inRelaxedTx(ctx context.Context, fn func(tx runner) error) error {
	if s.dialect.relax == "" {
		return s.inTx(ctx, func(tx runner) error {
			if s.dialect.relaxTx != "" {
				if _, err := tx.ExecContext(ctx, s.dialect.relaxTx); err != nil {
					return fmt.Errorf("relax commit: %w", err)
				}
			}
			return fn(tx)
		})
	}
	if err := s.writers.take(ctx); err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	defer s.writers.give()
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, s.dialect.relax); err != nil {
		return fmt.Errorf("relax commit: %w", err)
	}
	defer func() {
		// A connection left relaxed must not serve a durable write:
		// one that cannot be restored is closed, not pooled.
		if _, err := conn.ExecContext(context.WithoutCancel(ctx), s.dialect.restore); err != nil {
			conn.Raw(func(any) error { return driver.ErrBadConn })
		}
	}()
	return s.runTx(ctx, conn, fn)
}

// timeLayout is fixed-width, so that text order in SQL is time order.
// Times are text on both backends: PostgreSQL's timestamps keep only
// microseconds, and a move's time must come back as it was stored.
const timeLayout = "2006-01-02T15:04:05.000000000Z"

func formatTime(t time.Time) string { return t.UTC().Format(timeLayout) }

func parseTime(s string) (time.Time, error) {
	t, err := time.Parse(timeLayout, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("stored time %q: %w", s, err)
	}
	return t, nil
}

// nullTime is t for a nullable time column: NULL for the zero time.
func nullTime(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return formatTime(t)
}

// parseNullTime reads a nullable time column; NULL is the zero time.
func parseNullTime(s sql.NullString) (time.Time, error) {
	if !s.Valid {
		return time.Time{}, nil
	}
	return parseTime(s.String)
}

func durationSeconds(d time.Duration) int64 { return int64(d / time.Second) }

func secondsDuration(s int64) time.Duration { return time.Duration(s) * time.Second }
