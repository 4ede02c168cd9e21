package xibalba

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/playbychat/pbc/games"
)

func readFixture(t testing.TB, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestLoadCardSetFixture(t *testing.T) {
	cs, err := LoadCardSet(readFixture(t, "cards.json"), readFixture(t, "factions.json"))
	if err != nil {
		t.Fatal(err)
	}
	if got := len(cs.Cards); got != 176 {
		t.Errorf("cards = %d, want 176", got)
	}
	if cs.Card("s01") == nil || cs.Faction("rebels") == nil {
		t.Error("lookup of s01 or rebels failed")
	}
	again, err := LoadCardSet(readFixture(t, "cards.json"), readFixture(t, "factions.json"))
	if err != nil || again.Fingerprint != cs.Fingerprint {
		t.Errorf("reload fingerprint %q (err %v), want %q", again.Fingerprint, err, cs.Fingerprint)
	}
}

// mutate edits the decoded fixture and returns the re-encoded files.
func mutate(t *testing.T, edit func(cards []map[string]any, factions []map[string]any)) ([]byte, []byte) {
	t.Helper()
	var cf struct {
		Cards []map[string]any `json:"cards"`
	}
	var ff struct {
		Factions []map[string]any `json:"factions"`
	}
	if err := json.Unmarshal(readFixture(t, "cards.json"), &cf); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(readFixture(t, "factions.json"), &ff); err != nil {
		t.Fatal(err)
	}
	edit(cf.Cards, ff.Factions)
	c, _ := json.Marshal(cf)
	f, _ := json.Marshal(ff)
	return c, f
}

func TestLoadCardSetErrors(t *testing.T) {
	tests := []struct {
		name string
		edit func(cards, factions []map[string]any)
		want string
	}{
		{"duplicate id", func(c, _ []map[string]any) { c[1]["id"] = "s01" }, `card "s01": id used twice`},
		{"wrong prefix", func(c, _ []map[string]any) { c[0]["id"] = "c99" }, `card "c99": id of a soldier`},
		{"missing german name", func(c, _ []map[string]any) { c[0]["name"] = map[string]any{"en": "X"} }, `card "s01": name needs en and de`},
		{"soldier power", func(c, _ []map[string]any) { c[0]["power"] = 0 }, `card "s01": power must be 1-9`},
		{"unknown faction", func(c, _ []map[string]any) { c[0]["faction"] = "nobody" }, `faction "nobody" is not in factions.json`},
		{"civilian with power", func(c, _ []map[string]any) { c[64]["power"] = 2 }, `card "c01": only soldiers`},
		{"deck count", func(c, _ []map[string]any) {
			for k := range c[0] {
				delete(c[0], k)
			}
			for k, v := range c[64] {
				c[0][k] = v
			}
			c[0]["id"] = "c77"
		}, "the soldier deck must hold 64 cards, found 63"},
		{"unknown kind", func(c, _ []map[string]any) {
			c[0]["effects"] = []any{map[string]any{"timing": "effect", "kind": "teleport"}}
		}, `card "s01" effect 1 (teleport): unknown kind`},
		{"event timing", func(c, _ []map[string]any) {
			c[150]["effects"] = []any{map[string]any{"timing": "effect", "kind": "gain_resources", "amount": 1}}
		}, "event effects must have timing immediate"},
		{"amount missing", func(c, _ []map[string]any) {
			c[0]["effects"] = []any{map[string]any{"timing": "effect", "kind": "gain_resources"}}
		}, "amount must be 1-10, not 0"},
		{"target not allowed", func(c, _ []map[string]any) {
			c[0]["effects"] = []any{map[string]any{"timing": "effect", "kind": "gain_resources", "amount": 1, "target": "each_enemy"}}
		}, "target is not used by this kind"},
		{"upgrade cost", func(_, f []map[string]any) {
			f[0]["levels"].([]any)[1].(map[string]any)["cost"] = 5
		}, `faction "rebels" level 2: cost must be 3-4, not 5`},
		{"board twice", func(_, f []map[string]any) { f[2]["board"] = 1 }, "board 1 must carry exactly 2 factions"},
		{"action cost missing", func(_, f []map[string]any) { delete(f[0]["actions"].(map[string]any), "harvest") }, "actions.harvest is missing"},
		{"unknown field", func(c, _ []map[string]any) { c[0]["colour"] = "red" }, `unknown field "colour"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cards, factions := mutate(t, tc.edit)
			_, err := LoadCardSet(cards, factions)
			if err == nil {
				t.Fatalf("no error, want %q", tc.want)
			}
			if !errors.Is(err, ErrInvalidData) {
				t.Errorf("error %v does not wrap ErrInvalidData", err)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q does not mention %q", err, tc.want)
			}
		})
	}
}

func TestLoadTopics(t *testing.T) {
	topics, err := LoadTopics(readFixture(t, "topics.json"))
	if err != nil || len(topics) != 1 || topics[0].Key != "overview" {
		t.Fatalf("LoadTopics = %v, %v", topics, err)
	}
	long := strings.Repeat("x", maxTopicChars+1)
	bad := `{"topics":[{"key":"a","title":{"en":"A","de":"A"},"body":{"en":"` + long + `","de":"x"}}]}`
	if _, err := LoadTopics([]byte(bad)); !errors.Is(err, ErrInvalidData) {
		t.Errorf("over-long body: err = %v, want ErrInvalidData", err)
	}
}

// TestEmbeddedData checks the content data shipped in data/: it must load
// and validate, and every topic must parse.
func TestEmbeddedData(t *testing.T) {
	cards, err1 := dataFS.ReadFile("data/cards.json")
	factions, err2 := dataFS.ReadFile("data/factions.json")
	if err := errors.Join(err1, err2); err != nil {
		t.Fatalf("embedded data missing: %v", err)
	}
	cs, err := LoadCardSet(cards, factions)
	if err != nil {
		t.Fatal(err)
	}
	if topics, err := dataFS.ReadFile("data/topics.json"); err == nil {
		if _, err := LoadTopics(topics); err != nil {
			t.Error(err)
		}
		if len(Definition.Rules) == 0 {
			t.Error("data/topics.json is not loaded into Definition.Rules")
		}
	}
	g, err := newWithSet(cs, games.Setup{Seats: 4, Options: games.Options{"factions": "random"}, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	end, rec := playout(t, g, 3, 20000)
	if !end.Status().Finished {
		t.Errorf("a random game with the embedded cards did not finish in %d moves", len(rec))
	}
}
