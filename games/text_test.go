package games_test

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/playbychat/pbc/games"
)

func TestTextIn(t *testing.T) {
	fr := games.T("hello", "hallo").With("fr", "bonjour")
	for _, tc := range []struct {
		name string
		text games.Text
		lang games.Lang
		want string
	}{
		{"English", fr, games.English, "hello"},
		{"German", fr, games.German, "hallo"},
		{"a third language", fr, "fr", "bonjour"},
		{"a language without a form reads English", fr, "it", "hello"},
		{"missing German reads English", games.T("only english", ""), games.German, "only english"},
		{"an empty form reads English", fr.With("fr", ""), "fr", "hello"},
		{"a form replaced", fr.With("fr", "salut"), "fr", "salut"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.text.In(tc.lang); got != tc.want {
				t.Errorf("In(%s) = %q, want %q", tc.lang, got, tc.want)
			}
		})
	}
}

func TestTextCompares(t *testing.T) {
	a := games.T("a", "b").With("it", "c").With("fr", "d")
	b := games.T("a", "b").With("fr", "d").With("it", "c")
	if a != b {
		t.Errorf("the same forms set in another order differ: %q, %q", a, b)
	}
	if a == games.T("a", "b") || a == b.With("fr", "e") {
		t.Error("texts with other forms compare equal")
	}
	if got, want := games.LangsOf(a), []games.Lang{"en", "de", "fr", "it"}; !slices.Equal(got, want) {
		t.Errorf("LangsOf = %q, want %q", got, want)
	}
	seen := map[games.Text]bool{a: true}
	if !seen[b] {
		t.Error("a text is not a map key by its forms")
	}
}

func TestTextJSON(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   string
		want games.Text
		out  string
	}{
		{"English and German as ever", `{"en":"Old <Veteran> & co","de":"Alter Veteran"}`, games.T("Old <Veteran> & co", "Alter Veteran"),
			`{"en":"Old \u003cVeteran\u003e \u0026 co","de":"Alter Veteran"}`},
		{"only English", `{"en":"x"}`, games.T("x", ""), `{"en":"x","de":""}`},
		{"any language key", `{"fr":"vétéran","en":"veteran","de":"Veteran","it":"veterano"}`,
			games.T("veteran", "Veteran").With("fr", "vétéran").With("it", "veterano"),
			`{"en":"veteran","de":"Veteran","fr":"vétéran","it":"veterano"}`},
		{"keys in any case", `{"EN":"x","De":"y"}`, games.T("x", "y"), `{"en":"x","de":"y"}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got games.Text
			if err := json.Unmarshal([]byte(tc.in), &got); err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("read %q, want %q", got, tc.want)
			}
			out, err := json.Marshal(struct{ T games.Text }{got})
			if err != nil {
				t.Fatal(err)
			}
			if want := `{"T":` + tc.out + `}`; string(out) != want {
				t.Errorf("wrote %s, want %s", out, want)
			}
		})
	}
	t.Run("encodes as the struct of two fields did", func(t *testing.T) {
		type pair struct {
			EN string `json:"en"`
			DE string `json:"de"`
		}
		for _, s := range []string{"", "plain", "Grüße, Straße", "a \"quote\" and \\", "line\nbreak\ttab\x01", "<b>&amp;</b>",
			"sep\u2028ar\u2029ators", "bad \xff utf-8", "\ufffd replacement", "emoji 🎲"} {
			want, err := json.Marshal(pair{s, s + "!"})
			if err != nil {
				t.Fatal(err)
			}
			got, err := json.Marshal(games.T(s, s+"!"))
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != string(want) {
				t.Errorf("%q: wrote %s, the struct %s", s, got, want)
			}
		}
	})
	t.Run("null leaves the text", func(t *testing.T) {
		got := games.T("a", "b")
		if err := json.Unmarshal([]byte(`null`), &got); err != nil || got != games.T("a", "b") {
			t.Errorf("got %q, %v", got, err)
		}
	})
	t.Run("a form that is no string", func(t *testing.T) {
		var got games.Text
		if err := json.Unmarshal([]byte(`{"en":1}`), &got); err == nil {
			t.Errorf("read %q, want an error", got)
		}
	})
}

func TestTextMapAndJoin(t *testing.T) {
	a := games.T("a", "A").With("fr", "à")
	b := games.T("b", "")
	if got, want := a.Map(func(l games.Lang, s string) string { return string(l) + ":" + s }),
		games.T("en:a", "de:A").With("fr", "fr:à"); got != want {
		t.Errorf("Map = %q, want %q", got, want)
	}
	if got, want := games.Join([]games.Text{a, b}, ", "), games.T("a, b", "A, ").With("fr", "à, b"); got != want {
		t.Errorf("Join = %q, want %q", got, want)
	}
}
