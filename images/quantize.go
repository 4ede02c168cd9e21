package images

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"image"
	"image/color"
	"slices"
)

// Boards are drawn in a few dozen flat colours; the antialiased edges of
// text and shapes add a few thousand blends of them, most covering a
// handful of pixels. Paletted, a board encodes in less than half the bytes
// and a fraction of the time. Paletted keeps every colour when there are at
// most 256; otherwise it keeps the commonest colours exactly (the fills
// every flat area is drawn in), gives the blends the remaining entries by
// median cut, and maps every blend to its nearest entry, so that an edge
// pixel moves by a few levels (TestPalettedLoss measures it). The general
// quantisers of the Go ecosystem (Wu's, median cut over 5-bit histograms)
// shift the flat colours too and take tens of milliseconds per board; this
// one works on the exact colours of a picture in a few.

// paletteSize is the most colours a paletted PNG holds.
const paletteSize = 256

// exactShare is how many palette entries at most go to the commonest
// colours unchanged; the rest are for the blends.
const exactShare = 64

// paletted returns img as a paletted picture, or nil when img is not
// opaque (the boards always are; a translucent picture is encoded as it
// is). It writes the indices into pix when it is large enough.
func paletted(img *image.RGBA, pix []uint8) *image.Paletted {
	h := newHistogram(img)
	if h == nil {
		return nil
	}
	defer h.release()
	pal, index := h.palette()
	if n := img.Rect.Dx() * img.Rect.Dy(); cap(pix) >= n {
		pix = pix[:n]
	} else {
		pix = make([]uint8, n)
	}
	out := &image.Paletted{Pix: pix, Stride: img.Rect.Dx(), Rect: img.Rect, Palette: pal}
	// The picture again, run by run: the rows one after the other.
	at := 0
	last, lastIdx := uint32(0), uint8(0)
	for _, r := range h.runs {
		if r.c != last {
			last, lastIdx = r.c, index[h.find(r.c)]
		}
		dst := out.Pix[at : at+int(r.n)]
		for i := range dst {
			dst[i] = lastIdx
		}
		at += int(r.n)
	}
	return out
}

// histogram collects the colours of a picture in an open-addressing table
// keyed by the pixel's four bytes read as one little-endian word (never 0
// for an opaque pixel, so 0 marks a free slot).
type histogram struct {
	keys []uint32
	// flat counts, for each colour, its pixels inside flat areas: those
	// with the same colour left, right and above. These colours are kept
	// exactly.
	flat  []int32
	n     int  // colours in the table
	shift uint // 32 minus log2 of the table's size
	// runs are the picture's rows as runs of one colour, row after row,
	// for Paletted's second pass.
	runs []colorRun
}

// colorRun is a run of n pixels of colour c in a row.
type colorRun struct {
	c uint32
	n int32
}

func newHistogram(img *image.RGBA) *histogram {
	h, _ := histograms.get()
	if h == nil {
		h = &histogram{keys: make([]uint32, 1<<14), flat: make([]int32, 1<<14), shift: 32 - 14}
	}
	w := img.Rect.Dx()
	prevRuns := 0 // where the last row's runs start
	for y := range img.Rect.Dy() {
		row := img.Pix[y*img.Stride : y*img.Stride+4*w]
		// The row above, or below for the first row; the picture's edges
		// count as the same colour.
		var above []byte
		switch {
		case y > 0:
			above = img.Pix[(y-1)*img.Stride : (y-1)*img.Stride+4*w]
		case img.Rect.Dy() > 1:
			above = img.Pix[img.Stride : img.Stride+4*w]
		}
		rowRuns := len(h.runs)
		if y > 0 && bytes.Equal(row, above) {
			// The same row again: its runs are the last row's, and
			// all their pixels have their own colour above.
			x := 0
			for _, r := range h.runs[prevRuns:rowRuns] {
				lo, hi := interior(x, x+int(r.n), w)
				h.add(r.c, int32(max(0, hi-lo)))
				h.runs = append(h.runs, r)
				x += int(r.n)
			}
			prevRuns = rowRuns
			continue
		}
		prevRuns = rowRuns
		for start := 0; start < w; {
			last := binary.LittleEndian.Uint32(row[4*start:])
			if last>>24 != 0xff {
				return nil
			}
			// The run of colour last from start to x-1, found two
			// pixels at a time.
			x, pair := start+1, uint64(last)|uint64(last)<<32
			for x+2 <= w && binary.LittleEndian.Uint64(row[4*x:]) == pair {
				x += 2
			}
			if x < w && binary.LittleEndian.Uint32(row[4*x:]) == last {
				x++
			}
			// Its interior pixels with the same colour above are
			// inside a flat area.
			flat := int32(0)
			lo, hi := interior(start, x, w)
			switch {
			case above == nil || lo >= hi:
			case bytes.Equal(row[4*lo:4*hi], above[4*lo:4*hi]): // the usual case, compared fast
				flat = int32(hi - lo)
			default:
				for i := lo; i < hi; i++ {
					if binary.LittleEndian.Uint32(above[4*i:]) == last {
						flat++
					}
				}
			}
			h.add(last, flat)
			h.runs = append(h.runs, colorRun{last, int32(x - start)})
			start = x
		}
	}
	return h
}

