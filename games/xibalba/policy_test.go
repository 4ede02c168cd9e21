package xibalba

import (
	"io/fs"
	"math/rand/v2"
	"testing"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/internal/botplay"
)

// embeddedSet is the shipped card set: the policy is judged on the cards
// people play with, not on the test fixture.
func embeddedSet(t testing.TB) *CardSet {
	t.Helper()
	cards, err1 := fs.ReadFile(dataFS, "data/cards.json")
	factions, err2 := fs.ReadFile(dataFS, "data/factions.json")
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	cs, err := LoadCardSet(cards, factions)
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

// duel plays one game of seats players in which bot plays seat botSeat and
// the others choose uniformly at random among their moves. It returns the
// winner (-1 if the game did not end) and the number of moves.
func duel(t testing.TB, cs *CardSet, seats int, seed uint64, botSeat games.Seat, bot games.Policy) (games.Seat, int) {
	t.Helper()
	opts, err := Definition.ResolveOptions(nil, seats)
	if err != nil {
		t.Fatal(err)
	}
	var g games.Game
	g, err = newWithSet(cs, games.Setup{Seats: seats, Options: opts, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 99))
	for step := 1; step <= 5000; step++ {
		if g.Status().Finished {
			return g.(*game).s.Winner, step
		}
		a := g.ToAct()[0]
		moves := botplay.Decisions(g.LegalMoves(a.Seat))
		m := moves[r.IntN(len(moves))]
		if a.Seat == botSeat {
			m = bot(g.View(a.Seat), moves, r)
		}
		next, _, err := games.PlayText(g, a.Seat, m.Notation)
		if err != nil {
			t.Fatalf("seed %d: %q by seat %d: %v", seed, m.Notation, a.Seat, err)
		}
		g = next
	}
	return -1, 5000
}

// TestPolicyXibalba plays the bot against three uniformly random players in
// 4-player games (the bot's seat rotates) and wants it to win at least 90 %.
func TestPolicyXibalba(t *testing.T) {
	cs := embeddedSet(t)
	n := 100
	if testing.Short() {
		n = 40
	}
	wins, moves := 0, 0
	for i := range n {
		bot := games.Seat(i % 4)
		w, steps := duel(t, cs, 4, uint64(3000+i), bot, Definition.Policy)
		moves += steps
		if w == bot {
			wins++
		}
	}
	rate := float64(wins) / float64(n)
	t.Logf("XIBALBA, 4 players: the bot won %d of %d games (%.0f %%) against three random players, %.0f moves a game", wins, n, 100*rate, float64(moves)/float64(n))
	if rate < 0.9 {
		t.Errorf("win rate %.0f %%, want at least 90 %%", 100*rate)
	}
}

// TestPolicyXibalbaSelfPlay lets four bots play each other in every mode:
// every game must end, so a table of bots never stalls.
func TestPolicyXibalbaSelfPlay(t *testing.T) {
	cs := embeddedSet(t)
	for i, raw := range []map[string]string{nil, {"apocalypse": "true"}, {"factions": "choose"}, {"target": "40"}} {
		for seats := 2; seats <= 4; seats++ {
			opts, err := Definition.ResolveOptions(raw, seats)
			if err != nil {
				t.Fatal(err)
			}
			var g games.Game
			g, err = newWithSet(cs, games.Setup{Seats: seats, Options: opts, Seed: uint64(10*i + seats)})
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(uint64(i), 1))
			for step := 0; !g.Status().Finished; step++ {
				if step == 5000 {
					t.Fatalf("options %v, %d players: no winner after %d moves\n%s", raw, seats, step, g.View(games.Spectator).Describe(games.English))
				}
				a := g.ToAct()[0]
				m := policy(g.View(a.Seat), botplay.Decisions(g.LegalMoves(a.Seat)), r)
				if g, _, err = games.PlayText(g, a.Seat, m.Notation); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// BenchmarkPolicyXibalba times one bot decision in the middle of a 4-player
// game: the seat's view, its moves and the policy's choice.
func BenchmarkPolicyXibalba(b *testing.B) {
	cs := embeddedSet(b)
	opts, err := Definition.ResolveOptions(nil, 4)
	if err != nil {
		b.Fatal(err)
	}
	var g games.Game
	g, err = newWithSet(cs, games.Setup{Seats: 4, Options: opts, Seed: 5})
	if err != nil {
		b.Fatal(err)
	}
	r := rand.New(rand.NewPCG(5, 5))
	for range 80 {
		a := g.ToAct()[0]
		m := policy(g.View(a.Seat), botplay.Decisions(g.LegalMoves(a.Seat)), r)
		if g, _, err = games.PlayText(g, a.Seat, m.Notation); err != nil {
			b.Fatal(err)
		}
	}
	seat := g.ToAct()[0].Seat
	data, err := g.MarshalState()
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for range b.N {
		// A fresh copy each time: legal moves are cached per game.
		fresh, err := restore(data)
		if err != nil {
			b.Fatal(err)
		}
		policy(fresh.View(seat), botplay.Decisions(fresh.LegalMoves(seat)), r)
	}
}
