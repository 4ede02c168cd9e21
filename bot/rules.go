package bot

import (
	"fmt"
	"strings"

	"github.com/playbychat/pbc/games"
)

// rulesGame returns the game /rules and /card are about: the game option,
// else the channel's table (the last one, ended or not).
func (b *Bot) rulesGame(c *call) (*games.Definition, bool) {
	if id := c.in.Options["game"]; id != "" {
		return games.Lookup(id)
	}
	t, err := b.store.LastTable(c.ctx, c.in.ChannelID)
	if err != nil {
		return nil, false
	}
	return games.Lookup(t.Game)
}

// rulesCommand handles /rules [topic] [game]: one topic of the game's
// rules, or the list of its topics.
func (b *Bot) rulesCommand(c *call) error {
	def, ok := b.rulesGame(c)
	if !ok {
		return refuse(msgRulesWhichGame)
	}
	key := strings.ToLower(strings.TrimSpace(c.in.Options["topic"]))
	for _, t := range def.Rules {
		if key != "" && t.Key == key {
			text := "**" + t.Title.In(c.lang) + "**\n" + t.Body.In(c.lang)
			return c.reply(Message{Content: clip(text), Ephemeral: true})
		}
	}
	lines := []string{tr(c.lang, msgRulesTopics, def.Name.In(c.lang))}
	for _, t := range def.Rules {
		lines = append(lines, "`"+t.Key+"` — "+t.Title.In(c.lang))
	}
	return c.reply(Message{Content: clip(strings.Join(lines, "\n")), Ephemeral: true})
}

// topicChoices lists the topics of the game /rules is about matching what
// was typed.
func (b *Bot) topicChoices(c *call) []Choice {
	def, ok := b.rulesGame(c)
	if !ok {
		return nil
	}
	typed := strings.ToLower(c.in.Options["topic"])
	var out []Choice
	for _, t := range def.Rules {
		title := t.Title.In(c.lang)
		if typed != "" && !strings.Contains(t.Key, typed) && !strings.Contains(strings.ToLower(title), typed) {
			continue
		}
		out = append(out, Choice{Name: truncate(title, 100), Value: t.Key})
		if len(out) == maxSelectOptions {
			break
		}
	}
	return out
}

// catalog returns the cards of the game /card is about.
func (b *Bot) catalog(c *call) ([]games.Card, *games.Definition, error) {
	def, ok := b.rulesGame(c)
	if !ok {
		return nil, nil, refuse(msgRulesWhichGame)
	}
	g, _, err := def.Create(def.MinSeats, nil, 0)
	if err != nil {
		return nil, nil, &internalError{0, fmt.Errorf("set up %s for its catalog: %w", def.ID, err)}
	}
	cat, ok := g.(games.Catalog)
	if !ok {
		return nil, def, refuse(msgNoCatalog, def.Name.In(c.lang))
	}
	return cat.Catalog(), def, nil
}

// cardCommand handles /card id:<id> [game]: the whole text of one card,
// tile or piece, as the game's catalogue has it, to the caller only.
func (b *Bot) cardCommand(c *call) error {
	cards, def, err := b.catalog(c)
	if err != nil {
		return err
	}
	id := strings.TrimSpace(c.in.Options["id"])
	for _, card := range cards {
		if strings.EqualFold(card.ID, id) {
			text := fmt.Sprintf("**%s** (`%s`)\n%s", card.Name.In(c.lang), card.ID, card.Body.In(c.lang))
			return c.reply(Message{Content: clip(text), Ephemeral: true})
		}
	}
	return refuse(msgUnknownCard, def.Name.In(c.lang), id)
}

// cardChoices lists the cards whose id or name holds what was typed.
func (b *Bot) cardChoices(c *call) []Choice {
	cards, _, err := b.catalog(c)
	if err != nil {
		return nil
	}
	typed := strings.ToLower(strings.TrimSpace(c.in.Options["id"]))
	var out []Choice
	for _, card := range cards {
		name := card.Name.In(c.lang)
		if typed != "" && !strings.Contains(strings.ToLower(card.ID), typed) && !strings.Contains(strings.ToLower(name), typed) {
			continue
		}
		out = append(out, Choice{Name: truncate(card.ID+" — "+name, 100), Value: card.ID})
		if len(out) == maxSelectOptions {
			break
		}
	}
	return out
}
