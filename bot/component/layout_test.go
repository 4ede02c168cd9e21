package component

import (
	"fmt"
	"strings"
	"testing"

	"github.com/playbychat/pbc/games"
)

// TestMoveStyles checks that ending a turn, passing and confirming look
// different from each other and from other moves, by their role alone.
func TestMoveStyles(t *testing.T) {
	for _, tc := range []struct {
		name string
		move games.Move
		want ButtonStyle
	}{
		{"end turn", games.Move{Notation: "finish", Role: games.RoleEndTurn}, Danger},
		{"pass", games.Move{Notation: "decline", Group: "react", Role: games.RolePass}, Secondary},
		{"cancel", games.Move{Notation: "back", Role: games.RoleCancel}, Secondary},
		{"confirm", games.Move{Notation: "ok", Role: games.RoleConfirm}, Success},
		{"menu step", games.Move{Notation: "move g3 …", Role: games.RoleStep}, Primary},
		{"menu back", games.Move{Notation: "move", Role: games.RoleBack}, Secondary},
		{"action named like a pass", games.Move{Notation: "pass card 3", Group: "pass"}, Primary},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := stepStyle(tc.move); got != tc.want {
				t.Errorf("style %d, want %d", got, tc.want)
			}
		})
	}
}

// TestLayLimits checks how a decision's moves and picks share the rows of
// a message: buttons first, then picks, "More moves…" menus and the
// standing choices, never more than Discord allows and no move lost.
func TestLayLimits(t *testing.T) {
	dice := games.Pick{Prefix: "reroll", Label: games.T("Dice", "Würfel"), Min: 1, Max: 3,
		Items: games.IndexItems([]games.Text{games.T("a", "a"), games.T("b", "b"), games.T("c", "c")})}
	many := func(n int, group string, primary bool) []games.Move {
		var out []games.Move
		for i := range n {
			out = append(out, games.Move{Notation: fmt.Sprintf("%s %d", group, i), Group: group, Primary: primary})
		}
		return out
	}
	cat := func(parts ...[]games.Move) []games.Move {
		var out []games.Move
		for _, p := range parts {
			out = append(out, p...)
		}
		return out
	}
	reroll := []games.Move{{Notation: "reroll 1"}, {Notation: "reroll 1,2"}}
	tests := []struct {
		name                                string
		private                             bool
		moves                               []games.Move
		picks                               []games.Pick
		choosePrivately                     bool
		wantButtons, wantPicks, wantOptions int
		wantSettings                        bool
	}{
		{name: "buttons only", moves: many(7, "buy", true), wantButtons: 7},
		{name: "buttons fill every row when nothing else needs one", moves: many(23, "buy", true), wantButtons: 23},
		{name: "overflowing buttons go to the select", moves: many(28, "buy", true), wantButtons: 20, wantOptions: 8},
		{name: "pick moves leave the select", moves: cat(many(2, "buy", false), reroll), picks: []games.Pick{dice}, wantPicks: 1, wantOptions: 2},
		{name: "settings hidden in public", moves: cat(many(2, "buy", true), many(2, "setting", false)), wantButtons: 2},
		{name: "settings in private", private: true, moves: cat(many(2, "buy", true), many(2, "setting", false)), wantButtons: 2, wantSettings: true},
		{
			name: "everything at once", private: true,
			moves: cat(many(30, "buy", true), reroll, many(3, "setting", false)),
			picks: []games.Pick{dice, dice, dice, dice, dice}, wantPicks: 3, wantOptions: 25, wantSettings: true,
		},
		{name: "shortcuts are only typed", moves: cat(many(3, "move", true), func() []games.Move {
			out := many(40, "whole", false)
			for i := range out {
				out[i].Shortcut = true
			}
			return out
		}()), wantButtons: 3},
		{name: "buttons take the last row beside picks and settings", private: true,
			moves: cat(many(2, "bid", true), reroll, many(1, "setting", false)), picks: []games.Pick{dice, dice, dice},
			wantButtons: 2, wantPicks: 3, wantSettings: true},
		{name: "a row left for choosing privately", choosePrivately: true, moves: many(23, "buy", true), wantButtons: 15, wantOptions: 8},
		{name: "a pick too large for a menu", moves: reroll, picks: []games.Pick{{Prefix: "reroll", Min: 1, Max: 2,
			Items: games.IndexItems(make([]games.Text, 26))}}, wantOptions: 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := Decision{Table: 4, Fingerprint: "0000000", Moves: tc.moves, Picks: tc.picks, Private: tc.private, ChoosePrivately: tc.choosePrivately, Lang: games.English}
			rows := Lay(d).Rows()
			if len(rows) > MaxRows-boolInt(tc.choosePrivately) {
				t.Fatalf("%d rows", len(rows))
			}
			buttons, picks, options, settings := 0, 0, 0, false
			for _, r := range rows {
				buttons += len(r.Buttons)
				if r.Select == nil {
					continue
				}
				switch {
				case strings.HasPrefix(r.Select.CustomID, "pk:"):
					picks++
					if r.Select.MinValues != 1 || r.Select.MaxValues != 3 || len(r.Select.Options) != 3 {
						t.Errorf("pick menu %+v", r.Select)
					}
				case strings.HasPrefix(r.Select.CustomID, "ms:"):
					options += len(r.Select.Options)
				case strings.HasPrefix(r.Select.CustomID, "st:"):
					settings = true
				}
			}
			if buttons != tc.wantButtons || picks != tc.wantPicks || options != tc.wantOptions || settings != tc.wantSettings {
				t.Errorf("%d buttons, %d picks, %d options, settings %v; want %d, %d, %d, %v",
					buttons, picks, options, settings, tc.wantButtons, tc.wantPicks, tc.wantOptions, tc.wantSettings)
			}
		})
	}
}

// boolInt is 1 for true, 0 for false.
func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
