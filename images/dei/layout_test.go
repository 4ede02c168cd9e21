package dei

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/dei"
	"github.com/playbychat/pbc/images"
)

// spillTolerance is how far a mark may reach over its area's edge: the
// width of the lines drawn along the edges.
const spillTolerance = 4.0

// TestLayout lays out every board of policy-played games (the quick
// layouts for 2, 3 and 4 players, and a random 4-player map) and fails when
// an id or a piece is drawn out of its area, two ids overlap, an id lies on
// a bridge or lift, or the list beside the map leaves out an area whose
// contents did not fit.
func TestLayout(t *testing.T) {
	tests := []struct {
		seats int
		raw   map[string]string
		seed  uint64
	}{
		{2, nil, 1}, {3, nil, 2}, {4, nil, 1}, {4, nil, 3}, {4, map[string]string{"map": "random"}, 4},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%dp-%v-seed%d", tt.seats, tt.raw, tt.seed), func(t *testing.T) {
			boards, overflows := 0, map[string]int{}
			forEachBoard(t, tt.seats, tt.raw, tt.seed, func(v *dei.View) {
				boards++
				tb := newTable(v, []string{"A", "B", "C", "D"}, games.English)
				c := images.NewFrame(images.Background("dei-"+tb.geo.key, width, height, tb.geo.paint))
				tb.lay = tb.layoutMap(c)
				tb.drawMap(c)
				tb.drawSide(c)
				for _, p := range layoutProblems(tb) {
					t.Errorf("round %d phase %d: %s", v.Round, v.Phase, p)
				}
				for _, o := range tb.lay.over {
					overflows[v.Board.Areas[o.area].ID]++
				}
			})
			t.Logf("%d boards; areas listed beside the map (boards): %v", boards, overflows)
		})
	}
}

// layoutProblems lists what is wrong with a table's layout.
func layoutProblems(tb *table) []string {
	var out []string
	g := tb.geo
	for _, m := range tb.lay.marks {
		if p, ok := outside(g, m.area, m.box); ok {
			what := "a piece"
			if m.id {
				what = "the id"
			}
			out = append(out, fmt.Sprintf("%s of %s at (%.0f, %.0f) lies in %s", what, g.b.Areas[m.area].ID, p[0], p[1], g.name(p)))
		}
	}
	var blocks []images.Rect
	for _, b := range tb.bridges() {
		blocks = append(blocks, b.box())
	}
	for _, l := range tb.lifts() {
		blocks = append(blocks, l.box())
	}
	for k, m := range tb.lay.marks {
		if !m.id {
			continue
		}
		for _, o := range tb.lay.marks[k+1:] {
			if o.id && overlaps(m.box.Inset(-1), o.box) {
				out = append(out, fmt.Sprintf("ids %s and %s touch", g.b.Areas[m.area].ID, g.b.Areas[o.area].ID))
			}
		}
		for _, b := range blocks {
			if overlaps(m.box, b) {
				out = append(out, fmt.Sprintf("id %s lies on a bridge or lift", g.b.Areas[m.area].ID))
			}
		}
	}
	if tb.lay.listed != len(tb.lay.over) {
		out = append(out, fmt.Sprintf("%d areas overflow, the list shows %d", len(tb.lay.over), tb.lay.listed))
	}
	return out
}

// outside returns a point of box r, shrunk by spillTolerance, that lies
// outside area i, if any.
func outside(g *geometry, i int, r images.Rect) ([2]float64, bool) {
	in := r.Inset(spillTolerance)
	for y := in.Y; y <= in.Y+in.H; y += 2 {
		for x := in.X; x <= in.X+in.W; x += 2 {
			cx, cy := int((x-g.ox)/g.cell), int((y-g.oy)/g.cell)
			if x < g.ox || y < g.oy || cx >= g.b.Width() || cy >= g.b.Height() || g.b.CellArea(cy, cx) != i {
				return [2]float64{x, y}, true
			}
		}
	}
	return [2]float64{}, false
}

// name is the id of the area at point p, or "no area".
func (g *geometry) name(p [2]float64) string {
	cx, cy := int((p[0]-g.ox)/g.cell), int((p[1]-g.oy)/g.cell)
	if p[0] < g.ox || p[1] < g.oy || cx >= g.b.Width() || cy >= g.b.Height() {
		return "no area"
	}
	return g.b.Areas[g.b.CellArea(cy, cx)].ID
}

// forEachBoard plays a game with the bot policy in every seat and calls f
// with the spectator's view after every move.
func forEachBoard(t *testing.T, seats int, raw map[string]string, seed uint64, f func(*dei.View)) {
	t.Helper()
	g, _, err := dei.Definition.Create(seats, raw, seed)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 11))
	for step := 0; !g.Status().Finished; step++ {
		if step > 5000 {
			t.Fatal("no end after 5000 moves")
		}
		f(g.View(games.Spectator).(*dei.View))
		as := g.ToAct()
		seat := as[r.IntN(len(as))].Seat
		var moves []games.Move
		for _, m := range g.LegalMoves(seat) {
			if m.Group != games.SettingGroup {
				moves = append(moves, m)
			}
		}
		m := dei.Definition.Policy(g.View(seat), moves, r)
		if g, _, err = games.PlayText(g, seat, m.Notation); err != nil {
			t.Fatal(err)
		}
	}
	f(g.View(games.Spectator).(*dei.View))
}
