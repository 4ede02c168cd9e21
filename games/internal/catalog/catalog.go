// Package catalog is an engine's message catalogue: every text an engine
// writes for players (event lines, prompts, labels, refusals), one YAML
// file per language embedded in the engine, read with go-i18n, the library
// the bot's own catalogue uses. A message keeps printf verbs (%s, %d,
// %[2]s) that the engine fills; a message with plural forms (one, other) is
// chosen by the CLDR plural rules of its count.
//
// An engine declares its catalogue once,
//
//	//go:embed locales/*.yaml
//	var localeFiles embed.FS
//	var msgs = catalog.MustLoad("xibalba", localeFiles)
//
// and writes msgs.Text("Loots", who, n) where it used to write an English
// and a German sentence. An argument that is a games.Text is formatted in
// each language's own form, so names and nested messages stay translated.
// A German message marks the case a name takes in its sentence, "{dat %s}",
// and locales/de.names.yaml gives the declined forms (cases.go), so
// "blockt mit {dat %s} ab" reads "blockt mit dem Alten Veteranen ab".
// The languages are the files present: adding one is adding its file to
// each engine (docs/architecture.md, "Adding a language"). Check, run by
// each engine's tests, fails on a message missing in a language, on a
// plural form that a language's rule needs and its message lacks, on
// differing verbs and on ids the code uses but no file has.
package catalog

import (
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"
	"sync"

	"github.com/nicksnyder/go-i18n/v2/i18n"
	"go.yaml.in/yaml/v3"
	"golang.org/x/text/language"

	"github.com/playbychat/pbc/games"
)

// Catalog holds one engine's messages in every language of its files.
type Catalog struct {
	name string
	// langs are the languages of the files, English first, then by code.
	langs      []games.Lang
	localizers map[games.Lang]*i18n.Localizer
	// messages holds each file's raw messages by language and id, for Check.
	messages map[games.Lang]map[string]any
	// plain holds, by language and id, the messages without plural forms
	// or template delimiters: their text is the file's.
	plain map[games.Lang]map[string]string
	// counted keeps go-i18n's answers for plural messages by language, id
	// and small count, as a label of every legal move may need one.
	counted sync.Map // countedKey → string
	// names holds the declined forms of names by language (cases.go).
	names map[games.Lang]nameForms

	mu         sync.Mutex
	undeclined map[string]bool
}

// Load reads the files locales/<lang>.yaml of fsys, one per language; one
// must be English (en.yaml), the language every message falls back to.
func Load(name string, fsys fs.FS) (*Catalog, error) {
	bundle := i18n.NewBundle(language.English)
	bundle.RegisterUnmarshalFunc("yaml", yaml.Unmarshal)
	c := &Catalog{
		name:       name,
		localizers: map[games.Lang]*i18n.Localizer{},
		messages:   map[games.Lang]map[string]any{},
		plain:      map[games.Lang]map[string]string{},
		names:      map[games.Lang]nameForms{},
		undeclined: map[string]bool{},
	}
	files, err := fs.Glob(fsys, "locales/*.yaml")
	if err != nil {
		return nil, fmt.Errorf("catalog %s: %w", name, err)
	}
	for _, file := range files {
		lang, isMessages := strings.CutSuffix(path.Base(file), ".yaml")
		if !isMessages || strings.Contains(lang, ".") {
			continue // a names file (cases.go)
		}
		c.langs = append(c.langs, games.Lang(lang))
	}
	i := slices.Index(c.langs, games.English)
	if i < 0 {
		return nil, fmt.Errorf("catalog %s: no locales/en.yaml: %w", name, fs.ErrNotExist)
	}
	c.langs = append([]games.Lang{games.English}, slices.Delete(c.langs, i, i+1)...)
	for _, lang := range c.langs {
		file := path.Join("locales", string(lang)+".yaml")
		data, err := fs.ReadFile(fsys, file)
		if err != nil {
			return nil, fmt.Errorf("catalog %s: %w", name, err)
		}
		var raw map[string]any
		if err := yaml.Unmarshal(data, &raw); err != nil {
			return nil, fmt.Errorf("catalog %s: %s: %w", name, file, err)
		}
		if _, err := bundle.ParseMessageFileBytes(data, file); err != nil {
			return nil, fmt.Errorf("catalog %s: %s: %w", name, file, err)
		}
		c.messages[lang] = raw
		c.plain[lang] = map[string]string{}
		for id, m := range raw {
			if text, ok := m.(string); ok && !strings.Contains(text, "{{") {
				c.plain[lang][id] = text
			}
		}
		if c.names[lang], err = loadNames(fsys, lang); err != nil {
			return nil, fmt.Errorf("catalog %s: %w", name, err)
		}
		c.localizers[lang] = i18n.NewLocalizer(bundle, string(lang))
	}
	return c, nil
}

