package feed

import (
	"slices"
	"testing"

	"github.com/playbychat/pbc/games"
)

// stage is a game that only says who must act and whether it ended.
type stage struct {
	games.Game
	actors   []games.Actor
	finished bool
}

func (g stage) ToAct() []games.Actor { return g.actors }
func (g stage) Status() games.Status { return games.Status{Finished: g.finished} }
func turnOf(seat games.Seat) stage {
	return stage{actors: []games.Actor{{Seat: seat, Kind: games.Turn}}}
}
func reaction(seat games.Seat, key string) games.Actor {
	return games.Actor{Seat: seat, Kind: games.Reaction, Decision: key}
}

// TestStep checks what a change owes the channel and whom it pings, from
// who must act before and after it alone.
func TestStep(t *testing.T) {
	people := func(games.Seat) bool { return false }
	seat1IsBot := func(s games.Seat) bool { return s == 1 }
	sim := func(key string, seats ...games.Seat) stage {
		var g stage
		for _, s := range seats {
			g.actors = append(g.actors, games.Actor{Seat: s, Kind: games.Simultaneous, Decision: key})
		}
		return g
	}
	block := stage{actors: []games.Actor{reaction(1, "block")}}
	tests := []struct {
		name       string
		prev, next games.Game
		mover      games.Seat
		bots       func(games.Seat) bool
		pinged     []games.Seat // already pinged in the turn
		want       PostKind
		wantPings  []games.Seat
	}{
		{name: "the start", next: turnOf(0), mover: games.Spectator, bots: people, want: BoardPost, wantPings: []games.Seat{0}},
		{name: "the turn goes on", prev: turnOf(0), next: turnOf(0), mover: 0, bots: people, want: EditPost},
		{name: "the turn passes", prev: turnOf(0), next: turnOf(1), mover: 0, bots: people, want: BoardPost, wantPings: []games.Seat{1}},
		{name: "a reaction within the turn", prev: turnOf(0), next: block, mover: 0, bots: people, want: PingPost, wantPings: []games.Seat{1}},
		{name: "a reaction of a seat pinged already", prev: turnOf(0), next: block, mover: 0, bots: people, pinged: []games.Seat{1}, want: EditPost},
		{name: "a reaction the bot answers", prev: turnOf(0), next: block, mover: 0, bots: seat1IsBot, want: EditPost},
		{name: "a turn only the bot plays", prev: turnOf(0), next: turnOf(1), mover: 0, bots: seat1IsBot, want: EditPost},
		{name: "a phase opens", prev: turnOf(0), next: sim("buy", 0, 1), mover: 0, bots: people, want: BoardPost, wantPings: []games.Seat{1}},
		{name: "a seat is ready", prev: sim("buy", 0, 1), next: sim("buy", 1), mover: 0, bots: people, want: EditPost},
		{name: "the next phase", prev: sim("buy", 1), next: sim("sell", 0, 1), mover: 1, bots: people, want: BoardPost, wantPings: []games.Seat{0}},
		{name: "the end", prev: turnOf(0), next: stage{finished: true}, mover: 0, bots: people, want: BoardPost},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			before := Feed{pinged: tc.pinged}
			if tc.prev != nil {
				before.key, _ = turnChange("", nil, tc.prev)
			}
			lines := Lines(games.T("moved", "gezogen"))
			after, kind, pings := before.Step(tc.prev, tc.next, tc.mover, lines, tc.bots)
			if kind != tc.want || !slices.Equal(pings, tc.wantPings) {
				t.Errorf("post %d pinging %v, want %d pinging %v", kind, pings, tc.want, tc.wantPings)
			}
			if kind != EditPost && (!after.Live.Posted || !slices.Equal(after.Live.Actors, tc.next.ToAct())) {
				t.Errorf("a new live message %+v, want one posted for %v", after.Live, tc.next.ToAct())
			}
			if since := after.Since(); kind == EditPost && (len(since) != 1 || since[0].EN != "moved") {
				t.Errorf("an edit adds %+v, want the move's line", since)
			}
		})
	}
}
