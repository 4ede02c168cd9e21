package xibalba

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestRulesDocMatchesData keeps the card and faction tables of
// docs/rules/xibalba.md in step with the shipped data: every card's row
// must name it in both languages with its cost (and soldier values), and
// every faction must be listed.
func TestRulesDocMatchesData(t *testing.T) {
	doc, err := os.ReadFile("../../docs/rules/xibalba.md")
	if err != nil {
		t.Fatal(err)
	}
	cards, err1 := os.ReadFile("data/cards.json")
	factions, err2 := os.ReadFile("data/factions.json")
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	cs, err := LoadCardSet(cards, factions)
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]string{}
	for _, line := range strings.Split(string(doc), "\n") {
		if fields := strings.Split(line, "|"); len(fields) > 2 {
			rows[strings.TrimSpace(fields[1])] = line
		}
	}
	for _, c := range cs.Cards {
		want := fmt.Sprintf("| %s | %s (%s) | ", c.ID, c.Name.EN, c.Name.DE)
		if c.Deck == DeckSoldier {
			want += fmt.Sprintf("%s | %d | %d/%d/%d |", cs.Faction(c.Faction).Name.EN, c.Cost, c.Power, c.Resistance, c.Paragon)
		} else {
			want += fmt.Sprintf("%d |", c.Cost)
		}
		if row := rows[c.ID]; !strings.HasPrefix(row, want) {
			t.Errorf("docs/rules/xibalba.md row for %s is\n  %q\nwant it to start with\n  %q", c.ID, row, want)
		}
	}
	for _, f := range cs.Factions {
		if !strings.Contains(string(doc), fmt.Sprintf("%s / %s | `%s`", f.Name.EN, f.Name.DE, f.ID)) {
			t.Errorf("docs/rules/xibalba.md does not list faction %s", f.ID)
		}
	}
}
