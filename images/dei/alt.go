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
		b.WriteString(pictures.Text("AltToAct", t.name(t.Acting), t.Prompt).In(t.lang))
	}
	for _, p := range t.Players {
		line := pictures.Text("AltPlayer", t.name(p.Seat), p.Name, p.VP, p.Tech, p.Energy, p.Cubes[0], p.Cubes[1], p.Cubes[2])
		if p.Name.In(t.lang) == "" { // no faction yet, during setup
			line = pictures.Text("AltPlayerNoFaction", t.name(p.Seat), p.VP, p.Tech, p.Energy, p.Cubes[0], p.Cubes[1], p.Cubes[2])
		}
		b.WriteString(line.In(t.lang))
	}
	var parts []string
	for i := range t.Areas {
		if s := t.areaSummary(i); s != "" {
			parts = append(parts, t.Board.Areas[i].ID+" "+s)
		}
	}
	if len(parts) > 0 {
		b.WriteString(pictures.Text("AltMap").In(t.lang))
		b.WriteString(strings.Join(parts, "; "))
	}
	return strings.TrimSpace(b.String())
}
