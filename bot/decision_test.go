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

// TestButtonsOutliveOthersSettings checks that a seat's buttons for its
// turn stay valid while a seat that waits changes a standing choice.
func TestButtonsOutliveOthersSettings(t *testing.T) {
	h := newHarness(t, ":memory:")
	players := []string{alice, bob}
	g := startTable(t, h, "xibalba", players)
	acting := g.ToAct()[0].Seat
	idle := 1 - acting
	hand := h.click(players[acting], "pv:1")
	var earlier string
	var values []string
	for _, m := range g.LegalMoves(acting) {
		var ok bool
		if earlier, values, ok = buttonFor(hand, m.Notation); ok && m.Group != games.SettingGroup {
			break
		}
		earlier = ""
	}
	if earlier == "" {
		t.Fatalf("no button for the turn: %+v", hand.Rows)
	}
	var setting string
	for _, m := range g.LegalMoves(idle) {
		if m.Group == games.SettingGroup {
			setting = m.Notation
		}
	}
	moves := h.moves()
	if m := h.cmd(players[idle], "move", "action="+setting); h.moves() != moves+1 {
		t.Fatalf("the standing choice %q answered %q", setting, m.Content)
	}
	if m := h.click(players[acting], earlier, values...); h.moves() != moves+2 {
		t.Errorf("the earlier button answered %q", m.Content)
	}
}
