package games

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Lang is a language the bot speaks: a BCP 47 code such as "en", "de" or
// "fr". The languages on offer are those with message files (bot/text);
// English is the one every text has.
type Lang string

// The languages that every text of the code has: English, the fallback of
// every other, and German, which the engines' inline pairs (T) also write.
const (
	English Lang = "en"
	German  Lang = "de"
)

// Text is a string in several languages. It is a comparable value: two
// Texts are == when they hold the same forms. English and German are its
// fields; the forms of any other language, which only message files and data
// files bring, are kept in a private field, and read with In. A form that is
// missing reads as English.
type Text struct {
	EN string
	DE string
	// more holds the forms in the other languages, ordered by language,
	// each as "lang\x00form\x00": a map kept as a comparable string.
	more string
}

// T makes a Text from its English and German forms.
func T(en, de string) Text { return Text{EN: en, DE: de} }

// In returns the text in lang, falling back to English.
func (t Text) In(lang Lang) string {
	switch lang {
	case English:
		return t.EN
	case German:
		if t.DE != "" {
			return t.DE
		}
		return t.EN
	}
	if s, ok := t.other(lang); ok && s != "" {
		return s
	}
	return t.EN
}

// With returns t with its form in lang set to s.
func (t Text) With(lang Lang, s string) Text {
	switch lang {
	case English:
		t.EN = s
		return t
	case German:
		t.DE = s
		return t
	}
	var b strings.Builder
	placed := false
	for l, form := range t.others() {
		if !placed && l >= lang {
			placed = true
			writeOther(&b, lang, s)
			if l == lang {
				continue
			}
		}
		writeOther(&b, l, form)
	}
	if !placed {
		writeOther(&b, lang, s)
	}
	t.more = b.String()
	return t
}

// Map returns t with f applied to its form in each of its languages.
func (t Text) Map(f func(lang Lang, s string) string) Text {
	out := Text{EN: f(English, t.EN), DE: f(German, t.DE)}
	for l, form := range t.others() {
		out = out.With(l, f(l, form))
	}
	return out
}

// Join joins the forms of parts with sep in each language; a part without
// a form in a language joins with its English one.
func Join(parts []Text, sep string) Text {
	var out Text
	for _, l := range langsOf(parts...) {
		forms := make([]string, len(parts))
		for i, p := range parts {
			forms[i] = p.form(l)
		}
		out = out.With(l, strings.Join(forms, sep))
	}
	return out
}

// LangsOf lists the languages any of texts has a form in, English first;
// English and German are always among them.
func LangsOf(texts ...Text) []Lang { return slices.Clone(langsOf(texts...)) }

// fieldLangs are the languages of Text's fields, which langsOf returns
// without allocating when no text has another: callers only read it.
var fieldLangs = []Lang{English, German}

// langsOf lists the languages any of texts has a form in, English first.
func langsOf(texts ...Text) []Lang {
	if !slices.ContainsFunc(texts, func(t Text) bool { return t.more != "" }) {
		return fieldLangs
	}
	langs := slices.Clone(fieldLangs)
	for _, t := range texts {
		for l := range t.others() {
			if !slices.Contains(langs, l) {
				langs = append(langs, l)
			}
		}
	}
	return langs
}

// form is t's form in lang as In reads it, except that German is its field
// even when empty, as T wrote it.
func (t Text) form(lang Lang) string {
	if lang == German {
		return t.DE
	}
	return t.In(lang)
}

// others yields the forms of t in the languages other than English and
// German, in the order of their codes.
func (t Text) others() func(yield func(Lang, string) bool) {
	return func(yield func(Lang, string) bool) {
		rest := t.more
		for rest != "" {
			l, after, _ := strings.Cut(rest, "\x00")
			form, after2, _ := strings.Cut(after, "\x00")
			if !yield(Lang(l), form) {
				return
			}
			rest = after2
		}
	}
}

// other returns t's form in lang, one of its other languages.
func (t Text) other(lang Lang) (string, bool) {
	for l, form := range t.others() {
		if l == lang {
			return form, true
		}
	}
	return "", false
}

func writeOther(b *strings.Builder, lang Lang, s string) {
	b.WriteString(string(lang))
	b.WriteByte(0)
	b.WriteString(s)
	b.WriteByte(0)
}

// MarshalJSON writes t as an object by language, {"en": …, "de": …}, the
// other languages following by code.
func (t Text) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 16+len(t.EN)+len(t.DE)+len(t.more))
	b = append(b, `{"en":`...)
	b = appendString(b, t.EN)
	b = append(b, `,"de":`...)
	b = appendString(b, t.DE)
	for l, form := range t.others() {
		b = append(b, ',')
		b = appendString(b, string(l))
		b = append(b, ':')
		b = appendString(b, form)
	}
	return append(b, '}'), nil
}

// appendString appends s as a JSON string, escaped as encoding/json
// escapes strings (HTML characters too), so that the encoding of a Text is
// the one of the struct it was. A string with nothing to escape, as most
// are, is copied.
func appendString(b []byte, s string) []byte {
	for _, r := range s {
		if r < 0x20 || r == '"' || r == '\\' || r == '<' || r == '>' || r == '&' || r == '\u2028' || r == '\u2029' || r == utf8.RuneError {
			q, _ := json.Marshal(s) // a string always marshals
			return append(b, q...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// UnmarshalJSON reads an object by language. Every key is a language: a
// data file may bring any, and its keys are read case-insensitively, as
// the fields of Text always were. null leaves t as it is.
func (t *Text) UnmarshalJSON(data []byte) error {
	var forms map[string]string
	if err := json.Unmarshal(data, &forms); err != nil {
		return fmt.Errorf("a text by language: %w", err)
	}
	keys := make([]string, 0, len(forms))
	for k := range forms {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		*t = t.With(Lang(strings.ToLower(k)), forms[k])
	}
	return nil
}

// Seatf returns the placeholder for seat used in event and view texts.
func Seatf(s Seat) string { return "{p" + strconv.Itoa(int(s)) + "}" }

// FormatSeats replaces the placeholders {p0}, {p1}, ... in text by names[i].
// Placeholders without a name become "Player N".
func FormatSeats(text string, names []string) string {
	if !strings.Contains(text, "{p") {
		return text
	}
	var b strings.Builder
	for {
		i := strings.Index(text, "{p")
		if i < 0 {
			b.WriteString(text)
			return b.String()
		}
		j := strings.IndexByte(text[i:], '}')
		if j < 0 {
			b.WriteString(text)
			return b.String()
		}
		n, err := strconv.Atoi(text[i+2 : i+j])
		if err != nil || n < 0 {
			b.WriteString(text[:i+j+1])
			text = text[i+j+1:]
			continue
		}
		b.WriteString(text[:i])
		if n < len(names) && names[n] != "" {
			b.WriteString(names[n])
		} else {
			b.WriteString("Player " + strconv.Itoa(n+1))
		}
		text = text[i+j+1:]
	}
}
