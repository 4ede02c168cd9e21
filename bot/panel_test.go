package bot

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/playbychat/pbc/games"
)

// TestPanelLayout checks that a panel's embeds keep within Discord's
// limits whatever its seat holds, with each piece's whole text where that
// fits, and fall back to summaries and then names when it does not.
func TestPanelLayout(t *testing.T) {
	s := &session{}
	pieces := map[string]games.Card{}
	card := func(id string, body int) {
		pieces[id] = games.Card{ID: id, Name: games.T("Card "+id, "Karte "+id),
			Body: games.T(strings.Repeat("word ", body/5), strings.Repeat("Wort ", body/5)), Summary: games.T("short "+id, "kurz "+id)}
	}
	var many []string
	for i := range 40 {
		id := fmt.Sprintf("c%d", i)
		card(id, 50)
		many = append(many, id)
	}
	card("long", 2500)
	var huge []string
	for i := range 30 {
		id := fmt.Sprintf("h%d", i)
		card(id, 400)
		huge = append(huge, id)
	}
	hand := func(ids ...string) games.Holding { return games.Holding{Name: games.T("Hand", "Hand"), Pieces: ids} }
	tests := []struct {
		name     string
		holdings []games.Holding
		// want is what the panel shows of the first piece.
		want string
		// embeds is the number of embeds.
		embeds int
	}{
		{name: "copies make one field", holdings: []games.Holding{hand("c1", "c1", "c2")}, want: pieces["c1"].Body.EN, embeds: 1},
		{name: "more than 25 pieces continue in a second embed", holdings: []games.Holding{hand(many...)}, want: pieces["c0"].Body.EN, embeds: 2},
		{name: "a text longer than a field goes on in the next", holdings: []games.Holding{hand("long")}, want: strings.TrimSpace(pieces["long"].Body.EN[:1020]), embeds: 1},
		{name: "too much text for a message shows summaries", holdings: []games.Holding{hand(huge...)}, want: "short h0", embeds: 2},
		{name: "nothing held", want: "Nothing of your own to show yet.", embeds: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var es []Embed
			for _, detail := range []pieceDetail{wholeText, summaryText, nameOnly} {
				if es = layoutEmbeds(s, tt.holdings, pieces, detail, nil, games.English); embedsText(es) <= maxEmbedsText {
					break
				}
			}
			if len(es) != tt.embeds {
				t.Errorf("%d embeds, want %d", len(es), tt.embeds)
			}
			checkEmbedLimits(t, es)
			text := ""
			for _, e := range es {
				text += e.Description
				for _, f := range e.Fields {
					text += f.Value
				}
			}
			if !strings.Contains(text, tt.want) {
				t.Errorf("the panel lacks %q:\n%+v", tt.want, es)
			}
		})
	}
}

// checkEmbedLimits fails t where embeds break Discord's limits.
func checkEmbedLimits(t *testing.T, es []Embed) {
	t.Helper()
	if len(es) > maxEmbeds || embedsText(es) > maxEmbedsText {
		t.Errorf("%d embeds of %d characters", len(es), embedsText(es))
	}
	for _, e := range es {
		if len(e.Fields) > maxEmbedFields || utf8.RuneCountInString(e.Title) > maxEmbedTitle {
			t.Errorf("embed %q with %d fields", e.Title, len(e.Fields))
		}
		for _, f := range e.Fields {
			if n, v := utf8.RuneCountInString(f.Name), utf8.RuneCountInString(f.Value); n < 1 || n > maxFieldName || v < 1 || v > maxFieldValue {
				t.Errorf("field %q: name of %d and value of %d characters", f.Name, n, v)
			}
		}
	}
}

// TestSplitRunes checks that a long text is split into parts that fit,
// at spaces, losing nothing but the spaces it splits at.
func TestSplitRunes(t *testing.T) {
	tests := []struct {
		name string
		text string
		n    int
		want []string
	}{
		{name: "fits", text: "one two", n: 10, want: []string{"one two"}},
		{name: "at a space", text: "one two three", n: 8, want: []string{"one two", "three"}},
		{name: "no space to split at", text: "abcdefghij", n: 4, want: []string{"abcd", "efgh", "ij"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := splitRunes(tt.text, tt.n)
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("splitRunes(%q, %d) = %q, want %q", tt.text, tt.n, got, tt.want)
			}
		})
	}
}

// TestPieceFieldNames checks how a panel names a piece: its name and, in
// brackets, the id a command takes, unless the name already holds it.
func TestPieceFieldNames(t *testing.T) {
	pieces := map[string]games.Card{
		"e03": {ID: "e03", Name: games.T("Beer", "Bier"), Body: games.T("A crate.", "Eine Kiste.")},
		"s06": {ID: "s06", Name: games.T("Scoring tile s06", "Wertungsplättchen s06"), Body: games.T("Most water.", "Das meiste Wasser.")},
	}
	tests := []struct {
		ids  []string
		lang games.Lang
		want string
	}{
		{[]string{"e03"}, games.English, "Beer (e03)"},
		{[]string{"e03", "e03"}, games.German, "Bier (e03) ×2"},
		{[]string{"s06"}, games.German, "Wertungsplättchen s06"},
		{[]string{"x99"}, games.English, "x99"}, // a piece the catalogue lacks
	}
	for _, tt := range tests {
		fields := pieceFields(&session{}, tt.ids, pieces, wholeText, tt.lang)
		if len(fields) != 1 || fields[0].Name != tt.want {
			t.Errorf("pieceFields(%v, %s) = %+v, want one field named %q", tt.ids, tt.lang, fields, tt.want)
		}
	}
}
