package xibalba

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/rng"
)

// TestMoveLists checks every move list of a few random games: unique,
// normalized notations, bilingual labels of at most 80 characters, and a
// stable order.
func TestMoveLists(t *testing.T) {
	for seed := uint64(1); seed <= 4; seed++ {
		g, _, err := Definition.Create(2+int(seed%3), map[string]string{"factions": "choose"}, seed)
		if err != nil {
			t.Fatal(err)
		}
		r := rng.New(seed)
		for i := 0; i < 3000 && !g.Status().Finished; i++ {
			for seat := games.Seat(0); int(seat) < g.Seats(); seat++ {
				moves := g.LegalMoves(seat)
				seen := map[string]bool{}
				for _, m := range moves {
					if seen[m.Notation] {
						t.Fatalf("duplicate move %q", m.Notation)
					}
					seen[m.Notation] = true
					if games.NormalizeNotation(m.Notation) != m.Notation {
						t.Errorf("notation %q is not normalized", m.Notation)
					}
					if m.Label.EN == "" || m.Label.DE == "" || utf8.RuneCountInString(m.Label.EN) > 80 || utf8.RuneCountInString(m.Label.DE) > 80 {
						t.Errorf("bad label for %q: %+v", m.Notation, m.Label)
					}
					if m.Group == "" {
						t.Errorf("move %q has no group", m.Notation)
					}
				}
				restored, _ := Definition.Restore(mustState(t, g))
				if got := notations(restored.LegalMoves(seat)); strings.Join(got, "|") != strings.Join(notations(moves), "|") {
					t.Fatalf("move order is not stable")
				}
			}
			for _, a := range g.ToAct() {
				if len(g.LegalMoves(a.Seat)) == 0 {
					t.Fatalf("actor %d has no moves", a.Seat)
				}
				if a.Prompt.EN == "" || a.Prompt.DE == "" {
					t.Errorf("actor %d has no prompt", a.Seat)
				}
			}
			seat, n := randomMove(g, r)
			if g, _, err = games.PlayText(g, seat, n); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func mustState(t *testing.T, g games.Game) []byte {
	t.Helper()
	data, err := g.MarshalState()
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestViewRedaction(t *testing.T) {
	g := fixture(t, fxArkHolder)
	g.s.Bases[1].Policy = PolicyNever
	for seat := games.Seat(-1); seat < 3; seat++ {
		v := g.View(seat).(*View)
		if v.Viewer() != seat || v.GameID() != "xibalba" {
			t.Errorf("view for %d says viewer %d, game %s", seat, v.Viewer(), v.GameID())
		}
		if got, want := v.Bases[1].Policy != "", seat == 1; got != want {
			t.Errorf("seat %d sees p2's block policy: %v", seat, got)
		}
		data, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range g.s.Decks {
			if id := top(p.Draw); id != "" && strings.Contains(string(data), `"`+id+`"`) {
				t.Errorf("seat %d's view reveals the top card %s of a deck", seat, id)
			}
		}
	}
}

func TestViewContents(t *testing.T) {
	g := fixture(t, `
seats 2 apocalypse
turn p1 action
p1 faction=rebels level=2 res=5 warhost=s01,s23 f1=c01,c02
p2 faction=rouge para=4
ark s12 p2 7
kept atk r2
display soldier s34`)
	v := g.View(0).(*View)
	if len(v.Decks) != 4 || len(v.Decks[0].FaceUp) != 1 {
		t.Fatalf("decks %d, soldier slots %d; want 4 and 1 in apocalypse mode", len(v.Decks), len(v.Decks[0].FaceUp))
	}
	if s := v.Decks[0].FaceUp[0]; s.Card.ID != "s34" || s.Cost != 6 || s.EffectiveCost != 5 {
		t.Errorf("soldier slot %+v, want s34 at 6, effectively 5", s)
	}
	b := v.Bases[0]
	if b.Active == nil || b.Active.ID != "s23" || b.WarhostDepth != 2 || b.Fields[0].Top.ID != "c02" || b.Fields[0].Depth != 2 || !b.Fields[1].Unlocked || b.Fields[2].Unlocked {
		t.Errorf("base view wrong: %+v", b)
	}
	if v.Ark.Controller != 1 || v.Ark.Life != 7 || v.Ark.Cap != 10 || v.Ark.Occupant.ID != "s12" {
		t.Errorf("ark view %+v", v.Ark)
	}
	if v.Dice == nil || len(v.Dice.Kept) != 2 || v.Dice.Kept[1].Face != "r2" {
		t.Errorf("dice view %+v", v.Dice)
	}
	for _, lang := range []games.Lang{games.English, games.German} {
		d := v.Describe(lang)
		if !strings.Contains(d, "s23") || !strings.Contains(d, "{p1}") {
			t.Errorf("%s description lacks the active soldier or the ark holder:\n%s", lang, d)
		}
	}
}

func TestFactionSetup(t *testing.T) {
	t.Run("random, one per board", func(t *testing.T) {
		for seed := uint64(0); seed < 50; seed++ {
			g, _, err := Definition.Create(4, nil, seed)
			if err != nil {
				t.Fatal(err)
			}
			boards := map[int]bool{}
			for _, b := range st(g).Bases {
				boards[testSet.Faction(b.Faction).Board] = true
			}
			if len(boards) != 4 {
				t.Fatalf("seed %d: factions share a board", seed)
			}
		}
	})
	t.Run("choose", func(t *testing.T) {
		g, _, err := Definition.Create(2, map[string]string{"factions": "choose"}, 3)
		if err != nil {
			t.Fatal(err)
		}
		s := st(g)
		if s.Phase != PhaseFaction || s.Current != s.Starter || len(g.LegalMoves(s.Current)) != 8+3 {
			t.Fatalf("phase %s, current %d (starter %d), %d moves", s.Phase, s.Current, s.Starter, len(g.LegalMoves(s.Current)))
		}
		first, second := s.Starter, 1-s.Starter
		g, _ = play(t, g, "p"+string(rune('1'+first))+": faction rebels")
		if hasMove(g, second, "faction castor") || !hasMove(g, second, "faction rouge") {
			t.Error("the other side of a taken board is offered")
		}
		g, _ = play(t, g, "p"+string(rune('1'+second))+": faction rouge")
		if s := st(g); s.Phase == PhaseFaction || s.Current != first || s.Round != 1 {
			t.Errorf("after choosing: phase %s, current %d, round %d", s.Phase, s.Current, s.Round)
		}
	})
	t.Run("start", func(t *testing.T) {
		g, _, err := Definition.Create(3, nil, 8)
		if err != nil {
			t.Fatal(err)
		}
		s := st(g)
		for i, b := range s.Bases {
			if b.Resources < 3 || b.Paragon != 0 || b.Level != 1 {
				t.Errorf("seat %d starts with %d resources, %d paragon, level %d", i, b.Resources, b.Paragon, b.Level)
			}
		}
		if want := min(20, testSet.Card(s.Ark.Card).Resistance+3); s.Ark.Life != want || s.Ark.Owner != -1 {
			t.Errorf("ark %+v, want a neutral soldier with %d life", s.Ark, want)
		}
		if s.Target != 25 {
			t.Errorf("target %d, want 25 for three players", s.Target)
		}
		g2, _, err := Definition.Create(2, map[string]string{"block": "survive", "target": "30"}, 8)
		if err != nil {
			t.Fatal(err)
		}
		if s2 := st(g2); s2.Bases[1].Policy != PolicySurvive || s2.Target != 30 {
			t.Errorf("options block=survive target=30 gave policy %q, target %d", s2.Bases[1].Policy, s2.Target)
		}
		var roll int
		for _, e := range s.Log {
			if strings.HasPrefix(e.Text.EN, "Starting player roll") {
				roll++
				if !e.Reveal {
					t.Error("a starting roll is not a reveal")
				}
			}
		}
		if roll < 3 {
			t.Errorf("%d starting rolls, want at least 3", roll)
		}
	})
}

func TestDefaultMove(t *testing.T) {
	for _, tc := range []struct {
		policy, blocker, want string
	}{
		{PolicyAsk, "s45", "block"},   // resistance 6 survives power 4
		{PolicyAsk, "s12", "noblock"}, // resistance 3 dies
		{PolicyAlways, "s12", "block"},
		{PolicyNever, "s45", "noblock"},
	} {
		t.Run(tc.policy+"/"+tc.blocker, func(t *testing.T) {
			g := games.Game(fixture(t, `
seats 2
turn p1 action
p1 faction=rebels
p2 faction=rouge warhost=`+tc.blocker+`
ark s56 p1 9
kept atk`))
			g, _ = play(t, g, "p1: attack p2 1")
			g = edit(g, func(s *state) { s.Bases[1].Policy = tc.policy })
			d := g.(games.Defaulter)
			if got, ok := d.DefaultMove(1); !ok || got != tc.want {
				t.Errorf("DefaultMove = %q, %v; want %q", got, ok, tc.want)
			}
			if _, ok := d.DefaultMove(0); ok {
				t.Error("the attacker has a default move")
			}
		})
	}
	t.Run("standing choice resolves at once", func(t *testing.T) {
		g := games.Game(fixture(t, `
seats 2
turn p1 action
p1 faction=rebels
p2 faction=rouge warhost=s45 policy=survive
ark s56 p1 9
kept atk atk`))
		g, ev := play(t, g, "p1: attack p2 1")
		if st(g).Turn.Block != nil || !eventsContain(ev, "blocks with") {
			t.Errorf("survive policy did not block at once: %v", ev)
		}
	})
}

// TestStandingChoiceKeepsViewsPublic: setting a block policy answers the
// mover privately, but leaves every seat's described view equal to the
// spectator's, so no seat's decisions become private because of it.
func TestStandingChoiceKeepsViewsPublic(t *testing.T) {
	g, _, err := Definition.Create(2, nil, 3)
	if err != nil {
		t.Fatal(err)
	}
	next, events, err := games.PlayText(g, 1, "policy block=always")
	if err != nil {
		t.Fatal(err)
	}
	if len(events) == 0 || events[0].VisibleTo(games.Spectator) {
		t.Fatalf("events %+v: want a private confirmation for the mover", events)
	}
	public := next.View(games.Spectator).Describe(games.English)
	for seat := games.Seat(0); seat < 2; seat++ {
		if got := next.View(seat).Describe(games.English); got != public {
			t.Errorf("seat %d view differs from the spectator's:\n%s\n---\n%s", seat, got, public)
		}
	}
}
