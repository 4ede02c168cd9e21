package gateway_test

import (
	"bytes"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/playbychat/pbc/bot"
	"github.com/playbychat/pbc/bot/bottest"
	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/rng"
	"github.com/playbychat/pbc/internal/fakediscord"

	"github.com/playbychat/pbc/games/xenoshyft"
	_ "github.com/playbychat/pbc/images/xenoshyft"
)

// firstReal draws the first n images with the real renderer (see
// realRender) and the rest with the stub: a whole game of real boards
// would take minutes, and the renderer is tested in its own package.
func firstReal(n int64) bot.Renderer {
	var drawn atomic.Int64
	return func(v games.View, names []string, lang games.Lang, changes []string) ([]byte, string, error) {
		if drawn.Add(1) <= n {
			return realRender(v, names, lang, changes)
		}
		return bottest.Render(v, names, lang, changes)
	}
}

var (
	cardRef = regexp.MustCompile(`\bc\d+\b`)
	// phaseStart matches the events that open a simultaneous phase.
	phaseStart = regexp.MustCompile(`(?m)^(Supply|Deployment|Collection):`)
)

// choice is one thing a player can click in a message: a button, or an
// option of a select menu.
type choice struct {
	customID, value, label string
}

// standingMenu is the placeholder of the menu of standing choices.
const standingMenu = "Standing choices…"

// isSetting reports whether a label is one of Xenoshyft's standing choices
// or of those the bot applies.
func isSetting(label string) bool {
	for _, p := range []string{"Autopass", "Show my hand", "Pass for the rest of", "Stop passing for", "Ask me even", "Pass for me when"} {
		if strings.HasPrefix(label, p) {
			return true
		}
	}
	return false
}

// choices lists the decision components of m and, apart, the options of
// its menu of standing choices. A standing choice among the decisions, or
// a decision among the standing choices, fails the test.
func choices(t *testing.T, m fakediscord.Message) (decisions, settings []choice) {
	t.Helper()
	for _, row := range m.Rows {
		for _, c := range row {
			if c.Disabled {
				continue
			}
			var cs []choice
			if c.Type == 2 {
				cs = []choice{{customID: c.CustomID, label: c.Label}}
			}
			for _, o := range c.Options {
				cs = append(cs, choice{customID: c.CustomID, value: o.Value, label: o.Label})
			}
			for _, ch := range cs {
				if isSetting(ch.label) != (c.Placeholder == standingMenu) {
					t.Errorf("%q offered in component %q (%q)", ch.label, c.Placeholder, c.Label)
				}
			}
			if c.Placeholder == standingMenu {
				settings = append(settings, cs...)
			} else {
				decisions = append(decisions, cs...)
			}
		}
	}
	return decisions, settings
}

// xenoPlayer is the policy of one seat: buy a little, deploy what it can,
// react now and then, and otherwise declare ready or pass.
type xenoPlayer struct {
	r       *rng.Source
	actions int // moves since the last ready or pass
}

// with returns the choices whose label starts with one of prefixes.
func with(cs []choice, prefixes ...string) []choice {
	var out []choice
	for _, c := range cs {
		for _, pre := range prefixes {
			if strings.HasPrefix(c.label, pre) {
				out = append(out, c)
			}
		}
	}
	return out
}

func (p *xenoPlayer) pick(cs []choice) (choice, bool) {
	has := func(prefixes ...string) []choice { return with(cs, prefixes...) }
	one := func(cs []choice) choice { return cs[p.r.Intn(len(cs))] }
	if first := has("Reveal effect of", "Division:"); len(first) > 0 {
		return one(first), true
	}
	end := has("Ready", "Pass")
	var act []choice
	switch {
	case len(has("Pass")) > 0:
		if p.r.Intn(3) == 0 {
			act = has("Play ", "Use ", "Division ability")
		}
	case len(has("Buy ")) > 0:
		if p.actions < 3 && p.r.Intn(10) < 8 {
			act = has("Buy ")
		}
	case len(has("Deploy ", "Equip ")) > 0:
		if p.actions < 6 {
			act = has("Deploy ", "Equip ")
		}
	}
	if len(act) > 0 {
		p.actions++
		return one(act), true
	}
	if len(end) > 0 {
		p.actions = 0
		return end[0], true
	}
	return choice{}, false
}

