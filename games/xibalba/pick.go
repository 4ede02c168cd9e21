package xibalba

import (
	"strconv"

	"github.com/playbychat/pbc/games"
)

var _ games.Picker = (*game)(nil)

// Picks implements games.Picker: while the current player may re-roll, the
// dice to re-roll are one multi-select decision. Its notations are exactly
// the "reroll i,j" moves of LegalMoves.
func (g *game) Picks(seat games.Seat) []games.Pick {
	s := g.s
	if g.over() || s.Turn.Block != nil || seat != s.Current || s.Phase != PhaseRoll || len(s.Turn.Rolled) == 0 {
		return nil
	}
	labels := make([]games.Text, len(s.Turn.Rolled))
	for i, d := range s.Turn.Rolled {
		name := faceName(d.Face)
		n := i + 1
		labels[i] = games.T(
			"Die "+strconv.Itoa(n)+": "+name.EN,
			"Würfel "+strconv.Itoa(n)+": "+name.DE)
	}
	return []games.Pick{{
		Prefix: "reroll",
		Label:  games.T("Choose dice to re-roll", "Würfel zum Neuwürfeln wählen"),
		Items:  games.IndexItems(labels),
		Min:    1,
		Max:    len(labels),
	}}
}
