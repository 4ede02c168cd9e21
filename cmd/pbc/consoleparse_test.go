package main

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"unicode"

	"github.com/playbychat/pbc/bot"
)

func TestParseConsoleLine(t *testing.T) {
	tests := []struct {
		name string
		line string
		want consoleLine
		skip bool // blank or comment
	}{
		{name: "blank", line: "   ", skip: true},
		{name: "comment", line: "# @alice /game new", skip: true},
		{
			name: "game new",
			line: "@alice /game new game:xibalba players:2",
			want: consoleLine{User: "alice", Kind: bot.CommandInteraction, Command: "game", Subcommand: "new",
				Options: map[string]string{"game": "xibalba", "players": "2"}, Focused: "players"},
		},
		{
			name: "subcommand only",
			line: "@bob /game join",
			want: consoleLine{User: "bob", Kind: bot.CommandInteraction, Command: "game", Subcommand: "join", Options: map[string]string{}},
		},
		{
			name: "value with spaces",
			line: "@alice  /move   action:keep   1,3 ",
			want: consoleLine{User: "alice", Kind: bot.CommandInteraction, Command: "move",
				Options: map[string]string{"action": "keep 1,3"}, Focused: "action"},
		},
		{
			name: "quoted value",
			line: `@alice /game new game:xibalba options:"target=30  apocalypse" players:3`,
			want: consoleLine{User: "alice", Kind: bot.CommandInteraction, Command: "game", Subcommand: "new",
				Options: map[string]string{"game": "xibalba", "options": "target=30  apocalypse", "players": "3"}, Focused: "players"},
		},
		{
			name: "quoted value with colon",
			line: `@carol /move action:"attack b:2"`,
			want: consoleLine{User: "carol", Kind: bot.CommandInteraction, Command: "move",
				Options: map[string]string{"action": "attack b:2"}, Focused: "action"},
		},
		{
			name: "upper case names",
			line: "@Alice /ROLL Dice:2d6 private:true",
			want: consoleLine{User: "Alice", Kind: bot.CommandInteraction, Command: "roll",
				Options: map[string]string{"dice": "2d6", "private": "true"}, Focused: "private"},
		},
		{
			name: "other channel",
			line: "@bob #console-thread-1 /game join",
			want: consoleLine{User: "bob", Channel: "console-thread-1", Kind: bot.CommandInteraction, Command: "game", Subcommand: "join", Options: map[string]string{}},
		},
		{
			name: "click",
			line: "@bob !click m/7/3/roll",
			want: consoleLine{User: "bob", Kind: bot.ComponentInteraction, CustomID: "m/7/3/roll"},
		},
		{
			name: "click with spaces",
			line: "@bob !click mv:7:3:keep  1,3",
			want: consoleLine{User: "bob", Kind: bot.ComponentInteraction, CustomID: "mv:7:3:keep  1,3"},
		},
		{
			name: "select",
			line: "@bob !select ms:7:3 keep 1,3",
			want: consoleLine{User: "bob", Kind: bot.ComponentInteraction, CustomID: "ms:7:3", Values: []string{"keep 1,3"}},
		},
		{
			name: "select several",
			line: "@bob !select ms:7:3 keep 1,3 | keep 2 |",
			want: consoleLine{User: "bob", Kind: bot.ComponentInteraction, CustomID: "ms:7:3", Values: []string{"keep 1,3", "keep 2"}},
		},
		{
			name: "complete",
			line: "@bob !complete /move action:ke",
			want: consoleLine{User: "bob", Kind: bot.AutocompleteInteraction, Command: "move",
				Options: map[string]string{"action": "ke"}, Focused: "action"},
		},
		{
			name: "complete empty value",
			line: "@bob !complete /rules topic:",
			want: consoleLine{User: "bob", Kind: bot.AutocompleteInteraction, Command: "rules",
				Options: map[string]string{"topic": ""}, Focused: "topic"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok, err := parseConsoleLine(tt.line)
			if err != nil {
				t.Fatalf("error: %v", err)
			}
			if ok == tt.skip {
				t.Fatalf("ok = %v, want %v", ok, !tt.skip)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got  %#v\nwant %#v", got, tt.want)
			}
		})
	}
}

