package main

import (
	"crypto/ed25519"
	"encoding/hex"
	"errors"
	"fmt"
	"github.com/playbychat/pbc/games"
	"io"
	"log/slog"
	"net"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/playbychat/pbc/db"
)

// Config is the content of the YAML configuration file. Every setting is
// documented in config.example.yaml; defaultConfig gives the values used
// when a setting (or the whole file) is missing.
type Config struct {
	// TokenEnv names the environment variable holding the bot token. The
	// token itself is never read from the file.
	TokenEnv string `yaml:"token_env"`
	// ApplicationID is the Discord application id (needed to register
	// commands and to answer interactions).
	ApplicationID string `yaml:"application_id"`
	// PublicKey is the application's hex Ed25519 public key (pbc serve).
	PublicKey string `yaml:"public_key"`
	// GuildID, when set, registers the commands on this server only, which
	// takes effect at once; global commands take a while to appear.
	GuildID string `yaml:"guild_id"`
	// RegisterCommands makes run and serve register the commands on start.
	RegisterCommands bool `yaml:"register_commands"`
	// APIBaseURL replaces https://discord.com for every REST call and the
	// gateway lookup, e.g. to go through a REST proxy.
	APIBaseURL string `yaml:"api_base_url"`
	// Listen is the address pbc serve listens on.
	Listen string `yaml:"listen"`
	// Database is the SQLite file, or the postgres:// URL of a PostgreSQL
	// database.
	Database string `yaml:"database"`
	// Shards is the total number of gateway shards; 0 asks Discord for
	// its recommended count (pbc run).
	Shards int `yaml:"shards"`
	// ShardID is the one shard of Shards this process owns: its gateway
	// connection (pbc run) and its guilds' reminders and deliveries (run
	// and serve). -1 owns every shard.
	ShardID int `yaml:"shard_id"`
	// HealthListen is the address pbc run answers GET /healthz on; empty
	// for none (pbc serve answers it on Listen).
	HealthListen string `yaml:"health_listen"`
	// ReminderEvery is the default interval between reminders to the
	// player whose turn it is; servers may change it with /game settings.
	ReminderEvery time.Duration `yaml:"reminder_every"`
	// QuietHours is the default span of hours without reminders, read in
	// each player's time zone, as "22-07", or "" for none.
	QuietHours string `yaml:"quiet_hours"`
	// ThreadMode makes servers that never changed their settings open new
	// tables in a thread.
	ThreadMode bool `yaml:"thread_mode"`
	// HandlerTimeout bounds the handling of one interaction.
	HandlerTimeout time.Duration `yaml:"handler_timeout"`
	// Log selects the log output.
	Log LogConfig `yaml:"log"`
	// Data replaces the built-in game data files.
	Data DataConfig `yaml:"data"`
	// PNGDir is where pbc console writes board images.
	PNGDir string `yaml:"png_dir"`
	// Web configures the table pages in a browser; off by default.
	Web WebConfig `yaml:"web"`
}

// LogConfig selects the log level and format.
type LogConfig struct {
	Level  string `yaml:"level"`  // debug, info, warn or error
	Format string `yaml:"format"` // text or json
}

// DataConfig holds the paths of a group's own data files, by game id and
// file name as the game's Definition.DataFiles names them:
// data: {xibalba: {cards: my/cards.json, factions: my/factions.json}}.
// An empty path keeps the built-in file.
type DataConfig map[string]map[string]string

// validate checks that every game and file named exists.
func (d DataConfig) validate() error {
	for id, files := range d {
		def, ok := games.Lookup(id)
		if !ok {
			return fmt.Errorf("data.%s: no such game", id)
		}
		for name := range files {
			if !slices.Contains(def.DataFiles, name) {
				return fmt.Errorf("data.%s.%s: no such data file (the game's are: %s)", id, name, strings.Join(def.DataFiles, ", "))
			}
		}
	}
	return nil
}

// defaultConfig is the configuration without a file.
func defaultConfig() Config {
	return Config{
		TokenEnv:         "DISCORD_TOKEN",
		RegisterCommands: true,
		Listen:           ":8080",
		Database:         "pbc.db",
		ShardID:          -1,
		ReminderEvery:    24 * time.Hour,
		HandlerTimeout:   30 * time.Second,
		Log:              LogConfig{Level: "info", Format: "text"},
		PNGDir:           ".",
	}
}

// loadConfig reads the YAML file at path over the defaults; an empty path
// gives the defaults. Unknown keys and malformed values are errors naming
// the key.
func loadConfig(path string) (Config, error) {
	c := defaultConfig()
	if path == "" {
		return c, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return c, fmt.Errorf("config: %w", err)
	}
	defer f.Close()
	dec := yaml.NewDecoder(f)
	dec.KnownFields(true)
	if err := dec.Decode(&c); err != nil && !errors.Is(err, io.EOF) {
		return c, fmt.Errorf("config %s: %w", path, err)
	}
	if err := c.validate(); err != nil {
		return c, fmt.Errorf("config %s: %w", path, err)
	}
	return c, nil
}

