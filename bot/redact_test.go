package bot

import (
	"math/rand/v2"
	"testing"

	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
	_ "github.com/playbychat/pbc/games/all"
)

// TestExportLeavesOutPrivateMoves self-plays whole Armageddon and D.E.I.
// games and checks, at every move, that the export of a running table made
// for a spectator or for any seat holds none of another seat's private
// moves (as the game listed them when they were made), and every other
// move of the log.
func TestExportLeavesOutPrivateMoves(t *testing.T) {
	for _, tc := range []struct {
		name    string
		game    string
		options map[string]string
		seats   int
		seed    uint64
	}{
		{name: "armageddon 3 seats", game: "armageddon", seats: 3, seed: 7},
		{name: "dei 2 seats with draft and planning", game: "dei", seats: 2, seed: 11,
			options: map[string]string{"draft": "true", "planning": "true"}},
		{name: "dei 3 seats with draft and planning", game: "dei", seats: 3, seed: 5,
			options: map[string]string{"draft": "true", "planning": "true"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			def, ok := games.Lookup(tc.game)
			if !ok {
				t.Fatalf("no game %q", tc.game)
			}
			table := db.Table{Game: tc.game, Options: tc.options, Seed: tc.seed}
			g, _, err := def.Create(tc.seats, table.Options, table.Seed)
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(tc.seed, 1))
			var log []db.Move
			private := map[int]bool{} // by move number
			for len(log) < 5000 && !g.Status().Finished {
				actors := g.ToAct()
				if len(actors) == 0 {
					t.Fatalf("after %d moves nobody must act", len(log))
				}
				seat := actors[r.IntN(len(actors))].Seat
				m, ok := def.BotMove(g, seat, r)
				if !ok {
					t.Fatalf("seat %d must act but has no move", seat)
				}
				// A policy may answer with a move of its own making: the
				// flag that counts is the one of the move as listed.
				if listed, ok := games.Match(g.LegalMoves(seat), m.Notation); ok {
					m = listed
				}
				if g, _, err = games.Play(g, seat, m); err != nil {
					t.Fatalf("move %d %q: %v", len(log)+1, m.Notation, err)
				}
				log = append(log, db.Move{N: len(log) + 1, Seat: int(seat), Notation: m.Notation})
				private[len(log)] = m.Private
			}
			if !g.Status().Finished {
				t.Fatalf("no end after %d moves", len(log))
			}
			secrets := 0
			for _, p := range private {
				if p {
					secrets++
				}
			}
			if secrets == 0 {
				t.Fatalf("%d moves, none private: nothing to check", len(log))
			}
			// The filter decides each move from the state before it, so the
			// export after move k is the first k moves of the whole log,
			// filtered: checking the whole log checks every point, and a
			// few cuts check that.
			for viewer := games.Spectator; int(viewer) < tc.seats; viewer++ {
				whole, err := visibleMoves(def, table, tc.seats, log, viewer)
				if err != nil {
					t.Fatal(err)
				}
				want := 0
				for _, m := range log {
					if m.Seat == int(viewer) || !private[m.N] {
						want++
					}
				}
				if len(whole) != want {
					t.Errorf("viewer %d: export has %d of %d moves, want %d", viewer, len(whole), len(log), want)
				}
				for _, m := range whole {
					if m.Seat != int(viewer) && private[m.N] {
						t.Errorf("viewer %d reads seat %d's private move %d %q", viewer, m.Seat, m.N, m.Notation)
					}
				}
				for _, cut := range []int{1, len(log) / 3, len(log) / 2, len(log) - 1} {
					part, err := visibleMoves(def, table, tc.seats, log[:cut], viewer)
					if err != nil {
						t.Fatal(err)
					}
					n := 0
					for n < len(whole) && whole[n].N <= cut {
						n++
					}
					if len(part) != n {
						t.Errorf("viewer %d after move %d: %d moves, the whole export has %d up to there", viewer, cut, len(part), n)
					}
				}
			}
			t.Logf("%d moves, %d private", len(log), secrets)
		})
	}
}
