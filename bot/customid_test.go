package bot

import (
	"errors"
	"strings"
	"testing"

	"github.com/playbychat/pbc/games"
)

func TestCustomIDRoundTrip(t *testing.T) {
	tests := []struct {
		name string
		id   CustomID
		want string
	}{
		{name: "button", id: CustomID{Kind: MoveButton, Table: 12, Version: 3, Move: "play 7"}, want: "mv:12:3:play 7"},
		{name: "button with colons", id: CustomID{Kind: MoveButton, Table: 1, Version: 0, Move: "go a:b:c"}, want: "mv:1:0:go a:b:c"},
		{name: "select", id: CustomID{Kind: MoveSelect, Table: 9, Version: 41}, want: "ms:9:41"},
		{name: "private", id: CustomID{Kind: ChoosePrivately, Table: 5}, want: "pv:5"},
		{name: "pick", id: CustomID{Kind: PickSelect, Table: 7, Version: 2, Pick: 1}, want: "pk:7:2:1"},
		{name: "setting", id: CustomID{Kind: SettingSelect, Table: 3, Version: 8}, want: "st:3:8"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := tc.id.String()
			if s != tc.want {
				t.Fatalf("String() = %q, want %q", s, tc.want)
			}
			got, err := ParseCustomID(s)
			if err != nil {
				t.Fatalf("ParseCustomID(%q): %v", s, err)
			}
			if got != tc.id {
				t.Errorf("ParseCustomID(%q) = %+v, want %+v", s, got, tc.id)
			}
		})
	}
}

func TestParseCustomIDRejects(t *testing.T) {
	for _, s := range []string{
		"", "mv", "mv:1", "mv:1:2", "mv:1:2:", "mv:x:2:roll", "mv:1:-2:roll", "mv:0:1:roll", "mv:01:1:roll",
		"ms:1", "ms:1:2:3", "pv:", "pv:1:2", "zz:1:2:roll", "mv:1:+2:roll", strings.Repeat("a", 101),
		"pk:1:2", "pk:1:2:x", "pk:1:2:-1", "pk:1:2:01", "pk:1:2:3:4", "st:1", "st:1:2:3",
	} {
		t.Run(s, func(t *testing.T) {
			if _, err := ParseCustomID(s); !errors.Is(err, ErrBadCustomID) {
				t.Errorf("ParseCustomID(%q) error %v, want ErrBadCustomID", s, err)
			}
		})
	}
}

func TestMoveRefs(t *testing.T) {
	long := "keep " + strings.Repeat("1,", 60) + "2"
	moves := []games.Move{{Notation: "roll"}, {Notation: "keep 1,3"}, {Notation: long}}
	tests := []struct {
		name     string
		notation string
	}{
		{name: "short", notation: "roll"},
		{name: "comma", notation: "keep 1,3"},
		{name: "long", notation: long},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			id := MoveButtonID(123456, 789, tc.notation)
			if len(id) > maxCustomID {
				t.Fatalf("custom id %q is %d characters long", id, len(id))
			}
			c, err := ParseCustomID(id)
			if err != nil {
				t.Fatal(err)
			}
			m, ok := ResolveMoveRef(c.Move, moves)
			if !ok || m.Notation != tc.notation {
				t.Errorf("resolved %q to %q, %v; want %q", c.Move, m.Notation, ok, tc.notation)
			}
		})
	}
	if _, ok := ResolveMoveRef("#0000000000000000", moves); ok {
		t.Errorf("an unknown hash resolved")
	}
	if m, ok := ResolveMoveRef("Keep 1, 3", moves); !ok || m.Notation != "keep 1,3" {
		t.Errorf("typed notation resolved to %q, %v", m.Notation, ok)
	}
}

func FuzzParseCustomID(f *testing.F) {
	for _, s := range []string{"mv:1:2:roll", "ms:3:4", "pv:5", "mv:1:2:#abcdef0123456789", "mv::", "pv:-1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseCustomID(s)
		if err != nil {
			if !errors.Is(err, ErrBadCustomID) {
				t.Fatalf("error %v is not ErrBadCustomID", err)
			}
			return
		}
		// Whatever parses formats back to the same string.
		if got := c.String(); got != s {
			t.Fatalf("ParseCustomID(%q).String() = %q", s, got)
		}
		if c.Table <= 0 || c.Version < 0 {
			t.Fatalf("parsed %+v from %q", c, s)
		}
	})
}
