package dei

import (
	"github.com/playbychat/pbc/games"
)

// Catalog implements games.Catalog: every card, mission, feat, drone,
// leader and candy boost with its full text.
func (g *Game) Catalog() []games.Card { return g.c.Catalog() }

// Catalog lists the content's pieces with their full texts.
func (c *Content) Catalog() []games.Card {
	var out []games.Card
	for i, card := range c.Cards {
		out = append(out, games.Card{ID: card.ID, Name: card.Name, Body: c.cardText(i)})
	}
	for _, m := range c.Missions {
		out = append(out, games.Card{ID: m.ID, Name: m.Name, Body: missionText(m)})
	}
	for _, f := range c.Feats {
		col := colourName(f.Colour)
		out = append(out, games.Card{ID: f.Key, Name: f.Name,
			Body: games.T("Feat ("+col.EN+"): "+f.Text.EN, "Abzeichen ("+col.DE+"): "+f.Text.DE)})
	}
	for _, d := range c.Drones {
		out = append(out, games.Card{ID: d.Key, Name: d.Name, Body: d.Text})
	}
	for _, f := range c.Factions {
		out = append(out, games.Card{ID: f.Leader.Key, Name: f.Leader.Name,
			Body: games.T("Leader of "+f.Name.EN+": "+f.Leader.Text.EN, "Anführer von "+f.Name.DE+": "+f.Leader.Text.DE)})
	}
	for _, k := range c.Candy {
		out = append(out, games.Card{ID: "candy-" + k.Kind, Name: k.Name, Body: candyText(k.Kind)})
	}
	return out
}
