// Package gateway is the transport of "pbc run": a discordgo gateway
// session that receives interactions over the websocket and answers them
// through the REST API.
package gateway

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/playbychat/pbc/bot"
	"github.com/playbychat/pbc/bot/discordapi"
)

// Config configures the gateway transport.
type Config struct {
	Token string // bot token, without "Bot "
	// APIBaseURL replaces https://discord.com for REST calls and the
	// gateway lookup; empty for Discord itself.
	APIBaseURL string
	// HandlerTimeout bounds one interaction's handling (default 30 s).
	HandlerTimeout time.Duration
	// Ephemeral tells whether a deferred reply to in should be ephemeral.
	Ephemeral func(in *bot.Interaction) bool
	Log       *slog.Logger
	// Shards is the total number of gateway shards; 0 asks Discord for
	// its recommended count (GET /gateway/bot). Discord sends each
	// guild's events to shard (guild_id >> 22) % Shards and DMs to shard
	// 0; a bot in more than 2,500 guilds must shard.
	Shards int
	// ShardIDs are the shards this process connects; none means all.
	ShardIDs []int
	// IdentifyEvery is the pause between two shards' connections (default
	// 5 s): Discord allows one identify per 5 seconds in each of its
	// max_concurrency buckets.
	IdentifyEvery time.Duration
}

// Transport is a gateway connection per shard and the REST client that
// answers.
type Transport struct {
	cfg    Config
	client *discordapi.Client
	log    *slog.Logger

	mu        sync.Mutex   // protects the fields below
	shards    int          // the total, once known
	connected map[int]bool // by shard id, the shards this process runs
}

// New prepares the transport; Run connects.
func New(cfg Config) (*Transport, error) {
	if cfg.Token == "" {
		return nil, errors.New("gateway: no bot token")
	}
	if cfg.Shards < 0 {
		return nil, fmt.Errorf("gateway: %d shards", cfg.Shards)
	}
	if cfg.Shards > 0 {
		if err := checkShardIDs(cfg.ShardIDs, cfg.Shards); err != nil {
			return nil, err
		}
	}
	if cfg.HandlerTimeout == 0 {
		cfg.HandlerTimeout = 30 * time.Second
	}
	if cfg.IdentifyEvery == 0 {
		cfg.IdentifyEvery = 5 * time.Second
	}
	log := cfg.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	s, err := discordapi.NewSession(cfg.Token, cfg.APIBaseURL)
	if err != nil {
		return nil, fmt.Errorf("gateway: %w", err)
	}
	// Slash commands, buttons and autocomplete need no privileged intents.
	s.Identify.Intents = discordgo.IntentsGuilds
	return &Transport{cfg: cfg, client: discordapi.NewClient(s, log), log: log}, nil
}

// checkShardIDs checks that ids are shards of count, each once.
func checkShardIDs(ids []int, count int) error {
	for i, id := range ids {
		if id < 0 || id >= count || slices.Contains(ids[:i], id) {
			return fmt.Errorf("gateway: shard ids %v: each must be one of 0..%d, once", ids, count-1)
		}
	}
	return nil
}

// Client is the REST client (the bot's bot.Discord).
func (t *Transport) Client() *discordapi.Client { return t.client }

// Ready returns nil when every shard of this process is connected, or an
// error naming those that are not (for health checks).
func (t *Transport) Ready() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.connected == nil {
		return errors.New("gateway: not connected yet")
	}
	var down []int
	for id, ok := range t.connected {
		if !ok {
			down = append(down, id)
		}
	}
	if len(down) > 0 {
		slices.Sort(down)
		return fmt.Errorf("gateway: shards %v of %d are not connected", down, t.shards)
	}
	return nil
}

// plan returns the total number of shards and the ones this process runs,
// asking Discord for the count when it is not configured, and how many
// shards may identify at once.
func (t *Transport) plan() (count int, ids []int, concurrency int, err error) {
	count, concurrency = t.cfg.Shards, 1
	if count == 0 {
		gb, err := t.client.Session().GatewayBot()
		if err != nil {
			return 0, nil, 0, fmt.Errorf("gateway: recommended shard count: %w", err)
		}
		count, concurrency = max(gb.Shards, 1), max(gb.SessionStartLimit.MaxConcurrency, 1)
		if err := checkShardIDs(t.cfg.ShardIDs, count); err != nil {
			return 0, nil, 0, fmt.Errorf("%w (Discord recommends %d shards)", err, count)
		}
	}
	ids = t.cfg.ShardIDs
	if len(ids) == 0 {
		for id := range count {
			ids = append(ids, id)
		}
	}
	return count, ids, concurrency, nil
}

