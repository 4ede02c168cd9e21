// Package text is the bot's message catalogue: every text the bot itself
// writes, one file per language, locales/active.<lang>.yaml, read with
// go-i18n. The languages of these files are the languages the bot offers
// (Langs): adding one is adding its file here and in every engine's
// locales (docs/architecture.md, "Adding a language"). A message keeps printf verbs that Tr fills; one with plural
// forms (one, other) is chosen by the CLDR plural rules of its count
// (Trn).
//
// Each package declares the ids of the messages it uses as Msg constants
// next to its code; the bot's TestCatalog checks that every file holds
// every id declared under bot/ and nothing else.
package text

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/nicksnyder/go-i18n/v2/i18n"
	"go.yaml.in/yaml/v3"
	"golang.org/x/text/language"
	"golang.org/x/text/language/display"

	"github.com/playbychat/pbc/games"
)

//go:embed locales/active.*.yaml
var localeFiles embed.FS

// std is the bot's catalogue, of the embedded files; they are checked by
// the tests, so a failure to read them is a bug of the build.
var std = mustLoad(localeFiles)

// catalogue holds the messages of every language of its files.
type catalogue struct {
	localizers map[games.Lang]*i18n.Localizer
	langs      []games.Lang // English first, then by code
}

func mustLoad(fsys fs.FS) *catalogue {
	c, err := load(fsys)
	if err != nil {
		panic(err)
	}
	return c
}

// load reads the message files locales/active.<lang>.yaml of fsys, one of
// which must be English.
func load(fsys fs.FS) (*catalogue, error) {
	bundle := i18n.NewBundle(language.English)
	bundle.RegisterUnmarshalFunc("yaml", yaml.Unmarshal)
	files, err := fs.Glob(fsys, "locales/active.*.yaml")
	if err != nil {
		return nil, fmt.Errorf("bot/text: %w", err)
	}
	c := &catalogue{localizers: map[games.Lang]*i18n.Localizer{}}
	for _, f := range files {
		if _, err := bundle.LoadMessageFileFS(fsys, f); err != nil {
			return nil, fmt.Errorf("bot/text: message file %s: %w", f, err)
		}
		lang := games.Lang(strings.TrimSuffix(strings.TrimPrefix(path.Base(f), "active."), ".yaml"))
		c.localizers[lang] = i18n.NewLocalizer(bundle, string(lang), string(games.English))
		c.langs = append(c.langs, lang)
	}
	i := slices.Index(c.langs, games.English)
	if i < 0 {
		return nil, errors.New("bot/text: no English message file")
	}
	slices.Sort(c.langs[i+1:]) // the glob is sorted: only English moves
	c.langs = append([]games.Lang{games.English}, slices.Delete(c.langs, i, i+1)...)
	return c, nil
}

// Langs lists the languages the bot speaks, those of its message files,
// English first and the others by code.
func Langs() []games.Lang { return slices.Clone(std.langs) }

// FromLocale maps a locale ("de", "en-US", "pt-BR") to the language of the
// bot that it names (see Match), else English.
func FromLocale(locale string) games.Lang {
	l, _ := std.match(locale)
	return l
}

// Match returns the language of the bot that a locale names: the locale
// itself, else its base language ("pt" of "pt-BR"), in any case; ok is
// false, with English, when the bot speaks neither.
func Match(locale string) (l games.Lang, ok bool) { return std.match(locale) }

func (c *catalogue) match(locale string) (games.Lang, bool) {
	base, _, _ := strings.Cut(locale, "-")
	for _, want := range []string{locale, base} {
		for _, l := range c.langs {
			if strings.EqualFold(string(l), want) {
				return l, true
			}
		}
	}
	return games.English, false
}

// LangName is the name of language l in language in ("German", "Deutsch"),
// from the CLDR data of golang.org/x/text, which names every language.
func LangName(l, in games.Lang) string {
	return display.Tags(language.Make(string(in))).Name(language.Make(string(l)))
}

// Msg is the id of a message of the catalogue.
type Msg string

// localize returns message m in lang (English when lang has none), in the
// plural form for count when count is not nil.
func (c *catalogue) localize(lang games.Lang, m Msg, count any) string {
	l, ok := c.localizers[lang]
	if !ok {
		l = c.localizers[games.English]
	}
	s, err := l.Localize(&i18n.LocalizeConfig{MessageID: string(m), PluralCount: count})
	if err != nil {
		// Every message is in the catalogue (TestCatalog): show the id
		// rather than nothing.
		return string(m)
	}
	return s
}

// Tr returns m in lang, formatted with args.
func Tr(lang games.Lang, m Msg, args ...any) string { return std.tr(lang, m, nil, args) }

// Trn returns m in lang in the plural form that agrees with n, formatted
// with args.
func Trn(lang games.Lang, m Msg, n int, args ...any) string { return std.tr(lang, m, n, args) }

func (c *catalogue) tr(lang games.Lang, m Msg, count any, args []any) string {
	s := c.localize(lang, m, count)
	if len(args) == 0 {
		return s
	}
	return fmt.Sprintf(s, args...)
}

// Textf is m in every language, formatted with args, each games.Text
// argument in that language; seat placeholders in args stay for
// games.FormatSeats.
func Textf(m Msg, args ...any) games.Text { return std.textf(m, nil, args) }

// Textn is m in every language in the plural form that agrees with n,
// formatted with args.
func Textn(m Msg, n int, args ...any) games.Text { return std.textf(m, n, args) }

func (c *catalogue) textf(m Msg, count any, args []any) games.Text {
	var t games.Text
	local := make([]any, len(args))
	for _, l := range c.langs {
		for i, a := range args {
			if a, ok := a.(games.Text); ok {
				local[i] = a.In(l)
				continue
			}
			local[i] = a
		}
		t = t.With(l, c.tr(l, m, count, local))
	}
	return t
}
