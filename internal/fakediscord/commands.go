package fakediscord

import (
	"fmt"
	"regexp"
	"unicode/utf8"
)

// commandName is Discord's rule for command and option names (lower case
// for slash commands).
var commandName = regexp.MustCompile(`^[-_\p{Ll}\p{Lo}\p{N}]{1,32}$`)

// command is the part of an application command Discord validates here.
type command struct {
	Name                     string            `json:"name"`
	Type                     int               `json:"type"`
	Description              string            `json:"description"`
	NameLocalizations        map[string]string `json:"name_localizations"`
	DescriptionLocalizations map[string]string `json:"description_localizations"`
	Options                  []commandOption   `json:"options"`
}

type commandOption struct {
	Name                     string            `json:"name"`
	Type                     int               `json:"type"`
	Description              string            `json:"description"`
	DescriptionLocalizations map[string]string `json:"description_localizations"`
	Required                 bool              `json:"required"`
	Autocomplete             bool              `json:"autocomplete"`
	Choices                  []struct {
		Name  string `json:"name"`
		Value any    `json:"value"`
	} `json:"choices"`
	Options []commandOption `json:"options"`
}

// checkCommands applies the limits Discord enforces on a bulk overwrite
// of slash commands, so that tests catch what Discord would refuse.
func checkCommands(cmds []command) error {
	if len(cmds) > 100 {
		return fmt.Errorf("%d commands, more than 100", len(cmds))
	}
	seen := map[string]bool{}
	for _, c := range cmds {
		if c.Type != 0 && c.Type != 1 {
			continue // user and message commands have other rules
		}
		if seen[c.Name] {
			return fmt.Errorf("command %q twice", c.Name)
		}
		seen[c.Name] = true
		if err := checkNameDescription(c.Name, c.Description, c.DescriptionLocalizations); err != nil {
			return fmt.Errorf("command %q: %w", c.Name, err)
		}
		if err := checkOptions(c.Options, 0); err != nil {
			return fmt.Errorf("command %q: %w", c.Name, err)
		}
	}
	return nil
}

func checkNameDescription(name, desc string, localized map[string]string) error {
	if !commandName.MatchString(name) {
		return fmt.Errorf("invalid name %q", name)
	}
	if n := utf8.RuneCountInString(desc); n < 1 || n > 100 {
		return fmt.Errorf("description of %d characters, want 1-100", n)
	}
	for locale, d := range localized {
		if n := utf8.RuneCountInString(d); n < 1 || n > 100 {
			return fmt.Errorf("%s description of %d characters, want 1-100", locale, n)
		}
	}
	return nil
}

// checkOptions checks a level of options; depth counts subcommand
// nesting.
func checkOptions(opts []commandOption, depth int) error {
	if len(opts) > 25 {
		return fmt.Errorf("%d options, more than 25", len(opts))
	}
	seen := map[string]bool{}
	optional := false
	for _, o := range opts {
		if seen[o.Name] {
			return fmt.Errorf("option %q twice", o.Name)
		}
		seen[o.Name] = true
		if err := checkNameDescription(o.Name, o.Description, o.DescriptionLocalizations); err != nil {
			return fmt.Errorf("option %q: %w", o.Name, err)
		}
		switch o.Type {
		case 1, 2: // subcommand, subcommand group
			if depth >= 2 || (o.Type == 2 && depth >= 1) {
				return fmt.Errorf("option %q: subcommands nested too deep", o.Name)
			}
			if err := checkOptions(o.Options, depth+1); err != nil {
				return fmt.Errorf("option %q: %w", o.Name, err)
			}
			continue
		}
		if o.Required && optional {
			return fmt.Errorf("required option %q after an optional one", o.Name)
		}
		optional = optional || !o.Required
		if len(o.Choices) > 25 {
			return fmt.Errorf("option %q: %d choices, more than 25", o.Name, len(o.Choices))
		}
		if len(o.Choices) > 0 && o.Autocomplete {
			return fmt.Errorf("option %q: choices and autocomplete together", o.Name)
		}
		for _, ch := range o.Choices {
			if n := utf8.RuneCountInString(ch.Name); n < 1 || n > 100 {
				return fmt.Errorf("option %q: choice name of %d characters", o.Name, n)
			}
		}
	}
	return nil
}
