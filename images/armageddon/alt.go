package armageddon

import (
	"fmt"
	"strings"
)

// alt describes the picture in words: the round, who acts, each player's
// score, tracks and survivors, and for a seat's own picture its screen,
// cards and tiles.
func (t *table) alt() string {
	var b strings.Builder
	fmt.Fprintf(&b, pictures.Text("ArmageddonRoundOf").In(t.lang), t.Round, t.Rounds, t.in(t.PhaseTitle))
	for _, a := range t.Actors {
		fmt.Fprintf(&b, "%s: %s. ", t.name(int(a.Seat)), t.in(a.Prompt))
	}
	for _, p := range t.Players {
		cards := pictures.Count("Cards", p.HandCount, p.HandCount)
		points := pictures.Count("Points", p.Score, p.Score)
		fmt.Fprintf(&b, pictures.Text("PointsPlunderersDamageSurvivors").In(t.lang),
			t.name(p.Seat), points.In(t.lang), p.Plunderer-1, p.Damage, p.Survivors, p.Shelter, cards.In(t.lang))
	}
	if t.private() {
		p := t.Players[t.Seat]
		if p.Reserve != nil {
			fmt.Fprintf(&b, pictures.Text("YourScreen").In(t.lang), p.Reserve)
		}
		names := make([]string, len(t.Hand))
		for i, c := range t.Hand {
			names[i] = t.in(c.Name)
		}
		if len(names) == 0 {
			names = []string{pictures.Text("NoSurvivors").In(t.lang)}
		}
		fmt.Fprintf(&b, pictures.Text("YourCards").In(t.lang), strings.Join(names, ", "))
		for _, tv := range t.PrivateTiles {
			fmt.Fprintf(&b, "%s: %s. ", tv.ID, t.in(tv.Text))
		}
	}
	return b.String()
}
