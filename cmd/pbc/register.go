package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"

	"github.com/bwmarrin/discordgo"

	"github.com/playbychat/pbc/bot/command"
	"github.com/playbychat/pbc/bot/discordapi"
)

func init() {
	subcommands["register"] = subcommand{
		summary: "register the slash commands with Discord (per server with guild_id, else globally)",
		run:     runRegister,
	}
}

func runRegister(ctx context.Context, args []string) int {
	fs := flag.NewFlagSet("register", flag.ContinueOnError)
	path := configFlag(fs)
	guild := fs.String("guild", "", "register on this server instead of guild_id from the configuration")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return 2
	}
	cfg, log, ok := startup("register", *path)
	if !ok {
		return 1
	}
	if *guild != "" {
		cfg.GuildID = *guild
	}
	token := cfg.token()
	if token == "" {
		fmt.Fprintf(os.Stderr, "pbc register: no bot token in $%s\n", cfg.TokenEnv)
		return 1
	}
	s, err := discordapi.NewSession(token, cfg.APIBaseURL)
	if err != nil {
		fmt.Fprintf(os.Stderr, "pbc register: %v\n", err)
		return 1
	}
	n, err := registerCommands(ctx, s, cfg.ApplicationID, cfg.GuildID, log)
	if err != nil {
		fmt.Fprintf(os.Stderr, "pbc register: %v\n", err)
		return 1
	}
	where := "globally (they may take a while to appear)"
	if cfg.GuildID != "" {
		where = "on server " + cfg.GuildID
	}
	fmt.Printf("registered %d commands %s\n", n, where)
	return 0
}

// registerCommands replaces the application's commands with
// command.All(): on one guild when guildID is set (instant), else
// globally. It returns how many commands Discord now has.
func registerCommands(ctx context.Context, s *discordgo.Session, appID, guildID string, log *slog.Logger) (int, error) {
	appID, err := applicationID(s, appID)
	if err != nil {
		return 0, err
	}
	cmds, err := s.ApplicationCommandBulkOverwrite(appID, guildID, command.All(), discordgo.WithContext(ctx))
	if err != nil {
		return 0, fmt.Errorf("register commands: %w", err)
	}
	log.Info("registered commands", "count", len(cmds), "guild", guildID)
	return len(cmds), nil
}
