package dei

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/internal/gametest"
)

// moveKind names a move for the role table: the notation's verb.
func moveKind(notation string) string {
	verb, _, _ := strings.Cut(notation, " ")
	return verb
}

// TestTypedFacts plays whole games (the bot policy at even seeds, random
// moves at odd ones) at every table size and checks the typed facts on
// every move: each event's Seats are the seats its English and German texts
// name; each simultaneous or reaction actor has a Decision, equal for every
// seat of one window; each listed move's Role matches its kind.
func TestTypedFacts(t *testing.T) {
	configs := []map[string]string{
		nil,
		{"planning": "on", "draft": "on"},
		{"confrontation": "on", "rebellion": "on", "map": "random"},
	}
	roles := map[string]games.Role{}
	for seats := 2; seats <= 4; seats++ {
		for i, raw := range configs {
			seed := uint64(seats*10 + i)
			t.Run(fmt.Sprintf("%dp/%d", seats, i), func(t *testing.T) {
				playFacts(t, seats, raw, seed, roles)
			})
		}
	}
	tests := []struct {
		kind string
		want games.Role
	}{
		{"end", games.RoleEndTurn},
		{"pass", games.RolePass},
		{"done", games.RoleConfirm},
		{"play", games.RoleAction},
		{"down", games.RoleAction},
		{"faction", games.RoleAllot},
		{"plan", games.RoleAction},
		{"mission", games.RoleAction},
		{"land", games.RoleAction},
	}
	for _, tc := range tests {
		t.Run("role/"+tc.kind, func(t *testing.T) {
			got, ok := roles[tc.kind]
			if !ok {
				t.Fatalf("no %q move was listed in the games played", tc.kind)
			}
			if got != tc.want {
				t.Errorf("role of %q = %d, want %d", tc.kind, got, tc.want)
			}
		})
	}
}

// playFacts plays one game, checking the facts after every move; roles
// collects the role of each kind of move listed (a kind listed with two
// roles fails).
func playFacts(t *testing.T, seats int, raw map[string]string, seed uint64, roles map[string]games.Role) {
	g, _, err := Definition.Create(seats, raw, seed)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 5))
	for n := 0; !g.Status().Finished; n++ {
		if n > 20000 {
			t.Fatalf("no end after %d moves", n)
		}
		actors := g.ToAct()
		decisions := map[games.ActKind]string{}
		for _, a := range actors {
			if a.Kind == games.Turn {
				continue
			}
			if a.Decision == "" {
				t.Fatalf("move %d: %v actor %d has no Decision", n, a.Kind, a.Seat)
			}
			if d, ok := decisions[a.Kind]; ok && d != a.Decision {
				t.Fatalf("move %d: one window with Decisions %q and %q", n, d, a.Decision)
			}
			decisions[a.Kind] = a.Decision
		}
		seat := actors[r.IntN(len(actors))].Seat
		moves := g.LegalMoves(seat)
		for _, m := range moves {
			k := moveKind(m.Notation)
			if old, ok := roles[k]; ok && old != m.Role {
				t.Fatalf("move %d: %q has role %d, an earlier %s move %d", n, m.Notation, m.Role, k, old)
			}
			roles[k] = m.Role
		}
		m := moves[r.IntN(len(moves))]
		if seed%2 == 0 {
			m, _ = Definition.BotMove(g, seat, r)
		}
		next, events, err := games.Play(g, seat, m)
		if err != nil {
			t.Fatalf("move %d %q: %v", n, m.Notation, err)
		}
		for _, e := range events {
			for _, text := range []string{e.Text.EN, e.Text.DE} {
				if want := gametest.NamedSeats(text); !slices.Equal(e.Seats, want) {
					t.Errorf("move %d %q: event %q has Seats %v, its text names %v", n, m.Notation, text, e.Seats, want)
				}
			}
		}
		g = next
	}
}
