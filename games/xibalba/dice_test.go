package xibalba

import (
	"slices"
	"strings"
	"testing"

	"github.com/playbychat/pbc/games"
)

// fxFourDice is a first roll of four dice, with two re-rolls left.
const fxFourDice = "seats 2\nturn p1 roll\np1 faction=rebels\np2 faction=rouge\nrolled r1 blank atk blank\nrerolls 2"

// numbersOf returns the numbers a view gives dice.
func numbersOf(ds []DieView) []int {
	out := make([]int, len(ds))
	for i, d := range ds {
		out[i] = d.No
	}
	return out
}

// TestDiceKeepTheirNumbers checks that a die keeps the number of the
// turn's roll across re-rolls: on the board (the view), in the moves and
// in the log line, which says what each die showed and shows now.
func TestDiceKeepTheirNumbers(t *testing.T) {
	g, ev := play(t, games.Game(fixture(t, fxFourDice)), "p1: reroll #2,#4")
	v := g.View(games.Spectator).(*View)
	if got := numbersOf(v.Dice.Rolled); !slices.Equal(got, []int{2, 4}) {
		t.Errorf("rolled dice numbered %v, want [2 4]", got)
	}
	if got := numbersOf(v.Dice.Kept); !slices.Equal(got, []int{1, 3}) {
		t.Errorf("kept dice numbered %v, want [1 3]", got)
	}
	line := ev[0].Text.EN
	if !strings.HasPrefix(line, "{p0} re-rolls 2 dice: #2 (blank resource die → ") || !strings.Contains(line, ", #4 (blank resource die → ") {
		t.Errorf("log line %q does not say what dice 2 and 4 showed", line)
	}
	for _, tc := range []struct {
		name     string
		notation string
		listed   bool
	}{
		{"a die still rolled", "reroll #4", true},
		{"both dice", "reroll #2,#4", true},
		{"a kept die", "reroll #3", false},
		{"a die by its old place", "reroll 2", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := hasMove(g, 0, tc.notation); got != tc.listed {
				t.Errorf("%q listed %v, want %v", tc.notation, got, tc.listed)
			}
		})
	}
	g, _ = play(t, g, "p1: keep all")
	if s := st(g); s.Turn.Numbers != nil || slices.ContainsFunc(g.View(games.Spectator).(*View).Dice.Kept, func(d DieView) bool { return d.No != 0 }) {
		t.Errorf("the action pool is still numbered: %v", s.Turn.Numbers)
	}
}

// TestOldRerollNotation checks that records made before dice kept their
// numbers ("reroll 1,3" naming places in the last roll) still replay: each
// such text names the dice it named then. Where place and number differ,
// the move is an old step (games.Menu.OldStep), which the bot never makes
// from typed text.
func TestOldRerollNotation(t *testing.T) {
	first := fixture(t, fxFourDice)
	second, _ := play(t, games.Game(first), "p1: reroll #2,#4")
	other, _ := play(t, games.Game(first), "p1: reroll #1,#3")
	for _, tc := range []struct {
		name     string
		g        games.Game
		text     string
		want     string // the move's notation
		wantRole games.Role
	}{
		{"the first re-roll: places are numbers", first, "reroll 2,4", "reroll #2,#4", games.RoleAction},
		{"after a re-roll: place 2 is die 4", second, "reroll 2", "reroll #4", games.RoleStep},
		{"after a re-roll: place 1 is die 2", second, "reroll 1", "reroll #2", games.RoleStep},
		{"after a re-roll: place 1 is still die 1", other, "reroll 1", "reroll #1", games.RoleAction},
		{"after a re-roll: both places", second, "reroll 1,2", "reroll #2,#4", games.RoleStep},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := games.Resolve(tc.g, 0, tc.g.LegalMoves(0), tc.text)
			if err != nil {
				t.Fatal(err)
			}
			if m.Notation != tc.want || m.Role != tc.wantRole {
				t.Errorf("%q resolves to %q (role %d), want %q (role %d)", tc.text, m.Notation, m.Role, tc.want, tc.wantRole)
			}
		})
	}
	if _, err := games.Resolve(second, 0, second.LegalMoves(0), "reroll 3"); err == nil {
		t.Error(`"reroll 3" names a place beyond the last roll and was resolved`)
	}
}
