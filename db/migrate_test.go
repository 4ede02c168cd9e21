package db

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestMigrationsAreNumberedFromOne(t *testing.T) {
	ms, err := loadMigrations()
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
}

// schema lists the recorded migrations and every schema object.
func schema(t *testing.T, s *Store) (versions []int, objects []string) {
	t.Helper()
	ctx := context.Background()
	rows, err := s.db.QueryContext(ctx, `SELECT version FROM schema_migrations ORDER BY version`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var v int
		if err := rows.Scan(&v); err != nil {
			t.Fatal(err)
		}
		versions = append(versions, v)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	objs, err := s.db.QueryContext(ctx, `SELECT type || ' ' || name FROM sqlite_schema ORDER BY type, name`)
	if err != nil {
		t.Fatal(err)
	}
	defer objs.Close()
	for objs.Next() {
		var o string
		if err := objs.Scan(&o); err != nil {
			t.Fatal(err)
		}
		objects = append(objects, o)
	}
	return versions, objects
}

func TestMigrateTwiceIsNoOp(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.db")
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
}

func TestOpenRefusesNewerSchema(t *testing.T) {
	path := filepath.Join(t.TempDir(), "newer.db")
	s, err := OpenStore(path)
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.db.Exec(`INSERT INTO schema_migrations (version, name, applied_at) VALUES (99, '0099_future', '')`)
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
}

func TestOpenConnectionSettings(t *testing.T) {
	s := openStore(t, filepath.Join(t.TempDir(), "p.db"))
	ctx := context.Background()
	pragmas := []struct{ name, want string }{
		{"journal_mode", "wal"},
		{"foreign_keys", "1"},
		{"synchronous", "2"}, // FULL
		{"busy_timeout", "10000"},
	}
	// Hold two connections at once so that both pooled connections are checked.
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
	for _, p := range pragmas {
		t.Run(p.name, func(t *testing.T) {
			for i, c := range []interface {
				QueryRowContext(context.Context, string, ...any) *sql.Row
			}{c1, c2} {
				var got string
				if err := c.QueryRowContext(ctx, "PRAGMA "+p.name).Scan(&got); err != nil {
					t.Fatal(err)
				}
				if got != p.want {
					t.Errorf("connection %d: PRAGMA %s = %s, want %s", i, p.name, got, p.want)
				}
			}
		})
	}
}
