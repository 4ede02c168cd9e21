package reference

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/playbychat/pbc/games"
)

var cards = []games.Card{
	{ID: "c1", Name: games.T("Fire Ball", "Feuerball"), Body: games.T("Deal 3.", "Mache 3.")},
	{ID: "c2", Name: games.T("Fire Ball", "Feuerball"), Body: games.T("Deal 3.", "Mache 3.")},
	{ID: "c3", Name: games.T("Ice Wall", "Eiswand"), Body: games.T("Block.", "Blocke.")},
}

func TestFindCard(t *testing.T) {
	for _, tc := range []struct {
		name, id, want string
	}{
		{"by id, case aside", " C3 ", "c3"},
		{"by English name", "fire ball", "c1"},
		{"by German name", "Eiswand", "c3"},
		{"unknown", "c9", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			card, ok := FindCard(cards, tc.id)
			if ok != (tc.want != "") || card.ID != tc.want {
				t.Errorf("FindCard(%q) = %q, %v; want %q", tc.id, card.ID, ok, tc.want)
			}
		})
	}
}

func TestMatchCards(t *testing.T) {
	for _, tc := range []struct {
		name, typed string
		lang        games.Lang
		limit       int
		want        []string
	}{
		{"each piece once", "", games.English, 25, []string{"c1", "c3"}},
		{"by German name", "wand", games.German, 25, []string{"c3"}},
		{"a copy's own id", "c2", games.English, 25, []string{"c2"}},
		{"limited", "", games.English, 1, []string{"c1"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, c := range MatchCards(cards, tc.typed, tc.lang, tc.limit) {
				got = append(got, c.ID)
			}
			if strings.Join(got, " ") != strings.Join(tc.want, " ") {
				t.Errorf("MatchCards(%q) = %v, want %v", tc.typed, got, tc.want)
			}
		})
	}
}

func TestRules(t *testing.T) {
	def := &games.Definition{Name: games.T("Test", "Test"), Rules: []games.Topic{
		{Key: "attack", Title: games.T("Attacking", "Angreifen"), Body: games.T("Roll.", "Würfle.")},
	}}
	for _, tc := range []struct {
		name, key  string
		lang       games.Lang
		has, lacks string
	}{
		{"a topic", "Attack", games.German, "**Angreifen**\nWürfle.", "`attack`"},
		{"the list", "", games.English, "`attack` — Attacking", "Roll."},
		{"an unknown topic lists them", "defend", games.English, "`attack` — Attacking", "Roll."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Rules(def, tc.key, tc.lang)
			if !strings.Contains(got, tc.has) || strings.Contains(got, tc.lacks) {
				t.Errorf("Rules(%q) = %q, want %q and not %q", tc.key, got, tc.has, tc.lacks)
			}
		})
	}
	if got := MatchTopics(def.Rules, "angr", games.German, 25); len(got) != 1 {
		t.Errorf("MatchTopics by German title: %v", got)
	}
}

func TestHelp(t *testing.T) {
	cmds := []*discordgo.ApplicationCommand{
		{Name: "roll", Description: "Roll dice", DescriptionLocalizations: &map[discordgo.Locale]string{discordgo.German: "Würfeln"}},
		{Name: "game", Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "new", Description: "Open a table"},
		}},
	}
	got := Help(cmds, games.German)
	for _, want := range []string{"`/roll` — Würfeln", "`/game new` — Open a table"} {
		if !strings.Contains(got, want) {
			t.Errorf("Help lacks %q:\n%s", want, got)
		}
	}
}
