package images

import (
	"image"
	"image/color"
	"math"

	"github.com/golang/freetype/raster"
	"golang.org/x/image/math/fixed"
)

// Boards are mostly large rounded panels and cards. gg fills them with
// freetype's RGBAPainter, which blends every pixel with four divisions,
// even inside a shape; the kit's own FillRoundRect and StrokeRoundRect use
// the same rasterizer with a painter that copies the fully covered spans
// of an opaque colour, several times faster on a board's panels.

// spanPainter paints the spans of one colour on an RGBA picture.
type spanPainter struct {
	img            *image.RGBA
	cr, cg, cb, ca uint32 // the colour, premultiplied, 16 bits a channel
	row            []byte // the colour repeated, when opaque; nil otherwise
}

func (p *spanPainter) setColor(col color.Color) {
	p.cr, p.cg, p.cb, p.ca = col.RGBA()
	p.row = p.row[:0]
	if p.ca == 0xffff {
		n := 4 * p.img.Rect.Dx()
		if cap(p.row) < n {
			p.row = make([]byte, 0, n)
		}
		for range n / 4 {
			p.row = append(p.row, uint8(p.cr>>8), uint8(p.cg>>8), uint8(p.cb>>8), 0xff)
		}
	}
}

// Paint implements raster.Painter. Partly covered spans are blended as
// raster.RGBAPainter blends them, so edges look the same.
func (p *spanPainter) Paint(ss []raster.Span, done bool) {
	const m = 1<<16 - 1
	b := p.img.Rect
	for _, s := range ss {
		if s.Y < b.Min.Y || s.Y >= b.Max.Y {
			continue
		}
		s.X0, s.X1 = max(s.X0, b.Min.X), min(s.X1, b.Max.X)
		if s.X0 >= s.X1 {
			continue
		}
		i0 := (s.Y-b.Min.Y)*p.img.Stride + (s.X0-b.Min.X)*4
		i1 := i0 + (s.X1-s.X0)*4
		pix := p.img.Pix[i0:i1]
		if s.Alpha == m && len(p.row) > 0 {
			copy(pix, p.row)
			continue
		}
		ma := s.Alpha
		a := (m - (p.ca * ma / m)) * 0x101
		for i := 0; i < len(pix); i += 4 {
			pix[i+0] = uint8((uint32(pix[i+0])*a + p.cr*ma) / m >> 8)
			pix[i+1] = uint8((uint32(pix[i+1])*a + p.cg*ma) / m >> 8)
			pix[i+2] = uint8((uint32(pix[i+2])*a + p.cb*ma) / m >> 8)
			pix[i+3] = uint8((uint32(pix[i+3])*a + p.ca*ma) / m >> 8)
		}
	}
}

// FillRoundRect fills r, its corners rounded with radius rad, in col.
func (c *Canvas) FillRoundRect(r Rect, rad float64, col color.Color) {
	c.ras.UseNonZeroWinding = true
	c.ras.Clear()
	c.ras.AddPath(roundRectPath(r, rad))
	c.painter.setColor(col)
	c.ras.Rasterize(&c.painter)
}

// StrokeRoundRect draws the outline of r, its corners rounded with radius
// rad, in col, lw wide and centred on the outline.
func (c *Canvas) StrokeRoundRect(r Rect, rad float64, col color.Color, lw float64) {
	c.ras.UseNonZeroWinding = true
	c.ras.Clear()
	c.ras.AddStroke(roundRectPath(r, rad), fix(lw), nil, nil)
	c.painter.setColor(col)
	c.ras.Rasterize(&c.painter)
}

func fix(v float64) fixed.Int26_6 { return fixed.Int26_6(math.Round(v * 64)) }

func pt(x, y float64) fixed.Point26_6 { return fixed.Point26_6{X: fix(x), Y: fix(y)} }

// roundRectPath is the outline of r with corners of radius rad (at most
// half the shorter side), clockwise, each corner four quadratic arcs.
func roundRectPath(r Rect, rad float64) raster.Path {
	rad = max(0, min(rad, r.W/2, r.H/2))
	x0, x1, x2, x3 := r.X, r.X+rad, r.X+r.W-rad, r.X+r.W
	y0, y1, y2, y3 := r.Y, r.Y+rad, r.Y+r.H-rad, r.Y+r.H
	var p raster.Path
	p.Start(pt(x1, y0))
	p.Add1(pt(x2, y0))
	arc(&p, x2, y1, rad, -math.Pi/2)
	p.Add1(pt(x3, y2))
	arc(&p, x2, y2, rad, 0)
	p.Add1(pt(x1, y3))
	arc(&p, x1, y2, rad, math.Pi/2)
	p.Add1(pt(x0, y1))
	arc(&p, x1, y1, rad, math.Pi)
	return p
}

// arc adds a quarter circle of radius rad around (cx, cy) from angle a0
// clockwise (on the screen) by 90 degrees, in quadratic pieces.
func arc(p *raster.Path, cx, cy, rad, a0 float64) {
	if rad == 0 {
		return
	}
	const n = 4
	step := math.Pi / 2 / n
	for i := range n {
		a1, a2 := a0+float64(i)*step, a0+float64(i+1)*step
		mid := (a1 + a2) / 2
		// The control point is where the tangents at both ends meet.
		ctl := rad / math.Cos(step/2)
		p.Add2(pt(cx+ctl*math.Cos(mid), cy+ctl*math.Sin(mid)), pt(cx+rad*math.Cos(a2), cy+rad*math.Sin(a2)))
	}
}
