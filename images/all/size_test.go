package all_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/playbychat/pbc/games"
	_ "github.com/playbychat/pbc/games/all"
	"github.com/playbychat/pbc/images"
	_ "github.com/playbychat/pbc/images/all"
)

// maxAverageKB is the most a board PNG may weigh on average over a whole
// game (issues 7 and 11): a game posts some fifty boards, each downloaded by
// every player's Discord client.
const maxAverageKB = 100

var names = []string{"Ana", "Bartholomew the Bold", "Chen", "Dagmar"}

// TestBoardSizes plays whole games of every game with a renderer of its
// own, drawing the public board with images.Render whenever the seats to
// act change or a turn ends (when the bot posts a board), with the turn's public events as
// the strip's changes, and fails when the boards of a game average more
// than maxAverageKB. Run it with -v for the figures.
func TestBoardSizes(t *testing.T) {
	for _, id := range []string{"xibalba", "xenoshyft", "dei"} {
		def, ok := games.Lookup(id)
		if !ok {
			t.Fatalf("%s is not registered", id)
		}
		for _, seats := range []int{def.MinSeats, def.MaxSeats} {
			t.Run(fmt.Sprintf("%s/%d players", id, seats), func(t *testing.T) {
				if testing.Short() && seats != def.MaxSeats {
					t.Skip("the largest table only in -short mode")
				}
				sizes := boardSizes(t, def, seats, uint64(seats))
				total := 0
				for _, n := range sizes {
					total += n
				}
				avg := float64(total) / float64(len(sizes)) / 1024
				t.Logf("%d boards, average %.1f KB, largest %.1f KB", len(sizes), avg, float64(slices.Max(sizes))/1024)
				if avg > maxAverageKB {
					t.Errorf("boards average %.1f KB, want at most %d KB", avg, maxAverageKB)
				}
			})
		}
	}
}

// boardSizes plays one game of random useful moves and returns the size of
// every board posted.
func boardSizes(t *testing.T, def *games.Definition, seats int, seed uint64) []int {
	t.Helper()
	g, _, err := def.Create(seats, nil, seed)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 11))
	var sizes []int
	var changes []string
	post := func() {
		data, _, err := images.Render(g.View(games.Spectator), names, games.English, changes)
		if err != nil {
			t.Fatal(err)
		}
		sizes = append(sizes, len(data))
		changes = nil
	}
	post()
	for step := 0; !g.Status().Finished; step++ {
		if step > 5000 {
			t.Fatal("no end after 5000 moves")
		}
		before := actors(g)
		seat, m := usefulMove(g, r)
		next, events, err := games.Play(g, seat, m.Notation)
		if err != nil {
			t.Fatalf("step %d: %s: %v", step, m.Notation, err)
		}
		g = next
		for _, e := range events {
			if e.VisibleTo(games.Spectator) {
				changes = append(changes, games.FormatSeats(e.Text.In(games.English), names))
			}
		}
		if !slices.Equal(before, actors(g)) || turnEnds[m.Group] {
			post()
		}
	}
	return sizes
}

// turnEnds are the move groups that end a seat's turn or step even when
// the same seats must act next (a solo game, a new round).
var turnEnds = map[string]bool{"end": true, "ready": true, "pass": true}

func actors(g games.Game) []games.Seat {
	var out []games.Seat
	for _, a := range g.ToAct() {
		out = append(out, a.Seat)
	}
	return out
}

// usefulMove picks a random actor and a random move of it, mostly leaving
// out settings and ending a turn early so that games move on.
func usefulMove(g games.Game, r *rand.Rand) (games.Seat, games.Move) {
	as := g.ToAct()
	seat := as[r.IntN(len(as))].Seat
	moves := g.LegalMoves(seat)
	var useful []games.Move
	for _, m := range moves {
		if m.Group != games.SettingGroup && m.Group != "end" {
			useful = append(useful, m)
		}
	}
	if len(useful) == 0 || r.IntN(12) == 0 {
		useful = moves
	}
	return seat, useful[r.IntN(len(useful))]
}
