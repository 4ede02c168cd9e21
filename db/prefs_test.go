package db

import (
	"context"
	"database/sql"
	"errors"
	"testing"

	"github.com/playbychat/pbc/db/dbtest"
)

func TestUserLocale(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, b dbtest.Backend) {
		ctx := context.Background()
		path := b.DSN(t)
		s := openStore(t, path)
		if _, err := s.UserLocale(ctx, "u1"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("locale of a new user: %v, want ErrNotFound", err)
		}
		for _, locale := range []string{"en-US", "de"} {
			t.Run(locale, func(t *testing.T) {
				if err := s.SetUserLocale(ctx, "u1", locale); err != nil {
					t.Fatal(err)
				}
				if got, err := s.UserLocale(ctx, "u1"); err != nil || got != locale {
					t.Errorf("UserLocale = %q, %v; want %q", got, err, locale)
				}
			})
		}
		id := createTable(t, s, "c1", 0)
		if got := mustTable(t, s, id); got.Lang != "" {
			t.Errorf("language of a new table %q", got.Lang)
		}
		version := mustTable(t, s, id).Version
		if err := s.SetTableLang(ctx, id, "de"); err != nil {
			t.Fatal(err)
		}
		if err := s.SetTableLang(ctx, id+1, "de"); !errors.Is(err, ErrNotFound) {
			t.Errorf("SetTableLang of a missing table: %v, want ErrNotFound", err)
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}

		s = openStore(t, path)
		if got, err := s.UserLocale(ctx, "u1"); err != nil || got != "de" {
			t.Errorf("UserLocale after restart = %q, %v; want de", got, err)
		}
		if got := mustTable(t, s, id); got.Lang != "de" || got.Version != version {
			t.Errorf("table after restart: language %q version %d, want de and %d", got.Lang, got.Version, version)
		}
	})
}

// TestMigrateFromFirstSchema upgrades a database made by the first
// migration alone, with a table in it.
func TestMigrateFromFirstSchema(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, b dbtest.Backend) {
		ms, err := loadMigrations(migrationFiles, b.Name)
		if err != nil {
			t.Fatal(err)
		}
		path := b.DSN(t)
		driver, source := "sqlite3", "file:"+path
		if b.Name == "postgres" {
			driver, source = "pgx", path
		}
		old, err := sql.Open(driver, source)
		if err != nil {
			t.Fatal(err)
		}
		for _, q := range []string{
			`CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`,
			ms[0].sql,
			`INSERT INTO schema_migrations VALUES (1, '0001_init', '')`,
			`INSERT INTO tables (guild_id, channel_id, game, creator_id, status, seed, seed_secret, commitment, created_at, updated_at)
				VALUES ('g1', 'c1', 'x', 'u1', 'open', 7, 's', 'c', '2026-01-01T00:00:00.000000000Z', '2026-01-01T00:00:00.000000000Z')`,
		} {
			if _, err := old.Exec(q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		if err := old.Close(); err != nil {
			t.Fatal(err)
		}
		s := openStore(t, path)
		versions, _ := schema(t, s)
		if len(versions) != len(ms) {
			t.Errorf("versions %v after the upgrade, want %d", versions, len(ms))
		}
		tb, err := s.ActiveTable(context.Background(), "c1")
		if err != nil || tb.Lang != "" || tb.CreatorID != "u1" {
			t.Errorf("old table after the upgrade: %+v, %v", tb, err)
		}
		if err := s.SetUserLocale(context.Background(), "u1", "de"); err != nil {
			t.Error(err)
		}
	})
}
