package component

import (
	"slices"
	"strings"

	"github.com/playbychat/pbc/bot/text"
	"github.com/playbychat/pbc/games"
)

// Decision is one seat's decision as the bot reads it from its table, for
// Lay: its texts formatted with the table's names already.
type Decision struct {
	// Table is the table's id and Fingerprint the fingerprint of the
	// seat's decision (see Fingerprint), for the custom IDs.
	Table       int64
	Fingerprint string
	// Path is the level of the seat's menu laid out (see games.Menu); ""
	// for the top, or a game without a menu.
	Path string
	// Moves are the moves offered: the seat's legal moves, or the entries
	// of its menu's level at Path and its setting moves.
	Moves []games.Move
	// Picks are the seat's picks (games.Picker).
	Picks []games.Pick
	// Pieces are the texts of the pieces of Moves and Picks (see PiecesOf).
	Pieces Pieces
	// Private lays the decision out for the seat alone: with its private
	// moves and picks and its standing choices.
	Private bool
	// ChoosePrivately leaves a row for the "Choose privately" button (a
	// public layout of a seat with private choices).
	ChoosePrivately bool
	// Choices are the options of the standing choices the bot applies,
	// offered after the game's setting moves when Private.
	Choices []SelectOption
	Lang    games.Lang
}

// Layout is how a seat's decision is laid out as components (see Lay).
type Layout struct {
	buttons  []Button
	picks    []Row
	more     []games.Move // the moves for "More moves…" menus, in order
	moreID   ID           // the custom ID of those menus, but for Offset
	pieces   Pieces       // the texts of the pieces the moves act on
	settings *Row         // the menu of standing choices; nil for none
	rows     int          // the rows for buttons, picks and more moves
	lang     games.Lang
}

// Lay lays out a seat's decision as components. Primary moves become
// buttons (five per row); each games.Pick of the seat becomes a
// multi-select menu; the other moves (and primary moves that do not fit)
// go into "More moves…" select menus, as many as the rows left hold, the
// last one leading to the next page when they do not all fit (see Page),
// leaving out the moves a shown pick makes and shortcuts (typed or
// autocompleted only): no other legal move is left out. Setting moves are
// shown only in a private layout, in a select menu of their own; so are
// private moves and picks. A step of a menu (games.Role.Walks) becomes a
// button (or, when it names a piece, a select option) that shows the level
// it opens (MenuStep) and commits nothing. Moves on a piece that do the
// same as an earlier one (see TwinKey) are left out: they stay reachable
// by typing.
func Lay(d Decision) Layout {
	var moves, settings []games.Move
	shown := map[TwinKey]bool{}
	for _, m := range d.Moves {
		switch {
		case m.Group == games.SettingGroup:
			settings = append(settings, m)
		case m.Shortcut:
		case d.Private || !m.Private:
			if key, ok := Twin(m); ok {
				if shown[key] {
					continue
				}
				shown[key] = true
			}
			moves = append(moves, m)
		}
	}
	l := Layout{moreID: ID{Kind: MoveSelect, Table: d.Table, Decision: d.Fingerprint}, pieces: d.Pieces, rows: MaxRows, lang: d.Lang}
	if d.ChoosePrivately {
		l.rows--
	}
	if d.Private && len(settings)+len(d.Choices) > 0 {
		// The game's standing choices, then those the bot applies.
		sel := moveSelect(ID{Kind: SettingSelect, Table: d.Table}, text.Tr(d.Lang, msgSettingsPlaceholder), settings, l.pieces, d.Lang)
		sel.Options = append(sel.Options, d.Choices[:min(len(d.Choices), MaxOptions-len(sel.Options))]...)
		l.settings = &Row{Select: sel}
		l.rows--
	}
	var prefixes []string
	for i, pick := range d.Picks {
		if pick.Private && !d.Private {
			continue
		}
		sel, ok := pickSelect(ID{Kind: PickSelect, Table: d.Table, Decision: d.Fingerprint, Pick: i}, pick, l.pieces, d.Lang)
		if !ok {
			continue
		}
		if len(l.picks) < l.rows-1 {
			l.picks = append(l.picks, Row{Select: sel})
			prefixes = append(prefixes, pick.Prefix+" ")
		}
	}
	l.rows -= len(l.picks)
	covered := func(m games.Move) bool {
		return slices.ContainsFunc(prefixes, func(p string) bool { return strings.HasPrefix(m.Notation, p) })
	}
	budget := buttonBudget(moves, covered, l.rows)
	for _, m := range moves {
		if m.Primary && len(l.buttons) < budget {
			id := MoveButtonID(d.Table, d.Fingerprint, m.Notation)
			if m.Role.Walks() {
				id = ID{Kind: MenuStep, Table: d.Table, Decision: d.Fingerprint, Path: m.Notation}.String()
			}
			l.buttons = append(l.buttons, Button{CustomID: id, Label: Label(m, d.Lang), Style: stepStyle(m)})
			continue
		}
		if !covered(m) {
			l.more = append(l.more, m)
		}
	}
	l.rows += len(l.picks)
	return l
}

// Rows are the layout's rows: its buttons, its picks, its "More moves…"
// menus and its standing choices.
func (l Layout) Rows() []Row {
	var rows []Row
	for buttons := l.buttons; len(buttons) > 0; {
		n := min(len(buttons), MaxButtons)
		rows = append(rows, Row{Buttons: buttons[:n]})
		buttons = buttons[n:]
	}
	rows = append(rows, l.picks...)
	rows = append(rows, moreRows(l.moreID, l.more, l.pieces, 0, l.rows-len(rows), l.lang)...)
	if l.settings != nil {
		rows = append(rows, *l.settings)
	}
	return rows
}

