package bot

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/playbychat/pbc/games"
	_ "github.com/playbychat/pbc/games/all"
	"github.com/playbychat/pbc/games/xibalba"
	"github.com/playbychat/pbc/internal/testgame"
)

// TestBotMovePlaysWholeGames lets the bot play every seat of a game with a
// policy (XIBALBA) and of one without (Sealed Bids, random moves) until
// the game ends.
func TestBotMovePlaysWholeGames(t *testing.T) {
	testgame.Register()
	for _, tc := range []struct {
		def   *games.Definition
		seats int
		limit int
	}{
		{xibalba.Definition, 4, 3000},
		{testgame.Definition(), 3, 100},
	} {
		t.Run(tc.def.ID, func(t *testing.T) {
			g, _, err := tc.def.Create(tc.seats, nil, 11)
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(1, 2))
			n := 0
			for ; n < tc.limit && !g.Status().Finished; n++ {
				seat := g.ToAct()[0].Seat
				m, ok := tc.def.BotMove(g, seat, r)
				if !ok {
					t.Fatalf("move %d: seat %d must act but the bot found no move", n+1, seat)
				}
				if m.Group == games.SettingGroup {
					t.Fatalf("move %d: the bot chose the standing choice %q", n+1, m.Notation)
				}
				if g, _, err = games.PlayText(g, seat, m.Notation); err != nil {
					t.Fatalf("move %d: %q: %v", n+1, m.Notation, err)
				}
			}
			if !g.Status().Finished {
				t.Fatalf("not finished after %d bot moves", n)
			}
		})
	}
}

// TestFirstSuggestionEndsEveryGame plays every game at its largest table
// with one seat that always takes the first move /move suggests and the
// bot on the others: each game must end. Suggested in the engine's order,
// a XIBALBA seat re-organizing its piles put one card after the other on
// top for ever (the step's "done" came last).
func TestFirstSuggestionEndsEveryGame(t *testing.T) {
	const limit = 20000
	for _, def := range games.All() {
		for seed := uint64(1); seed <= 3; seed++ {
			t.Run(fmt.Sprintf("%s/%d", def.ID, seed), func(t *testing.T) {
				g, _, err := def.Create(def.MaxSeats, nil, seed)
				if err != nil {
					t.Fatal(err)
				}
				r := rand.New(rand.NewPCG(seed, 7))
				n := 0
				for ; n < limit && !g.Status().Finished; n++ {
					seat := g.ToAct()[0].Seat
					m, ok := games.Move{}, true
					if seat == 0 {
						m = suggestionOrder(g.LegalMoves(seat))[0]
					} else {
						m, ok = def.BotMove(g, seat, r)
					}
					if !ok {
						t.Fatalf("move %d: seat %d must act but has no move", n+1, seat)
					}
					if g, _, err = games.PlayText(g, seat, m.Notation); err != nil {
						t.Fatalf("move %d: %q: %v", n+1, m.Notation, err)
					}
				}
				if !g.Status().Finished {
					t.Fatalf("not finished after %d moves", n)
				}
			})
		}
	}
}

func TestSuggestionOrder(t *testing.T) {
	moves := []games.Move{
		{Notation: "move a top"},
		{Notation: "policy x", Group: games.SettingGroup},
		{Notation: "done", Primary: true},
		{Notation: "move b top"},
		{Notation: "end", Primary: true},
	}
	var got []string
	for _, m := range suggestionOrder(moves) {
		got = append(got, m.Notation)
	}
	want := []string{"done", "end", "move a top", "move b top", "policy x"}
	if !slices.Equal(got, want) {
		t.Errorf("suggested %q, want %q", got, want)
	}
}

func TestBotMoveOutOfTurnAndBadPolicy(t *testing.T) {
	testgame.Register()
	def := *testgame.Definition()
	g, _, err := def.Create(2, map[string]string{"rounds": "1"}, 1)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(3, 4))
	g, _, err = games.PlayText(g, 0, "play 2")
	if err != nil {
		t.Fatal(err)
	}
	if m, ok := def.BotMove(g, 0, r); ok {
		t.Errorf("seat 0 has played this round, yet the bot chose %q", m.Notation)
	}
	def.Policy = func(games.View, []games.Move, *rand.Rand) games.Move { return games.Move{Notation: "play 99"} }
	m, ok := def.BotMove(g, 1, r)
	if !ok || (m.Notation != "play 4" && m.Notation != "play 11") {
		t.Errorf("with a policy answering an illegal move the bot chose %q, %v; want a legal move", m.Notation, ok)
	}
}

func TestBotRand(t *testing.T) {
	a, err := botRand(bytes.NewReader(bytes.Repeat([]byte{7}, 16)))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := botRand(bytes.NewReader(bytes.Repeat([]byte{7}, 16)))
	if a.Uint64() != b.Uint64() {
		t.Error("the same seed bytes gave different generators")
	}
	if _, err := botRand(bytes.NewReader(nil)); err == nil {
		t.Error("no seed bytes gave no error")
	}
}
