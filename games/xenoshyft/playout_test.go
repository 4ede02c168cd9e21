package xenoshyft

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/internal/botplay"
	"github.com/playbychat/pbc/games/rng"
)

// playout plays a random game to its end, checking the invariants after
// every move. It returns the final game and the moves made.
func playout(t testing.TB, seats int, seed uint64, raw map[string]string) (games.Game, []games.RecordedMove) {
	t.Helper()
	g, _, err := Definition.Create(seats, raw, seed)
	if err != nil {
		t.Fatalf("create: %v", err)
	}
	pick := rng.New(seed ^ 0xabcdef)
	bot := rand.New(rand.NewPCG(seed, 1))
	var moves []games.RecordedMove
	for step := 0; !g.Status().Finished; step++ {
		if step > 20000 {
			t.Fatalf("seed %d: game does not end\n%s", seed, g.View(games.Spectator).Describe(games.English))
		}
		actors := g.ToAct()
		if len(actors) == 0 {
			t.Fatalf("seed %d: nobody to act in a running game\n%s", seed, g.View(games.Spectator).Describe(games.English))
		}
		a := actors[pick.Intn(len(actors))]
		legal := g.LegalMoves(a.Seat)
		// Prefer phase moves over settings so games progress; "ready" and
		// "pass" are taken now and then.
		var choices []games.Move
		for _, m := range legal {
			if m.Group != games.SettingGroup {
				choices = append(choices, m)
			}
		}
		if len(choices) == 0 {
			t.Fatalf("seed %d: seat %d must act but has no moves", seed, a.Seat)
		}
		if _, bench := t.(*testing.B); !bench && step%23 == 0 {
			checkAllMoves(t, g, a.Seat, legal)
		}
		m := choices[pick.Intn(len(choices))]
		if pick.Intn(4) == 0 {
			for _, c := range choices {
				if c.Primary {
					m = c
				}
			}
		}
		if seed%2 == 1 {
			// Odd seeds play as the bot seats do, so that games reach
			// the later waves and some are won.
			m = Definition.Policy(g.View(a.Seat), botplay.Decisions(legal), bot)
		}
		next, _, err := games.PlayText(g, a.Seat, m.Notation)
		if err != nil {
			t.Fatalf("seed %d: move %q by seat %d: %v\n%s", seed, m.Notation, a.Seat, err, g.View(games.Spectator).Describe(games.English))
		}
		if err := next.(games.Checker).CheckInvariants(); err != nil {
			t.Fatalf("seed %d: after %q by seat %d: %v\n%s", seed, m.Notation, a.Seat, err, next.View(games.Spectator).Describe(games.English))
		}
		moves = append(moves, games.RecordedMove{Seat: a.Seat, Notation: m.Notation})
		g = next
	}
	return g, moves
}

// checkAllMoves applies every legal move of seat: each must succeed, keep
// the invariants and carry labels in both languages. The list must be the
// same when asked twice.
func checkAllMoves(t testing.TB, g games.Game, seat games.Seat, legal []games.Move) {
	t.Helper()
	again := g.LegalMoves(seat)
	if len(again) != len(legal) {
		t.Fatalf("legal moves are not stable: %d then %d", len(legal), len(again))
	}
	for i, m := range legal {
		if again[i] != m {
			t.Fatalf("legal moves are not stable: %v then %v", m, again[i])
		}
		if m.Label.EN == "" || m.Label.DE == "" || len([]rune(m.Label.EN)) > 80 || len([]rune(m.Label.DE)) > 80 {
			t.Fatalf("move %q has a bad label %+v", m.Notation, m.Label)
		}
		next, _, err := games.PlayText(g, seat, m.Notation)
		if err != nil {
			t.Fatalf("legal move %q fails: %v", m.Notation, err)
		}
		if err := next.(games.Checker).CheckInvariants(); err != nil {
			t.Fatalf("after legal move %q: %v", m.Notation, err)
		}
	}
}

func TestRandomPlayouts(t *testing.T) {
	n := 50
	if testing.Short() {
		n = 10
	}
	latest, wins := 0, 0
	for seats := 1; seats <= 4; seats++ {
		t.Run(fmt.Sprintf("%d players", seats), func(t *testing.T) {
			won, lastRound := 0, 0
			for i := range n {
				raw := map[string]string(nil)
				if i%5 == 4 {
					raw = map[string]string{"divisions": "choose"}
				}
				g, _ := playout(t, seats, uint64(1000*seats+i), raw)
				st := g.Status()
				if !st.Finished {
					t.Fatalf("game %d not finished", i)
				}
				if len(st.Winners) > 0 {
					won++
				}
				lastRound = max(lastRound, g.(*Game).s.Round)
			}
			latest = max(latest, lastRound)
			wins += won
			t.Logf("%d players: %d of %d games won, latest round %d", seats, won, n, lastRound)
		})
	}
	if !testing.Short() && latest < 7 {
		t.Errorf("no game reached wave 3 (latest round %d): the later content went untested", latest)
	}
	if !testing.Short() && wins == 0 {
		t.Error("no game was won: the victory path went untested")
	}
}

func BenchmarkRandomGame(b *testing.B) {
	for i := range b.N {
		playout(b, 2, uint64(i), nil)
	}
}
