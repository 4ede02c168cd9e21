package catalog

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/playbychat/pbc/games"
)

// German declines names: "blockt mit dem Alten Veteranen ab", not "blockt mit
// Alter Veteran ab". A message marks an argument's grammatical case where the
// sentence needs it, {acc %s} or {dat %[2]s}; the engine passes the name as
// a games.Text and knows nothing of cases. The forms, with their article,
// come from the optional file locales/<lang>.names.yaml:
//
//	Alter Veteran: {acc: den Alten Veteranen, dat: dem Alten Veteranen}
//
// A name the file does not hold stays as it is (a group's own card data may
// bring new names); Undeclined lists such names for the engine's tests. A
// language without a names file does not decline: its marks read every
// name as it is, in that language or else in English. A
// name followed by more text ("Alter Veteran (s07)") is declined in its
// name part.

// cases are the grammatical cases a message may mark.
var cases = map[string]bool{"nom": true, "acc": true, "dat": true, "gen": true}

// nameForms maps a name to its forms by case, for one language.
type nameForms map[string]map[string]string

// loadNames reads locales/<lang>.names.yaml when the engine has one.
func loadNames(fsys fs.FS, lang games.Lang) (nameForms, error) {
	file := path.Join("locales", string(lang)+".names.yaml")
	data, err := fs.ReadFile(fsys, file)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil // the file is optional
	}
	if err != nil {
		return nil, err
	}
	var forms nameForms
	if err := yaml.Unmarshal(data, &forms); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	for name, byCase := range forms {
		for k, v := range byCase {
			if !cases[k] || v == "" {
				return nil, fmt.Errorf("%s: %s: %q is not a case with a form", file, name, k)
			}
		}
	}
	return forms, nil
}

// decline returns text, a name perhaps followed by more, in case.
func (c *Catalog) decline(lang games.Lang, text, kase string) string {
	forms := c.names[lang]
	if forms == nil {
		return text
	}
	if f, ok := forms[text][kase]; ok {
		return f
	}
	// The longest name that text starts with, followed by a space.
	for i := strings.LastIndexByte(text, ' '); i > 0; i = strings.LastIndexByte(text[:i], ' ') {
		if f, ok := forms[text[:i]][kase]; ok {
			return f + text[i:]
		}
	}
	if kase != "nom" {
		c.mu.Lock()
		c.undeclined[string(lang)+": "+text] = true
		c.mu.Unlock()
	}
	return text
}

// Undeclined lists the names (by language) that a message asked to decline
// and that no names file holds, since the catalogue was loaded.
func (c *Catalog) Undeclined() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make([]string, 0, len(c.undeclined))
	for n := range c.undeclined {
		out = append(out, n)
	}
	return out
}

// markedFormat returns message s with its case marks resolved: every verb
// gets its argument's explicit index, and a marked games.Text argument is
// written in place, declined (with % doubled). args are the raw arguments.
func (c *Catalog) markedFormat(lang games.Lang, s string, args []any) string {
	var b strings.Builder
	next := 1
	for i := 0; i < len(s); {
		kase, inner, end, ok := mark(s, i)
		if ok {
			n, flags, verb, _ := parseVerb(inner, 0, next)
			next = n + 1
			if t, isText := arg(args, n).(games.Text); isText && verb == 's' && flags == "" {
				b.WriteString(strings.ReplaceAll(c.decline(lang, t.In(lang), kase), "%", "%%"))
			} else {
				fmt.Fprintf(&b, "%%%s[%d]%c", flags, n, verb)
			}
			i = end
			continue
		}
		if s[i] != '%' {
			b.WriteByte(s[i])
			i++
			continue
		}
		if i+1 < len(s) && s[i+1] == '%' {
			b.WriteString("%%")
			i += 2
			continue
		}
		n, flags, verb, j := parseVerb(s, i, next)
		next = n + 1
		fmt.Fprintf(&b, "%%%s[%d]%c", flags, n, verb)
		i = j
	}
	return b.String()
}

func arg(args []any, n int) any {
	if n < 1 || n > len(args) {
		return nil
	}
	return args[n-1]
}

// mark reports whether a case mark "{dat %s}" starts at s[i], with its case,
// the verb inside and the index after the mark.
func mark(s string, i int) (kase, inner string, end int, ok bool) {
	if s[i] != '{' {
		return "", "", 0, false
	}
	close := strings.IndexByte(s[i:], '}')
	if close < 0 {
		return "", "", 0, false
	}
	k, v, found := strings.Cut(s[i+1:i+close], " ")
	if !found || !cases[k] || !strings.HasPrefix(v, "%") {
		return "", "", 0, false
	}
	return k, v, i + close + 1, true
}

// parseVerb reads the verb starting at s[i] ('%'): its argument number
// (explicit, or next), its flags, width and precision, the verb, and the
// index after it.
func parseVerb(s string, i, next int) (n int, flags string, verb byte, end int) {
	n = next
	i++
	var fl strings.Builder
	for i < len(s) {
		switch {
		case s[i] == '[':
			j := strings.IndexByte(s[i:], ']')
			if j < 0 {
				return n, fl.String(), '?', len(s)
			}
			if v, err := strconv.Atoi(s[i+1 : i+j]); err == nil {
				n = v
			}
			i += j + 1
		case strings.IndexByte("+-# 0123456789.", s[i]) >= 0:
			fl.WriteByte(s[i])
			i++
		default:
			return n, fl.String(), s[i], i + 1
		}
	}
	return n, fl.String(), '?', len(s)
}

// badMarks lists the marks of s that look like case marks but name no case
// ("{akk %s}").
func badMarks(s string) []string {
	var bad []string
	for i := strings.IndexByte(s, '{'); i >= 0; {
		if _, _, _, ok := mark(s, i); !ok {
			k, v, found := strings.Cut(s[i+1:], " ")
			if found && strings.HasPrefix(v, "%") && !strings.ContainsAny(k, "} ") {
				bad = append(bad, "{"+k)
			}
		}
		j := strings.IndexByte(s[i+1:], '{')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return bad
}
