package component

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/playbychat/pbc/games"
)

func TestCustomIDRoundTrip(t *testing.T) {
	tests := []struct {
		name string
		id   ID
		want string
	}{
		{name: "button", id: ID{Kind: MoveButton, Table: 12, Decision: "0a1b2c3", Move: "play 7"}, want: "mv:12:0a1b2c3:play 7"},
		{name: "button with colons", id: ID{Kind: MoveButton, Table: 1, Decision: "zzzzzzz", Move: "go a:b:c"}, want: "mv:1:zzzzzzz:go a:b:c"},
		{name: "select", id: ID{Kind: MoveSelect, Table: 9, Decision: "0000000"}, want: "ms:9:0000000:0"},
		{name: "select further on", id: ID{Kind: MoveSelect, Table: 9, Decision: "abcdefg", Offset: 24}, want: "ms:9:abcdefg:24"},
		{name: "private", id: ID{Kind: ChoosePrivately, Table: 5}, want: "pv:5"},
		{name: "pick", id: ID{Kind: PickSelect, Table: 7, Decision: "x1y2z3a", Pick: 1}, want: "pk:7:x1y2z3a:1"},
		{name: "setting", id: ID{Kind: SettingSelect, Table: 3}, want: "st:3"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := tc.id.String()
			if s != tc.want {
				t.Fatalf("String() = %q, want %q", s, tc.want)
			}
			got, err := Parse(s)
			if err != nil {
				t.Fatalf("Parse(%q): %v", s, err)
			}
			if got != tc.id {
				t.Errorf("Parse(%q) = %+v, want %+v", s, got, tc.id)
			}
		})
	}
}

func TestParseCustomIDRejects(t *testing.T) {
	for _, s := range []string{
		"", "mv", "mv:1", "mv:1:abcdefg", "mv:1:abcdefg:", "mv:x:abcdefg:roll", "mv:0:abcdefg:roll", "mv:01:abcdefg:roll",
		"mv:1:ABCDEFG:roll", "mv:1:abcdef:roll", "mv:1:abcdefgh:roll", "mv:1:abc-efg:roll",
		"ms:1", "ms:1:abcdefg", "ms:1:abcdefg:x", "ms:1:abcdefg:01", "ms:1:abcdefg:-1", "pv:", "pv:1:2", "zz:1:abcdefg:roll", strings.Repeat("a", 101),
		"pk:1:abcdefg", "pk:1:abcdefg:x", "pk:1:abcdefg:-1", "pk:1:abcdefg:01", "pk:1:abcdefg:3:4", "st:", "st:1:2",
		// The earlier format, with the table's version: stale.
		"mv:12:3:play 7", "ms:9:41", "pk:7:2:1", "st:3:8",
	} {
		t.Run(s, func(t *testing.T) {
			if _, err := Parse(s); !errors.Is(err, ErrBadID) {
				t.Errorf("Parse(%q) error %v, want ErrBadID", s, err)
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
			id := MoveButtonID(123456, "abcdefg", tc.notation)
			if len(id) > MaxID {
				t.Fatalf("custom id %q is %d characters long", id, len(id))
			}
			c, err := Parse(id)
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
	for _, s := range []string{"mv:1:abcdefg:roll", "ms:3:0000000:4", "pv:5", "st:6", "pk:7:zzzzzzz:0", "mv:1:abcdefg:#abcdef0123456789", "mv::", "pv:-1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := Parse(s)
		if err != nil {
			if !errors.Is(err, ErrBadID) {
				t.Fatalf("error %v is not ErrBadID", err)
			}
			return
		}
		// Whatever parses formats back to the same string.
		if got := c.String(); got != s {
			t.Fatalf("Parse(%q).String() = %q", s, got)
		}
		if c.Table <= 0 || c.Offset < 0 || c.Pick < 0 {
			t.Fatalf("parsed %+v from %q", c, s)
		}
	})
}

// fixedGame is a game whose seats 0 and 1 act as its actors say, with the
// given moves.
type fixedGame struct {
	games.Game
	actors []games.Actor
	moves  map[games.Seat][]games.Move
}

func (g *fixedGame) ToAct() []games.Actor                 { return g.actors }
func (g *fixedGame) LegalMoves(s games.Seat) []games.Move { return g.moves[s] }

// TestFingerprint checks what changes a seat's decision fingerprint: its
// own decision and moves, never another seat's moves or its own standing
// choices.
func TestFingerprint(t *testing.T) {
	sim := func(seat games.Seat, key string) games.Actor {
		return games.Actor{Seat: seat, Kind: games.Simultaneous, Decision: key, Prompt: games.T("Buy.", "Kaufen.")}
	}
	buy := []games.Move{{Notation: "buy t1"}, {Notation: "ready", Role: games.RoleConfirm}}
	base := &fixedGame{actors: []games.Actor{sim(0, "buy:1"), sim(1, "buy:1")}, moves: map[games.Seat][]games.Move{0: buy, 1: buy}}
	want := Fingerprint(base, 0)
	if !isFingerprint(want) {
		t.Fatalf("fingerprint %q", want)
	}
	for _, tc := range []struct {
		name string
		g    *fixedGame
		same bool
	}{
		{"the other seat is done", &fixedGame{actors: []games.Actor{sim(0, "buy:1")}, moves: map[games.Seat][]games.Move{0: buy}}, true},
		{"a standing choice of its own", &fixedGame{actors: base.actors, moves: map[games.Seat][]games.Move{0: append(slices.Clone(buy), games.Move{Notation: "autopass on", Group: games.SettingGroup})}}, true},
		{"another prompt, same decision", &fixedGame{actors: []games.Actor{{Seat: 0, Kind: games.Simultaneous, Decision: "buy:1", Prompt: games.T("Shop.", "Laden.")}}, moves: base.moves}, true},
		{"the next phase", &fixedGame{actors: []games.Actor{sim(0, "buy:2")}, moves: base.moves}, false},
		{"a move less", &fixedGame{actors: base.actors, moves: map[games.Seat][]games.Move{0: buy[1:]}}, false},
		{"its turn instead", &fixedGame{actors: []games.Actor{{Seat: 0, Kind: games.Turn, Decision: "buy:1"}}, moves: base.moves}, false},
		{"not acting", &fixedGame{moves: base.moves}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Fingerprint(tc.g, 0); (got == want) != tc.same {
				t.Errorf("fingerprint %q, was %q: same %v, want %v", got, want, got == want, tc.same)
			}
		})
	}
}
