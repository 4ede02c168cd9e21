package bot

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/playbychat/pbc/bot/command"
	"github.com/playbychat/pbc/bot/export"
	"github.com/playbychat/pbc/bot/stats"
	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
)

// The texts of /stats.
const (
	msgStatsServer  msg = "StatsServer"
	msgStatsNone    msg = "StatsNone"
	msgStatsGame    msg = "StatsGame"
	msgStatsLeader  msg = "StatsLeader"
	msgStatsTeam    msg = "StatsTeam"
	msgStatsPlayer  msg = "StatsPlayer"
	msgStatsLine    msg = "StatsLine"
	msgStatsRank    msg = "StatsRank"
	msgStatsNobody  msg = "StatsNobody"
	msgStatsTiming  msg = "StatsTiming"
	msgStatsNoTimes msg = "StatsNoTimes"
	msgStatsMethod  msg = "StatsMethod"
)

// leaderboardSize is how many players /stats lists per game.
const leaderboardSize = 5

// statsCommand handles /stats [user] [game]: the server's figures per game
// with leaderboards, or one player's.
func (b *Bot) statsCommand(c *call) error {
	if c.in.GuildID == "" {
		return refuse(msgGuildOnly)
	}
	sums, err := b.liveSummaries(c.ctx, c.in.GuildID)
	if err != nil {
		return err
	}
	if g := c.in.Options.String(command.OptGame); g != "" {
		var kept []stats.Summary
		for _, s := range sums {
			if s.Game == g {
				kept = append(kept, s)
			}
		}
		sums = kept
	}
	rep := stats.Compute(sums)
	var text string
	if user := c.in.Options.User(command.OptUser); user != "" {
		text = playerStats(rep, user, c.in.Users[user].Name, c.lang)
	} else {
		text = serverStats(rep, c.lang)
	}
	return c.reply(Message{Content: clip(text), Ephemeral: true})
}

// liveSummaries are the stats summaries of a guild's ended tables, made
// from the store: the same as stats.Summarize makes from their exports.
func (b *Bot) liveSummaries(ctx context.Context, guildID string) ([]stats.Summary, error) {
	tables, err := b.store.EndedTables(ctx, guildID)
	if err != nil {
		return nil, fmt.Errorf("stats: %w", err)
	}
	sums := make([]stats.Summary, 0, len(tables))
	for _, t := range tables {
		s, err := b.load(ctx, t)
		if err != nil {
			return nil, err
		}
		moves, err := b.readMoves(ctx, t.ID)
		if err != nil {
			return nil, err
		}
		var st games.Status
		if t.Status == db.Finished {
			st = s.game.Status()
		}
		sum := stats.Summary{
			Table: t.ID, Guild: t.GuildID, Game: t.Game, Status: string(t.Status), Ended: t.EndedAt,
			Seats: stats.Results(s.def, export.Record(s.table, s.seats, nil).Players, st),
		}
		for _, m := range moves {
			if m.Waited && m.UserID != "" {
				sum.Answers = append(sum.Answers, stats.Answer{User: m.UserID, Took: m.Wait})
			}
		}
		sums = append(sums, sum)
	}
	return sums, nil
}

// serverStats writes a report per game with its leaderboard.
func serverStats(rep stats.Report, lang games.Lang) string {
	if len(rep.Games) == 0 {
		return tr(lang, msgStatsNone)
	}
	lines := []string{tr(lang, msgStatsServer)}
	for _, g := range rep.Games {
		lines = append(lines, "", tr(lang, msgStatsGame, gameName(g.Game, lang), g.Finished, g.Abandoned, timingText(g.Answers, lang)))
		for i, st := range g.Leaderboard[:min(len(g.Leaderboard), leaderboardSize)] {
			lines = append(lines, tr(lang, msgStatsLeader, i+1, st.Name, st.Rating.Ordinal(), st.Won, st.Played))
		}
		if g.Opponent != nil {
			lines = append(lines, tr(lang, msgStatsTeam, g.Opponent.Ordinal()))
		}
	}
	return strings.Join(append(lines, "", tr(lang, msgStatsMethod)), "\n")
}

// playerStats writes one player's report; name is their display name when
// known.
func playerStats(rep stats.Report, user, name string, lang games.Lang) string {
	for _, p := range rep.Players {
		if p.User != user {
			continue
		}
		lines := []string{tr(lang, msgStatsPlayer, p.Name, timingText(p.Answers, lang))}
		for _, st := range p.Games {
			rank := ""
			for _, g := range rep.Games {
				for i, l := range g.Leaderboard {
					if g.Game == st.Game && l.User == user {
						rank = tr(lang, msgStatsRank, i+1, len(g.Leaderboard))
					}
				}
			}
			lines = append(lines, tr(lang, msgStatsLine, gameName(st.Game, lang), st.Played, st.Won, st.Abandoned,
				st.Rating.Ordinal(), rank, timingText(st.Answers, lang)))
		}
		return strings.Join(lines, "\n")
	}
	if name == "" {
		name = "<@" + user + ">"
	}
	return tr(lang, msgStatsNobody, name)
}

// gameName is a game's name in lang, or its id for an unknown game.
func gameName(id string, lang games.Lang) string {
	if def, ok := games.Lookup(id); ok {
		return def.Name.In(lang)
	}
	return id
}

// timingText writes answer times: median, mean and count.
func timingText(tm stats.Timing, lang games.Lang) string {
	if tm.Count == 0 {
		return tr(lang, msgStatsNoTimes)
	}
	return tr(lang, msgStatsTiming, shortDuration(tm.Median), shortDuration(tm.Mean), tm.Count)
}

// shortDuration writes d in its two largest units: "2d 4h", "3h 10m",
// "45m", "30s".
func shortDuration(d time.Duration) string {
	d = d.Round(time.Second)
	units := []struct {
		size time.Duration
		name string
	}{{24 * time.Hour, "d"}, {time.Hour, "h"}, {time.Minute, "m"}, {time.Second, "s"}}
	var parts []string
	for _, u := range units {
		if n := d / u.size; n > 0 && len(parts) < 2 {
			parts = append(parts, fmt.Sprintf("%d%s", n, u.name))
			d -= n * u.size
		} else if len(parts) > 0 {
			break
		}
	}
	if len(parts) == 0 {
		return "0s"
	}
	return strings.Join(parts, " ")
}
