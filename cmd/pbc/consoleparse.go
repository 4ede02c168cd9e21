package main

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/playbychat/pbc/bot"
)

// consoleLine is one parsed console input line: who does what.
type consoleLine struct {
	User    string // the name after @, as typed
	Channel string // the channel after #, or "" for the console's channel
	Kind    bot.InteractionKind

	// Command fields: /command [subcommand] [name:value ...]
	Command    string
	Subcommand string
	Options    map[string]string
	Focused    string // the option to autocomplete (!complete)

	// Component fields: !click id, !select id value...
	CustomID string
	Values   []string
}

// errBadLine is wrapped by every parse error, so the console can tell a typo
// from a failure of the bot.
var errBadLine = errors.New("bad console line")

// consoleUsage is printed for a line the parser cannot read.
const consoleUsage = `lines look like:
  @alice /game new game:xibalba players:2
  @alice /move action:keep 1,3
  @bob !click <custom-id>
  @bob !select <custom-id> <value> [| value...]
  @bob !complete /move action:ke
  @bob #console-thread-1 /game join     (acts in another channel or thread)
  # a comment`

func badLine(format string, args ...any) error {
	return fmt.Errorf("%w: %s", errBadLine, fmt.Sprintf(format, args...))
}

// parseConsoleLine reads one console line. Blank lines and comments (#)
// yield ok == false and no error.
func parseConsoleLine(line string) (l consoleLine, ok bool, err error) {
	line = strings.TrimSpace(line)
	if line == "" || strings.HasPrefix(line, "#") {
		return l, false, nil
	}
	if !strings.HasPrefix(line, "@") {
		return consoleLine{}, false, badLine("a line starts with @name, the user who acts")
	}
	name, rest, _ := strings.Cut(line[1:], " ")
	if err := checkName(name); err != nil {
		return consoleLine{}, false, err
	}
	l.User = name
	rest = strings.TrimSpace(rest)
	if channel, ok := strings.CutPrefix(rest, "#"); ok {
		l.Channel, rest, _ = strings.Cut(channel, " ")
		if !isWord(l.Channel) {
			return consoleLine{}, false, badLine("%q is not a channel name", "#"+l.Channel)
		}
		rest = strings.TrimSpace(rest)
	}
	verb, args, _ := strings.Cut(rest, " ")
	args = strings.TrimSpace(args)
	switch {
	case strings.HasPrefix(verb, "/"):
		l.Kind = bot.CommandInteraction
		err = l.parseCommand(verb, args)
	case verb == "!click":
		// Custom IDs may hold spaces (a move's notation): the rest of the
		// line is the ID.
		l.Kind = bot.ComponentInteraction
		l.CustomID = args
		if l.CustomID == "" {
			err = badLine("!click takes a custom id")
		}
	case verb == "!select":
		// "!select id value" or, for several values, "!select id v1 | v2".
		l.Kind = bot.ComponentInteraction
		id, values := nextWord(args)
		for v := range strings.SplitSeq(values, "|") {
			if v = strings.TrimSpace(v); v != "" {
				l.Values = append(l.Values, v)
			}
		}
		if len(l.Values) == 0 {
			err = badLine("!select takes a custom id and a value (several: v1 | v2)")
			break
		}
		l.CustomID = id
	case verb == "!complete":
		l.Kind = bot.AutocompleteInteraction
		command, cargs, _ := strings.Cut(args, " ")
		if err = l.parseCommand(command, strings.TrimSpace(cargs)); err == nil && l.Focused == "" {
			err = badLine("!complete needs an option to complete, e.g. !complete /move action:ke")
		}
	case verb == "":
		err = badLine("@%s does nothing: give a /command, !click, !select or !complete", name)
	default:
		err = badLine("unknown action %q: give a /command, !click, !select or !complete", verb)
	}
	if err != nil {
		return consoleLine{}, false, err
	}
	return l, true, nil
}

// checkName accepts a user name of 1 to 32 ASCII letters, digits, '_', '-'
// and '.'.
func checkName(name string) error {
	if name == "" || len(name) > 32 {
		return badLine("a user name has 1 to 32 characters")
	}
	for _, r := range name {
		if !(r == '_' || r == '-' || r == '.' || r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r))) {
			return badLine("user name %q may hold only letters, digits, '_', '-' and '.'", name)
		}
	}
	return nil
}

