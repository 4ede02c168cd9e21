package bot_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/playbychat/pbc/bot"
	"github.com/playbychat/pbc/bot/bottest"
	"github.com/playbychat/pbc/bot/component"
	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
)

// pickDice is a small public game for the bot's multi-select and setting
// components. Two seats take turns with five shared dice: the seat to act
// may re-roll any of them once ("reroll 1,3", offered as a games.Pick; a
// re-rolled die simply counts up, 6 wraps to 1), "shout", and "stop" to end
// its turn; the game ends when both have stopped. Any seat may switch its
// "autopass" setting at any time; switching it on ends the seat's turn.
type pickDice struct {
	Turn     games.Seat `json:"turn"`
	Dice     []int      `json:"dice"`
	Rerolled bool       `json:"rerolled"`
	Stopped  int        `json:"stopped"`
	Auto     []bool     `json:"auto"`
}

const pickDiceID = "pickdice"

var registerPickDice = sync.OnceFunc(func() {
	games.Register(&games.Definition{
		ID: pickDiceID, Name: games.T("Pick Dice", "Würfelwahl"), MinSeats: 2, MaxSeats: 2,
		New: func(games.Setup) (games.Game, error) {
			return &pickDice{Dice: []int{1, 2, 3, 4, 5}, Auto: make([]bool, 2)}, nil
		},
		Restore: func(data []byte) (games.Game, error) {
			var g pickDice
			if err := json.Unmarshal(data, &g); err != nil {
				return nil, fmt.Errorf("restore pick dice: %w", err)
			}
			return &g, nil
		},
	})
})

var _ games.Picker = (*pickDice)(nil)

func (g *pickDice) Seats() int { return 2 }

func (g *pickDice) over() bool { return g.Stopped == 2 }

func (g *pickDice) ToAct() []games.Actor {
	if g.over() {
		return nil
	}
	return []games.Actor{{Seat: g.Turn, Kind: games.Turn, Prompt: games.T("Re-roll or stop.", "Neu würfeln oder aufhören.")}}
}

func (g *pickDice) LegalMoves(seat games.Seat) []games.Move {
	if g.over() || seat < 0 || seat > 1 {
		return nil
	}
	var moves []games.Move
	if seat == g.Turn {
		moves = append(moves,
			games.Move{Notation: "stop", Label: games.T("Stop", "Aufhören"), Group: "end", Primary: true},
			games.Move{Notation: "shout", Label: games.T("Shout", "Rufen"), Group: "misc"})
		if !g.Rerolled {
			for mask := 1; mask < 1<<len(g.Dice); mask++ {
				var dice []string
				for i := range g.Dice {
					if mask&(1<<i) != 0 {
						dice = append(dice, strconv.Itoa(i+1))
					}
				}
				n := "reroll " + strings.Join(dice, ",")
				moves = append(moves, games.Move{Notation: n, Label: games.T(n, n), Group: "reroll"})
			}
		}
	}
	flip := "autopass on"
	if g.Auto[seat] {
		flip = "autopass off"
	}
	// The standing choice comes first, so that /move's suggestions must
	// put the decision before it.
	return append([]games.Move{{Notation: flip, Label: games.T(flip, flip), Group: games.SettingGroup}}, moves...)
}

func (g *pickDice) Picks(seat games.Seat) []games.Pick {
	if g.over() || seat != g.Turn || g.Rerolled {
		return nil
	}
	labels := make([]games.Text, len(g.Dice))
	for i, d := range g.Dice {
		labels[i] = games.T(fmt.Sprintf("Die %d: %d", i+1, d), fmt.Sprintf("Würfel %d: %d", i+1, d))
	}
	return []games.Pick{{Prefix: "reroll", Label: games.T("Dice to re-roll", "Neu zu würfeln"),
		Items: games.IndexItems(labels), Min: 1, Max: len(g.Dice), Rule: games.T("Choose dice by their numbers.", "Wähle Würfel nach ihren Nummern.")}}
}

