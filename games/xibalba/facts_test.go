package xibalba

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"testing"

	"github.com/playbychat/pbc/games"
)

var placeholder = regexp.MustCompile(`\{p(\d)\}`)

// placeholders lists the seats a text names, in order of first mention.
func placeholders(text string) []games.Seat {
	var out []games.Seat
	for _, m := range placeholder.FindAllStringSubmatch(text, -1) {
		n, _ := strconv.Atoi(m[1])
		if s := games.Seat(n); !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// checkFacts checks the typed facts of a position and of the events that
// led to it: every event's Seats are the seats its English text names, in
// order, and its German text names the same; every out-of-turn actor has a
// Decision key.
func checkFacts(t *testing.T, g games.Game, ev []games.Event, where string) {
	t.Helper()
	for _, e := range ev {
		en, de := placeholders(e.Text.EN), placeholders(e.Text.DE)
		if !slices.Equal(e.Seats, en) {
			t.Fatalf("%s: event %q has Seats %v, its text names %v", where, e.Text.EN, e.Seats, en)
		}
		slices.Sort(en)
		slices.Sort(de)
		if !slices.Equal(en, de) {
			t.Fatalf("%s: event %q names %v, its German text %q names %v", where, e.Text.EN, en, e.Text.DE, de)
		}
	}
	for _, a := range g.ToAct() {
		if a.Kind != games.Turn && a.Decision == "" {
			t.Fatalf("%s: seat %d acts out of turn (kind %d) without a Decision", where, a.Seat, a.Kind)
		}
		if a.Kind == games.Turn && a.Decision != "" {
			t.Fatalf("%s: seat %d's ordinary turn has Decision %q", where, a.Seat, a.Decision)
		}
	}
}

func TestTypedFactsInSelfPlay(t *testing.T) {
	for seats := 2; seats <= 4; seats++ {
		for seed := uint64(1); seed <= 3; seed++ {
			t.Run(fmt.Sprintf("%dp/seed%d", seats, seed), func(t *testing.T) {
				raw := map[string]string{"apocalypse": fmt.Sprint(seed == 2), "factions": "random"}
				if seed == 3 {
					raw["factions"] = "choose"
				}
				g, _, err := Definition.Create(seats, raw, 100*seed+uint64(seats))
				if err != nil {
					t.Fatal(err)
				}
				checkFacts(t, g, nil, "setup")
				r := rand.New(rand.NewPCG(seed, 0))
				windows, last := 0, ""
				for i := 0; i < 20000 && !g.Status().Finished; i++ {
					seat := g.ToAct()[0].Seat
					m, _ := Definition.BotMove(g, seat, r)
					n := m.Notation
					next, ev, err := games.Play(g, seat, m)
					if err != nil {
						t.Fatalf("move %d: seat %d %q: %v", i+1, seat, n, err)
					}
					if a := next.ToAct(); len(a) > 0 && a[0].Kind == games.Reaction && g.ToAct()[0].Kind != games.Reaction {
						windows++
						if a[0].Decision == last {
							t.Fatalf("move %d %q: a new block window has the key %q of the last one", i+1, n, last)
						}
						last = a[0].Decision
					}
					checkFacts(t, next, ev, fmt.Sprintf("move %d %q", i+1, n))
					g = next
				}
				if !g.Status().Finished {
					t.Fatal("the game did not finish")
				}
				if windows == 0 && seed == 1 {
					t.Error("no block window was opened")
				}
			})
		}
	}
}

func TestMoveRoles(t *testing.T) {
	const action = `
seats 2
turn p1 action
p1 faction=rebels level=2 res=20 warhost=s01 f1=c06 f2=c07
p2 faction=rouge warhost=s23 policy=ask
ark s45 p1 6
kept atk r2`
	for _, tc := range []struct {
		name, fixture string
		before        []string // moves played first
		move          string
		want          games.Role
	}{
		{"ending the turn", action, nil, "end", games.RoleEndTurn},
		{"gathering", action, nil, "gather", games.RoleAction},
		{"attacking a base", action, nil, "attack p2 1", games.RoleAction},
		{"a standing choice", action, nil, "policy block=never", games.RoleAction},
		{"declining to block", action, []string{"p1: attack p2 1"}, "noblock", games.RolePass},
		{"blocking", action, []string{"p1: attack p2 1"}, "block", games.RoleAction},
		{"starting to re-organize", action, nil, "reorganize", games.RoleAction},
		{"finishing a re-organization", action, []string{"p1: reorganize"}, "done", games.RoleConfirm},
		{"keeping all dice", "seats 2\nturn p1 roll\np1 faction=rebels\np2 faction=rouge\nrolled r1 blank\nrerolls 1", nil, "keep all", games.RoleAction},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, _ := play(t, fixture(t, tc.fixture), tc.before...)
			seat := st(g).Current
			if b := st(g).Turn.Block; b != nil {
				seat = b.Defender
			}
			m, ok := games.FindMove(g, seat, tc.move)
			if !ok {
				t.Fatalf("%q is not listed: %v", tc.move, notations(g.LegalMoves(seat)))
			}
			if m.Role != tc.want {
				t.Errorf("%q has role %d, want %d", tc.move, m.Role, tc.want)
			}
		})
	}
}
