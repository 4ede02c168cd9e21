package games_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"testing"

	"github.com/playbychat/pbc/games"
)

// counter is a minimal game for testing the platform helpers: seats take
// turns adding 1 or 2 to a shared total; whoever reaches the target wins.
type counter struct {
	N      int `json:"n"`
	Total  int `json:"total"`
	Target int `json:"target"`
	Turn   int `json:"turn"`
	Winner int `json:"winner"` // -1 while running
}

type counterView struct{ c counter }

func (v counterView) GameID() string             { return "counter" }
func (v counterView) Viewer() games.Seat         { return games.Spectator }
func (v counterView) Describe(games.Lang) string { return fmt.Sprintf("total %d", v.c.Total) }

func (c *counter) Seats() int { return c.N }
func (c *counter) ToAct() []games.Actor {
	if c.Winner >= 0 {
		return nil
	}
	return []games.Actor{{Seat: games.Seat(c.Turn), Kind: games.Turn}}
}
func (c *counter) LegalMoves(s games.Seat) []games.Move {
	if c.Winner >= 0 || int(s) != c.Turn {
		return nil
	}
	return []games.Move{{Notation: "add 1"}, {Notation: "add 2"}}
}
func (c *counter) Apply(s games.Seat, m games.Move) (games.Game, []games.Event, error) {
	notation := m.Notation
	n, err := strconv.Atoi(notation[len("add "):])
	if err != nil {
		return nil, nil, games.ErrIllegalMove
	}
	next := *c
	next.Total += n
	if next.Total >= next.Target {
		next.Winner = int(s)
	}
	next.Turn = (next.Turn + 1) % next.N
	return &next, []games.Event{{Text: games.T(games.Seatf(s)+" adds "+strconv.Itoa(n), "")}}, nil
}
func (c *counter) View(games.Seat) games.View { return counterView{*c} }
func (c *counter) Status() games.Status {
	if c.Winner < 0 {
		return games.Status{}
	}
	return games.Status{Finished: true, Winners: []games.Seat{games.Seat(c.Winner)}}
}
func (c *counter) MarshalState() ([]byte, error) { return json.Marshal(c) }

var counterDef = &games.Definition{
	ID:       "counter",
	Name:     games.T("Counter", "Zähler"),
	MinSeats: 2,
	MaxSeats: 3,
	Options: []games.OptionSpec{
		{Key: "target", Kind: games.IntOption, Min: 3, Max: 30, Default: func(seats int) string { return strconv.Itoa(5 * seats) }},
		{Key: "fast", Kind: games.BoolOption, Default: func(int) string { return "false" }},
		{Key: "mode", Kind: games.ChoiceOption, Choices: []games.Choice{{Value: "plain"}, {Value: "wild"}}, Default: func(int) string { return "plain" }},
	},
	New: func(s games.Setup) (games.Game, error) {
		return &counter{N: s.Seats, Target: s.Options.Int("target"), Winner: -1}, nil
	},
	Restore: func(data []byte) (games.Game, error) {
		var c counter
		err := json.Unmarshal(data, &c)
		return &c, err
	},
}

func init() { games.Register(counterDef) }

