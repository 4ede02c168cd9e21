package dei

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/rng"
)

// nearMisses derives notations close to the legal ones (other areas, other
// counts, extra words) plus some nonsense, keeping those that are not legal.
func nearMisses(legal []games.Move, r *rng.Source) []string {
	set := map[string]bool{}
	for _, m := range legal {
		set[m.Notation] = true
	}
	cands := []string{"end", "done", "land", "pass", "harvest", "drop", "back", "move", "play", "buy", "move g1 g2 1",
		"collect g99", "deploy r1", "build camp g1", "plan ax1,ax1", "draft scout", "faction auxilia", "leader g1",
		"mission mi1", "kill auxilia", "tele g1", "fly g1", "candy move", "copy ax1", "abraham", "parcel bm1"}
	for _, m := range legal {
		f := strings.Fields(m.Notation)
		i := r.Intn(len(f))
		switch {
		case len(f[i]) > 1 && (f[i][0] == 'g' || f[i][0] == 'r'):
			if n, err := strconv.Atoi(f[i][1:]); err == nil {
				f[i] = f[i][:1] + strconv.Itoa(n+1+r.Intn(4))
			}
		default:
			if n, err := strconv.Atoi(f[i]); err == nil {
				f[i] = strconv.Itoa(n + 1 + r.Intn(3))
			} else {
				f = append(f, "x")
			}
		}
		cands = append(cands, strings.Join(f, " "), m.Notation+" 1")
	}
	var out []string
	for _, c := range cands {
		if !set[games.NormalizeNotation(c)] {
			out = append(out, c)
		}
	}
	return out
}

// TestLegalMovesAreExactlyApplicable plays random games and, in many
// positions, applies every listed move of every seat (each must succeed and
// keep the invariants) and many unlisted ones (each must be refused with a
// rule error), leaving the original game unchanged. Exactly the seats asked
// to act have moves.
func TestLegalMovesAreExactlyApplicable(t *testing.T) {
	configs := []map[string]string{
		nil,
		{"planning": "on", "draft": "on", "factions": "random"},
		{"confrontation": "on", "rebellion": "on", "map": "random", "outposts": "random"},
		{"nochoice": "on"},
	}
	count := 6
	if testing.Short() {
		count = 3
	}
	for i := range count {
		seats := 2 + i%3
		raw := configs[i%len(configs)]
		t.Run(fmt.Sprintf("%dp/%d", seats, i), func(t *testing.T) {
			t.Parallel()
			checkEveryMove(t, seats, raw, uint64(900+i), 220)
		})
	}
}

func checkEveryMove(t *testing.T, seats int, raw map[string]string, seed uint64, positions int) {
	g, _, err := Definition.Create(seats, raw, seed)
	if err != nil {
		t.Fatal(err)
	}
	r := rng.New(seed)
	for pos := 0; pos < positions && !g.Status().Finished; pos++ {
		acting := map[games.Seat]bool{}
		for _, a := range g.ToAct() {
			acting[a.Seat] = true
		}
		before, err := g.MarshalState()
		if err != nil {
			t.Fatal(err)
		}
		for seat := games.Seat(0); int(seat) < seats; seat++ {
			legal := g.LegalMoves(seat)
			if (len(legal) > 0) != acting[seat] {
				t.Fatalf("position %d: seat %d acting %v but has %d moves", pos, seat, acting[seat], len(legal))
			}
			seen := map[string]bool{}
			for _, m := range legal {
				if seen[m.Notation] {
					t.Fatalf("position %d: move %q listed twice", pos, m.Notation)
				}
				seen[m.Notation] = true
				if m.Label.EN == "" || m.Label.DE == "" || len([]rune(m.Label.EN)) > 100 {
					t.Fatalf("position %d: move %q has label %q", pos, m.Notation, m.Label)
				}
				next, _, err := games.PlayText(g, seat, m.Notation)
				if err != nil {
					t.Fatalf("position %d: listed move %q of seat %d refused: %v", pos, m.Notation, seat, err)
				}
				if err := next.(games.Checker).CheckInvariants(); err != nil {
					t.Fatalf("position %d: after %q of seat %d: %v", pos, m.Notation, seat, err)
				}
			}
			for _, n := range nearMisses(legal, r) {
				if _, _, err := games.PlayText(g, seat, n); err == nil {
					t.Fatalf("position %d: unlisted move %q of seat %d accepted", pos, n, seat)
				} else if _, ok := games.AsRuleError(err); !ok {
					t.Fatalf("position %d: unlisted move %q of seat %d: %v is no rule error", pos, n, seat, err)
				}
			}
		}
		after, err := g.MarshalState()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(before, after) {
			t.Fatalf("position %d: applying moves changed the original game", pos)
		}
		actors := g.ToAct()
		seat := actors[r.Intn(len(actors))].Seat
		moves := g.LegalMoves(seat)
		if g, _, err = games.PlayText(g, seat, moves[r.Intn(len(moves))].Notation); err != nil {
			t.Fatal(err)
		}
	}
}

