package bot

import (
	"errors"
	"fmt"

	"github.com/playbychat/pbc/bot/command"
	"github.com/playbychat/pbc/bot/component"
	"github.com/playbychat/pbc/bot/reference"
	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
)

// The reference commands (/rules, /card, /help): which game a channel is
// about and its catalogue are found here; the texts are package
// bot/reference's.

// rulesGame returns the game /rules and /card are about: the game option,
// else the channel's table (the last one, ended or not).
func (b *Bot) rulesGame(c *call) (*games.Definition, bool) {
	if id := c.in.Options.String(command.OptGame); id != "" {
		return games.Lookup(id)
	}
	t, err := b.store.LastTable(c.ctx, c.in.ChannelID)
	if err != nil {
		return nil, false
	}
	return games.Lookup(t.Game)
}

// rulesCommand handles /rules [topic] [game]: one topic of the game's
// rules, or the list of its topics (after saying so when the topic asked
// for is not one of them).
func (b *Bot) rulesCommand(c *call) error {
	def, ok := b.rulesGame(c)
	if !ok {
		return refuse(msgRulesWhichGame)
	}
	text := reference.Rules(def, c.in.Options.String(command.OptTopic), c.lang)
	return c.reply(Message{Content: clip(text), Ephemeral: true})
}

// topicChoices lists the topics of the game /rules is about matching what
// was typed.
func (b *Bot) topicChoices(c *call) []Choice {
	def, ok := b.rulesGame(c)
	if !ok {
		return nil
	}
	var out []Choice
	for _, t := range reference.MatchTopics(def.Rules, c.in.Options.String(command.OptTopic), c.lang, component.MaxOptions) {
		out = append(out, Choice{Name: component.Truncate(t.Title.In(c.lang), 100), Value: t.Key})
	}
	return out
}

// catalog returns the cards of the game /card is about: those of the
// channel's table when it is of that game and has started (its state
// carries the content it was started with, which a newer data file does
// not change), else those of a new game.
func (b *Bot) catalog(c *call) ([]games.Card, *games.Definition, error) {
	def, ok := b.rulesGame(c)
	if !ok {
		return nil, nil, refuse(msgRulesWhichGame)
	}
	g, err := b.catalogGame(c, def)
	if err != nil {
		return nil, nil, err
	}
	cat, ok := g.(games.Catalog)
	if !ok {
		return nil, def, refuse(msgNoCatalog, def.Name.In(c.lang))
	}
	return cat.Catalog(), def, nil
}

// catalogGame returns the game whose catalogue /card reads: the channel's
// last table's when it is a started game of def, else a new one.
func (b *Bot) catalogGame(c *call, def *games.Definition) (games.Game, error) {
	t, err := b.store.LastTable(c.ctx, c.in.ChannelID)
	if err == nil && t.Game == def.ID && t.Status != db.Open && !t.StartedAt.IsZero() {
		s, err := b.load(c.ctx, t)
		if err != nil {
			return nil, err
		}
		return s.game, nil
	}
	if err != nil && !errors.Is(err, db.ErrNotFound) {
		return nil, &internalError{0, fmt.Errorf("last table: %w", err)}
	}
	g, _, err := def.Create(def.MinSeats, nil, 0)
	if err != nil {
		return nil, &internalError{0, fmt.Errorf("set up %s for its catalog: %w", def.ID, err)}
	}
	return g, nil
}

// cardCommand handles /card id:<id> [game]: the whole text of one card,
// tile or piece, as the game's catalogue has it, to the caller only.
func (b *Bot) cardCommand(c *call) error {
	cards, def, err := b.catalog(c)
	if err != nil {
		return err
	}
	id := c.in.Options.String(command.OptID)
	card, ok := reference.FindCard(cards, id)
	if !ok {
		return refuse(msgUnknownCard, def.Name.In(c.lang), id)
	}
	return c.reply(Message{Content: clip(reference.Card(card, c.lang)), Ephemeral: true})
}

// cardChoices lists the cards whose id or name holds what was typed, each
// piece once.
func (b *Bot) cardChoices(c *call) []Choice {
	cards, _, err := b.catalog(c)
	if err != nil {
		return nil
	}
	var out []Choice
	for _, card := range reference.MatchCards(cards, c.in.Options.String(command.OptID), c.lang, component.MaxOptions) {
		out = append(out, Choice{Name: component.Truncate(card.Name.In(c.lang)+" ("+card.ID+")", 100), Value: card.ID})
	}
	return out
}

// helpCommand handles /help: the commands, one line each (a command with
// subcommands one line per subcommand), in the caller's language, from
// the same list that is registered with Discord.
func (b *Bot) helpCommand(c *call) error {
	return c.reply(Message{Content: clip(reference.Help(command.All(), c.lang)), Ephemeral: true})
}
