package bot_test

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/playbychat/pbc/bot"
	"github.com/playbychat/pbc/bot/export"
	"github.com/playbychat/pbc/bot/stats"
	"github.com/playbychat/pbc/db"
)

// exportRecord exports table id as user and decodes its record.
func exportRecord(t *testing.T, h *harness, user string, id int64) stats.Record {
	t.Helper()
	m := h.cmd(user, "game export", "table="+itoa(id))
	if len(m.Files) != 1 {
		t.Fatalf("export of table %d: %+v", id, m)
	}
	var e export.File
	if err := json.Unmarshal(m.Files[0].Data, &e); err != nil {
		t.Fatal(err)
	}
	return e.Record
}

// checkRebuilt checks that the stats rebuilt from the exports of the
// guild's ended tables equal the live figures.
func checkRebuilt(t *testing.T, h *harness, user string) {
	t.Helper()
	live, err := h.b.LiveSummaries(t.Context(), "g1")
	if err != nil {
		t.Fatal(err)
	}
	answers := 0
	for _, s := range live {
		answers += len(s.Answers)
	}
	if len(live) == 0 || answers == 0 {
		t.Fatalf("%d ended tables with %d answers: nothing to compare", len(live), answers)
	}
	var rebuilt []stats.Summary
	for _, s := range live {
		sum, err := stats.Summarize(exportRecord(t, h, user, s.Table))
		if err != nil {
			t.Fatal(err)
		}
		rebuilt = append(rebuilt, sum)
	}
	for i := range live {
		if !reflect.DeepEqual(live[i], rebuilt[i]) {
			t.Errorf("table %d: live summary\n%+v\nrebuilt from its export\n%+v", live[i].Table, live[i], rebuilt[i])
		}
	}
	if a, b := stats.Compute(live), stats.Compute(rebuilt); !reflect.DeepEqual(a, b) {
		t.Errorf("live figures\n%+v\nrebuilt figures\n%+v", a, b)
	}
}

