package games

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// OptionKind is the type of a game option's value.
type OptionKind int

// The option kinds.
const (
	BoolOption OptionKind = iota
	IntOption
	ChoiceOption
)

// Choice is one allowed value of a ChoiceOption.
type Choice struct {
	Value string
	Label Text
}

// OptionSpec describes one game option (a variant rule, a victory target).
type OptionSpec struct {
	Key  string // as typed by players: "apocalypse", "target"
	Name Text
	Help Text
	Kind OptionKind
	// Default returns the manual's default for a table of the given size,
	// as a string of the option's kind ("true", "30", "random").
	Default  func(seats int) string
	Min, Max int      // IntOption bounds, inclusive
	Choices  []Choice // ChoiceOption values
}

// Options are resolved option values by key; every key of the game's specs
// is present.
type Options map[string]string

// Bool returns a BoolOption's value.
func (o Options) Bool(key string) bool { return o[key] == "true" }

// Int returns an IntOption's value (0 if absent).
func (o Options) Int(key string) int {
	n, _ := strconv.Atoi(o[key])
	return n
}

// String returns an option's raw value.
func (o Options) String(key string) string { return o[key] }

// ParseOptions reads "key=value" pairs separated by spaces or commas, as typed
// in /game new options:"target=30 apocalypse". A bare key means "true".
func ParseOptions(text string) (map[string]string, error) {
	raw := map[string]string{}
	for _, field := range strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == ',' || r == ';' }) {
		key, value, found := strings.Cut(field, "=")
		key = strings.ToLower(strings.TrimSpace(key))
		if key == "" {
			return nil, Violation(fmt.Sprintf("Option %q has no name.", field), fmt.Sprintf("Der Option %q fehlt der Name.", field))
		}
		if !found {
			value = "true"
		}
		if _, dup := raw[key]; dup {
			return nil, Violation(fmt.Sprintf("Option %q is given twice.", key), fmt.Sprintf("Option %q ist doppelt angegeben.", key))
		}
		raw[key] = strings.TrimSpace(value)
	}
	return raw, nil
}

// ResolveOptions checks raw values against the specs and fills in defaults
// for a table of the given size.
func (d *Definition) ResolveOptions(raw map[string]string, seats int) (Options, error) {
	specs := map[string]OptionSpec{}
	for _, s := range d.Options {
		specs[s.Key] = s
	}
	keys := make([]string, 0, len(raw))
	for k := range raw {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := Options{}
	for _, key := range keys {
		spec, ok := specs[strings.ToLower(key)]
		if !ok {
			return nil, Violation(
				fmt.Sprintf("%s has no option %q. Options: %s.", d.Name.EN, key, d.optionKeys()),
				fmt.Sprintf("%s hat keine Option %q. Optionen: %s.", d.Name.DE, key, d.optionKeys()))
		}
		value, err := spec.normalize(raw[key])
		if err != nil {
			return nil, err
		}
		out[spec.Key] = value
	}
	for _, s := range d.Options {
		if _, ok := out[s.Key]; !ok {
			out[s.Key] = s.Default(seats)
		}
	}
	return out, nil
}

func (d *Definition) optionKeys() string {
	keys := make([]string, len(d.Options))
	for i, s := range d.Options {
		keys[i] = s.Key
	}
	return strings.Join(keys, ", ")
}

func (s OptionSpec) normalize(value string) (string, error) {
	v := strings.ToLower(strings.TrimSpace(value))
	switch s.Kind {
	case BoolOption:
		switch v {
		case "true", "on", "yes", "ja", "an", "1":
			return "true", nil
		case "false", "off", "no", "nein", "aus", "0":
			return "false", nil
		}
		return "", Violation(
			fmt.Sprintf("Option %s takes on or off, not %q.", s.Key, value),
			fmt.Sprintf("Option %s nimmt an oder aus, nicht %q.", s.Key, value))
	case IntOption:
		n, err := strconv.Atoi(v)
		if err != nil || n < s.Min || n > s.Max {
			return "", Violation(
				fmt.Sprintf("Option %s takes a whole number from %d to %d, not %q.", s.Key, s.Min, s.Max, value),
				fmt.Sprintf("Option %s nimmt eine ganze Zahl von %d bis %d, nicht %q.", s.Key, s.Min, s.Max, value))
		}
		return strconv.Itoa(n), nil
	default:
		values := make([]string, len(s.Choices))
		for i, c := range s.Choices {
			if strings.EqualFold(c.Value, v) {
				return c.Value, nil
			}
			values[i] = c.Value
		}
		return "", Violation(
			fmt.Sprintf("Option %s takes one of %s, not %q.", s.Key, strings.Join(values, ", "), value),
			fmt.Sprintf("Option %s nimmt eines von %s, nicht %q.", s.Key, strings.Join(values, ", "), value))
	}
}
