package armageddon

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/internal/gametest"
)

// sameSet reports whether a and b hold the same seats.
func sameSet(a, b []games.Seat) bool {
	return len(a) == len(b) && !slices.ContainsFunc(a, func(s games.Seat) bool { return !slices.Contains(b, s) })
}

// TestTypedFacts plays whole games (the policy and random moves, both
// table sizes) and checks the typed facts the platform decides from:
// every event's Seats are the seats its texts name (in English in the
// order of first mention), every simultaneous or out-of-turn actor has a
// decision key shared by all seats of its window, and the roles of known
// moves.
func TestTypedFacts(t *testing.T) {
	roles := map[string]games.Role{}
	for _, tc := range []struct {
		seats  int
		seed   uint64
		policy bool
	}{
		{3, 11, true}, {4, 12, true}, {3, 13, false}, {4, 14, false},
	} {
		t.Run(fmt.Sprintf("%dp-seed%d-policy%v", tc.seats, tc.seed, tc.policy), func(t *testing.T) {
			g, _, err := Definition.Create(tc.seats, map[string]string{"screens": "closed"}, tc.seed)
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(tc.seed, 5))
			for n := 0; !g.Status().Finished; n++ {
				actors := g.ToAct()
				checkDecisions(t, n, actors)
				seat := actors[r.IntN(len(actors))].Seat
				moves := g.LegalMoves(seat)
				for _, m := range moves {
					roles[m.Notation] = m.Role
					for _, l := range []string{m.Label.EN, m.Label.DE} {
						if strings.HasSuffix(l, "…") {
							t.Fatalf("move %d: %q has a cut label %q", n, m.Notation, l)
						}
					}
				}
				m := moves[r.IntN(len(moves))]
				if tc.policy {
					m = Definition.Policy(g.View(seat), moves, r)
				}
				next, events, err := games.Play(g, seat, m)
				if err != nil {
					t.Fatalf("move %d %q: %v", n, m.Notation, err)
				}
				for _, e := range events {
					if want := gametest.NamedSeats(e.Text.EN); !slices.Equal(e.Seats, want) {
						t.Fatalf("move %d: event %q has Seats %v, its text names %v", n, e.Text.EN, e.Seats, want)
					}
					if !sameSet(e.Seats, gametest.NamedSeats(e.Text.DE)) {
						t.Fatalf("move %d: event %q has Seats %v, its German text names %v", n, e.Text.DE, e.Seats, gametest.NamedSeats(e.Text.DE))
					}
				}
				g = next
			}
		})
	}
	for _, tc := range []struct {
		notation string
		want     games.Role
	}{
		{"done", games.RoleEndTurn},
		{"build box", games.RolePass},
		{"build 3", games.RoleAction},
		{"bid city 0", games.RoleAction},
		{"bid explore 0", games.RoleAction},
		{"take 1", games.RoleAction},
		{"release g1", games.RoleAction},
	} {
		t.Run("role "+tc.notation, func(t *testing.T) {
			got, ok := roles[tc.notation]
			if !ok {
				t.Fatalf("%q was never offered", tc.notation)
			}
			if got != tc.want {
				t.Errorf("role %v, want %v", got, tc.want)
			}
		})
	}
}

// checkDecisions checks the decision keys of one state's actors.
func checkDecisions(t *testing.T, n int, actors []games.Actor) {
	t.Helper()
	var window string
	for _, a := range actors {
		switch a.Kind {
		case games.Turn:
			if a.Decision != "" {
				t.Fatalf("move %d: seat %d's turn has the decision key %q", n, a.Seat, a.Decision)
			}
		case games.Simultaneous, games.Reaction:
			if a.Decision == "" {
				t.Fatalf("move %d: seat %d acts out of turn without a decision key", n, a.Seat)
			}
			if window != "" && a.Decision != window {
				t.Fatalf("move %d: one window with the keys %q and %q", n, window, a.Decision)
			}
			window = a.Decision
		}
	}
}

