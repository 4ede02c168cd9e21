package bot

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/playbychat/pbc/bot/component"
	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/dei"
)

// TestDEIDecisionsFitDiscord lays out the decisions of D.E.I. games (the
// map game with hundreds of moves a turn) between bot seats and random
// players in public and in private, at every level of its menu: each
// fits Discord's limits, offers only legal moves and no shortcut, and never
// leaves a decision without a component.
func TestDEIDecisionsFitDiscord(t *testing.T) {
	for i, raw := range []map[string]string{nil, {"planning": "on", "draft": "on", "confrontation": "on"}} {
		seats := 2 + 2*i
		t.Run(fmt.Sprintf("%dp", seats), func(t *testing.T) {
			g, _, err := dei.Definition.Create(seats, raw, uint64(5+i))
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(uint64(i), 1))
			for pos := 0; !g.Status().Finished; pos++ {
				seat := g.ToAct()[0].Seat
				moves := g.LegalMoves(seat)
				if pos%3 == 0 {
					checkDEIRows(t, g, seat, moves)
				}
				m := busyMove(moves, r.IntN)
				if int(seat)%2 == 0 {
					m, _ = dei.Definition.BotMove(g, seat, r)
				}
				if g, _, err = games.PlayText(g, seat, m.Notation); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

func checkDEIRows(t *testing.T, g games.Game, seat games.Seat, moves []games.Move) {
	t.Helper()
	s := &session{table: db.Table{ID: 7, Version: 3}, game: g}
	for _, private := range []bool{false, true} {
		// The levels of the menu below the top are shown privately.
		paths, seen := []string{""}, map[string]bool{"": true}
		for len(paths) > 0 {
			path := paths[0]
			paths = paths[1:]
			public := !private && path == ""
			rows := decisionRowsAt(s, seat, games.German, !public, path)
			if len(rows) > component.MaxRows || (!public && len(rows) == 0) {
				t.Fatalf("private %v, menu %q: %d rows", private, path, len(rows))
			}
			var refs []string
			open := func(p string) {
				if !seen[p] {
					seen[p] = true
					paths = append(paths, p)
				}
			}
			for _, row := range rows {
				if len(row.Buttons) > component.MaxButtons {
					t.Fatalf("%d buttons in a row", len(row.Buttons))
				}
				for _, b := range row.Buttons {
					id, err := component.Parse(b.CustomID)
					if err != nil {
						t.Fatal(err)
					}
					if id.Kind == component.MenuStep {
						open(id.Path)
						continue
					}
					refs = append(refs, id.Move)
				}
				if row.Select != nil {
					if len(row.Select.Options) > component.MaxOptions {
						t.Fatalf("%d options in a menu", len(row.Select.Options))
					}
					if row.Select.MaxValues <= 1 {
						for _, o := range row.Select.Options {
							if p, ok := component.MenuPath(o.Value); ok {
								open(p)
								continue
							}
							refs = append(refs, o.Value)
						}
					}
				}
			}
			for _, ref := range refs {
				m, ok := component.ResolveMoveRef(ref, moves)
				if !ok || m.Shortcut || (m.Private && public) {
					t.Fatalf("private %v, menu %q: component %q offers %+v (legal %v)", private, path, ref, m, ok)
				}
			}
		}
	}
}

// busyMove picks a random move, rarely one that ends something early, so
// that random games reach crowded positions.
func busyMove(moves []games.Move, intn func(int) int) games.Move {
	var busy []games.Move
	for _, m := range moves {
		switch m.Notation {
		case "end", "done", "land", "pass":
		default:
			busy = append(busy, m)
		}
	}
	if len(busy) == 0 || intn(10) == 0 {
		return moves[intn(len(moves))]
	}
	return busy[intn(len(busy))]
}
