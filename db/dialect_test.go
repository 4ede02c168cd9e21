package db

import "testing"

func TestRebind(t *testing.T) {
	tests := []struct{ name, in, sqlite, postgres string }{
		{"none", `SELECT 1`, `SELECT 1`, `SELECT 1`},
		{"in order", `UPDATE t SET a = ?, b = ? WHERE id = ?`, `UPDATE t SET a = ?, b = ? WHERE id = ?`,
			`UPDATE t SET a = $1, b = $2 WHERE id = $3`},
		{"quoted", `SELECT '?', "a?b", ? FROM t WHERE x = 'it''s ?' AND y = ?`,
			`SELECT '?', "a?b", ? FROM t WHERE x = 'it''s ?' AND y = ?`,
			`SELECT '?', "a?b", $1 FROM t WHERE x = 'it''s ?' AND y = $2`},
		{"ten and more", `VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, `VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			`VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := sqliteDialect.rebind(tt.in); got != tt.sqlite {
				t.Errorf("sqlite: %s", got)
			}
			if got := postgresDialect.rebind(tt.in); got != tt.postgres {
				t.Errorf("postgres: %s, want %s", got, tt.postgres)
			}
		})
	}
}
