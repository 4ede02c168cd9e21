package db

import (
	"context"
	"database/sql"
	"errors"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/playbychat/pbc/db/dbtest"
)

func TestMigrationsAreNumberedFromOne(t *testing.T) {
	for _, d := range []*dialect{sqliteDialect, postgresDialect} {
		t.Run(d.name, func(t *testing.T) {
			ms, err := loadMigrations(migrationFiles, d.name)
			if err != nil {
				t.Fatalf("loadMigrations: %v", err)
			}
			if len(ms) == 0 || ms[0].name != "0001_init" {
				t.Fatalf("migrations = %+v, want 0001_init first", ms)
			}
			for i, m := range ms {
				if m.version != i+1 || strings.TrimSpace(m.sql) == "" {
					t.Errorf("migration %d: %s (version %d) is empty or out of order", i+1, m.name, m.version)
				}
			}
		})
	}
}

func TestLoadMigrationsRefuses(t *testing.T) {
	file := func(text string) *fstest.MapFile { return &fstest.MapFile{Data: []byte(text)} }
	tests := []struct {
		name  string
		files fstest.MapFS
		want  string // in the error
	}{
		{"missing in one dialect", fstest.MapFS{
			"migrations/sqlite/0001_init.sql":   file("CREATE TABLE a (x INTEGER)"),
			"migrations/sqlite/0002_more.sql":   file("CREATE TABLE b (x INTEGER)"),
			"migrations/postgres/0001_init.sql": file("CREATE TABLE a (x INTEGER)"),
		}, "differ at number 2"},
		{"named differently", fstest.MapFS{
			"migrations/sqlite/0001_init.sql":    file("CREATE TABLE a (x INTEGER)"),
			"migrations/postgres/0001_start.sql": file("CREATE TABLE a (x INTEGER)"),
		}, "differ at number 1"},
		{"outside a dialect", fstest.MapFS{
			"migrations/sqlite/0001_init.sql":   file("CREATE TABLE a (x INTEGER)"),
			"migrations/postgres/0001_init.sql": file("CREATE TABLE a (x INTEGER)"),
			"migrations/0002_outbox.sql":        file("CREATE TABLE b (x INTEGER)"),
		}, "migrations/<dialect>/"},
		{"gap", fstest.MapFS{
			"migrations/sqlite/0001_init.sql": file("CREATE TABLE a (x INTEGER)"),
			"migrations/sqlite/0003_more.sql": file("CREATE TABLE b (x INTEGER)"),
		}, "without gaps"},
		{"unnumbered", fstest.MapFS{
			"migrations/sqlite/init.sql": file("CREATE TABLE a (x INTEGER)"),
		}, "NNNN_description.sql"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := loadMigrations(tt.files, "sqlite")
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("loadMigrations = %v, want an error saying %q", err, tt.want)
			}
		})
	}
}

// queryStrings returns the first column of every row of query.
func queryStrings(t *testing.T, s *Store, query string) []string {
	t.Helper()
	rows, err := s.q.QueryContext(context.Background(), query)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var v string
		if err := rows.Scan(&v); err != nil {
			t.Fatal(err)
		}
		out = append(out, v)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// schemaObjects lists a store's tables, views and indexes as "type name".
func schemaObjects(t *testing.T, s *Store) []string {
	t.Helper()
	if s.Backend() == "sqlite" {
		return queryStrings(t, s, `SELECT type || ' ' || name FROM sqlite_schema ORDER BY type, name`)
	}
	return queryStrings(t, s, `SELECT 'index ' || indexname FROM pg_indexes WHERE schemaname = current_schema()
		UNION ALL SELECT 'table ' || table_name FROM information_schema.tables WHERE table_schema = current_schema()
		ORDER BY 1`)
}

// schemaColumns lists every column of a store's tables as "table.column".
func schemaColumns(t *testing.T, s *Store) []string {
	t.Helper()
	if s.Backend() == "sqlite" {
		return queryStrings(t, s, `SELECT m.name || '.' || p.name FROM sqlite_schema m, pragma_table_info(m.name) p
			WHERE m.type = 'table' AND substr(m.name, 1, 7) != 'sqlite_' ORDER BY 1`)
	}
	return queryStrings(t, s, `SELECT table_name || '.' || column_name FROM information_schema.columns
		WHERE table_schema = current_schema() ORDER BY 1`)
}

// schema lists the recorded migrations and every schema object.
func schema(t *testing.T, s *Store) (versions []string, objects []string) {
	t.Helper()
	return queryStrings(t, s, `SELECT name FROM schema_migrations ORDER BY version`), schemaObjects(t, s)
}

func TestMigrateTwiceIsNoOp(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, b dbtest.Backend) {
		path := b.DSN(t)
		first, err := OpenStore(path)
		if err != nil {
			t.Fatal(err)
		}
		wantVersions, wantObjects := schema(t, first)
		id := createTable(t, first, "c1", 0)
		if err := first.Close(); err != nil {
			t.Fatal(err)
		}

		s := openStore(t, path) // migrates again on open
		if err := s.migrate(context.Background()); err != nil {
			t.Fatalf("migrate on a current database: %v", err)
		}
		versions, objects := schema(t, s)
		if !reflect.DeepEqual(versions, wantVersions) || !reflect.DeepEqual(objects, wantObjects) {
			t.Errorf("after migrating again: versions %v objects %v; want %v %v", versions, objects, wantVersions, wantObjects)
		}
		if len(wantVersions) == 0 || !strings.Contains(strings.Join(wantObjects, ","), "index tables_active_channel") {
			t.Errorf("schema of a new database: versions %v objects %v", wantVersions, wantObjects)
		}
		mustTable(t, s, id)
	})
}

