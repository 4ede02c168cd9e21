package gateway_test

import (
	"bytes"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/playbychat/pbc/bot/component"
	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/armageddon"
	_ "github.com/playbychat/pbc/images/armageddon"
	"github.com/playbychat/pbc/internal/fakediscord"
)

// armageddonSecret matches what only a seat's own view or events say: its
// screen, its cards, its private tiles, cards drawn or kept.
var armageddonSecret = regexp.MustCompile(`Your hand|Deine Hand|Your private tile|Dein privates|You draw|Du ziehst|You keep|You take|You chose|deck holds|screen [gbyp]\d|Schirm [gbyp]\d`)

// TestArmageddonOverGateway plays a whole three-player Armageddon game
// (in -short mode the first round) through the real discordgo client with
// closed screens. Every move is the engine's bot policy for the acting
// player, made by clicking what that player sees: the live message's
// buttons when the move is public, otherwise "Choose privately" and the
// buttons, menus and the bid's survivor menus of the private answer. It
// checks that no public message or component shows a screen, a hand or a
// private tile, that every player gets their screen and tiles privately,
// that boards come as PNGs, and that the result is posted.
func TestArmageddonOverGateway(t *testing.T) {
	e := startE2E(t, "gateway", firstReal(4))
	f := e.f
	if m := e.cmd(alice, "game new", "game=armageddon", "players=3"); m.Ephemeral {
		t.Fatalf("/game new: %+v", m)
	}
	e.cmd(bob, "game join")
	e.cmd(carol, "game join")
	e.cmd(alice, "game start")
	e.post("Now:")

	byID := map[string]fakediscord.User{alice.ID: alice, bob.ID: bob, carol.ID: carol}
	r := rand.New(rand.NewPCG(8, 8))
	checked := map[string]int{}
	privately, picked := 0, 0
	panels := watchPanels(t, e, alice, bob, carol)
	for n := 0; ; n++ {
		if n == 800 {
			t.Fatal("no end after 800 moves")
		}
		public := publicMessages(f)
		for _, m := range public {
			if seen, ok := checked[m.ID]; ok && seen == m.Edits {
				continue
			}
			checked[m.ID] = m.Edits
			if over(m.Content) {
				continue // the end reveals every screen and tile
			}
			texts := []string{m.Content}
			for _, file := range m.Files {
				texts = append(texts, file.Description)
				if !bytes.HasPrefix(file.Data, []byte("\x89PNG")) {
					t.Errorf("post %q carries a file that is no PNG", m.Content)
				}
			}
			for _, text := range texts {
				if s := armageddonSecret.FindString(text); s != "" {
					t.Fatalf("move %d: a public message shows %q: %q", n, s, text)
				}
			}
		}
		board := lastPost(t, public)
		if over(board.Content) {
			if len(board.Rows) != 0 {
				t.Errorf("the result post has components: %+v", board.Rows)
			}
			t.Logf("after %d moves (%d chosen privately, %d by survivor menus): %s", n, privately, picked, board.Content)
			break
		}
		g, seatOf := e.armageddon()
		if testing.Short() && g.View(games.Spectator).(*armageddon.View).Round > 1 {
			break
		}
		actors := nowActors(board.Content)
		if len(actors) == 0 {
			t.Fatalf("move %d: the live message names nobody: %q", n, board.Content)
		}
		u := byID[actors[r.IntN(len(actors))]]
		seat := seatOf[u.ID]
		legal := g.LegalMoves(seat)
		for _, row := range board.Rows {
			for _, c := range row {
				if m, ok := componentMove(c, legal); ok && m.Private {
					t.Fatalf("move %d: the live message offers the private move %q", n, m.Notation)
				}
			}
		}
		want := armageddon.Definition.Policy(g.View(seat), legal, r)
		id, values, ok := findMove(g, seat, board, want.Notation)
		from := board
		if !ok {
			if _, has := board.Button("Choose privately"); !has {
				t.Fatalf("move %d: %s's move %q is neither public nor offered privately: %q", n, u.Name, want.Notation, board.Content)
			}
			if from = e.click(u, board, "Choose privately"); !from.Ephemeral {
				t.Fatalf("move %d: Choose privately answered publicly: %q", n, from.Content)
			}
			privately++
			if id, values, ok = findMove(g, seat, from, want.Notation); !ok {
				t.Fatalf("move %d: %s cannot find %q among %+v", n, u.Name, want.Notation, from.Rows)
			}
		}
		if len(values) > 0 && strings.HasPrefix(want.Notation, "bid ") {
			picked++
		}
		version := e.version()
		answer := e.answer(f.Click(u, from, id, values...))
		// A click on the channel's buttons may be acknowledged without
		// a message; one on a private message is answered privately.
		if answer.ID != "" && !answer.Ephemeral || answer.ID == "" && from.Ephemeral {
			t.Fatalf("move %d: %s's move %q answered publicly or not at all: %+v", n, u.Name, want.Notation, answer)
		}
		if !e.changed(version) {
			t.Fatalf("move %d: %s's move %q refused: %q", n, u.Name, want.Notation, answer.Content)
		}
		e.settle()
		panels.check()
	}
	panels.report()
	if picked == 0 {
		t.Error("no bid was made by the survivor menus")
	}
	for _, u := range []fakediscord.User{alice, bob, carol} {
		private := false
		for _, m := range f.DMs(u.ID) {
			// The panel lists the screen and the private scoring tiles.
			for _, e := range m.Embeds {
				if (e.Title == "Private scoring tiles" || e.Title == "Geheime Wertungsplättchen") && len(e.Fields) > 0 {
					private = true
				}
			}
		}
		if !private {
			t.Errorf("%s never got their screen and tiles by DM", u.Name)
		}
	}
}

