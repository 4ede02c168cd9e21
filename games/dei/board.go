package dei

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/playbychat/pbc/games/rng"
)

// TileSize is the number of cells along each side of a district.
const TileSize = 6

// The street openings (ports) of a district: the two middle cells of each
// edge. A ground area holding a port's cells continues across the edge into
// the touching district's port area: the two form one area of the map.
var portCells = [4][2][2]int{
	{{0, 2}, {0, 3}},                       // north
	{{2, TileSize - 1}, {3, TileSize - 1}}, // east
	{{TileSize - 1, 2}, {TileSize - 1, 3}}, // south
	{{2, 0}, {3, 0}},                       // west
}

// District is one map tile as written in data/map.json; see data/FORMAT.md.
type District struct {
	Code string `json:"code"`
	// Players is the smallest table that uses the district (the number on
	// its back): 2 for 2.1-2.9, 3 for 3.1-3.3, 4 for 4.1-4.4.
	Players int  `json:"players"`
	Start   bool `json:"start,omitempty"`
	// Cells are TileSize rows of TileSize area keys: a lower-case letter is
	// a ground area, a digit a roof.
	Cells []string `json:"cells"`
	// Areas holds the symbols printed in the areas, by key.
	Areas map[string]AreaInfo `json:"areas"`
	// Red lists the red lines: a ground key and a roof key whose areas
	// share a border ("a1").
	Red []string `json:"red"`
	// Lifts lists printed lifts, usable by everyone: red lines from Red.
	Lifts   []string     `json:"lifts,omitempty"`
	Bridges []BridgeSite `json:"bridges,omitempty"`
}

// AreaInfo is what is printed in an area.
type AreaInfo struct {
	Tech    int    `json:"tech,omitempty"`    // tech symbols (ground only)
	Energy  int    `json:"energy,omitempty"`  // energy symbols (roofs only)
	Outpost string `json:"outpost,omitempty"` // outpost site letter A, B or C
	Camp    bool   `json:"camp,omitempty"`    // the neutral camp of a start district
	Drone   bool   `json:"drone,omitempty"`   // the district's drone symbol
}

// BridgeSite is where a bridge may join two roofs of one district across a
// ground area.
type BridgeSite struct {
	Roofs  string `json:"roofs"` // the two roof keys, e.g. "12"
	Over   string `json:"over"`  // the ground key beneath
	Shared bool   `json:"shared,omitempty"`
}

// Layout is a quick-setup arrangement of districts.
type Layout struct {
	Players int `json:"players"`
	Rows    int `json:"rows"`
	Cols    int `json:"cols"`
	// Tiles lists the districts row by row, each as its code with an
	// optional rotation in quarter turns clockwise: "2.3" or "2.3@1".
	Tiles []string `json:"tiles"`
}

// mapFile is data/map.json.
type mapFile struct {
	Districts []District `json:"districts"`
	Layouts   []Layout   `json:"layouts"`
}

// Placed is one district on the table: its code and rotation.
type Placed struct {
	Code string `json:"code"`
	Rot  int    `json:"rot,omitempty"`
}

// Board is the map of one game: the districts as laid out, with their areas
// merged across touching districts and numbered as the players see them.
type Board struct {
	Rows, Cols int      // in districts
	Tiles      []Placed // row by row
	Areas      []Area   // ground areas first, then roofs
	// Bridges are the bridge sites; shared ones carry the shared bridges.
	Bridges []BridgeSpot
	// Lifts are the printed lifts: a ground and a roof area.
	Lifts [][2]int
	// cell[y][x] is the area of a map cell.
	cell [][]int
	byID map[string]int
}

// Area is one area of the map.
type Area struct {
	ID     string // "G3", "R12": what the map shows and moves name
	Ground bool
	Cells  [][2]int // map cells, [y, x]
	Tiles  []int    // the districts it lies in (two for a merged area)
	Tech   int      // printed tech symbols
	Energy int
	// Outpost is the site letter (A, B or C), empty if none.
	Outpost   string
	Camp      bool // the neutral camp
	DroneSite bool
	Same      []int // areas of the same level sharing a border
	Red       []int // areas of the other level across a red line
	Touch     []int // every area sharing a border (drones fly here)
}

