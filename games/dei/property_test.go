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
// moves) fit Discord's rows and that every step of the menu leads to moves.
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
			if primary == 0 && len(moves) <= maxShown {
				t.Fatalf("no primary moves among %d", len(moves))
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
// that the menu (the moves that are no shortcut) fits Discord at every
// step (at most maxShown moves and "back": four rows of five buttons) and
// that following its steps reaches every legal move of the decision.
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
			for pos := 0; !g.Status().Finished; pos++ {
				seat := g.ToAct()[0].Seat
				moves := g.LegalMoves(seat)
				if pos%7 == 0 {
					checkMenuReaches(t, g, seat, moves)
				}
				var real []games.Move
				for _, m := range moves {
					if m.Group != "menu" {
						real = append(real, m)
					}
				}
				if g, _, err = games.PlayText(g, seat, real[r.Intn(len(real))].Notation); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// checkMenuReaches walks every step of seat's menu from g and fails unless
// each step fits and together they reach every legal move.
func checkMenuReaches(t *testing.T, g games.Game, seat games.Seat, moves []games.Move) {
	t.Helper()
	want := map[string]bool{}
	for _, m := range moves {
		if m.Group != "menu" {
			want[m.Notation] = true
		}
	}
	reached := map[string]bool{}
	for _, p := range g.(games.Picker).Picks(seat) {
		for n := range want {
			if strings.HasPrefix(n, p.Prefix+" ") && len(p.Items) <= 25 {
				reached[n] = true
			}
		}
	}
	seen := map[string]bool{}
	var walk func(g games.Game, path string)
	walk = func(g games.Game, path string) {
		prefix := ""
		if tv := g.View(seat).(*View).Turn; tv != nil {
			prefix = tv.Prefix
		}
		if seen[prefix] {
			return
		}
		seen[prefix] = true
		shown := 0
		for _, m := range g.LegalMoves(seat) {
			if m.Shortcut {
				continue
			}
			shown++
			if !m.Primary {
				t.Fatalf("%s: %q is neither a button nor a shortcut", path, m.Notation)
			}
			if m.Group != "menu" {
				reached[m.Notation] = true
				continue
			}
			next, _, err := games.PlayText(g, seat, m.Notation)
			if err != nil {
				t.Fatalf("%s: step %q: %v", path, m.Notation, err)
			}
			walk(next, path+" > "+m.Notation)
		}
		if shown > maxShown+1 || (shown == 0 && len(reached) == 0) {
			t.Fatalf("%s: %d moves shown", path, shown)
		}
	}
	walk(g, "menu")
	for n := range want {
		if !reached[n] {
			t.Fatalf("no menu path reaches %q", n)
		}
	}
}
