package xibalba

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/internal/gametest"
)

// checkFacts checks the typed facts of a position and of the events that
// led to it: every event's Seats are the seats its English text names, in
// order, and its German text names the same; every out-of-turn actor has a
// Decision key; every actor has a choice (no forced waits).
func checkFacts(t *testing.T, g games.Game, ev []games.Event, where string) {
	t.Helper()
	for _, e := range ev {
		en, de := gametest.NamedSeats(e.Text.EN), gametest.NamedSeats(e.Text.DE)
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
		// No seat is woken for a decision without a choice: the engine
		// makes such steps itself (advance).
		choices := 0
		for _, m := range g.LegalMoves(a.Seat) {
			if m.Group != games.SettingGroup {
				choices++
			}
		}
		if choices < 2 {
			t.Fatalf("%s: seat %d must act with %d moves to choose from", where, a.Seat, choices)
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

// TestExplainEveryText tries texts near the legal moves (every digit
// changed, an argument dropped or added) and some that are no moves at
// all, in positions of self-played games: Explain answers every text that
// is not legal with a reason in both languages, and never one that is.
func TestExplainEveryText(t *testing.T) {
	others := []string{"", "fly away", "attack", "buy soldier", "move s01", "destroy", "pool 9r9a", "reroll 0", "use", "policy block=maybe"}
	for seats := 2; seats <= 4; seats++ {
		t.Run(fmt.Sprintf("%dp", seats), func(t *testing.T) {
			g, _, err := Definition.Create(seats, map[string]string{"factions": "choose"}, uint64(seats))
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(uint64(seats), 9))
			for i := 0; i < 20000 && !g.Status().Finished; i++ {
				if i%5 == 0 {
					explainAround(t, g.(*game), others)
				}
				seat := g.ToAct()[0].Seat
				m, _ := Definition.BotMove(g, seat, r)
				if g, _, err = games.Play(g, seat, m); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

func explainAround(t *testing.T, g *game, others []string) {
	t.Helper()
	for seat := games.Seat(0); int(seat) < g.Seats(); seat++ {
		legal := g.LegalMoves(seat)
		texts := slices.Clone(others)
		for _, m := range legal {
			n := m.Notation
			texts = append(texts, n+" p2", n[:max(0, len(n)-3)])
			for j := range len(n) {
				if n[j] >= '0' && n[j] <= '9' {
					for _, d := range "0159" {
						texts = append(texts, n[:j]+string(d)+n[j+1:])
					}
				}
			}
		}
		for _, text := range texts {
			_, isLegal := games.Match(legal, text)
			err := g.Explain(seat, text)
			re, ok := games.AsRuleError(err)
			switch {
			case isLegal && err != nil:
				t.Fatalf("seat %d: Explain(%q) = %v for a legal move", seat, text, err)
			case !isLegal && (!ok || re.Reason.EN == "" || re.Reason.DE == ""):
				t.Fatalf("seat %d: Explain(%q) = %v, want a reason\n%s", seat, text, err, g.View(games.Spectator).Describe(games.English))
			}
		}
	}
}