// over reports whether a post announces the result.
func over(content string) bool {
	return strings.Contains(content, " wins with ") || strings.Contains(content, "share the win")
}

// armageddon restores the running game from the store, with the seat of
// each user.
func (e *e2e) armageddon() (*armageddon.Game, map[string]games.Seat) {
	g, seats := e.running(armageddon.Definition)
	return g.(*armageddon.Game), seats
}

// running restores the channel's running game of def from the store, with
// the seat of each user.
func (e *e2e) running(def *games.Definition) (games.Game, map[string]games.Seat) {
	e.t.Helper()
	tab, err := e.store.ActiveTable(e.ctx, where.ChannelID)
	if err != nil {
		e.t.Fatal(err)
	}
	snap, err := e.store.LatestSnapshot(e.ctx, tab.ID)
	if err != nil {
		e.t.Fatal(err)
	}
	g, err := def.Restore(snap.State)
	if err != nil {
		e.t.Fatal(err)
	}
	moves, err := e.store.Moves(e.ctx, tab.ID)
	if err != nil {
		e.t.Fatal(err)
	}
	for _, m := range moves[snap.Moves:] {
		if g, _, err = games.PlayText(g, games.Seat(m.Seat), m.Notation); err != nil {
			e.t.Fatal(err)
		}
	}
	seats, err := e.store.Seats(e.ctx, tab.ID)
	if err != nil {
		e.t.Fatal(err)
	}
	out := map[string]games.Seat{}
	for _, s := range seats {
		out[s.UserID] = games.Seat(s.Seat)
	}
	return g, out
}

// componentMove resolves a move button or a single move option of a menu
// to one of the legal moves.
func componentMove(c fakediscord.Component, legal []games.Move) (games.Move, bool) {
	id, err := component.Parse(c.CustomID)
	if err != nil {
		return games.Move{}, false
	}
	switch id.Kind {
	case component.MoveButton:
		return component.ResolveMoveRef(id.Move, legal)
	case component.MoveSelect:
		for _, o := range c.Options {
			if m, ok := component.ResolveMoveRef(o.Value, legal); ok {
				return m, true
			}
		}
	}
	return games.Move{}, false
}

// findMove finds the component of m that makes notation: a move button,
// an option of a move menu, or the values of a pick's menu.
func findMove(g games.Game, seat games.Seat, m fakediscord.Message, notation string) (string, []string, bool) {
	legal := g.LegalMoves(seat)
	for _, row := range m.Rows {
		for _, c := range row {
			id, err := component.Parse(c.CustomID)
			if err != nil || c.Disabled {
				continue
			}
			switch id.Kind {
			case component.MoveButton:
				if mv, ok := component.ResolveMoveRef(id.Move, legal); ok && mv.Notation == notation {
					return c.CustomID, nil, true
				}
			case component.MoveSelect:
				for _, o := range c.Options {
					if mv, ok := component.ResolveMoveRef(o.Value, legal); ok && mv.Notation == notation {
						return c.CustomID, []string{o.Value}, true
					}
				}
			case component.PickSelect:
				picker, ok := g.(games.Picker)
				if !ok {
					continue
				}
				picks := picker.Picks(seat)
				if id.Pick >= len(picks) {
					continue
				}
				prefix := picks[id.Pick].Prefix + " "
				if rest, ok := strings.CutPrefix(notation, prefix); ok && rest != "0" {
					return c.CustomID, strings.Split(rest, ","), true
				}
			}
		}
	}
	return "", nil, false
}
