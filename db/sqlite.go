package db

import (
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"sync/atomic"

	"github.com/mattn/go-sqlite3"
)

// sqliteDialect: ? placeholders, immediate transactions instead of row
// locks.
var sqliteDialect = &dialect{
	name:      "sqlite",
	oneWriter: true,
	// SQLite refuses to change the safety level inside a transaction.
	relax:   "PRAGMA synchronous=NORMAL",
	restore: "PRAGMA synchronous=FULL",
	// CAST of an empty or non-numeric text is 0.
	shardOf: func(col string) string { return "((CAST(" + col + " AS INTEGER) >> 22) % ?)" },
	uniqueViolation: func(err error) bool {
		var se sqlite3.Error
		return errors.As(err, &se) &&
			(se.ExtendedCode == sqlite3.ErrConstraintUnique || se.ExtendedCode == sqlite3.ErrConstraintPrimaryKey)
	},
	busy: func(err error) bool {
		var se sqlite3.Error
		return errors.As(err, &se) && (se.Code == sqlite3.ErrBusy || se.Code == sqlite3.ErrLocked)
	},
}

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
//
// _stmt_cache_size: each connection keeps its prepared statements, by SQL
// text, for the next use: compiling the SQL was the largest part of a
// simple read (an interaction's table lookup). The store's queries are
// fixed texts, fewer than the cache holds.
const connParams = "_busy_timeout=10000&_foreign_keys=on&_txlock=immediate&_synchronous=FULL&_stmt_cache_size=100"

// memoryDBs numbers in-memory databases so that each Open gets its own.
var memoryDBs atomic.Int64

// openSQLite opens the SQLite database dsn: a file path, a "file:" URI
// (connection options are added to its query) or ":memory:" for a private
// in-memory database.
func openSQLite(dsn string) (*sql.DB, error) {
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
		return nil, err
	}
	if memory {
		sdb.SetMaxOpenConns(1)
		sdb.SetMaxIdleConns(1)
		sdb.SetConnMaxLifetime(0)
		sdb.SetConnMaxIdleTime(0)
	}
	return sdb, nil
}