// TestBotSeatsPlayWithOneHuman opens a table with two bot seats: the bot
// plays them itself, announced like any move, and the game reaches its end
// with the human's moves only.
func TestBotSeatsPlayWithOneHuman(t *testing.T) {
	h := newHarness(t, ":memory:")
	opened := h.cmd(alice, "game new", "game=sealedbids", "players=3", "bots=2")
	if !strings.Contains(opened.Content, "The bot plays 2 seats") {
		t.Fatalf("/game new bots=2: %q", opened.Content)
	}
	if m := h.cmd(alice, "game start"); m.Content == "" {
		t.Fatal("no answer to /game start")
	}
	id := h.table().ID
	humanMoves := 0
	for range 50 {
		tb, err := h.store.Table(t.Context(), id)
		if err != nil {
			t.Fatal(err)
		}
		if tb.Status != db.Running {
			break
		}
		choices := h.complete(alice, "move", "action", "")
		if len(choices) == 0 {
			t.Fatalf("the game waits, but not for Alice: the bots did not move")
		}
		h.clock.Advance(time.Hour)
		h.cmd(alice, "move", "action="+choices[0].Value)
		humanMoves++
	}
	tb, err := h.store.Table(t.Context(), id)
	if err != nil || tb.Status != db.Finished {
		t.Fatalf("table is %s after %d moves of Alice (%v)", tb.Status, humanMoves, err)
	}
	moves, err := h.store.Moves(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	bots := 0
	for _, m := range moves {
		switch {
		case m.Seat == 0 && m.UserID != alice, m.Seat != 0 && m.UserID != "":
			t.Errorf("move %d of seat %d recorded as made by %q", m.N, m.Seat, m.UserID)
		case m.Seat != 0:
			bots++
		}
	}
	if bots == 0 || len(moves)-bots != humanMoves {
		t.Errorf("%d bot moves and %d of Alice's in the log, Alice made %d", bots, len(moves)-bots, humanMoves)
	}
	for _, p := range h.discord.TakePosts() {
		if slices.Contains(p.Message.Mentions, "") || strings.Contains(p.Message.Content, "<@>") {
			t.Errorf("a post pings a bot seat: %+v", p.Message)
		}
	}
	for _, dm := range h.discord.TakeDMs() {
		if dm.User != alice {
			t.Errorf("a DM went to %q", dm.User)
		}
	}
	checkRebuilt(t, h, alice)
}

// TestReplaceWithBot hands a running seat to the bot, which plays it at
// once, and back to a person.
func TestReplaceWithBot(t *testing.T) {
	h := newHarness(t, ":memory:")
	h.openTable([]string{alice, bob})
	h.cmd(alice, "move", "action="+h.complete(alice, "move", "action", "play")[0].Value)
	if m := h.cmd(carol, "game replace", "seat=2", "bot=true"); !strings.Contains(m.Content, "creator") {
		t.Fatalf("a stranger handed a seat to the bot: %q", m.Content)
	}
	m := h.cmd(alice, "game replace", "seat=2", "bot=true")
	if !strings.Contains(m.Content, "goes to Bot 2") {
		t.Fatalf("replace by the bot: %q", m.Content)
	}
	// The bot played Bob's card at once: the round is revealed.
	moves, err := h.store.Moves(t.Context(), h.table().ID)
	if err != nil || len(moves) < 2 || moves[1].Seat != 1 || moves[1].UserID != "" {
		t.Fatalf("after the hand-over the log is %+v (%v)", moves, err)
	}
	if m := h.cmd(alice, "game replace", "seat=2", "bot=true"); !strings.Contains(m.Content, "already plays") {
		t.Errorf("a second hand-over: %q", m.Content)
	}
	in := h.command(alice, "game replace", "seat=2", "user="+dave)
	in.Users = map[string]bot.User{dave: {ID: dave, Name: "Dave"}}
	if m := h.run(in).Last(); !strings.Contains(m.Content, "<@"+dave+">") {
		t.Fatalf("back to a person: %q", m.Content)
	}
	seats, err := h.store.Seats(t.Context(), h.table().ID)
	if err != nil || seats[1].UserID != dave || seats[1].Bot {
		t.Errorf("seat 2 after the return: %+v (%v)", seats, err)
	}
}

// TestXibalbaOneHumanThreeBots plays a 4-player XIBALBA table (to 12
// paragon points, so that it ends soon) with three bot seats: the human
// always takes the first move /move suggests, and the table reaches its end
// with the human's moves only.
func TestXibalbaOneHumanThreeBots(t *testing.T) {
	h := newHarness(t, ":memory:")
	h.cmd(alice, "game new", "game=xibalba", "players=4", "bots=3", "options=target=12")
	h.cmd(alice, "game start")
	id := h.table().ID
	human := 0
	for ; human < 1500; human++ {
		tb, err := h.store.Table(t.Context(), id)
		if err != nil {
			t.Fatal(err)
		}
		if tb.Status != db.Running {
			break
		}
		choices := h.complete(alice, "move", "action", "")
		if len(choices) == 0 {
			t.Fatalf("after %d moves of Alice the game waits, but not for her", human)
		}
		h.clock.Advance(time.Minute)
		h.cmd(alice, "move", "action="+choices[0].Value)
	}
	if tb, err := h.store.Table(t.Context(), id); err != nil || tb.Status != db.Finished {
		t.Fatalf("table is %s after %d moves of Alice (%v)", tb.Status, human, err)
	}
	// One post per turn: a reaction asked of a bot seat (a block) brings
	// no post for nobody, the bot answers it in an edit.
	boards := 0
	for _, p := range h.discord.TakePosts() {
		switch {
		case len(p.Message.Files) > 0:
			boards++
		case len(p.Message.Mentions) == 0:
			t.Errorf("a text post pings nobody: %q", p.Message.Content)
		}
	}
	if boards == 0 {
		t.Error("no board post")
	}
	checkRebuilt(t, h, alice)
	t.Logf("finished after %d moves of Alice, %d board posts", human, boards)
}

// TestNewTableWithBots checks what /game new's players and bots make: the
// table's size when players is given (start waits for the missing people),
// any size the game takes otherwise, and never a table of bots alone.
func TestNewTableWithBots(t *testing.T) {
	for _, tc := range []struct {
		name   string
		opts   []string
		opened string   // in the /game new answer
		before []string // the users who join before the first start
		leave  bool     // the creator leaves before the first start
		refuse string   // the first start's refusal ("" when it starts)
		seats  int      // at the start
	}{
		{"players:3 bots:1 waits for a third", []string{"game=xibalba", "players=3", "bots=1"}, "(3 players)", nil, false, "1 more must /game join", 3},
		{"players:3 bots:1 with a third", []string{"game=xibalba", "players=3", "bots=1"}, "(3 players)", []string{bob}, false, "", 3},
		{"bots:1 alone takes any size", []string{"game=xibalba", "bots=1"}, "(2 to 4 players)", nil, false, "", 2},
		{"players:2 bots:1 is full", []string{"game=xenoshyft", "players=2", "bots=1"}, "(2 players)", nil, false, "", 2},
		{"no table of bots alone", []string{"game=xenoshyft", "bots=1"}, "(1 to 4 players)", nil, true, "at least one person", 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, ":memory:")
			if m := h.cmd(alice, "game new", tc.opts...); !strings.Contains(m.Content, tc.opened) || !strings.Contains(m.Content, "The bot plays 1 seat") {
				t.Fatalf("/game new: %q", m.Content)
			}
			for _, u := range tc.before {
				h.cmd(u, "game join")
			}
			if tc.leave {
				h.cmd(alice, "game leave")
			}
			m := h.cmd(alice, "game start")
			if tc.refuse != "" {
				if !m.Ephemeral || !strings.Contains(m.Content, tc.refuse) || h.table().Status != db.Open {
					t.Fatalf("the first /game start answered %q (table %v), want a refusal %q", m.Content, h.table().Status, tc.refuse)
				}
				h.cmd(bob, "game join")
				m = h.cmd(alice, "game start")
			}
			tb := h.table()
			seats, err := h.store.Seats(t.Context(), tb.ID)
			if err != nil {
				t.Fatal(err)
			}
			if tb.Status != db.Running || len(seats) != tc.seats {
				t.Errorf("/game start answered %q: table %v with %d seats, want running with %d", m.Content, tb.Status, len(seats), tc.seats)
			}
		})
	}
}