func TestParseConsoleLineErrors(t *testing.T) {
	tests := []struct {
		name string
		line string
	}{
		{name: "no user", line: "/game new"},
		{name: "empty user", line: "@ /game new"},
		{name: "bad user", line: "@al!ce /game new"},
		{name: "long user", line: "@" + strings.Repeat("a", 33) + " /hand"},
		{name: "no action", line: "@alice"},
		{name: "no action in channel", line: "@alice #console"},
		{name: "bad channel", line: "@alice #con:sole /hand"},
		{name: "empty channel", line: "@alice # /hand"},
		{name: "unknown action", line: "@alice move roll"},
		{name: "bad command", line: "@alice /ga!me"},
		{name: "empty command", line: "@alice /"},
		{name: "two subcommands", line: "@alice /game new now"},
		{name: "duplicate option", line: "@alice /roll dice:2d6 dice:1d6"},
		{name: "unterminated quote", line: `@alice /move action:"keep 1`},
		{name: "text after quote", line: `@alice /move action:"keep"1`},
		{name: "click without id", line: "@bob !click"},
		{name: "select without value", line: "@bob !select m/1"},
		{name: "select with empty values", line: "@bob !select m/1 | |"},
		{name: "complete without option", line: "@bob !complete /hand"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, ok, err := parseConsoleLine(tt.line)
			if !errors.Is(err, errBadLine) {
				t.Fatalf("err = %v, want errBadLine", err)
			}
			if ok {
				t.Errorf("ok with an error")
			}
		})
	}
}

func FuzzParseConsoleLine(f *testing.F) {
	for _, s := range []string{
		"@alice /game new game:xibalba players:2",
		"@alice /move action:keep 1,3",
		`@alice /game new options:"target=30 apocalypse"`,
		"@bob !click m/1/2/roll",
		"@bob !select m/1/2/s a b",
		"@bob !complete /move action:",
		"# comment",
		`@x /y a:"`,
		"@é /move",
		"@bob #thread-2 !click mv:1:2:roll",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		l, ok, err := parseConsoleLine(line)
		if err != nil {
			if ok || !errors.Is(err, errBadLine) || !reflect.DeepEqual(l, consoleLine{}) {
				t.Fatalf("ok=%v err=%v line=%+v: every error must wrap errBadLine and give ok=false and no line", ok, err, l)
			}
			return
		}
		if !ok {
			return
		}
		if checkName(l.User) != nil || l.Channel != "" && !isWord(l.Channel) {
			t.Fatalf("accepted user %q in channel %q", l.User, l.Channel)
		}
		switch l.Kind {
		case bot.CommandInteraction, bot.AutocompleteInteraction:
			if !isWord(l.Command) {
				t.Fatalf("accepted command %q", l.Command)
			}
		case bot.ComponentInteraction:
			if l.CustomID == "" {
				t.Fatalf("component without custom id")
			}
		default:
			t.Fatalf("kind %d", l.Kind)
		}
		for _, v := range l.Options {
			if strings.Contains(v, `"`) && quoteValue(v) != v {
				return // not representable in the written form
			}
		}
		if l.Kind == bot.ComponentInteraction && len(l.Values) > 0 && strings.ContainsFunc(l.CustomID, unicode.IsSpace) {
			return // a select's custom ID is one word in the written form
		}
		again, ok, err := parseConsoleLine(l.String())
		if err != nil || !ok {
			t.Fatalf("String() %q of %q does not parse: %v", l.String(), line, err)
		}
		if !reflect.DeepEqual(again, l) {
			t.Fatalf("round trip of %q via %q:\n got %#v\nwant %#v", line, l.String(), again, l)
		}
	})
}