// Langs lists the languages of the catalogue's files, English first.
func (c *Catalog) Langs() []games.Lang { return slices.Clone(c.langs) }

// MustLoad is Load for an engine's embedded files, which its tests check:
// a failure is a bug of the build.
func MustLoad(name string, fsys fs.FS) *Catalog {
	c, err := Load(name, fsys)
	if err != nil {
		panic(err)
	}
	return c
}

// MustLoadDir is MustLoad of the directory dir of fsys (which holds its own
// locales/*.yaml): a second catalogue embedded beside an engine's, such as
// the words its pictures draw.
func MustLoadDir(name string, fsys fs.FS, dir string) *Catalog {
	sub, err := fs.Sub(fsys, dir)
	if err != nil {
		panic(fmt.Errorf("catalog %s: %w", name, err))
	}
	return MustLoad(name, sub)
}

// Text returns message id in every language, formatted with args.
func (c *Catalog) Text(id string, args ...any) games.Text {
	return c.text(id, nil, args)
}

// Count returns message id in the plural form that agrees with n in each
// language, formatted with args (n is not among them unless given again).
func (c *Catalog) Count(id string, n int, args ...any) games.Text {
	return c.text(id, n, args)
}

func (c *Catalog) text(id string, count any, args []any) games.Text {
	var t games.Text
	for _, lang := range c.langs {
		t = t.With(lang, c.format(lang, id, count, args))
	}
	return t
}

// format returns message id in lang with args, each games.Text argument in
// lang. A missing message (which Check catches) shows its id.
func (c *Catalog) format(lang games.Lang, id string, count any, args []any) string {
	s, err := c.lookup(lang, id, count)
	if err != nil {
		return c.name + ":" + id
	}
	marked := strings.Contains(s, "{")
	if marked {
		s = c.markedFormat(lang, s, args)
		if !strings.Contains(strings.ReplaceAll(s, "%%", ""), "%") {
			// Every argument was written in place.
			return strings.ReplaceAll(s, "%%", "%")
		}
	}
	if len(args) == 0 && !marked {
		return s
	}
	local := make([]any, len(args))
	for i, a := range args {
		switch a := a.(type) {
		case games.Text:
			local[i] = a.In(lang)
		default:
			local[i] = a
		}
	}
	return fmt.Sprintf(s, local...)
}

// lookup returns message id in lang, unformatted. A message without plural
// forms or template delimiters is its file's text: it is read from there,
// which is many times faster than go-i18n's Localize (a move label is made
// for every legal move of every state).
func (c *Catalog) lookup(lang games.Lang, id string, count any) (string, error) {
	if count == nil {
		if text, ok := c.plain[lang][id]; ok {
			return text, nil
		}
	}
	n, small := count.(int)
	small = small && n >= 0 && n < maxCounted
	key := countedKey{lang, id, n}
	if small {
		if text, ok := c.counted.Load(key); ok {
			return text.(string), nil
		}
	}
	text, err := c.localizers[lang].Localize(&i18n.LocalizeConfig{MessageID: id, PluralCount: count})
	if err == nil && small {
		c.counted.Store(key, text)
	}
	return text, err
}

