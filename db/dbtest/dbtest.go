// Package dbtest runs store tests against every backend of package db:
// SQLite always, and PostgreSQL when the environment variable
// PBC_TEST_POSTGRES holds the URL of a server the tests may use, such as
// postgres://pbc@127.0.0.1:5432/pbc?sslmode=disable (.ci/postgres starts a
// throwaway one). Every database a test asks for is new and empty: a file
// in the test's temporary directory, or a schema of its own on the server,
// dropped when the test ends.
package dbtest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver
)

// PostgresEnv names the environment variable with the URL of the
// PostgreSQL server for tests.
const PostgresEnv = "PBC_TEST_POSTGRES"

// Backend is one database backend of the store.
type Backend struct {
	// Name is "sqlite" or "postgres", as db.Store.Backend reports it.
	Name string
	// server is the PostgreSQL URL; "" for SQLite.
	server string
}

// Backends returns SQLite and, when PBC_TEST_POSTGRES is set, PostgreSQL.
func Backends() []Backend {
	bs := []Backend{{Name: "sqlite"}}
	if server := os.Getenv(PostgresEnv); server != "" {
		bs = append(bs, Backend{Name: "postgres", server: server})
	}
	return bs
}

// Each runs test once per backend, as subtests named "sqlite" and
// "postgres"; the postgres one is skipped, saying how to enable it, when
// PBC_TEST_POSTGRES is not set.
func Each(t *testing.T, test func(t *testing.T, b Backend)) {
	t.Helper()
	bs := Backends()
	for _, b := range bs {
		t.Run(b.Name, func(t *testing.T) { test(t, b) })
	}
	if len(bs) == 1 {
		t.Run("postgres", func(t *testing.T) {
			t.Skipf("no PostgreSQL server: set %s=postgres://user@host:port/db to run this test on PostgreSQL too "+
				"(.ci/postgres start DIR starts a throwaway one)", PostgresEnv)
		})
	}
}

// DSN returns the data source name of a new, empty database of the backend
// for db.OpenStore. It lives until the test ends and may be opened
// several times, also by child processes: an SQLite file in the test's
// temporary directory, or a new schema on the PostgreSQL server (the URL
// with search_path set to it).
func (b Backend) DSN(t testing.TB) string {
	t.Helper()
	if b.server == "" {
		return filepath.Join(t.TempDir(), "pbc.db")
	}
	admin, err := adminDB(b.server)
	if err != nil {
		t.Fatalf("dbtest: %s: %v", PostgresEnv, err)
	}
	var r [8]byte
	if _, err := rand.Read(r[:]); err != nil {
		t.Fatal(err)
	}
	schema := "pbc_test_" + hex.EncodeToString(r[:])
	ctx := context.Background()
	if _, err := admin.ExecContext(ctx, "CREATE SCHEMA "+schema); err != nil {
		t.Fatalf("dbtest: create schema on the %s server: %v", PostgresEnv, err)
	}
	t.Cleanup(func() {
		if _, err := admin.ExecContext(context.Background(), "DROP SCHEMA "+schema+" CASCADE"); err != nil {
			t.Errorf("dbtest: drop schema %s: %v", schema, err)
		}
	})
	u, err := url.Parse(b.server)
	if err != nil {
		t.Fatalf("dbtest: %s: %v", PostgresEnv, err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// Scratch returns the data source name of a new, empty database that only
// one store opens: ":memory:" for SQLite, which is faster than a file, and
// a new schema for PostgreSQL.
func (b Backend) Scratch(t testing.TB) string {
	t.Helper()
	if b.server == "" {
		return ":memory:"
	}
	return b.DSN(t)
}

var (
	adminMu  sync.Mutex // protects adminDBs
	adminDBs = map[string]*sql.DB{}
)

// adminDB returns a pool on server for creating and dropping schemas, kept
// for the life of the test binary.
func adminDB(server string) (*sql.DB, error) {
	adminMu.Lock()
	defer adminMu.Unlock()
	if db, ok := adminDBs[server]; ok {
		return db, nil
	}
	db, err := sql.Open("pgx", server)
	if err != nil {
		return nil, err
	}
	if err := db.PingContext(context.Background()); err != nil {
		db.Close()
		return nil, fmt.Errorf("no PostgreSQL server answers: %w", err)
	}
	db.SetMaxIdleConns(2)
	adminDBs[server] = db
	return db, nil
}
