package dei

import (
	"fmt"
	"hash/fnv"
	"image/color"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/playbychat/pbc/games/dei"
	"github.com/playbychat/pbc/images"
)

// geometry is where a map's cells and areas lie in the picture. It depends
// on the board only, so it is computed once per layout.
type geometry struct {
	key    string
	b      *dei.Board
	cell   float64 // pixels per cell
	ox, oy float64 // the map's top-left corner
	// boxes is each area's content box: the largest rectangle of its cells.
	boxes []images.Rect
	// lanes are, per area, the strips its contents flow through: one per
	// row of cells (a run of the area's cells in a map row), the content
	// box's rows first, then the others in reading order.
	lanes [][]images.Rect
}

var geometries sync.Map // key -> *geometry

// geometryOf returns the geometry of board b.
func geometryOf(b *dei.Board) *geometry {
	h := fnv.New64a()
	fmt.Fprint(h, b.Rows, b.Cols, b.Tiles)
	for y := range b.Height() {
		for x := range b.Width() {
			fmt.Fprint(h, b.CellArea(y, x), ",")
		}
	}
	key := strconv.FormatUint(h.Sum64(), 36)
	if g, ok := geometries.Load(key); ok {
		return g.(*geometry)
	}
	g := &geometry{key: key, b: b}
	g.cell = min(float64(mapSide)/float64(b.Width()), float64(mapSide)/float64(b.Height()))
	g.cell = float64(int(g.cell))
	g.ox = margin + (mapSide-g.cell*float64(b.Width()))/2
	g.oy = bodyTop
	g.boxes = make([]images.Rect, len(b.Areas))
	g.lanes = make([][]images.Rect, len(b.Areas))
	for i, a := range b.Areas {
		y0, x0, y1, x1 := largestRect(a.Cells)
		g.boxes[i] = images.Rect{X: g.ox + float64(x0)*g.cell, Y: g.oy + float64(y0)*g.cell,
			W: float64(x1-x0+1) * g.cell, H: float64(y1-y0+1) * g.cell}
		var inBox, rest []images.Rect
		for _, run := range runs(a.Cells) {
			r := images.Rect{X: g.ox + float64(run[1])*g.cell, Y: g.oy + float64(run[0])*g.cell,
				W: float64(run[2]-run[1]+1) * g.cell, H: g.cell}
			if run[0] >= y0 && run[0] <= y1 && run[1] <= x0 && run[2] >= x1 {
				// the box's part of the run
				r.X, r.W = g.ox+float64(x0)*g.cell, float64(x1-x0+1)*g.cell
				inBox = append(inBox, r)
				continue
			}
			rest = append(rest, r)
		}
		// The widest rows first: an area's id and contents never start in
		// a strip too narrow for them while a wider one is free.
		lanes := append(inBox, rest...)
		slices.SortStableFunc(lanes, func(p, q images.Rect) int { return int(q.W - p.W) })
		g.lanes[i] = lanes
	}
	geometries.Store(key, g)
	return g
}

// largestRect returns the largest rectangle (by cells, then the more
// square one) made of the cells, as top, left, bottom, right.
func largestRect(cells [][2]int) (int, int, int, int) {
	in := map[[2]int]bool{}
	y0, x0, y1, x1 := cells[0][0], cells[0][1], cells[0][0], cells[0][1]
	for _, c := range cells {
		in[c] = true
		y0, x0, y1, x1 = min(y0, c[0]), min(x0, c[1]), max(y1, c[0]), max(x1, c[1])
	}
	best, bestScore := [4]int{cells[0][0], cells[0][1], cells[0][0], cells[0][1]}, 0
	for top := y0; top <= y1; top++ {
		for left := x0; left <= x1; left++ {
			if !in[[2]int{top, left}] {
				continue
			}
			for bottom := top; bottom <= y1; bottom++ {
				for right := left; right <= x1; right++ {
					ok := true
					for y := top; y <= bottom && ok; y++ {
						for x := left; x <= right && ok; x++ {
							ok = in[[2]int{y, x}]
						}
					}
					if !ok {
						break
					}
					h, w := bottom-top+1, right-left+1
					score := h*w*16 - abs(h-w)
					if score > bestScore {
						best, bestScore = [4]int{top, left, bottom, right}, score
					}
				}
			}
		}
	}
	return best[0], best[1], best[2], best[3]
}

