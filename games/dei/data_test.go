package dei

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/playbychat/pbc/games"
)

// TestEmbeddedContent loads the shipped content and checks the manual's
// counts and the quick layouts' sizes.
func TestEmbeddedContent(t *testing.T) {
	c, err := EmbeddedContent()
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]int{}
	for _, card := range c.Cards {
		kinds[card.Kind]++
	}
	if kinds[KindFaction] != 32 || kinds[KindMarket] != 36 || kinds[KindDrone] != 12 {
		t.Errorf("cards by kind: %v", kinds)
	}
	if len(c.Missions) != 12 || len(c.Feats) != 18 || len(c.candyKind) != 16 || len(c.Districts) != 16 {
		t.Errorf("%d missions, %d feats, %d candy, %d districts", len(c.Missions), len(c.Feats), len(c.candyKind), len(c.Districts))
	}
	for n, want := range map[int]int{2: 9, 3: 12, 4: 16} {
		l, placed := c.quickLayout(n)
		b, err := c.NewBoard(l.Rows, l.Cols, placed)
		if err != nil {
			t.Fatal(err)
		}
		if len(b.Tiles) != want {
			t.Errorf("%d players: %d districts", n, len(b.Tiles))
		}
		merged := 0
		for _, a := range b.Areas {
			if len(a.Tiles) == 2 {
				merged++
			}
		}
		// every shared edge joins two streets
		if edges := l.Rows*(l.Cols-1) + l.Cols*(l.Rows-1); merged != edges {
			t.Errorf("%d players: %d merged areas for %d shared edges", n, merged, edges)
		}
	}
}

// mutate loads the shipped files as JSON, changes them and loads the result.
func mutate(t *testing.T, change func(cards, board map[string]any)) error {
	t.Helper()
	var cards, board map[string]any
	if err := json.Unmarshal(EmbeddedFile("cards.json"), &cards); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(EmbeddedFile("map.json"), &board); err != nil {
		t.Fatal(err)
	}
	change(cards, board)
	cj, _ := json.Marshal(cards)
	bj, _ := json.Marshal(board)
	_, err := LoadContent(cj, bj)
	return err
}

func list(m map[string]any, key string) []any { return m[key].([]any) }

func obj(x any) map[string]any { return x.(map[string]any) }

func district(board map[string]any, code string) map[string]any {
	for _, d := range list(board, "districts") {
		if obj(d)["code"] == code {
			return obj(d)
		}
	}
	panic("no district " + code)
}