// TestMenusFit checks in random games that a decision's buttons (primary
// moves) fit Discord's rows, and that in a decision small enough for one
// menu every move that is no button names a piece, whose text its select
// option shows.
func TestMenusFit(t *testing.T) {
	for i := range 6 {
		seats := 2 + i%3
		g, _, err := Definition.Create(seats, nil, uint64(40+i))
		if err != nil {
			t.Fatal(err)
		}
		r := rng.New(uint64(i))
		for !g.Status().Finished {
			seat := g.ToAct()[0].Seat
			moves := g.LegalMoves(seat)
			primary := 0
			for _, m := range moves {
				if m.Primary {
					primary++
				}
			}
			if primary > maxShown+1 {
				t.Fatalf("%d primary moves: %v", primary, moves[:primary])
			}
			for _, m := range moves {
				if len(moves) <= maxShown && !m.Primary && !m.Shortcut && m.Piece == "" {
					t.Fatalf("%q is neither a button nor a piece", m.Notation)
				}
			}
			// Follow the menu now and then, else play any move.
			var m games.Move
			if r.Intn(2) == 0 {
				m = moves[r.Intn(max(1, primary))]
			} else {
				m = moves[r.Intn(len(moves))]
			}
			if g, _, err = games.PlayText(g, seat, m.Notation); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestMenuStepsReachEveryMove checks in random games with every option
// that the action phase's menu (games.Menu) fits Discord at every level
// (at most maxShown entries, so that the bot's "Back" fits in four rows of
// five buttons), that its paths fit in a custom ID, and that walking its
// steps reaches every legal move of the decision. LegalMoves lists no step.
func TestMenuStepsReachEveryMove(t *testing.T) {
	configs := []map[string]string{
		nil,
		{"planning": "on", "draft": "on"},
		{"confrontation": "on", "rebellion": "on", "map": "random", "outposts": "random"},
	}
	for i := range 6 {
		seats := 2 + i%3
		raw := configs[i%len(configs)]
		t.Run(fmt.Sprintf("%dp/%d", seats, i), func(t *testing.T) {
			t.Parallel()
			g, _, err := Definition.Create(seats, raw, uint64(70+i))
			if err != nil {
				t.Fatal(err)
			}
			r := rng.New(uint64(i))
			walked := 0
			for pos := 0; !g.Status().Finished; pos++ {
				seat := g.ToAct()[0].Seat
				moves := g.LegalMoves(seat)
				for _, m := range moves {
					if m.Role == games.RoleStep || m.Group == "menu" {
						t.Fatalf("LegalMoves lists the menu step %q", m.Notation)
					}
				}
				if pos%7 == 0 && checkMenuReaches(t, g, seat, moves) {
					walked++
				}
				if g, _, err = games.PlayText(g, seat, moves[r.Intn(len(moves))].Notation); err != nil {
					t.Fatal(err)
				}
			}
			if walked == 0 {
				t.Fatal("no menu was walked")
			}
		})
	}
}

// checkMenuReaches walks every level of seat's menu in g and fails unless
// each level fits and together they reach every legal move; it reports
// whether g lays seat's moves out as a menu.
func checkMenuReaches(t *testing.T, g games.Game, seat games.Seat, moves []games.Move) bool {
	t.Helper()
	menu := g.(games.Menu)
	if _, ok := menu.MenuLevel(seat, ""); !ok {
		return false
	}
	reached := map[string]bool{}
	var walk func(path string)
	walk = func(path string) {
		entries, ok := menu.MenuLevel(seat, path)
		if !ok {
			t.Fatalf("menu %q: no level", path)
		}
		if path != "" {
			back := entries[len(entries)-1]
			if back.Role != games.RoleBack || len(strings.Fields(back.Notation)) != len(strings.Fields(path))-1 {
				t.Fatalf("menu %q: the last entry %+v does not lead back up", path, back)
			}
			entries = entries[:len(entries)-1]
		}
		if len(entries) == 0 || len(entries) > maxShown {
			t.Fatalf("menu %q: %d entries", path, len(entries))
		}
		if len(path) > 60 {
			t.Fatalf("menu path %q too long for a custom ID", path)
		}
		for _, m := range entries {
			if m.Role != games.RoleStep {
				if _, legal := games.Match(moves, m.Notation); !legal {
					t.Fatalf("menu %q: %q is no legal move", path, m.Notation)
				}
				reached[m.Notation] = true
				continue
			}
			if !strings.HasPrefix(m.Notation, path) || len(strings.Fields(m.Notation)) != len(strings.Fields(path))+1 {
				t.Fatalf("menu %q: step %q is not one level down", path, m.Notation)
			}
			walk(m.Notation)
		}
	}
	walk("")
	for _, m := range moves {
		if !reached[m.Notation] {
			t.Fatalf("no menu path reaches %q", m.Notation)
		}
	}
	return true
}