// Page is the page of the layout's "More moves…" menus from offset on (a
// "Next page…" option's, see PageOffset), in a message of its own: rows of
// menus and the position of its last move among them (counted from 1); ok
// is false when offset is past them.
func (l Layout) Page(offset int) (rows []Row, last int, ok bool) {
	if offset >= len(l.more) {
		return nil, 0, false
	}
	rows = moreRows(l.moreID, l.more, l.pieces, offset, MaxRows, l.lang)
	last = offset
	for _, r := range rows {
		last += len(r.Select.Options)
	}
	if last < len(l.more) {
		last-- // the last option leads to the next page
	}
	return rows, last, true
}

// buttonBudget is how many of moves' primary moves get buttons in rows
// rows: all rows when every other move is covered by a pick and the
// primary ones fit, else all but one, which the "More moves…" menu takes.
// (With picks and standing choices taking rows, a private view may have
// one row left: its buttons, such as a bid of nothing beside the bid
// picks, must not be lost.)
func buttonBudget(moves []games.Move, covered func(games.Move) bool, rows int) int {
	primary, rest := 0, 0
	for _, m := range moves {
		switch {
		case m.Primary:
			primary++
		case !covered(m):
			rest++
		}
	}
	if rest == 0 && primary <= rows*MaxButtons {
		return primary
	}
	return max(0, rows-1) * MaxButtons
}

// moreRows lays out more[offset:] as select menus of up to 25 moves in at
// most n rows; when they do not fit, the last option of the last menu
// leads to the next page (see pageRef), which the bot shows privately.
func moreRows(id ID, more []games.Move, pieces Pieces, offset, n int, lang games.Lang) []Row {
	var rows []Row
	for start := offset; start < len(more) && len(rows) < n; {
		end := min(len(more), start+MaxOptions)
		next := len(rows) == n-1 && end < len(more)
		if next {
			end--
		}
		id.Offset = start
		placeholder := text.Tr(lang, msgMorePlaceholder)
		if len(more) > MaxOptions {
			placeholder = text.Tr(lang, msgMoreRange, start+1, end, len(more))
		}
		sel := moveSelect(id, placeholder, more[start:end], pieces, lang)
		if next {
			sel.Options = append(sel.Options, SelectOption{Value: pageRef(end), Label: text.Trn(lang, msgNextPage, len(more)-end, len(more)-end)})
		}
		rows = append(rows, Row{Select: sel})
		start = end
	}
	return rows
}

// moveStyle tells moves apart by the colour of their buttons, from their
// role: ending a turn is red, passing or cancelling grey, confirming
// (ready, done) green, any other move blue.
func moveStyle(m games.Move) ButtonStyle {
	switch m.Role {
	case games.RoleEndTurn:
		return Danger
	case games.RolePass, games.RoleCancel:
		return Secondary
	case games.RoleConfirm:
		return Success
	}
	return Primary
}

// stepStyle is moveStyle, but for the step of a menu that leads back up
// (games.RoleBack), which is grey like a cancel.
func stepStyle(m games.Move) ButtonStyle {
	if m.Role == games.RoleBack {
		return Secondary
	}
	return moveStyle(m)
}

// Label is the label of a move's button or select option.
func Label(m games.Move, lang games.Lang) string {
	if label := Truncate(m.Label.In(lang), maxLabel); label != "" {
		return label
	}
	return Truncate(m.Notation, maxLabel)
}

// moveSelect is a single-choice select menu of (at most 25 of) moves, each
// option described by the text of the piece its move acts on (see
// Pieces.Describe); an option that is a step of a menu opens its level
// (see menuRef).
func moveSelect(id ID, placeholder string, moves []games.Move, pieces Pieces, lang games.Lang) *Select {
	sel := &Select{CustomID: id.String(), Placeholder: placeholder}
	for _, m := range moves[:min(len(moves), MaxOptions)] {
		label := Label(m, lang)
		value := MoveRef(m.Notation, MaxID)
		if m.Role.Walks() {
			value = menuRef(m.Notation)
		}
		sel.Options = append(sel.Options, SelectOption{Value: value, Label: label, Description: pieces.Describe(m, label, lang)})
	}
	return sel
}

// pickSelect is the multi-select menu of a pick, each item that is a piece
// described by the piece's text; ok is false for a pick that cannot be
// shown as one (no items, more than 25, or no valid count).
func pickSelect(id ID, p games.Pick, pieces Pieces, lang games.Lang) (*Select, bool) {
	n := len(p.Items)
	lo, hi := max(p.Min, 1), min(p.Max, n)
	if n == 0 || n > MaxOptions || lo > hi {
		return nil, false
	}
	sel := &Select{CustomID: id.String(), Placeholder: Truncate(p.Label.In(lang), maxPlaceholder), MinValues: lo, MaxValues: hi}
	if sel.Placeholder == "" {
		sel.Placeholder = Truncate(p.Prefix, maxPlaceholder)
	}
	for _, it := range p.Items {
		label := Truncate(it.Label.In(lang), maxOptionLabel)
		if label == "" {
			label = Truncate(it.Value, maxOptionLabel)
		}
		desc := ""
		if c, ok := pieces[it.Piece]; ok && it.Piece != "" {
			desc = pieceDescription(c, lang)
		}
		sel.Options = append(sel.Options, SelectOption{Value: it.Value, Label: label, Description: desc})
	}
	return sel, true
}
