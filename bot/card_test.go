package bot_test

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/playbychat/pbc/bot"
	"github.com/playbychat/pbc/bot/command"
	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/xibalba"
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

// TestCardDistinctPieces checks that /card's suggestions name each piece
// once however many copies the game has, and that a piece is found by its
// name too.
func TestCardDistinctPieces(t *testing.T) {
	h := newHarness(t, ":memory:")
	def, _ := games.Lookup("xenoshyft")
	g, _, err := def.Create(def.MinSeats, nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	copies := map[string]int{}
	var name string
	for _, c := range g.(games.Catalog).Catalog() {
		if copies[c.Name.EN]++; copies[c.Name.EN] == 2 && name == "" {
			name = c.Name.EN
		}
	}
	if name == "" {
		t.Fatal("no piece with copies in the catalogue: nothing to check")
	}
	for _, tc := range []struct {
		name  string
		typed string
	}{
		{name: "nothing typed", typed: ""},
		{name: "a name with copies", typed: strings.ToLower(name)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := h.command(alice, "card", "id="+tc.typed, "game=xenoshyft")
			in.Kind, in.Focused = bot.AutocompleteInteraction, "id"
			choices := h.run(in).Choices[0]
			if len(choices) == 0 {
				t.Fatalf("no suggestions for %q", tc.typed)
			}
			seen := map[string]bool{}
			for _, c := range choices {
				n, _, _ := strings.Cut(c.Name, " (")
				if seen[n] {
					t.Errorf("suggestions for %q name %q twice: %+v", tc.typed, n, choices)
				}
				seen[n] = true
			}
		})
	}
	if m := h.cmd(alice, "card", "id="+strings.ToUpper(name), "game=xenoshyft"); !strings.Contains(m.Content, "**"+name+"**") {
		t.Errorf("/card by the name %q: %q", name, m.Content)
	}
}

// TestCardFromTableContent checks that /card at a running table answers
// from the content the table was started with, not from a data file loaded
// since.
func TestCardFromTableContent(t *testing.T) {
	h := newHarness(t, ":memory:")
	prev, err := xibalba.DefaultCardSet()
	if err != nil {
		t.Fatal(err)
	}
	h.cmd(alice, "game new", "game=xibalba", "players=2")
	h.cmd(bob, "game join")
	h.cmd(alice, "game start")
	if tb := h.table(); tb.Status != db.Running {
		t.Fatalf("table is %s", tb.Status)
	}
	cards, err1 := os.ReadFile("../games/xibalba/data/cards.json")
	factions, err2 := os.ReadFile("../games/xibalba/data/factions.json")
	if err := errors.Join(err1, err2); err != nil {
		t.Fatal(err)
	}
	old := prev.Cards[0].Name.EN
	renamed, err := xibalba.LoadCardSet(bytes.ReplaceAll(cards, []byte(`"`+old+`"`), []byte(`"Renamed Piece"`)), factions)
	if err != nil {
		t.Fatal(err)
	}
	xibalba.UseCardSet(renamed)
	t.Cleanup(func() { xibalba.UseCardSet(prev) })
	id := prev.Cards[0].ID
	for _, tc := range []struct {
		name    string
		channel string
		want    string
	}{
		{name: "the running table's content", channel: "c1", want: old},
		{name: "the current data elsewhere", channel: "c9", want: "Renamed Piece"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h.channel = tc.channel
			if m := h.cmd(alice, "card", "id="+id, "game=xibalba"); !strings.Contains(m.Content, "**"+tc.want+"**") {
				t.Errorf("/card %s answered %q, want %q", id, m.Content, tc.want)
			}
		})
	}
}

// TestHelp checks that /help lists every command, one line each, in the
// caller's language.
func TestHelp(t *testing.T) {
	h := newHarness(t, ":memory:")
	for _, tc := range []struct {
		locale string
		want   []string
	}{
		{locale: "en-US", want: []string{"**Commands**", "`/game new` — Open a table in this channel", "`/card` — ", "`/help` — "}},
		{locale: "de", want: []string{"**Befehle**", "`/game new` — Einen Tisch in diesem Kanal eröffnen", "`/rules` — Regelhilfe"}},
	} {
		t.Run(tc.locale, func(t *testing.T) {
			h.locale = tc.locale
			m := h.cmd(alice, "help")
			if !m.Ephemeral {
				t.Errorf("/help is public")
			}
			for _, w := range tc.want {
				if !strings.Contains(m.Content, w) {
					t.Errorf("/help lacks %q:\n%s", w, m.Content)
				}
			}
			for _, c := range command.All() {
				if !strings.Contains(m.Content, "`/"+c.Name) {
					t.Errorf("/help lacks /%s", c.Name)
				}
			}
		})
	}
}
