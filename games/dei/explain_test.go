package dei

import (
	"strings"
	"testing"

	"github.com/playbychat/pbc/games"
)

// TestExplain asks for the reason of refused typed text at the start of a
// two-player game (factions) and at the first action phase: each reason
// names the rule broken, in English and German, and a legal text has none.
func TestExplain(t *testing.T) {
	start, _, err := Definition.Create(2, nil, 3)
	if err != nil {
		t.Fatal(err)
	}
	act := start.(*Game)
	for act.s.Stage != stageAct {
		seat := games.Seat(act.s.acting())
		next, _, err := games.Play(act, seat, act.LegalMoves(seat)[0])
		if err != nil {
			t.Fatal(err)
		}
		act = next.(*Game)
	}
	seat := act.s.acting()
	other := 1 - seat
	ownCard := cardTok(act.c, act.s.Players[seat].Hand[0])
	otherCard := cardTok(act.c, act.s.Players[other].Hand[0])
	tests := []struct {
		name string
		g    *Game
		seat int
		text string
		want string // words of the English reason; "" for no refusal
	}{
		{"legal", start.(*Game), 0, "faction auxilia", ""},
		{"unknown verb", start.(*Game), 0, "jump g3", `"jump" is not a move of D.E.I. A move now looks like: faction `},
		{"wrong phase", start.(*Game), 0, "play ax1", "Not possible in this phase: choosing factions."},
		{"unknown faction", start.(*Game), 0, "faction vikings", `"faction vikings" is not possible now; possible is, for example: faction `},
		{"unknown card", act, seat, "play zz9", `There is no card "zz9".`},
		{"unknown area", act, seat, "move g99 g1 1", `There is no area "g99" on this map.`},
		{"another seat's card", act, seat, "play " + otherCard, "is not in your hand."},
		{"no open card", act, seat, "collect g1", "No action is left: play a card first."},
		{"end too early", act, seat, "end", "Not yet: play the cards of this action phase first."},
		{"no drone", act, seat, "land", "No drone is active"},
		{"own card", act, seat, "play " + ownCard, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.g.Explain(games.Seat(tc.seat), tc.text)
			if tc.want == "" {
				if err != nil {
					t.Fatalf("Explain(%q) = %v, want nil", tc.text, err)
				}
				return
			}
			re, ok := games.AsRuleError(err)
			if !ok {
				t.Fatalf("Explain(%q) = %v, want a rule error", tc.text, err)
			}
			if !strings.Contains(re.Reason.EN, tc.want) {
				t.Errorf("Explain(%q) = %q, want it to contain %q", tc.text, re.Reason.EN, tc.want)
			}
			if re.Reason.DE == "" || re.Reason.DE == re.Reason.EN {
				t.Errorf("Explain(%q) has no German reason: %q", tc.text, re.Reason.DE)
			}
			if strings.Contains(re.Reason.EN, strings.ToUpper(otherCard)) && !strings.Contains(tc.text, otherCard) {
				t.Errorf("Explain(%q) = %q names a card of another seat", tc.text, re.Reason.EN)
			}
		})
	}
}
