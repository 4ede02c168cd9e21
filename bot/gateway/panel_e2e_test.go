package gateway_test

import (
	"strings"
	"testing"

	bottext "github.com/playbychat/pbc/bot/text"
	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/internal/fakediscord"
)

// panelWatch follows the DMs of the people at an end-to-end game's table
// after every move: each person has one panel message (a DM with embeds),
// kept current by edits, that lists the whole text of every piece their
// seat holds; every other DM is a notice, sent only to a seat that must
// act then.
type panelWatch struct {
	t     *testing.T
	e     *e2e
	users []fakediscord.User
	// notices counts each person's notices checked so far, by user id.
	notices map[string]int
	moves   int
	// table is the table's id, once seen; prev its game at the last check
	// after played moves.
	table  int64
	prev   games.Game
	played int
	// pieces counts the piece texts found in panels.
	pieces int
}

func watchPanels(t *testing.T, e *e2e, users ...fakediscord.User) *panelWatch {
	return &panelWatch{t: t, e: e, users: users, notices: map[string]int{}}
}

// panelsAndNotices splits a person's DMs into panels (with embeds) and
// notices.
func panelsAndNotices(dms []fakediscord.Message) (panels, notices []fakediscord.Message) {
	for _, m := range dms {
		if len(m.Embeds) > 0 {
			panels = append(panels, m)
		} else {
			notices = append(notices, m)
		}
	}
	return panels, notices
}

// linksTo reports whether notice has a link button to the panel (none to
// link to when there is no panel).
func linksTo(notice fakediscord.Message, panels []fakediscord.Message) bool {
	if len(panels) == 0 {
		return true
	}
	want := "https://discord.com/channels/@me/" + panels[0].ChannelID + "/" + panels[0].ID
	for _, row := range notice.Rows {
		for _, c := range row {
			if c.Style == 5 && c.URL == want {
				return true
			}
		}
	}
	return false
}

// check looks at everyone's DMs after a move, once the bot has delivered
// what it owes.
func (w *panelWatch) check() {
	w.t.Helper()
	w.moves++
	tab, g, seats := w.e.game()
	if g == nil {
		return // over
	}
	w.table = tab.ID
	// The states since the last check: a notice was due if its seat had
	// to act in one of them (the bot may have made its forced move since).
	states := []games.Game{g}
	if w.prev == nil {
		def, _ := games.Lookup(tab.Game)
		start, _, err := def.Create(len(seats), tab.Options, tab.Seed)
		if err != nil {
			w.t.Fatal(err)
		}
		w.prev = start
		states = append(states, start)
	}
	moves, err := w.e.store.Moves(w.e.ctx, tab.ID)
	if err != nil {
		w.t.Fatal(err)
	}
	at := w.prev
	for _, m := range moves[w.played:] {
		if at, _, err = games.PlayText(at, games.Seat(m.Seat), m.Notation); err != nil {
			w.t.Fatalf("replay move %d: %v", m.N, err)
		}
		states = append(states, at)
	}
	w.played = len(moves)
	w.prev = g
	acted := func(seat games.Seat) bool {
		for _, st := range states {
			if _, acting := games.MustAct(st, seat); acting {
				return true
			}
		}
		return false
	}
	var catalog map[string]games.Card
	if c, ok := g.(games.Catalog); ok {
		catalog = map[string]games.Card{}
		for _, card := range c.Catalog() {
			catalog[card.ID] = card
		}
	}
	for _, u := range w.users {
		seat := games.Spectator
		for _, st := range seats {
			if st.UserID == u.ID {
				seat = games.Seat(st.Seat)
			}
		}
		panels, notices := panelsAndNotices(w.e.f.DMs(u.ID))
		if len(panels) > 1 {
			w.t.Fatalf("move %d: %s has %d panel messages, want one", w.moves, u.Name, len(panels))
		}
		for _, n := range notices[w.notices[u.ID]:] {
			if !acted(seat) {
				w.t.Errorf("move %d: %s got a new DM but need not act: %q", w.moves, u.Name, n.Content)
			}
			if !linksTo(n, panels) {
				w.t.Errorf("move %d: a notice to %s does not link to the panel: %+v", w.moves, u.Name, n)
			}
		}
		w.notices[u.ID] = len(notices)
		holder, ok := g.View(seat).(games.Holder)
		if !ok || len(panels) == 0 {
			continue
		}
		text := panels[0].Text()
		for _, h := range holder.Holdings() {
			for _, id := range h.Pieces {
				body := catalog[id].Body.In(bottext.FromLocale(u.Locale))
				if body == "" || strings.Contains(body, "{p") {
					continue // no text, or seat names the bot fills in
				}
				if !strings.Contains(text, body) {
					w.t.Fatalf("move %d: %s's panel lacks the whole text of %s %q:\n%s", w.moves, u.Name, id, body, text)
				}
				w.pieces++
			}
		}
	}
}

// report checks and logs the figures of the whole game: one panel per
// person, edited in place, and fewer edits than changes (moves, the bot's
// included): a change that shows a seat nothing new edits nothing.
func (w *panelWatch) report() {
	w.t.Helper()
	moves, err := w.e.store.Moves(w.e.ctx, w.table)
	if err != nil {
		w.t.Fatal(err)
	}
	for _, u := range w.users {
		panels, notices := panelsAndNotices(w.e.f.DMs(u.ID))
		if len(panels) != 1 {
			w.t.Errorf("%s has %d panel messages, want one", u.Name, len(panels))
			continue
		}
		p := panels[0]
		if p.Edits == 0 || p.Edits >= len(moves) {
			w.t.Errorf("%s's panel was edited %d times in %d moves: want some edits, fewer than the moves", u.Name, p.Edits, len(moves))
		}
		w.t.Logf("%s: 1 panel created, edited %d times in %d moves (%d made by the test); %d notices created", u.Name, p.Edits, len(moves), w.moves, len(notices))
	}
	if w.pieces == 0 {
		w.t.Error("no panel held a piece: nothing was checked")
	}
	w.t.Logf("%d piece texts checked in panels", w.pieces)
}
