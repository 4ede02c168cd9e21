package xenoshyft

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/internal/botplay"
	"github.com/playbychat/pbc/games/internal/gametest"
)

// checkTypedFacts checks the typed facts of one state and the events that
// led to it: every event's Seats are the seats its texts name, every actor
// of a simultaneous phase or reaction window has a Decision shared by all
// actors, and a seat has one decision move at least and one pass at most, and at most one pass.
func checkTypedFacts(t *testing.T, g games.Game, events []games.Event) {
	t.Helper()
	for _, e := range events {
		en, de := gametest.NamedSeats(e.Text.EN), gametest.NamedSeats(e.Text.DE)
		if !slices.Equal(e.Seats, en) || !slices.Equal(e.Seats, de) {
			t.Fatalf("event %q / %q: Seats %v, texts name %v / %v", e.Text.EN, e.Text.DE, e.Seats, en, de)
		}
	}
	acts := g.ToAct()
	for _, a := range acts {
		if a.Kind != games.Turn && a.Decision == "" {
			t.Fatalf("actor %+v of kind %d has no Decision", a, a.Kind)
		}
		if a.Decision != acts[0].Decision {
			t.Fatalf("actors of one state ask different decisions: %+v", acts)
		}
		moves := botplay.Decisions(g.LegalMoves(a.Seat))
		if len(moves) == 0 {
			t.Fatalf("actor %+v has no decision move", a)
		}
		passes := 0
		for _, m := range moves {
			if m.Role == games.RolePass {
				passes++
			}
		}
		if passes > 1 {
			t.Fatalf("seat %d has %d passes: %v", a.Seat, passes, moves)
		}
	}
}

// TestTypedFacts plays whole games with the bot policy at every seat, at
// every table size, and checks the typed facts after every move: a
// decision key, once left, never comes back.
func TestTypedFacts(t *testing.T) {
	for seats := 1; seats <= 4; seats++ {
		for _, seed := range []uint64{1, 2} {
			t.Run(fmt.Sprintf("%dp seed %d", seats, seed), func(t *testing.T) {
				raw := map[string]string{"divisions": []string{"random", "choose"}[seed%2]}
				g, _, err := Definition.Create(seats, raw, seed)
				if err != nil {
					t.Fatal(err)
				}
				r := rand.New(rand.NewPCG(seed, 7))
				var keys []string
				for step := 0; !g.Status().Finished; step++ {
					if step > 20000 {
						t.Fatal("the game does not end")
					}
					checkTypedFacts(t, g, nil)
					acts := g.ToAct()
					if k := acts[0].Decision; len(keys) == 0 || keys[len(keys)-1] != k {
						if slices.Contains(keys, k) {
							t.Fatalf("decision %q comes back after %v", k, keys[len(keys)-1])
						}
						keys = append(keys, k)
					}
					a := acts[r.IntN(len(acts))]
					m := Definition.Policy(g.View(a.Seat), botplay.Decisions(g.LegalMoves(a.Seat)), r)
					next, events, err := games.Play(g, a.Seat, m)
					if err != nil {
						t.Fatalf("%q: %v", m.Notation, err)
					}
					checkTypedFacts(t, next, events)
					g = next
				}
			})
		}
	}
}

// TestMoveRoles checks the Role of known moves.
func TestMoveRoles(t *testing.T) {
	supply := supplyGame(t)
	tb := newTable(t, 2)
	tb.enemy(0, "skitterling", true)
	tb.troop(0, "trooper")
	tb.combat(0, 1)
	tests := []struct {
		name     string
		g        games.Game
		notation string
		want     games.Role
	}{
		{"ready ends a seat's supply", supply, "ready", games.RoleConfirm},
		{"a purchase is an action", supply, "buy t1", games.RoleAction},
		{"autopass is a standing choice, an action", supply, "autopass on", games.RoleAction},
		{"pass declines a reaction", tb.g, "pass", games.RolePass},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, ok := games.FindMove(tc.g, 0, tc.notation)
			if !ok {
				t.Fatalf("%q is not legal", tc.notation)
			}
			if m.Role != tc.want {
				t.Errorf("%q has role %d, want %d", tc.notation, m.Role, tc.want)
			}
		})
	}
}

