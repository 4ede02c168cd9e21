package bot_test

import (
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/playbychat/pbc/bot"
	"github.com/playbychat/pbc/bot/stats"
)

// TestExportCarriesHistory plays a table to its end with the clock moving
// between moves and checks that its export holds what stats are rebuilt
// from: server, players, start, end, and who made each move when.
func TestExportCarriesHistory(t *testing.T) {
	h := newHarness(t, ":memory:")
	h.openTable([]string{alice, bob})
	id := h.table().ID
	play := func(user string) {
		t.Helper()
		choices := h.complete(user, "move", "action", "play")
		if len(choices) == 0 {
			t.Fatalf("%s has no card to play", users[user])
		}
		h.cmd(user, "move", "action="+choices[0].Value)
	}
	for h.table().Status == "running" {
		h.clock.Advance(10 * time.Minute)
		play(alice)
		h.clock.Advance(20 * time.Minute)
		play(bob)
		h.clock.Advance(5 * time.Minute)
		h.cmd(h.reactor(), "move", "action=pass")
		if tb, err := h.store.Table(t.Context(), id); err != nil || tb.Status != "running" {
			break
		}
	}
	end := h.clock.Now()
	m := h.cmd(alice, "game export", "table="+itoa(id))
	if len(m.Files) != 1 {
		t.Fatalf("export: %+v", m)
	}
	var e bot.Export
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
