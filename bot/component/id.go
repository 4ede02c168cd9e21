package component

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/playbychat/pbc/games"
)

// Custom IDs of the components the bot sends are path-like strings
// "<kind>:<table>[:<decision>[:<move, pick index, offset or menu path>]]", where
// decision is the fingerprint of the decision the component was made for
// (see Fingerprint). Parsing and formatting live here; what a click may do
// is decided by the handlers.

// Kind is the first field of a custom ID.
type Kind string

// The component kinds.
const (
	// MoveButton makes the move in its Move field.
	MoveButton Kind = "mv"
	// MoveSelect makes the move chosen in a select menu (the value is a move
	// reference); its Offset field is the position of its first option
	// among the moves of the decision that go into select menus.
	MoveSelect Kind = "ms"
	// ChoosePrivately answers the clicker with their own legal moves,
	// ephemerally; it carries no decision.
	ChoosePrivately Kind = "pv"
	// PickSelect makes the move of a games.Pick from the chosen values; its
	// Pick field is the index of the pick in games.Picker.Picks.
	PickSelect Kind = "pk"
	// SettingSelect makes the setting move (games.Move.Group "setting")
	// chosen in a select menu; a setting may be made at any time, so it
	// carries no decision.
	SettingSelect Kind = "st"
	// MenuStep shows the clicker the level of its decision's menu at its
	// Path (see games.Menu), privately; it commits nothing.
	MenuStep Kind = "mn"
)

// ErrBadID is returned (wrapped) for a custom ID the bot did not make.
var ErrBadID = errors.New("malformed custom id")

// ID is a parsed component custom ID.
type ID struct {
	Kind  Kind
	Table int64
	// Decision is the fingerprint of the decision of the seat the
	// component was made for (see Fingerprint); set for MoveButton,
	// MoveSelect and PickSelect. A click counts while the clicking seat's
	// decision still has it.
	Decision string
	// Move is a move reference (see MoveRef); set for MoveButton only.
	Move string
	// Pick is the index of the pick; set for PickSelect only.
	Pick int
	// Offset is the position of a move menu's first option; set for
	// MoveSelect only.
	Offset int
	// Path is the path of a menu level (see games.Menu), "" for the top;
	// set for MenuStep only.
	Path string
}

// String formats the custom ID.
func (c ID) String() string {
	s := string(c.Kind) + ":" + strconv.FormatInt(c.Table, 10)
	if c.Kind == ChoosePrivately || c.Kind == SettingSelect {
		return s
	}
	s += ":" + c.Decision
	switch c.Kind {
	case MoveButton:
		s += ":" + c.Move
	case PickSelect:
		s += ":" + strconv.Itoa(c.Pick)
	case MoveSelect:
		s += ":" + strconv.Itoa(c.Offset)
	case MenuStep:
		s += ":" + c.Path
	}
	return s
}

// Parse parses a custom ID made by String. Custom IDs of an
// earlier format (with the table's version where the decision stands now)
// are refused as malformed.
func Parse(s string) (ID, error) {
	if len(s) > MaxID {
		return ID{}, fmt.Errorf("%w: longer than %d characters", ErrBadID, MaxID)
	}
	kind, rest, _ := strings.Cut(s, ":")
	c := ID{Kind: Kind(kind)}
	var fields []string
	switch c.Kind {
	case ChoosePrivately, SettingSelect:
		fields = []string{rest}
	case MoveSelect, PickSelect:
		fields = strings.Split(rest, ":")
	case MoveButton, MenuStep:
		fields = strings.SplitN(rest, ":", 3)
	default:
		return ID{}, fmt.Errorf("%w: unknown kind %q", ErrBadID, kind)
	}
	want := 3
	if c.Kind == ChoosePrivately || c.Kind == SettingSelect {
		want = 1
	}
	if len(fields) != want {
		return ID{}, fmt.Errorf("%w: %q has %d fields, want %d", ErrBadID, s, len(fields), want)
	}
	table, err := strconv.ParseInt(fields[0], 10, 64)
	if err != nil || table <= 0 || fields[0] != strconv.FormatInt(table, 10) {
		return ID{}, fmt.Errorf("%w: bad table %q", ErrBadID, fields[0])
	}
	c.Table = table
	if len(fields) == 1 {
		return c, nil
	}
	if !isFingerprint(fields[1]) {
		return ID{}, fmt.Errorf("%w: bad decision %q", ErrBadID, fields[1])
	}
	c.Decision = fields[1]
	switch c.Kind {
	case PickSelect, MoveSelect:
		n, err := strconv.Atoi(fields[2])
		if err != nil || n < 0 || fields[2] != strconv.Itoa(n) {
			return ID{}, fmt.Errorf("%w: bad index %q", ErrBadID, fields[2])
		}
		if c.Kind == PickSelect {
			c.Pick = n
		} else {
			c.Offset = n
		}
	case MenuStep:
		c.Path = fields[2]
	default:
		if fields[2] == "" {
			return ID{}, fmt.Errorf("%w: empty move", ErrBadID)
		}
		c.Move = fields[2]
	}
	return c, nil
}

