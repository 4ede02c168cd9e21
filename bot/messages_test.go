package bot

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"github.com/playbychat/pbc/bot/text"
	"github.com/playbychat/pbc/games"
)

// catalogIDs returns the ids of the message constants (of type msg or
// text.Msg) that package bot and the packages under it declare.
func catalogIDs(t *testing.T) []string {
	t.Helper()
	var ids []string
	err := filepath.WalkDir(".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, 0)
		if err != nil {
			return err
		}
		ids = append(ids, msgConsts(t, f)...)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(ids)
	return ids
}

// isMsgType reports whether a constant's type is the catalogue's id type:
// msg in package bot, text.Msg elsewhere.
func isMsgType(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name == "msg"
	case *ast.SelectorExpr:
		x, ok := e.X.(*ast.Ident)
		return ok && x.Name == "text" && e.Sel.Name == "Msg"
	}
	return false
}

// msgConsts returns the values of the message constants of f.
func msgConsts(t *testing.T, f *ast.File) []string {
	t.Helper()
	var ids []string
	ast.Inspect(f, func(n ast.Node) bool {
		spec, ok := n.(*ast.ValueSpec)
		if !ok || spec.Type == nil || len(spec.Values) != 1 {
			return true
		}
		if isMsgType(spec.Type) {
			lit := spec.Values[0].(*ast.BasicLit)
			id, err := strconv.Unquote(lit.Value)
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, id)
		}
		return true
	})
	return ids
}

// TestCatalog checks that each language's message file holds exactly the
// messages the code declares, with the same printf verbs as the English
// one, and that plural messages have the forms their language needs.
func TestCatalog(t *testing.T) {
	ids := catalogIDs(t)
	if len(ids) < 50 {
		t.Fatalf("only %d messages declared", len(ids))
	}
	files := map[games.Lang]map[string]any{}
	for _, lang := range text.Langs() {
		data, err := os.ReadFile("text/locales/active." + string(lang) + ".yaml")
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := yaml.Unmarshal(data, &m); err != nil {
			t.Fatal(err)
		}
		files[lang] = m
		var keys []string
		for k := range m {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		if !slices.Equal(keys, ids) {
			t.Errorf("%s: the file's messages differ from the code's:\nfile %v\ncode %v", lang, keys, ids)
		}
	}
	for _, id := range ids {
		en := files[games.English][id]
		for _, lang := range text.Langs() {
			m := files[lang][id]
			if forms, plural := m.(map[string]any); plural {
				for _, f := range games.PluralForms(lang) {
					if forms[f] == nil {
						t.Errorf("%s: plural message without its %s form in %s", id, f, lang)
					}
				}
				continue
			}
			s, ok := m.(string)
			enText, enOK := en.(string)
			if !ok || !enOK {
				t.Errorf("%s in %s: not a text, or plural in English only", id, lang)
				continue
			}
			if got, want := verbs(s), verbs(enText); !slices.Equal(got, want) {
				t.Errorf("%s: %s verbs %v, English %v", id, lang, got, want)
			}
		}
	}
}

// verbs lists the printf verbs of s with the argument each formats
// ("2:s"), sorted: a translation may reorder its arguments.
func verbs(s string) []string {
	var out []string
	arg := 1
	for i := 0; i < len(s); i++ {
		if s[i] != '%' || i+1 == len(s) {
			continue
		}
		j := i + 1
		if s[j] == '%' {
			i = j
			continue
		}
		for j < len(s) && strings.ContainsRune("+-# 0", rune(s[j])) {
			j++
		}
		if j < len(s) && s[j] == '[' {
			end := strings.IndexByte(s[j:], ']')
			if n, err := strconv.Atoi(s[j+1 : j+end]); err == nil {
				arg = n
			}
			j += end + 1
		}
		for j < len(s) && strings.ContainsRune("0123456789.", rune(s[j])) {
			j++
		}
		if j < len(s) {
			out = append(out, strconv.Itoa(arg)+":"+string(s[j]))
			arg++
		}
		i = j
	}
	slices.Sort(out)
	return out
}

// TestPlurals checks that counted messages agree with their count in both
// languages.
func TestPlurals(t *testing.T) {
	for _, tc := range []struct {
		lang games.Lang
		n    int
		want string
	}{
		{games.English, 1, "1 player"},
		{games.English, 3, "3 players"},
		{games.German, 1, "1 Spieler"},
		{games.German, 4, "4 Spieler"},
	} {
		if got := trn(tc.lang, msgPlayerCount, tc.n, tc.n); got != tc.want {
			t.Errorf("%s %d: %q, want %q", tc.lang, tc.n, got, tc.want)
		}
	}
	if got := trn(games.German, "DiceCount", 1, 1); !strings.Contains(got, "1 Würfel") {
		t.Errorf("German dice count of 1: %q", got)
	}
	if got := trn(games.English, "DiceCount", 1, 1); !strings.Contains(got, "1 die ") {
		t.Errorf("English dice count of 1: %q", got)
	}
}

// TestJoinClipped checks that a live message too long for Discord keeps
// its newest lines and who must act.
func TestJoinClipped(t *testing.T) {
	var lines []string
	for i := range 300 {
		lines = append(lines, fmt.Sprintf("line %03d happened", i))
	}
	got := joinClipped(lines, []string{"Now: someone"})
	if n := utf8.RuneCountInString(got); n > 2000 {
		t.Fatalf("%d characters", n)
	}
	if !strings.HasPrefix(got, "…\nline") || !strings.Contains(got, "line 299 happened\nNow: someone") {
		t.Errorf("clipped to %q...%q", got[:40], got[len(got)-40:])
	}
	if got := joinClipped([]string{"a", "b"}, []string{"c"}); got != "a\nb\nc" {
		t.Errorf("short message %q", got)
	}
}
