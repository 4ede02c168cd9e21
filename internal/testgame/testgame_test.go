package testgame

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/rng"
)

func mustNew(t *testing.T, seats int, seed uint64) games.Game {
	t.Helper()
	g, _, err := Definition().Create(seats, nil, seed)
	if err != nil {
		t.Fatalf("create: %v", err)
	}
	return g
}

// randomGame plays a whole game with random legal moves chosen by src and
// returns the record and every intermediate game.
func randomGame(t *testing.T, seats int, seed uint64, src *rng.Source) (games.Record, []games.Game) {
	t.Helper()
	g := mustNew(t, seats, seed)
	rec := games.Record{Game: ID, Seats: seats, Options: map[string]string{"rounds": "3"}, Seed: seed}
	history := []games.Game{g}
	for steps := 0; !g.Status().Finished; steps++ {
		if steps > 100 {
			t.Fatalf("game does not end:\n%s", g.View(games.Spectator).Describe(games.English))
		}
		actors := g.ToAct()
		if len(actors) == 0 {
			t.Fatalf("nobody to act in a running game")
		}
		a := actors[src.Intn(len(actors))]
		moves := g.LegalMoves(a.Seat)
		if len(moves) == 0 {
			t.Fatalf("actor %d has no legal moves", a.Seat)
		}
		m := moves[src.Intn(len(moves))]
		next, _, err := games.PlayText(g, a.Seat, m.Notation)
		if err != nil {
			t.Fatalf("play %q by %d: %v", m.Notation, a.Seat, err)
		}
		if err := next.(games.Checker).CheckInvariants(); err != nil {
			t.Fatalf("after %q: %v", m.Notation, err)
		}
		rec.Moves = append(rec.Moves, games.RecordedMove{Seat: a.Seat, Notation: m.Notation})
		g = next
		history = append(history, g)
	}
	return rec, history
}

func TestDeterministicReplay(t *testing.T) {
	Register()
	for _, seats := range []int{2, 3, 4} {
		t.Run(strings.Repeat("p", seats), func(t *testing.T) {
			rec, history := randomGame(t, seats, uint64(seats)*77, rng.New(uint64(seats)))
			final := history[len(history)-1]
			want, err := games.Hash(final)
			if err != nil {
				t.Fatal(err)
			}
			replayed, err := games.Replay(rec)
			if err != nil {
				t.Fatalf("replay: %v", err)
			}
			got, err := games.Hash(replayed)
			if err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Errorf("replayed hash %s, want %s", got, want)
			}
			for i, g := range history {
				data, err := g.MarshalState()
				if err != nil {
					t.Fatal(err)
				}
				restored, err := Definition().Restore(data)
				if err != nil {
					t.Fatalf("restore %d: %v", i, err)
				}
				if h1, h2 := mustHash(t, g), mustHash(t, restored); h1 != h2 {
					t.Fatalf("state %d: restored hash %s, want %s", i, h2, h1)
				}
			}
			if st := final.Status(); len(st.Winners) == 0 || len(st.Scores) != seats {
				t.Errorf("final status %+v lacks winners or scores", st)
			}
		})
	}
}

func mustHash(t *testing.T, g games.Game) string {
	t.Helper()
	h, err := games.Hash(g)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// TestRedaction checks that a seat's view does not depend on anything hidden
// from it: changing every other seat's hand and secret card leaves the view's
// text unchanged.
func TestRedaction(t *testing.T) {
	_, history := randomGame(t, 4, 11, rng.New(5))
	for i, g := range history {
		for viewer := games.Spectator; viewer < 4; viewer++ {
			before := g.View(viewer).Describe(games.English)
			other := scramble(g.(*game), viewer)
			if after := other.View(viewer).Describe(games.English); after != before {
				t.Fatalf("state %d, viewer %d: view depends on hidden cards:\n%s\n--- vs ---\n%s", i, viewer, before, after)
			}
			if viewer >= 0 {
				if hand := g.(*game).s.Hands[viewer]; len(hand) > 0 && !strings.Contains(before, "Your hand:") {
					t.Fatalf("state %d: seat %d does not see its hand:\n%s", i, viewer, before)
				}
			} else if strings.Contains(before, "hand") {
				t.Fatalf("state %d: spectator view mentions a hand:\n%s", i, before)
			}
		}
	}
}

// scramble returns a copy of g in which every seat but keep holds different
// cards and has played a different secret card.
func scramble(g *game, keep games.Seat) *game {
	c := g.clone()
	for seat := range c.s.Hands {
		if games.Seat(seat) == keep {
			continue
		}
		for i := range c.s.Hands[seat] {
			c.s.Hands[seat][i] += 100
		}
		if c.s.Bids[seat] != 0 {
			c.s.Bids[seat] += 100
		}
	}
	return c
}

func TestIllegalMoves(t *testing.T) {
	g := mustNew(t, 2, 3)
	hand0 := g.(*game).s.Hands[0]
	hand1 := g.(*game).s.Hands[1]
	afterPlay, _, err := games.PlayText(g, 0, "play "+strconv.Itoa(hand0[0]))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		g    games.Game
		seat games.Seat
		move string
		want error // a specific platform error, or nil for any *RuleError
	}{
		{name: "card not held", g: g, seat: 0, move: "play " + strconv.Itoa(hand1[0])},
		{name: "garbage", g: g, seat: 0, move: "fly away", want: games.ErrIllegalMove},
		{name: "second card same round", g: afterPlay, seat: 0, move: "play " + strconv.Itoa(hand0[1]), want: games.ErrNotYourTurn},
		{name: "challenge while bidding", g: g, seat: 1, move: "challenge", want: games.ErrIllegalMove},
		{name: "no such seat", g: g, seat: 5, move: "play 1", want: games.ErrNotYourTurn},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			before := mustHash(t, tc.g)
			next, _, err := games.PlayText(tc.g, tc.seat, tc.move)
			if next != nil || err == nil {
				t.Fatalf("Play(%q) = %v, %v; want a rule error", tc.move, next, err)
			}
			if _, ok := games.AsRuleError(err); !ok {
				t.Fatalf("error %v is not a *RuleError", err)
			}
			if tc.want != nil && !errors.Is(err, tc.want) {
				t.Errorf("error %v, want %v", err, tc.want)
			}
			if mustHash(t, tc.g) != before {
				t.Errorf("a refused move changed the game")
			}
			// The engine itself refuses too, without Play's check.
			if _, _, err := games.PlayText(tc.g, tc.seat, tc.move); err == nil {
				t.Errorf("Apply(%q) accepted an illegal move", tc.move)
			}
		})
	}
}