func (g *pickDice) Apply(seat games.Seat, m games.Move) (games.Game, []games.Event, error) {
	notation := m.Notation
	next := *g
	next.Dice, next.Auto = slices.Clone(g.Dice), slices.Clone(g.Auto)
	verb, arg, _ := strings.Cut(notation, " ")
	who := games.Seatf(seat)
	switch verb {
	case "autopass":
		next.Auto[seat] = arg == "on"
		if next.Auto[seat] && seat == g.Turn {
			// Passing automatically ends the seat's own turn at once.
			next.Stopped++
			next.Turn, next.Rerolled = 1-seat, false
		}
		return &next, []games.Event{{Text: games.T("Autopass "+arg+".", "Autopass "+arg+"."), To: []games.Seat{seat}}}, nil
	case "stop":
		next.Stopped++
		next.Turn, next.Rerolled = 1-seat, false
		return &next, []games.Event{{Text: games.T(who+" stops.", who+" hört auf.")}}, nil
	case "shout":
		return &next, []games.Event{{Text: games.T(who+" shouts.", who+" ruft.")}}, nil
	case "reroll":
		for _, f := range strings.Split(arg, ",") {
			i, _ := strconv.Atoi(f)
			next.Dice[i-1] = next.Dice[i-1]%6 + 1
		}
		next.Rerolled = true
		return &next, []games.Event{{Text: games.T(who+" re-rolls "+arg+".", who+" würfelt "+arg+" neu.")}}, nil
	}
	return nil, nil, games.ErrIllegalMove
}

func (g *pickDice) View(seat games.Seat) games.View { return pickDiceView{seat, slices.Clone(g.Dice)} }

func (g *pickDice) Status() games.Status {
	return games.Status{Finished: g.over(), Summary: games.T("Dice game.", "Würfelspiel.")}
}

func (g *pickDice) MarshalState() ([]byte, error) { return json.Marshal(g) }

type pickDiceView struct {
	seat games.Seat
	dice []int
}

func (v pickDiceView) GameID() string             { return pickDiceID }
func (v pickDiceView) Viewer() games.Seat         { return v.seat }
func (v pickDiceView) Describe(games.Lang) string { return fmt.Sprint("Dice: ", v.dice) }

// openPickDice starts a Pick Dice table for alice (seat 0) and bob.
func openPickDice(t *testing.T) *harness {
	t.Helper()
	registerPickDice()
	h := newHarness(t, ":memory:")
	h.cmd(alice, "game new", "game="+pickDiceID)
	h.cmd(bob, "game join")
	h.cmd(alice, "game start")
	if h.table().Status != db.Running {
		t.Fatal("table did not start")
	}
	return h
}

// selectMenu returns the select menu of m whose custom ID starts with prefix.
func selectMenu(t testing.TB, m bot.Message, prefix string) *component.Select {
	t.Helper()
	for _, r := range m.Rows {
		if r.Select != nil && strings.HasPrefix(r.Select.CustomID, prefix) {
			return r.Select
		}
	}
	t.Fatalf("no select menu %q in %+v", prefix, m.Rows)
	return nil
}

