package xibalba

import (
	"encoding/json"
	"io/fs"
	"strconv"
	"strings"
	"testing"

	"github.com/playbychat/pbc/games"
)

// dataIDs reads the ids of a data file's list (cards or factions) without
// the engine's loader.
func dataIDs(t *testing.T, data []byte, list string) []string {
	t.Helper()
	var file map[string][]struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, e := range file[list] {
		ids = append(ids, e.ID)
	}
	if len(ids) == 0 {
		t.Fatalf("no %s in the data", list)
	}
	return ids
}

// checkCatalog checks that every card and faction id of the data files has
// one catalog entry with a name and a text in both languages.
func checkCatalog(t *testing.T, cat []games.Card, cards, factions []byte) {
	t.Helper()
	byID := map[string]games.Card{}
	for _, c := range cat {
		if _, dup := byID[c.ID]; dup {
			t.Errorf("catalog lists %s twice", c.ID)
		}
		byID[c.ID] = c
		for _, s := range []string{c.Name.EN, c.Name.DE, c.Body.EN, c.Body.DE} {
			if strings.TrimSpace(s) == "" {
				t.Errorf("%s: empty name or text: %+v", c.ID, c)
			}
		}
	}
	want := append(dataIDs(t, cards, "cards"), dataIDs(t, factions, "factions")...)
	for _, id := range want {
		if _, ok := byID[id]; !ok {
			t.Errorf("no catalog entry for %s", id)
		}
	}
	if len(byID) != len(want) {
		t.Errorf("catalog has %d entries, the data %d ids", len(byID), len(want))
	}
}

func TestCatalog(t *testing.T) {
	t.Run("fixture set of a running game", func(t *testing.T) {
		g, _, err := Definition.Create(3, nil, 1)
		if err != nil {
			t.Fatal(err)
		}
		cat, ok := g.(games.Catalog)
		if !ok {
			t.Fatal("a XIBALBA game is no games.Catalog")
		}
		checkCatalog(t, cat.Catalog(), readFixture(t, "cards.json"), readFixture(t, "factions.json"))
	})
	t.Run("embedded set", func(t *testing.T) {
		cards, err1 := fs.ReadFile(dataFS, "data/cards.json")
		factions, err2 := fs.ReadFile(dataFS, "data/factions.json")
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		checkCatalog(t, embeddedSet(t).catalog(), cards, factions)
	})
	t.Run("values and wording", func(t *testing.T) {
		byID := map[string]games.Card{}
		for _, c := range testSet.catalog() {
			byID[c.ID] = c
		}
		s := testSet.Card("s01")
		body := byID["s01"].Body
		for _, want := range []string{"power " + strconv.Itoa(s.Power), "resistance " + strconv.Itoa(s.Resistance), s.Text.EN} {
			if !strings.Contains(body.EN, want) {
				t.Errorf("s01 text %q lacks %q", body.EN, want)
			}
		}
		if !strings.Contains(body.DE, s.Text.DE) || !strings.Contains(body.DE, "Stärke") {
			t.Errorf("s01 German text %q", body.DE)
		}
		f := byID["rebels"].Body
		if !strings.Contains(f.EN, "1 field,") && !strings.Contains(f.EN, "1 field\n") {
			t.Errorf("rebels: level 1 has one field: %q", f.EN)
		}
		if strings.Contains(f.EN, "1 fields") || strings.Contains(f.DE, "1 Felder") {
			t.Errorf("rebels: wrong plural in %q / %q", f.EN, f.DE)
		}
	})
}
