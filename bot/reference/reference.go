// Package reference makes the bot's reference texts: a game's rules
// topics (/rules), the whole text of a card, tile or piece of its catalogue
// (/card), and the list of slash commands (/help), each in the reader's
// language. It reads the games' definitions and catalogues and the
// registered commands; which game a channel is about is the bot's business.
package reference

import (
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/playbychat/pbc/bot/text"
	"github.com/playbychat/pbc/games"
)

// The catalogue's messages of this package.
const (
	msgUnknownTopic text.Msg = "UnknownTopic"
	msgRulesTopics  text.Msg = "RulesTopics"
	msgHelpHeader   text.Msg = "HelpHeader"
)

// Rules is the answer to /rules topic:key about def: the topic's title and
// text, or, when key names none of def's topics, the list of them (after
// saying so when key is not empty).
func Rules(def *games.Definition, key string, lang games.Lang) string {
	key = strings.ToLower(key)
	for _, t := range def.Rules {
		if key != "" && t.Key == key {
			return "**" + t.Title.In(lang) + "**\n" + t.Body.In(lang)
		}
	}
	var lines []string
	if key != "" {
		lines = append(lines, text.Tr(lang, msgUnknownTopic, key))
	}
	lines = append(lines, text.Tr(lang, msgRulesTopics, def.Name.In(lang)))
	for _, t := range def.Rules {
		lines = append(lines, "`"+t.Key+"` — "+t.Title.In(lang))
	}
	return strings.Join(lines, "\n")
}

// MatchTopics returns the first limit topics whose key or title in lang
// holds typed (case aside); every topic when typed is empty.
func MatchTopics(topics []games.Topic, typed string, lang games.Lang, limit int) []games.Topic {
	typed = strings.ToLower(typed)
	var out []games.Topic
	for _, t := range topics {
		if typed != "" && !strings.Contains(t.Key, typed) && !strings.Contains(strings.ToLower(t.Title.In(lang)), typed) {
			continue
		}
		out = append(out, t)
		if len(out) == limit {
			break
		}
	}
	return out
}

// FindCard returns the card that id names: by its id, else by its name in
// any language (case and spaces aside).
func FindCard(cards []games.Card, id string) (games.Card, bool) {
	id = strings.TrimSpace(id)
	for _, card := range cards {
		if strings.EqualFold(card.ID, id) {
			return card, true
		}
	}
	want := games.NormalizeNotation(id)
	for _, card := range cards {
		for _, l := range games.LangsOf(card.Name) {
			if games.NormalizeNotation(card.Name.In(l)) == want {
				return card, true
			}
		}
	}
	return games.Card{}, false
}

// Card is the whole text of card in lang: its name, id and body.
func Card(card games.Card, lang games.Lang) string {
	return fmt.Sprintf("**%s** (`%s`)\n%s", card.Name.In(lang), card.ID, card.Body.In(lang))
}

// MatchCards returns the first limit cards whose id or name in lang holds
// typed (case aside), each piece once: a copy (the same name and text
// under another id) is left out after the first that matches.
func MatchCards(cards []games.Card, typed string, lang games.Lang, limit int) []games.Card {
	typed = strings.ToLower(typed)
	type piece struct{ name, body games.Text }
	seen := map[piece]bool{}
	var out []games.Card
	for _, card := range cards {
		name := card.Name.In(lang)
		if typed != "" && !strings.Contains(strings.ToLower(card.ID), typed) && !strings.Contains(strings.ToLower(name), typed) {
			continue
		}
		p := piece{card.Name, card.Body}
		if seen[p] {
			continue
		}
		seen[p] = true
		out = append(out, card)
		if len(out) == limit {
			break
		}
	}
	return out
}

// Help lists the slash commands cmds in lang, one line each (a command
// with subcommands one line per subcommand), from their descriptions as
// registered with Discord.
func Help(cmds []*discordgo.ApplicationCommand, lang games.Lang) string {
	lines := []string{text.Tr(lang, msgHelpHeader)}
	for _, cmd := range cmds {
		subs := 0
		for _, o := range cmd.Options {
			if o.Type == discordgo.ApplicationCommandOptionSubCommand {
				lines = append(lines, helpLine("/"+cmd.Name+" "+o.Name, o.Description, o.DescriptionLocalizations, lang))
				subs++
			}
		}
		if subs == 0 {
			var local map[discordgo.Locale]string
			if cmd.DescriptionLocalizations != nil {
				local = *cmd.DescriptionLocalizations
			}
			lines = append(lines, helpLine("/"+cmd.Name, cmd.Description, local, lang))
		}
	}
	return strings.Join(lines, "\n")
}

// helpLine is one line of /help: the command and its description in lang.
func helpLine(command, en string, local map[discordgo.Locale]string, lang games.Lang) string {
	desc := en
	for loc, s := range local {
		if l, _ := text.Match(string(loc)); l == lang && lang != games.English && s != "" {
			desc = s
		}
	}
	return "`" + command + "` — " + desc
}
