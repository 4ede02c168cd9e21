package dei

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/playbychat/pbc/games"
)

// checkCatalogSummary checks a catalog entry's summary: at most 100 characters
// per language, not cut, and given wherever the body is longer.
func checkCatalogSummary(t *testing.T, card games.Card) {
	t.Helper()
	for _, lang := range []struct{ body, sum string }{{card.Body.EN, card.Summary.EN}, {card.Body.DE, card.Summary.DE}} {
		n := utf8.RuneCountInString(lang.sum)
		switch {
		case n > summaryMax:
			t.Errorf("%s: summary %q has %d characters", card.ID, lang.sum, n)
		case strings.Contains(lang.sum, "…"):
			t.Errorf("%s: summary %q is cut", card.ID, lang.sum)
		case n == 0 && utf8.RuneCountInString(lang.body) > summaryMax:
			t.Errorf("%s: body %q is longer than %d characters and has no summary", card.ID, lang.body, summaryMax)
		}
	}
}

// TestMovePieces plays whole games (random moves and the bot policy) and
// checks every listed move: its Piece is "" or in the catalog, its label is
// not cut with "…", and the moves that name a piece carry it.
func TestMovePieces(t *testing.T) {
	configs := []map[string]string{
		nil,
		{"planning": "on", "draft": "on"},
		{"confrontation": "on", "rebellion": "on", "map": "random", "factions": "random"},
	}
	named := map[string]bool{}
	for seats := 2; seats <= 4; seats++ {
		for i, raw := range configs {
			seed := uint64(seats*10 + i)
			t.Run(fmt.Sprintf("%dp/%d", seats, i), func(t *testing.T) {
				playPieces(t, seats, raw, seed, named)
			})
		}
	}
	for _, verb := range []string{"faction", "leader", "draft", "play", "buy", "down", "mission", "drone", "fly", "candy"} {
		t.Run("names/"+verb, func(t *testing.T) {
			if !named[verb] {
				t.Errorf("no %q move with a Piece was listed in the games played", verb)
			}
		})
	}
}

// playPieces plays one game, checking every listed move's Piece and label;
// named collects the verbs of the moves that carried a Piece.
func playPieces(t *testing.T, seats int, raw map[string]string, seed uint64, named map[string]bool) {
	g, _, err := Definition.Create(seats, raw, seed)
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	for _, c := range g.(games.Catalog).Catalog() {
		ids[c.ID] = true
	}
	r := rand.New(rand.NewPCG(seed, 7))
	for n := 0; !g.Status().Finished; n++ {
		if n > 20000 {
			t.Fatalf("no end after %d moves", n)
		}
		actors := g.ToAct()
		seat := actors[r.IntN(len(actors))].Seat
		moves := g.LegalMoves(seat)
		for _, m := range moves {
			for _, l := range []string{m.Label.EN, m.Label.DE} {
				if strings.HasSuffix(l, "…") {
					t.Fatalf("move %d %q: label %q ends in …", n, m.Notation, l)
				}
			}
			if m.Piece == "" {
				continue
			}
			if !ids[m.Piece] {
				t.Fatalf("move %d %q: piece %q is not in the catalog", n, m.Notation, m.Piece)
			}
			named[moveKind(m.Notation)] = true
		}
		m := moves[r.IntN(len(moves))]
		if seed%2 == 0 {
			m, _ = Definition.BotMove(g, seat, r)
		}
		next, _, err := games.Play(g, seat, m)
		if err != nil {
			t.Fatalf("move %d %q: %v", n, m.Notation, err)
		}
		g = next
	}
}