// fingerprintLen is the length of a decision's fingerprint.
const fingerprintLen = 7

// Fingerprint identifies the decision seat has in g, for the custom IDs
// of its components: a short base-36 hash of whether it must act, its
// actor's kind and decision key (games.Actor.Decision) and its legal
// moves, standing choices aside. Another seat's move or setting leaves it
// as it is unless it changes what seat may do; so does a simultaneous
// phase that others are still in.
func Fingerprint(g games.Game, seat games.Seat) string {
	return FingerprintOf(g, seat, g.LegalMoves(seat))
}

// FingerprintOf is Fingerprint with seat's legal moves in g listed
// already.
func FingerprintOf(g games.Game, seat games.Seat, moves []games.Move) string {
	h := sha256.New()
	if a, acting := games.MustAct(g, seat); acting {
		fmt.Fprintf(h, "%d\x00%s\x00", a.Kind, a.Decision)
	} else {
		h.Write([]byte("-\x00"))
	}
	for _, m := range moves {
		if m.Group != games.SettingGroup {
			h.Write([]byte(m.Notation))
			h.Write([]byte{0})
		}
	}
	n := binary.BigEndian.Uint64(h.Sum(nil)) % fingerprintSpace
	s := strconv.FormatUint(n, 36)
	return strings.Repeat("0", fingerprintLen-len(s)) + s
}

// fingerprintSpace is the number of fingerprints: 36^fingerprintLen.
const fingerprintSpace = 36 * 36 * 36 * 36 * 36 * 36 * 36

// isFingerprint reports whether s has the form of a fingerprint.
func isFingerprint(s string) bool {
	if len(s) != fingerprintLen {
		return false
	}
	for _, r := range s {
		if (r < '0' || r > '9') && (r < 'a' || r > 'z') {
			return false
		}
	}
	return true
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

// MoveButtonID returns the custom ID of a button making notation in the
// decision fingerprinted decision (see Fingerprint) at a table.
func MoveButtonID(table int64, decision, notation string) string {
	c := ID{Kind: MoveButton, Table: table, Decision: decision}
	room := MaxID - len(c.String()) - 1
	c.Move = MoveRef(notation, room)
	return c.String()
}

// menuPrefix starts the value of a select option that opens a level of a
// decision's menu (see games.Menu) rather than making a move; MoveRef never
// makes one (it hashes a notation starting with "#").
const menuPrefix = "#menu:"

// menuRef is the value of the option opening the menu level at path.
func menuRef(path string) string { return menuPrefix + path }

// MenuPath returns the path of the menu level a value made by menuRef
// opens.
func MenuPath(value string) (string, bool) { return strings.CutPrefix(value, menuPrefix) }

// pagePrefix starts the value of a "More moves…" option that leads to the
// next page rather than making a move; MoveRef never makes one (it hashes
// a notation starting with "#").
const pagePrefix = "#page:"

// pageRef is the value of the option leading to the page of more moves
// from offset on.
func pageRef(offset int) string { return pagePrefix + strconv.Itoa(offset) }

// PageOffset returns the offset a "Next page…" option's value leads to
// (see Layout.Page).
func PageOffset(value string) (int, bool) {
	rest, ok := strings.CutPrefix(value, pagePrefix)
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(rest)
	return n, err == nil && n >= 0
}
