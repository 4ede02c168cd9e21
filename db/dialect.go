package db

import (
	"context"
	"database/sql"
	"strconv"
	"strings"
)

// dialect is what differs between the two backends. The store's SQL is
// written once, with ? placeholders, in the subset both understand; the
// dialect rebinds the placeholders and supplies the few clauses that
// differ.
type dialect struct {
	name string // "sqlite" or "postgres": also the migrations' directory
	// numbered: placeholders are $1, $2, ... instead of ?.
	numbered bool
	// lockRow follows a SELECT of a table's row that a transaction goes on
	// to change: PostgreSQL's " FOR UPDATE" makes a racing writer wait and
	// then read the new version; SQLite's immediate transactions already
	// hold the database's write lock from BEGIN.
	lockRow string
	// lockMigrations, when set, runs first in every migration transaction
	// so that processes starting together migrate one after the other.
	lockMigrations string
	// uniqueViolation reports whether err is a UNIQUE or PRIMARY KEY
	// failure.
	uniqueViolation func(err error) bool
	// busy reports whether err is the database refusing a lock it did not
	// wait for (SQLite turning a new file to WAL while another process
	// does the same answers "database is locked" at once, busy timeout or
	// not); nil where that cannot happen.
	busy func(err error) bool
	// oneWriter: the database takes one writer at a time, so the store's
	// writers queue in the process instead of in the database (see
	// Store.writers).
	oneWriter bool
	// shardOf is an SQL expression for the shard of the guild id in the
	// text column col, with one placeholder for the shard count (see
	// ShardOf): 0 for an empty or non-numeric id.
	shardOf func(col string) string
	// relax and restore run on a connection around a relaxed transaction
	// (see Store.inRelaxedTx), relaxTx first inside it: each lets that
	// transaction's commit return before it reaches the disk.
	relax, restore, relaxTx string
}

// rebind returns query with its ? placeholders in the dialect's form. A ?
// inside a quoted string or identifier is left alone.
func (d *dialect) rebind(query string) string {
	if !d.numbered || !strings.Contains(query, "?") {
		return query
	}
	var (
		b     strings.Builder
		n     int
		quote byte // the open quote character, 0 outside quotes
	)
	b.Grow(len(query) + 8)
	for i := 0; i < len(query); i++ {
		c := query[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0 // a doubled quote closes and reopens: same result
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '?':
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// sqlRunner is *sql.DB or *sql.Tx.
type sqlRunner interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// runner runs the store's SQL, written with ? placeholders, on the pool or
// in one transaction, rebound for the backend.
type runner struct {
	r sqlRunner
	d *dialect
	// writers, when set, is taken by a statement that writes outside a
	// transaction (see Store.writers).
	writers writerLock
}

// ExecContext is sql.DB.ExecContext with query rebound.
func (r runner) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if err := r.writers.take(ctx); err != nil {
		return nil, err
	}
	defer r.writers.give()
	return r.r.ExecContext(ctx, r.d.rebind(query), args...)
}

// QueryContext is sql.DB.QueryContext with query rebound.
func (r runner) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return r.r.QueryContext(ctx, r.d.rebind(query), args...)
}

// QueryRowContext is sql.DB.QueryRowContext with query rebound.
func (r runner) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	return r.r.QueryRowContext(ctx, r.d.rebind(query), args...)
}

// writerLock admits one writer at a time, in the order they came, or none
// when it is nil (every writer at once).
type writerLock chan struct{}

// take waits for the lock, or for ctx to end.
func (l writerLock) take(ctx context.Context) error {
	if l == nil {
		return nil
	}
	select {
	case l <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// give releases the lock taken by take.
func (l writerLock) give() {
	if l != nil {
		<-l
	}
}