// validate checks the values yaml cannot check by type.
func (c Config) validate() error {
	if c.TokenEnv == "" {
		return errors.New("token_env: must not be empty")
	}
	if c.PublicKey != "" {
		if _, err := c.publicKey(); err != nil {
			return err
		}
	}
	if c.APIBaseURL != "" {
		u, err := url.Parse(c.APIBaseURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return fmt.Errorf("api_base_url: %q is not an http(s) URL", c.APIBaseURL)
		}
	}
	if _, _, err := net.SplitHostPort(c.Listen); err != nil {
		return fmt.Errorf("listen: %q is not host:port", c.Listen)
	}
	if c.Database == "" {
		return errors.New("database: must not be empty")
	}
	if c.Shards < 0 {
		return fmt.Errorf("shards: %d is negative (0 asks Discord for its recommended count)", c.Shards)
	}
	if c.ShardID < -1 || (c.ShardID >= 0 && c.ShardID >= c.Shards) {
		return fmt.Errorf("shard_id: %d is not -1 (every shard) or a shard of shards: %d (which must be set with it)", c.ShardID, c.Shards)
	}
	if c.HealthListen != "" {
		if _, _, err := net.SplitHostPort(c.HealthListen); err != nil {
			return fmt.Errorf("health_listen: %q is not host:port", c.HealthListen)
		}
	}
	if c.ReminderEvery < time.Minute {
		return fmt.Errorf("reminder_every: %v is shorter than a minute", c.ReminderEvery)
	}
	if c.HandlerTimeout < time.Second {
		return fmt.Errorf("handler_timeout: %v is shorter than a second", c.HandlerTimeout)
	}
	if _, _, err := c.quietHours(); err != nil {
		return err
	}
	if _, err := c.logLevel(); err != nil {
		return err
	}
	if err := c.Data.validate(); err != nil {
		return err
	}
	if err := c.Web.validate(); err != nil {
		return err
	}
	if c.Log.Format != "text" && c.Log.Format != "json" {
		return fmt.Errorf("log.format: %q is neither text nor json", c.Log.Format)
	}
	return nil
}

// shardIDs returns the gateway shards this process runs: none for all.
func (c Config) shardIDs() []int {
	if c.ShardID < 0 {
		return nil
	}
	return []int{c.ShardID}
}

// storeOptions returns the store's options: its shard when this process
// owns one shard of several.
func (c Config) storeOptions() []db.Option {
	if c.ShardID < 0 || c.Shards <= 1 {
		return nil
	}
	return []db.Option{db.OwnShard(c.ShardID, c.Shards)}
}

// token returns the bot token from the environment ("" when unset).
func (c Config) token() string {
	return strings.TrimSpace(os.Getenv(c.TokenEnv))
}

// publicKey decodes PublicKey.
func (c Config) publicKey() (ed25519.PublicKey, error) {
	k, err := hexKey(c.PublicKey)
	if err != nil {
		return nil, fmt.Errorf("public_key: %w", err)
	}
	return k, nil
}

func hexKey(s string) ([]byte, error) {
	b, err := hex.DecodeString(s)
	if err != nil {
		return nil, fmt.Errorf("%q is not hex", s)
	}
	if len(b) != ed25519.PublicKeySize {
		return nil, fmt.Errorf("want %d bytes, got %d", ed25519.PublicKeySize, len(b))
	}
	return b, nil
}

// quietHours parses QuietHours into start and end hour; both are -1 when
// there are none.
func (c Config) quietHours() (start, end int, err error) {
	if c.QuietHours == "" {
		return -1, -1, nil
	}
	a, b, ok := strings.Cut(c.QuietHours, "-")
	bad := fmt.Errorf("quiet_hours: %q is not of the form 22-07 (hours 0-23)", c.QuietHours)
	if !ok {
		return 0, 0, bad
	}
	start, err1 := strconv.Atoi(strings.TrimSpace(a))
	end, err2 := strconv.Atoi(strings.TrimSpace(b))
	if err1 != nil || err2 != nil || start < 0 || start > 23 || end < 0 || end > 23 || start == end {
		return 0, 0, bad
	}
	return start, end, nil
}

func (c Config) logLevel() (slog.Level, error) {
	var l slog.Level
	if err := l.UnmarshalText([]byte(c.Log.Level)); err != nil {
		return l, fmt.Errorf("log.level: %q is not debug, info, warn or error", c.Log.Level)
	}
	return l, nil
}

// logger builds the logger the configuration asks for, writing to w.
func (c Config) logger(w io.Writer) *slog.Logger {
	level, _ := c.logLevel() // checked by validate; the zero value is info
	opts := &slog.HandlerOptions{Level: level}
	if c.Log.Format == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}