// TestContentValidation breaks the shipped content in many ways; each must
// be refused with an error naming what is wrong.
func TestContentValidation(t *testing.T) {
	for _, tc := range []struct {
		name, want string
		change     func(cards, board map[string]any)
	}{
		{"unknown field", "unknown field", func(c, b map[string]any) { c["colour"] = 1 }},
		{"three factions", "need 4 factions", func(c, b map[string]any) { c["factions"] = list(c, "factions")[:3] }},
		{"faction with 7 cards", "needs 8 cards", func(c, b map[string]any) {
			f := obj(list(c, "factions")[0])
			f["cards"] = f["cards"].([]any)[:7]
		}},
		{"leader order", "leader must be \"corvo\"", func(c, b map[string]any) {
			obj(obj(list(c, "factions")[0])["leader"])["key"] = "aria"
		}},
		{"missing German", "English and a German", func(c, b map[string]any) {
			obj(obj(list(c, "market_cards")[0])["name"])["de"] = ""
		}},
		{"duplicate card id", "id used twice", func(c, b map[string]any) { obj(list(c, "market_cards")[1])["id"] = "TA1" }},
		{"improved collect in red", "no \"red\" improved form", func(c, b map[string]any) {
			obj(list(c, "market_cards")[0])["actions"] = []any{map[string]any{"do": "collect", "colour": "red"}}
		}},
		{"gain without n", "need n", func(c, b map[string]any) {
			obj(list(c, "market_cards")[0])["actions"] = []any{map[string]any{"do": "vp"}}
		}},
		{"faction copy", "standard actions only", func(c, b map[string]any) {
			f := obj(list(c, "factions")[0])
			obj(f["cards"].([]any)[0])["actions"] = []any{map[string]any{"do": "copy"}}
		}},
		{"seven tactics cards", "needs 8 cards, has 7", func(c, b map[string]any) {
			obj(list(c, "market_cards")[0])["market"] = "black"
		}},
		{"drone card for another drone", "must activate its drone", func(c, b map[string]any) {
			obj(list(c, "drone_cards")[0])["drone"] = "teleporter"
		}},
		{"mission colour", "colour_cubes needs a colour", func(c, b map[string]any) { delete(obj(list(c, "missions")[6]), "colour") }},
		{"unknown feat", "unknown feat", func(c, b map[string]any) { obj(list(c, "feats")[0])["key"] = "ninja" }},
		{"feat colour", "colour must be red", func(c, b map[string]any) { obj(list(c, "feats")[0])["colour"] = "blue" }},
		{"fifteen candy", "need 16 markers", func(c, b map[string]any) { obj(list(c, "candy")[0])["count"] = 1.0 }},
		{"black market slots", "fourth market", func(c, b map[string]any) {
			obj(list(c, "markets")[3])["surcharge"] = []any{1.0}
		}},
		{"district code", "code must look like", func(c, b map[string]any) { district(b, "4.4")["code"] = "5.1" }},
		{"short row", "row 6 needs 6 cells", func(c, b map[string]any) {
			d := district(b, "2.2")
			d["cells"].([]any)[5] = "44sse"
		}},
		{"area in pieces", "in pieces", func(c, b map[string]any) {
			d := district(b, "2.7")
			d["cells"].([]any)[5] = "33ss41"
		}},
		{"street opening on a roof", "street opening on edge 1", func(c, b map[string]any) {
			d := district(b, "2.7")
			d["cells"].([]any)[0] = "111n22"
		}},
		{"area opening onto two edges", "opens onto edges", func(c, b map[string]any) {
			d := district(b, "2.7")
			d["cells"] = []any{"11nn22", "11nn22", "nnnnee", "nnssee", "33ss44", "33ss44"}
			d["red"] = []any{"n1"}
			delete(d, "lifts")
			d["bridges"] = []any{}
		}},
		{"energy on the ground", "energy symbols belong on roofs", func(c, b map[string]any) {
			obj(district(b, "2.7")["areas"])["n"] = map[string]any{"energy": 1.0}
		}},
		{"red line between grounds", "red line", func(c, b map[string]any) {
			district(b, "2.7")["red"] = []any{"nw"}
		}},
		{"lift off a red line", "printed lift", func(c, b map[string]any) { district(b, "2.7")["lifts"] = []any{"n4"} }},
		{"bridge over nothing", "must span", func(c, b map[string]any) {
			district(b, "2.7")["bridges"] = []any{map[string]any{"roofs": "14", "over": "n"}}
		}},
		{"outpost in a street", "no outpost, camp or drone symbol", func(c, b map[string]any) {
			obj(district(b, "2.7")["areas"])["n"] = map[string]any{"outpost": "A"}
		}},
		{"third start", "need 2 start districts", func(c, b map[string]any) {
			d := district(b, "2.5")
			d["start"] = true
			obj(d["areas"])["p"] = map[string]any{"camp": true}
		}},
		{"sixteenth outpost", "5 outpost sites B", func(c, b map[string]any) {
			obj(district(b, "4.4")["areas"])["1"] = map[string]any{"outpost": "B"}
		}},
		{"starts touching", "must not touch", func(c, b map[string]any) {
			l := obj(list(b, "layouts")[0])
			l["tiles"] = []any{"2.1", "2.9", "2.3", "2.4", "2.5", "2.6", "2.7", "2.8", "2.2"}
		}},
		{"layout missing a district", "is missing", func(c, b map[string]any) {
			l := obj(list(b, "layouts")[0])
			l["rows"], l["cols"] = 2.0, 4.0
			l["tiles"] = []any{"2.1", "2.2", "2.3", "2.4", "2.5", "2.6", "2.7", "2.9"}
		}},
		{"bad rotation", "rotation must be 0-3", func(c, b map[string]any) {
			l := obj(list(b, "layouts")[0])
			l["tiles"].([]any)[1] = "2.2@4"
		}},
		{"too much tech", "leave too little", func(c, b map[string]any) {
			for _, d := range list(b, "districts") {
				obj(obj(d)["areas"])["n"] = map[string]any{"tech": 3.0}
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := mutate(t, tc.change)
			if err == nil {
				t.Fatal("accepted")
			}
			if !errors.Is(err, ErrInvalidData) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want an ErrInvalidData containing %q", err, tc.want)
			}
		})
	}
}

// TestContentRoundTrip: unchanged files load to the same fingerprint, so
// games keep restoring.
func TestContentRoundTrip(t *testing.T) {
	err := mutate(t, func(c, b map[string]any) {})
	if err != nil {
		t.Fatal(err)
	}
	c, _ := EmbeddedContent()
	d, _ := DefaultContent()
	if c.Fingerprint != d.Fingerprint {
		t.Errorf("embedded %s, default %s", c.Fingerprint, d.Fingerprint)
	}
}

