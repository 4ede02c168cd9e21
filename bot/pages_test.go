package bot

import (
	"slices"
	"testing"

	"github.com/playbychat/pbc/bot/component"
)

func TestWithLink(t *testing.T) {
	link := Button{Label: "Table page", Style: component.Link, URL: "https://pbc.example/t/1"}
	buttons := func(n int) Row { return Row{Buttons: make([]Button, n)} }
	menu := Row{Select: &Select{CustomID: "m"}}
	tests := []struct {
		name string
		rows []Row
		// want is the row the link lands in, or -1 for none.
		want int
	}{
		{"no rows", nil, 0},
		{"room for a row", []Row{buttons(5), menu}, 2},
		{"five rows, last full", []Row{buttons(2), menu, menu, buttons(5), buttons(5)}, 0},
		{"five rows, last with room", []Row{menu, menu, menu, menu, buttons(3)}, 4},
		{"five full rows", []Row{menu, buttons(5), menu, buttons(5), menu}, -1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			before := slices.Clone(tc.rows)
			got := withLink(tc.rows, link)
			at := -1
			for i, r := range got {
				if slices.Contains(r.Buttons, link) {
					at = i
				}
			}
			if at != tc.want {
				t.Fatalf("link in row %d, want %d: %+v", at, tc.want, got)
			}
			if len(got) > component.MaxRows {
				t.Errorf("%d rows", len(got))
			}
			for i := range before {
				if len(before[i].Buttons) != len(tc.rows[i].Buttons) {
					t.Errorf("row %d of the input changed", i)
				}
			}
		})
	}
}
