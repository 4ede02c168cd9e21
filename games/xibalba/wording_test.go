package xibalba

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/internal/wording"
	"github.com/playbychat/pbc/games/rng"
)

// The counted nouns of XIBALBA's texts in English and German.
var (
	nounsEN = []wording.Noun{{One: "resource", Other: "resources"}, {One: "die", Other: "dice"},
		{One: "resource die", Other: "resource dice"}, {One: "attack die", Other: "attack dice"},
		{One: "paragon die", Other: "paragon dice"}, {One: "life point", Other: "life points"},
		{One: "symbol", Other: "symbols"}, {One: "crit", Other: "crits"}, {One: "field", Other: "fields"},
		{One: "more re-roll", Other: "more re-rolls"}, {One: "fewer re-roll", Other: "fewer re-rolls"}}
	nounsDE = []wording.Noun{{One: "Ressource", Other: "Ressourcen"}, {One: "Lebenspunkt", Other: "Lebenspunkte"},
		{One: "Symbol", Other: "Symbole"}, {One: "kritischer Treffer", Other: "kritische Treffer"}, {One: "Feld", Other: "Felder"},
		{One: "Wiederholungswurf", Other: "Wiederholungswürfe"}}
)

// zero finds an event that counts nothing gained or lost ("loots 0
// paragon"): such events say "nothing" instead.
var zero = regexp.MustCompile(`(^|\s)0 (paragon|resources?|Paragon|Ressourcen?)\b`)

// illegalTries are notations tried in every state for their refusals.
var illegalTries = []string{"upgrade", "buy soldier 1", "buy civilian 2 f1", "pool 4r4a", "pool 1r1a", "reroll 9", "gather", "attack ark 9"}

// TestWording scans every text of many random states, in both languages,
// for counted phrases in the wrong form and English dice words in German.
func TestWording(t *testing.T) {
	en := wording.New(nounsEN, "atk")
	de := wording.New(nounsDE, "atk", "crit", "crits", "blank", "Krits")
	both := wording.Pair{EN: en, DE: de}
	check := func(where string, text games.Text) {
		t.Helper()
		if err := both.Check(text); err != nil {
			t.Fatalf("%s: %v", where, err)
		}
	}
	checkState := func(g games.Game) {
		t.Helper()
		for _, f := range wording.StateTexts(g, illegalTries) {
			check(f.Where, f.Text)
		}
	}
	n := 12
	if testing.Short() {
		n = 4
	}
	for i := range n {
		seats := 2 + i%3
		raw := map[string]string{"apocalypse": fmt.Sprint(i%2 == 1)}
		g, _, err := Definition.Create(seats, raw, uint64(500+i))
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range g.(games.Catalog).Catalog() {
			check("catalog "+c.ID, c.Body)
		}
		r := rng.New(uint64(i))
		for step := 0; step < 20000 && !g.Status().Finished; step++ {
			if step%3 == 0 {
				checkState(g)
			}
			seat, notation := randomMove(g, r)
			next, events, err := games.PlayText(g, seat, notation)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range events {
				check("event", e.Text)
				if zero.MatchString(e.Text.EN) || zero.MatchString(e.Text.DE) {
					t.Fatalf("an event counts nothing: %q / %q", e.Text.EN, e.Text.DE)
				}
			}
			g = next
		}
		checkState(g)
	}
	// One attack die, several critical hits and re-rolls are rare in
	// random play: their forms count when met, and are checked directly
	// here.
	for _, k := range []int{1, 2} {
		check("attack dice", attackDiceText(k))
		check("crits", critsText(k))
		check("re-rolls", rerollChangeText(k))
		check("re-rolls", rerollChangeText(-k))
	}
	var rare []wording.Noun
	for _, n := range slices.Concat(nounsEN, nounsDE) {
		if n.One == "attack die" || n.One == "crit" || n.One == "kritischer Treffer" || strings.Contains(n.One, "re-roll") || n.One == "Wiederholungswurf" {
			rare = append(rare, n)
		}
	}
	for _, c := range []struct {
		name    string
		checker *wording.Checker
		nouns   []wording.Noun
	}{{"English", en, nounsEN}, {"German", de, nounsDE}} {
		common := slices.DeleteFunc(slices.Clone(c.nouns), func(n wording.Noun) bool { return slices.Contains(rare, n) })
		if missing := c.checker.Missing(common); len(missing) > 0 {
			t.Errorf("%s: the games never showed %q: the scan is too small to judge them", c.name, missing)
		}
	}
}

// TestEventCauses checks that log lines say what they are about: a blank
// die names its kind, and a player with nothing to lose is told what and
// to which card.
func TestEventCauses(t *testing.T) {
	twoPlayers := `
seats 2
turn p1 action
p1 faction=rebels res=3 para=2
p2 faction=rouge res=0 para=0`
	lose := func(kind string) func(g *game) games.Event {
		return func(g *game) games.Event {
			g.resolve(0, "e01", []Effect{{Timing: TimingImmediate, Kind: kind, Amount: 2, Target: TargetEachEnemy}}, noChoice)
			return g.ev[len(g.ev)-1]
		}
	}
	tests := []struct {
		name string
		make func(g *game) games.Event
		want games.Text
		// seats are the seats the event names.
		seats []games.Seat
	}{
		{"a blank names its kind of die", func(g *game) games.Event {
			g.ev = nil
			g.emit(true, msgs.Text("RollsPool", games.Seatf(0), numberedFaces([]die{{Kind: dieResource, Face: faceBlank}, {Kind: dieAttack, Face: faceAttack}, {Kind: dieAttack, Face: faceBlank}}, nil)), 0)
			return g.ev[0]
		}, games.T("{p0} rolls #1 (blank resource die), #2 (attack), #3 (blank attack die).", "{p0} würfelt #1 (leerer Ressourcenwürfel), #2 (Angriff), #3 (leerer Angriffswürfel)."), []games.Seat{0}},
		{"no resources to lose, to a card", lose("lose_resources"),
			games.T("{p1} has no resources to lose to Test Event 1 (e01).", "{p1} hat keine Ressourcen, die Testereignis 1 (e01) nehmen könnte."), []games.Seat{1}},
		{"no paragon to lose, to a card", lose("lose_paragon"),
			games.T("{p1} has no paragon to lose to Test Event 1 (e01).", "{p1} hat kein Paragon, das Testereignis 1 (e01) nehmen könnte."), []games.Seat{1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := tt.make(fixture(t, twoPlayers))
			if e.Text != tt.want {
				t.Errorf("event %+v, want %+v", e.Text, tt.want)
			}
			if !slices.Equal(e.Seats, tt.seats) {
				t.Errorf("seats %v, want %v", e.Seats, tt.seats)
			}
		})
	}
}