// TestGroupContent plays a game with a group's own map (one district
// turned into another shape) and restores it only while that content is
// loaded.
func TestGroupContent(t *testing.T) {
	var cards, board map[string]any
	_ = json.Unmarshal(EmbeddedFile("cards.json"), &cards)
	_ = json.Unmarshal(EmbeddedFile("map.json"), &board)
	obj(obj(list(cards, "market_cards")[0])["name"])["en"] = "Our Shock Troops"
	cj, _ := json.Marshal(cards)
	bj, _ := json.Marshal(board)
	own, err := LoadContent(cj, bj)
	if err != nil {
		t.Fatal(err)
	}
	g, err := newWithContent(own, games.Setup{Seats: 2, Options: games.Options{"factions": "random"}, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	state, _ := g.MarshalState()
	r, err := restore(state)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, c := range r.(*Game).Catalog() {
		found = found || c.Name.EN == "Our Shock Troops"
	}
	if !found {
		t.Error("the restored game does not play with the group's cards")
	}
	var s map[string]any
	_ = json.Unmarshal(state, &s)
	s["content"] = "0000000000000000"
	bad, _ := json.Marshal(s)
	if _, err := restore(bad); err == nil || !strings.Contains(err.Error(), "not loaded") {
		t.Errorf("restore with unknown content: %v", err)
	}
}

// TestRulesDocMatchesData keeps the tables of docs/rules/dei.md in step
// with the shipped data.
func TestRulesDocMatchesData(t *testing.T) {
	doc, err := os.ReadFile("../../docs/rules/dei.md")
	if err != nil {
		t.Fatal(err)
	}
	c, _ := EmbeddedContent()
	for _, card := range c.Cards {
		var want string
		if card.Kind == KindFaction {
			want = fmt.Sprintf("%s %s (%s): ", card.ID, card.Name.EN, card.Name.DE)
		} else {
			cost := ""
			if card.Tech > 0 {
				cost = fmt.Sprintf("%dT", card.Tech)
			}
			if card.Energy > 0 {
				cost = strings.TrimSpace(fmt.Sprintf("%s %dE", cost, card.Energy))
			}
			want = fmt.Sprintf("| %s | %s (%s) | %s | %s | %d |", card.ID, card.Name.EN, card.Name.DE, card.Market+card.Drone, cost, card.VP)
		}
		if !strings.Contains(string(doc), want) {
			t.Errorf("docs/rules/dei.md lacks %q", want)
		}
	}
	for _, m := range c.Missions {
		if want := fmt.Sprintf("| %s | %s (%s) |", m.ID, m.Name.EN, m.Name.DE); !strings.Contains(string(doc), want) {
			t.Errorf("docs/rules/dei.md lacks %q", want)
		}
	}
}

// TestCatalog lists every faction, card, mission, feat, drone, leader and
// candy kind once, with texts in both languages and a whole summary of at
// most 100 characters wherever the text is longer (issue 16: /card
// ravagers found nothing).
func TestCatalog(t *testing.T) {
	g, _, err := Definition.Create(2, nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	cat := g.(games.Catalog).Catalog()
	if want := 4 + 80 + 12 + 18 + 4 + 4 + 8; len(cat) != want {
		t.Errorf("%d catalog entries, want %d", len(cat), want)
	}
	seen := map[string]bool{}
	for _, c := range cat {
		if seen[c.ID] || c.Name.EN == "" || c.Name.DE == "" || c.Body.EN == "" || c.Body.DE == "" {
			t.Errorf("entry %q repeated or incomplete: %+v", c.ID, c)
		}
		seen[c.ID] = true
		checkCatalogSummary(t, c)
	}
	for _, id := range []string{"ravagers", "refuge42", "TA3", "MI5", "MI10", "scout", "hunter", "z13", "abraham", "candy-outpost"} {
		if !seen[id] {
			t.Errorf("catalog lacks %s", id)
		}
	}
}

// TestRulesTopics: the /rules topics load, in both languages.
func TestRulesTopics(t *testing.T) {
	keys := map[string]bool{}
	for _, tp := range Definition.Rules {
		keys[tp.Key] = true
	}
	for _, k := range []string{"overview", "turn", "actions", "majority", "outposts", "drones", "market", "missions", "scoring", "options", "notation"} {
		if !keys[k] {
			t.Errorf("no rules topic %q", k)
		}
	}
}
