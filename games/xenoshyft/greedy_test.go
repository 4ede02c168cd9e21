package xenoshyft

import (
	"strings"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/rng"
)

// greedyMove picks a sensible move: buy troops (now and then an item),
// deploy troops into its own lane, equip from hand, fire instants at the
// front of the fighting lane, and only then ready or pass.
func greedyMove(g games.Game, seat games.Seat, pick *rng.Source) string {
	v := g.View(seat).(*View)
	own := " lane" + string(rune('1'+int(seat)))
	var good []string
	var fallback string
	hand := map[string]bool{}
	for _, c := range v.Hand {
		hand[c.Ref] = true
	}
	front := ""
	if v.ActiveLane >= 0 && len(v.Lanes[v.ActiveLane].Enemies) > 0 {
		front = v.Lanes[v.ActiveLane].Enemies[0].Ref
	}
	for _, m := range g.LegalMoves(seat) {
		f := strings.Fields(m.Notation)
		switch m.Group {
		case "division", "first":
			good = append(good, m.Notation)
		case "buy":
			if f[1][0] == 't' || pick.Intn(3) == 0 {
				good = append(good, m.Notation)
			}
		case "deploy":
			if strings.HasSuffix(m.Notation, own) {
				good = append(good, m.Notation)
			}
		case "equip":
			if hand[f[1]] {
				good = append(good, m.Notation)
			}
		case "play", "use":
			if len(f) == 2 || (len(f) == 3 && (f[2] == front || strings.HasPrefix(f[2], "lane"))) {
				good = append(good, m.Notation)
			}
		case "ready", "pass":
			fallback = m.Notation
		}
	}
	if len(good) > 0 {
		return good[pick.Intn(len(good))]
	}
	return fallback
}
