package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"sync"

	"github.com/bwmarrin/discordgo"

	"github.com/playbychat/pbc/bot"
	"github.com/playbychat/pbc/bot/gateway"
	"github.com/playbychat/pbc/bot/web"
	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/images"

	// The games and their renderers register themselves.
	_ "github.com/playbychat/pbc/games/all"
	_ "github.com/playbychat/pbc/images/all"
)

func init() {
	subcommands["run"] = subcommand{
		summary: "run the bot over the Discord gateway (the local console without a token)",
		run:     runGatewayCmd,
	}
}

// defaultConfigFile is read when -config is not given and it exists.
const defaultConfigFile = "config.yaml"

// configFlag adds -config to fs.
func configFlag(fs *flag.FlagSet) *string {
	return fs.String("config", "", "YAML configuration file (see config.example.yaml; default: "+
		defaultConfigFile+" if it exists, else built-in defaults)")
}

// configPath is the file to load for the -config value flagValue.
func configPath(flagValue string) string {
	if flagValue != "" {
		return flagValue
	}
	if _, err := os.Stat(defaultConfigFile); err == nil {
		return defaultConfigFile
	}
	return ""
}

// startup loads the configuration and the game data and builds the
// logger; it prints what went wrong and returns false on failure.
func startup(name, path string) (Config, *slog.Logger, bool) {
	cfg, err := loadConfig(configPath(path))
	if err != nil {
		fmt.Fprintf(os.Stderr, "pbc %s: %v\n", name, err)
		return cfg, nil, false
	}
	log := cfg.logger(os.Stderr)
	routeDiscordgoLogs(log)
	if err := loadGameData(cfg); err != nil {
		fmt.Fprintf(os.Stderr, "pbc %s: %v\n", name, err)
		return cfg, nil, false
	}
	return cfg, log, true
}

func runGatewayCmd(ctx context.Context, args []string) int {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	path := configFlag(fs)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: pbc run [-config FILE] [-- console flags]\n\n"+
			"Connects to Discord with the token from $DISCORD_TOKEN (or token_env).\n"+
			"Without a token it starts the local console with the flags after --.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	cfg, log, ok := startup("run", *path)
	if !ok {
		return 1
	}
	if cfg.token() == "" {
		fmt.Fprintf(os.Stderr, "pbc run: no bot token in $%s, so there is no Discord connection;\n"+
			"starting the local console instead. See docs/discord-setup.md to connect the bot.\n", cfg.TokenEnv)
		return runConsole(ctx, fs.Args())
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return 2
	}
	var health net.Listener
	if cfg.HealthListen != "" {
		var err error
		if health, err = net.Listen("tcp", cfg.HealthListen); err != nil {
			fmt.Fprintf(os.Stderr, "pbc run: health_listen: %v\n", err)
			return 1
		}
	}
	if err := runGateway(ctx, cfg, log, health); err != nil {
		log.Error("pbc run", "err", err)
		return 1
	}
	return 0
}

// runGateway runs the bot over the gateway until ctx ends, answering
// health checks on health unless it is nil.
func runGateway(ctx context.Context, cfg Config, log *slog.Logger, health net.Listener) error {
	if health != nil {
		defer health.Close()
	}
	tr, err := gateway.New(gateway.Config{
		Token: cfg.token(), APIBaseURL: cfg.APIBaseURL, HandlerTimeout: cfg.HandlerTimeout,
		Ephemeral: deferEphemeral, Log: log, Shards: cfg.Shards, ShardIDs: cfg.shardIDs(),
	})
	if err != nil {
		return err
	}
	client := tr.Client()
	b, store, pages, err := openBot(cfg, client, log)
	if err != nil {
		return err
	}
	defer store.Close()
	if cfg.RegisterCommands {
		if _, err := registerCommands(ctx, client.Session(), cfg.ApplicationID, cfg.GuildID, log); err != nil {
			return err
		}
	}
	stopWeb, err := webPages(ctx, cfg.Web, pages, log)
	if err != nil {
		return err
	}
	defer stopWeb()
	if health != nil {
		hctx, stop := context.WithCancel(ctx)
		done := serveHealth(hctx, health, healthHandler(store, tr.Ready, log), log)
		defer func() {
			stop()
			<-done
		}()
	}
	// The reminders stop with the gateway, also when it fails to connect.
	rctx, stopReminders := context.WithCancel(ctx)
	reminders := startReminders(rctx, b, log)
	err = tr.Run(ctx, b)
	stopReminders()
	<-reminders
	return err
}

// deferEphemeral guesses whether the bot's reply to in will be private,
// so that a deferred response is made ephemeral in the first place:
// /hand and /move answer privately.
func deferEphemeral(in *bot.Interaction) bool {
	return in.Command == "hand" || in.Command == "move"
}

