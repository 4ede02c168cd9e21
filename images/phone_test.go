package images

import (
	"fmt"
	"slices"
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

// TestPanelPages checks that Pages splits a long panel into pages that
// each show all their rows, keep every row in order, never end a page on
// a section heading, and repeat the heading of a section a page starts in.
func TestPanelPages(t *testing.T) {
	for _, tc := range []struct {
		name     string
		sections []int // rows per section, each after a heading
		pages    int
	}{
		{"fits", []int{3}, 1},
		{"two sections on two pages", []int{8, 8}, 2},
		{"one long section", []int{30}, 3},
		{"a heading that would end a page", []int{14, 5}, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := Panel{Title: "Market", Seat: NoSeat}
			var want []string
			for s, n := range tc.sections {
				p.Rows = append(p.Rows, Heading(fmt.Sprintf("Section %d", s+1)))
				want = append(want, fmt.Sprintf("Section %d", s+1))
				for i := range n {
					title := fmt.Sprintf("c%d.%d Card", s+1, i+1)
					p.Rows = append(p.Rows, Row(title, "cost 3", "an effect"))
					want = append(want, title)
				}
			}
			pages := p.Pages()
			if len(pages) != tc.pages {
				t.Fatalf("%d pages, want %d", len(pages), tc.pages)
			}
			var got []string
			heading := ""
			for i, page := range pages {
				if wantTitle := fmt.Sprintf("Market · %d/%d", i+1, len(pages)); len(pages) > 1 && page.Title != wantTitle {
					t.Errorf("page %d is titled %q, want %q", i+1, page.Title, wantTitle)
				}
				if last := page.Rows[len(page.Rows)-1]; last.Heading {
					t.Errorf("page %d ends with the heading %q", i+1, last.Title)
				}
				if first := page.Rows[0]; !first.Heading {
					t.Errorf("page %d starts with %q, not its section's heading", i+1, first.Title)
				}
				for _, st := range page.Draw().Strip {
					if st.Text == "…" {
						t.Errorf("page %d leaves rows out", i+1)
					}
				}
				for j, r := range page.Rows {
					if j == 0 && r.Title == heading {
						continue // the heading of the section the page goes on with
					}
					if r.Heading {
						heading = r.Title
					}
					got = append(got, r.Title)
				}
			}
			if !slices.Equal(got, want) {
				t.Errorf("the pages hold %q, want %q", got, want)
			}
		})
	}
}