// histograms keeps the tables of finished histograms, which are large.
var histograms = newFreeList[*histogram](keep)

// release empties h and keeps it for the next picture.
func (h *histogram) release() {
	clear(h.keys)
	clear(h.flat)
	h.n, h.runs = 0, h.runs[:0]
	histograms.put(h)
}

// find returns the slot where c is or would go.
func (h *histogram) find(c uint32) int {
	mask := len(h.keys) - 1
	i := int((c * 0x9e3779b1) >> h.shift)
	for h.keys[i] != c && h.keys[i] != 0 {
		i = (i + 1) & mask
	}
	return i
}

// interior returns the pixels of the run from start to end (exclusive) in
// a row w wide that may lie inside a flat area: all but its ends, except
// where an end is the picture's edge.
func interior(start, end, w int) (lo, hi int) {
	lo, hi = start+1, end-1
	if start == 0 {
		lo = 0
	}
	if end == w {
		hi = w
	}
	return lo, hi
}

func (h *histogram) add(c uint32, flat int32) {
	i := h.find(c)
	if h.keys[i] == 0 {
		if 2*(h.n+1) > len(h.keys) {
			h.grow()
			i = h.find(c)
		}
		h.keys[i] = c
		h.n++
	}
	h.flat[i] += flat
}

func (h *histogram) grow() {
	keys, flat := h.keys, h.flat
	h.keys, h.flat = make([]uint32, 2*len(keys)), make([]int32, 2*len(keys))
	h.shift--
	for i, k := range keys {
		if k != 0 {
			j := h.find(k)
			h.keys[j], h.flat[j] = k, flat[i]
		}
	}
}

// colorCount is one colour of a picture and how many pixels of its flat
// areas it covers.
type colorCount struct {
	c uint32
	n int32
}

func (cc colorCount) rgb() (r, g, b int32) {
	return int32(cc.c & 0xff), int32(cc.c >> 8 & 0xff), int32(cc.c >> 16 & 0xff)
}

func toColor(c uint32) color.Color {
	return color.RGBA{uint8(c), uint8(c >> 8), uint8(c >> 16), 0xff}
}

// palette chooses the palette and returns it with, for every slot of the
// table, the index of the palette entry its colour maps to.
func (h *histogram) palette() (color.Palette, []uint8) {
	all := make([]colorCount, 0, h.n)
	for i, k := range h.keys {
		if k != 0 {
			all = append(all, colorCount{k, h.flat[i]})
		}
	}
	index := make([]uint8, len(h.keys))
	pal := make(color.Palette, 0, paletteSize)
	if len(all) <= paletteSize {
		for _, cc := range all {
			index[h.find(cc.c)] = uint8(len(pal))
			pal = append(pal, toColor(cc.c))
		}
		return pal, index
	}
	slices.SortFunc(all, func(a, b colorCount) int { return cmp.Compare(b.n, a.n) })
	exact := 0
	for exact < exactShare && all[exact].n > 0 {
		index[h.find(all[exact].c)] = uint8(len(pal))
		pal = append(pal, toColor(all[exact].c))
		exact++
	}
	boxes := medianCut(all[exact:], paletteSize-exact)
	for _, box := range boxes {
		pal = append(pal, mean(box))
	}
	near := newNearest(pal)
	for i, box := range boxes {
		// A colour's own box's mean is usually its nearest entry, or
		// close to it: the search starts from it.
		own := pal[exact+i].(color.RGBA)
		for _, cc := range box {
			index[h.find(cc.c)] = near.find(cc.c, own)
		}
	}
	return pal, index
}

// nearest finds the palette entry closest to a colour: the entries sorted
// by red, searched outwards from the colour's red until the red difference
// alone exceeds the best distance found.
type nearest struct {
	rgb [][3]int32 // sorted by red
	idx []uint8    // the palette index of each
}

func newNearest(pal color.Palette) *nearest {
	n := &nearest{}
	order := make([]int, len(pal))
	for i := range order {
		order[i] = i
	}
	rgbOf := func(i int) [3]int32 {
		c := pal[i].(color.RGBA)
		return [3]int32{int32(c.R), int32(c.G), int32(c.B)}
	}
	slices.SortFunc(order, func(a, b int) int { return cmp.Compare(rgbOf(a)[0], rgbOf(b)[0]) })
	for _, i := range order {
		n.rgb = append(n.rgb, rgbOf(i))
		n.idx = append(n.idx, uint8(i))
	}
	return n
}