// openBot opens the store and builds the bot on discord, with the table
// pages when they are configured (else pages is nil).
func openBot(cfg Config, discord bot.Discord, log *slog.Logger) (b *bot.Bot, store *db.Store, pages *web.Server, err error) {
	store, err = db.OpenStore(cfg.Database, cfg.storeOptions()...)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("open database: %w", err) // the error names it without a password
	}
	bc := botConfig(cfg, store, discord, log)
	if cfg.Web.Listen != "" {
		pages, err = web.New(web.Config{Store: store, Secret: []byte(cfg.Web.Secret), BaseURL: cfg.Web.BaseURL,
			BehindProxy: cfg.Web.BehindProxy, Log: log})
		if err != nil {
			store.Close()
			return nil, nil, nil, err
		}
		bc.Pages = pages
	}
	b, err = bot.New(bc)
	if err != nil {
		store.Close()
		return nil, nil, nil, err
	}
	return b, store, pages, nil
}

// botConfig is the bot's configuration: the store, discord and the
// configured defaults of servers that never changed their settings.
func botConfig(cfg Config, store bot.Store, discord bot.Discord, log *slog.Logger) bot.Config {
	start, end, _ := cfg.quietHours() // checked by loadConfig
	return bot.Config{
		Store:         store,
		Discord:       discord,
		Render:        images.Render,
		Panels:        phonePanels,
		ReminderEvery: cfg.ReminderEvery,
		QuietStart:    start,
		QuietEnd:      end,
		ThreadMode:    cfg.ThreadMode,
		Logger:        log,
	}
}

// startReminders runs the reminder loop and the outbox's delivery loop
// until ctx ends; the returned channel is closed when both have stopped.
// Messages a previous run left undelivered go out first, before any
// interaction is taken.
func startReminders(ctx context.Context, b *bot.Bot, log *slog.Logger) <-chan struct{} {
	if err := b.DeliverDue(ctx); err != nil {
		log.Error("deliver what the last run left", "err", err)
	}
	done := make(chan struct{})
	var wg sync.WaitGroup
	for name, run := range map[string]func(context.Context) error{"reminders": b.RunReminders, "deliveries": b.RunDeliveries} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := run(ctx); err != nil && !errors.Is(err, context.Canceled) {
				log.Error(name+" stopped", "err", err)
			}
		}()
	}
	go func() {
		wg.Wait()
		close(done)
	}()
	return done
}

// loadGameData replaces built-in game data with the configured files,
// through each game's Definition.LoadData: nothing here names a game.
func loadGameData(cfg Config) error {
	for _, def := range games.All() {
		files := map[string][]byte{}
		key := "data." + def.ID
		for _, name := range def.DataFiles {
			path := cfg.Data[def.ID][name]
			if path == "" {
				continue
			}
			data, err := readData(key+"."+name, path)
			if err != nil {
				return err
			}
			files[name] = data
			if len(files) == 1 {
				key += "." + name
			} else {
				key = "data." + def.ID
			}
		}
		if len(files) == 0 || def.LoadData == nil {
			continue
		}
		if err := def.LoadData(files); err != nil {
			return fmt.Errorf("%s: %w", key, err)
		}
	}
	return nil
}

func readData(key, path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", key, err)
	}
	defer f.Close()
	data, err := io.ReadAll(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", key, err)
	}
	return data, nil
}

// applicationID returns the configured application id, or asks Discord
// for the one the token belongs to.
func applicationID(s *discordgo.Session, configured string) (string, error) {
	if configured != "" {
		return configured, nil
	}
	app, err := s.Application("@me")
	if err != nil {
		return "", fmt.Errorf("look up the application id (set application_id): %w", err)
	}
	return app.ID, nil
}

// routeDiscordgoLogs sends discordgo's own log lines (gateway reconnects
// and the like) to log instead of the standard logger.
func routeDiscordgoLogs(log *slog.Logger) {
	levels := map[int]slog.Level{
		discordgo.LogError:         slog.LevelError,
		discordgo.LogWarning:       slog.LevelWarn,
		discordgo.LogInformational: slog.LevelInfo,
		discordgo.LogDebug:         slog.LevelDebug,
	}
	discordgo.Logger = func(level, _ int, format string, args ...any) {
		log.Log(context.Background(), levels[level], fmt.Sprintf(format, args...), "source", "discordgo")
	}
}

// phonePanels draws a view's phone panels (images.Parts) for the bot.
func phonePanels(v games.View, names []string, lang games.Lang, wanted func(name string) bool) ([]bot.Panel, error) {
	parts, err := images.Parts(v, names, lang)
	if err != nil {
		return nil, err
	}
	out := make([]bot.Panel, 0, len(parts))
	for _, p := range parts {
		panel := bot.Panel{Part: p.Name, Alt: p.Panel.Alt()}
		if wanted(p.Name) {
			if panel.PNG, err = images.EncodePart(p); err != nil {
				return nil, err
			}
		}
		out = append(out, panel)
	}
	return out, nil
}
