package xenoshyft

import (
	"strings"
	"testing"

	"github.com/playbychat/pbc/games"
)

// TestExplain checks that typed text that is not a legal move now is
// refused with the rules' own reason, in English and German, and never
// with what only another seat may know.
func TestExplain(t *testing.T) {
	supply := supplyGame(t)
	troopCard := firstOfKind(supply, 0, kindTroop)
	deploy := newTable(t, 2)
	front := deploy.troop(0, "trooper")
	hidden := deploy.hand(1, "xeno1")
	weapon := deploy.hand(1, "pistol")
	mine := deploy.hand(0, "trooper")
	deploy.g.s.Phase = PhaseDeploy
	combat := newTable(t, 2)
	combat.enemy(0, "skitterling", true)
	combat.troop(0, "trooper")
	combat.combat(0, 1)
	tests := []struct {
		name string
		g    *Game
		seat games.Seat
		text string
		want string // in the English reason
	}{
		{"a troop of a later wave", supply, 0, "buy t4", "available from wave 2"},
		{"a move of another phase names the phase", supply, 0, "deploy " + c(troopCard) + " lane1", "not possible in this phase: supply"},
		{"a pass outside combat", supply, 0, "pass", "this phase: supply"},
		{"no move at all shows one of the seat's moves", supply, 0, "attack!", "One of your moves now: ready"},
		{"a stack written with a zero", supply, 0, "buy t01", "Write that move as: buy t1"},
		{"no such lane", deploy.g, 0, "deploy " + c(mine) + " lane9", "no such lane"},
		{"a card written with a zero", deploy.g, 0, "deploy c0" + c(mine)[1:] + " lane2", "Write that move as: deploy " + c(mine) + " lane2"},
		{"another seat's hidden card keeps its kind", deploy.g, 0, "equip " + c(hidden) + " " + c(front), "from your hand or from a troop"},
		{"another seat's hidden weapon alike", deploy.g, 0, "equip " + c(weapon) + " " + c(front), "from your hand or from a troop"},
		{"a card not in hand", combat.g, 0, "play " + c(hidden), "not in your hand"},
		{"a pass out of the window", combat.g, 0, "ready", "this phase: combat"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := games.Resolve(tc.g, tc.seat, tc.g.LegalMoves(tc.seat), tc.text)
			re, ok := games.AsRuleError(err)
			if !ok {
				t.Fatalf("%q: want a rule error, got %v", tc.text, err)
			}
			if !strings.Contains(re.Reason.EN, tc.want) || re.Reason.DE == "" || re.Reason.DE == re.Reason.EN {
				t.Errorf("%q: reason %q / %q, want %q in English and a German reason", tc.text, re.Reason.EN, re.Reason.DE, tc.want)
			}
		})
	}
}
