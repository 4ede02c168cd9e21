package dei

import (
	"math/rand/v2"
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

// TestExplainAnyText asks, at many positions of random games, every seat
// for the reason of odd and partial texts: each answer is nil or a rule
// error with an English and a German reason, and nothing panics.
func TestExplainAnyText(t *testing.T) {
	texts := []string{"", "move", "move g1", "move g1 g2", "move g1 g2 2c", "build", "build camp", "build lift g1", "build bridge r1",
		"plan", "plan ax1", "plan ax1,ax1", "mission", "mission mi1", "candy", "candy move", "buy", "buy bm1 alt save t candy",
		"parcel bm1", "snipe g1", "snipe g1 auxilia", "prospect g1", "kill", "kill auxilia", "fly", "fly g1", "tele g1 leader",
		"drop", "drop g1", "land", "done", "end", "pass", "back", "move ...", "faction", "leader", "leader r1", "draft", "draft scout",
		"abraham", "copy", "copy ax1", "drone hunter", "play", "down", "play ax1 ax2", "deploy g1 from g2", "gdeploy g1 plain"}
	configs := []map[string]string{nil, {"planning": "on", "draft": "on"}, {"confrontation": "on", "rebellion": "on"}}
	for i, raw := range configs {
		g, _, err := Definition.Create(2+i, raw, uint64(40+i))
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(uint64(i), 7))
		for n := 0; !g.Status().Finished; n++ {
			if n%7 == 0 {
				for seat := range g.Seats() {
					for _, text := range texts {
						err := g.(games.Explainer).Explain(games.Seat(seat), text)
						if err == nil {
							continue
						}
						re, ok := games.AsRuleError(err)
						if !ok || re.Reason.EN == "" || re.Reason.DE == "" {
							t.Fatalf("move %d seat %d: Explain(%q) = %v", n, seat, text, err)
						}
					}
				}
			}
			actors := g.ToAct()
			seat := actors[r.IntN(len(actors))].Seat
			moves := g.LegalMoves(seat)
			if g, _, err = games.Play(g, seat, moves[r.IntN(len(moves))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}