// hint is an entry of the palette: as the nearest entry is at most as far
// as hint, the search skips every entry farther away than that. The
// result does not depend on hint: of the entries equally near, it is the
// first the search meets.
func (n *nearest) find(c uint32, hint color.RGBA) uint8 {
	r, g, b := colorCount{c: c}.rgb()
	start, _ := slices.BinarySearchFunc(n.rgb, r, func(e [3]int32, r int32) int { return cmp.Compare(e[0], r) })
	hr, hg, hb := int32(hint.R)-r, int32(hint.G)-g, int32(hint.B)-b
	// One more than hint's distance, so that entries as near as hint
	// are still taken in the search's order.
	best, bestD := 0, hr*hr+hg*hg+hb*hb+1
	try := func(i int) bool {
		e := n.rgb[i]
		dr := e[0] - r
		if dr*dr >= bestD {
			return false
		}
		dg, db := e[1]-g, e[2]-b
		if d := dr*dr + dg*dg + db*db; d < bestD {
			best, bestD = i, d
		}
		return true
	}
	for lo, hi := start-1, start; lo >= 0 || hi < len(n.rgb); lo, hi = lo-1, hi+1 {
		more := false
		if hi < len(n.rgb) && try(hi) {
			more = true
		}
		if lo >= 0 && try(lo) {
			more = true
		}
		if !more {
			break
		}
	}
	return n.idx[best]
}

// medianCut splits colours into at most n boxes: each time the box whose
// colours lie farthest from their mean is cut at the median of its widest
// channel. Every colour counts once, however many pixels it covers: the
// rare blends of the edges are what the boxes are for.
func medianCut(colours []colorCount, n int) [][]colorCount {
	type box struct {
		cc  []colorCount
		sse int64 // the summed squared distance of its colours to their mean
	}
	measure := func(cc []colorCount) box { return box{cc, spread(cc)} }
	boxes := []box{measure(colours)}
	for len(boxes) < n {
		worst := 0
		for i, b := range boxes {
			if b.sse > boxes[worst].sse {
				worst = i
			}
		}
		if boxes[worst].sse == 0 {
			break
		}
		lo, hi := split(boxes[worst].cc)
		boxes[worst] = measure(lo)
		boxes = append(boxes, measure(hi))
	}
	out := make([][]colorCount, len(boxes))
	for i, b := range boxes {
		out[i] = b.cc
	}
	return out
}

// split cuts cc in two along its widest channel at the median value,
// reordering cc in place; neither part is empty when the colours of cc
// differ.
func split(cc []colorCount) (lo, hi []colorCount) {
	var hist [3][256]int32
	for _, c := range cc {
		hist[0][c.c&0xff]++
		hist[1][c.c>>8&0xff]++
		hist[2][c.c>>16&0xff]++
	}
	ch, first, last := 0, 0, -1
	for i := range hist {
		f, l := 0, 255
		for f < 255 && hist[i][f] == 0 {
			f++
		}
		for l > 0 && hist[i][l] == 0 {
			l--
		}
		if l-f > last-first {
			ch, first, last = i, f, l
		}
	}
	// The cut is the smallest value with half the colours at or below it,
	// and below the largest value, so that both parts have colours.
	var acc int32
	cut := first
	for v := first; v < last; v++ {
		acc += hist[ch][v]
		cut = v
		if 2*acc >= int32(len(cc)) {
			break
		}
	}
	shift := uint(8 * ch)
	i := 0
	for j := range cc {
		if int(cc[j].c>>shift&0xff) <= cut {
			cc[i], cc[j] = cc[j], cc[i]
			i++
		}
	}
	return cc[:i], cc[i:]
}

// spread is the summed squared distance of the colours of cc to their mean.
func spread(cc []colorCount) int64 {
	var sr, sg, sb, sq int64
	for _, c := range cc {
		r, g, b := c.rgb()
		sr += int64(r)
		sg += int64(g)
		sb += int64(b)
		sq += int64(r*r + g*g + b*b)
	}
	n := int64(len(cc))
	return sq - (sr*sr+sg*sg+sb*sb)/n
}

// mean is the mean colour of cc.
func mean(cc []colorCount) color.Color {
	var sr, sg, sb int64
	for _, c := range cc {
		r, g, b := c.rgb()
		sr += int64(r)
		sg += int64(g)
		sb += int64(b)
	}
	n := int64(len(cc))
	return color.RGBA{uint8((sr + n/2) / n), uint8((sg + n/2) / n), uint8((sb + n/2) / n), 0xff}
}
