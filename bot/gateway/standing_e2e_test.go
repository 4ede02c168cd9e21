package gateway_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/internal/fakediscord"
)

// TestPassForTheRound plays two-seat Xenoshyft through the real discordgo
// client, both persons moving by /move (their seats' policies). When round
// 1's combat asks Carol to react, with a real choice, she chooses "pass for
// the rest of this round" in the standing-choices menu of her /hand, and
// the bot passes for her at once. Until round 2 she is woken for no
// decision she could pass and the table never waits on her for one (the
// bot passes for her, real choices too); she is woken only for decisions
// without a pass (the collect phase's ready). Her /hand lists the choice
// while it lasts, Alice's never (hers lists her own), and /game undo of the pass made for her
// is refused. In round 2 she is asked again.
func TestPassForTheRound(t *testing.T) {
	e := startE2E(t, "gateway", stubRender)
	e.cmd(alice, "game new", "game=xenoshyft", "players=2", "bots=0")
	e.cmd(carol, "game join")
	e.done(alice, "game start")
	// Alice is asked even for her forced passes, so that none is made
	// after the pass made for Carol: that one is the last move, and Carol
	// tries to take it back.
	hand := e.cmd(alice, "hand")
	menu, ok := standingChoices(hand)
	if !ok {
		t.Fatalf("Alice's /hand has no standing choices: %+v", hand.Rows)
	}
	e.answer(e.f.Click(alice, hand, menu.CustomID, "!set:ask"))
	users := map[string]fakediscord.User{alice.ID: alice, carol.ID: carol}
	w := newWakes(e.f, []fakediscord.User{alice, carol})
	r := rand.New(rand.NewPCG(15, 16))
	const (
		before = iota // round 1 before its combat
		during        // Carol passes for the round
		after         // round 2
	)
	stage, from, askedAgain := before, 0, false
	for moves := 0; moves < 3000 && !(stage == after && askedAgain); moves++ {
		tab, g, seats := e.game()
		if g == nil {
			t.Fatal("the game ended before round 2")
		}
		round := g.(games.Rounder).Round()
		newly := w.since()
		bySeat := map[games.Seat]fakediscord.User{}
		var carolAt games.Seat
		for _, st := range seats {
			bySeat[games.Seat(st.Seat)] = users[st.UserID]
			if st.UserID == carol.ID {
				carolAt = games.Seat(st.Seat)
			}
		}
		switch {
		case stage == before && round == 1 && g.(games.Spanner).Span(carolAt) != "" && carolMay(g, carolAt):
			from = e.logLen(tab)
			hand := e.cmd(carol, "hand")
			menu, ok = standingChoices(hand)
			if !ok {
				t.Fatalf("Carol's /hand has no standing choices: %+v", hand.Rows)
			}
			e.answer(e.f.Click(carol, hand, menu.CustomID, "!set:round"))
			e.settle()
			// Carol had a pass: the bot made it at once, and it is not
			// hers to take back.
			if log := e.log(tab); len(log) != from+1 || log[from].Seat != int(carolAt) || log[from].Notation != "pass" {
				t.Fatalf("the moves after the choice are %+v, want Carol's pass alone", log[from:])
			}
			if m := e.cmd(carol, "game undo"); !strings.Contains(m.Content, "as your standing choice says") {
				t.Errorf("/game undo of the pass made for Carol answered %q", m.Content)
			}
			if m := e.cmd(carol, "hand"); !strings.Contains(m.Content, "you pass for the rest of this round") {
				t.Errorf("Carol's /hand does not list the choice: %q", m.Content)
			}
			if m := e.cmd(alice, "hand"); strings.Contains(m.Content, "rest of this round") {
				t.Errorf("Alice's /hand lists Carol's choice: %q", m.Content)
			}
			stage = during
			continue
		case stage == during && round > 1:
			stage = after
			if m := e.cmd(carol, "hand"); strings.Contains(m.Content, "rest of this round") {
				t.Errorf("Carol's /hand still lists the choice in round %d: %q", round, m.Content)
			}
			passes := 0
			for _, m := range e.log(tab)[from:] {
				if m.Seat == int(carolAt) && m.Notation == "pass" {
					passes++
				}
			}
			if passes == 0 {
				t.Errorf("no pass was made for Carol in round 1")
			}
		case stage == during:
			_, acting := games.MustAct(g, carolAt)
			if (newly[carol.ID] || acting) && hasPass(g, carolAt) {
				t.Errorf("round %d: Carol was woken (%v) or waited on (%v) for a decision she passes", round, newly[carol.ID], acting)
			}
		case stage == after && newly[carol.ID]:
			askedAgain = true
		}
		acting := g.ToAct()
		if len(acting) == 0 {
			t.Fatalf("the table waits on nobody")
		}
		seat := acting[r.IntN(len(acting))].Seat
		def, _ := games.Lookup(tab.Game)
		m, ok := def.BotMove(g, seat, r)
		if !ok {
			t.Fatalf("seat %d must act but has no move", seat)
		}
		e.done(bySeat[seat], "move", "action="+m.Notation)
	}
	if stage != after || !askedAgain {
		t.Fatalf("stage %d, asked again %v: the game did not get far enough", stage, askedAgain)
	}
}

// log returns the moves of tab.
func (e *e2e) log(tab db.Table) []db.Move {
	e.t.Helper()
	moves, err := e.store.Moves(e.ctx, tab.ID)
	if err != nil {
		e.t.Fatal(err)
	}
	return moves
}

// logLen returns the number of moves of tab.
func (e *e2e) logLen(tab db.Table) int { return len(e.log(tab)) }

// standingChoices returns the menu of standing choices of m.
func standingChoices(m fakediscord.Message) (fakediscord.Component, bool) {
	for _, row := range m.Rows {
		for _, c := range row {
			if c.Placeholder == standingMenu {
				return c, true
			}
		}
	}
	return fakediscord.Component{}, false
}

// carolMay reports whether seat must act in g and may pass.
func carolMay(g games.Game, seat games.Seat) bool {
	_, acting := games.MustAct(g, seat)
	return acting && hasPass(g, seat)
}

// hasPass reports whether seat may pass in g (a move of games.RolePass).
func hasPass(g games.Game, seat games.Seat) bool {
	for _, m := range g.LegalMoves(seat) {
		if m.Role == games.RolePass && m.Group != games.SettingGroup {
			return true
		}
	}
	return false
}
