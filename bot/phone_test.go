package bot_test

import (
	"slices"
	"testing"

	"github.com/playbychat/pbc/bot"
	"github.com/playbychat/pbc/bot/bottest"
	"github.com/playbychat/pbc/games"
)

// stubPanels is a bot.PanelRenderer: a panel per part, named after the
// view's viewer, a market of two pages and no map. It draws every panel,
// wanted or not: the bot must pick what it attaches.
func stubPanels(v games.View, names []string, lang games.Lang, _ func(string) bool) ([]bot.Panel, error) {
	var out []bot.Panel
	if v.Viewer() >= 0 {
		out = append(out, bot.Panel{Part: bot.PartMine, PNG: bottest.PNG, Alt: "mine of " + names[v.Viewer()]})
	}
	out = append(out, bot.Panel{Part: bot.PartMarket, PNG: bottest.PNG, Alt: "market"},
		bot.Panel{Part: bot.PartMarket + "-2", PNG: bottest.PNG, Alt: "market, page 2"},
		bot.Panel{Part: bot.PartScores, PNG: bottest.PNG, Alt: "scores"})
	for i := range names {
		out = append(out, bot.Panel{Part: bot.SeatPart(games.Seat(i)), PNG: bottest.PNG, Alt: "seat of " + names[i]})
	}
	return out, nil
}

func fileNames(fs []bot.File) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Name)
	}
	return out
}

// TestBoardPostCarriesPanels checks that a board post carries the board and
// then the phone panels of the public view: those of the seats that must
// act, the market and the scores.
func TestBoardPostCarriesPanels(t *testing.T) {
	h := newHarness(t, ":memory:")
	h.panels = stubPanels
	h.restart()
	h.openTable([]string{alice, bob, carol})
	posts := h.discord.TakePosts()
	if len(posts) != 1 {
		t.Fatalf("the start made %d posts, want one board", len(posts))
	}
	// Sealed Bids: everyone bids at once, so every seat acts.
	want := []string{"board.png", "phone-seat1.png", "phone-seat2.png", "phone-seat3.png", "phone-market.png", "phone-market-2.png", "phone-scores.png"}
	if got := fileNames(posts[0].Message.Files); !slices.Equal(got, want) {
		t.Errorf("the board post attaches %q, want %q", got, want)
	}
	for _, f := range posts[0].Message.Files[1:] {
		if f.Alt == "" || f.ContentType != "image/png" {
			t.Errorf("%s: alt %q, type %q", f.Name, f.Alt, f.ContentType)
		}
	}
	// The bids' end: only the seats that must react act; the other seats'
	// parts stay out of the post.
	for _, u := range []string{alice, bob, carol} {
		h.play(u)
	}
	posts = h.discord.TakePosts()
	if len(posts) != 1 {
		t.Fatalf("the bids' end made %d posts, want one board", len(posts))
	}
	want = []string{"board.png"}
	for i, u := range []string{alice, bob, carol} {
		if slices.Contains(posts[0].Message.Mentions, u) {
			want = append(want, "phone-"+bot.SeatPart(games.Seat(i))+".png")
		}
	}
	want = append(want, "phone-market.png", "phone-market-2.png", "phone-scores.png")
	if got := fileNames(posts[0].Message.Files); !slices.Equal(got, want) || len(want) == 7 {
		t.Errorf("the bids' end attaches %q, want %q (the seats it pings)", got, want)
	}
}

// TestBoardView checks /game board view:<part>: one part, every page of
// it, the caller's own only to the caller, the market for map in a game
// without a map, and a refusal naming the parts for a part the game does
// not have.
func TestBoardView(t *testing.T) {
	h := newHarness(t, ":memory:")
	h.panels = stubPanels
	h.restart()
	h.openTable([]string{alice, bob})
	for _, tc := range []struct {
		name, user, view string
		files            []string // none for a refusal
		alt              string   // the first file's
		ephemeral        bool
	}{
		{"mine", bob, "mine", []string{"phone-mine.png"}, "mine of Bob", true},
		{"scores", alice, "scores", []string{"phone-scores.png"}, "scores", false},
		{"the market's pages", alice, "market", []string{"phone-market.png", "phone-market-2.png"}, "market", false},
		{"map shows the market", alice, "map", []string{"phone-market.png", "phone-market-2.png"}, "market", false},
		{"a seat", alice, "seat2", []string{"phone-seat2.png"}, "seat of Bob", false},
		{"a spectator sees it alone", carol, "scores", []string{"phone-scores.png"}, "scores", true},
		{"a spectator has no mine", carol, "mine", nil, "", true},
		{"no such seat", alice, "seat5", nil, "", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := h.cmd(tc.user, "game board", "view="+tc.view)
			if len(tc.files) == 0 {
				if len(m.Files) != 0 || !m.Ephemeral || m.Content == "" {
					t.Errorf("answered %q with %q, want a refusal", m.Content, fileNames(m.Files))
				}
				return
			}
			got := fileNames(m.Files)
			if !slices.Equal(got, tc.files) || m.Files[0].Alt != tc.alt || m.Ephemeral != tc.ephemeral {
				t.Errorf("answered %q (%+v, ephemeral %v), want %q (alt %q, ephemeral %v)",
					got, m.Files, m.Ephemeral, tc.files, tc.alt, tc.ephemeral)
			}
		})
	}
}
