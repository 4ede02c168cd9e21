package component

import (
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
		{"action named like a pass", games.Move{Notation: "pass card 3", Group: "pass"}, Primary},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := moveStyle(tc.move); got != tc.want {
				t.Errorf("style %d, want %d", got, tc.want)
			}
		})
	}
}
