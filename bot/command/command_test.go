package command_test

import (
	"testing"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/playbychat/pbc/bot/command"
)

// TestCommandLimits checks the limits Discord puts on registered
// commands: names of 1 to 32 characters, descriptions (and their
// localizations) of 1 to 100, at most 25 options and 25 choices.
func TestCommandLimits(t *testing.T) {
	var check func(path, name, desc string, loc map[discordgo.Locale]string, opts []*discordgo.ApplicationCommandOption, choices int)
	check = func(path, name, desc string, loc map[discordgo.Locale]string, opts []*discordgo.ApplicationCommandOption, choices int) {
		path += "/" + name
		if n := utf8.RuneCountInString(name); n < 1 || n > 32 {
			t.Errorf("%s: name of %d characters", path, n)
		}
		for lang, d := range map[discordgo.Locale]string{"": desc, discordgo.German: loc[discordgo.German]} {
			if n := utf8.RuneCountInString(d); n < 1 || n > 100 {
				t.Errorf("%s: %s description of %d characters: %q", path, lang, n, d)
			}
		}
		if len(opts) > 25 || choices > 25 {
			t.Errorf("%s: %d options, %d choices", path, len(opts), choices)
		}
		for _, o := range opts {
			check(path, o.Name, o.Description, o.DescriptionLocalizations, o.Options, len(o.Choices))
		}
	}
	for _, c := range command.All() {
		var loc map[discordgo.Locale]string
		if c.DescriptionLocalizations != nil {
			loc = *c.DescriptionLocalizations
		}
		check("", c.Name, c.Description, loc, c.Options, 0)
	}
}

// TestOptions checks the typed accessors of slash-command options.
func TestOptions(t *testing.T) {
	o := command.Options{"action": "  buy c12 ", "private": "true", "user": "u7", "board": ""}
	for _, tc := range []struct {
		name      string
		got, want any
	}{
		{"string trimmed", o.String(command.OptAction), "buy c12"},
		{"string absent", o.String(command.OptDice), ""},
		{"bool true", o.Bool(command.OptPrivate), true},
		{"bool absent", o.Bool(command.OptLanguage), false},
		{"user", o.User(command.OptUser), "u7"},
		{"has empty", o.Has(command.OptBoard), true},
		{"has absent", o.Has(command.OptZone), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.got != tc.want {
				t.Errorf("got %v, want %v", tc.got, tc.want)
			}
		})
	}
}
