package bot_test

import (
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/playbychat/pbc/bot"
	"github.com/playbychat/pbc/bot/export"
	"github.com/playbychat/pbc/bot/stats"
	"github.com/playbychat/pbc/db"
)

// playToEnd plays the running Sealed Bids table id of alice and bob to its
// end: each round Alice bids after 10 minutes, Bob 20 minutes later, and
// the round's loser passes 5 minutes after that.
func playToEnd(t *testing.T, h *harness, id int64) {
	t.Helper()
	play := func(user string) {
		t.Helper()
		choices := h.complete(user, "move", "action", "play")
		if len(choices) == 0 {
			t.Fatalf("%s has no card to play", users[user])
		}
		h.cmd(user, "move", "action="+choices[0].Value)
	}
	for {
		h.clock.Advance(10 * time.Minute)
		play(alice)
		h.clock.Advance(20 * time.Minute)
		play(bob)
		h.clock.Advance(5 * time.Minute)
		tb, err := h.store.Table(t.Context(), id)
		if err != nil {
			t.Fatal(err)
		}
		loser := ""
		for _, u := range []string{alice, bob} {
			if len(h.complete(u, "move", "action", "pass")) > 0 {
				loser = u
			}
		}
		if loser == "" {
			t.Fatalf("nobody may pass at table %d (%s)", id, tb.Status)
		}
		h.cmd(loser, "move", "action=pass")
		if tb, err := h.store.Table(t.Context(), id); err != nil || tb.Status != db.Running {
			return
		}
	}
}

// TestExportCarriesHistory plays a table to its end with the clock moving
// between moves and checks that its export holds what stats are rebuilt
// from: server, players, start, end, and who made each move when.
func TestExportCarriesHistory(t *testing.T) {
	h := newHarness(t, ":memory:")
	h.openTable([]string{alice, bob})
	id := h.table().ID
	playToEnd(t, h, id)
	end := h.clock.Now()
	m := h.cmd(alice, "game export", "table="+itoa(id))
	if len(m.Files) != 1 {
		t.Fatalf("export: %+v", m)
	}
	var e export.File
	if err := json.Unmarshal(m.Files[0].Data, &e); err != nil {
		t.Fatal(err)
	}
	if e.Table != id || e.Guild != "g1" || e.Status != stats.Finished || !e.Started.Equal(t0) || !e.Ended.Equal(end) {
		t.Errorf("export history: table %d guild %q status %s started %v ended %v; want %d g1 finished %v %v",
			e.Table, e.Guild, e.Status, e.Started, e.Ended, id, t0, end)
	}
	wantPlayers := []stats.Player{{User: alice, Name: "Alice"}, {User: bob, Name: "Bob"}}
	if !slices.Equal(e.Players, wantPlayers) {
		t.Errorf("players %+v, want %+v", e.Players, wantPlayers)
	}
	for i, mv := range e.Moves {
		if mv.User == "" || mv.At.IsZero() {
			t.Errorf("move %d lacks its user or time: %+v", i+1, mv)
		}
	}
	sum, err := stats.Summarize(e.Record)
	if err != nil {
		t.Fatal(err)
	}
	// Each round both bid from its start (10 and 30 minutes), then the
	// loser answers the reaction in 5 minutes.
	var took []time.Duration
	for _, a := range sum.Answers {
		took = append(took, a.Took)
	}
	var want []time.Duration
	for range 3 {
		want = append(want, 10*time.Minute, 30*time.Minute, 5*time.Minute)
	}
	if !slices.Equal(took, want) {
		t.Errorf("answers %v, want %v", took, want)
	}
}

// TestStatsCommand plays a finished and an abandoned table and reads
// /stats for the server and for one player.
func TestStatsCommand(t *testing.T) {
	h := newHarness(t, ":memory:")
	if m := h.cmd(alice, "stats"); !contains(m.Content, "No table has ended") {
		t.Errorf("/stats before any table ended: %q", m.Content)
	}
	h.openTable([]string{alice, bob})
	playToEnd(t, h, h.table().ID)
	h.openTable([]string{alice, bob})
	h.cmd(alice, "game abandon")

	sums, err := h.b.LiveSummaries(t.Context(), "g1")
	if err != nil {
		t.Fatal(err)
	}
	rep := stats.Compute(sums)
	if len(rep.Games) != 1 || rep.Games[0].Finished != 1 || rep.Games[0].Abandoned != 1 || len(rep.Games[0].Leaderboard) != 2 {
		t.Fatalf("report %+v", rep.Games)
	}
	winner := rep.Games[0].Leaderboard[0]
	m := h.cmd(bob, "stats")
	if !m.Ephemeral || !contains(m.Content, "Sealed Bids**: 1 finished, 1 abandoned", "1. "+winner.Name+": rating", "Weng-Lin") {
		t.Errorf("/stats:\n%s", m.Content)
	}
	in := h.command(bob, "stats", "user="+alice)
	in.Users = map[string]bot.User{alice: {ID: alice, Name: "Alice"}}
	p := h.run(in).Last()
	if !contains(p.Content, "**Alice**", "Sealed Bids: 1 played", "1 abandoned", " of 2)") {
		t.Errorf("/stats user:alice:\n%s", p.Content)
	}
	if m := h.cmd(bob, "stats", "user="+dave); !contains(m.Content, "no ended table") {
		t.Errorf("/stats of a newcomer: %q", m.Content)
	}
	checkRebuilt(t, h, bob)
}
