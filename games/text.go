package games

import (
	"strconv"
	"strings"
)

// Lang is a language the bot speaks.
type Lang string

// The supported languages.
const (
	English Lang = "en"
	German  Lang = "de"
)

// LangFromLocale maps a Discord locale ("de", "en-US", ...) to a Lang.
func LangFromLocale(locale string) Lang {
	if strings.HasPrefix(strings.ToLower(locale), "de") {
		return German
	}
	return English
}

// Text is a string in every supported language.
type Text struct {
	EN string `json:"en"`
	DE string `json:"de"`
}

// T makes a Text from its English and German forms.
func T(en, de string) Text { return Text{EN: en, DE: de} }

// In returns the text in lang, falling back to English.
func (t Text) In(lang Lang) string {
	if lang == German && t.DE != "" {
		return t.DE
	}
	return t.EN
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
