package games

import "testing"

func TestCount(t *testing.T) {
	one, other := T("%d symbol", "%d Symbol"), T("%d symbols", "%d Symbole")
	for _, tc := range []struct {
		n      int
		en, de string
	}{
		{0, "0 symbols", "0 Symbole"},
		{1, "1 symbol", "1 Symbol"},
		{2, "2 symbols", "2 Symbole"},
		{-1, "-1 symbol", "-1 Symbol"},
		{21, "21 symbols", "21 Symbole"},
	} {
		got := Count(tc.n, one, other)
		if got.EN != tc.en || got.DE != tc.de {
			t.Errorf("Count(%d) = %q / %q, want %q / %q", tc.n, got.EN, got.DE, tc.en, tc.de)
		}
	}
}
