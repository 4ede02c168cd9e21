package bot_test

import (
	"strings"
	"testing"

	"github.com/playbychat/pbc/bot"
	"github.com/playbychat/pbc/games"
	_ "github.com/playbychat/pbc/games/xibalba"
)

// TestCard looks cards up by the id their pictures print, with the
// autocomplete of /card, in the channel's game or a named one.
func TestCard(t *testing.T) {
	h := newHarness(t, ":memory:")
	def, _ := games.Lookup("xibalba")
	g, _, err := def.Create(2, nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	card := g.(games.Catalog).Catalog()[0]
	m := h.cmd(alice, "card", "id="+strings.ToUpper(card.ID), "game=xibalba")
	if !m.Ephemeral || !strings.Contains(m.Content, card.Name.EN) || !strings.Contains(m.Content, card.Body.EN) {
		t.Errorf("/card %s: %q, want %q and its whole text", card.ID, m.Content, card.Name.EN)
	}
	if m := h.cmd(alice, "card", "id=zz99", "game=xibalba"); !m.Ephemeral || !strings.Contains(m.Content, "suggestions") {
		t.Errorf("/card of an unknown id: %q", m.Content)
	}
	if m := h.cmd(alice, "card", "id=c1"); !strings.Contains(m.Content, "Which game") {
		t.Errorf("/card in a channel without a game: %q", m.Content)
	}
	in := h.command(alice, "card", "id="+card.ID, "game=xibalba")
	in.Kind, in.Focused = bot.AutocompleteInteraction, "id"
	choices := h.run(in).Choices[0]
	if len(choices) == 0 || len(choices) > 25 || choices[0].Value != card.ID {
		t.Errorf("suggestions for %q: %+v", card.ID, choices)
	}
	// A Sealed Bids table lists no cards.
	h.openTable([]string{alice, bob})
	if m := h.cmd(alice, "card", "id=1"); !strings.Contains(m.Content, "lists no cards") {
		t.Errorf("/card at a game without a catalogue: %q", m.Content)
	}
}

// TestMoveSuggestionsDecisionFirst checks that /move suggests the moves of
// the decision at hand before the standing choices.
func TestMoveSuggestionsDecisionFirst(t *testing.T) {
	h := openPickDice(t)
	choices := h.complete(alice, "move", "action", "s") // stop, shout, autopass on
	if len(choices) != 3 || choices[len(choices)-1].Value != "autopass on" || choices[0].Value == "autopass on" {
		t.Errorf("suggestions %+v, want the decision first and autopass last", choices)
	}
}
