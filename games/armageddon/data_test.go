package armageddon

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestEmbeddedData(t *testing.T) {
	cs, err := LoadCardSet(contentJSON)
	if err != nil {
		t.Fatal(err)
	}
	counts := map[string]int{}
	for _, b := range cs.Buildings {
		if b.Printed == "" {
			counts["level"+string(rune('0'+b.Level))]++
		}
	}
	equipment := 0
	for _, e := range cs.Equipment {
		equipment += e.Count
	}
	tiles := 0
	for _, bt := range cs.BuildingTiles {
		tiles += bt.Count
	}
	got := map[string]int{
		"level1": counts["level1"], "level2": counts["level2"], "equipment": equipment, "building tiles": tiles,
		"bid tiles": len(cs.BidTiles), "scoring tiles": len(cs.ScoringTiles), "survivors": cs.Board.Survivors.Total(),
		"reds": cs.Board.Survivors[red], "workers": cs.Board.Survivors[green], "soldiers": cs.Board.Survivors[blue],
		"engineers": cs.Board.Survivors[yellow], "leaders": cs.Board.Survivors[purple],
	}
	want := map[string]int{
		"level1": 14, "level2": 14, "equipment": 60, "building tiles": 32, "bid tiles": 7, "scoring tiles": 10,
		"survivors": 89, "reds": 20, "workers": 45, "soldiers": 10, "engineers": 10, "leaders": 4,
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%s: %d, want %d", k, got[k], w)
		}
	}
	if len(Definition.Rules) == 0 {
		t.Error("no rules topics")
	}
}

// TestLoadCardSetErrors breaks the embedded data in one place at a time;
// each error must be an ErrData naming the place.
func TestLoadCardSetErrors(t *testing.T) {
	cases := []struct {
		name, want string
		edit       func(m map[string]any)
	}{
		{"unknown field", "unknown field", func(m map[string]any) { m["extra"] = 1 }},
		{"rounds", "board.rounds", func(m map[string]any) { board(m)["rounds"] = 1 }},
		{"advance per round", "board.advance", func(m map[string]any) { board(m)["advance"] = []int{1, 2} }},
		{"damage start", "board.damage_start", func(m map[string]any) { board(m)["damage_start"] = 12 }},
		{"damage effect", "board.damage_track[2].kind", func(m map[string]any) {
			board(m)["damage_track"].([]any)[2] = []any{map[string]any{"kind": "draw", "amount": 1}}
		}},
		{"survivors", "board.survivors", func(m map[string]any) { board(m)["survivors"].(map[string]any)["g"] = 44 }},
		{"colour", "unknown survivor colour", func(m map[string]any) { board(m)["start_reserve"] = map[string]any{"x": 1} }},
		{"display", "board.display_survivors", func(m map[string]any) { board(m)["display_survivors"].(map[string]any)["4"] = []int{1, 2} }},
		{"equipment count", "equipment: 59 cards", func(m map[string]any) { item(m, "equipment", 0)["count"] = 9 }},
		{"equipment scoring", "equipment[0] \"beer\".scoring.kind", func(m map[string]any) {
			item(m, "equipment", 0)["scoring"] = map[string]any{"kind": "sum"}
		}},
		{"vehicle", "scoring.vehicle", func(m map[string]any) {
			item(m, "equipment", 5)["scoring"] = map[string]any{"kind": "vehicle", "vehicle": "tank"}
		}},
		{"building type", "buildings[3] \"b01\".type", func(m map[string]any) { item(m, "buildings", 3)["type"] = "farm" }},
		{"hq type", "only the Headquarters", func(m map[string]any) { item(m, "buildings", 4)["type"] = "hq" }},
		{"level count", "buildings: 13 level 1", func(m map[string]any) { item(m, "buildings", 3)["level"] = 2 }},
		{"cost", "actions[0].cost", func(m map[string]any) {
			item(m, "buildings", 0)["actions"].([]any)[0].(map[string]any)["cost"] = []string{"r"}
		}},
		{"action effect", "actions[0].effect.kind", func(m map[string]any) {
			item(m, "buildings", 0)["actions"].([]any)[0].(map[string]any)["effect"] = map[string]any{"kind": "swap"}
		}},
		{"excludes one way", "exclusions go both ways", func(m map[string]any) { delete(item(m, "buildings", 21), "excludes") }},
		{"second printed hq", `a second "hq"`, func(m map[string]any) { item(m, "buildings", 2)["printed"] = "hq" }},
		{"bid tiles", "bid_tiles: 6", func(m map[string]any) { m["bid_tiles"] = m["bid_tiles"].([]any)[1:] }},
		{"capped", "capped", func(m map[string]any) {
			item(m, "bid_tiles", 1)["malus"] = map[string]any{"kind": "vp", "amount": -2, "capped": true}
		}},
		{"tile count", "building_tiles: 31", func(m map[string]any) { item(m, "building_tiles", 0)["count"] = 3 }},
		{"duplicate id", "used twice", func(m map[string]any) { item(m, "building_tiles", 0)["id"] = "b05" }},
		{"scoring tile", "scoring_tiles[0] \"s01\"", func(m map[string]any) { item(m, "scoring_tiles", 0)["colour"] = "r" }},
		{"name", "needs en and de", func(m map[string]any) { item(m, "buildings", 5)["name"] = map[string]any{"en": "X"} }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var m map[string]any
			if err := json.Unmarshal(contentJSON, &m); err != nil {
				t.Fatal(err)
			}
			c.edit(m)
			data, err := json.Marshal(m)
			if err != nil {
				t.Fatal(err)
			}
			_, err = LoadCardSet(data)
			if !errors.Is(err, ErrData) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want an ErrData naming %q", err, c.want)
			}
		})
	}
}

