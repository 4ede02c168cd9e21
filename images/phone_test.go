package images

import (
	"strings"
	"testing"
)

// TestPanelDraw checks a panel's layout: its height follows its rows, every
// text it drew is listed with its box inside the picture, and rows beyond
// PanelMaxHeight are counted in a last row.
func TestPanelDraw(t *testing.T) {
	long := strings.Repeat("a long effect text that wraps over several lines ", 4)
	for _, tc := range []struct {
		name  string
		rows  int
		more  bool // a row counts the rows left out
		wantH func(h int) bool
	}{
		{"short", 2, false, func(h int) bool { return h > 200 && h < 600 }},
		{"long", 60, true, func(h int) bool { return h <= PanelMaxHeight }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := Panel{Title: "Market", Seat: NoSeat}
			for i := range tc.rows {
				p.Rows = append(p.Rows, Row("c1"+strings.Repeat("0", i%3)+" Card", "cost 3", long))
			}
			pic := p.Draw()
			b := pic.Bounds()
			if b.Dx() != PanelWidth || !tc.wantH(b.Dy()) {
				t.Errorf("panel of %d rows is %dx%d", tc.rows, b.Dx(), b.Dy())
			}
			texts := map[string]bool{}
			for _, st := range pic.Strip {
				texts[st.Text] = true
				if st.Box.X < 0 || st.Box.X+st.Box.W > float64(b.Dx())+0.5 || st.Box.Y < 0 || st.Box.Y+st.Box.H > float64(b.Dy()) {
					t.Errorf("%q drawn at %+v, outside the %dx%d panel", st.Text, st.Box, b.Dx(), b.Dy())
				}
			}
			if !texts["Market"] || !texts["cost 3"] {
				t.Errorf("texts drawn %v lack the title or a value", texts)
			}
			more := false
			for s := range texts {
				more = more || strings.HasPrefix(s, "+")
			}
			if more != tc.more {
				t.Errorf("a row counting the rest: %v, want %v", more, tc.more)
			}
			if alt := p.Alt(); !strings.HasPrefix(alt, "Market. c1 Card: cost 3, a long") || len([]rune(alt)) > MaxAlt {
				t.Errorf("alt %q", alt)
			}
		})
	}
}
