package main

import (
	"bytes"
	"context"
	"regexp"
	"strconv"
	"testing"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/internal/testgame"
)

// actingGame is a state of the pace tests: who must act, and how many
// moves each seat has (a standing choice added to each list).
type actingGame struct {
	games.Game // only ToAct and LegalMoves are called
	actors     []games.Actor
	moves      map[games.Seat]int
}

func (g actingGame) ToAct() []games.Actor { return g.actors }

func (g actingGame) LegalMoves(seat games.Seat) []games.Move {
	out := []games.Move{{Notation: "autopass on", Group: games.SettingGroup}}
	for i := range g.moves[seat] {
		out = append(out, games.Move{Notation: "m" + strconv.Itoa(i)})
	}
	return out
}

func TestPaceObserve(t *testing.T) {
	turn := func(s games.Seat) games.Actor { return games.Actor{Seat: s, Kind: games.Turn} }
	react := func(s games.Seat, d string) games.Actor {
		return games.Actor{Seat: s, Kind: games.Reaction, Decision: d}
	}
	state := func(moves map[games.Seat]int, actors ...games.Actor) actingGame {
		return actingGame{actors: actors, moves: moves}
	}
	two := map[games.Seat]int{0: 2, 1: 2, 2: 2}
	tests := []struct {
		name         string
		prev, next   games.Game
		mover        games.Seat
		waits, force int
	}{
		{name: "first state", prev: nil, next: state(two, turn(0)), mover: games.Spectator, waits: 1},
		{name: "turn passes on", prev: state(two, turn(0)), next: state(two, turn(1)), mover: 0, waits: 1},
		{name: "mover goes on", prev: state(two, turn(0)), next: state(two, turn(0)), mover: 0},
		{name: "mover asked again", prev: state(two, react(0, "a"), react(1, "a")), next: state(two, react(0, "b")), mover: 0},
		{name: "still in the same window", prev: state(two, react(0, "a"), react(1, "a")), next: state(two, react(1, "a")), mover: 0},
		{name: "a new window", prev: state(two, react(0, "a"), react(1, "a")), next: state(two, react(1, "b")), mover: 0, waits: 1},
		{name: "another kind", prev: state(two, turn(1)), next: state(two, react(1, "")), mover: 0, waits: 1},
		{name: "everyone woken has one move", prev: state(two, turn(0)),
			next: state(map[games.Seat]int{1: 1, 2: 1}, react(1, "a"), react(2, "a")), mover: 0, waits: 1, force: 1},
		{name: "one woken seat has a choice", prev: state(two, turn(0)),
			next: state(map[games.Seat]int{1: 1, 2: 2}, react(1, "a"), react(2, "a")), mover: 0, waits: 1},
		{name: "the game ended", prev: state(two, turn(0)), next: state(two), mover: 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var p pace
			p.observe(tt.prev, tt.next, tt.mover)
			if p.waits != tt.waits || p.forced != tt.force {
				t.Errorf("waits=%d forced=%d, want %d and %d", p.waits, p.forced, tt.waits, tt.force)
			}
		})
	}
}

// TestSelfplayPacing plays the quiet Sealed Bids, whose every reaction
// window is a forced pass, with and without --autoforced: the report
// counts forced waits without (a round's loser who did not bid last is
// woken for its pass), none with.
func TestSelfplayPacing(t *testing.T) {
	testgame.Register()
	line := regexp.MustCompile(`(?m)^pacing sealedbids-quiet (\d) seats: games=(\d+) waits/game=([\d.]+) forced/game=([\d.]+) moves/seat=([\d.]+)$`)
	tests := []struct {
		name   string
		args   []string
		forced bool
	}{
		{name: "random", args: nil, forced: true},
		{name: "policy", args: []string{"--policy"}, forced: true},
		{name: "autoforced", args: []string{"--policy", "--autoforced"}, forced: false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			args := append([]string{"--game", testgame.QuietID, "--games", "4", "--players", "2"}, tt.args...)
			if code := runSelfplay(context.Background(), args, &stdout, &stderr); code != 0 {
				t.Fatalf("exit code %d\nstdout: %s\nstderr: %s", code, &stdout, &stderr)
			}
			m := line.FindStringSubmatch(stdout.String())
			if m == nil {
				t.Fatalf("no pacing line in\n%s", &stdout)
			}
			// Three rounds of a bid each and the loser's pass: 4.5 moves per seat.
			if m[1] != "2" || m[2] != "4" || m[5] != "4.5" || (m[4] != "0.0") != tt.forced {
				t.Errorf("pacing line %q: want 2 seats, 4 games, moves/seat=4.5, forced waits: %v", m[0], tt.forced)
			}
		})
	}
}