// BridgeSpot is a bridge site on the map.
type BridgeSpot struct {
	Roofs  [2]int
	Over   int
	Shared bool
	Tile   int
}

var (
	districtCode = regexp.MustCompile(`^[234]\.[0-9]$`)
	redPair      = regexp.MustCompile(`^[a-z][1-9]$`)
)

func isGround(key byte) bool { return key >= 'a' && key <= 'z' }

// validateMap checks the districts, the totals of their symbols, each
// table size and the layouts.
func (c *Content) validateMap() error {
	if len(c.Districts) == 0 {
		return invalid("map: no districts")
	}
	starts, drones, shared := 0, 0, 0
	letters := map[string]int{}
	tech, energy := 0, 0
	perPlayers := map[int]int{}
	for i := range c.Districts {
		d := &c.Districts[i]
		if err := d.validate(); err != nil {
			return invalid("district %s: %v", d.Code, err)
		}
		if _, dup := c.districtIdx[d.Code]; dup {
			return invalid("district %s: code used twice", d.Code)
		}
		c.districtIdx[d.Code] = i
		perPlayers[d.Players]++
		if d.Start {
			starts++
			if d.Players != 2 {
				return invalid("district %s: start districts must be used by every table (2.x)", d.Code)
			}
		}
		for _, a := range d.Areas {
			tech += a.Tech
			energy += a.Energy
			if a.Outpost != "" {
				letters[a.Outpost]++
			}
			if a.Drone {
				drones++
			}
		}
		for _, b := range d.Bridges {
			if b.Shared {
				shared++
			}
		}
	}
	if starts != 2 {
		return invalid("map: need 2 start districts, found %d", starts)
	}
	if perPlayers[2] != 9 || perPlayers[3] != 3 || perPlayers[4] != 4 {
		return invalid("map: need 9 districts 2.x, 3 of 3.x and 4 of 4.x, found %d, %d, %d", perPlayers[2], perPlayers[3], perPlayers[4])
	}
	for _, l := range []string{"A", "B", "C"} {
		if letters[l] != 5 {
			return invalid("map: need 5 outpost sites %s, found %d", l, letters[l])
		}
	}
	if drones != 4 {
		return invalid("map: need 4 drone symbols, found %d", drones)
	}
	if shared != 2 {
		return invalid("map: need 2 shared bridge sites, found %d", shared)
	}
	// Every player starts with 1 tech and 1 energy from the same supply.
	if tech > techSupply-4 || energy > energySupply-4 {
		return invalid("map: %d tech and %d energy symbols leave too little for the players (at most %d and %d)", tech, energy, techSupply-4, energySupply-4)
	}
	if err := c.validateTables(); err != nil {
		return err
	}
	return c.validateLayouts()
}

// validateTables checks that the districts of each table size hold enough
// drone symbols and every outpost letter.
func (c *Content) validateTables() error {
	for n := 2; n <= 4; n++ {
		sites, lettersN := 0, map[string]bool{}
		for _, d := range c.Districts {
			if d.Players > n {
				continue
			}
			for _, a := range d.Areas {
				if a.Drone {
					sites++
				}
				if a.Outpost != "" {
					lettersN[a.Outpost] = true
				}
			}
		}
		if sites < n || len(lettersN) != 3 {
			return invalid("map: the districts of a %d-player table need %d drone symbols and all three outpost letters", n, n)
		}
	}
	return nil
}

