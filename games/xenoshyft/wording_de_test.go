package xenoshyft

import (
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
