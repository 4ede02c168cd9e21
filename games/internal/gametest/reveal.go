package gametest

import (
	"math/rand/v2"
	"testing"

	"github.com/playbychat/pbc/games"
)

// RevealRule plays g with random legal moves (seeded by seed) for at most
// limit moves and checks the reveal rule of package eventlog on each: every
// event of a move that drew from the state's generator (drew compares the
// game before and after) is a reveal, and a planning move (planning tells
// one: a choice the mover makes for itself, such as a private plan) that
// did not draw reveals nothing. It fails unless both kinds of move were
// played.
func RevealRule(t *testing.T, g games.Game, seed uint64, limit int, drew func(before, after games.Game) bool, planning func(games.Move) bool) {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 14))
	draws, plans := 0, 0
	for n := 0; n < limit && !g.Status().Finished && (draws == 0 || plans == 0); n++ {
		actors := g.ToAct()
		if len(actors) == 0 {
			t.Fatalf("move %d: nobody acts but the game is not over", n)
		}
		seat := actors[r.IntN(len(actors))].Seat
		moves := g.LegalMoves(seat)
		// Prefer a planning move when there is one, so that the game
		// reaches both kinds of move soon.
		m := moves[r.IntN(len(moves))]
		for _, p := range moves {
			if planning(p) && plans == 0 {
				m = p
			}
		}
		next, events, err := games.Play(g, seat, m)
		if err != nil {
			t.Fatalf("move %d %q: %v", n, m.Notation, err)
		}
		switch {
		case drew(g, next):
			draws++
			if len(events) == 0 {
				t.Errorf("move %d %q drew from the generator and logged nothing", n, m.Notation)
			}
			for _, e := range events {
				if !e.Reveal {
					t.Errorf("move %d %q drew from the generator: event %q is not a reveal", n, m.Notation, e.Text.EN)
				}
			}
		case planning(m):
			plans++
			for _, e := range events {
				if e.Reveal {
					t.Errorf("move %d %q plans and drew nothing: event %q is a reveal", n, m.Notation, e.Text.EN)
				}
			}
		}
		g = next
	}
	if draws == 0 || plans == 0 {
		t.Errorf("in %d moves: %d moves drew, %d planned; want both", limit, draws, plans)
	}
}