func TestRoundFlow(t *testing.T) {
	g := mustNew(t, 2, 9)
	hands := g.(*game).s.Hands
	high, low := hands[0][len(hands[0])-1], hands[1][0]
	if high < low {
		t.Skip("seed deals seat 0 only low cards")
	}
	var events []games.Event
	g, _, _ = games.PlayText(g, 0, "play "+strconv.Itoa(high))
	if kinds := actorKinds(g); !slices.Equal(kinds, []games.ActKind{games.Simultaneous}) {
		t.Fatalf("after one bid actors %v, want one simultaneous", kinds)
	}
	g, events, err := games.PlayText(g, 1, "play "+strconv.Itoa(low))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(events, func(e games.Event) bool { return e.Reveal && e.To == nil }) {
		t.Errorf("no public reveal event in %+v", events)
	}
	if a := g.ToAct(); len(a) != 1 || a[0].Seat != 1 || a[0].Kind != games.Reaction {
		t.Fatalf("actors %+v, want seat 1 reacting", a)
	}
	if m, ok := g.(games.Defaulter).DefaultMove(1); !ok || m != "pass" {
		t.Errorf("DefaultMove = %q, %v; want pass", m, ok)
	}
	if _, ok := g.(games.Defaulter).DefaultMove(0); ok {
		t.Errorf("seat 0 has a default move while not reacting")
	}
	if s := g.Status().Scores; s[0] != 1 || s[1] != 0 {
		t.Errorf("scores %v, want [1 0]", s)
	}
	g, events, err = games.PlayText(g, 1, "pass")
	if err != nil {
		t.Fatal(err)
	}
	if slices.ContainsFunc(events, func(e games.Event) bool { return e.Reveal }) {
		t.Errorf("a pass reveals nothing, got %+v", events)
	}
	if got := g.(*game).s.Round; got != 2 {
		t.Errorf("round %d, want 2", got)
	}
}

func actorKinds(g games.Game) []games.ActKind {
	var out []games.ActKind
	for _, a := range g.ToAct() {
		out = append(out, a.Kind)
	}
	return out
}

func TestPrivateEventsStayPrivate(t *testing.T) {
	g := mustNew(t, 3, 21)
	card := g.(*game).s.Hands[2][0]
	_, events, err := games.PlayText(g, 2, "play "+strconv.Itoa(card))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range events {
		for _, seat := range []games.Seat{games.Spectator, 0, 1} {
			if e.VisibleTo(seat) && strings.Contains(e.Text.EN, strconv.Itoa(card)) {
				t.Errorf("seat %d sees %q", seat, e.Text.EN)
			}
		}
	}
}

func TestOptions(t *testing.T) {
	tests := []struct {
		name    string
		seats   int
		raw     map[string]string
		wantErr bool
	}{
		{name: "default", seats: 4},
		{name: "one round", seats: 2, raw: map[string]string{"rounds": "1"}},
		{name: "four rounds four seats", seats: 4, raw: map[string]string{"rounds": "4"}},
		{name: "too many rounds", seats: 2, raw: map[string]string{"rounds": "9"}, wantErr: true},
		{name: "one seat", seats: 1, wantErr: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := Definition().Create(tc.seats, tc.raw, 1)
			if (err != nil) != tc.wantErr {
				t.Fatalf("Create: err %v, wantErr %v", err, tc.wantErr)
			}
		})
	}
}