// TestXenoshyftOverGateway plays a whole two-player Xenoshyft game (in
// -short mode the first two rounds) through the real discordgo client,
// every move clicked in what the players see: the board post's "Choose
// privately" button and the private message it brings. It checks that
// boards come as PNGs, hands come by DM and never show in the channel,
// both players may act in either order in the simultaneous phases,
// reaction windows close, the standing choices come only in their own
// menu (and autopass set there keeps Carol out of the reaction windows),
// and the result is posted.
func TestXenoshyftOverGateway(t *testing.T) {
	e := startE2E(t, "gateway", firstReal(6))
	f := e.f
	if m := e.cmd(alice, "game new", "game=xenoshyft", "players=2"); m.Ephemeral || !strings.Contains(m.Content, "Xenoshyft") {
		t.Fatalf("/game new: %+v", m)
	}
	e.cmd(carol, "game join")
	e.cmd(alice, "game start")
	e.post("begins. Players")

	policy := map[string]*xenoPlayer{alice.ID: {r: rng.New(1)}, carol.ID: {r: rng.New(2)}}
	byID := map[string]fakediscord.User{alice.ID: alice, carol.ID: carol}
	r := rng.New(7)
	checked := map[string]int{} // public message id: edits checked for hidden cards so far
	var orders []string         // who moved first in each simultaneous phase with both to act
	windows, lastRound := 0, 1
	autopass := false // whether Carol has switched autopass on
	aliceAlone := 0   // reaction windows since then in which only Alice was asked
	dms := 0
	panels := watchPanels(t, e, alice, carol)
	seenLines := map[string]bool{}
	maxMoves := 2000
	for n := 0; ; n++ {
		if n == maxMoves {
			t.Fatalf("no end after %d moves", maxMoves)
		}
		hands := e.hands()
		public := publicMessages(f)
		for _, m := range public {
			if seen, ok := checked[m.ID]; ok && seen == m.Edits {
				continue
			}
			checked[m.ID] = m.Edits
			checkNoHand(t, m, hands, seenLines)
			if strings.Contains(m.Content, "Reaction step in lane") {
				windows++
			}
			for round := lastRound + 1; round <= 9; round++ {
				if strings.Contains(m.Content, "Round "+strconv.Itoa(round)+" begins") {
					lastRound = round
				}
			}
		}
		board := lastPost(t, public)
		if !strings.Contains(board.Content, "Now:") {
			if strings.Contains(board.Content, "Mission accomplished") || strings.Contains(board.Content, "overrun") {
				if len(board.Rows) != 0 {
					t.Errorf("the result post has components: %+v", board.Rows)
				}
				t.Logf("after %d moves in round %d, %d reaction windows, %d DMs: %s", n, lastRound, windows, dms, board.Content)
				break
			}
			t.Fatalf("move %d: the live message names nobody to act: %q", n, board.Content)
		}
		if testing.Short() && lastRound > 2 {
			break
		}
		actors := nowActors(board.Content)
		if len(actors) == 0 {
			t.Fatalf("move %d: the live message names nobody: %q", n, board.Content)
		}
		if autopass && strings.Contains(board.Content, "Reaction in lane") {
			if slices.Contains(actors, carol.ID) {
				t.Fatalf("move %d: Carol is on autopass but asked to react: %q", n, board.Content)
			}
			aliceAlone++
		}
		u := byID[actors[r.Intn(len(actors))]]
		if len(actors) == 2 && phaseStart.MatchString(board.Content) {
			orders = append(orders, u.Name)
		}
		// A decision open to one player shows its public moves on the live
		// message; several players choose privately.
		private := board
		if _, ok := private.Button("Choose privately"); ok {
			if private = e.click(u, board, "Choose privately"); !private.Ephemeral {
				t.Fatalf("move %d: Choose privately answered publicly: %q", n, private.Content)
			}
		}
		decisions, settings := choices(t, private)
		c, ok := policy[u.ID].pick(decisions)
		if u.ID == carol.ID && lastRound >= 3 && !autopass && len(with(settings, "Autopass on")) > 0 {
			// Carol lets the reaction windows pass her by from now on.
			c, ok, autopass = with(settings, "Autopass on")[0], true, true
		}
		if !ok {
			for _, m := range public[max(0, len(public)-4):] {
				t.Logf("%s kind %d edits %d rows %d: %q", m.ID, m.Kind, m.Edits, len(m.Rows), m.Content)
			}
			t.Fatalf("move %d: %s must act but is offered nothing: %q %+v", n, u.Name, private.Content, private.Rows)
		}
		var values []string
		if c.value != "" {
			values = []string{c.value}
		}
		version := e.version()
		answer := e.answer(f.Click(u, private, c.customID, values...))
		// A click on the channel's buttons may be acknowledged without
		// a message; one on a private message is answered privately.
		if answer.ID != "" && !answer.Ephemeral || answer.ID == "" && private.Ephemeral {
			t.Fatalf("move %d: %s's move %q answered publicly or not at all: %+v", n, u.Name, c.label, answer)
		}
		// The answer may be a deferral that comes before the move is made.
		if !e.changed(version) {
			t.Fatalf("move %d: %s's move %q refused: %q", n, u.Name, c.label, answer.Content)
		}
		e.settle()
		panels.check()
		dms = len(f.DMs(alice.ID)) + len(f.DMs(carol.ID))
	}
	panels.report()

	if windows == 0 {
		t.Error("no reaction window opened")
	}
	if !testing.Short() && aliceAlone == 0 {
		t.Errorf("autopass %v: no reaction window for Alice alone", autopass)
	}
	if !testing.Short() {
		if !slices.Contains(orders, alice.Name) || !slices.Contains(orders, carol.Name) {
			t.Errorf("simultaneous phases were not opened by both players: %v", orders)
		}
	}
	for _, m := range f.Messages(where.ChannelID) {
		if m.Kind == fakediscord.Post && phaseStart.MatchString(m.Content) && len(m.Files) != 1 {
			t.Errorf("a phase opens without a board: %q", m.Content)
		}
		for _, file := range m.Files {
			if !bytes.HasPrefix(file.Data, []byte("\x89PNG")) {
				t.Errorf("post %q carries a file that is no PNG", m.Content)
			}
		}
	}
}

