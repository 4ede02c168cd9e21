package catalog

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/playbychat/pbc/games"
)

func load(t *testing.T, dir string) *Catalog {
	t.Helper()
	c, err := Load(dir, os.DirFS("testdata/"+dir))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestText(t *testing.T) {
	c := load(t, "good")
	name := games.T("the base", "die Basis")
	tests := []struct {
		name string
		got  games.Text
		want games.Text
	}{
		{"verbs", c.Text("Loots", "alice", 2), games.T("alice loots 2 paragon.", "alice plündert 2 Paragon.")},
		{"one", c.Count("Moves", 1, "bob"), games.T("bob moves 1 field.", "bob zieht 1 Feld.")},
		{"other", c.Count("Moves", 3, "bob", 3), games.T("bob moves 3 fields.", "bob zieht 3 Felder.")},
		{"reordered and translated arguments", c.Text("Swap", "bob", name, "x"), games.T("bob swaps the base and x.", "bob tauscht x gegen die Basis.")},
		{"dative", c.Text("Blocks", "bob", games.T("Old Veteran (s07)", "Alter Veteran (s07)")), games.T("bob blocks with Old Veteran (s07).", "bob blockt mit dem Alten Veteranen (s07) ab.")},
		{"accusative after a plain argument", c.Text("Equips", games.T("Rifle", "Gewehr"), games.T("Heavy Gunner", "Schwerer Schütze")), games.T("Equip Rifle to Heavy Gunner (100 %)", "Gewehr an den Schweren Schützen (100 %)")},
		{"the only argument declined", c.Text("Never", games.T("Heavy Gunner", "Schwerer Schütze")), games.T("never with Heavy Gunner (100 %)", "nie mit dem Schweren Schützen (100 %)")},
		{"an undeclined name stays", c.Text("Blocks", "bob", games.T("Scout", "Späherin")), games.T("bob blocks with Scout.", "bob blockt mit Späherin ab.")},
		{"missing id shows itself", c.Text("Nope"), games.T("good:Nope", "good:Nope")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.got != tt.want {
				t.Errorf("got %+v, want %+v", tt.got, tt.want)
			}
		})
	}
	if got := c.Undeclined(); !slices.Equal(got, []string{"de: Späherin"}) {
		t.Errorf("Undeclined = %q, want the one name without forms", got)
	}
}

func TestCheck(t *testing.T) {
	if p := load(t, "good").Check(); len(p) != 0 {
		t.Errorf("good catalogue: %v", p)
	}
	got := strings.Join(load(t, "bad").Check(), "\n")
	for _, want := range []string{
		"bad: Gone missing in de",
		"bad: Extra only in de",
		"bad: Loots in de: verbs 1s, English 1s 2d",
		"bad: Moves in de: plural in one language only",
		"bad: Marks in de: {akk… is no case (nom, acc, dat, gen)",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("Check misses %q; it says:\n%s", want, got)
		}
	}
}

func TestVerify(t *testing.T) {
	got := Verify(load(t, "good"), "testdata/src", "msgs")
	want := []string{"good: Missing is used but in no file"}
	var rest []string
	for _, p := range got {
		if strings.Contains(p, "not a literal") {
			continue
		}
		rest = append(rest, p)
	}
	if !slices.Equal(rest, want) {
		t.Errorf("Verify = %q, want %q and one non-literal id", got, want)
	}
	if len(got) != 2 {
		t.Errorf("Verify = %q, want the non-literal id reported", got)
	}
}
