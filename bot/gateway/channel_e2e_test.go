package gateway_test

import (
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/playbychat/pbc/bot/component"
	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/rng"
	"github.com/playbychat/pbc/internal/fakediscord"
)

// game loads the channel's running table and its game from the store (nil
// once it has ended).
func (e *e2e) game() (db.Table, games.Game, []db.Seat) {
	e.t.Helper()
	tab, err := e.store.ActiveTable(e.ctx, where.ChannelID)
	if err != nil {
		return db.Table{}, nil, nil
	}
	snap, err := e.store.LatestSnapshot(e.ctx, tab.ID)
	if err != nil {
		e.t.Fatal(err)
	}
	def, _ := games.Lookup(tab.Game)
	g, err := def.Restore(snap.State)
	if err != nil {
		e.t.Fatal(err)
	}
	seats, err := e.store.Seats(e.ctx, tab.ID)
	if err != nil {
		e.t.Fatal(err)
	}
	return tab, g, seats
}

// turnKey names the turn or phase of g as the checks count turn passes,
// apart from the bot: the seat whose turn it is, or the simultaneous
// phase's prompt, or "react" for reaction windows outside any turn;
// reactions within a turn keep its key (prev).
func turnKey(g games.Game, prev string) string {
	react := false
	for _, a := range g.ToAct() {
		switch a.Kind {
		case games.Turn:
			return fmt.Sprintf("turn %d", a.Seat)
		case games.Simultaneous:
			return "phase " + a.Prompt.EN
		case games.Reaction:
			react = true
		}
	}
	if react && !strings.HasPrefix(prev, "turn") {
		return "react"
	}
	return prev
}

// seatPlaceholder matches a seat placeholder that the bot should have
// filled in with a name.
var seatPlaceholder = regexp.MustCompile(`\{p\d\}`)

// unfilledSeat returns a seat placeholder left in m's content, buttons or
// menus, or "".
func unfilledSeat(m fakediscord.Message) string {
	texts := []string{m.Content}
	for _, row := range m.Rows {
		for _, c := range row {
			texts = append(texts, c.Label, c.Placeholder)
			for _, o := range c.Options {
				texts = append(texts, o.Label, o.Description)
			}
		}
	}
	for _, text := range texts {
		if s := seatPlaceholder.FindString(text); s != "" {
			return s
		}
	}
	return ""
}

// english matches words only an English DM would hold.
var english = regexp.MustCompile(`\b(Your|your turn|Now:|since)\b`)

// german matches words only a German post would hold.
var german = regexp.MustCompile(`\b(Jetzt|Runde|Spielende|würfelt|bereit)\b`)

