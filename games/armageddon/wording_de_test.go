package armageddon

import (
	"strings"
	"testing"

	"github.com/playbychat/pbc/games"
)

// TestGermanSentences checks German event lines that decline a name or a
// number after a preposition, as a German player would write them.
func TestGermanSentences(t *testing.T) {
	tile := games.T("draw 1 equipment card", "1 Ausrüstungskarte ziehen")
	for _, tc := range []struct {
		name string
		got  line
		want string
	}{
		{"win takes the dative", msgWinners([]games.Seat{0}, 138), "{p0} gewinnt mit 138 Punkten."},
		{"one point after mit", msgWinners([]games.Seat{0}, 1), "{p0} gewinnt mit 1 Punkt."},
		{"shared win", msgWinners([]games.Seat{0, 2}, 40), "{p0} und {p2} teilen sich den Sieg mit 40 Punkten."},
		{"equipment in the accusative", msgExplore(1, games.T("Weapon", "Waffe"), Crowd{}), "{p1} nimmt die Waffe (keine Überlebenden)."},
		{"vehicle part in the accusative", msgExplore(1, games.T("Truck Wheels", "Truck-Räder"), Crowd{}), "{p1} nimmt die Truck-Räder (keine Überlebenden)."},
		{"building in the accusative", msgTakeBuilding(2, games.T("Command Post", "Kommandoposten"), tile), "{p2} nimmt den Kommandoposten mit dem Plättchen „1 Ausrüstungskarte ziehen“."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.got.text.In(games.German); got != tc.want {
				t.Errorf("got  %q\nwant %q", got, tc.want)
			}
		})
	}
}

// TestBuildingTypesCompound checks that German names a building of a type
// with one compound word ("sichtbares Wissenschaftsgebäude"), as the
// scoring tiles and building effects print it.
func TestBuildingTypesCompound(t *testing.T) {
	cs := DefaultCardSet()
	want := map[string]string{
		typeCivil:    "Zivilgebäude",
		typeMilitary: "Militärgebäude",
		typeScience:  "Wissenschaftsgebäude",
	}
	seen := map[string]bool{}
	for _, tile := range cs.ScoringTiles {
		compound, ok := want[tile.Type]
		if !ok {
			continue
		}
		seen[tile.Type] = true
		t.Run(tile.ID, func(t *testing.T) {
			got := cs.scoringText(tile)
			if !strings.Contains(got.DE, "sichtbares "+compound) || strings.Contains(got.DE, "-Gebäude") {
				t.Errorf("German %q, want %q", got.DE, "sichtbares "+compound)
			}
			if !strings.Contains(got.EN, " building") {
				t.Errorf("English %q names no building", got.EN)
			}
		})
	}
	if len(seen) != len(want) {
		t.Errorf("scoring tiles name the building types %v, want all of %v", seen, want)
	}
}

// TestCountedNames checks that a description lists a hand or a seat's known
// cards once per name, with the number of copies, so that a long hand fits
// a message ("Gasoline ×3, Beer, Map ×2").
func TestCountedNames(t *testing.T) {
	gas := CardView{Kind: "gasoline", Name: games.T("Gasoline", "Benzin")}
	beer := CardView{Kind: "beer", Name: games.T("Beer", "Bier")}
	mp := CardView{Kind: "map", Name: games.T("Map", "Landkarte")}
	for _, tc := range []struct {
		name  string
		cards []CardView
		lang  games.Lang
		want  string
	}{
		{"one card", []CardView{beer}, games.English, "Beer"},
		{"copies counted in order of the first", []CardView{gas, beer, gas, mp, gas, mp}, games.English, "Gasoline ×3, Beer, Map ×2"},
		{"German", []CardView{mp, gas, mp}, games.German, "Landkarte ×2, Benzin"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := countedNames(tc.cards, wording(tc.lang)); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
