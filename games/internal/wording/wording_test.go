package wording

import "testing"

func TestCheck(t *testing.T) {
	nouns := []Noun{{"resource", "resources"}, {"resource die", "resource dice"}, {"more enemy", "more enemies"}}
	tests := []struct {
		text string
		ok   bool
	}{
		{"gather 1 resource", true},
		{"gather 2 resources", true},
		{"gather 0 resources", true},
		{"gather 1 resources", false},
		{"gather 3 resource.", false},
		{"takes 2 resource dice and 1 resource die", true},
		{"takes 2 resource die", false},
		{"1 more enemy joins", true},
		{"1 more enemies join", false},
		{"+1 resource", true},
		{"c12 resources", true}, // a card id, not a number
		{"Re-roll blank", false},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			err := New(nouns, "blank").Check(tt.text)
			if (err == nil) != tt.ok {
				t.Errorf("Check(%q) = %v, want ok %v", tt.text, err, tt.ok)
			}
		})
	}
}

func TestMissing(t *testing.T) {
	nouns := []Noun{{"card", "cards"}}
	c := New(nouns)
	if err := c.Check("draws 2 cards"); err != nil {
		t.Fatal(err)
	}
	if got := c.Missing(nouns); len(got) != 1 || got[0] != "card" {
		t.Errorf("Missing = %v, want [card]", got)
	}
}
