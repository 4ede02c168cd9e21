package bot_test

import (
	"testing"

	"github.com/playbychat/pbc/games"
)

// TestButtonsOutliveOthersMoves checks that in a simultaneous phase a
// seat's earlier buttons stay valid while another seat makes a move and
// sets a standing choice: the click is applied.
func TestButtonsOutliveOthersMoves(t *testing.T) {
	h := newHarness(t, ":memory:")
	players := []string{alice, bob}
	g := startTable(t, h, "xenoshyft", players)
	for _, seat := range []games.Seat{0, 1} {
		if a, ok := games.MustAct(g, seat); !ok || a.Kind != games.Simultaneous {
			t.Fatalf("seat %d does not act in a simultaneous phase: %+v", seat, g.ToAct())
		}
	}
	hand := h.click(alice, "pv:1")
	var earlier string
	var values []string
	for _, m := range g.LegalMoves(0) {
		if m.Group == "buy" {
			var ok bool
			if earlier, values, ok = buttonFor(hand, m.Notation); ok {
				break
			}
		}
	}
	if earlier == "" {
		t.Fatalf("alice's view offers no buy: %+v", hand.Rows)
	}
	var bobBuys, setting string
	for _, m := range g.LegalMoves(1) {
		switch {
		case m.Group == games.SettingGroup && setting == "":
			setting = m.Notation
		case m.Group == "buy" && bobBuys == "":
			bobBuys = m.Notation
		}
	}
	if bobBuys == "" || setting == "" {
		t.Fatalf("bob has no buy or no standing choice: %+v", g.LegalMoves(1))
	}
	moves := h.moves()
	for _, text := range []string{bobBuys, setting} {
		if m := h.cmd(bob, "move", "action="+text); h.moves() == moves {
			t.Fatalf("bob's %q answered %q", text, m.Content)
		}
		moves = h.moves()
	}
	if m := h.click(alice, earlier, values...); h.moves() != moves+1 {
		t.Errorf("alice's earlier button answered %q", m.Content)
	}
}