// validateLayouts checks the quick-setup layouts, one per table size.
func (c *Content) validateLayouts() error {
	seen := map[int]bool{}
	for _, l := range c.Layouts {
		if l.Players < 2 || l.Players > 4 || seen[l.Players] {
			return invalid("layouts: need one layout each for 2, 3 and 4 players")
		}
		seen[l.Players] = true
		placed, err := c.parseLayout(l)
		if err != nil {
			return invalid("layout for %d players: %v", l.Players, err)
		}
		if _, err := c.NewBoard(l.Rows, l.Cols, placed); err != nil {
			return invalid("layout for %d players: %v", l.Players, err)
		}
	}
	if len(seen) != 3 {
		return invalid("layouts: need one layout each for 2, 3 and 4 players")
	}
	return nil
}

// validate checks a district: its cells, areas, street openings and
// lines.
func (d *District) validate() error {
	cells, err := d.validateCells()
	if err != nil {
		return err
	}
	if err := d.validateAreas(cells); err != nil {
		return err
	}
	if err := d.validatePorts(); err != nil {
		return err
	}
	return d.validateLines(cells)
}

// validateCells checks the code and the cells, and returns the cells of
// each area key.
func (d *District) validateCells() (map[byte][][2]int, error) {
	if !districtCode.MatchString(d.Code) {
		return nil, fmt.Errorf("code must look like 2.3")
	}
	if want := int(d.Code[0] - '0'); d.Players != want {
		return nil, fmt.Errorf("players must be %d, as the code says", want)
	}
	if len(d.Cells) != TileSize {
		return nil, fmt.Errorf("needs %d rows of cells", TileSize)
	}
	cells := map[byte][][2]int{}
	for y, row := range d.Cells {
		if len(row) != TileSize {
			return nil, fmt.Errorf("row %d needs %d cells", y+1, TileSize)
		}
		for x := range TileSize {
			k := row[x]
			if !isGround(k) && (k < '1' || k > '9') {
				return nil, fmt.Errorf("cell %d,%d: %q is neither a lower-case letter (ground) nor a digit 1-9 (roof)", y+1, x+1, k)
			}
			cells[k] = append(cells[k], [2]int{y, x})
		}
	}
	for k, cs := range cells {
		if !connected(cs) {
			return nil, fmt.Errorf("area %q is in pieces", k)
		}
	}
	return cells, nil
}

// validateAreas checks the symbols of the areas.
func (d *District) validateAreas(cells map[byte][][2]int) error {
	for key, info := range d.Areas {
		if len(key) != 1 || cells[key[0]] == nil {
			return fmt.Errorf("area %q has symbols but no cells", key)
		}
		ground := isGround(key[0])
		switch {
		case info.Tech < 0 || info.Tech > 3 || info.Energy < 0 || info.Energy > 3:
			return fmt.Errorf("area %q: 0-3 tech or energy symbols", key)
		case info.Tech > 0 && !ground:
			return fmt.Errorf("area %q: tech symbols belong on the ground", key)
		case info.Energy > 0 && ground:
			return fmt.Errorf("area %q: energy symbols belong on roofs", key)
		case info.Outpost != "" && info.Outpost != "A" && info.Outpost != "B" && info.Outpost != "C":
			return fmt.Errorf("area %q: outpost site letter must be A, B or C", key)
		case info.Camp && !d.Start:
			return fmt.Errorf("area %q: only start districts have a camp", key)
		}
	}
	camps, droneSites := 0, 0
	for _, info := range d.Areas {
		if info.Camp {
			camps++
		}
		if info.Drone {
			droneSites++
		}
	}
	if d.Start && camps != 1 {
		return fmt.Errorf("a start district needs exactly one camp")
	}
	if droneSites > 1 {
		return fmt.Errorf("at most one drone symbol")
	}
	return nil
}

