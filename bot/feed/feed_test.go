package feed

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/playbychat/pbc/games"
)

// headlineCase is a turn of testdata/headline.txt.
type headlineCase struct {
	name       string
	moves      []headlineMove
	now        []games.Seat
	want, drop []string
}

type headlineMove struct {
	seat   games.Seat
	move   games.Move
	events []games.Event
}

// readHeadlineCases parses testdata/headline.txt.
func readHeadlineCases(t *testing.T) []headlineCase {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "headline.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var cases []headlineCase
	var list *[]string // the section indented lines go to
	for n, l := range strings.Split(string(data), "\n") {
		bad := func() { t.Fatalf("headline.txt:%d: %q", n+1, l) }
		text := strings.TrimSpace(l)
		switch {
		case text == "" || strings.HasPrefix(l, "#"):
		case strings.HasPrefix(l, "== "):
			cases = append(cases, headlineCase{name: strings.TrimPrefix(l, "== ")})
			list = nil
		case len(cases) == 0:
			bad()
		case strings.HasPrefix(l, "  "):
			c := &cases[len(cases)-1]
			switch {
			case list != nil:
				*list = append(*list, text)
			case len(c.moves) > 0:
				m := &c.moves[len(c.moves)-1]
				m.events = append(m.events, games.Event{Text: games.T(text, text), Seats: fixtureSeats(text)})
			default:
				bad()
			}
		case strings.HasPrefix(l, "> "):
			f := strings.SplitN(strings.TrimPrefix(l, "> "), " ", 3)
			seat, err := strconv.Atoi(f[0])
			if len(f) != 3 || err != nil {
				bad()
			}
			c := &cases[len(cases)-1]
			c.moves = append(c.moves, headlineMove{seat: games.Seat(seat), move: games.Move{Group: f[1], Notation: f[2], Role: fixtureRoles[f[1]]}})
		case strings.HasPrefix(l, "now"):
			for _, f := range strings.Fields(strings.TrimPrefix(l, "now")) {
				seat, err := strconv.Atoi(f)
				if err != nil {
					bad()
				}
				cases[len(cases)-1].now = append(cases[len(cases)-1].now, games.Seat(seat))
			}
		case text == "want":
			list = &cases[len(cases)-1].want
		case text == "drop":
			list = &cases[len(cases)-1].drop
		default:
			bad()
		}
	}
	return cases
}

// fixtureRoles are the roles of the fixture's move groups.
var fixtureRoles = map[string]games.Role{"end": games.RoleEndTurn, "pass": games.RolePass, "ready": games.RoleConfirm}

// fixtureSeats lists the seats a fixture's event line names ({p0}, ...),
// as its engine gives them in games.Event.Seats.
func fixtureSeats(text string) []games.Seat {
	var out []games.Seat
	for _, m := range regexp.MustCompile(`\{p(\d)\}`).FindAllStringSubmatch(text, -1) {
		if s := games.Seat(m[1][0] - '0'); !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// TestHeadline checks which lines of a real turn the board's
// headline strip shows: the newest lines that matter, without the moves'
// declarations of ending a turn, passing or being ready, and without the
// opening of the next turn.
func TestHeadline(t *testing.T) {
	cases := readHeadlineCases(t)
	if len(cases) < 4 {
		t.Fatalf("%d cases in headline.txt", len(cases))
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var turn []Line
			for i, m := range c.moves {
				ls := MoveLines(m.seat, m.move, games.Text{}, m.events)
				if i == len(c.moves)-1 {
					ls = handOver(ls, c.now)
				}
				turn = append(turn, ls...)
			}
			var got []string
			for _, t := range Headline(turn) {
				got = append(got, t.EN)
			}
			if len(got) < len(c.want) || !slices.Equal(got[len(got)-len(c.want):], c.want) {
				t.Errorf("the strip's newest lines are\n  %s\nwant\n  %s", strings.Join(got[max(0, len(got)-len(c.want)):], "\n  "), strings.Join(c.want, "\n  "))
			}
			for _, d := range c.drop {
				if slices.Contains(got, d) {
					t.Errorf("the strip keeps %q", d)
				}
			}
		})
	}
}

// TestHeadlineFallback checks that a turn of bookkeeping alone still has
// its lines on the strip, and that a move with no public event is named.
func TestHeadlineFallback(t *testing.T) {
	pass := games.Move{Notation: "pass", Group: "pass", Role: games.RolePass}
	turn := MoveLines(0, pass, games.Text{}, []games.Event{{Text: games.T("{p0} passes.", "{p0} passt."), Seats: []games.Seat{0}}})
	if got := Headline(turn); len(got) != 1 || got[0].EN != "{p0} passes." {
		t.Errorf("a turn of one pass shows %+v", got)
	}
	if got := MoveLines(1, games.Move{Notation: "x"}, games.Text{}, []games.Event{{Text: games.T("secret", "geheim"), To: []games.Seat{1}}}); len(got) != 1 || got[0].EN != "{p1} moved." || got[0].Minor {
		t.Errorf("a move without public events: %+v", got)
	}
}
