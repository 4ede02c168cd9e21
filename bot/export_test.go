package bot

import (
	"context"

	"github.com/playbychat/pbc/bot/stats"
)

// LiveSummaries exposes liveSummaries to the tests.
func (b *Bot) LiveSummaries(ctx context.Context, guildID string) ([]stats.Summary, error) {
	return b.liveSummaries(ctx, guildID)
}