// runs splits cells into horizontal runs: row, first and last column, in
// reading order.
func runs(cells [][2]int) [][3]int {
	sorted := slices.Clone(cells)
	slices.SortFunc(sorted, func(a, b [2]int) int {
		if a[0] != b[0] {
			return a[0] - b[0]
		}
		return a[1] - b[1]
	})
	var out [][3]int
	for _, c := range sorted {
		if n := len(out); n > 0 && out[n-1][0] == c[0] && out[n-1][2] == c[1]-1 {
			out[n-1][2] = c[1]
			continue
		}
		out = append(out, [3]int{c[0], c[1], c[1]})
	}
	return out
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// cellRect is the pixel square of map cell (y, x).
func (g *geometry) cellRect(y, x int) images.Rect {
	return images.Rect{X: g.ox + float64(x)*g.cell, Y: g.oy + float64(y)*g.cell, W: g.cell, H: g.cell}
}

// paint draws the static map: cells, borders, red lines and district edges.
func (g *geometry) paint(c *images.Canvas) {
	c.SetColor(images.ColorBackground)
	c.Clear()
	b := g.b
	for y := range b.Height() {
		for x := range b.Width() {
			r := g.cellRect(y, x)
			c.DrawRectangle(r.X, r.Y, r.W+0.5, r.H+0.5)
			if b.Areas[b.CellArea(y, x)].Ground {
				c.SetColor(colorGround)
			} else {
				c.SetColor(colorRoof)
			}
			c.Fill()
		}
	}
	g.paintEdges(c)
}

// paintEdges draws the lines between cells of different areas: a bevel
// around roofs, black lines inside a district, red lines where ground and
// roof are adjacent for drones, and the districts' edges.
func (g *geometry) paintEdges(c *images.Canvas) {
	b := g.b
	h, w := b.Height(), b.Width()
	type seg struct {
		x0, y0, x1, y1 float64
		col            color.Color
		lw             float64
	}
	var segs []seg
	for y := range h {
		for x := range w {
			a := b.CellArea(y, x)
			r := g.cellRect(y, x)
			// Roofs stand out by a dark shadow along their bottom and right
			// edges.
			if !b.Areas[a].Ground {
				if y == h-1 || b.CellArea(y+1, x) != a {
					segs = append(segs, seg{r.X, r.Y + r.H - 3, r.X + r.W, r.Y + r.H - 3, colorRoofLo, 6})
				}
				if x == w-1 || b.CellArea(y, x+1) != a {
					segs = append(segs, seg{r.X + r.W - 3, r.Y, r.X + r.W - 3, r.Y + r.H, colorRoofLo, 6})
				}
			}
		}
	}
	for y := range h {
		for x := range w {
			a := b.CellArea(y, x)
			r := g.cellRect(y, x)
			for _, d := range [2][2]int{{0, 1}, {1, 0}} {
				ny, nx := y+d[0], x+d[1]
				if ny >= h || nx >= w {
					continue
				}
				o := b.CellArea(ny, nx)
				if o == a {
					continue
				}
				var x0, y0, x1, y1 float64
				if d[1] == 1 {
					x0, y0, x1, y1 = r.X+r.W, r.Y, r.X+r.W, r.Y+r.H
				} else {
					x0, y0, x1, y1 = r.X, r.Y+r.H, r.X+r.W, r.Y+r.H
				}
				sameTile := ny/dei.TileSize == y/dei.TileSize && nx/dei.TileSize == x/dei.TileSize
				switch {
				case !sameTile:
					segs = append(segs, seg{x0, y0, x1, y1, images.ColorBackground, 8})
				case slices.Contains(b.Areas[a].Red, o):
					segs = append(segs, seg{x0, y0, x1, y1, colorRedLine, 3})
				default:
					segs = append(segs, seg{x0, y0, x1, y1, colorLine, 2})
				}
			}
		}
	}
	// Thick lines last, so they cover the thin ones.
	slices.SortStableFunc(segs, func(p, q seg) int {
		switch {
		case p.lw < q.lw:
			return -1
		case p.lw > q.lw:
			return 1
		}
		return 0
	})
	// Lines are drawn as pixel-aligned rectangles: crisp, and cheap to
	// compress.
	for _, s := range segs {
		w := math.Round(s.lw)
		var r images.Rect
		if s.x0 == s.x1 {
			r = images.Rect{X: math.Round(s.x0 - w/2), Y: math.Round(s.y0), W: w, H: math.Round(s.y1 - s.y0)}
		} else {
			r = images.Rect{X: math.Round(s.x0), Y: math.Round(s.y0 - w/2), W: math.Round(s.x1 - s.x0), H: w}
		}
		c.FillRoundRect(r, 0, s.col)
	}
	c.SetColor(colorLine)
	c.SetLineWidth(4)
	c.DrawRectangle(g.ox, g.oy, g.cell*float64(w), g.cell*float64(h))
	c.Stroke()
}

// drawMap draws everything on the map that changes: the majority tint,
// bridges, lifts, and each area's id and contents where the layout put them.
func (t *table) drawMap(c *images.Canvas) {
	g := t.geo
	b := t.Board
	for i, a := range t.Areas {
		if a.Holder < 0 {
			continue
		}
		col := images.Seat(a.Holder).Color
		tint := color.NRGBA{col.R, col.G, col.B, 0x60}
		for _, cell := range b.Areas[i].Cells {
			r := g.cellRect(cell[0], cell[1])
			c.DrawRectangle(r.X+1, r.Y+1, r.W-2, r.H-2)
			c.SetColor(tint)
			c.Fill()
		}
		g.outline(c, i, col, 4)
	}
	t.drawBridges(c)
	t.drawLifts(c)
	for _, m := range t.lay.marks {
		m.draw(c, m.box.X, m.box.CY())
	}
}

// outline draws a line along the inside of area i's boundary.
func (g *geometry) outline(c *images.Canvas, i int, col color.Color, lw float64) {
	b := g.b
	in := lw / 2
	c.SetColor(col)
	c.SetLineWidth(lw)
	c.SetLineCapSquare()
	for _, cell := range b.Areas[i].Cells {
		y, x := cell[0], cell[1]
		r := g.cellRect(y, x)
		other := func(ny, nx int) bool {
			return ny < 0 || nx < 0 || ny >= b.Height() || nx >= b.Width() || b.CellArea(ny, nx) != i
		}
		if other(y-1, x) {
			c.DrawLine(r.X, r.Y+in, r.X+r.W, r.Y+in)
		}
		if other(y+1, x) {
			c.DrawLine(r.X, r.Y+r.H-in, r.X+r.W, r.Y+r.H-in)
		}
		if other(y, x-1) {
			c.DrawLine(r.X+in, r.Y, r.X+in, r.Y+r.H)
		}
		if other(y, x+1) {
			c.DrawLine(r.X+r.W-in, r.Y, r.X+r.W-in, r.Y+r.H)
		}
		c.Stroke()
	}
}

// nearest returns the centres of the closest pair of cells of areas a and
// o.
func (g *geometry) nearest(a, o int) (float64, float64, float64, float64) {
	b := g.b
	best := -1
	var p, q [2]int
	for _, ca := range b.Areas[a].Cells {
		for _, co := range b.Areas[o].Cells {
			d := abs(ca[0]-co[0]) + abs(ca[1]-co[1])
			if best < 0 || d < best {
				best, p, q = d, ca, co
			}
		}
	}
	rp, rq := g.cellRect(p[0], p[1]), g.cellRect(q[0], q[1])
	return rp.CX(), rp.CY(), rq.CX(), rq.CY()
}

// bridge is a bridge as drawn: its centre line and colour.
type bridge struct {
	x0, y0, x1, y1 float64
	col            color.RGBA
}

// box is the bridge's bounding box.
func (b bridge) box() images.Rect {
	return images.Rect{X: min(b.x0, b.x1) - 6, Y: min(b.y0, b.y1) - 6, W: math.Abs(b.x1-b.x0) + 12, H: math.Abs(b.y1-b.y0) + 12}
}

// bridges are the shared bridges in white and the players' in their
// colours, side by side where several span one site.
func (t *table) bridges() []bridge {
	type built struct {
		spot int
		col  color.RGBA
	}
	var all []built
	for _, s := range t.SharedBridges {
		all = append(all, built{s, colorShared})
	}
	for _, p := range t.Players {
		for _, s := range p.Bridges {
			all = append(all, built{s, images.Seat(p.Seat).Color})
		}
	}
	seen := map[int]int{}
	var out []bridge
	for _, br := range all {
		out = append(out, t.geo.bridgeAt(br.spot, seen[br.spot], br.col))
		seen[br.spot]++
	}
	return out
}

// bridgeAt is the k-th bridge drawn on bridge site spot.
func (g *geometry) bridgeAt(spot, k int, col color.RGBA) bridge {
	site := g.b.Bridges[spot]
	x0, y0, x1, y1 := g.nearest(site.Roofs[0], site.Roofs[1])
	off := float64(k) * 12
	if x0 == x1 {
		x0, x1 = x0+off-6, x1+off-6
	} else {
		y0, y1 = y0+off-6, y1+off-6
	}
	return bridge{x0, y0, x1, y1, col}
}

func (t *table) drawBridges(c *images.Canvas) {
	for _, br := range t.bridges() {
		c.SetLineCapRound()
		c.SetColor(colorLine)
		c.SetLineWidth(12)
		c.DrawLine(br.x0, br.y0, br.x1, br.y1)
		c.Stroke()
		c.SetColor(br.col)
		c.SetLineWidth(7)
		c.DrawLine(br.x0, br.y0, br.x1, br.y1)
		c.Stroke()
	}
}

// lift is a lift as drawn: a ladder's centre, direction and colour.
type lift struct {
	x, y     float64
	vertical bool
	col      color.RGBA
}

// box is the ladder's bounding box.
func (l lift) box() images.Rect {
	if l.vertical {
		return images.Rect{X: l.x - 9, Y: l.y - 17, W: 18, H: 34}
	}
	return images.Rect{X: l.x - 17, Y: l.y - 9, W: 34, H: 18}
}

// lifts are the printed lifts in white and the players' in their colours,
// across the border of ground and roof.
func (t *table) lifts() []lift {
	type built struct {
		g, r int
		col  color.RGBA
	}
	var all []built
	for _, l := range t.Board.Lifts {
		all = append(all, built{l[0], l[1], colorShared})
	}
	for _, p := range t.Players {
		for _, l := range p.Lifts {
			all = append(all, built{l[0], l[1], images.Seat(p.Seat).Color})
		}
	}
	seen := map[[2]int]int{}
	var out []lift
	for _, l := range all {
		x0, y0, x1, y1 := t.geo.nearest(l.g, l.r)
		mx, my := (x0+x1)/2, (y0+y1)/2
		k := [2]int{l.g, l.r}
		off := float64(seen[k]) * 14
		seen[k]++
		if x0 == x1 {
			mx += off
		} else {
			my += off
		}
		out = append(out, lift{mx, my, x0 == x1, l.col})
	}
	return out
}

func (t *table) drawLifts(c *images.Canvas) {
	for _, l := range t.lifts() {
		ladder(c, l.x, l.y, l.vertical, l.col)
	}
}

// ladder draws a small ladder centred at (x, y), upright if vertical.
func ladder(c *images.Canvas, x, y float64, vertical bool, col color.RGBA) {
	c.Push()
	defer c.Pop()
	c.Translate(x, y)
	if !vertical {
		c.Rotate(1.5708)
	}
	const hw, hh = 6.0, 15.0
	c.DrawRectangle(-hw-3, -hh-2, 2*hw+6, 2*hh+4)
	c.SetColor(colorLine)
	c.Fill()
	c.SetColor(col)
	c.SetLineWidth(3)
	c.DrawLine(-hw, -hh, -hw, hh)
	c.DrawLine(hw, -hh, hw, hh)
	for i := -2; i <= 2; i++ {
		yy := float64(i) * hh / 2.5
		c.DrawLine(-hw, yy, hw, yy)
	}
	c.Stroke()
}

// item is one thing drawn in an area: its width and how to draw it with
// its left edge at x and its vertical centre at y.
type item struct {
	w    float64
	draw func(c *images.Canvas, x, y float64)
}

// itemH is the height of every item.
const itemH = 26.0

// mark is an item placed on the map: the area it shows, whether it is the
// area's id, and its box.
type mark struct {
	area int
	id   bool
	box  images.Rect
	draw func(c *images.Canvas, x, y float64)
}

// overflow is what did not fit in an area: the area shows a plus sign and
// the list beside the map shows these items after the area's id.
type overflow struct {
	area  int
	items []item
}

// layout is where the map's ids and contents are drawn: every mark lies in
// its area and no id touches another id, a bridge or a lift.
type layout struct {
	marks  []mark
	over   []overflow
	listed int // how many of over the list beside the map shows
}

// Gaps of the layout: between an id and anything else, and between items.
const (
	idGap   = 6.0
	itemGap = 2.0
	inset   = 3.0 // an item's distance from its area's edge
)

// layoutMap places each area's id where it touches no other id, bridge
// site, bridge or lift, trying the left and right ends of the area's rows
// of cells, widest row first; then flows the area's contents through its
// rows around the id. Contents that do not fit are drawn compact (a leader
// as a gold ring around its seat's count, camps closer together); what
// still does not fit goes to the overflow list.
func (t *table) layoutMap(c *images.Canvas) layout {
	var l layout
	var taken []images.Rect
	for s := range t.Board.Bridges {
		taken = append(taken, t.geo.bridgeAt(s, 0, colorShared).box())
	}
	for _, b := range t.bridges() {
		taken = append(taken, b.box())
	}
	for _, lf := range t.lifts() {
		taken = append(taken, lf.box())
	}
	ids := make([]images.Rect, len(t.Areas))
	for i := range t.Areas {
		ids[i] = t.placeID(c, i, taken)
		taken = append(taken, ids[i].Inset(-idGap))
		l.marks = append(l.marks, mark{i, true, ids[i], t.idItem(c, i).draw})
	}
	for i := range t.Areas {
		segs := t.segments(i, ids[i])
		normal := t.items(c, i, false)
		if boxes := flow(normal, segs); len(boxes) == len(normal) {
			l.marks = append(l.marks, marks(i, normal, boxes)...)
			continue
		}
		compact := t.items(c, i, true)
		if boxes := flow(compact, segs); len(boxes) == len(compact) {
			l.marks = append(l.marks, marks(i, compact, boxes)...)
			continue
		}
		// The figures stay together: in the area if all of them fit,
		// else all in the list.
		figs := t.figures(i, true)
		others := compact[len(figs):]
		shown := append(figs, others...)
		if len(flow(append(slices.Clone(figs), plus), segs)) <= len(figs) {
			shown = append(slices.Clone(others), figs...)
		}
		k := len(shown)
		var boxes []images.Rect
		for ; k >= 0; k-- {
			if boxes = flow(append(slices.Clone(shown[:k]), plus), segs); len(boxes) == k+1 {
				break
			}
		}
		if k < 0 {
			// Not even the plus sign fits: the id says it all.
			k, boxes = 0, nil
		}
		l.marks = append(l.marks, marks(i, append(slices.Clone(shown[:k]), plus), boxes)...)
		l.over = append(l.over, overflow{i, shown[k:]})
	}
	return l
}

func marks(area int, items []item, boxes []images.Rect) []mark {
	var out []mark
	for k, b := range boxes {
		out = append(out, mark{area: area, box: b, draw: items[k].draw})
	}
	return out
}

// segment is a stretch of a row of cells that items may fill.
type segment struct{ x0, x1, cy float64 }

// flow places items left to right through the segments, a segment at a
// time, and returns the boxes of those that fit, in order, stopping at the
// first that does not.
func flow(items []item, segs []segment) []images.Rect {
	var out []images.Rect
	k := 0
	x := 0.0
	if len(segs) > 0 {
		x = segs[0].x0
	}
	for _, it := range items {
		for k < len(segs) && x+it.w > segs[k].x1 {
			k++
			if k < len(segs) {
				x = segs[k].x0
			}
		}
		if k == len(segs) {
			break
		}
		out = append(out, images.Rect{X: x, Y: segs[k].cy - itemH/2, W: it.w, H: itemH})
		x += it.w + itemGap
	}
	return out
}

// placeID returns the box of area i's id: at the first end of a row of
// cells where it overlaps nothing taken; where no row is wide enough for
// it, centred in its row.
func (t *table) placeID(c *images.Canvas, i int, taken []images.Rect) images.Rect {
	w := t.idItem(c, i).w
	var cands []images.Rect
	for _, ln := range t.geo.lanes[i] {
		y := ln.CY() - 11
		if w+2*inset > ln.W {
			cands = append(cands, images.Rect{X: ln.CX() - w/2, Y: y, W: w, H: 22})
			continue
		}
		cands = append(cands, images.Rect{X: ln.X + inset, Y: y, W: w, H: 22},
			images.Rect{X: ln.X + ln.W - inset - w, Y: y, W: w, H: 22})
	}
	for _, r := range cands {
		if !slices.ContainsFunc(taken, func(o images.Rect) bool { return overlaps(r, o) }) {
			return r
		}
	}
	return cands[0]
}

// overlaps reports whether rectangles a and b share any area.
func overlaps(a, b images.Rect) bool {
	return a.X < b.X+b.W && b.X < a.X+a.W && a.Y < b.Y+b.H && b.Y < a.Y+a.H
}

// segments are the stretches of area i's rows of cells left for its
// contents beside its id.
func (t *table) segments(i int, id images.Rect) []segment {
	var out []segment
	for _, ln := range t.geo.lanes[i] {
		x0, x1 := ln.X+inset, ln.X+ln.W-inset
		if id.CY() < ln.Y || id.CY() > ln.Y+ln.H {
			out = append(out, segment{x0, x1, ln.CY()})
			continue
		}
		// After the id first, then before it.
		if id.X+id.W+itemGap < x1 {
			out = append(out, segment{max(x0, id.X+id.W+itemGap), x1, ln.CY()})
		}
		if id.X-itemGap > x0 {
			out = append(out, segment{x0, id.X - itemGap, ln.CY()})
		}
	}
	return out
}

// idItem is area i's id in bold, with a halo of the area's colour that
// keeps it legible over bridges and lifts.
func (t *table) idItem(c *images.Canvas, i int) item {
	ar := t.Board.Areas[i]
	ink, halo := colorGroundInk, colorGround
	if !ar.Ground {
		ink, halo = images.ColorInk, colorRoof
	}
	c.SetFont(images.Bold, 18)
	lw, _ := c.MeasureString(ar.ID)
	return item{lw + 4, func(c *images.Canvas, x, y float64) {
		c.SetFont(images.Bold, 18)
		c.SetColor(halo)
		for _, d := range [][2]float64{{-2, 0}, {2, 0}, {0, -2}, {0, 2}} {
			c.Text(ar.ID, x+2+d[0], y+d[1], 0)
		}
		c.SetColor(ink)
		c.Text(ar.ID, x+2, y, 0)
	}}
}

// items are area i's contents: figures, outposts, drones, camps, tech and
// energy. Compact, a leader is a gold ring around its seat's count and
// camps stand closer together.
func (t *table) items(c *images.Canvas, i int, compact bool) []item {
	a := t.Areas[i]
	items := t.figures(i, compact)
	for _, o := range t.Outposts {
		if o.Area != i {
			continue
		}
		items = append(items, item{24, func(c *images.Canvas, x, y float64) { t.outpost(c, x+12, y, o) }})
	}
	for _, d := range t.Drones {
		if d.Area != i {
			continue
		}
		label := droneLetters[d.Key]
		items = append(items, item{itemChipW(c, label), func(c *images.Canvas, x, y float64) {
			c.Chip(label, x, y, 0, colorDrone, images.ColorInk, images.Bold, 18)
		}})
	}
	// Camps stand overlapped, the neutral one behind.
	var camps []color.RGBA
	if t.Board.Areas[i].Camp {
		camps = append(camps, colorShared)
	}
	for _, s := range a.Camps {
		camps = append(camps, images.Seat(s).Color)
	}
	step := campStep
	if compact {
		step = campStep / 2
	}
	if n := len(camps); n > 0 {
		items = append(items, item{26 + step*float64(n-1), func(c *images.Canvas, x, y float64) {
			for k, col := range camps {
				camp(c, x+13+step*float64(k), y, col)
			}
		}})
	}
	if a.Tech > 0 {
		items = append(items, resourceItem(c, a.Tech, true))
	}
	if a.Energy > 0 {
		items = append(items, resourceItem(c, a.Energy, false))
	}
	return items
}

// figures are area i's scrappers, a count per seat, and leaders: tokens of
// their own, or compact a gold ring around their seat's count.
func (t *table) figures(i int, compact bool) []item {
	a := t.Areas[i]
	var items []item
	for s, n := range a.Figs {
		lead := slices.Contains(a.Leaders, s)
		if n > 0 {
			seat, label, ring := s, strconv.Itoa(n), compact && lead
			items = append(items, item{24, func(c *images.Canvas, x, y float64) {
				figure(c, x+12, y, seat, label)
				if ring {
					c.SetColor(images.ColorGold)
					c.SetLineWidth(3)
					c.DrawCircle(x+12, y, 13)
					c.Stroke()
				}
			}})
		}
		if lead && (!compact || n == 0) {
			seat := s
			items = append(items, item{26, func(c *images.Canvas, x, y float64) { figure(c, x+13, y, seat, "") }})
		}
	}
	return items
}

// plus marks an area whose contents continue in the list beside the map.
var plus = item{20, func(c *images.Canvas, x, y float64) {
	c.DrawCircle(x+10, y, 10)
	c.SetColor(images.ColorGold)
	c.Fill()
	c.FillRoundRect(images.Rect{X: math.Round(x + 4), Y: math.Round(y) - 1.5, W: 12, H: 3}, 0, colorLine)
	c.FillRoundRect(images.Rect{X: math.Round(x + 8.5), Y: math.Round(y) - 6, W: 3, H: 12}, 0, colorLine)
}}

// campStep is how far the camps of one area stand apart.
const campStep = 13.0

var colorDrone = color.RGBA{0x7a, 0x3d, 0xa8, 0xff}

// droneLetters are the drones' short names on the map.
var droneLetters = map[string]string{dei.Hunter: "Hu", dei.Transporter: "Tr", dei.Harvester: "Ha", dei.Teleporter: "Te"}

func itemChipW(c *images.Canvas, label string) float64 {
	c.SetFont(images.Bold, 18)
	w, _ := c.MeasureString(label)
	return w + 18
}

// resourceItem is a tech crate or an energy bolt with a count above 1.
func resourceItem(c *images.Canvas, n int, tech bool) item {
	label := ""
	if n > 1 {
		label = strconv.Itoa(n)
	}
	c.SetFont(images.Bold, 18)
	lw, _ := c.MeasureString(label)
	return item{22 + lw, func(c *images.Canvas, x, y float64) {
		resourceIcon(c, x+11, y, 22, tech)
		if label != "" {
			c.SetColor(images.ColorInk)
			c.SetFont(images.Bold, 18)
			outlined(c, label, x+22, y)
		}
	}}
}

// resourceIcon draws a tech crate or an energy bolt on a dark square.
func resourceIcon(c *images.Canvas, x, y, size float64, tech bool) {
	h := math.Round(size / 2)
	c.FillRoundRect(images.Rect{X: math.Round(x) - h, Y: math.Round(y) - h, W: 2 * h, H: 2 * h}, 0, colorLine)
	if tech {
		c.FillRoundRect(images.Rect{X: math.Round(x) - h/2, Y: math.Round(y) - h/2, W: h, H: h}, 0, colorTech)
	} else {
		c.Icon(images.IconEvent, x, y, size*0.7, colorEnergy)
	}
}

// outlined draws light text with a dark outline, legible on any fill.
func outlined(c *images.Canvas, s string, x, y float64) {
	c.SetColor(colorLine)
	for _, d := range [][2]float64{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
		c.Text(s, x+d[0]*1.5, y+d[1]*1.5, 0)
	}
	c.SetColor(images.ColorInk)
	c.Text(s, x, y, 0)
}

// figure draws a seat's scrappers (label = count) or its leader (label
// empty: a star) as the seat's shape.
func figure(c *images.Canvas, x, y float64, seat int, label string) {
	if label != "" {
		st := images.Seat(seat)
		c.SeatBadge(x, y, 12, seat)
		// SeatBadge prints the seat number; print the count over it.
		c.DrawCircle(x, y, 9)
		c.SetColor(st.Color)
		c.Fill()
		c.SetColor(images.ColorBackground)
		c.SetFont(images.Bold, 18)
		dy := 0.0
		if st.Shape == images.Triangle {
			dy = 3
		}
		c.Text(label, x, y+dy, 0.5)
		return
	}
	c.SeatBadge(x, y, 12, seat)
	c.DrawCircle(x, y, 10)
	c.SetColor(images.Seat(seat).Color)
	c.Fill()
	c.Icon(images.IconStar, x, y, 18, images.ColorBackground)
	c.SetColor(images.ColorGold)
	c.SetLineWidth(2.5)
	c.DrawCircle(x, y, 13.5)
	c.Stroke()
}

// camp draws a camp as a house in its owner's colour (white: neutral).
func camp(c *images.Canvas, x, y float64, col color.RGBA) {
	c.Icon(images.IconStructure, x, y, 26, colorLine)
	c.Icon(images.IconStructure, x, y, 20, col)
}

// outpost draws an outpost: a square in its colour, filled with the
// controller's colour (dark while its cube lies on the tile).
func (t *table) outpost(c *images.Canvas, x, y float64, o dei.OutpostView) {
	c.DrawRoundedRectangle(x-12, y-12, 24, 24, 4)
	c.SetColor(outpostColors[o.Colour])
	c.Fill()
	c.DrawRoundedRectangle(x-7, y-7, 14, 14, 2)
	if o.Owner >= 0 {
		c.SetColor(images.Seat(o.Owner).Color)
	} else {
		c.SetColor(colorLine)
	}
	c.Fill()
}

// areaName is an area id with what lies there, for the alt text.
func (t *table) areaSummary(i int) string {
	a := t.Areas[i]
	var parts []string
	for s, n := range a.Figs {
		if n > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", t.name(s), n))
		}
	}
	for _, s := range a.Leaders {
		parts = append(parts, t.name(s)+" "+pictures.Text("Leader").In(t.lang))
	}
	return strings.Join(parts, ", ")
}
