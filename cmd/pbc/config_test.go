package main

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

func writeConfig(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "pbc.yaml")
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestLoadConfigDefaults(t *testing.T) {
	for _, tc := range []struct {
		name string
		path func(t *testing.T) string
	}{
		{"no file", func(*testing.T) string { return "" }},
		{"empty file", func(t *testing.T) string { return writeConfig(t, "") }},
		{"comments only", func(t *testing.T) string { return writeConfig(t, "# nothing\n") }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := loadConfig(tc.path(t))
			if err != nil {
				t.Fatal(err)
			}
			want := defaultConfig()
			if !reflect.DeepEqual(c, want) {
				t.Errorf("got %+v, want %+v", c, want)
			}
			if err := c.validate(); err != nil {
				t.Errorf("defaults do not validate: %v", err)
			}
		})
	}
}

func TestLoadConfigExample(t *testing.T) {
	c, err := loadConfig("../../config.example.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if c.ApplicationID != "123456789012345678" || c.TokenEnv != "DISCORD_TOKEN" {
		t.Errorf("unexpected values: %+v", c)
	}
	if c.ReminderEvery != 24*time.Hour || c.HandlerTimeout != 30*time.Second {
		t.Errorf("durations: %v %v", c.ReminderEvery, c.HandlerTimeout)
	}
}

func TestLoadConfigValues(t *testing.T) {
	c, err := loadConfig(writeConfig(t, `
token_env: PBC_TOKEN
guild_id: "42"
register_commands: false
api_base_url: http://127.0.0.1:9000
listen: 127.0.0.1:8443
database: /var/lib/pbc/pbc.db
reminder_every: 12h
quiet_hours: 22-07
log: {level: debug, format: json}
data: {xibalba: {cards: cards.yaml, factions: factions.yaml}}
`))
	if err != nil {
		t.Fatal(err)
	}
	if c.TokenEnv != "PBC_TOKEN" || c.GuildID != "42" || c.RegisterCommands || c.Listen != "127.0.0.1:8443" ||
		c.ReminderEvery != 12*time.Hour || c.Log.Format != "json" || c.Data["xibalba"]["factions"] != "factions.yaml" {
		t.Errorf("got %+v", c)
	}
	if s, e, err := c.quietHours(); err != nil || s != 22 || e != 7 {
		t.Errorf("quietHours = %d, %d, %v", s, e, err)
	}
	t.Setenv("PBC_TOKEN", " secret\n")
	if got := c.token(); got != "secret" {
		t.Errorf("token = %q", got)
	}
}

func TestLoadConfigErrors(t *testing.T) {
	for _, tc := range []struct {
		name, text, key string
	}{
		{"unknown key", "tokn_env: X\n", "tokn_env"},
		{"unknown nested key", "log: {colour: red}\n", "colour"},
		{"unknown game", "data: {chess: {cards: x}}\n", "chess"},
		{"bad duration", "reminder_every: soon\n", "soon"},
		{"short reminder", "reminder_every: 10s\n", "reminder_every"},
		{"short timeout", "handler_timeout: 1ms\n", "handler_timeout"},
		{"bad bool", "register_commands: maybe\n", "maybe"},
		{"empty token env", "token_env: \"\"\n", "token_env"},
		{"bad quiet hours", "quiet_hours: night\n", "quiet_hours"},
		{"quiet hour range", "quiet_hours: 22-24\n", "quiet_hours"},
		{"bad level", "log: {level: loud}\n", "log.level"},
		{"bad format", "log: {format: xml}\n", "log.format"},
		{"bad url", "api_base_url: discord.example\n", "api_base_url"},
		{"bad listen", "listen: \"8080\"\n", "listen"},
		{"short public key", "public_key: abcd\n", "public_key"},
		{"not hex public key", "public_key: " + strings.Repeat("zz", 32) + "\n", "public_key"},
		{"empty database", "database: \"\"\n", "database"},
		{"negative shards", "shards: -2\n", "shards"},
		{"shard without count", "shard_id: 0\n", "shard_id"},
		{"shard out of range", "shards: 2\nshard_id: 2\n", "shard_id"},
		{"bad shard id", "shards: 2\nshard_id: -2\n", "shard_id"},
		{"bad health listen", "health_listen: \"8081\"\n", "health_listen"},
		{"bad web listen", "web: {listen: \"8082\", base_url: \"https://x.example\", secret: 0123456789abcdef}\n", "web.listen"},
		{"web without base url", "web: {listen: \":8082\", secret: 0123456789abcdef}\n", "web.base_url"},
		{"short web secret", "web: {listen: \":8082\", base_url: \"https://x.example\", secret: short}\n", "web.secret"},
		{"not a mapping", "- a\n- b\n", "cannot unmarshal"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := loadConfig(writeConfig(t, tc.text))
			if err == nil {
				t.Fatal("no error")
			}
			if !strings.Contains(err.Error(), tc.key) {
				t.Errorf("error %q does not name %q", err, tc.key)
			}
		})
	}
}

func TestLoadConfigMissingFile(t *testing.T) {
	_, err := loadConfig(filepath.Join(t.TempDir(), "none.yaml"))
	if !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("got %v, want a not-exist error", err)
	}
}

func TestConfigPath(t *testing.T) {
	t.Chdir(t.TempDir())
	if got := configPath(""); got != "" {
		t.Errorf("without %s: %q, want built-in defaults", defaultConfigFile, got)
	}
	if got := configPath("other.yaml"); got != "other.yaml" {
		t.Errorf("explicit file: %q", got)
	}
	if err := os.WriteFile(defaultConfigFile, []byte("guild_id: \"1\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if got := configPath(""); got != defaultConfigFile {
		t.Errorf("with %s: %q", defaultConfigFile, got)
	}
}
