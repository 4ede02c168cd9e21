package xenoshyft

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/internal/botplay"
)

// printedRef is a piece id as a view prints it: a card, a troop or item
// stack, a resource pile.
var printedRef = regexp.MustCompile(`"Ref":"([ctir]\d+)"`)

// checkPieces checks one state: every id its views print is in the
// Catalog, every move that acts on a piece names one of the Catalog, and
// moves that read alike name the same piece.
func checkPieces(t *testing.T, g games.Game) {
	t.Helper()
	ids := map[string]bool{}
	for _, c := range g.(games.Catalog).Catalog() {
		ids[c.ID] = true
	}
	for seat := games.Seat(0); int(seat) < g.Seats(); seat++ {
		raw, err := json.Marshal(g.View(seat))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range printedRef.FindAllStringSubmatch(string(raw), -1) {
			if !ids[m[1]] {
				t.Fatalf("seat %d's view prints %s, which the Catalog does not list", seat, m[1])
			}
		}
		alike := map[games.Text]string{}
		for _, m := range g.LegalMoves(seat) {
			p := m.Payload.(move)
			names := p.Card != noCard || p.Verb == "buy" || p.Verb == "division" || p.Div
			switch {
			case names && m.Piece == "":
				t.Fatalf("%q acts on a piece but names none", m.Notation)
			case m.Piece != "" && !ids[m.Piece]:
				t.Fatalf("%q names piece %q, which the Catalog does not list", m.Notation, m.Piece)
			}
			for _, l := range []string{m.Label.EN, m.Label.DE} {
				if strings.HasSuffix(l, "…") {
					t.Fatalf("%q: label %q is cut", m.Notation, l)
				}
			}
			if prev, ok := alike[m.Label]; ok && prev != m.Piece {
				t.Fatalf("%q reads %q like a move on %s but names %s", m.Notation, m.Label.EN, prev, m.Piece)
			}
			alike[m.Label] = m.Piece
		}
	}
}

// TestPiecesInCatalog plays whole games with the bot policy at every table
// size and checks the pieces of every state (see checkPieces).
func TestPiecesInCatalog(t *testing.T) {
	for seats := 1; seats <= 4; seats++ {
		t.Run(fmt.Sprintf("%d players", seats), func(t *testing.T) {
			g, _, err := Definition.Create(seats, map[string]string{"divisions": "choose"}, uint64(seats))
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(uint64(seats), 5))
			named := 0
			for step := 0; !g.Status().Finished; step++ {
				if step > 20000 {
					t.Fatal("the game does not end")
				}
				checkPieces(t, g)
				acts := g.ToAct()
				a := acts[r.IntN(len(acts))]
				m := Definition.Policy(g.View(a.Seat), botplay.Decisions(g.LegalMoves(a.Seat)), r)
				if m.Piece != "" {
					named++
				}
				next, _, err := games.Play(g, a.Seat, m)
				if err != nil {
					t.Fatalf("%q: %v", m.Notation, err)
				}
				g = next
			}
			if named == 0 {
				t.Error("no move played names a piece")
			}
		})
	}
}

// TestCatalogSummaries checks every Catalog entry: ids are unique, a
// summary fits a select option's description whole (100 runes, not cut)
// and is given wherever the body does not fit.
func TestCatalogSummaries(t *testing.T) {
	g, _, err := Definition.Create(2, nil, 3)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, c := range g.(games.Catalog).Catalog() {
		if seen[c.ID] {
			t.Errorf("%s is listed twice", c.ID)
		}
		seen[c.ID] = true
		for _, lang := range []games.Lang{games.English, games.German} {
			body, sum := c.Body.In(lang), c.Summary.In(lang)
			switch {
			case utf8.RuneCountInString(sum) > maxSummary:
				t.Errorf("%s (%s): summary %q has %d runes", c.ID, lang, sum, utf8.RuneCountInString(sum))
			case strings.HasSuffix(sum, "…"):
				t.Errorf("%s (%s): summary %q is cut", c.ID, lang, sum)
			case sum == "" && utf8.RuneCountInString(body) > maxSummary:
				t.Errorf("%s (%s): no summary for a body of %d runes", c.ID, lang, utf8.RuneCountInString(body))
			}
		}
	}
	for _, want := range []string{"t1", "i1", "i9", "r1", "research"} {
		if !seen[want] {
			t.Errorf("the Catalog lacks %s", want)
		}
	}
}

// TestDistinctChoices checks the moves that name pieces by what they show.
func TestDistinctChoices(t *testing.T) {
	t.Run("swapping two alike troops is refused, two different ones may swap", func(t *testing.T) {
		tb := newTable(t, 2)
		tb.g.s.Phase = PhaseDeploy
		a, b := tb.troop(0, "militia"), tb.troop(0, "militia")
		other := tb.troop(0, "trooper")
		tb.refuse(0, fmt.Sprintf("swap %s %s", c(a), c(b)), "alike")
		if _, ok := games.FindMove(tb.g, 0, fmt.Sprintf("swap %s %s", c(b), c(other))); !ok {
			t.Errorf("swap of a militia and a trooper is not offered")
		}
		tb.g.s.Lanes[0].Troops[0].Damage = 1
		if _, ok := games.FindMove(tb.g, 0, fmt.Sprintf("swap %s %s", c(a), c(b))); !ok {
			t.Errorf("swap of a damaged and a whole militia is not offered")
		}
	})
	t.Run("a troop's purchase shows its attack and hit points", func(t *testing.T) {
		g := supplyGame(t)
		m, ok := games.FindMove(g, 0, "buy t1")
		if !ok {
			t.Fatal("buy t1 is not legal")
		}
		tt := g.cs.Troops[g.troopStacks()[0]]
		for _, want := range []string{fmt.Sprintf("attack %d", tt.Attack), hitPointsText(tt.HP).EN} {
			if !strings.Contains(m.Label.EN, want) {
				t.Errorf("label %q lacks %q", m.Label.EN, want)
			}
		}
		if m.Piece != "t1" {
			t.Errorf("buy t1 names piece %q, want t1", m.Piece)
		}
	})
	t.Run("copies in the hand read alike and name one piece", func(t *testing.T) {
		tb := newTable(t, 2)
		tb.g.s.Phase = PhaseDeploy
		tb.emptyHands()
		a, b := tb.hand(0, "militia"), tb.hand(0, "militia")
		ma, oka := games.FindMove(tb.g, 0, fmt.Sprintf("deploy %s lane1", c(a)))
		mb, okb := games.FindMove(tb.g, 0, fmt.Sprintf("deploy %s lane1", c(b)))
		if !oka || !okb {
			t.Fatal("deploying a militia is not legal")
		}
		if ma.Label != mb.Label || ma.Piece != mb.Piece || ma.Piece == "" {
			t.Errorf("copies differ: %q on %q, %q on %q", ma.Label.EN, ma.Piece, mb.Label.EN, mb.Piece)
		}
	})
}
