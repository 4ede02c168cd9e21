package bot

import (
	"fmt"
	"strings"
	"testing"

	"github.com/playbychat/pbc/bot/component"
	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
)

// layoutGame offers fixed moves and picks to every seat; only its moves
// and picks are used.
type layoutGame struct {
	games.Game
	moves []games.Move
	picks []games.Pick
}

func (g layoutGame) LegalMoves(games.Seat) []games.Move { return g.moves }
func (g layoutGame) ToAct() []games.Actor               { return []games.Actor{{Seat: 0}} }
func (g layoutGame) Picks(games.Seat) []games.Pick      { return g.picks }

func TestDecisionRowsLimits(t *testing.T) {
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
		{name: "a pick too large for a menu", moves: reroll, picks: []games.Pick{{Prefix: "reroll", Min: 1, Max: 2,
			Items: games.IndexItems(make([]games.Text, 26))}}, wantOptions: 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := &session{table: db.Table{ID: 4, Version: 9}, game: layoutGame{moves: tc.moves, picks: tc.picks}}
			rows := decisionRows(s, 0, games.English, tc.private)
			if len(rows) > component.MaxRows {
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
