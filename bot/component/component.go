// Package component is the bot's components: the buttons and select menus
// of a message, their custom IDs, and the layout of a seat's decision into
// them.
//
// A custom ID (ID, Parse) names what a click is for: the kind of
// component, the table, the fingerprint of the decision it was made for
// (Fingerprint) and the move, pick, offset or menu path it carries. A
// move is referred to by MoveRef, and found again among the seat's legal
// moves by ResolveMoveRef. Lay turns a seat's decision, as the bot reads
// it from the table (Decision), into rows of buttons and select menus
// within Discord's limits; it is pure: the bot formats the texts and
// decides what a click does.
package component

import "github.com/playbychat/pbc/bot/text"

// ButtonStyle is the look of a button.
type ButtonStyle int

// The button styles Discord offers.
const (
	Primary ButtonStyle = iota + 1
	Secondary
	Success
	Danger
	Link // opens Button.URL; sends no interaction
)

// Button is a clickable button.
type Button struct {
	CustomID string // at most 100 characters
	Label    string // at most 80 characters
	Style    ButtonStyle
	Disabled bool
	URL      string `json:",omitempty"` // the address a Link button opens (no CustomID)
}

// SelectOption is one entry of a select menu.
type SelectOption struct {
	Value       string // at most 100 characters
	Label       string // at most 100 characters
	Description string
}

// Select is a string select menu.
type Select struct {
	CustomID    string
	Placeholder string
	Options     []SelectOption // 1 to 25
	// MinValues and MaxValues bound how many options may be chosen
	// (0 to 25, MinValues <= MaxValues <= len(Options)); both 0 means
	// exactly one, Discord's default.
	MinValues int
	MaxValues int
}

// Row is one row of components: up to five buttons, or one select menu.
type Row struct {
	Buttons []Button
	Select  *Select
}

// Discord's limits on the components of a message.
const (
	// MaxRows is the number of rows of a message.
	MaxRows = 5
	// MaxButtons is the number of buttons of a row.
	MaxButtons = 5
	// MaxOptions is the number of options of a select menu (and of
	// autocomplete choices).
	MaxOptions = 25
	// MaxID is the length of a custom ID or a select option's value.
	MaxID = 100
	// MaxDescription is the length of a select option's description.
	MaxDescription = 100
	// maxLabel is the length of a button's label.
	maxLabel = 80
	// maxPlaceholder is the length of a select menu's placeholder.
	maxPlaceholder = 150
	// maxOptionLabel is the length of a select option's label.
	maxOptionLabel = 100
)

// The messages of the layout.
const (
	msgMorePlaceholder     text.Msg = "MorePlaceholder"
	msgMoreRange           text.Msg = "MoreRange"
	msgNextPage            text.Msg = "NextPage"
	msgSettingsPlaceholder text.Msg = "SettingsPlaceholder"
)

// Truncate shortens s to at most n characters, ending it with "…" when
// it was longer.
func Truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