func TestResolveOptions(t *testing.T) {
	tests := []struct {
		name    string
		text    string
		seats   int
		want    games.Options
		wantErr bool
	}{
		{"defaults", "", 2, games.Options{"target": "10", "fast": "false", "mode": "plain"}, false},
		{"default depends on seats", "", 3, games.Options{"target": "15", "fast": "false", "mode": "plain"}, false},
		{"bare key is true", "fast", 2, games.Options{"target": "10", "fast": "true", "mode": "plain"}, false},
		{"german words and commas", "fast=ja, target=7,mode=WILD", 2, games.Options{"target": "7", "fast": "true", "mode": "wild"}, false},
		{"unknown key", "speed=3", 2, nil, true},
		{"int out of range", "target=99", 2, nil, true},
		{"not a number", "target=abc", 2, nil, true},
		{"bad bool", "fast=maybe", 2, nil, true},
		{"bad choice", "mode=odd", 2, nil, true},
		{"duplicate", "fast fast=off", 2, nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			raw, err := games.ParseOptions(tt.text)
			var got games.Options
			if err == nil {
				got, err = counterDef.ResolveOptions(raw, tt.seats)
			}
			if tt.wantErr {
				if _, ok := games.AsRuleError(err); !ok {
					t.Fatalf("got %v, %v; want a rule error", got, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

func TestCreateChecksSeats(t *testing.T) {
	for _, seats := range []int{1, 4} {
		if _, _, err := counterDef.Create(seats, nil, 1); err == nil {
			t.Errorf("Create with %d seats succeeded", seats)
		}
	}
}

func TestPlay(t *testing.T) {
	g, _, err := counterDef.Create(2, map[string]string{"target": "3"}, 1)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		seat games.Seat
		move string
		want error
	}{
		{"out of turn", 1, "add 1", games.ErrNotYourTurn},
		{"not a legal move", 0, "add 3", games.ErrIllegalMove},
		{"spectator", games.Spectator, "add 1", games.ErrNotYourTurn},
		{"legal with odd spacing and case", 0, "  ADD   2 ", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			next, _, err := games.PlayText(g, tt.seat, tt.move)
			if !errors.Is(err, tt.want) {
				t.Fatalf("Play = %v, want %v", err, tt.want)
			}
			if err == nil && next.(*counter).Total != 2 {
				t.Errorf("total = %d, want 2", next.(*counter).Total)
			}
		})
	}
	if g.(*counter).Total != 0 {
		t.Error("Play changed the original game")
	}
	done, _, _ := games.PlayText(g, 0, "add 2")
	done, _, _ = games.PlayText(done, 1, "add 1")
	if !done.Status().Finished {
		t.Fatal("game should be finished")
	}
	if _, _, err := games.PlayText(done, 0, "add 1"); !errors.Is(err, games.ErrGameOver) {
		t.Errorf("move after the end: %v, want ErrGameOver", err)
	}
}

func TestReplay(t *testing.T) {
	rec := games.Record{Game: "counter", Seats: 2, Options: map[string]string{"target": "5"}, Seed: 9,
		Moves: []games.RecordedMove{{Seat: 0, Notation: "add 2"}, {Seat: 1, Notation: "add 2"}, {Seat: 0, Notation: "add 1"}}}
	g, err := games.Replay(rec)
	if err != nil {
		t.Fatal(err)
	}
	if st := g.Status(); !st.Finished || st.Winners[0] != 0 {
		t.Errorf("status = %+v, want seat 0 to win", st)
	}
	h1, _ := games.Hash(g)
	again, _ := games.Replay(rec)
	h2, _ := games.Hash(again)
	if h1 != h2 || len(h1) != 64 {
		t.Errorf("replay hashes differ or malformed: %q %q", h1, h2)
	}
	rec.Moves[1].Seat = 0
	if _, err := games.Replay(rec); !errors.Is(err, games.ErrNotYourTurn) {
		t.Errorf("replay of a bad record: %v, want ErrNotYourTurn", err)
	}
	if _, err := games.Replay(games.Record{Game: "nope"}); err == nil {
		t.Error("replay of an unknown game succeeded")
	}
}

func TestFormatSeats(t *testing.T) {
	names := []string{"Ann", "Bo"}
	tests := map[string]string{
		"{p0} attacks {p1}":   "Ann attacks Bo",
		"{p2} waits":          "Player 3 waits",
		"no placeholders":     "no placeholders",
		"{px} and {p1":        "{px} and {p1",
		"{p1}{p0}{p1}":        "BoAnnBo",
		"braces {} stay {p0}": "braces {} stay Ann",
	}
	for in, want := range tests {
		if got := games.FormatSeats(in, names); got != want {
			t.Errorf("FormatSeats(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestEventVisibility(t *testing.T) {
	public := games.Event{}
	private := games.Event{To: []games.Seat{1}}
	if !public.VisibleTo(games.Spectator) || private.VisibleTo(games.Spectator) || private.VisibleTo(0) || !private.VisibleTo(1) {
		t.Error("event visibility wrong")
	}
}

func FuzzParseOptions(f *testing.F) {
	for _, s := range []string{"", "fast", "target=7 mode=wild", "a=b=c", ",,;", "=x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		raw, err := games.ParseOptions(s)
		if err != nil {
			if _, ok := games.AsRuleError(err); !ok {
				t.Fatalf("non-rule error %v", err)
			}
			return
		}
		if _, err := counterDef.ResolveOptions(raw, 2); err != nil {
			if _, ok := games.AsRuleError(err); !ok {
				t.Fatalf("non-rule error %v", err)
			}
		}
	})
}

func TestPickNotation(t *testing.T) {
	p := games.Pick{Prefix: "reroll", Items: games.IndexItems([]games.Text{games.T("a", ""), games.T("b", ""), games.T("c", "")})}
	tests := []struct {
		values []string
		want   string
	}{
		{[]string{"3", "1"}, "reroll 1,3"},
		{[]string{"2"}, "reroll 2"},
		{[]string{"9", "2"}, "reroll 2,9"},
	}
	for _, tt := range tests {
		if got := p.Notation(tt.values); got != tt.want {
			t.Errorf("Notation(%v) = %q, want %q", tt.values, got, tt.want)
		}
	}
}
