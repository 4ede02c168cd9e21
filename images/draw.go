package images

import (
	"fmt"
	"image/color"
	"math"
	"strconv"
)

// Rect is an area of the canvas in pixels.
type Rect struct{ X, Y, W, H float64 }

// Inset returns r shrunk by d on every side.
func (r Rect) Inset(d float64) Rect { return Rect{r.X + d, r.Y + d, r.W - 2*d, r.H - 2*d} }

// CX returns the horizontal centre of r.
func (r Rect) CX() float64 { return r.X + r.W/2 }

// CY returns the vertical centre of r.
func (r Rect) CY() float64 { return r.Y + r.H/2 }

// Frame draws the rounded outline every panel shares: r filled with fill and
// edged in edge with a line width lw.
func (c *Canvas) Frame(r Rect, fill, edge color.Color, lw float64) {
	c.FillRoundRect(r, 10, fill)
	c.StrokeRoundRect(r, 10, edge, lw)
}

// SeatName returns the name of seat from names, or "Player n" when the name
// is missing or has nothing printable.
func SeatName(names []string, seat int) string {
	if seat >= 0 && seat < len(names) && Printable(names[seat]) != "" {
		return names[seat]
	}
	return fmt.Sprintf("Player %d", seat+1)
}

// Panel draws a rounded panel with an optional title strip and returns the
// area below the title. accent colours the title strip's left bar; nil
// leaves it out.
func (c *Canvas) Panel(r Rect, title string, accent color.Color) Rect {
	c.Frame(r, ColorPanel, ColorEdge, 2)
	if title == "" {
		return r.Inset(10)
	}
	const strip = 36
	x := r.X + 14
	if accent != nil {
		c.DrawRoundedRectangle(r.X+8, r.Y+8, 6, strip-10, 3)
		c.SetColor(accent)
		c.Fill()
		x += 10
	}
	c.SetColor(ColorInk)
	c.Fit(title, x, r.Y+strip/2+3, r.X+r.W-x-10, 0, Bold, 22)
	return Rect{r.X + 10, r.Y + strip + 2, r.W - 20, r.H - strip - 12}
}

// Card describes a card frame: a coloured header with title and icon, a cost
// badge and up to a few lines of body text.
type Card struct {
	Title string
	Color color.RGBA // card type colour
	Icon  Icon       // card type icon, the second cue besides colour
	Cost  int        // drawn as a badge when >= 0
	ID    string     // the handle moves name the card by (e.g. "c12"), drawn at the header's right
	Lines []string   // body lines, drawn at MinTextPx
	Dim   bool       // greyed out, e.g. unaffordable or empty slot
}

// CardFrame draws card in r. The header is 34 px tall; the body lines follow.
// The card's ID keeps its full width: the title shrinks or is cut instead.
func (c *Canvas) CardFrame(r Rect, card Card) {
	body := Mix(ColorPanelHi, card.Color, 0.12)
	head := card.Color
	if card.Dim {
		body = ColorPanel
		head = Mix(card.Color, ColorPanel, 0.6)
	}
	c.FillRoundRect(r, 8, body)
	c.StrokeRoundRect(r, 8, head, 3)
	const headH = 34
	c.FillRoundRect(Rect{r.X, r.Y, r.W, headH}, 8, head)
	c.FillRoundRect(Rect{r.X, r.Y + headH - 8, r.W, 8}, 0, head)
	x := r.X + 8
	if card.Icon != IconNone {
		c.Icon(card.Icon, x+12, r.Y+headH/2, 22, ColorBackground)
		x += 30
	}
	right := r.X + r.W - 6
	if card.Cost >= 0 {
		c.CostBadge(r.X+r.W-18, r.Y+headH/2, 15, card.Cost)
		right -= 34
	}
	if card.ID != "" {
		c.SetColor(ColorBackground)
		c.SetFont(Bold, MinTextPx)
		c.Text(card.ID, right, r.Y+headH/2, 1)
		w, _ := c.MeasureString(card.ID)
		right -= w + 8
	}
	c.SetColor(ColorBackground)
	c.Fit(card.Title, x, r.Y+headH/2, right-x, 0, Bold, 21)
	y := r.Y + headH + 16
	c.SetFont(Regular, MinTextPx)
	for _, l := range card.Lines {
		if y > r.Y+r.H-8 {
			break
		}
		c.SetColor(ColorInk)
		c.Text(c.Ellipsize(l, r.W-14), r.X+8, y, 0)
		y += 23
	}
}

// CostBadge draws a cost in an orange circle centred at (x, y).
func (c *Canvas) CostBadge(x, y, r float64, cost int) {
	c.DrawCircle(x, y, r)
	c.SetColor(ColorCost)
	c.FillPreserve()
	c.SetColor(ColorBackground)
	c.SetLineWidth(2)
	c.Stroke()
	c.SetColor(ColorBackground)
	c.SetFont(Bold, math.Max(MinTextPx, r*1.35))
	c.Text(strconv.Itoa(cost), x, y, 0.5)
}