// TestBotAccountNeverSeated refuses a bot account a seat, with the reason:
// by /game replace (Discord names this bot's own account, or another bot,
// as the user), by /game join and by /game new.
func TestBotAccountNeverSeated(t *testing.T) {
	const botAccount = "b1"
	tests := []struct {
		name string
		run  func(h *harness) bot.Message
	}{
		{name: "replace", run: func(h *harness) bot.Message {
			h.openTable([]string{alice, bob})
			in := h.command(alice, "game replace", "seat=2", "user="+botAccount)
			in.Users = map[string]bot.User{botAccount: {ID: botAccount, Name: "PBC", Bot: true}}
			return h.run(in).Last()
		}},
		{name: "join", run: func(h *harness) bot.Message {
			h.cmd(alice, "game new", "game=sealedbids")
			in := h.command(botAccount, "game join")
			in.User = bot.User{ID: botAccount, Name: "PBC", Bot: true}
			return h.run(in).Last()
		}},
		{name: "new", run: func(h *harness) bot.Message {
			in := h.command(botAccount, "game new", "game=sealedbids")
			in.User = bot.User{ID: botAccount, Name: "PBC", Bot: true}
			return h.run(in).Last()
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t, ":memory:")
			m := tt.run(h)
			if !m.Ephemeral || !strings.Contains(m.Content, "PBC is a bot account") {
				t.Errorf("answer %q (ephemeral %v), want a refusal naming the bot account", m.Content, m.Ephemeral)
			}
			if tb, err := h.store.ActiveTable(t.Context(), h.channel); err == nil {
				seats, _ := h.store.Seats(t.Context(), tb.ID)
				for _, st := range seats {
					if st.UserID == botAccount {
						t.Errorf("the bot account holds seat %d", st.Seat+1)
					}
				}
			}
		})
	}
}
