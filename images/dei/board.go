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
// buildings, and each area's id and contents.
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
	for i := range t.Areas {
		t.drawArea(c, i)
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

// drawBridges draws the shared bridges in white and the players' in their
// colours, side by side where several span one site.
func (t *table) drawBridges(c *images.Canvas) {
	type bridge struct {
		spot int
		col  color.RGBA
	}
	var all []bridge
	for _, s := range t.SharedBridges {
		all = append(all, bridge{s, colorShared})
	}
	for _, p := range t.Players {
		for _, s := range p.Bridges {
			all = append(all, bridge{s, images.Seat(p.Seat).Color})
		}
	}
	seen := map[int]int{}
	for _, br := range all {
		spot := t.Board.Bridges[br.spot]
		x0, y0, x1, y1 := t.geo.nearest(spot.Roofs[0], spot.Roofs[1])
		off := float64(seen[br.spot]) * 12
		seen[br.spot]++
		if x0 == x1 {
			x0, x1 = x0+off-6, x1+off-6
		} else {
			y0, y1 = y0+off-6, y1+off-6
		}
		c.SetLineCapRound()
		c.SetColor(colorLine)
		c.SetLineWidth(12)
		c.DrawLine(x0, y0, x1, y1)
		c.Stroke()
		c.SetColor(br.col)
		c.SetLineWidth(7)
		c.DrawLine(x0, y0, x1, y1)
		c.Stroke()
	}
}

// drawLifts draws printed lifts in white and the players' in their colours
// as ladders across the border of ground and roof.
func (t *table) drawLifts(c *images.Canvas) {
	type lift struct {
		g, r int
		col  color.RGBA
	}
	var all []lift
	for _, l := range t.Board.Lifts {
		all = append(all, lift{l[0], l[1], colorShared})
	}
	for _, p := range t.Players {
		for _, l := range p.Lifts {
			all = append(all, lift{l[0], l[1], images.Seat(p.Seat).Color})
		}
	}
	seen := map[[2]int]int{}
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
		ladder(c, mx, my, x0 == x1, l.col)
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

// item is one thing drawn in an area's content box.
type item struct {
	w    float64
	draw func(c *images.Canvas, x, y float64) // (x, y): left edge, vertical centre
}

const itemH = 26.0

// drawArea draws area i's id and contents, flowing left to right through
// the area's rows of cells, its content box first.
func (t *table) drawArea(c *images.Canvas, i int) {
	a := t.Areas[i]
	ar := t.Board.Areas[i]
	ink := colorGroundInk
	if !ar.Ground {
		ink = images.ColorInk
	}
	var items []item
	c.SetFont(images.Bold, 18)
	lw, _ := c.MeasureString(ar.ID)
	halo := colorGround
	if !ar.Ground {
		halo = colorRoof
	}
	items = append(items, item{lw + 4, func(c *images.Canvas, x, y float64) {
		// A halo of the area's colour keeps the id legible over bridges
		// and lifts.
		c.SetFont(images.Bold, 18)
		c.SetColor(halo)
		for _, d := range [][2]float64{{-2, 0}, {2, 0}, {0, -2}, {0, 2}} {
			c.Text(ar.ID, x+d[0], y+d[1], 0)
		}
		c.SetColor(ink)
		c.Text(ar.ID, x, y, 0)
	}})
	// Camps stand overlapped, the neutral one behind.
	var camps []color.RGBA
	if ar.Camp {
		camps = append(camps, colorShared)
	}
	for _, s := range a.Camps {
		camps = append(camps, images.Seat(s).Color)
	}
	if n := len(camps); n > 0 {
		items = append(items, item{26 + campStep*float64(n-1), func(c *images.Canvas, x, y float64) {
			for k, col := range camps {
				camp(c, x+13+campStep*float64(k), y, col)
			}
		}})
	}
	for _, o := range t.Outposts {
		if o.Area != i {
			continue
		}
		items = append(items, item{28, func(c *images.Canvas, x, y float64) { t.outpost(c, x+14, y, o) }})
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
	if a.Tech > 0 {
		items = append(items, resourceItem(c, a.Tech, true))
	}
	if a.Energy > 0 {
		items = append(items, resourceItem(c, a.Energy, false))
	}
	lanes := t.geo.lanes[i]
	room := 0.0
	for _, l := range lanes {
		room += l.W - 6
	}
	used := 0.0
	for _, it := range items {
		used += it.w + 3
	}
	figs := 0
	for s, n := range a.Figs {
		if n > 0 {
			figs++
		}
		if slices.Contains(a.Leaders, s) {
			figs++
		}
	}
	// Where scrappers and leaders would not fit, a leader is a gold ring
	// around its seat's count instead of a token of its own.
	compact := used+31*float64(figs) > room
	for s, n := range a.Figs {
		lead := slices.Contains(a.Leaders, s)
		if n > 0 {
			seat, label, ring := s, strconv.Itoa(n), compact && lead
			items = append(items, item{28, func(c *images.Canvas, x, y float64) {
				figure(c, x+14, y, seat, label)
				if ring {
					c.SetColor(images.ColorGold)
					c.SetLineWidth(3)
					c.DrawCircle(x+14, y, 14)
					c.Stroke()
				}
			}})
		}
		if lead && (!compact || n == 0) {
			seat := s
			items = append(items, item{28, func(c *images.Canvas, x, y float64) { figure(c, x+14, y, seat, "") }})
		}
	}
	k := 0
	x := lanes[0].X + 4
	for _, it := range items {
		for k+1 < len(lanes) && x > lanes[k].X+4 && x+it.w > lanes[k].X+lanes[k].W-2 {
			k++
			x = lanes[k].X + 4
		}
		it.draw(c, x, lanes[k].CY())
		x += it.w + 3
	}
}

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
	return item{24 + lw, func(c *images.Canvas, x, y float64) {
		resourceIcon(c, x+11, y, 22, tech)
		if label != "" {
			c.SetColor(images.ColorInk)
			c.SetFont(images.Bold, 18)
			outlined(c, label, x+23, y)
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
		parts = append(parts, t.name(s)+" "+t.tr("leader", "Anführer"))
	}
	return strings.Join(parts, ", ")
}
