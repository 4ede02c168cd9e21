package all_test

import (
	"bytes"
	"fmt"
	"image/png"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/playbychat/pbc/games"
	_ "github.com/playbychat/pbc/games/all"
	"github.com/playbychat/pbc/images"
	_ "github.com/playbychat/pbc/images/all"
)

// maxAverageKB is the most a board PNG of refArea pixels may weigh on
// average over a whole game (issues 7 and 11): a game posts some fifty
// boards, each downloaded by every player's Discord client. A board of
// another size is held to the same weight per pixel: D.E.I.'s board grew
// to 1280×1412 to print whole card names (issue 16).
const maxAverageKB = 100

// refArea is the board size maxAverageKB was set for: 1280×1100.
const refArea = 1280 * 1100

var names = []string{"Ana", "Bartholomew the Bold", "Chen", "Dagmar"}

// TestBoardSizes plays whole games of every game with a renderer of its
// own, each seat played by the game's bot policy, drawing the public board
// with images.Render whenever the seats to act change or a turn ends (when
// the bot posts a board), with the turn's public events as the strip's
// changes, and fails when the boards of a game average more than
// maxAverageKB. Run it with -v for the figures.
func TestBoardSizes(t *testing.T) {
	for _, def := range games.All() {
		if images.For(def.ID) == images.Fallback {
			continue
		}
		// The largest table: the busiest boards, and the most of them.
		t.Run(fmt.Sprintf("%s/%d players", def.ID, def.MaxSeats), func(t *testing.T) {
			t.Parallel()
			sizes := boardSizes(t, def, def.MaxSeats, 1)
			total := 0
			for _, n := range sizes {
				total += n
			}
			avg := float64(total) / float64(len(sizes)) / 1024
			t.Logf("%d boards, average %.1f KB, largest %.1f KB (per 1280×1100 px)", len(sizes), avg, float64(slices.Max(sizes))/1024)
			if avg > maxAverageKB {
				t.Errorf("boards average %.1f KB, want at most %d KB", avg, maxAverageKB)
			}
		})
	}
}

// boardSizes plays one game and returns the size of every board posted,
// scaled to a board of refArea pixels.
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
		cfg, err := png.DecodeConfig(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		sizes = append(sizes, len(data)*refArea/(cfg.Width*cfg.Height))
		changes = nil
	}
	post()
	for step := 0; !g.Status().Finished; step++ {
		if step > 5000 {
			t.Fatal("no end after 5000 moves")
		}
		before := actors(g)
		seat, m := policyMove(def, g, r)
		next, events, err := games.PlayText(g, seat, m.Notation)
		if err != nil {
			t.Fatalf("step %d: %s: %v", step, m.Notation, err)
		}
		g = next
		for _, e := range events {
			if e.VisibleTo(games.Spectator) {
				changes = append(changes, games.FormatSeats(e.Text.In(games.English), names))
			}
		}
		if posts(before, actors(g), seat, m) {
			post()
		}
	}
	return sizes
}

// posts reports whether the bot posts a board after seat's move m, which
// changed the seats to act from before to after: when a seat must newly
// act (a turn passes, a phase everyone plays at once opens or closes), or
// a seat that acts alone ended its turn or step and acts again (a solo
// game).
func posts(before, after []games.Seat, seat games.Seat, m games.Move) bool {
	for _, s := range after {
		if !slices.Contains(before, s) {
			return true
		}
	}
	ends := m.Group == "end" || m.Group == "ready" || m.Group == "pass"
	return ends && slices.Equal(after, []games.Seat{seat})
}

func actors(g games.Game) []games.Seat {
	var out []games.Seat
	for _, a := range g.ToAct() {
		out = append(out, a.Seat)
	}
	return out
}

// policyMove picks a random actor and its move by the game's bot policy,
// from its moves without the standing choices.
func policyMove(def *games.Definition, g games.Game, r *rand.Rand) (games.Seat, games.Move) {
	as := g.ToAct()
	seat := as[r.IntN(len(as))].Seat
	var moves []games.Move
	for _, m := range g.LegalMoves(seat) {
		if m.Group != games.SettingGroup {
			moves = append(moves, m)
		}
	}
	return seat, def.Policy(g.View(seat), moves, r)
}
