package db

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
)

// ErrNewerSchema is returned by OpenStore when the database holds a migration this
// binary does not know: a newer pbc wrote it, and running an older one on it
// could corrupt it.
var ErrNewerSchema = errors.New("database schema is newer than this binary")

// migrationFiles holds migrations/<dialect>/NNNN_name.sql. Every migration
// exists once per dialect, under the same number and name.
//
//go:embed migrations
var migrationFiles embed.FS

// migration is one numbered schema change from
// migrations/<dialect>/NNNN_name.sql.
type migration struct {
	version int
	name    string
	sql     string
}

// loadMigrations reads the migrations of a dialect from fsys (the embedded
// migrationFiles outside tests) ordered by number, after checking that
// every dialect has the same ones.
func loadMigrations(fsys fs.FS, dialect string) ([]migration, error) {
	entries, err := fs.ReadDir(fsys, "migrations")
	if err != nil {
		return nil, fmt.Errorf("list migrations: %w", err)
	}
	byDialect := map[string][]migration{}
	for _, e := range entries {
		if !e.IsDir() {
			return nil, fmt.Errorf("migration file %s: migrations live in migrations/<dialect>/ (sqlite, postgres)", e.Name())
		}
		ms, err := readMigrations(fsys, e.Name())
		if err != nil {
			return nil, err
		}
		byDialect[e.Name()] = ms
	}
	ms, ok := byDialect[dialect]
	if !ok {
		return nil, fmt.Errorf("no migrations for %s", dialect)
	}
	for other, oms := range byDialect {
		for i := range max(len(ms), len(oms)) {
			if i >= len(ms) || i >= len(oms) || ms[i].name != oms[i].name {
				return nil, fmt.Errorf("migrations of %s and %s differ at number %d: every migration needs a version for each backend",
					dialect, other, i+1)
			}
		}
	}
	return ms, nil
}

// readMigrations reads migrations/<dir>/*.sql ordered by number.
func readMigrations(fsys fs.FS, dir string) ([]migration, error) {
	names, err := fs.Glob(fsys, "migrations/"+dir+"/*.sql")
	if err != nil {
		return nil, fmt.Errorf("list migrations: %w", err)
	}
	ms := make([]migration, 0, len(names))
	for _, name := range names {
		base := path.Base(name)
		num, _, ok := strings.Cut(base, "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || v <= 0 {
			return nil, fmt.Errorf("migration file %s/%s: name must be NNNN_description.sql", dir, base)
		}
		text, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, fmt.Errorf("read migration %s/%s: %w", dir, base, err)
		}
		ms = append(ms, migration{version: v, name: strings.TrimSuffix(base, ".sql"), sql: string(text)})
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].version < ms[j].version })
	for i, m := range ms {
		if m.version != i+1 {
			return nil, fmt.Errorf("migration %s/%s: numbers must run 1, 2, 3, ... without gaps", dir, m.name)
		}
	}
	return ms, nil
}

// migrate applies the embedded migrations the database lacks, each in its
// own transaction together with its schema_migrations row. Two processes
// opening one database migrate it once: SQLite's transactions hold the
// write lock from BEGIN, and PostgreSQL's take an advisory lock first.
func (s *Store) migrate(ctx context.Context) error {
	ms, err := loadMigrations(migrationFiles, s.dialect.name)
	if err != nil {
		return err
	}
	const create = `CREATE TABLE IF NOT EXISTS schema_migrations (
		version    INTEGER PRIMARY KEY,
		name       TEXT NOT NULL,
		applied_at TEXT NOT NULL
	)`
	for _, m := range ms {
		err := s.inTx(ctx, func(tx runner) error {
			if s.dialect.lockMigrations != "" {
				if _, err := tx.ExecContext(ctx, s.dialect.lockMigrations); err != nil {
					return fmt.Errorf("lock for migrations: %w", err)
				}
			}
			if _, err := tx.ExecContext(ctx, create); err != nil {
				return fmt.Errorf("create schema_migrations: %w", err)
			}
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