// validatePorts checks the street openings on the four edges.
func (d *District) validatePorts() error {
	portOf := map[byte]int{}
	for edge, pc := range portCells {
		a, b := d.Cells[pc[0][0]][pc[0][1]], d.Cells[pc[1][0]][pc[1][1]]
		if a != b || !isGround(a) {
			return fmt.Errorf("the street opening on edge %d must be two cells of one ground area", edge+1)
		}
		if prev, ok := portOf[a]; ok {
			return fmt.Errorf("area %q opens onto edges %d and %d (an area may continue into one neighbour only)", a, prev+1, edge+1)
		}
		portOf[a] = edge
		info := d.Areas[string(a)]
		if info.Outpost != "" || info.Camp || info.Drone {
			return fmt.Errorf("area %q opens onto a neighbour: no outpost, camp or drone symbol there", a)
		}
	}
	return nil
}

// validateLines checks the street network, red lines, lifts and bridges.
func (d *District) validateLines(cells map[byte][][2]int) error {
	border := func(a, b byte) bool {
		for _, c := range cells[a] {
			for _, n := range neighbours(c) {
				if n[0] >= 0 && n[0] < TileSize && n[1] >= 0 && n[1] < TileSize && d.Cells[n[0]][n[1]] == b {
					return true
				}
			}
		}
		return false
	}
	// The ground of a district is one street network.
	var ground [][2]int
	for k, cs := range cells {
		if isGround(k) {
			ground = append(ground, cs...)
		}
	}
	if !connected(ground) {
		return fmt.Errorf("the ground areas must connect to each other")
	}
	for _, r := range d.Red {
		if !redPair.MatchString(r) || cells[r[0]] == nil || cells[r[1]] == nil || !border(r[0], r[1]) {
			return fmt.Errorf("red line %q must name a ground and a roof area that share a border", r)
		}
	}
	for _, l := range d.Lifts {
		if !slices.Contains(d.Red, l) {
			return fmt.Errorf("printed lift %q must lie on a red line", l)
		}
	}
	return d.validateBridges(cells, border)
}

// validateBridges checks the bridge sites: two roofs that do not touch,
// over a ground area that borders both.
func (d *District) validateBridges(cells map[byte][][2]int, border func(a, b byte) bool) error {
	for _, b := range d.Bridges {
		if len(b.Roofs) != 2 || len(b.Over) != 1 || b.Roofs[0] == b.Roofs[1] ||
			cells[b.Roofs[0]] == nil || cells[b.Roofs[1]] == nil || isGround(b.Roofs[0]) || isGround(b.Roofs[1]) ||
			cells[b.Over[0]] == nil || !isGround(b.Over[0]) {
			return fmt.Errorf("bridge %q over %q must join two roofs over a ground area", b.Roofs, b.Over)
		}
		if border(b.Roofs[0], b.Roofs[1]) {
			return fmt.Errorf("bridge %q joins roofs that already touch", b.Roofs)
		}
		if !border(b.Roofs[0], b.Over[0]) || !border(b.Roofs[1], b.Over[0]) {
			return fmt.Errorf("bridge %q must span area %q, which borders both roofs", b.Roofs, b.Over)
		}
	}
	return nil
}

func neighbours(c [2]int) [4][2]int {
	return [4][2]int{{c[0] - 1, c[1]}, {c[0], c[1] + 1}, {c[0] + 1, c[1]}, {c[0], c[1] - 1}}
}

// connected reports whether cells form one 4-connected piece.
func connected(cells [][2]int) bool {
	if len(cells) == 0 {
		return true
	}
	in := map[[2]int]bool{}
	for _, c := range cells {
		in[c] = true
	}
	seen := map[[2]int]bool{cells[0]: true}
	stack := [][2]int{cells[0]}
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, n := range neighbours(c) {
			if in[n] && !seen[n] {
				seen[n] = true
				stack = append(stack, n)
			}
		}
	}
	return len(seen) == len(in)
}

