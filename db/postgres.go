package db

import (
	"database/sql"
	"errors"
	"net/url"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"
)

// pgUniqueViolation is PostgreSQL's SQLSTATE for a unique or primary key
// violation.
const pgUniqueViolation = "23505"

// postgresDialect: $n placeholders and a row lock on the table a
// transaction changes.
var postgresDialect = &dialect{
	name:           "postgres",
	numbered:       true,
	lockRow:        " FOR UPDATE",
	lockMigrations: "SELECT pg_advisory_xact_lock(7365219)", // "pbc" in ASCII
	relaxTx:        "SET LOCAL synchronous_commit = off",
	uniqueViolation: func(err error) bool {
		var pe *pgconn.PgError
		return errors.As(err, &pe) && pe.Code == pgUniqueViolation
	},
	// A cast of a non-numeric text fails: such ids count as 0.
	shardOf: func(col string) string {
		return "((CASE WHEN " + col + " ~ '^[0-9]{1,19}$' THEN " + col + "::bigint ELSE 0 END >> 22) % ?)"
	},
}

// postgresConns bounds the pool of one process; a server's default
// max_connections of 100 then serves several processes.
const postgresConns = 10

// isPostgres reports whether dsn is a PostgreSQL connection URL.
func isPostgres(dsn string) bool {
	return strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://")
}

// openPostgres opens a pool on the PostgreSQL server at the URL dsn
// through pgx. The connection parameters of libpq apply (PGPASSWORD,
// ~/.pgpass, sslmode, ...). Unless the URL says otherwise, every session
// runs with synchronous_commit=on, so that a commit has reached the
// server's disk before the store returns, and names itself "pbc" in
// pg_stat_activity.
func openPostgres(dsn string) (*sql.DB, error) {
	cfg, err := pgx.ParseConfig(dsn)
	if err != nil {
		return nil, err
	}
	for k, v := range map[string]string{"synchronous_commit": "on", "application_name": "pbc"} {
		if _, set := cfg.RuntimeParams[k]; !set {
			cfg.RuntimeParams[k] = v
		}
	}
	sdb := stdlib.OpenDB(*cfg)
	sdb.SetMaxOpenConns(postgresConns)
	sdb.SetMaxIdleConns(postgresConns)
	sdb.SetConnMaxIdleTime(5 * time.Minute)
	return sdb, nil
}

// Redact returns dsn without a password, for logs and error messages.
func Redact(dsn string) string {
	if !isPostgres(dsn) {
		return dsn
	}
	u, err := url.Parse(dsn)
	if err != nil {
		return "postgres://(unparsable URL)"
	}
	if q := u.Query(); q.Has("password") {
		q.Set("password", "xxxxx")
		u.RawQuery = q.Encode()
	}
	return u.Redacted()
}