// parseCommand reads "/command [subcommand] name:value name:value ...". A
// value runs until the next "name:" word, so "action:keep 1,3" needs no
// quotes; a value in double quotes may hold anything but a quote. The last
// option is the focused one (for autocomplete).
func (l *consoleLine) parseCommand(verb, args string) error {
	l.Command = strings.ToLower(strings.TrimPrefix(verb, "/"))
	if !isWord(l.Command) {
		return badLine("%q is not a command name", verb)
	}
	l.Options = map[string]string{}
	current := ""
	for {
		args = strings.TrimLeftFunc(args, unicode.IsSpace)
		if args == "" {
			break
		}
		word, rest := nextWord(args)
		if key, value, found := strings.Cut(word, ":"); found && isWord(key) {
			key = strings.ToLower(key)
			if _, dup := l.Options[key]; dup {
				return badLine("option %s is given twice", key)
			}
			if strings.HasPrefix(value, `"`) {
				quoted, after, err := cutQuoted(args[len(key)+1:])
				if err != nil {
					return err
				}
				value, rest = quoted, after
			}
			l.Options[key] = value
			current = key
			args = rest
			continue
		}
		switch {
		case current != "" && l.Options[current] == "":
			l.Options[current] = word
		case current != "":
			l.Options[current] += " " + word
		case l.Subcommand == "" && isWord(word):
			l.Subcommand = strings.ToLower(word)
		default:
			return badLine("unexpected %q: options are written name:value", word)
		}
		args = rest
	}
	l.Focused = current
	return nil
}

// nextWord splits off the first space-separated word of s, which starts
// with no space.
func nextWord(s string) (word, rest string) {
	i := strings.IndexFunc(s, unicode.IsSpace)
	if i < 0 {
		return s, ""
	}
	return s[:i], s[i:]
}

// cutQuoted splits `"a b" rest` into `a b` and ` rest`.
func cutQuoted(s string) (value, rest string, err error) {
	end := strings.IndexByte(s[1:], '"')
	if end < 0 {
		return "", "", badLine("unterminated quote")
	}
	value, rest = s[1:end+1], s[end+2:]
	if r, _ := utf8.DecodeRuneInString(rest); rest != "" && !unicode.IsSpace(r) {
		return "", "", badLine("a closing quote must be followed by a space")
	}
	return value, rest, nil
}

// isWord reports whether s is a lower- or upper-case name of letters, digits,
// '_' and '-', such as a command, subcommand or option name.
func isWord(s string) bool {
	if s == "" || len(s) > 32 {
		return false
	}
	for _, r := range s {
		if !(r == '_' || r == '-' || r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r))) {
			return false
		}
	}
	return true
}

// String writes the line back in the form parseConsoleLine reads, with the
// options sorted by name.
func (l consoleLine) String() string {
	var b strings.Builder
	b.WriteString("@" + l.User + " ")
	if l.Channel != "" {
		b.WriteString("#" + l.Channel + " ")
	}
	switch l.Kind {
	case bot.ComponentInteraction:
		if len(l.Values) == 0 {
			b.WriteString("!click " + l.CustomID)
			break
		}
		b.WriteString("!select " + l.CustomID + " " + strings.Join(l.Values, " | "))
	default:
		if l.Kind == bot.AutocompleteInteraction {
			b.WriteString("!complete ")
		}
		b.WriteString("/" + l.Command)
		if l.Subcommand != "" {
			b.WriteString(" " + l.Subcommand)
		}
		keys := slices.Sorted(maps.Keys(l.Options))
		if l.Focused != "" {
			// The focused option must come last.
			keys = append(slices.DeleteFunc(keys, func(k string) bool { return k == l.Focused }), l.Focused)
		}
		for _, k := range keys {
			b.WriteString(" " + k + ":" + quoteValue(l.Options[k]))
		}
	}
	return b.String()
}

// quoteValue quotes an option value when reading it back unquoted would
// change it.
func quoteValue(v string) string {
	plain := v != "" && !strings.HasPrefix(v, `"`) && strings.Join(strings.Fields(v), " ") == v
	for _, w := range strings.Fields(v) {
		if k, _, found := strings.Cut(w, ":"); found && isWord(k) {
			plain = false
		}
	}
	if plain {
		return v
	}
	return `"` + v + `"`
}
