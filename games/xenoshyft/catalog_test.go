package xenoshyft

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/playbychat/pbc/games"
)

// dataTypes is the card data read without the engine's loader: per list,
// each type's key, English name and count.
type dataTypes map[string][]struct {
	Key   string     `json:"key"`
	Name  games.Text `json:"name"`
	Count int        `json:"count"`
	Value int        `json:"value"`
	Start bool       `json:"starter"`
}

func TestCatalog(t *testing.T) {
	var data dataTypes
	if err := json.Unmarshal(defaultCardsJSON, &data); err != nil {
		t.Fatal(err)
	}
	for seats := 1; seats <= 4; seats += 3 {
		t.Run(fmt.Sprintf("seats=%d", seats), func(t *testing.T) {
			g, _, err := Definition.Create(seats, nil, 5)
			if err != nil {
				t.Fatal(err)
			}
			cat, ok := g.(games.Catalog)
			if !ok {
				t.Fatal("a Xenoshyft game is no games.Catalog")
			}
			byID := map[string]games.Card{}
			copies := map[string]int{} // c-entries by English name
			for _, c := range cat.Catalog() {
				if _, dup := byID[c.ID]; dup {
					t.Errorf("catalog lists %s twice", c.ID)
				}
				byID[c.ID] = c
				for _, s := range []string{c.Name.EN, c.Name.DE, c.Body.EN, c.Body.DE} {
					if strings.TrimSpace(s) == "" {
						t.Errorf("%s: empty name or text: %+v", c.ID, c)
					}
				}
				if strings.HasPrefix(c.ID, "c") {
					copies[c.Name.EN]++
				}
			}
			cards := 0
			for _, list := range []string{"resources", "troops", "enemies", "items"} {
				if len(data[list]) == 0 {
					t.Fatalf("no %s in the data", list)
				}
				for _, ty := range data[list] {
					cards += ty.Count
					if copies[ty.Name.EN] != ty.Count {
						t.Errorf("%s %s: %d cards in the catalog, %d in the data", list, ty.Key, copies[ty.Name.EN], ty.Count)
					}
				}
			}
			for id := range cards {
				if _, ok := byID[fmt.Sprintf("c%d", id)]; !ok {
					t.Errorf("no catalog entry for card c%d", id)
				}
			}
			stack := 0
			for _, ty := range data["troops"] {
				if ty.Start {
					continue
				}
				stack++
				if e := byID[fmt.Sprintf("t%d", stack)]; e.Name != ty.Name {
					t.Errorf("stack t%d is %v, want %v", stack, e.Name, ty.Name)
				}
			}
			for _, ty := range data["resources"] {
				if e := byID[fmt.Sprintf("r%d", ty.Value)]; e.Name != ty.Name {
					t.Errorf("pile r%d is %v, want %v", ty.Value, e.Name, ty.Name)
				}
			}
			for _, ty := range data["divisions"] {
				if _, ok := byID[ty.Key]; !ok {
					t.Errorf("no catalog entry for division %s", ty.Key)
				}
			}
		})
	}
}
