package bot

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/playbychat/pbc/games"
)

// Custom IDs of the components the bot sends are path-like strings
// "<kind>:<table>[:<version>[:<move or pick index>]]". Parsing and formatting live here;
// what a click may do is decided by the handlers.

// ComponentKind is the first field of a custom ID.
type ComponentKind string

// The component kinds.
const (
	// MoveButton makes the move in its Move field.
	MoveButton ComponentKind = "mv"
	// MoveSelect makes the move chosen in a select menu (the value is a move
	// reference).
	MoveSelect ComponentKind = "ms"
	// ChoosePrivately answers the clicker with their own legal moves,
	// ephemerally; it carries no version.
	ChoosePrivately ComponentKind = "pv"
	// PickSelect makes the move of a games.Pick from the chosen values; its
	// Pick field is the index of the pick in games.Picker.Picks.
	PickSelect ComponentKind = "pk"
	// SettingSelect makes the setting move (games.Move.Group "setting")
	// chosen in a select menu; a setting may be made at any version.
	SettingSelect ComponentKind = "st"
)

// maxCustomID is Discord's limit on custom IDs and select option values.
const maxCustomID = 100

// ErrBadCustomID is returned (wrapped) for a custom ID the bot did not make.
var ErrBadCustomID = errors.New("malformed custom id")

// CustomID is a parsed component custom ID.
type CustomID struct {
	Kind    ComponentKind
	Table   int64
	Version int
	// Move is a move reference (see MoveRef); set for MoveButton only.
	Move string
	// Pick is the index of the pick; set for PickSelect only.
	Pick int
}

// String formats the custom ID.
func (c CustomID) String() string {
	s := string(c.Kind) + ":" + strconv.FormatInt(c.Table, 10)
	if c.Kind == ChoosePrivately {
		return s
	}
	s += ":" + strconv.Itoa(c.Version)
	switch c.Kind {
	case MoveButton:
		s += ":" + c.Move
	case PickSelect:
		s += ":" + strconv.Itoa(c.Pick)
	}
	return s
}

// ParseCustomID parses a custom ID made by String.
func ParseCustomID(s string) (CustomID, error) {
	if len(s) > maxCustomID {
		return CustomID{}, fmt.Errorf("%w: longer than %d characters", ErrBadCustomID, maxCustomID)
	}
	kind, rest, _ := strings.Cut(s, ":")
	c := CustomID{Kind: ComponentKind(kind)}
	var fields []string
	switch c.Kind {
	case ChoosePrivately:
		fields = []string{rest}
	case MoveSelect, SettingSelect, PickSelect:
		fields = strings.Split(rest, ":")
	case MoveButton:
		fields = strings.SplitN(rest, ":", 3)
	default:
		return CustomID{}, fmt.Errorf("%w: unknown kind %q", ErrBadCustomID, kind)
	}
	want := map[ComponentKind]int{ChoosePrivately: 1, MoveSelect: 2, SettingSelect: 2, MoveButton: 3, PickSelect: 3}[c.Kind]
	if len(fields) != want {
		return CustomID{}, fmt.Errorf("%w: %q has %d fields, want %d", ErrBadCustomID, s, len(fields), want)
	}
	table, err := strconv.ParseInt(fields[0], 10, 64)
	if err != nil || table <= 0 || fields[0] != strconv.FormatInt(table, 10) {
		return CustomID{}, fmt.Errorf("%w: bad table %q", ErrBadCustomID, fields[0])
	}
	c.Table = table
	if len(fields) > 1 {
		v, err := strconv.Atoi(fields[1])
		if err != nil || v < 0 || fields[1] != strconv.Itoa(v) {
			return CustomID{}, fmt.Errorf("%w: bad version %q", ErrBadCustomID, fields[1])
		}
		c.Version = v
	}
	switch {
	case c.Kind == PickSelect:
		n, err := strconv.Atoi(fields[2])
		if err != nil || n < 0 || fields[2] != strconv.Itoa(n) {
			return CustomID{}, fmt.Errorf("%w: bad pick index %q", ErrBadCustomID, fields[2])
		}
		c.Pick = n
	case len(fields) > 2:
		if fields[2] == "" {
			return CustomID{}, fmt.Errorf("%w: empty move", ErrBadCustomID)
		}
		c.Move = fields[2]
	}
	return c, nil
}

// moveHashLen is the number of hex digits of a hashed move reference.
const moveHashLen = 16

// MoveRef returns how a move is referred to in a custom ID or a select or
// autocomplete value: its notation, or "#" and a short stable hash of it
// when the notation would make the ID longer than room characters allows.
func MoveRef(notation string, room int) string {
	if len(notation) <= room && !strings.HasPrefix(notation, "#") {
		return notation
	}
	sum := sha256.Sum256([]byte(notation))
	return "#" + hex.EncodeToString(sum[:])[:moveHashLen]
}

// ResolveMoveRef finds the move a reference made by MoveRef points to among
// moves. A plain notation is matched after games.NormalizeNotation.
func ResolveMoveRef(ref string, moves []games.Move) (games.Move, bool) {
	hashed := strings.HasPrefix(ref, "#")
	want := games.NormalizeNotation(ref)
	for _, m := range moves {
		if hashed {
			if MoveRef(m.Notation, 0) == ref {
				return m, true
			}
		} else if games.NormalizeNotation(m.Notation) == want {
			return m, true
		}
	}
	return games.Move{}, false
}

// MoveButtonID returns the custom ID of a button making notation at
// version of a table.
func MoveButtonID(table int64, version int, notation string) string {
	c := CustomID{Kind: MoveButton, Table: table, Version: version}
	room := maxCustomID - len(c.String()) - 1
	c.Move = MoveRef(notation, room)
	return c.String()
}
