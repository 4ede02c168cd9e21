package armageddon_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/armageddon"
	"github.com/playbychat/pbc/images"
	"github.com/playbychat/pbc/images/imagetest"
)

// partText is the text of the phone part named part of v, in English: its
// title and each row's title, value and text, one row a line.
func partText(t *testing.T, v *armageddon.View, part string) string {
	t.Helper()
	parts, err := images.Parts(v, names, games.English)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, p := range parts {
		if name, _, _ := strings.Cut(p.Name, "-"); name != part {
			continue
		}
		b.WriteString(p.Panel.Title + "\n")
		for _, r := range p.Panel.Rows {
			fmt.Fprintf(&b, "%s | %s | %s\n", r.Title, r.Value, r.Text)
		}
	}
	return b.String()
}

// TestPhoneAids checks the player aids of the phone panels on stored
// views: the plunderers that threaten a city (its marker's field less
// one), every damage field's effect, no taken offers in the market (the
// City phase's is empty of them) and a final scoring whose signed parts
// add up to the total.
func TestPhoneAids(t *testing.T) {
	load := func(name string) *armageddon.View {
		var v armageddon.View
		imagetest.LoadJSON(t, filepath.Join("testdata", "views", name+".json"), &v)
		return &v
	}
	city, over := load("board-four-city"), load("board-game-over")
	scores, market := partText(t, city, images.PartScores), partText(t, city, images.PartMarket)
	for _, tc := range []struct {
		name, text string
		want       []string
		not        []string
	}{
		{"plunderers threatening", scores, []string{
			fmt.Sprintf("Plunderers %d · damage %d", city.Players[0].Plunderer-1, city.Players[0].Damage),
			fmt.Sprintf("Plunderers %d · damage %d", city.Players[1].Plunderer-1, city.Players[1].Damage)}, nil},
		{"a city's plunderers", partText(t, city, images.SeatPart(1)), []string{
			fmt.Sprintf("Plunderers | %d |", city.Players[1].Plunderer-1)}, nil},
		{"every damage field", scores, []string{"1: +2 pts · 2: — · 3: -1 pts · 4: plunderer +1", "7: leader aside",
			"9: -2 pts, plunderer +1"}, nil},
		{"no taken offers", market, []string{"City"}, []string{"taken", "Equipment", "Buildings"}},
		{"final parts signed", partText(t, over, images.PartScores), []string{
			"Ana | 82 | before 49 · public +3 · private +11 · equipment +23 · damage -1 · plunderers -3"},
			[]string{"Damage track"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, w := range tc.want {
				if !strings.Contains(tc.text, w) {
					t.Errorf("lacks %q:\n%s", w, tc.text)
				}
			}
			for _, n := range tc.not {
				if strings.Contains(tc.text, n) {
					t.Errorf("has %q:\n%s", n, tc.text)
				}
			}
		})
	}
}