func TestPickSelect(t *testing.T) {
	h := openPickDice(t)
	post := lastPost(t, h.discord.TakePosts(), "Now:")
	checkComponents(t, post)
	pick := selectMenu(t, post, "pk:")
	v := h.table().Version
	if id, err := component.Parse(pick.CustomID); err != nil || id.Kind != component.PickSelect || id.Table != 1 || id.Pick != 0 || id.Decision == "" {
		t.Errorf("pick custom ID %q (%+v, %v), want the first pick of table 1 with its decision", pick.CustomID, id, err)
	}
	if pick.MinValues != 1 || pick.MaxValues != 5 || len(pick.Options) != 5 || pick.Options[2].Label != "Die 3: 3" {
		t.Errorf("pick menu %+v", pick)
	}
	more := selectMenu(t, post, "ms:")
	for _, o := range more.Options {
		if strings.HasPrefix(o.Value, "reroll") || strings.HasPrefix(o.Value, "autopass") {
			t.Errorf("More moves offers %q", o.Value)
		}
	}
	if got := h.complete(alice, "move", "action", "reroll 1,3"); len(got) == 0 {
		t.Error("autocomplete no longer offers re-rolls")
	}

	t.Run("another decision", func(t *testing.T) {
		stale := "pk:1:0000000:0"
		if m := h.click(alice, stale, "1"); !m.Ephemeral || !strings.Contains(m.Content, "Your choice changed") {
			t.Errorf("stale pick answered %q", m.Content)
		}
	})
	t.Run("other seat", func(t *testing.T) {
		if m := h.click(bob, pick.CustomID, "1"); !m.Ephemeral || h.table().Version != v {
			t.Errorf("bob's pick answered %q at version %d", m.Content, h.table().Version)
		}
	})
	t.Run("refused combination", func(t *testing.T) {
		// A combination the engine refuses is answered with the pick's
		// rule, in the chooser's language, and changes nothing.
		if m := h.click(alice, pick.CustomID, "1", "9"); !m.Ephemeral || m.Content != "Choose dice by their numbers." || h.table().Version != v {
			t.Errorf("a refused combination answered %+v at version %d", m, h.table().Version)
		}
	})
	t.Run("chosen values in item order", func(t *testing.T) {
		h.click(alice, pick.CustomID, "5", "1", "3")
		moves, err := h.store.Moves(t.Context(), h.table().ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(moves) != 1 || moves[0].Notation != "reroll 1,3,5" {
			t.Fatalf("log %+v, want one reroll 1,3,5", moves)
		}
		post := h.lastShown("re-rolls")
		if !strings.Contains(post.Content, "Alice re-rolls 1,3,5.") {
			t.Errorf("post %q", post.Content)
		}
		for _, r := range post.Rows {
			if r.Select != nil && strings.HasPrefix(r.Select.CustomID, "pk:") {
				t.Errorf("pick still offered after the re-roll: %+v", r.Select)
			}
		}
	})
	t.Run("pick no longer offered", func(t *testing.T) {
		if m := h.click(alice, pick.CustomID, "2"); !m.Ephemeral || h.table().Version != v+1 {
			t.Errorf("second re-roll answered %q at version %d", m.Content, h.table().Version)
		}
	})
}

func TestSettingMoves(t *testing.T) {
	h := openPickDice(t)
	post := lastPost(t, h.discord.TakePosts(), "Now:")
	for _, b := range buttons(post) {
		if strings.HasPrefix(b.Label, "autopass") {
			t.Errorf("public button %q", b.Label)
		}
	}
	for _, r := range post.Rows {
		if r.Select != nil && strings.HasPrefix(r.Select.CustomID, "st:") {
			t.Errorf("public settings menu %+v", r.Select)
		}
	}
	if got := h.complete(bob, "move", "action", "auto"); len(got) != 1 || got[0].Value != "autopass on" {
		t.Errorf("bob's autocomplete %+v, want autopass on", got)
	}
	hand := h.cmd(bob, "hand")
	checkComponents(t, hand)
	menu := selectMenu(t, hand, "st:")
	// The game's own standing choice, then the opt-out of automatic
	// passes that the bot applies (standing.go).
	if len(hand.Rows) != 1 || len(menu.Options) != 2 || menu.Options[0].Value != "autopass on" || menu.Options[1].Value != "!set:ask" {
		t.Fatalf("bob's hand rows %+v", hand.Rows)
	}
	// Alice moves first: the settings menu is older, and still works.
	h.cmd(alice, "move", "action=shout")
	decision := h.lastShown("Alice shouts.")
	if m := h.click(bob, menu.CustomID, "autopass on"); !m.Ephemeral || m.Content != "Autopass on." {
		t.Errorf("setting answered %q", m.Content)
	}
	if posts := h.discord.TakePosts(); len(posts) != 0 {
		t.Errorf("a private setting posted %+v", posts)
	}
	// The decision posted before the setting still stands (the click is
	// acknowledged silently: the live message tells).
	if m := h.click(alice, button(t, decision, "Stop").CustomID); m.Content != "" {
		t.Errorf("stop after bob's setting answered %q", m.Content)
	}
	h.lastShown("Alice stops.")
	if m := h.cmd(bob, "hand"); selectMenu(t, m, "st:").Options[0].Value != "autopass off" {
		t.Errorf("bob's settings after the change %+v", m.Rows)
	}
	t.Run("only setting moves", func(t *testing.T) {
		if m := h.click(bob, menu.CustomID, "stop"); !m.Ephemeral || !strings.Contains(m.Content, "no longer available") {
			t.Errorf("a decision through the settings menu answered %q", m.Content)
		}
	})
}

func TestSettingMoveChangingTurnIsAnnounced(t *testing.T) {
	h := openPickDice(t)
	h.discord.TakePosts()
	if m := h.cmd(alice, "move", "action=autopass on"); m.Content != "Autopass on." {
		t.Errorf("answer %q", m.Content)
	}
	post := lastPost(t, h.discord.TakePosts(), "Alice moved.")
	if !slices.Equal(post.Mentions, []string{bob}) {
		t.Errorf("post after alice's autopass mentions %v, want bob", post.Mentions)
	}
}

// TestClickAnswers checks how a mover is answered. A click on the
// channel's buttons is acknowledged without a message when the move shows
// the mover nothing of their own (the live message says what it did); a
// click on an ephemeral view updates it; a click in a DM (the mover's
// panel) is acknowledged, the panel edited; a /move is answered privately
// with what the move did, never a bare "done".
func TestClickAnswers(t *testing.T) {
	h := openPickDice(t)
	hand := h.cmd(alice, "hand")
	shout := h.base(alice, bot.ComponentInteraction)
	shout.Ephemeral = true
	shout.CustomID, shout.Values = selectMenu(t, hand, "ms:").CustomID, []string{"shout"}
	// The ephemeral view becomes the answer, with the view and choices now.
	if r := h.run(shout); r.Acks != 0 || len(r.Replies) != 0 || len(r.Updates) != 1 ||
		!strings.HasPrefix(r.Updates[0].Content, "Alice shouts.\n\nYour panel") || len(r.Updates[0].Rows) == 0 {
		t.Errorf("a click in alice's ephemeral view: %d acks, replies %+v, updates %+v", r.Acks, r.Replies, r.Updates)
	}
	stop := h.base(alice, bot.ComponentInteraction)
	stop.CustomID = button(t, h.lastShown("Alice shouts."), "Stop").CustomID
	if r := h.run(stop); r.Acks != 1 || len(r.Replies) != 0 || len(r.Updates) != 0 {
		t.Errorf("a click on the channel's button: %d acks, replies %+v, updates %+v", r.Acks, r.Replies, r.Updates)
	}
	post := h.lastShown("Alice stops.")
	if m := h.cmd(bob, "move", "action=shout"); !m.Ephemeral || m.Content != "Bob shouts." {
		t.Errorf("/move answered %+v", m)
	}
	// A click in a DM, on the mover's panel, is acknowledged: the change
	// edits the panel.
	h.discord.TakeDMEdits()
	inDM := h.base(bob, bot.ComponentInteraction)
	inDM.GuildID, inDM.CustomID = "", button(t, h.lastShown("Bob shouts."), "Stop").CustomID
	if r := h.run(inDM); r.Acks != 1 || len(r.Replies) != 0 || len(r.Updates) != 0 {
		t.Errorf("a click in a DM: %d acks, replies %+v, updates %+v", r.Acks, r.Replies, r.Updates)
	}
	if edits := h.discord.TakeDMEdits(); !slices.ContainsFunc(edits, func(e bottest.Edit) bool { return e.Channel == bottest.DMChannel(bob) }) {
		t.Errorf("edits of DMs after bob's click in his panel: %+v, want one of bob's panel", edits)
	}
	// A refusal stays an ephemeral error.
	stale := h.base(alice, bot.ComponentInteraction)
	stale.CustomID = button(t, post, "Stop").CustomID
	if r := h.run(stale); r.Acks != 0 || !r.Last().Ephemeral || r.Last().Content == "" {
		t.Errorf("a stale click: %d acks, answer %+v", r.Acks, r.Last())
	}
}

// TestLiveMessageAfterRestart checks that the live message rebuilt from
// the log after a restart is the one that was posted: a move with no
// public event is still "X moved.".
func TestLiveMessageAfterRestart(t *testing.T) {
	h := openPickDice(t)
	h.cmd(alice, "move", "action=shout")
	h.cmd(alice, "move", "action=autopass on")
	posted := h.lastShown("Alice moved.")
	if !strings.HasPrefix(posted.Content, "Alice shouts.\nAlice moved.\n") {
		t.Fatalf("the turn's board says %q", posted.Content)
	}
	h.restart()
	h.cmd(bob, "move", "action=shout")
	if edited := h.lastShown("Bob shouts."); !strings.HasPrefix(edited.Content, "Alice shouts.\nAlice moved.\n> Bob shouts.\n") {
		t.Errorf("after a restart the live message %q became %q", posted.Content, edited.Content)
	}
}