// Run connects this process's shards to the gateway, one after the other,
// and hands every interaction to h until ctx ends; then it stops taking
// interactions, lets those in flight finish (each within the handler
// timeout) and disconnects.
func (t *Transport) Run(ctx context.Context, h discordapi.Handler) error {
	count, ids, concurrency, err := t.plan()
	if err != nil {
		return err
	}
	var (
		inflight sync.WaitGroup
		mu       sync.Mutex // protects stopping
		stopping bool
	)
	// In-flight handlers outlive ctx: a move being committed is finished.
	base := context.WithoutCancel(ctx)
	serve := func(_ *discordgo.Session, ic *discordgo.InteractionCreate) {
		mu.Lock()
		if stopping {
			mu.Unlock()
			return
		}
		inflight.Add(1)
		mu.Unlock()
		_, done := t.client.Serve(base, h, ic.Interaction, t.cfg.HandlerTimeout, t.cfg.Ephemeral)
		if done != nil {
			<-done
		}
		inflight.Done()
	}
	t.mu.Lock()
	t.shards, t.connected = count, map[int]bool{}
	for _, id := range ids {
		t.connected[id] = false
	}
	t.mu.Unlock()
	var (
		open   []*discordgo.Session
		remove []func() // the handlers added to sessions
	)
	defer func() {
		for _, r := range remove {
			r()
		}
	}()
	// closeAll closes the shards at once: discordgo waits a second for
	// the gateway to close each connection.
	closeAll := func() error {
		errs := make([]error, len(open))
		var wg sync.WaitGroup
		for i, s := range open {
			wg.Go(func() { errs[i] = s.Close() })
		}
		wg.Wait()
		if err := errors.Join(errs...); err != nil {
			return fmt.Errorf("gateway: close: %w", err)
		}
		return nil
	}
	for i, id := range ids {
		s, err := t.shardSession(i, id, count)
		if err != nil {
			return errors.Join(err, closeAll())
		}
		remove = append(remove, s.AddHandler(serve))
		remove = append(remove, s.AddHandler(func(_ *discordgo.Session, r *discordgo.Ready) {
			t.setConnected(id, true)
			t.log.Info("connected to the gateway", "user", r.User.Username, "guilds", len(r.Guilds), "shard", id, "shards", count)
		}))
		remove = append(remove, s.AddHandler(func(_ *discordgo.Session, _ *discordgo.Disconnect) { t.setConnected(id, false) }))
		if i > 0 && i%concurrency == 0 {
			select {
			case <-ctx.Done():
				return closeAll()
			case <-time.After(t.cfg.IdentifyEvery):
			}
		}
		if err := s.Open(); err != nil {
			return errors.Join(fmt.Errorf("gateway: open shard %d of %d: %w", id, count, err), closeAll())
		}
		open = append(open, s)
	}
	<-ctx.Done()
	t.log.Info("shutting down: waiting for interactions in flight")
	mu.Lock()
	stopping = true
	mu.Unlock()
	inflight.Wait()
	return closeAll()
}

// shardSession returns the session of the i-th shard this process runs,
// shard id of count: the REST client's own session for the first, a new
// one for each further shard.
func (t *Transport) shardSession(i, id, count int) (*discordgo.Session, error) {
	s := t.client.Session()
	if i > 0 {
		var err error
		if s, err = discordapi.NewSession(t.cfg.Token, t.cfg.APIBaseURL); err != nil {
			return nil, fmt.Errorf("gateway: %w", err)
		}
		s.Identify.Intents = t.client.Session().Identify.Intents
	}
	s.ShardID, s.ShardCount = id, count
	return s, nil
}

func (t *Transport) setConnected(id int, ok bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.connected[id] = ok
}
