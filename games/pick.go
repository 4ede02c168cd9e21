package games

import (
	"sort"
	"strconv"
	"strings"
)

// Pick is a decision made by choosing several items at once, such as the
// dice to re-roll. The bot shows it as one multi-select menu instead of
// listing every combination as a move. The chosen values, in item order,
// joined by commas after Prefix and a space, must form a legal move
// ("reroll 2,5"); the platform still checks that with Play.
type Pick struct {
	Prefix string // notation prefix, e.g. "reroll"
	Label  Text   // placeholder of the menu, e.g. "Dice to re-roll"
	Items  []PickItem
	Min    int // fewest items to choose (at least 1)
	Max    int // most items to choose
	// Private marks a pick whose items reveal what only the chooser may see
	// (the cards of a hand); see Move.Private.
	Private bool
	// Rule says which combinations of items are legal, where not every
	// one between Min and Max is ("one count per colour"); the bot
	// answers a refused combination with it. Empty for none.
	Rule Text
}

// PickItem is one choosable item of a Pick.
type PickItem struct {
	Value string // as written in the notation, e.g. "3"
	Label Text
	// Piece is the Catalog id of the card or other piece the item is, ""
	// for none; see Move.Piece.
	Piece string `json:",omitempty"`
}

// Picker is implemented by games that offer Pick decisions.
type Picker interface {
	// Picks lists the pick decisions seat can make now.
	Picks(seat Seat) []Pick
}

// Notation returns the move text for the chosen values, ordered as the
// items are. Values that are not items are kept (and rejected by Play).
func (p Pick) Notation(values []string) string {
	order := map[string]int{}
	for i, it := range p.Items {
		order[it.Value] = i
	}
	vs := append([]string(nil), values...)
	sort.SliceStable(vs, func(i, j int) bool {
		oi, iok := order[vs[i]]
		oj, jok := order[vs[j]]
		if iok && jok {
			return oi < oj
		}
		return iok
	})
	return p.Prefix + " " + strings.Join(vs, ",")
}

// IndexItems is a helper for picks over numbered things (dice 1..n): it
// returns items "1".."n" labelled by labels[i].
func IndexItems(labels []Text) []PickItem {
	items := make([]PickItem, len(labels))
	for i, l := range labels {
		items[i] = PickItem{Value: strconv.Itoa(i + 1), Label: l}
	}
	return items
}
