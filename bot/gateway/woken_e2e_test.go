package gateway_test

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/internal/fakediscord"
)

// TestNobodyWokenForNothing plays a game of each engine through the real
// discordgo client, two persons moving by /move (their seats' policies)
// and the bot on the other seats, and counts, per person, the decisions
// they were woken for (a channel post that pinged them, or a DM with
// choices other than the standing ones) and how many of those offered a single move, standing choices
// aside, or none at all (a decision the bot made for them after the
// ping): none may (issue 15). In -short mode the first 80 moves of each.
func TestNobodyWokenForNothing(t *testing.T) {
	tests := []struct {
		game    string
		players string
		bots    string
		options string
	}{
		{game: "xibalba", players: "4", bots: "2", options: "target=12"},
		{game: "xenoshyft", players: "2", bots: "0"},
		{game: "armageddon", players: "3", bots: "1"},
		{game: "dei", players: "2", bots: "0"},
	}
	for _, tt := range tests {
		t.Run(tt.game, func(t *testing.T) {
			e := startE2E(t, "gateway", stubRender)
			f := e.f
			opts := []string{"game=" + tt.game, "players=" + tt.players, "bots=" + tt.bots}
			if tt.options != "" {
				opts = append(opts, "options="+tt.options)
			}
			e.cmd(alice, "game new", opts...)
			e.cmd(carol, "game join") // every table has two persons
			e.done(alice, "game start")
			persons := []fakediscord.User{alice, carol}
			r := rand.New(rand.NewPCG(15, 15))
			woken := map[string]int{}  // decisions each person was woken for
			single := map[string]int{} // of which offered one move or none
			w := newWakes(f, persons)
			limit := 3000
			if testing.Short() {
				limit = 80
			}
			moves := 0
			for ; moves < limit; moves++ {
				tab, g, seats := e.game()
				if g == nil {
					break
				}
				newly := w.since()
				var acting []games.Seat
				users := map[games.Seat]fakediscord.User{}
				for _, st := range seats {
					seat := games.Seat(st.Seat)
					i := slices.IndexFunc(persons, func(u fakediscord.User) bool { return u.ID == st.UserID })
					if i < 0 {
						continue
					}
					users[seat] = persons[i]
					_, must := games.MustAct(g, seat)
					if must {
						acting = append(acting, seat)
					}
					if !newly[st.UserID] {
						continue
					}
					woken[st.UserID]++
					if !must || choicesOf(g, seat) < 2 {
						single[st.UserID]++
						t.Errorf("move %d: %s woken for a decision with %d choices (acting: %v)", moves, persons[i].Name, choicesOf(g, seat), must)
					}
				}
				if len(acting) == 0 {
					t.Fatalf("move %d: the table waits on nobody: %+v", moves, g.ToAct())
				}
				seat := acting[r.IntN(len(acting))]
				def, _ := games.Lookup(tab.Game)
				m, ok := def.BotMove(g, seat, r)
				if !ok {
					t.Fatalf("move %d: seat %d must act but has no move", moves, seat)
				}
				e.done(users[seat], "move", "action="+m.Notation)
				if !e.changed(tab.Version) {
					t.Fatalf("move %d: %q by seat %d was refused", moves, m.Notation, seat)
				}
			}
			if !testing.Short() && moves == limit {
				t.Fatalf("no end after %d moves", limit)
			}
			t.Logf("%d moves by persons; woken: %v, for a single move or none: %v", moves, woken, single)
			if woken[alice.ID] == 0 {
				t.Errorf("Alice was never woken")
			}
		})
	}
}

// done runs a command like cmd, then waits until the bot is done with it
// (the moves of the bot seats and the forced moves that follow a move are
// made after the answer) and has delivered what it owes the channel.
func (e *e2e) done(u fakediscord.User, command string, opts ...string) {
	e.t.Helper()
	name, sub, _ := strings.Cut(command, " ")
	var os []fakediscord.Opt
	for _, o := range opts {
		k, v, _ := strings.Cut(o, "=")
		os = append(os, fakediscord.Opt{Name: k, Value: v})
	}
	in := e.f.Command(where, u, name, sub, os...)
	e.answer(in)
	select {
	case <-e.handled.doneCh(in.ID):
	case <-e.ctx.Done():
		e.t.Fatalf("%s: the bot is not done", command)
	}
	e.settle()
}

// wakes follows who was woken (see since).
type wakes struct {
	f       *fakediscord.Fake
	persons []fakediscord.User
	pinged  map[string]bool // the public messages that pinged, by id
	dms     map[string]int  // the DMs looked at, by user id
}

func newWakes(f *fakediscord.Fake, persons []fakediscord.User) *wakes {
	return &wakes{f: f, persons: persons, pinged: map[string]bool{}, dms: map[string]int{}}
}

// since returns the user ids of the persons woken since the last call: by
// a channel post that pinged them, or a DM that asks for a decision.
func (w *wakes) since() map[string]bool {
	newly := map[string]bool{}
	for _, m := range publicMessages(w.f) {
		if w.pinged[m.ID] {
			continue
		}
		if len(m.Pinged) > 0 {
			w.pinged[m.ID] = true
		}
		for _, id := range m.Pinged {
			newly[id] = true
		}
	}
	for _, u := range w.persons {
		all := w.f.DMs(u.ID)
		for _, m := range all[w.dms[u.ID]:] {
			if asks(m) {
				newly[u.ID] = true
			}
		}
		w.dms[u.ID] = len(all)
	}
	return newly
}

// asks reports whether a DM asks for a decision: it has components other
// than the menu of standing choices, which a DM about a seat's own events
// carries with its view whether or not the seat must act.
func asks(m fakediscord.Message) bool {
	for _, row := range m.Rows {
		for _, c := range row {
			if !c.Disabled && c.Placeholder != standingMenu {
				return true
			}
		}
	}
	return false
}

// choicesOf counts seat's moves in g, standing choices aside.
func choicesOf(g games.Game, seat games.Seat) int {
	n := 0
	for _, m := range g.LegalMoves(seat) {
		if m.Group != games.SettingGroup {
			n++
		}
	}
	return n
}