// SeatBadge draws seat's shape in its colour with the seat number inside,
// centred at (x, y) with radius r.
func (c *Canvas) SeatBadge(x, y, r float64, seat int) {
	st := Seat(seat)
	c.shapePath(st.Shape, x, y, r)
	c.SetColor(st.Color)
	c.FillPreserve()
	c.SetColor(ColorBackground)
	c.SetLineWidth(2)
	c.Stroke()
	c.SetColor(ColorBackground)
	c.SetFont(Bold, math.Max(MinTextPx, r*1.1))
	dy := 0.0
	if st.Shape == Triangle {
		dy = r * 0.22
	}
	c.Text(st.Label, x, y+dy, 0.5)
}

func (c *Canvas) shapePath(s Shape, x, y, r float64) {
	switch s {
	case Square:
		c.DrawRoundedRectangle(x-r*0.88, y-r*0.88, r*1.76, r*1.76, r*0.2)
	case Triangle:
		c.DrawRegularPolygon(3, x, y+r*0.25, r*1.3, 0)
	case Diamond:
		c.DrawRegularPolygon(4, x, y, r*1.2, -math.Pi/4)
	default:
		c.DrawCircle(x, y, r)
	}
}

// Token draws a round token of colour col with a label, centred at (x, y).
func (c *Canvas) Token(x, y, r float64, col color.Color, label string) {
	c.DrawCircle(x, y, r)
	c.SetColor(col)
	c.FillPreserve()
	c.SetColor(ColorInk)
	c.SetLineWidth(2)
	c.Stroke()
	if label != "" {
		c.SetColor(ColorBackground)
		c.SetFont(Bold, math.Max(MinTextPx, r*1.1))
		c.Text(label, x, y, 0.5)
	}
}

// Track draws a numbered tracker from 0 to max in r: a bar filled up to
// value in col, a tick every 5, the value in a marker and, if target > 0, a
// flag at the target. It is the paragon tracker (0..40 with the victory
// target), the resource tracker, a life bar.
func (c *Canvas) Track(r Rect, value, target, max int, col color.RGBA) {
	if max <= 0 {
		return
	}
	pos := func(v int) float64 {
		return r.X + float64(clamp(v, 0, max))/float64(max)*r.W
	}
	barY, barH := r.CY()-6, 12.0
	bar := Rect{r.X, barY, r.W, barH}
	c.FillRoundRect(bar, 6, ColorBackground)
	c.StrokeRoundRect(bar, 6, ColorEdge, 1.5)
	if value > 0 {
		c.FillRoundRect(Rect{r.X, barY, pos(value) - r.X, barH}, 6, col)
	}
	c.SetLineWidth(1.5)
	for v := 5; v < max; v += 5 {
		x := pos(v)
		c.DrawLine(x, barY+2, x, barY+barH-2)
	}
	c.SetColor(ColorFaint)
	c.Stroke()
	if target > 0 {
		x := pos(target)
		c.SetColor(ColorInk)
		c.SetLineWidth(3)
		c.DrawLine(x, barY-10, x, barY+barH+4)
		c.Stroke()
		c.MoveTo(x, barY-10)
		c.LineTo(x+14, barY-5)
		c.LineTo(x, barY)
		c.ClosePath()
		c.SetColor(ColorGold)
		c.Fill()
	}
}

func clamp(v, lo, hi int) int {
	if v < lo {
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}

// Pips draws n small filled circles (up to max, the rest hollow) starting at
// (x, y) to the right, spaced by step; used for levels and re-rolls.
func (c *Canvas) Pips(x, y, r, step float64, n, max int, col color.Color) {
	for i := 0; i < max; i++ {
		c.DrawCircle(x+float64(i)*step, y, r)
		if i < n {
			c.SetColor(col)
			c.Fill()
			continue
		}
		c.SetColor(ColorFaint)
		c.SetLineWidth(2)
		c.Stroke()
	}
}

// Chip draws a rounded label chip with background bg and ink fg around text
// whose left edge (ax 0) or centre (ax 0.5) is at x. It returns its width.
func (c *Canvas) Chip(text string, x, y, ax float64, bg, fg color.Color, style Style, px float64) float64 {
	c.SetFont(style, px)
	w, _ := c.MeasureString(text)
	pad := px * 0.5
	cw := w + 2*pad
	left := x - ax*cw
	c.FillRoundRect(Rect{left, y - px*0.8, cw, px * 1.6}, px*0.5, bg)
	c.SetColor(fg)
	c.Text(text, left+pad, y, 0)
	return cw
}
