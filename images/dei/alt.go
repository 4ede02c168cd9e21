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
		fmt.Fprintf(&b, t.tr("%s to act: %s ", "%s ist am Zug: %s "), t.name(t.Acting), t.Prompt.In(t.lang))
	}
	for _, p := range t.Players {
		fmt.Fprintf(&b, t.tr("%s (%s): %d VP, %d tech, %d energy, outposts %d/%d/%d. ", "%s (%s): %d SP, %d Technologie, %d Energie, Außenposten %d/%d/%d. "),
			t.name(p.Seat), p.Name.In(t.lang), p.VP, p.Tech, p.Energy, p.Cubes[0], p.Cubes[1], p.Cubes[2])
	}
	b.WriteString(t.tr("Map: ", "Plan: "))
	var parts []string
	for i := range t.Areas {
		if s := t.areaSummary(i); s != "" {
			parts = append(parts, t.Board.Areas[i].ID+" "+s)
		}
	}
	b.WriteString(strings.Join(parts, "; "))
	return b.String()
}
