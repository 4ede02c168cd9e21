package xenoshyft

import (
	"strings"
	"testing"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/internal/wording"
)

// The counted nouns of Xenoshyft's texts in English and German.
var (
	nounsEN = []wording.Noun{{One: "card", Other: "cards"}, {One: "more enemy", Other: "more enemies"}, {One: "hit point", Other: "hit points"}}
	nounsDE = []wording.Noun{{One: "Karte", Other: "Karten"}, {One: "weiterer Feind", Other: "weitere Feinde"}, {One: "Trefferpunkt", Other: "Trefferpunkte"}}
)

// illegalTries are notations tried in every state for their refusals.
var illegalTries = []string{"buy t9", "buy i1", "deploy c0 lane1", "play c0 e1.1", "use div", "ready", "pass", "recall c0"}

// TestWording scans every text of many random states, in both languages,
// for counted phrases in the wrong form and English game words in German.
func TestWording(t *testing.T) {
	en := wording.New(nounsEN)
	de := wording.New(nounsDE, "waiting", "fighting", "overrun", "held", "fallen", "Round", "Wave", "lane", "boss")
	both := wording.Pair{EN: en, DE: de}
	check := func(where string, text games.Text) {
		t.Helper()
		if err := both.Check(text); err != nil {
			t.Fatalf("%s: %v", where, err)
		}
	}
	n := 3
	if testing.Short() {
		n = 1
	}
	for seats := 1; seats <= 4; seats++ {
		for i := range n {
			seed := uint64(800 + 10*seats + i)
			g, _, err := Definition.Create(seats, nil, seed)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range g.(games.Catalog).Catalog() {
				check("catalog "+c.ID, c.Body)
			}
			playRandom(t, seats, seed, func(g *Game, step int, events []games.Event) {
				if step%5 == 0 {
					for _, f := range wording.StateTexts(g, illegalTries) {
						check(f.Where, f.Text)
					}
				}
				for _, e := range events {
					check("event", e.Text)
					if strings.TrimSpace(e.Text.EN) != e.Text.EN || strings.TrimSpace(e.Text.DE) != e.Text.DE {
						t.Fatalf("event with stray spaces: %q / %q", e.Text.EN, e.Text.DE)
					}
				}
			})
		}
	}
	// Summons bring one enemy at a time in the shipped cards: "more
	// enemies" is checked when met.
	for _, c := range []struct {
		name    string
		checker *wording.Checker
		nouns   []wording.Noun
	}{{"English", en, nounsEN}, {"German", de, nounsDE}} {
		common := []wording.Noun{c.nouns[0], c.nouns[2]}
		if missing := c.checker.Missing(common); len(missing) > 0 {
			t.Errorf("%s: the games never showed %q: the scan is too small to judge them", c.name, missing)
		}
	}
}
