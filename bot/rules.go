package bot

import (
	"errors"
	"fmt"
	"strings"

	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
)

// rulesGame returns the game /rules and /card are about: the game option,
// else the channel's table (the last one, ended or not).
func (b *Bot) rulesGame(c *call) (*games.Definition, bool) {
	if id := c.in.Options.String(OptGame); id != "" {
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
	key := strings.ToLower(c.in.Options.String(OptTopic))
	for _, t := range def.Rules {
		if key != "" && t.Key == key {
			text := "**" + t.Title.In(c.lang) + "**\n" + t.Body.In(c.lang)
			return c.reply(Message{Content: clip(text), Ephemeral: true})
		}
	}
	var lines []string
	if key != "" {
		lines = append(lines, tr(c.lang, msgUnknownTopic, key))
	}
	lines = append(lines, tr(c.lang, msgRulesTopics, def.Name.In(c.lang)))
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
	typed := strings.ToLower(c.in.Options.String(OptTopic))
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

// findCard returns the card that id names: by its id, else by its name in
// either language (case and spaces aside).
func findCard(cards []games.Card, id string) (games.Card, bool) {
	id = strings.TrimSpace(id)
	for _, card := range cards {
		if strings.EqualFold(card.ID, id) {
			return card, true
		}
	}
	want := games.NormalizeNotation(id)
	for _, card := range cards {
		if games.NormalizeNotation(card.Name.EN) == want || games.NormalizeNotation(card.Name.DE) == want {
			return card, true
		}
	}
	return games.Card{}, false
}

// cardCommand handles /card id:<id> [game]: the whole text of one card,
// tile or piece, as the game's catalogue has it, to the caller only.
func (b *Bot) cardCommand(c *call) error {
	cards, def, err := b.catalog(c)
	if err != nil {
		return err
	}
	id := c.in.Options.String(OptID)
	card, ok := findCard(cards, id)
	if !ok {
		return refuse(msgUnknownCard, def.Name.In(c.lang), id)
	}
	text := fmt.Sprintf("**%s** (`%s`)\n%s", card.Name.In(c.lang), card.ID, card.Body.In(c.lang))
	return c.reply(Message{Content: clip(text), Ephemeral: true})
}

// cardChoices lists the cards whose id or name holds what was typed, each
// piece once: a copy (the same name and text under another id) is left out
// after the first that matches.
func (b *Bot) cardChoices(c *call) []Choice {
	cards, _, err := b.catalog(c)
	if err != nil {
		return nil
	}
	typed := strings.ToLower(c.in.Options.String(OptID))
	type piece struct{ name, body games.Text }
	seen := map[piece]bool{}
	var out []Choice
	for _, card := range cards {
		name := card.Name.In(c.lang)
		if typed != "" && !strings.Contains(strings.ToLower(card.ID), typed) && !strings.Contains(strings.ToLower(name), typed) {
			continue
		}
		p := piece{card.Name, card.Body}
		if seen[p] {
			continue
		}
		seen[p] = true
		out = append(out, Choice{Name: truncate(name+" ("+card.ID+")", 100), Value: card.ID})
		if len(out) == maxSelectOptions {
			break
		}
	}
	return out
}
