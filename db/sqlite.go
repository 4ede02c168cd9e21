package db

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"path"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/mattn/go-sqlite3"
)

// ErrNewerSchema is returned by OpenStore when the database holds a migration this
// binary does not know: a newer pbc wrote it, and running an older one on it
// could corrupt it.
var ErrNewerSchema = errors.New("database schema is newer than this binary")

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

//go:embed migrations/*.sql
var migrationFiles embed.FS

// connParams are applied by go-sqlite3 to every pooled connection.
//
// synchronous=FULL: with WAL, NORMAL already survives a killed process (a
// commit is in the WAL file, that is in the OS page cache), but it may lose
// the last commits on power loss or an OS crash. A move is announced in the
// channel right after its commit, so losing it would leave the channel and
// the store disagreeing; FULL costs one WAL fsync per commit, which is
// nothing at play-by-chat rates (see BenchmarkCommitMove).
//
// _txlock=immediate: every transaction takes the write lock at BEGIN, so
// read-then-write transactions wait in the busy handler instead of failing
// with SQLITE_BUSY_SNAPSHOT when another writer commits first.
const connParams = "_busy_timeout=10000&_foreign_keys=on&_txlock=immediate&_synchronous=FULL"

// memoryDBs numbers in-memory databases so that each Open gets its own.
var memoryDBs atomic.Int64

// OpenStore opens (creating it on first run) the store at dsn and migrates it.
// dsn is a file path, a "file:" URI (connection options are added to its
// query) or ":memory:" for a private in-memory database, as tests use.
func OpenStore(dsn string) (*Store, error) {
	memory := dsn == ":memory:"
	var full string
	switch {
	case memory:
		// A named shared-cache memory database is seen by every connection
		// of this pool and by no other Open; one connection keeps it alive
		// and avoids shared-cache table locks.
		full = fmt.Sprintf("file:pbc-memory-%d?mode=memory&cache=shared&%s", memoryDBs.Add(1), connParams)
	case strings.HasPrefix(dsn, "file:"):
		sep := "?"
		if strings.Contains(dsn, "?") {
			sep = "&"
		}
		full = dsn + sep + "_journal_mode=WAL&" + connParams
	default:
		full = "file:" + (&url.URL{Path: dsn}).EscapedPath() + "?_journal_mode=WAL&" + connParams
	}
	sdb, err := sql.Open("sqlite3", full)
	if err != nil {
		return nil, fmt.Errorf("open store %s: %w", dsn, err)
	}
	if memory {
		sdb.SetMaxOpenConns(1)
		sdb.SetMaxIdleConns(1)
		sdb.SetConnMaxLifetime(0)
		sdb.SetConnMaxIdleTime(0)
	}
	s := &Store{db: sdb, now: time.Now}
	if err := s.migrate(context.Background()); err != nil {
		return nil, errors.Join(fmt.Errorf("open store %s: %w", dsn, err), sdb.Close())
	}
	return s, nil
}

// Close closes the database.
func (s *Store) Close() error {
	if err := s.db.Close(); err != nil {
		return fmt.Errorf("close store: %w", err)
	}
	return nil
}

// migration is one numbered schema change from migrations/NNNN_name.sql.
type migration struct {
	version int
	name    string
	sql     string
}

// loadMigrations reads the embedded migrations ordered by number.
func loadMigrations() ([]migration, error) {
	names, err := fs.Glob(migrationFiles, "migrations/*.sql")
	if err != nil {
		return nil, fmt.Errorf("list migrations: %w", err)
	}
	ms := make([]migration, 0, len(names))
	for _, name := range names {
		base := path.Base(name)
		num, _, ok := strings.Cut(base, "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || v <= 0 {
			return nil, fmt.Errorf("migration file %s: name must be NNNN_description.sql", base)
		}
		text, err := migrationFiles.ReadFile(name)
		if err != nil {
			return nil, fmt.Errorf("read migration %s: %w", base, err)
		}
		ms = append(ms, migration{version: v, name: strings.TrimSuffix(base, ".sql"), sql: string(text)})
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].version < ms[j].version })
	for i, m := range ms {
		if m.version != i+1 {
			return nil, fmt.Errorf("migration %s: numbers must run 1, 2, 3, ... without gaps", m.name)
		}
	}
	return ms, nil
}

// migrate applies the embedded migrations the database lacks, each in its
// own transaction together with its schema_migrations row. The write lock
// taken at BEGIN makes two processes opening one file migrate it once.
func (s *Store) migrate(ctx context.Context) error {
	ms, err := loadMigrations()
	if err != nil {
		return err
	}
	const create = `CREATE TABLE IF NOT EXISTS schema_migrations (
		version    INTEGER PRIMARY KEY,
		name       TEXT NOT NULL,
		applied_at TEXT NOT NULL
	)`
	if _, err := s.db.ExecContext(ctx, create); err != nil {
		return fmt.Errorf("create schema_migrations: %w", err)
	}
	for _, m := range ms {
		err := s.inTx(ctx, func(tx *sql.Tx) error {
			var newest int
			if err := tx.QueryRowContext(ctx, `SELECT coalesce(max(version), 0) FROM schema_migrations`).Scan(&newest); err != nil {
				return fmt.Errorf("read schema version: %w", err)
			}
			if newest > len(ms) {
				return fmt.Errorf("database has migration %d, this binary knows up to %d; use a newer pbc: %w", newest, len(ms), ErrNewerSchema)
			}
			if newest >= m.version {
				return nil
			}
			if _, err := tx.ExecContext(ctx, m.sql); err != nil {
				return fmt.Errorf("apply migration %s: %w", m.name, err)
			}
			_, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)`,
				m.version, m.name, formatTime(s.now()))
			if err != nil {
				return fmt.Errorf("record migration %s: %w", m.name, err)
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// inTx runs fn in one (immediate) transaction and commits if fn succeeds.
func (s *Store) inTx(ctx context.Context, fn func(*sql.Tx) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	if err := fn(tx); err != nil {
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

// timeLayout is fixed-width, so that text order in SQL is time order.
const timeLayout = "2006-01-02T15:04:05.000000000Z"

func formatTime(t time.Time) string { return t.UTC().Format(timeLayout) }

func parseTime(s string) (time.Time, error) {
	t, err := time.Parse(timeLayout, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("stored time %q: %w", s, err)
	}
	return t, nil
}

func durationSeconds(d time.Duration) int64 { return int64(d / time.Second) }

func secondsDuration(s int64) time.Duration { return time.Duration(s) * time.Second }

// isUniqueViolation reports whether err is a UNIQUE or PRIMARY KEY failure.
func isUniqueViolation(err error) bool {
	var se sqlite3.Error
	return errors.As(err, &se) &&
		(se.ExtendedCode == sqlite3.ErrConstraintUnique || se.ExtendedCode == sqlite3.ErrConstraintPrimaryKey)
}
