// Package text is the bot's message catalogue: every text the bot itself
// writes, in English and German, in locales/active.<lang>.yaml, read with
// go-i18n. A message keeps printf verbs that Tr fills; one with plural
// forms (one, other) is chosen by the CLDR plural rules of its count
// (Trn).
//
// Each package declares the ids of the messages it uses as Msg constants
// next to its code; the bot's TestCatalog checks that both files hold
// every id declared under bot/ and nothing else.
package text

import (
	"embed"
	"fmt"
	"io/fs"

	"github.com/nicksnyder/go-i18n/v2/i18n"
	"go.yaml.in/yaml/v3"
	"golang.org/x/text/language"

	"github.com/playbychat/pbc/games"
)

//go:embed locales/*.yaml
var localeFiles embed.FS

// localizers find the messages of each language.
var localizers = loadCatalog()

// loadCatalog reads the embedded message files; they are checked by the
// tests, so a failure is a bug of the build.
func loadCatalog() map[games.Lang]*i18n.Localizer {
	bundle := i18n.NewBundle(language.English)
	bundle.RegisterUnmarshalFunc("yaml", yaml.Unmarshal)
	files, err := fs.Glob(localeFiles, "locales/*.yaml")
	if err != nil || len(files) == 0 {
		panic(fmt.Sprintf("bot/text: no message files: %v", err))
	}
	for _, f := range files {
		if _, err := bundle.LoadMessageFileFS(localeFiles, f); err != nil {
			panic(fmt.Sprintf("bot/text: message file %s: %v", f, err))
		}
	}
	return map[games.Lang]*i18n.Localizer{
		games.English: i18n.NewLocalizer(bundle, string(games.English)),
		games.German:  i18n.NewLocalizer(bundle, string(games.German), string(games.English)),
	}
}

// Msg is the id of a message of the catalogue.
type Msg string

// localize returns message m in lang (English when lang has none), in the
// plural form for count when count is not nil.
func localize(lang games.Lang, m Msg, count any) string {
	l, ok := localizers[lang]
	if !ok {
		l = localizers[games.English]
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
func Tr(lang games.Lang, m Msg, args ...any) string {
	s := localize(lang, m, nil)
	if len(args) == 0 {
		return s
	}
	return fmt.Sprintf(s, args...)
}

// Trn returns m in lang in the plural form that agrees with n, formatted
// with args.
func Trn(lang games.Lang, m Msg, n int, args ...any) string {
	s := localize(lang, m, n)
	if len(args) == 0 {
		return s
	}
	return fmt.Sprintf(s, args...)
}

// Textf is m in every language, formatted with args; seat placeholders in
// args stay for games.FormatSeats.
func Textf(m Msg, args ...any) games.Text {
	return games.T(Tr(games.English, m, args...), Tr(games.German, m, args...))
}
