package xibalba

import "github.com/playbychat/pbc/games"

var (
	_ games.Holder   = (*View)(nil)
	_ games.Standing = (*View)(nil)
)

// Holdings lists the viewer's own base: its faction, its warhost (top
// last) and the cards of its fields. XIBALBA hides nothing of a base, but
// a player decides from the whole texts of their own pieces.
func (v *View) Holdings() []games.Holding {
	if v.For == games.Spectator || int(v.For) >= len(v.Bases) {
		return nil
	}
	b := v.Bases[v.For]
	var out []games.Holding
	if b.Faction != "" {
		out = append(out, games.Holding{Name: games.T("Faction", "Fraktion"), Pieces: []string{b.Faction}})
	}
	if len(b.Warhost) > 0 {
		h := games.Holding{Name: games.T("Warhost", "Kriegsschar")}
		for _, c := range b.Warhost {
			h.Pieces = append(h.Pieces, c.ID)
		}
		out = append(out, h)
	}
	fields := games.Holding{Name: games.T("Fields", "Felder")}
	for _, f := range b.Fields {
		for _, c := range f.Cards {
			fields.Pieces = append(fields.Pieces, c.ID)
		}
	}
	if len(fields.Pieces) > 0 {
		out = append(out, fields)
	}
	return out
}

// Standing implements games.Standing: the viewer's block policy.
func (v *View) Standing() []games.Text {
	if v.For == games.Spectator || int(v.For) >= len(v.Bases) {
		return nil
	}
	if label, ok := policyLabels[v.Bases[v.For].Policy]; ok {
		return []games.Text{label}
	}
	return nil
}