// parseLayout reads a layout's tiles and checks that it uses exactly the
// districts of its table size.
func (c *Content) parseLayout(l Layout) ([]Placed, error) {
	if l.Rows < 1 || l.Cols < 1 || l.Rows*l.Cols != len(l.Tiles) {
		return nil, fmt.Errorf("%d rows of %d need %d tiles, found %d", l.Rows, l.Cols, l.Rows*l.Cols, len(l.Tiles))
	}
	var out []Placed
	used := map[string]bool{}
	for _, t := range l.Tiles {
		code, rot, _ := strings.Cut(t, "@")
		r := 0
		if rot != "" {
			var err error
			if r, err = strconv.Atoi(rot); err != nil || r < 0 || r > 3 {
				return nil, fmt.Errorf("tile %q: rotation must be 0-3", t)
			}
		}
		i, ok := c.districtIdx[code]
		if !ok || used[code] {
			return nil, fmt.Errorf("tile %q: unknown or repeated district", t)
		}
		if c.Districts[i].Players > l.Players {
			return nil, fmt.Errorf("tile %q: district for %d players", t, c.Districts[i].Players)
		}
		used[code] = true
		out = append(out, Placed{Code: code, Rot: r})
	}
	for _, d := range c.Districts {
		if d.Players <= l.Players && !used[d.Code] {
			return nil, fmt.Errorf("district %s is missing", d.Code)
		}
	}
	return out, nil
}

// quickLayout returns the quick-setup layout for a table size.
func (c *Content) quickLayout(players int) (Layout, []Placed) {
	for _, l := range c.Layouts {
		if l.Players == players {
			placed, _ := c.parseLayout(l) // checked on load
			return l, placed
		}
	}
	return Layout{}, nil
}

// randomLayout deals the districts of a table size in the quick layout's
// shape, shuffled and turned at random, with the two start districts apart.
func (c *Content) randomLayout(players int, r *rng.Source) (Layout, []Placed) {
	l, quick := c.quickLayout(players)
	for {
		placed := slices.Clone(quick)
		r.Shuffle(len(placed), func(i, j int) { placed[i], placed[j] = placed[j], placed[i] })
		for i := range placed {
			placed[i].Rot = r.Intn(4)
		}
		if c.startsApart(l.Rows, l.Cols, placed) {
			return l, placed
		}
	}
}

