package xenoshyft

import (
	"strings"
	"testing"

	"github.com/playbychat/pbc/games"
)

// TestSettingGroup checks, in positions of whole games, that the standing
// choices (autopass, showing the hand) and only they are in
// games.SettingGroup, and that every seat that must act has a move outside
// that group: a setting never answers the decision at hand. (A seat that
// has passed may still react while a window is open, so seats that need
// not act may have decision moves too.)
func TestSettingGroup(t *testing.T) {
	standing := map[string]bool{"autopass": true, "show": true}
	for seats := 1; seats <= 4; seats++ {
		for _, g := range playoutPrefix(t, seats, uint64(seats)) {
			acting := map[games.Seat]bool{}
			for _, a := range g.ToAct() {
				acting[a.Seat] = true
			}
			for seat := range games.Seat(seats) {
				decisions := 0
				for _, m := range g.LegalMoves(seat) {
					verb, _, _ := strings.Cut(m.Notation, " ")
					if standing[verb] != (m.Group == games.SettingGroup) {
						t.Fatalf("%d players, seat %d: move %q in group %q", seats, seat, m.Notation, m.Group)
					}
					if m.Group != games.SettingGroup {
						decisions++
					}
				}
				if acting[seat] && decisions == 0 {
					t.Fatalf("%d players, seat %d must act but has only setting moves\n%s", seats, seat, g.View(games.Spectator).Describe(games.English))
				}
			}
		}
	}
}
