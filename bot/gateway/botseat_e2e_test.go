package gateway_test

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/playbychat/pbc/bot/component"
	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/armageddon"
	"github.com/playbychat/pbc/internal/fakediscord"
)

// tileID matches the id of an Armageddon scoring tile, public or private.
var tileID = regexp.MustCompile(`\bs\d\d\b`)

// TestBotSeatsOverGateway plays a whole four-player Armageddon game, closed
// screens and private tiles, at which the bot holds three seats, through
// the real discordgo client. Alice, the one person, makes her moves (her
// seat's policy, by /move); the bot process makes all the others without
// any interaction. It checks that the game always waits for Alice when it
// waits at all and reaches its end; that the log records the bot's moves
// as nobody's and Alice's as hers, one per command; that the channel gets
// at most one board post per turn pass to Alice (as the channel test counts
// them; the bot's own turns open none)
// and no text post that pings nobody (a bot seat's reaction);
// that the channel never shows a screen, a hand or a tile that is not
// public; and that Alice, the only one sent DMs, is never told a tile that
// her own views and events did not show her.
func TestBotSeatsOverGateway(t *testing.T) {
	e := startE2E(t, "gateway", stubRender)
	f := e.f
	if m := e.cmd(alice, "game new", "game=armageddon", "players=4", "bots=3"); m.Ephemeral || !strings.Contains(m.Content, "The bot plays 3 seats") {
		t.Fatalf("/game new bots=3: %+v", m)
	}
	e.cmd(alice, "game start")
	e.settle()
	r := rand.New(rand.NewPCG(10, 10))
	id := int64(0)
	commands := 0
	for ; ; commands++ {
		if commands == 1000 {
			t.Fatal("no end after 1000 moves of Alice")
		}
		tab, g := e.aliceOrEnd(commands)
		if g == nil {
			break
		}
		id = tab.ID
		var legal []games.Move
		for _, m := range g.LegalMoves(0) {
			if m.Group != games.SettingGroup {
				legal = append(legal, m)
			}
		}
		mv := armageddon.Definition.Policy(g.View(0), legal, r)
		answer := e.cmd(alice, "move", "action="+component.MoveRef(mv.Notation, 100))
		if !e.changed(tab.Version) {
			t.Fatalf("Alice's %q was not made: %q", mv.Notation, answer.Content)
		}
		e.settle()
	}

	// The log: the bot's moves are nobody's, each of Alice's commands made
	// one move of her seat.
	moves, err := e.store.Moves(e.ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := e.store.Table(e.ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := armageddon.Definition.Create(4, tab.Options, tab.Seed)
	if err != nil {
		t.Fatal(err)
	}
	mine, passes, hers := 0, 0, 0
	key := turnKey(g, "")
	allowed := map[string]bool{} // the tiles Alice's views and events showed her
	see := func(g games.Game) {
		for _, s := range tileID.FindAllString(g.View(0).Describe(games.English), -1) {
			allowed[s] = true
		}
	}
	see(g)
	for _, m := range moves {
		switch {
		case m.Seat == 0 && m.UserID == alice.ID:
			mine++
		case m.Seat == 0 || m.UserID != "":
			t.Errorf("move %d of seat %d recorded as made by %q", m.N, m.Seat, m.UserID)
		}
		next, events, err := games.PlayText(g, games.Seat(m.Seat), m.Notation)
		if err != nil {
			t.Fatalf("replay move %d: %v", m.N, err)
		}
		for _, ev := range events {
			if ev.VisibleTo(0) {
				for _, s := range tileID.FindAllString(ev.Text.EN, -1) {
					allowed[s] = true
				}
			}
		}
		g = next
		see(g)
		if !g.Status().Finished {
			if k := turnKey(g, key); k != key {
				passes++
				key = k
				if slices.ContainsFunc(g.ToAct(), func(a games.Actor) bool { return a.Seat == 0 }) {
					hers++
				}
			}
		}
	}
	if !g.Status().Finished {
		t.Fatal("the replayed log does not end the game")
	}
	if mine != commands || mine == len(moves) {
		t.Errorf("%d of %d moves are Alice's, who sent %d commands", mine, len(moves), commands)
	}

	public := map[string]bool{}
	for _, tv := range g.View(games.Spectator).(*armageddon.View).Public {
		public[tv.ID] = true
	}
	boards, ended := 0, false
	for _, m := range publicMessages(f) {
		switch {
		case m.Kind != fakediscord.Post:
		case len(m.Files) > 0:
			boards++
		case len(m.Pinged) == 0:
			t.Errorf("a text post pings nobody: %q", m.Content)
		}
		if ended = ended || over(m.Content); ended {
			continue // the end reveals every screen and tile
		}
		texts := []string{m.Content}
		for _, file := range m.Files {
			texts = append(texts, file.Description)
		}
		for _, text := range texts {
			if s := armageddonSecret.FindString(text); s != "" {
				t.Errorf("a public message shows %q: %q", s, text)
			}
			for _, s := range tileID.FindAllString(text, -1) {
				if !public[s] {
					t.Errorf("a public message names the private tile %s: %q", s, text)
				}
			}
		}
	}
	if !ended {
		t.Error("no post announces the result")
	}
	// A turn or phase of the bot's seats alone opens no board: the
	// boards are for Alice's turns and phases, the start and the end.
	if limit := hers*5/4 + 2; boards > limit || hers == 0 {
		t.Errorf("%d board posts for %d turn passes, %d of them to Alice: more than %d", boards, passes, hers, limit)
	}
	for _, m := range f.Messages("") {
		if m.DMUser != "" && m.DMUser != alice.ID {
			t.Errorf("a DM to %s: %q", m.DMUser, m.Content)
		}
	}
	dms := f.DMs(alice.ID)
	if len(dms) == 0 {
		t.Error("Alice got no DM")
	}
	named := 0
	for _, m := range dms {
		for _, s := range tileID.FindAllString(m.Text(), -1) {
			named++
			if !allowed[s] {
				t.Errorf("a DM tells Alice of the tile %s, which her views never showed: %q", s, m.Text())
			}
		}
	}
	if named == 0 {
		t.Error("Alice's DMs name no tile: nothing was checked")
	}
	t.Logf("%d moves, %d of them Alice's; %d turn passes, %d of them to Alice; %d board posts; %d DMs to Alice naming %d tiles", len(moves), mine, passes, hers, boards, len(dms), named)
}

// aliceOrEnd waits while the bot process makes its seats' moves, for the
// game to wait for Alice (seat 0), and returns the table and game then;
// the game is nil once it has ended.
func (e *e2e) aliceOrEnd(commands int) (db.Table, games.Game) {
	e.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		tab, g, _ := e.game()
		if g == nil {
			return tab, nil
		}
		if _, ok := games.MustAct(g, 0); ok {
			e.settle()
			return tab, g
		}
		if time.Now().After(deadline) {
			e.t.Fatalf("after %d moves of Alice the game waits for %+v, not her", commands, g.ToAct())
		}
		time.Sleep(2 * time.Millisecond)
	}
}