// TestChannelReadsWell plays whole games through the real discordgo client
// and the fake Discord, at an English server where Bob speaks German and
// opens the table, while Discord answers storms of 429s (per route and
// global) and loses answers to posts it made. It checks what the issue
// "a channel people want to keep open" asks: at most 1.25 board posts per
// turn pass (plus the start and the end), no post that pings the player
// who made it, every public post in the table's language (English), every
// message delivered in the end and none twice.
func TestChannelReadsWell(t *testing.T) {
	tests := []struct {
		game, options string
		players       []fakediscord.User
		moves         int // at most; -short plays fewer
	}{
		{"xibalba", "target=10", []fakediscord.User{bob, alice, carol}, 3000},
		{"xenoshyft", "", []fakediscord.User{bob, alice}, 3000},
	}
	for _, tt := range tests {
		t.Run(tt.game, func(t *testing.T) {
			e := startE2E(t, "gateway", stubRender)
			f := e.f
			// Bob speaks German, but the opening is public: English.
			if m := e.cmd(tt.players[0], "game new", "game="+tt.game, fmt.Sprintf("players=%d", len(tt.players)), "options="+tt.options); m.Ephemeral || !strings.Contains(m.Content, "opened a table") {
				t.Fatalf("/game new: %+v", m)
			}
			for _, u := range tt.players[1:] {
				e.cmd(u, "game join")
			}
			e.cmd(tt.players[0], "game start")
			e.settle()
			byID := map[string]fakediscord.User{}
			for _, u := range tt.players {
				byID[u.ID] = u
			}
			r := rng.New(3)
			seen := map[string]bool{} // posts already attributed to a move
			for _, m := range publicMessages(f) {
				seen[m.ID] = true
			}
			var key string
			_, g, _ := e.game()
			key = turnKey(g, "")
			passes, moves, pings, storms, clicks, silent := 0, 0, 0, 0, 0, 0
			limit := tt.moves
			if testing.Short() {
				limit = 150
			}
			for ; moves < limit; moves++ {
				tab, g, seats := e.game()
				if g == nil {
					break
				}
				made, err := e.store.Moves(e.ctx, tab.ID)
				if err != nil {
					t.Fatal(err)
				}
				before := len(made)
				// Now and then Discord rate limits posts and edits, or makes
				// a post but loses its answer.
				switch moves % 25 {
				case 5:
					f.RateLimit(http.MethodPost, "/api/v9/channels/"+where.ChannelID+"/messages", 3, 0.02, storms%2 == 1)
					f.RateLimit(http.MethodPatch, "/api/v9/channels/"+where.ChannelID+"/messages/", 2, 0.03, false)
					storms++
				case 15:
					f.LoseAnswerNext(http.MethodPost, "/api/v9/channels/"+where.ChannelID+"/messages")
				}
				actors := g.ToAct()
				seat := actors[r.Intn(len(actors))].Seat
				var legal []games.Move
				for _, m := range g.LegalMoves(seat) {
					if m.Group != games.SettingGroup {
						legal = append(legal, m)
					}
				}
				mv := legal[r.Intn(len(legal))]
				user := byID[seats[seat].UserID]
				live := lastPost(t, publicMessages(f))
				if id, values, ok := findMove(g, seat, live, mv.Notation); ok {
					// A click on the channel's buttons leaves the clicker
					// a message only when the move shows them something
					// of their own or leaves them private choices.
					answer := e.answer(f.Click(user, live, id, values...))
					clicks++
					next, events, err := games.PlayText(g, seat, mv.Notation)
					if err != nil {
						t.Fatalf("move %d: %q: %v", moves, mv.Notation, err)
					}
					private := ownsSomething(next, seat, events)
					switch {
					case answer.ID == "":
						silent++
						if private {
							t.Errorf("move %d: %s's click %q was only acknowledged, though it showed them something of their own", moves, user.Name, mv.Notation)
						}
					case !answer.Ephemeral:
						t.Errorf("move %d: %s's click %q was answered publicly: %q", moves, user.Name, mv.Notation, answer.Content)
					case !private:
						t.Errorf("move %d: %s's click %q left them a message with nothing of their own: %q", moves, user.Name, mv.Notation, answer.Content)
					}
				} else {
					e.cmd(user, "move", "action="+component.MoveRef(mv.Notation, 100))
				}
				if !e.changed(tab.Version) {
					t.Fatalf("move %d: %s's %q was not made", moves, user.Name, mv.Notation)
				}
				e.settle()
				// Forced moves the bot made after this one may open a
				// phase whose post pings the mover too (bot/forced.go).
				log, err := e.store.Moves(e.ctx, tab.ID)
				if err != nil {
					t.Fatal(err)
				}
				alone := len(log) == before+1
				_, next, _ := e.game()
				if next != nil {
					if k := turnKey(next, key); k != key {
						passes++
						key = k
					}
				}
				for _, m := range f.Messages(where.ChannelID) {
					if s := unfilledSeat(m); s != "" {
						t.Fatalf("move %d: a message shows %q: %+v", moves, s, m)
					}
				}
				for _, m := range publicMessages(f) {
					if seen[m.ID] || m.Kind != fakediscord.Post {
						continue
					}
					seen[m.ID] = true
					pings += len(m.Pinged)
					if alone && slices.Contains(m.Pinged, user.ID) {
						t.Errorf("move %d: %s's %q brought a post that pings them: %q", moves, user.Name, mv.Notation, m.Content)
					}
				}
			}
			if _, g, _ := e.game(); g != nil && !testing.Short() {
				t.Fatalf("no end after %d moves", moves)
			}

			var boards, texts, edits int
			var last string
			for _, m := range publicMessages(f) {
				if m.Kind != fakediscord.Post {
					continue
				}
				if m.Content == last {
					t.Errorf("the same post twice: %q", m.Content)
				}
				last = m.Content
				edits += m.Edits
				if len(m.Files) > 0 {
					boards++
				} else {
					texts++
				}
				if w := german.FindString(m.Content); w != "" {
					t.Errorf("a post at the English table says %q: %q", w, m.Content)
				}
			}
			ephemeral := map[string]int{}
			for _, m := range f.Messages(where.ChannelID) {
				if m.Ephemeral {
					ephemeral[m.UserID]++
				}
			}
			var private []string
			for _, u := range tt.players {
				private = append(private, fmt.Sprintf("%s %d ephemeral, %d DMs", u.Name, ephemeral[u.ID], len(f.DMs(u.ID))))
			}
			t.Logf("%s: %d moves, %d turn passes: %d board posts, %d text posts, %d edits, %d pings; %d clicks, %d acknowledged silently; %s; %d 429 storms",
				tt.game, moves, passes, boards, texts, edits, pings, clicks, silent, strings.Join(private, ", "), storms)
			if clicks > 0 && silent == 0 {
				t.Errorf("none of %d clicks was acknowledged silently", clicks)
			}
			if limit := passes*5/4 + 2; boards > limit {
				t.Errorf("%d board posts for %d turn passes, more than %d", boards, passes, limit)
			}
			// A short run stops early, perhaps before the posts its
			// injected failures wait for.
			if n := f.PendingFailures(); n != 0 && !testing.Short() {
				t.Errorf("%d injected failures never met a request", n)
			}
			if !testing.Short() && !strings.Contains(last, "/game export") {
				t.Errorf("the last post is not the result: %q", last)
			}
			// The German player gets his DMs in German.
			for _, dm := range f.DMs(bob.ID) {
				if english.MatchString(dm.Content) {
					t.Errorf("a DM to Bob is in English: %q", dm.Content)
				}
			}
			// He is answered in German; the ended game says so.
			if m := e.cmd(bob, "game status"); !testing.Short() && (!m.Ephemeral || !strings.Contains(m.Content, "zu Ende")) {
				t.Errorf("/game status for Bob after the end: %q", m.Content)
			}
		})
	}
}

// ownsSomething reports whether a move of seat that led to next with
// events showed seat something for it alone (its own events) or left it
// private choices: what the bot answers a click with.
func ownsSomething(next games.Game, seat games.Seat, events []games.Event) bool {
	for _, ev := range events {
		if ev.To != nil && ev.VisibleTo(seat) {
			return true
		}
	}
	for _, m := range next.LegalMoves(seat) {
		if m.Private && m.Group != games.SettingGroup {
			return true
		}
	}
	if p, ok := next.(games.Picker); ok {
		for _, pick := range p.Picks(seat) {
			if pick.Private {
				return true
			}
		}
	}
	return false
}
