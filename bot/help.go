package bot

import (
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/playbychat/pbc/games"
)

// helpCommand handles /help: the commands, one line each (a command with
// subcommands one line per subcommand), in the caller's language, from
// the same list that is registered with Discord.
func (b *Bot) helpCommand(c *call) error {
	return c.reply(Message{Content: clip(helpText(c.lang)), Ephemeral: true})
}

// helpText lists the slash commands of Commands in lang.
func helpText(lang games.Lang) string {
	lines := []string{tr(lang, msgHelpHeader)}
	for _, cmd := range Commands() {
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
	text := en
	if lang == games.German && local[discordgo.German] != "" {
		text = local[discordgo.German]
	}
	return "`" + command + "` — " + text
}