func board(m map[string]any) map[string]any { return m["board"].(map[string]any) }

func item(m map[string]any, list string, i int) map[string]any {
	return m[list].([]any)[i].(map[string]any)
}

// TestPieceCatalog lists every piece once with a text in both languages.
func TestPieceCatalog(t *testing.T) {
	cs := DefaultCardSet()
	cat := cs.Catalog()
	want := len(cs.Buildings) + len(cs.Equipment) + len(cs.BidTiles) + len(cs.BuildingTiles) + len(cs.ScoringTiles)
	if len(cat) != want {
		t.Fatalf("%d catalog entries, want %d", len(cat), want)
	}
	seen := map[string]bool{}
	for _, c := range cat {
		if seen[c.ID] {
			t.Errorf("id %s listed twice", c.ID)
		}
		seen[c.ID] = true
		if c.Name.EN == "" || c.Name.DE == "" || c.Body.EN == "" || c.Body.DE == "" || strings.Contains(c.Body.EN+c.Body.DE, "%!") {
			t.Errorf("%s: incomplete text %+v", c.ID, c)
		}
	}
	for _, c := range cat {
		t.Run("summary "+c.ID, func(t *testing.T) {
			long := utf8.RuneCountInString(c.Body.EN) > summaryLimit || utf8.RuneCountInString(c.Body.DE) > summaryLimit
			if long != (c.Summary.EN != "" && c.Summary.DE != "") {
				t.Fatalf("body of %d/%d runes with the summary %q / %q", utf8.RuneCountInString(c.Body.EN), utf8.RuneCountInString(c.Body.DE), c.Summary.EN, c.Summary.DE)
			}
			for _, s := range []string{c.Summary.EN, c.Summary.DE} {
				if utf8.RuneCountInString(s) > summaryLimit || strings.HasSuffix(s, "…") || strings.Contains(s, "%!") {
					t.Errorf("summary %q: over %d runes, cut or misformatted", s, summaryLimit)
				}
			}
		})
	}
	if got := cat[cs.building["b19"]].Body.EN; !strings.Contains(got, "never together with Church Merciful") ||
		!strings.Contains(got, "first 5 plunderers") {
		t.Errorf("Church Vengeful reads %q", got)
	}
}
