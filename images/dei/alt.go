package dei

import (
	"fmt"
	"strings"
)

// alt describes the picture in words: round and phase, whose turn, the
// players' scores and the areas where figures stand.
func (t *table) alt() string {
	var b strings.Builder
	fmt.Fprintf(&b, "D.E.I. %s. ", t.stageText())
	if t.Acting >= 0 {
		fmt.Fprintf(&b, pictures.Text("AltToAct").In(t.lang), t.name(t.Acting), t.Prompt.In(t.lang))
	}
	for _, p := range t.Players {
		fmt.Fprintf(&b, pictures.Text("AltPlayer").In(t.lang),
			t.name(p.Seat), p.Name.In(t.lang), p.VP, p.Tech, p.Energy, p.Cubes[0], p.Cubes[1], p.Cubes[2])
	}
	b.WriteString(pictures.Text("AltMap").In(t.lang))
	var parts []string
	for i := range t.Areas {
		if s := t.areaSummary(i); s != "" {
			parts = append(parts, t.Board.Areas[i].ID+" "+s)
		}
	}
	b.WriteString(strings.Join(parts, "; "))
	return b.String()
}