// maxCounted bounds the counts whose messages the catalogue keeps.
const maxCounted = 64

// countedKey names a plural message in one language for one count.
type countedKey struct {
	lang  games.Lang
	id    string
	count int
}

// IDs lists the ids of the English file.
func (c *Catalog) IDs() []string {
	ids := make([]string, 0, len(c.messages[games.English]))
	for id := range c.messages[games.English] {
		ids = append(ids, id)
	}
	return ids
}

// Check lists what is wrong with the catalogue: a message missing in a
// language, plural forms without those the language's rule needs (see
// games.PluralForms), and printf verbs that differ between the languages.
func (c *Catalog) Check() []string {
	var problems []string
	en := c.messages[games.English]
	for _, lang := range c.langs {
		for id, m := range c.messages[lang] {
			if _, ok := en[id]; !ok {
				problems = append(problems, fmt.Sprintf("%s: %s only in %s", c.name, id, lang))
			}
			for _, text := range texts(m) {
				for _, b := range badMarks(text) {
					problems = append(problems, fmt.Sprintf("%s: %s in %s: %s… is no case (nom, acc, dat, gen)", c.name, id, lang, b))
				}
			}
		}
	}
	for id, want := range en {
		for _, lang := range c.langs {
			got, ok := c.messages[lang][id]
			if !ok {
				problems = append(problems, fmt.Sprintf("%s: %s missing in %s", c.name, id, lang))
				continue
			}
			if p := compare(want, got, lang); p != "" {
				problems = append(problems, fmt.Sprintf("%s: %s in %s: %s", c.name, id, lang, p))
			}
		}
	}
	return problems
}

// compare checks a message in lang against the English one (itself, when
// lang is English).
func compare(en, other any, lang games.Lang) string {
	enForms, enPlural := en.(map[string]any)
	otherForms, otherPlural := other.(map[string]any)
	switch {
	case enPlural != otherPlural:
		return "plural in one language only"
	case enPlural:
		if _, ok := enForms["other"].(string); !ok {
			return "no other form in English"
		}
		for _, k := range games.PluralForms(lang) {
			if _, ok := otherForms[k].(string); !ok {
				return "no " + k + " form"
			}
		}
		if a, b := verbs(enForms["other"].(string)), verbs(otherForms["other"].(string)); a != b {
			return fmt.Sprintf("verbs %s, English %s", b, a)
		}
		return ""
	}
	a, ok1 := en.(string)
	b, ok2 := other.(string)
	if !ok1 || !ok2 {
		return "not a text"
	}
	if va, vb := verbs(a), verbs(b); va != vb {
		return fmt.Sprintf("verbs %s, English %s", vb, va)
	}
	return ""
}

// verbs describes the printf verbs of s by the argument each formats, so
// that a translation may reorder them with %[n]s.
func verbs(s string) string {
	var out []string
	next := 1
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			continue
		}
		i++
		if i < len(s) && s[i] == '%' {
			continue
		}
		arg := next
		if i < len(s) && s[i] == '[' {
			j := strings.IndexByte(s[i:], ']')
			if j > 0 {
				fmt.Sscanf(s[i+1:i+j], "%d", &arg)
				i += j + 1
			}
		}
		for i < len(s) && strings.IndexByte("+-# 0123456789.", s[i]) >= 0 {
			i++
		}
		if i < len(s) {
			out = append(out, fmt.Sprintf("%d%c", arg, s[i]))
		}
		next = arg + 1
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}

// texts are the texts of a message: itself, or its plural forms.
func texts(m any) []string {
	switch m := m.(type) {
	case string:
		return []string{m}
	case map[string]any:
		var out []string
		for _, f := range m {
			if s, ok := f.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}
