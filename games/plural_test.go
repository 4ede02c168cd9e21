package games

import (
	"strings"
	"testing"
)

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

func TestCountInAnyLanguage(t *testing.T) {
	one := T("%d symbol", "%d Symbol").With("fr", "%d symbole")
	other := T("%d symbols", "%d Symbole").With("fr", "%d symboles")
	for _, tc := range []struct {
		name     string
		n        int
		en, fr   string
		fallback string
	}{
		{"French counts 0 as one", 0, "0 symbols", "0 symbole", "0 symbols"},
		{"one", 1, "1 symbol", "1 symbole", "1 symbol"},
		{"other", 2, "2 symbols", "2 symboles", "2 symbols"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Count(tc.n, one, other)
			if got.In(English) != tc.en || got.In("fr") != tc.fr {
				t.Errorf("Count(%d) = %q / %q, want %q / %q", tc.n, got.In(English), got.In("fr"), tc.en, tc.fr)
			}
			if s := Count(tc.n, T("%d symbol", ""), T("%d symbols", "")).In("fr"); s != tc.fallback {
				t.Errorf("without French: %q, want the English %q", s, tc.fallback)
			}
		})
	}
}

func TestPluralForms(t *testing.T) {
	for _, tc := range []struct {
		lang Lang
		want string
	}{
		{English, "one other"},
		{German, "one other"},
		{"fr", "one other"},
		{"pl", "one few many other"},
		{"ja", "other"},
	} {
		t.Run(string(tc.lang), func(t *testing.T) {
			if got := strings.Join(PluralForms(tc.lang), " "); got != tc.want {
				t.Errorf("PluralForms = %q, want %q", got, tc.want)
			}
		})
	}
}