// publicMessages returns the messages in the table's channel that everyone
// sees.
func publicMessages(f *fakediscord.Fake) []fakediscord.Message {
	var out []fakediscord.Message
	for _, m := range f.Messages(where.ChannelID) {
		if !m.Ephemeral {
			out = append(out, m)
		}
	}
	return out
}

// lastPost returns the latest post: the table's live message, as edited.
func lastPost(t *testing.T, public []fakediscord.Message) fakediscord.Message {
	t.Helper()
	for i := len(public) - 1; i >= 0; i-- {
		if m := public[i]; m.Kind == fakediscord.Post {
			return m
		}
	}
	t.Fatal("no post")
	return fakediscord.Message{}
}

// version returns the version of the channel's table.
func (e *e2e) version() int {
	e.t.Helper()
	tab, err := e.store.ActiveTable(e.ctx, where.ChannelID)
	if err != nil {
		return -1 // ended
	}
	return tab.Version
}

// hands returns the card ids in each player's hand now, by user id, read
// from the store.
func (e *e2e) hands() map[string][]string {
	e.t.Helper()
	_, g, seats := e.game()
	if g == nil {
		return nil
	}
	out := map[string][]string{}
	for _, st := range seats {
		for _, c := range g.View(games.Seat(st.Seat)).(*xenoshyft.View).Hand {
			out[st.UserID] = append(out[st.UserID], c.Ref)
		}
	}
	return out
}

// checkNoHand fails if a public message (a line of its text or its alt
// text, when not in seen) names a card that is in some player's hand now,
// or shows a private view. What was seen before is left out: a turn's
// summary repeats events from when a card was on the table, and an edited
// post keeps its image, and the card may be in a hand again since.
func checkNoHand(t *testing.T, m fakediscord.Message, hands map[string][]string, seen map[string]bool) {
	t.Helper()
	var texts []string
	for _, line := range strings.Split(m.Content, "\n") {
		line = strings.TrimPrefix(line, "> ")
		if !seen[line] {
			seen[line] = true
			texts = append(texts, line)
		}
	}
	for _, file := range m.Files {
		// An edit keeps the image of the state it was posted in.
		if !seen[file.Description] {
			seen[file.Description] = true
			texts = append(texts, file.Description)
		}
	}
	for _, text := range texts {
		if secret := privateText.FindString(text); secret != "" {
			t.Errorf("public message shows %q: %q", secret, text)
		}
		for _, ref := range cardRef.FindAllString(text, -1) {
			for user, hand := range hands {
				if slices.Contains(hand, ref) {
					t.Errorf("public message names %s from the hand of user %s: %q", ref, user, text)
				}
			}
		}
	}
}
