package armageddon

import "github.com/playbychat/pbc/games"

var _ games.Holder = (*View)(nil)

// Holdings lists the viewer's screen (the survivors behind it), hand,
// private scoring tiles and the buildings of its city.
func (v *View) Holdings() []games.Holding {
	if v.Seat == games.Spectator || int(v.Seat) >= len(v.Players) {
		return nil
	}
	p := v.Players[v.Seat]
	var out []games.Holding
	if p.Reserve != nil {
		out = append(out, games.Holding{Name: games.T("Screen", "Sichtschirm"), Notes: []games.Text{crowdText(*p.Reserve)}})
	}
	hand := games.Holding{Name: games.T("Hand", "Hand")}
	for _, c := range v.Hand {
		hand.Pieces = append(hand.Pieces, c.Kind)
	}
	if len(hand.Pieces) > 0 {
		out = append(out, hand)
	}
	tiles := games.Holding{Name: games.T("Private scoring tiles", "Geheime Wertungsplättchen")}
	for _, t := range v.PrivateTiles {
		tiles.Pieces = append(tiles.Pieces, t.ID)
	}
	if len(tiles.Pieces) > 0 {
		out = append(out, tiles)
	}
	city := games.Holding{Name: games.T("City", "Stadt")}
	for _, b := range p.City {
		if b != nil {
			city.Pieces = append(city.Pieces, b.ID)
		}
	}
	if len(city.Pieces) > 0 {
		out = append(out, city)
	}
	return out
}
