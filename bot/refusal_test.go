package bot_test

import (
	"strings"
	"testing"

	"github.com/playbychat/pbc/games"
)

// userAt returns the user of the harness's players seated at seat: the
// players take their seats in the order they joined.
func userAt(players []string, seat games.Seat) string { return players[seat] }

// TestBadMoveGetsTheEnginesReason checks that a player's /move text that
// is none of their legal moves is answered, to them only and in their
// language, with the engine's own reason (games.Explainer), not with the
// platform's generic refusals.
func TestBadMoveGetsTheEnginesReason(t *testing.T) {
	generic := []string{"not one of your moves", games.ErrIllegalMove.Reason.EN, games.ErrIllegalMove.Reason.DE}
	for _, tc := range []struct {
		game   string
		seats  int
		text   string
		locale string
		inLang games.Lang
	}{
		{"xibalba", 2, "pool 1r5a", "en-US", games.English},
		{"xibalba", 2, "pool 1r5a", "de", games.German},
		{"xenoshyft", 2, "buy t99", "en-US", games.English},
		{"armageddon", 3, "bid explore g9", "en-US", games.English},
		{"dei", 2, "faction nope", "en-US", games.English},
	} {
		t.Run(tc.game+"/"+string(tc.inLang), func(t *testing.T) {
			h := newHarness(t, ":memory:")
			players := []string{alice, bob, carol}[:tc.seats]
			g := startTable(t, h, tc.game, players)
			seat := g.ToAct()[0].Seat
			reason, ok := g.(games.Explainer).Explain(seat, tc.text).(*games.RuleError)
			if !ok || reason == nil {
				t.Fatalf("the engine gives no reason for %q", tc.text)
			}
			want := reason.Reason.In(tc.inLang)
			h.locale = tc.locale
			before := h.table().Version
			got := h.cmd(userAt(players, seat), "move", "action="+tc.text)
			if !got.Ephemeral {
				t.Errorf("the refusal is public: %q", got.Content)
			}
			if got.Content != want {
				t.Errorf("answered %q, want the engine's reason %q", got.Content, want)
			}
			for _, g := range generic {
				if strings.Contains(got.Content, g) {
					t.Errorf("answered with the generic %q", got.Content)
				}
			}
			if v := h.table().Version; v != before {
				t.Errorf("a refused move changed the table (version %d, was %d)", v, before)
			}
		})
	}
}

// TestOutOfTurnNamesWhoseTurnItIs checks that a move typed by a seat that
// need not act (one that still has standing choices to make at any time)
// is refused with the name of the seat that must act.
func TestOutOfTurnNamesWhoseTurnItIs(t *testing.T) {
	h := newHarness(t, ":memory:")
	players := []string{alice, bob}
	g := startTable(t, h, "xibalba", players)
	acting := g.ToAct()[0].Seat
	idle := 1 - acting
	move := g.LegalMoves(acting)[0].Notation
	got := h.cmd(userAt(players, idle), "move", "action="+move)
	if !got.Ephemeral || !strings.Contains(got.Content, "not your turn") || !strings.Contains(got.Content, users[userAt(players, acting)]) {
		t.Errorf("out of turn answered %q (ephemeral %v), want whose turn it is: %s", got.Content, got.Ephemeral, users[userAt(players, acting)])
	}
	if strings.Contains(got.Content, "{p") {
		t.Errorf("seat placeholders left in %q", got.Content)
	}
}
