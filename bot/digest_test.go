package bot

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"github.com/playbychat/pbc/bot/catchup"
	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/internal/testgame"
)

// TestRecentDigestsEqualReplays plays random games, some moves made by
// the bot, and checks after every fourth move that each seat's digest from the
// moves a table keeps in memory equals the one replayed from the record,
// whenever the memory reaches back far enough, and that it does for the
// last few moves.
func TestRecentDigestsEqualReplays(t *testing.T) {
	testgame.Register()
	for _, tc := range []struct {
		game  string
		seats int
	}{{testgame.ID, 3}, {"xibalba", 3}} {
		t.Run(tc.game, func(t *testing.T) {
			def, _ := games.Lookup(tc.game)
			g, opts, err := def.Create(tc.seats, nil, 5)
			if err != nil {
				t.Fatal(err)
			}
			rec := games.Record{Game: tc.game, Seats: tc.seats, Options: opts, Seed: 5}
			r := &recent{all: true}
			rnd := rand.New(rand.NewPCG(5, 5))
			at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
			fromMemory := 0
			for n := 1; n <= 2*recentMoves && !g.Status().Finished; n++ {
				actors := g.ToAct()
				seat := actors[rnd.IntN(len(actors))].Seat
				moves := g.LegalMoves(seat)
				m := moves[rnd.IntN(len(moves))]
				user := fmt.Sprintf("u%d", seat)
				if rnd.IntN(4) == 0 {
					user = "" // the bot, for an absent player
				}
				next, events, err := games.PlayText(g, seat, m.Notation)
				if err != nil {
					t.Fatal(err)
				}
				g = next
				dm := db.Move{N: n, Seat: int(seat), UserID: user, Notation: m.Notation, At: at.Add(time.Duration(n) * time.Minute)}
				rec.Moves = append(rec.Moves, recorded(dm))
				r = r.with(pastMove{Move: dm, events: events})
				if n%4 != 0 && n < 2*recentMoves-4 {
					continue // replays cost time: every fourth move, and the last ones
				}
				for s := range tc.seats {
					reader, user := games.Seat(s), fmt.Sprintf("u%d", s)
					got, ok := r.since(reader, user, nil)
					if !ok {
						continue
					}
					fromMemory++
					want, err := catchup.Since(rec, reader, user)
					if err != nil {
						t.Fatal(err)
					}
					if !reflect.DeepEqual(got, want) {
						t.Fatalf("move %d, seat %d: from memory\n%+v\nreplayed\n%+v", n, s, got, want)
					}
				}
			}
			if fromMemory == 0 {
				t.Error("no digest came from memory")
			}
			if len(r.moves) > recentMoves || len(rec.Moves) > recentMoves && r.all {
				t.Errorf("%d moves kept of %d, all=%v", len(r.moves), len(rec.Moves), r.all)
			}
		})
	}
}
