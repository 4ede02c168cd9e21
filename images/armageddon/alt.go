package armageddon

import (
	"fmt"
	"strings"

	"github.com/playbychat/pbc/games"
)

// alt describes the picture in words: the round, who acts, each player's
// score, tracks and survivors, and for a seat's own picture its screen,
// cards and tiles.
func (t *table) alt() string {
	var b strings.Builder
	fmt.Fprintf(&b, t.tr("Armageddon, round %d of %d, %s. ", "Armageddon, Runde %d von %d, %s. "), t.Round, t.Rounds, t.in(t.PhaseTitle))
	for _, a := range t.Actors {
		fmt.Fprintf(&b, "%s: %s. ", t.name(int(a.Seat)), t.in(a.Prompt))
	}
	for _, p := range t.Players {
		cards := games.Count(p.HandCount, games.T("%d card", "%d Karte"), games.T("%d cards", "%d Karten"))
		fmt.Fprintf(&b, t.tr("%s %d points, plunderers %d, damage %d, %d/%d survivors/shelter, %s. ",
			"%s %d Punkte, Plünderer %d, Schaden %d, %d/%d Überlebende/Unterkunft, %s. "),
			t.name(p.Seat), p.Score, p.Plunderer-1, p.Damage, p.Survivors, p.Shelter, cards.In(t.lang))
	}
	if t.private() {
		p := t.Players[t.Seat]
		if p.Reserve != nil {
			fmt.Fprintf(&b, t.tr("Your screen: %s. ", "Dein Sichtschirm: %s. "), p.Reserve)
		}
		names := make([]string, len(t.Hand))
		for i, c := range t.Hand {
			names[i] = t.in(c.Name)
		}
		if len(names) == 0 {
			names = []string{t.tr("none", "keine")}
		}
		fmt.Fprintf(&b, t.tr("Your cards: %s. ", "Deine Karten: %s. "), strings.Join(names, ", "))
		for _, tv := range t.PrivateTiles {
			fmt.Fprintf(&b, "%s: %s. ", tv.ID, t.in(tv.Text))
		}
	}
	return b.String()
}
