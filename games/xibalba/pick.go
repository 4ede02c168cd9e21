package xibalba

import (
	"strconv"

	"github.com/playbychat/pbc/games"
)

var _ games.Picker = (*game)(nil)

// faceNames names die faces in the re-roll menu.
var faceNames = map[string]games.Text{
	"r1":       games.T("1 resource", "1 Ressource"),
	"r2":       games.T("2 resources", "2 Ressourcen"),
	"r3":       games.T("3 resources", "3 Ressourcen"),
	"p1":       games.T("1 paragon", "1 Paragon"),
	"p2":       games.T("2 paragon", "2 Paragon"),
	faceAttack: games.T("attack", "Angriff"),
	faceCrit:   games.T("critical hit", "kritischer Treffer"),
	faceBlank:  games.T("blank", "leer"),
}

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
		name := faceNames[d.Face]
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