// TestOpenTogether opens one new database from several stores at once, as
// processes starting together do: each migration is applied once.
func TestOpenTogether(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, b dbtest.Backend) {
		dsn := b.DSN(t)
		const n = 4
		errs := make(chan error, n)
		stores := make(chan *Store, n)
		for range n {
			go func() {
				s, err := OpenStore(dsn)
				errs <- err
				stores <- s
			}()
		}
		for range n {
			if err := <-errs; err != nil {
				t.Errorf("OpenStore: %v", err)
			}
			if s := <-stores; s != nil {
				t.Cleanup(func() { s.Close() })
			}
		}
		s := openStore(t, dsn)
		ms, err := loadMigrations(migrationFiles, s.Backend())
		if err != nil {
			t.Fatal(err)
		}
		if versions, _ := schema(t, s); len(versions) != len(ms) {
			t.Errorf("migrations recorded %v, want each of %d once", versions, len(ms))
		}
	})
}

// TestSchemasMatch checks that the migrations of both backends build the
// same tables with the same columns and indexes.
func TestSchemasMatch(t *testing.T) {
	bs := dbtest.Backends()
	if len(bs) < 2 {
		t.Skipf("needs PostgreSQL too: set %s", dbtest.PostgresEnv)
	}
	sqlite, pg := newStore(t, bs[0]), newStore(t, bs[1])
	want := schemaColumns(t, sqlite)
	if len(want) < 10 {
		t.Fatalf("SQLite has only the columns %v", want)
	}
	if got := schemaColumns(t, pg); !reflect.DeepEqual(got, want) {
		t.Errorf("PostgreSQL columns\n%v\nSQLite columns\n%v", got, want)
	}
	// SQLite names the indexes behind primary keys sqlite_autoindex_*,
	// PostgreSQL *_pkey, and keeps AUTOINCREMENT counters in
	// sqlite_sequence: compare the objects named in the migrations.
	named := func(objects []string) []string {
		var out []string
		for _, o := range objects {
			if !strings.Contains(o, " sqlite_") && !strings.HasSuffix(o, "_pkey") {
				out = append(out, o)
			}
		}
		return out
	}
	if got, want := named(schemaObjects(t, pg)), named(schemaObjects(t, sqlite)); !reflect.DeepEqual(got, want) {
		t.Errorf("PostgreSQL objects\n%v\nSQLite objects\n%v", got, want)
	}
}

func TestOpenRefusesNewerSchema(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, b dbtest.Backend) {
		path := b.DSN(t)
		s, err := OpenStore(path)
		if err != nil {
			t.Fatal(err)
		}
		_, err = s.q.ExecContext(context.Background(),
			`INSERT INTO schema_migrations (version, name, applied_at) VALUES (99, '0099_future', '')`)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		s, err = OpenStore(path)
		if err == nil {
			s.Close()
			t.Fatal("OpenStore accepted a database with an unknown migration 99")
		}
		if !errors.Is(err, ErrNewerSchema) || !strings.Contains(err.Error(), "99") {
			t.Errorf("error = %v, want ErrNewerSchema naming migration 99", err)
		}
	})
}

// TestOpenConnectionSettings checks the durability and locking settings
// of every pooled connection.
func TestOpenConnectionSettings(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, b dbtest.Backend) {
		s := openStore(t, b.DSN(t))
		ctx := context.Background()
		settings := map[string][]struct{ query, want string }{
			"sqlite": {
				{"PRAGMA journal_mode", "wal"},
				{"PRAGMA foreign_keys", "1"},
				{"PRAGMA synchronous", "2"}, // FULL
				{"PRAGMA busy_timeout", "10000"},
			},
			"postgres": {
				{"SHOW synchronous_commit", "on"},
				{"SHOW fsync", "on"},
				{"SHOW application_name", "pbc"},
				{"SHOW transaction_isolation", "read committed"},
			},
		}[b.Name]
		// Hold two connections at once so that two pooled connections are checked.
		c1, err := s.db.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer c1.Close()
		c2, err := s.db.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer c2.Close()
		for _, p := range settings {
			t.Run(p.query, func(t *testing.T) {
				for i, c := range []*sql.Conn{c1, c2} {
					var got string
					if err := c.QueryRowContext(ctx, p.query).Scan(&got); err != nil {
						t.Fatal(err)
					}
					if got != p.want {
						t.Errorf("connection %d: %s = %s, want %s", i, p.query, got, p.want)
					}
				}
			})
		}
	})
}

func TestRedact(t *testing.T) {
	tests := []struct{ in, want string }{
		{"pbc.db", "pbc.db"},
		{"postgres://pbc@db:5432/pbc", "postgres://pbc@db:5432/pbc"},
		{"postgres://pbc:hunter2@db/pbc?sslmode=require", "postgres://pbc:xxxxx@db/pbc?sslmode=require"},
		{"postgresql://db/pbc?password=hunter2&user=pbc", "postgresql://db/pbc?password=xxxxx&user=pbc"},
	}
	for _, tt := range tests {
		if got := Redact(tt.in); got != tt.want {
			t.Errorf("Redact(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
