package bot

import (
	"strings"

	"github.com/playbychat/pbc/games"
)

// rulesGame returns the game /rules is about: the game option, else the
// channel's table.
func (b *Bot) rulesGame(c *call) (*games.Definition, bool) {
	if id := c.in.Options["game"]; id != "" {
		return games.Lookup(id)
	}
	t, err := b.store.ActiveTable(c.ctx, c.in.ChannelID)
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
