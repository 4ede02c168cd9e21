package gateway_test

import (
	"bytes"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/playbychat/pbc/bot/component"
	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/dei"
	_ "github.com/playbychat/pbc/images/dei"
	"github.com/playbychat/pbc/internal/fakediscord"
)

// deiSecret matches what only a seat's own view or events say: the feats it
// was dealt, its plan, a card it turned face down (option 3).
var deiSecret = regexp.MustCompile(`Your feats|Deine Abzeichen|You plan|Du planst|You turn|Du legst|Your hand|Deine Hand|Your plan|Dein Plan`)

// TestDEIOverGateway plays a whole three-player D.E.I. game with hidden hands
// (option 3; in -short mode the first round) through the real discordgo
// client. Every move is the engine's bot policy for the acting player, made
// the way a player would: a button or menu of the live message when the
// move is public, else "Choose privately" and the private answer's
// components, following the menu's steps ("Move from G3 ▸", shown
// privately and never committed) down to the move, and typed with /move
// when no menu shows it. It checks that no public
// message or component shows a feat, a plan or a face-down card or offers a
// private move, that boards come as PNGs, that players get their private
// views, and that the result is posted.
func TestDEIOverGateway(t *testing.T) {
	e := startE2E(t, "gateway", firstReal(4))
	f := e.f
	if m := e.cmd(alice, "game new", "game=dei", "players=3", "options=planning"); m.Ephemeral {
		t.Fatalf("/game new: %+v", m)
	}
	e.cmd(bob, "game join")
	e.cmd(carol, "game join")
	e.cmd(alice, "game start")
	e.post("Now:")

	byID := map[string]fakediscord.User{alice.ID: alice, bob.ID: bob, carol.ID: carol}
	r := rand.New(rand.NewPCG(9, 9))
	checked := map[string]int{}
	ways := map[string]int{}
	panels := watchPanels(t, e, alice, bob, carol)
	for n := 0; ; n++ {
		if n == 2000 {
			t.Fatal("no end after 2000 moves")
		}
		public := publicMessages(f)
		for _, m := range public {
			if seen, ok := checked[m.ID]; ok && seen == m.Edits {
				continue
			}
			checked[m.ID] = m.Edits
			texts := []string{m.Content}
			for _, file := range m.Files {
				texts = append(texts, file.Description)
				if !bytes.HasPrefix(file.Data, []byte("\x89PNG")) {
					t.Errorf("post %q carries a file that is no PNG", m.Content)
				}
			}
			for _, row := range m.Rows {
				for _, c := range row {
					texts = append(texts, c.Label)
					for _, o := range c.Options {
						texts = append(texts, o.Label, o.Value)
					}
				}
			}
			for _, text := range texts {
				if s := deiSecret.FindString(text); s != "" {
					t.Fatalf("move %d: a public message shows %q: %q", n, s, text)
				}
			}
		}
		board := lastPost(t, public)
		if over(board.Content) {
			if len(board.Rows) != 0 {
				t.Errorf("the result post has components: %+v", board.Rows)
			}
			t.Logf("after %d moves (made by %v): %s", n, ways, board.Content)
			break
		}
		g, seatOf := e.running(dei.Definition)
		if testing.Short() && g.View(games.Spectator).(*dei.View).Round > 1 {
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
		want := dei.Definition.Policy(g.View(seat), legal, r)
		ways[e.deiMove(u, board, want.Notation)]++
		e.settle()
		panels.check()
	}
	panels.report()
	if ways["steps"] == 0 && !testing.Short() { // a short run stops after round 1
		t.Error("no move was made by following the menu's steps")
	}
	for _, u := range []fakediscord.User{alice, bob, carol} {
		if len(f.DMs(u.ID)) == 0 {
			t.Errorf("%s never got a private view by DM", u.Name)
		}
	}
}

// deiMove makes the move notation for u as a player would and says how:
// "click" (a component of the live message or of the private answer),
// "steps" (after following the menu's steps), or "command" (/move).
func (e *e2e) deiMove(u fakediscord.User, board fakediscord.Message, notation string) string {
	e.t.Helper()
	from, way := board, "click"
	for range 6 {
		g, seatOf := e.running(dei.Definition)
		seat := seatOf[u.ID]
		e.checkDescribed(g, seat, from)
		if id, values, ok := findMove(g, seat, from, notation); ok {
			e.make(u, from, id, values, notation)
			return way
		}
		if id, values, ok := stepToward(g, seat, from, notation); ok {
			version, rows := e.version(), e.moveRows()
			from = e.answer(e.f.Click(u, from, id, values...))
			e.settle()
			// A step is walked in the bot: it writes no move row and
			// leaves the table's version (everyone's buttons) alone.
			if v, n := e.version(), e.moveRows(); v != version || n != rows {
				e.t.Fatalf("the step toward %q was committed: version %d → %d, %d → %d move rows", notation, version, v, rows, n)
			}
			if !from.Ephemeral || len(from.Rows) == 0 {
				e.t.Fatalf("the step toward %q showed no private level: %+v", notation, from)
			}
			way = "steps"
			continue
		}
		if _, has := from.Button("Choose privately"); has && !from.Ephemeral {
			from = e.click(u, from, "Choose privately")
			continue
		}
		break
	}
	version := e.version()
	answer := e.cmd(u, "move", "action="+notation)
	if !e.changed(version) {
		e.t.Fatalf("%s's /move %q refused: %q", u.Name, notation, answer.Content)
	}
	return "command"
}

// make clicks the component id (with values) of m for the move notation
// and checks that the move was made.
func (e *e2e) make(u fakediscord.User, m fakediscord.Message, id string, values []string, notation string) {
	e.t.Helper()
	version := e.version()
	answer := e.answer(e.f.Click(u, m, id, values...))
	if !e.changed(version) {
		e.t.Fatalf("%s's move %q refused: %q", u.Name, notation, answer.Content)
	}
}

// stepToward finds a step of m's menu (games.Menu) toward notation: a
// button or a select option opening the level whose path begins it.
func stepToward(g games.Game, seat games.Seat, m fakediscord.Message, notation string) (string, []string, bool) {
	toward := func(path string) bool { return strings.HasPrefix(notation+" ", path+" ") }
	for _, row := range m.Rows {
		for _, c := range row {
			id, err := component.Parse(c.CustomID)
			if err != nil || c.Disabled {
				continue
			}
			if id.Kind == component.MenuStep && id.Path != "" && toward(id.Path) {
				return c.CustomID, nil, true
			}
			if id.Kind != component.MoveSelect {
				continue
			}
			for _, o := range c.Options {
				if path, ok := strings.CutPrefix(o.Value, "#menu:"); ok && toward(path) {
					return c.CustomID, []string{o.Value}, true
				}
			}
		}
	}
	return "", nil, false
}

// moveRows is the number of moves the store holds for the table.
func (e *e2e) moveRows() int {
	e.t.Helper()
	tab, err := e.store.ActiveTable(e.ctx, where.ChannelID)
	if err != nil {
		return -1 // ended
	}
	moves, err := e.store.Moves(e.ctx, tab.ID)
	if err != nil {
		e.t.Fatal(err)
	}
	return len(moves)
}

// checkDescribed fails unless every option of m's move menus that names a
// piece (a move or a menu step on a card, mission, faction, feat, drone)
// carries a description: the piece's text.
func (e *e2e) checkDescribed(g games.Game, seat games.Seat, m fakediscord.Message) {
	e.t.Helper()
	legal := g.LegalMoves(seat)
	steps := map[string]games.Move{}
	if menu, ok := g.(games.Menu); ok {
		var walk func(path string)
		walk = func(path string) {
			entries, _ := menu.MenuLevel(seat, path)
			for _, en := range entries {
				if en.Role == games.RoleStep && len(en.Notation) > len(path) {
					steps[en.Notation] = en
					walk(en.Notation)
				}
			}
		}
		walk("")
	}
	for _, row := range m.Rows {
		for _, c := range row {
			id, err := component.Parse(c.CustomID)
			if err != nil || id.Kind != component.MoveSelect {
				continue
			}
			for _, o := range c.Options {
				mv, ok := component.ResolveMoveRef(o.Value, legal)
				if path, step := strings.CutPrefix(o.Value, "#menu:"); step {
					mv, ok = steps[path]
				}
				if ok && mv.Piece != "" && o.Description == "" {
					e.t.Fatalf("the option %q names the piece %s but has no description", o.Label, mv.Piece)
				}
			}
		}
	}
}