// TestBuildingLabels checks that a building of the display is offered by
// its name, type and shelter, in both languages.
func TestBuildingLabels(t *testing.T) {
	g := with(table(t), func(s *state) { s.Phase, s.Order, s.Step = phaseBuild, []int{nikki}, 0 })
	for _, tc := range []struct {
		id     string
		en, de string
	}{
		{"b01", "Command Post (headquarters, shelter 5)", "Kommandoposten (Hauptquartier, Unterkunft 5)"},
		{"b06", "Dormitory (civil, shelter 4)", "Schlafsaal (Zivil, Unterkunft 4)"},
	} {
		t.Run(tc.id, func(t *testing.T) {
			g := with(g, func(s *state) { s.BuildDisplay[0].Card = g.cs.building[tc.id] })
			m := g.LegalMoves(nikki)[0]
			if m.Notation != "take 1" || m.Label.EN != tc.en || m.Label.DE != tc.de {
				t.Errorf("%s labelled %q / %q, want %q / %q", m.Notation, m.Label.EN, m.Label.DE, tc.en, tc.de)
			}
		})
	}
}

// pieceVerbs are the verbs whose moves act on a piece of the catalogue.
var pieceVerbs = []string{verbBid, verbTake, verbBuild, verbDiscard, verbKeep, verbScore, verbExtension, verbUse}

// TestMovePieces plays whole games (every legal move of the acting seat,
// so that each verb is met), checks that the final table starts from the
// score before it, and checks that every move of a verb
// that acts on a piece names one the Catalog lists, that other moves name
// none, and that every verb of pieceVerbs was seen with its piece.
func TestMovePieces(t *testing.T) {
	cat := map[string]games.Card{}
	for _, c := range DefaultCardSet().Catalog() {
		cat[c.ID] = c
	}
	seen := map[string]bool{}
	for _, tc := range []struct {
		seats  int
		seed   uint64
		policy bool
	}{
		{3, 21, true}, {4, 22, true}, {4, 23, false},
	} {
		t.Run(fmt.Sprintf("%dp-seed%d-policy%v", tc.seats, tc.seed, tc.policy), func(t *testing.T) {
			g, _, err := Definition.Create(tc.seats, nil, tc.seed)
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(tc.seed, 7))
			for n := 0; !g.Status().Finished; n++ {
				actors := g.ToAct()
				seat := actors[r.IntN(len(actors))].Seat
				moves := g.LegalMoves(seat)
				for _, m := range moves {
					verb := m.Payload.(move).Verb
					wants := slices.Contains(pieceVerbs, verb)
					if _, ok := cat[m.Piece]; ok != wants {
						t.Fatalf("move %d: %q names the piece %q (in the catalog: %v)", n, m.Notation, m.Piece, ok)
					}
					seen[verb] = seen[verb] || wants
					if strings.HasSuffix(m.Label.EN, "…") || strings.HasSuffix(m.Label.DE, "…") {
						t.Fatalf("move %d: %q has a cut label %q / %q", n, m.Notation, m.Label.EN, m.Label.DE)
					}
				}
				m := moves[r.IntN(len(moves))]
				if tc.policy {
					m = Definition.Policy(g.View(seat), moves, r)
				}
				before := g.View(games.Spectator).(*View).Players
				if g, _, err = games.Play(g, seat, m); err != nil {
					t.Fatalf("move %d %q: %v", n, m.Notation, err)
				}
				if v := g.View(games.Spectator).(*View); v.Finished {
					for seat, f := range v.Final {
						// A score never falls below 0: where a loss could
						// have been cut there, the columns cannot say it.
						losses := min(0, f.Public) + min(0, f.Private) + min(0, f.Equipment) + min(0, f.Damage) + min(0, f.Plunderer)
						if before[seat].Score+losses >= 0 && f.Before != before[seat].Score {
							t.Errorf("seat %d: the final table starts from %d, the score before it was %d", seat, f.Before, before[seat].Score)
						}
					}
				}
			}
		})
	}
	for _, verb := range pieceVerbs {
		if !seen[verb] {
			t.Errorf("no %q move with a piece was offered", verb)
		}
	}
}
