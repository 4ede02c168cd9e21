package xenoshyft

import (
	"fmt"
	"strings"
	"testing"

	"github.com/playbychat/pbc/games"
)

// TestGermanSentences checks German event lines that decline the card they
// name, as a German player would write them ("stellt den Linienschützen auf",
// not "stellt Linienschütze auf").
func TestGermanSentences(t *testing.T) {
	trooper := games.T("Line Trooper", "Linienschütze")
	flare := games.T("Signal Flare", "Signalfackel")
	for _, tc := range []struct {
		name string
		got  games.Text
		want string
	}{
		{"deploy", msgs.Text("Deploys", "{p0}", trooper, 102, 1), "{p0} stellt den Linienschützen (c102) in Reihe 1 auf."},
		{"discard", msgs.Text("Discards", "{p1}", games.T("Militia", "Miliz")), "{p1} wirft die Miliz ab."},
		{"discard at random", msgs.Text("DiscardsAtRandom", "{p1}", games.T("Padded Vest", "Polsterweste")), "{p1} wirft zufällig die Polsterweste ab."},
		{"resource stays a number", msgs.Text("Discards", "{p1}", games.T("1 Xenosathem", "1 Xenosathem")), "{p1} wirft 1 Xenosathem ab."},
		{"play", msgs.Text("Plays", "{p1}", flare, " → Reihe 2, Zone 3"), "{p1} spielt die Signalfackel → Reihe 2, Zone 3."},
		{"use", msgs.Text("Uses", "{p0}", games.T("Scout", "Späher"), " → Späher (c110)"), "{p0} nutzt den Späher → Späher (c110)."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.got.In(games.German); got != tc.want {
				t.Errorf("got  %q\nwant %q", got, tc.want)
			}
		})
	}
}

// TestDescribePlayerLine checks a seat's line of the text view: its state
// words set off by " · " in the reader's language, and lists without a
// trailing separator.
func TestDescribePlayerLine(t *testing.T) {
	division := games.T("Armoury", "Waffenkammer")
	for _, tc := range []struct {
		name string
		p    PlayerView
		lang games.Lang
		want string
	}{
		{"ready", PlayerView{Seat: 1, Division: division, HandSize: 4, Ready: true}, games.English, "{p1} Armoury: hand 4, deck 0, discard 0 · ready\n"},
		{"passed with autopass in German", PlayerView{Seat: 1, Division: division, HandSize: 4, Passed: true, Autopass: true}, games.German, "{p1} Waffenkammer: Hand 4, Deck 0, Ablage 0 · gepasst · Autopass an\n"},
		{"budget", PlayerView{Seat: 0, Division: division, Budget: 5, Spent: 2}, games.German, "{p0} Waffenkammer: Hand 0, Deck 0, Ablage 0 · 2/5 Xenosathem\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := &View{Seat: 0, Phase: PhaseSupply, Players: []PlayerView{tc.p}}
			got := v.Describe(tc.lang)
			if !strings.Contains(got, "\n"+tc.want) {
				t.Errorf("description lacks %q:\n%s", tc.want, got)
			}
			if strings.Contains(got, ";\n") {
				t.Errorf("a list ends in a separator:\n%s", got)
			}
		})
	}
}

// TestBuyLabelNamesTheDiscount checks that a stack the seat buys below its
// printed cost (a division's cheaper items or troops) says both costs, as
// the option's description prints the card's own, and that every label
// fits without a cut.
func TestBuyLabelNamesTheDiscount(t *testing.T) {
	for _, tc := range []struct {
		name     string
		division string
	}{
		{"items at the Research Lab", "research"},
		{"troops at the Barracks", "barracks"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, _, err := Definition.Create(2, map[string]string{"divisions": "choose"}, 4)
			if err != nil {
				t.Fatal(err)
			}
			g, _ = play(t, g, 1, "division medical")
			g, _ = play(t, g, 0, "division "+tc.division)
			xg := g.(*Game)
			found := 0
			for _, m := range g.LegalMoves(0) {
				if !strings.HasPrefix(m.Notation, "buy ") {
					continue
				}
				for _, l := range []string{m.Label.EN, m.Label.DE} {
					if strings.Contains(l, "…") {
						t.Errorf("label cut: %q", l)
					}
				}
				mv, err := parseMove(m.Notation)
				if err != nil {
					t.Fatal(err)
				}
				pile, cost, _, _ := xg.stack(0, mv.Stack)
				c := xg.s.Cards[(*pile)[len(*pile)-1]]
				printed := xg.cs.item(c.Key).Cost
				if c.Kind == kindTroop {
					printed = xg.cs.troop(c.Key).Cost
				}
				if cost == printed {
					continue
				}
				found++
				if !strings.Contains(m.Label.DE, fmt.Sprintf("Kosten %d statt %d", cost, printed)) || !strings.Contains(m.Label.EN, fmt.Sprintf("cost %d instead of %d", cost, printed)) {
					t.Errorf("%s costs %d instead of %d, label %q / %q", m.Notation, cost, printed, m.Label.EN, m.Label.DE)
				}
			}
			if found == 0 {
				t.Fatal("no stack is cheaper for this division: nothing checked")
			}
		})
	}
}
