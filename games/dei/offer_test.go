package dei

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/playbychat/pbc/games"
)

// TestFactionOffer checks what a seat sees while factions are chosen:
// every faction with its leader, the leader's power and its drone, who
// chose it, and that the offer is gone once the factions are dealt.
func TestFactionOffer(t *testing.T) {
	g, _, err := Definition.Create(2, nil, 7)
	if err != nil {
		t.Fatal(err)
	}
	first := g.View(0).(*View)
	if len(first.Offer) != 4 || first.StartStock.EN == "" {
		t.Fatalf("offer at the start: %+v, start stock %q", first.Offer, first.StartStock.EN)
	}
	chosen := first.Offer[2].Key
	g, _, err = games.PlayText(g, 0, "faction "+chosen)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		seat games.Seat
	}{{"the chooser", 0}, {"the next seat", 1}, {"a spectator", games.Spectator}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v := g.View(tc.seat).(*View)
			if len(v.Offer) != 4 {
				t.Fatalf("%d factions on offer, want 4", len(v.Offer))
			}
			for _, f := range v.Offer {
				want := -1
				if f.Key == chosen {
					want = 0
				}
				if f.Seat != want {
					t.Errorf("%s chosen by %d, want %d", f.Key, f.Seat, want)
				}
				for _, lang := range []games.Lang{games.English, games.German} {
					if f.Name.In(lang) == "" || f.Leader.In(lang) == "" || f.Drone.In(lang) == "" || f.Power.In(lang) == "" {
						t.Errorf("%s in %s: a part is missing: %+v", f.Key, lang, f)
					}
					if n := utf8.RuneCountInString(f.Power.In(lang)); n > 80 {
						t.Errorf("%s in %s: power of %d characters", f.Key, lang, n)
					}
				}
			}
		})
	}
	g, _, err = games.PlayText(g, 1, g.LegalMoves(1)[0].Notation)
	if err != nil {
		t.Fatal(err)
	}
	if v := g.View(0).(*View); v.Offer != nil {
		t.Errorf("offer after the choice: %+v", v.Offer)
	}
}

// TestFactionOptions checks that each faction move names its faction as a
// piece whose catalogue summary, the select option's description, carries
// the leader's power in at most 100 characters.
func TestFactionOptions(t *testing.T) {
	g, _, err := Definition.Create(3, nil, 7)
	if err != nil {
		t.Fatal(err)
	}
	pieces := map[string]games.Card{}
	for _, c := range g.(games.Catalog).Catalog() {
		pieces[c.ID] = c
	}
	offer := map[string]FactionOffer{}
	for _, f := range g.View(0).(*View).Offer {
		offer[f.Key] = f
	}
	for _, m := range g.LegalMoves(0) {
		t.Run(m.Notation, func(t *testing.T) {
			c, ok := pieces[m.Piece]
			f, offered := offer[m.Piece]
			if !ok || !offered {
				t.Fatalf("piece %q: in the catalogue %v, on offer %v", m.Piece, ok, offered)
			}
			for _, lang := range []games.Lang{games.English, games.German} {
				sum := c.Summary.In(lang)
				if !strings.Contains(sum, f.Power.In(lang)) || !strings.Contains(sum, f.Leader.In(lang)) {
					t.Errorf("%s: description %q lacks the leader and power %q", lang, sum, f.Power.In(lang))
				}
				if n := utf8.RuneCountInString(sum); n > 100 {
					t.Errorf("%s: description of %d characters: %q", lang, n, sum)
				}
			}
		})
	}
}

// TestDescribeBeforeFactions checks the text view while factions are
// chosen: a seat without a faction shows no empty brackets, a seat's own
// empty hand says so, and the markets, not dealt yet, have no heading.
func TestDescribeBeforeFactions(t *testing.T) {
	g, _, err := Definition.Create(3, nil, 7)
	if err != nil {
		t.Fatal(err)
	}
	g, _, err = games.PlayText(g, 0, "faction "+g.View(0).(*View).Offer[0].Key)
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range []games.Lang{games.English, games.German} {
		text := g.View(1).Describe(lang)
		if strings.Contains(text, "()") {
			t.Errorf("%s: empty brackets:\n%s", lang, text)
		}
		if markets := msgs.Text("DescMarkets").In(lang); strings.Contains(text, markets+"\n"+msgs.Text("DescMissions").In(lang)) {
			t.Errorf("%s: the heading %q with no market under it:\n%s", lang, markets, text)
		}
		none := map[games.Lang]string{games.English: "hand: none", games.German: "Hand: keine"}[lang]
		if !strings.Contains(text, "{p1}: ") || !strings.Contains(text, none) {
			t.Errorf("%s: want seat 1 without a faction and %q:\n%s", lang, none, text)
		}
	}
}
