package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"time"

	"github.com/playbychat/pbc/bot/discordapi"
	"github.com/playbychat/pbc/bot/httpserver"
)

func init() {
	subcommands["serve"] = subcommand{
		summary: "serve Discord's HTTP interactions endpoint (no gateway connection)",
		run:     runServeCmd,
	}
}

// interactionsPath is where the endpoint listens; the Interactions
// Endpoint URL in the developer portal must end with it.
const interactionsPath = "/interactions"

// shutdownGrace bounds the wait for requests in flight at shutdown.
const shutdownGrace = 30 * time.Second

func runServeCmd(ctx context.Context, args []string) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	path := configFlag(fs)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return 2
	}
	cfg, log, ok := startup("serve", *path)
	if !ok {
		return 1
	}
	if cfg.token() == "" {
		fmt.Fprintf(os.Stderr, "pbc serve: no bot token in $%s (needed to post boards and DMs)\n", cfg.TokenEnv)
		return 1
	}
	if cfg.PublicKey == "" {
		fmt.Fprintln(os.Stderr, "pbc serve: public_key is not configured (developer portal, General Information)")
		return 1
	}
	ln, err := net.Listen("tcp", cfg.Listen)
	if err != nil {
		fmt.Fprintf(os.Stderr, "pbc serve: %v\n", err)
		return 1
	}
	if err := serve(ctx, cfg, log, ln); err != nil {
		log.Error("pbc serve", "err", err)
		return 1
	}
	return 0
}

// serve answers interactions on ln until ctx ends, then shuts down
// gracefully.
func serve(ctx context.Context, cfg Config, log *slog.Logger, ln net.Listener) error {
	key, err := cfg.publicKey()
	if err != nil {
		ln.Close()
		return err
	}
	s, err := discordapi.NewSession(cfg.token(), cfg.APIBaseURL)
	if err != nil {
		ln.Close()
		return err
	}
	client := discordapi.NewClient(s, log)
	b, store, pages, err := openBot(cfg, client, log)
	if err != nil {
		ln.Close()
		return err
	}
	defer store.Close()
	if cfg.RegisterCommands {
		if _, err := registerCommands(ctx, s, cfg.ApplicationID, cfg.GuildID, log); err != nil {
			ln.Close()
			return err
		}
	}
	stopWeb, err := webPages(ctx, cfg.Web, pages, log)
	if err != nil {
		ln.Close()
		return err
	}
	defer stopWeb()
	endpoint, err := httpserver.New(httpserver.Config{
		PublicKey: key, Client: client, Handler: b, HandlerTimeout: cfg.HandlerTimeout,
		Ephemeral: deferEphemeral, Log: log,
	})
	if err != nil {
		ln.Close()
		return err
	}
	mux := http.NewServeMux()
	mux.Handle(interactionsPath, endpoint)
	mux.Handle(healthPath, healthHandler(store, nil, log))
	srv := &http.Server{
		Handler:           mux,
		ReadHeaderTimeout: 10 * time.Second,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	reminders := startReminders(ctx, b, log)
	stopped := make(chan error, 1)
	go func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
		defer cancel()
		stopped <- srv.Shutdown(sctx)
	}()
	log.Info("serving interactions", "addr", ln.Addr().String(), "path", interactionsPath)
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve: %w", err)
	}
	err = <-stopped
	endpoint.Wait()
	<-reminders
	return err
}