// TestApplyTakesListedMoves checks that Apply plays a listed move from its
// payload and refuses a move that LegalMoves did not list.
func TestApplyTakesListedMoves(t *testing.T) {
	g := supplyGame(t)
	tests := []struct {
		name  string
		move  games.Move
		legal bool
	}{
		{"a listed move", mustFind(t, g, 0, "ready"), true},
		{"a notation without payload", games.Move{Notation: "ready"}, false},
		{"another engine's payload", games.Move{Notation: "ready", Payload: "ready"}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			next, _, err := g.Apply(0, tc.move)
			if tc.legal {
				if err != nil || !next.(*Game).s.Players[0].Ready {
					t.Fatalf("Apply: %v", err)
				}
				return
			}
			if !errors.Is(err, games.ErrIllegalMove) {
				t.Errorf("Apply = %v, want ErrIllegalMove", err)
			}
		})
	}
}

func mustFind(t *testing.T, g games.Game, seat games.Seat, notation string) games.Move {
	t.Helper()
	m, ok := games.FindMove(g, seat, notation)
	if !ok {
		t.Fatalf("%q is not legal", notation)
	}
	return m
}

// TestPassesToldOnce checks that a reaction window's passes are told once,
// when the last seat passes, and that a seat with nothing to play has the
// pass as its only decision move, so that the platform may make it.
func TestPassesToldOnce(t *testing.T) {
	tb := newTable(t, 2)
	tb.emptyHands()
	tb.enemy(0, "skitterling", true)
	tb.troop(0, "trooper")
	tb.combat(0, 1)
	tb.check()
	if m, ok := games.Forced(tb.g.LegalMoves(1)); !ok || m.Notation != "pass" {
		t.Errorf("seat 1 with nothing to play: forced move %q %v, want pass", m.Notation, ok)
	}
	if events := tb.play(0, "pass"); len(events) != 0 {
		t.Errorf("the first pass tells %v, want nothing", events)
	}
	events := tb.play(1, "pass")
	if len(events) == 0 || events[0].Text.EN != "No reactions in lane 1." || events[0].Text.DE != "Keine Reaktionen in Reihe 1." {
		t.Errorf("the last pass tells %v, want the window closed without reactions", events)
	}
}

// TestReactionWindowKey checks that a reaction window keeps its Decision key
// while it is open, even when its front troop dies inside it, and that the
// next window against the same enemy (after a fight it survived) has a key
// of its own.
func TestReactionWindowKey(t *testing.T) {
	tb := newTable(t, 2)
	tb.g.s.Round = 4
	tb.troop(0, "militia")
	tb.troop(0, "militia")
	ravager := tb.enemy(0, "ravager", true)
	tb.combat(0, 1)
	tb.g.s.Combat.Opened = 1
	tb.check()
	first := tb.g.ToAct()[0].Decision

	killed := &Game{cs: tb.g.cs, s: tb.g.s.clone()}
	l := &killed.s.Lanes[0]
	killed.s.Players[0].Discard = append(killed.s.Players[0].Discard, l.Troops[0].ID)
	l.Troops = l.Troops[1:]
	if got := killed.ToAct()[1].Decision; got != first {
		t.Errorf("the front troop died inside the window: key %q, want %q", got, first)
	}

	tb.play(0, "pass")
	if got := tb.g.ToAct()[0].Decision; got != first {
		t.Errorf("seat 2 still in the window: key %q, want %q", got, first)
	}
	tb.play(1, "pass")
	if l := tb.g.s.Lanes[0]; len(l.Troops) != 1 || len(l.Enemies) == 0 || l.Enemies[0].ID != ravager {
		t.Fatalf("the ravager should kill the first militia and survive: %+v", l)
	}
	acts := tb.g.ToAct()
	if len(acts) == 0 || acts[0].Decision == first {
		t.Errorf("the window against the next militia: actors %+v, first window %q", acts, first)
	}
}
