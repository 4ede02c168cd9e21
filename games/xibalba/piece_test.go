package xibalba

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/rng"
)

// pieceGroups are the move groups whose actions act on one card or
// faction, so that each of their action moves must name it.
var pieceGroups = map[string]bool{
	groupSetup: true, groupResolve: true, groupUse: true, groupBuy: true, groupDiscard: true,
	groupDestroy: true, groupBlock: true, groupReorg: true, groupAttack: true,
}

// checkSummaries checks every catalog entry's Summary: at most summaryMax
// runes per language, never cut, and present wherever the Body is longer.
func checkSummaries(t *testing.T, cat []games.Card) {
	t.Helper()
	for _, c := range cat {
		for _, l := range []struct{ body, sum string }{{c.Body.EN, c.Summary.EN}, {c.Body.DE, c.Summary.DE}} {
			if n := utf8.RuneCountInString(l.sum); n > summaryMax {
				t.Errorf("%s: summary of %d runes: %q", c.ID, n, l.sum)
			}
			if utf8.RuneCountInString(l.body) > summaryMax && l.sum == "" {
				t.Errorf("%s: a body of more than %d runes without a summary: %q", c.ID, summaryMax, l.body)
			}
			if strings.HasSuffix(l.sum, "…") || strings.HasSuffix(c.Name.EN, "…") || strings.HasSuffix(c.Name.DE, "…") {
				t.Errorf("%s: cut text %q", c.ID, l.sum)
			}
		}
	}
}

func TestCatalogSummaries(t *testing.T) {
	t.Run("fixture set", func(t *testing.T) { checkSummaries(t, testSet.catalog()) })
	t.Run("embedded set", func(t *testing.T) { checkSummaries(t, embeddedSet(t).catalog()) })
}

// TestMovePieces plays random games and checks, at every position, that
// each move naming a piece names one the Catalog lists, that every action
// of a piece group names one (but starting a re-organization, which acts
// on no one card), and that no label is cut.
func TestMovePieces(t *testing.T) {
	for seats := 2; seats <= 4; seats++ {
		t.Run(fmt.Sprintf("%dp", seats), func(t *testing.T) {
			g, _, err := Definition.Create(seats, map[string]string{"factions": "choose"}, uint64(70+seats))
			if err != nil {
				t.Fatal(err)
			}
			ids := map[string]bool{}
			for _, c := range g.(games.Catalog).Catalog() {
				ids[c.ID] = true
			}
			named := map[string]int{}
			r := rng.New(uint64(seats))
			for i := 0; i < 20000 && !g.Status().Finished; i++ {
				for _, a := range g.ToAct() {
					for _, m := range g.LegalMoves(a.Seat) {
						if m.Piece != "" && !ids[m.Piece] {
							t.Fatalf("move %d: %q names %q, which the catalog lacks", i, m.Notation, m.Piece)
						}
						if m.Piece == "" && pieceGroups[m.Group] && m.Role == games.RoleAction && m.Payload.(move).verb != verbReorganize {
							t.Fatalf("move %d: %q (%s) names no piece", i, m.Notation, m.Label.EN)
						}
						if strings.HasSuffix(m.Label.EN, "…") || strings.HasSuffix(m.Label.DE, "…") {
							t.Fatalf("move %d: cut label %q / %q", i, m.Label.EN, m.Label.DE)
						}
						if m.Piece != "" {
							named[m.Group]++
						}
					}
				}
				seat, n := randomMove(g, r)
				if g, _, err = games.PlayText(g, seat, n); err != nil {
					t.Fatalf("move %d %q: %v", i, n, err)
				}
			}
			for _, grp := range []string{groupSetup, groupBuy, groupDiscard, groupAttack} {
				if named[grp] == 0 {
					t.Errorf("no %s move named a piece", grp)
				}
			}
		})
	}
}

// TestSummariesLeaveFingerprint checks that the summaries in the data do not
// change the set's fingerprint, by which stored games find their set.
func TestSummariesLeaveFingerprint(t *testing.T) {
	cards, err1 := fs.ReadFile(dataFS, "data/cards.json")
	factions, err2 := fs.ReadFile(dataFS, "data/factions.json")
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	var raw map[string][]map[string]any
	if err := json.Unmarshal(cards, &raw); err != nil {
		t.Fatal(err)
	}
	stripped := 0
	for _, c := range raw["cards"] {
		if _, ok := c["summary"]; ok {
			delete(c, "summary")
			stripped++
		}
	}
	if stripped == 0 {
		t.Fatal("the data holds no summary to strip")
	}
	without, err := json.Marshal(raw)
	if err != nil {
		t.Fatal(err)
	}
	with, err1 := LoadCardSet(cards, factions)
	bare, err2 := LoadCardSet(without, factions)
	if err := errors.Join(err1, err2); err != nil {
		t.Fatal(err)
	}
	if with.Fingerprint != bare.Fingerprint {
		t.Errorf("fingerprint %s with summaries, %s without", with.Fingerprint, bare.Fingerprint)
	}
}

// TestShortText checks every card's ShortText: at most summaryMax runes
// in each language, never empty where the card has a text, and the whole
// text where that fits.
func TestShortText(t *testing.T) {
	cs, err := DefaultCardSet()
	if err != nil {
		t.Fatal(err)
	}
	for i := range cs.Cards {
		c := &cs.Cards[i]
		short := c.ShortText()
		for _, l := range []struct{ text, short string }{{c.Text.EN, short.EN}, {c.Text.DE, short.DE}} {
			switch n := utf8.RuneCountInString(l.short); {
			case n > summaryMax:
				t.Errorf("%s: short text of %d runes: %q", c.ID, n, l.short)
			case l.text != "" && n == 0:
				t.Errorf("%s: no short text for %q", c.ID, l.text)
			}
		}
		if utf8.RuneCountInString(c.Text.EN) <= summaryMax && utf8.RuneCountInString(c.Text.DE) <= summaryMax && short != c.Text {
			t.Errorf("%s: short text %q for a text that fits", c.ID, short.EN)
		}
	}
}
