package catalog

import (
	"encoding/json"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/playbychat/pbc/games"
)

// french is a catalogue with a third language, French, given only as files.
var french = fstest.MapFS{
	"locales/en.yaml": {Data: []byte(`
Loots: "%s loots %d paragon."
Moves:
  one: "%s moves 1 field."
  other: "%s moves %d fields."
Blocks: "%s blocks with %s."
`)},
	"locales/de.yaml": {Data: []byte(`
Loots: "%s plündert %d Paragon."
Moves:
  one: "%s zieht 1 Feld."
  other: "%s zieht %d Felder."
Blocks: "%s blockt mit {dat %s} ab."
`)},
	"locales/de.names.yaml": {Data: []byte(`Alter Veteran: {dat: dem Alten Veteranen}`)},
	"locales/fr.yaml": {Data: []byte(`
Loots: "%s pille %d parangon."
Moves:
  one: "%s avance de %d case."
  other: "%s avance de %d cases."
Blocks: "%s bloque avec {dat %s}."
`)},
}

func TestThirdLanguage(t *testing.T) {
	c, err := Load("french", french)
	if err != nil {
		t.Fatal(err)
	}
	if got := c.Langs(); len(got) != 3 || got[0] != games.English || got[2] != "fr" {
		t.Fatalf("Langs = %q, want en, de, fr", got)
	}
	if p := c.Check(); len(p) != 0 {
		t.Errorf("Check: %q", p)
	}
	// A name from a data file, with its French form; one without.
	var veteran games.Text
	if err := json.Unmarshal([]byte(`{"en":"Old Veteran","de":"Alter Veteran","fr":"Vieux Vétéran"}`), &veteran); err != nil {
		t.Fatal(err)
	}
	scout := games.T("Scout", "Späherin")
	for _, tc := range []struct {
		name string
		got  games.Text
		lang games.Lang
		want string
	}{
		{"a message", c.Text("Loots", "alice", 2), "fr", "alice pille 2 parangon."},
		{"French counts 0 as one", c.Count("Moves", 0, "bob", 0), "fr", "bob avance de 0 case."},
		{"English counts 0 as other", c.Count("Moves", 0, "bob", 0), games.English, "bob moves 0 fields."},
		{"plural other", c.Count("Moves", 2, "bob", 2), "fr", "bob avance de 2 cases."},
		{"a data file's name, undeclined in French", c.Text("Blocks", "bob", veteran), "fr", "bob bloque avec Vieux Vétéran."},
		{"declined in German", c.Text("Blocks", "bob", veteran), games.German, "bob blockt mit dem Alten Veteranen ab."},
		{"a name without a French form reads English", c.Text("Blocks", "bob", scout), "fr", "bob bloque avec Scout."},
		{"a language without a file reads English", c.Text("Loots", "alice", 2), "it", "alice loots 2 paragon."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.got.In(tc.lang); got != tc.want {
				t.Errorf("in %s: %q, want %q", tc.lang, got, tc.want)
			}
		})
	}
	for _, u := range c.Undeclined() {
		if strings.HasPrefix(u, "fr: ") {
			t.Errorf("Undeclined lists %q of French, which has no names file", u)
		}
	}
}

func TestCheckEveryLanguage(t *testing.T) {
	fsys := fstest.MapFS{
		"locales/en.yaml": french["locales/en.yaml"],
		"locales/de.yaml": french["locales/de.yaml"],
		"locales/fr.yaml": {Data: []byte(`Loots: "%s pille parangon."`)},
		"locales/pl.yaml": {Data: []byte(`
Loots: "%s plądruje %d paragonu."
Moves:
  one: "%s idzie o 1 pole."
  other: "%s idzie o %d pola."
Blocks: "%s blokuje z %s."
`)},
	}
	c, err := Load("four", fsys)
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(c.Check(), "\n")
	for _, want := range []string{
		"four: Moves missing in fr",
		"four: Blocks missing in fr",
		"four: Loots in fr: verbs 1s, English 1s 2d",
		"four: Moves in pl: no few form",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("Check misses %q; it says:\n%s", want, got)
		}
	}
	if _, err := Load("none", fstest.MapFS{"locales/de.yaml": french["locales/de.yaml"]}); err == nil {
		t.Error("a catalogue without English loads")
	}
}

// TestMustLoadDir loads a catalogue kept in a directory of its own beside
// another (as the engines keep their pictures' words).
func TestMustLoadDir(t *testing.T) {
	fsys := fstest.MapFS{
		"locales/en.yaml":          {Data: []byte(`Loots: "engine"`)},
		"pictures/locales/en.yaml": {Data: []byte(`Loots: "%s loots %d paragon."`)},
		"pictures/locales/de.yaml": {Data: []byte(`Loots: "%s plündert %d Paragon."`)},
	}
	got := MustLoadDir("pictures", fsys, "pictures").Text("Loots", "Ana", 2)
	if want := games.T("Ana loots 2 paragon.", "Ana plündert 2 Paragon."); got != want {
		t.Errorf("got %+v, want %+v", got, want)
	}
}
