package all_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/images"
)

// TestPanelsDropNothing plays every game with panels at its most seats by
// its bot policy and, for each part (the market, a seat's own, each seat's),
// draws the state where that part has the most rows (of every fourth
// state), from the spectator's
// view and the first seat's, in English and German: no panel may leave a
// row out ("… +3"), as a part too long for one panel comes as pages.
func TestPanelsDropNothing(t *testing.T) {
	for _, def := range games.All() {
		g, _, err := def.Create(def.MaxSeats, nil, 7)
		if err != nil {
			t.Fatal(err)
		}
		if parts, err := images.Parts(g.View(games.Spectator), names, games.English); err != nil || parts == nil {
			continue
		}
		t.Run(def.ID, func(t *testing.T) {
			t.Parallel()
			type largest struct {
				rows int
				view games.View
			}
			most := map[string]largest{} // by part, its pages together
			r := rand.New(rand.NewPCG(7, 11))
			for step := 0; ; step++ {
				// Every fourth state: drawing the parts of every state
				// takes half a minute.
				for _, seat := range []games.Seat{games.Spectator, 0} {
					if step%4 != 0 && !g.Status().Finished {
						break
					}
					v := g.View(seat)
					parts, err := images.Parts(v, names, games.German)
					if err != nil {
						t.Fatal(err)
					}
					rows := map[string]int{}
					for _, p := range parts {
						part, _, _ := strings.Cut(p.Name, "-")
						rows[part] += len(p.Panel.Rows)
					}
					for part, n := range rows {
						if n > most[part].rows {
							most[part] = largest{n, v}
						}
					}
				}
				if g.Status().Finished || step > 5000 {
					break
				}
				seat, m := policyMove(def, g, r)
				if g, _, err = games.PlayText(g, seat, m.Notation); err != nil {
					t.Fatal(err)
				}
			}
			for part, l := range most {
				for _, lang := range langs {
					parts, err := images.Parts(l.view, names, lang)
					if err != nil {
						t.Fatal(err)
					}
					pages := 0
					for _, p := range parts {
						if name, _, _ := strings.Cut(p.Name, "-"); name != part {
							continue
						}
						pages++
						for _, st := range p.Panel.Draw().Strip {
							if st.Text == "…" {
								t.Errorf("%s %s (%d rows): panel %s leaves rows out", part, lang, l.rows, p.Name)
							}
						}
					}
					t.Logf("%s %s: %d rows on %d pages", part, lang, l.rows, pages)
				}
			}
		})
	}
}
