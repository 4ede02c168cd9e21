package xibalba

import (
	"testing"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/rng"
)

// TestPicksMatchLegalRerolls checks, in random games, that every subset of a
// re-roll pick is a legal move and that picks exist exactly when re-rolls do.
func TestPicksMatchLegalRerolls(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		g, _, err := Definition.Create(2, nil, seed)
		if err != nil {
			t.Fatal(err)
		}
		r := rng.New(seed)
		for step := 0; step < 200 && !g.Status().Finished; step++ {
			for seat := games.Seat(0); int(seat) < g.Seats(); seat++ {
				legal := map[string]bool{}
				rerolls := 0
				for _, m := range g.LegalMoves(seat) {
					legal[m.Notation] = true
					if len(m.Notation) > 7 && m.Notation[:7] == "reroll " {
						rerolls++
					}
				}
				picks := g.(games.Picker).Picks(seat)
				if (rerolls > 0) != (len(picks) > 0) {
					t.Fatalf("seed %d step %d seat %d: %d reroll moves but %d picks", seed, step, seat, rerolls, len(picks))
				}
				for _, p := range picks {
					n := len(p.Items)
					for mask := 1; mask < 1<<n; mask++ {
						var values []string
						for i := n - 1; i >= 0; i-- { // reversed on purpose: Notation orders them
							if mask&(1<<i) != 0 {
								values = append(values, p.Items[i].Value)
							}
						}
						if nt := p.Notation(values); !legal[nt] {
							t.Fatalf("seed %d: pick notation %q is not a legal move", seed, nt)
						}
					}
				}
			}
			seat, n := randomMove(g, r)
			if g, _, err = games.PlayText(g, seat, n); err != nil {
				t.Fatalf("seed %d step %d: %v", seed, step, err)
			}
		}
	}
}

// TestDiceLabelsNameTheKind checks that the re-roll pick and the re-roll
// moves say which kind of die each one is, so that two blanks can be told
// apart.
func TestDiceLabelsNameTheKind(t *testing.T) {
	g := fixture(t, "seats 2\nturn p1 roll\np1 faction=rebels\np2 faction=rouge\nrolled r1 blank atk blank\nrerolls 1")
	g.s.Turn.Rolled[3].Kind = dieAttack
	picks := g.Picks(0)
	if len(picks) != 1 {
		t.Fatalf("%d picks", len(picks))
	}
	for i, want := range []games.Text{
		games.T("Resource die #1: 1 resource", "Ressourcenwürfel #1: 1 Ressource"),
		games.T("Resource die #2: blank", "Ressourcenwürfel #2: Leerseite"),
		games.T("Attack die #3: attack", "Angriffswürfel #3: Angriff"),
		games.T("Attack die #4: blank", "Angriffswürfel #4: Leerseite"),
	} {
		if got := picks[0].Items[i].Label; got != want {
			t.Errorf("die %d: %+v, want %+v", i+1, got, want)
		}
	}
	m, ok := games.FindMove(g, 0, "reroll #1,#4")
	want := games.T("Re-roll #1 (1 resource), #4 (blank attack die)", "Neu würfeln: #1 (1 Ressource), #4 (leerer Angriffswürfel)")
	if !ok || m.Label != want {
		t.Errorf("reroll #1,#4: %+v, want %+v", m.Label, want)
	}
}
