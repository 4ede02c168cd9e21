// Package gateway is the transport of "pbc run": a discordgo gateway
// session that receives interactions over the websocket and answers them
// through the REST API.
package gateway

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
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
}

// Transport is a gateway connection and the REST client that answers.
type Transport struct {
	cfg    Config
	client *discordapi.Client
	log    *slog.Logger
}

// New prepares the transport; Run connects.
func New(cfg Config) (*Transport, error) {
	if cfg.Token == "" {
		return nil, errors.New("gateway: no bot token")
	}
	if cfg.HandlerTimeout == 0 {
		cfg.HandlerTimeout = 30 * time.Second
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

// Client is the REST client (the bot's bot.Discord).
func (t *Transport) Client() *discordapi.Client { return t.client }

// Run connects to the gateway and hands every interaction to h until ctx
// ends; then it stops taking interactions, lets those in flight finish
// (each within the handler timeout) and disconnects.
func (t *Transport) Run(ctx context.Context, h discordapi.Handler) error {
	s := t.client.Session()
	var (
		inflight sync.WaitGroup
		mu       sync.Mutex // protects stopping
		stopping bool
	)
	// In-flight handlers outlive ctx: a move being committed is finished.
	base := context.WithoutCancel(ctx)
	remove := s.AddHandler(func(_ *discordgo.Session, ic *discordgo.InteractionCreate) {
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
	})
	defer remove()
	removeReady := s.AddHandler(func(_ *discordgo.Session, r *discordgo.Ready) {
		t.log.Info("connected to the gateway", "user", r.User.Username, "guilds", len(r.Guilds))
	})
	defer removeReady()
	if err := s.Open(); err != nil {
		return fmt.Errorf("gateway: open: %w", err)
	}
	<-ctx.Done()
	t.log.Info("shutting down: waiting for interactions in flight")
	mu.Lock()
	stopping = true
	mu.Unlock()
	inflight.Wait()
	if err := s.Close(); err != nil {
		return fmt.Errorf("gateway: close: %w", err)
	}
	return nil
}