// startsApart reports whether the start districts share no edge.
func (c *Content) startsApart(rows, cols int, placed []Placed) bool {
	var starts []int
	for i, p := range placed {
		if c.Districts[c.districtIdx[p.Code]].Start {
			starts = append(starts, i)
		}
	}
	if len(starts) != 2 {
		return false
	}
	ar, ac := starts[0]/cols, starts[0]%cols
	br, bc := starts[1]/cols, starts[1]%cols
	return abs(ar-br)+abs(ac-bc) != 1
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// rotate returns where tile cell (y, x) lies after rot quarter turns
// clockwise.
func rotate(y, x, rot int) (int, int) {
	for range rot {
		y, x = x, TileSize-1-y
	}
	return y, x
}

// NewBoard lays out the districts and builds the map: areas merged across
// touching districts, numbered in reading order (G1, G2, ... then R1, ...),
// with their neighbours, symbols and the bridge sites and printed lifts.
// Boards are immutable and shared: a layout is built once per content.
func (c *Content) NewBoard(rows, cols int, placed []Placed) (*Board, error) {
	key := fmt.Sprint(rows, cols, placed)
	if b, ok := c.boards.Load(key); ok {
		return b.(*Board), nil
	}
	b, err := c.buildBoard(rows, cols, placed)
	if err != nil {
		return nil, err
	}
	c.boards.Store(key, b)
	return b, nil
}

// buildBoard lays the placed districts out and finds the map's areas,
// their neighbours and sites.
func (c *Content) buildBoard(rows, cols int, placed []Placed) (*Board, error) {
	if len(placed) != rows*cols {
		return nil, fmt.Errorf("%d districts for %d by %d", len(placed), rows, cols)
	}
	if !c.startsApart(rows, cols, placed) {
		return nil, fmt.Errorf("the two start districts must not touch")
	}
	bb := &boardBuilder{rows: rows, cols: cols, h: rows * TileSize, w: cols * TileSize, parent: map[int]int{},
		dist: make([]*District, len(placed))}
	for t, p := range placed {
		i, ok := c.districtIdx[p.Code]
		if !ok {
			return nil, fmt.Errorf("unknown district %s", p.Code)
		}
		bb.dist[t] = &c.Districts[i]
	}
	bb.lay(placed)
	bb.joinStreets()
	b := &Board{Rows: rows, Cols: cols, Tiles: slices.Clone(placed), byID: map[string]int{}}
	bb.number(b)
	bb.fill(b)
	for i := range b.Areas {
		b.byID[strings.ToLower(b.Areas[i].ID)] = i
		if len(b.Areas[i].Tiles) > 2 {
			return nil, fmt.Errorf("area %s spans %d districts", b.Areas[i].ID, len(b.Areas[i].Tiles))
		}
	}
	bb.neighbours(b)
	bb.sites(b)
	for i := range b.Areas {
		if b.Areas[i].Camp && (b.Areas[i].Outpost != "" || b.Areas[i].DroneSite) {
			return nil, fmt.Errorf("area %s holds a camp and another site", b.Areas[i].ID)
		}
	}
	return b, nil
}

// boardBuilder is a map being built: each map cell's node (district*128 +
// the cell's key in its district), joined into areas by union-find.
type boardBuilder struct {
	rows, cols int // in districts
	h, w       int // in cells
	dist       []*District
	node       [][]int
	parent     map[int]int
	index      map[int]int // area of each root node
}

// find returns the root of node n's area.
func (bb *boardBuilder) find(n int) int {
	if p, ok := bb.parent[n]; ok && p != n {
		r := bb.find(p)
		bb.parent[n] = r
		return r
	}
	bb.parent[n] = n
	return n
}

// lay puts each district's cells on the map, turned as placed.
func (bb *boardBuilder) lay(placed []Placed) {
	bb.node = make([][]int, bb.h)
	for y := range bb.h {
		bb.node[y] = make([]int, bb.w)
	}
	for t, d := range bb.dist {
		ty, tx := t/bb.cols, t%bb.cols
		for y := range TileSize {
			for x := range TileSize {
				ry, rx := rotate(y, x, placed[t].Rot)
				n := t*128 + int(d.Cells[y][x])
				bb.node[ty*TileSize+ry][tx*TileSize+rx] = n
				bb.find(n)
			}
		}
	}
}

// joinStreets joins the areas of street openings facing each other.
func (bb *boardBuilder) joinStreets() {
	node := bb.node
	for t := range bb.dist {
		ty, tx := t/bb.cols, t%bb.cols
		if tx+1 < bb.cols {
			for _, yy := range []int{2, 3} {
				y := ty*TileSize + yy
				bb.parent[bb.find(node[y][tx*TileSize+TileSize-1])] = bb.find(node[y][(tx+1)*TileSize])
			}
		}
		if ty+1 < bb.rows {
			for _, xx := range []int{2, 3} {
				x := tx*TileSize + xx
				bb.parent[bb.find(node[ty*TileSize+TileSize-1][x])] = bb.find(node[(ty+1)*TileSize][x])
			}
		}
	}
}

// number numbers the areas: ground first, each level in reading order of
// its first cell.
func (bb *boardBuilder) number(b *Board) {
	bb.index = map[int]int{}
	for _, ground := range []bool{true, false} {
		n := 0
		for y := range bb.h {
			for x := range bb.w {
				root := bb.find(bb.node[y][x])
				if _, done := bb.index[root]; done || isGround(byte(bb.node[y][x]%128)) != ground {
					continue
				}
				n++
				prefix := "R"
				if ground {
					prefix = "G"
				}
				bb.index[root] = len(b.Areas)
				b.Areas = append(b.Areas, Area{ID: prefix + strconv.Itoa(n), Ground: ground})
			}
		}
	}
}

// fill gives each area its cells, districts and printed contents.
func (bb *boardBuilder) fill(b *Board) {
	b.cell = make([][]int, bb.h)
	counted := map[int]bool{}
	for y := range bb.h {
		b.cell[y] = make([]int, bb.w)
		for x := range bb.w {
			n := bb.node[y][x]
			a := bb.index[bb.find(n)]
			b.cell[y][x] = a
			area := &b.Areas[a]
			area.Cells = append(area.Cells, [2]int{y, x})
			t := n / 128
			if !slices.Contains(area.Tiles, t) {
				area.Tiles = append(area.Tiles, t)
			}
			if counted[n] {
				continue
			}
			counted[n] = true
			info := bb.dist[t].Areas[string(rune(n%128))]
			area.Tech += info.Tech
			area.Energy += info.Energy
			if info.Outpost != "" {
				area.Outpost = info.Outpost
			}
			area.Camp = area.Camp || info.Camp
			area.DroneSite = area.DroneSite || info.Drone
		}
	}
}

// neighbours links cells of different areas sharing an edge inside a
// district. Districts touch only through their merged streets.
func (bb *boardBuilder) neighbours(b *Board) {
	link := func(list *[]int, a int) {
		if !slices.Contains(*list, a) {
			*list = append(*list, a)
		}
	}
	for y := range bb.h {
		for x := range bb.w {
			for _, nb := range [][2]int{{y, x + 1}, {y + 1, x}} {
				ny, nx := nb[0], nb[1]
				if ny >= bb.h || nx >= bb.w || ny/TileSize != y/TileSize || nx/TileSize != x/TileSize {
					continue
				}
				a, o := b.cell[y][x], b.cell[ny][nx]
				if a == o {
					continue
				}
				link(&b.Areas[a].Touch, o)
				link(&b.Areas[o].Touch, a)
				if b.Areas[a].Ground == b.Areas[o].Ground {
					link(&b.Areas[a].Same, o)
					link(&b.Areas[o].Same, a)
					continue
				}
				t := (y/TileSize)*bb.cols + x/TileSize
				ka, ko := byte(bb.node[y][x]%128), byte(bb.node[ny][nx]%128)
				if !isGround(ka) {
					ka, ko = ko, ka
				}
				if slices.Contains(bb.dist[t].Red, string([]byte{ka, ko})) {
					link(&b.Areas[a].Red, o)
					link(&b.Areas[o].Red, a)
				}
			}
		}
	}
	for i := range b.Areas {
		slices.Sort(b.Areas[i].Same)
		slices.Sort(b.Areas[i].Red)
		slices.Sort(b.Areas[i].Touch)
	}
}

// sites lists the bridge sites and printed lifts, in district order.
func (bb *boardBuilder) sites(b *Board) {
	areaOf := func(t int, key byte) int { return bb.index[bb.find(t*128+int(key))] }
	for t, d := range bb.dist {
		for _, bs := range d.Bridges {
			b.Bridges = append(b.Bridges, BridgeSpot{Roofs: [2]int{areaOf(t, bs.Roofs[0]), areaOf(t, bs.Roofs[1])},
				Over: areaOf(t, bs.Over[0]), Shared: bs.Shared, Tile: t})
		}
		for _, l := range d.Lifts {
			b.Lifts = append(b.Lifts, [2]int{areaOf(t, l[0]), areaOf(t, l[1])})
		}
	}
}

// Area returns the index of the area with id ("g3" or "G3").
func (b *Board) Area(id string) (int, bool) {
	i, ok := b.byID[strings.ToLower(id)]
	return i, ok
}

// CellArea returns the area of map cell (y, x).
func (b *Board) CellArea(y, x int) int { return b.cell[y][x] }

// Height and Width are the map's size in cells.
func (b *Board) Height() int { return len(b.cell) }

// Width is the map's width in cells.
func (b *Board) Width() int { return len(b.cell[0]) }

// isRed reports whether areas a and o are joined by a red line.
func (b *Board) isRed(a, o int) bool { return slices.Contains(b.Areas[a].Red, o) }
