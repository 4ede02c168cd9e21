package bot_test

import (
	"context"
	"strings"
	"testing"

	"github.com/playbychat/pbc/bot"
	"github.com/playbychat/pbc/bot/component"
	_ "github.com/playbychat/pbc/games/dei"
)

// TestMenuStepCommitsNothing walks D.E.I.'s action-phase menu (games.Menu)
// from /hand: an old record's step typed with /move is refused; a step answers with the next level privately, and the level
// below it is shown in place of the clicked ephemeral view, without a move
// row or a new table version; a whole move chosen at that level is
// committed once.
func TestMenuStepCommitsNothing(t *testing.T) {
	h := newHarness(t, ":memory:")
	h.cmd(alice, "game new", "game=dei", "players=2")
	h.cmd(bob, "game join")
	h.cmd(alice, "game start")
	ctx := context.Background()
	rows := func() int {
		moves, err := h.store.Moves(ctx, h.table().ID)
		if err != nil {
			t.Fatal(err)
		}
		return len(moves)
	}
	// Play whole moves (the first suggestion, never ending the phase)
	// until a player's view offers a step of the menu.
	var (
		user string
		step component.Button
	)
	for n := 0; n < 40 && step.CustomID == ""; n++ {
		for _, u := range []string{alice, bob} {
			choices := h.complete(u, "move", "action", "")
			if len(choices) == 0 {
				continue
			}
			for _, b := range buttons(h.cmd(u, "hand")) {
				if strings.HasPrefix(b.CustomID, string(component.MenuStep)+":") {
					user, step = u, b
				}
			}
			if step.CustomID != "" {
				break
			}
			move := choices[0].Value
			for _, c := range choices {
				if c.Value != "end" && c.Value != "done" {
					move = c.Value
					break
				}
			}
			h.cmd(u, "move", "action="+move)
			break
		}
	}
	if step.CustomID == "" {
		t.Fatal("no view offered a menu step")
	}
	version, before := h.table().Version, rows()

	// An old record's step, typed, is refused: it replays but is never
	// made anew.
	id, err := component.Parse(step.CustomID)
	if err != nil {
		t.Fatal(err)
	}
	if m := h.cmd(user, "move", "action="+id.Path+" ..."); !m.Ephemeral || rows() != before || h.table().Version != version {
		t.Fatalf("the typed step %q was made: %q", id.Path+" ...", m.Content)
	}

	in := h.base(user, bot.ComponentInteraction)
	in.CustomID = step.CustomID
	r := h.run(in)
	if len(r.Replies) != 1 || !r.Replies[0].Ephemeral || len(r.Replies[0].Rows) == 0 {
		t.Fatalf("the step %q answered %+v", step.Label, r)
	}
	level := r.Replies[0]
	if got := h.table().Version; got != version || rows() != before {
		t.Fatalf("the step %q was committed: version %d → %d, %d → %d move rows", step.Label, version, got, before, rows())
	}
	var next, move component.Button
	for _, b := range buttons(level) {
		switch {
		case strings.HasPrefix(b.CustomID, string(component.MoveButton)+":") && move.CustomID == "":
			move = b
		case strings.HasPrefix(b.CustomID, string(component.MenuStep)+":") && next.CustomID == "":
			next = b
		}
	}
	if next.CustomID == "" {
		t.Fatalf("the level of %q offers no step (not even back up): %+v", step.Label, level.Rows)
	}
	in = h.base(user, bot.ComponentInteraction)
	in.CustomID, in.Ephemeral = next.CustomID, true
	if r = h.run(in); len(r.Updates) != 1 || len(r.Replies) != 0 {
		t.Fatalf("a step on an ephemeral level answered %d updates, %d replies", len(r.Updates), len(r.Replies))
	}
	if got := h.table().Version; got != version || rows() != before {
		t.Fatalf("the step %q was committed", next.Label)
	}
	t.Logf("step %q, then %q; move %q", step.Label, next.Label, move.Label)
	if move.CustomID == "" {
		return // this level holds only steps and select options
	}
	in = h.base(user, bot.ComponentInteraction)
	in.CustomID, in.Ephemeral = move.CustomID, true
	h.run(in)
	if got := rows(); got != before+1 {
		t.Fatalf("the move %q made %d move rows, want 1", move.Label, got-before)
	}
}
