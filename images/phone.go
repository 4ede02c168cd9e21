package images

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strconv"
	"strings"
)

// Phone panels: small pictures of one part of a board (the acting seat's
// own area, the map or market at hand, the scores, one seat), made to be
// read inline on a phone without opening them. A panel is PanelWidth wide
// and is shown about half as wide on a phone, so its smallest text,
// PanelMinPx, keeps a cap height of 10 px there. A panel is a list of rows
// rather than a drawing: every name and number is printed in words, large.
const (
	// PanelWidth is the width of a phone panel.
	PanelWidth = 800
	// PanelMinPx is the smallest text of a panel: the Go fonts' capitals
	// are 0.72 of the pixel size, so 28 px gives a cap height of 20 px,
	// 10 px at 400 px wide.
	PanelMinPx = 28
	// PanelTitlePx is the size of a panel's title.
	PanelTitlePx = 36
	// PanelMaxHeight bounds a panel's height (a phone screen and a half);
	// rows that do not fit are counted in a last row.
	PanelMaxHeight = 1600
)

// Panel is one phone panel: a title bar and rows.
type Panel struct {
	Title string
	// Seat is the seat whose badge leads the title, or NoSeat.
	Seat int
	// Accent colours the title bar's edge; the zero colour leaves the
	// theme's edge.
	Accent color.RGBA
	Rows   []PanelRow
}

// NoSeat marks a panel or row without a seat badge.
const NoSeat = -1

// PanelRow is one row of a panel: an optional seat badge or colour bar,
// a bold Title with a Value at the right (a number or a short state), and
// the Text below it (an effect, a list), wrapped over as many lines as it
// needs. A Heading row is a section title across the panel.
type PanelRow struct {
	Seat    int        // NoSeat for none
	Bar     color.RGBA // a colour bar at the left (a card's kind); zero for none
	Title   string
	Value   string
	Text    string
	Heading bool
	// Dim greys the row out (a taken or empty slot).
	Dim bool
}

// Row returns a row without a seat badge.
func Row(title, value, text string) PanelRow {
	return PanelRow{Seat: NoSeat, Title: title, Value: value, Text: text}
}

// SeatRow returns a row led by seat's badge.
func SeatRow(seat int, title, value, text string) PanelRow {
	return PanelRow{Seat: seat, Title: title, Value: value, Text: text}
}

// Heading returns a section heading row.
func Heading(title string) PanelRow {
	return PanelRow{Seat: NoSeat, Title: title, Heading: true}
}

// Panel layout, in pixels.
const (
	panelPad     = 18.0
	panelTitleH  = 64.0
	panelLineH   = 38.0 // a line of PanelMinPx text
	panelRowGap  = 14.0
	panelBadgeR  = 17.0
	panelTextPx  = PanelMinPx
	panelValuePx = 32.0
)

// Pages splits p into the panels it takes to show every row within
// PanelMaxHeight: one panel when p fits, else pages titled "title · 1/3"
// and so on. A section heading never ends a page, and a page that starts
// within a section repeats the section's heading.
func (p Panel) Pages() []Panel {
	c := NewCanvas(1, 1)
	defer c.release()
	pc := &panelCanvas{c: c}
	w := float64(PanelWidth) - 2*panelPad
	room := PanelMaxHeight - panelPad - (panelTitleH + panelRowGap)
	var pages [][]PanelRow
	var page []PanelRow
	var heading *PanelRow // the heading of the section the rows are in
	used := 0.0
	for _, r := range p.Rows {
		h := pc.rowHeight(r, w) + panelRowGap
		if used+h-panelRowGap > room && len(page) > 0 && !(len(page) == 1 && page[0].Heading) {
			var carry []PanelRow
			switch {
			case page[len(page)-1].Heading: // a heading moves on with its first row
				carry = []PanelRow{page[len(page)-1]}
				page = page[:len(page)-1]
			case heading != nil && !r.Heading:
				carry = []PanelRow{*heading}
			}
			pages = append(pages, page)
			page, used = carry, 0
			for _, c := range carry {
				used += pc.rowHeight(c, w) + panelRowGap
			}
		}
		if r.Heading {
			heading = &r
		}
		page = append(page, r)
		used += h
	}
	pages = append(pages, page)
	if len(pages) == 1 {
		return []Panel{p}
	}
	out := make([]Panel, len(pages))
	for i, rows := range pages {
		out[i] = p
		out[i].Title = fmt.Sprintf("%s · %d/%d", p.Title, i+1, len(pages))
		out[i].Rows = rows
	}
	return out
}

// Draw draws p. The returned picture's Strip lists every text it drew
// (not only a headline's), so that tests can measure and read them. Rows
// beyond PanelMaxHeight are left out and counted in a last row: Pages
// splits a panel so that none are.
func (p Panel) Draw() *Picture {
	c := NewCanvas(PanelWidth, PanelMaxHeight)
	c.SetColor(ColorBackground)
	c.Clear()
	pc := &panelCanvas{c: c}
	y := pc.title(p)
	left, right := panelPad, float64(PanelWidth)-panelPad
	for i, r := range p.Rows {
		h := pc.rowHeight(r, right-left)
		room := PanelMaxHeight - panelPad
		if i < len(p.Rows)-1 {
			room -= panelLineH + 8 + panelRowGap // the row saying how many are left out
		}
		if y+h > room {
			more := Row("…", "+"+strconv.Itoa(len(p.Rows)-i), "")
			more.Dim = true
			y += pc.row(more, left, y, right-left) + panelRowGap
			break
		}
		y += pc.row(r, left, y, right-left) + panelRowGap
	}
	height := int(math.Min(PanelMaxHeight, math.Ceil(y+panelPad)))
	pic := c.Picture()
	pic.RGBA = pic.SubImage(image.Rect(0, 0, PanelWidth, height)).(*image.RGBA)
	pic.Strip = pc.out
	return pic
}

// panelCanvas draws a panel's parts and keeps the texts it drew.
type panelCanvas struct {
	c   *Canvas
	out []StripText
}

// text draws s with its left edge at x (ax 0) or its right edge (ax 1) and
// its visual middle at y, and records it.
func (pc *panelCanvas) text(s string, x, y, ax float64, style Style, px float64, col color.Color) float64 {
	c := pc.c
	c.SetFont(style, px)
	c.SetColor(col)
	w, _ := c.MeasureString(s)
	c.Text(s, x, y, ax)
	if strings.TrimSpace(s) != "" {
		pc.out = append(pc.out, StripText{Text: s, Box: Rect{X: x - ax*w, Y: y - capHeight*px/2, W: w, H: capHeight * px}})
	}
	return w
}

func (pc *panelCanvas) title(p Panel) float64 {
	edge := ColorEdge
	if p.Accent != (color.RGBA{}) {
		edge = p.Accent
	}
	r := Rect{6, 6, PanelWidth - 12, panelTitleH - 6}
	// A rule under the title rather than a frame around it: a frame close
	// above the text hides the title from OCR, and from hurried eyes.
	pc.c.FillRoundRect(r, 10, ColorPanel)
	pc.c.FillRoundRect(Rect{r.X, r.Y + r.H - 5, r.W, 5}, 2, edge)
	x, y := r.X+panelPad, r.CY()
	if p.Seat != NoSeat {
		pc.c.SeatBadge(x+panelBadgeR+2, y, panelBadgeR+3, p.Seat)
		x += 2*panelBadgeR + 18
	}
	pc.c.SetFont(Bold, PanelTitlePx)
	t := pc.c.Ellipsize(p.Title, r.X+r.W-panelPad-x)
	pc.text(t, x, y, 0, Bold, PanelTitlePx, ColorGold)
	return panelTitleH + panelRowGap
}

// lines returns r's text wrapped to width w in the row's text face.
func (pc *panelCanvas) lines(r PanelRow, w float64) []string {
	if r.Text == "" {
		return nil
	}
	pc.c.SetFont(Regular, panelTextPx)
	return pc.c.Wrap(r.Text, w)
}

// head splits r's title over the lines it needs beside its value.
func (pc *panelCanvas) head(r PanelRow, w float64) []string {
	if r.Title == "" {
		return nil
	}
	vw := 0.0
	if r.Value != "" {
		pc.c.SetFont(Bold, panelValuePx)
		vw, _ = pc.c.MeasureString(r.Value)
		vw += 16
	}
	px := panelValuePx
	if r.Heading {
		px = PanelTitlePx - 4
	}
	pc.c.SetFont(Bold, px)
	return pc.c.Wrap(r.Title, w-vw)
}

// inner is the width of r's texts in a row w wide.
func (pc *panelCanvas) inner(r PanelRow, w float64) float64 {
	x := 20.0
	if r.Bar != (color.RGBA{}) {
		x += 18
	}
	if r.Seat != NoSeat {
		x += 2*panelBadgeR + 12
	}
	return w - x
}

func (pc *panelCanvas) rowHeight(r PanelRow, w float64) float64 {
	n := len(pc.head(r, pc.inner(r, w))) + len(pc.lines(r, pc.inner(r, w)))
	if r.Title == "" && r.Value != "" {
		n++
	}
	return float64(max(n, 1))*panelLineH + 8
}

// row draws r from (x, y) across w and returns its height.
func (pc *panelCanvas) row(r PanelRow, x, y, w float64) float64 {
	c := pc.c
	h := pc.rowHeight(r, w)
	ink, muted, gold := ColorInk, ColorMuted, ColorGold
	if r.Dim {
		ink, muted, gold = ColorMuted, ColorMuted, ColorMuted
	}
	if r.Heading {
		c.SetColor(ColorEdge)
		c.SetLineWidth(2)
		c.DrawLine(x, y+h-4, x+w, y+h-4)
		c.Stroke()
		pc.text(r.Title, x, y+panelLineH/2+4, 0, Bold, PanelTitlePx-4, gold)
		if r.Value != "" {
			pc.text(r.Value, x+w, y+panelLineH/2+4, 1, Bold, panelValuePx, gold)
		}
		return h
	}
	c.FillRoundRect(Rect{x, y, w, h}, 8, ColorPanel)
	tx := x + 10
	if r.Bar != (color.RGBA{}) {
		c.FillRoundRect(Rect{x + 6, y + 6, 8, h - 12}, 3, r.Bar)
		tx += 18
	}
	ly := y + 4 + panelLineH/2
	if r.Seat != NoSeat {
		c.SeatBadge(tx+panelBadgeR, ly, panelBadgeR, r.Seat)
		tx += 2*panelBadgeR + 12
	}
	right := x + w - 10
	if r.Value != "" {
		pc.text(r.Value, right, ly, 1, Bold, panelValuePx, gold)
	}
	head := pc.head(r, pc.inner(r, w))
	for i, l := range head {
		pc.text(l, tx, ly+float64(i)*panelLineH, 0, Bold, panelValuePx, ink)
	}
	ly += float64(len(head)) * panelLineH
	if r.Title == "" && r.Value != "" {
		ly += panelLineH
	}
	for _, l := range pc.lines(r, pc.inner(r, w)) {
		pc.text(l, tx, ly, 0, Regular, panelTextPx, muted)
		ly += panelLineH
	}
	return h
}

// Alt describes p in words for screen readers: its title and each row's
// title, value and text, cut to MaxAlt characters.
func (p Panel) Alt() string {
	var b strings.Builder
	b.WriteString(p.Title)
	for _, r := range p.Rows {
		b.WriteString(". ")
		b.WriteString(r.Title)
		if r.Value != "" {
			b.WriteString(": " + r.Value)
		}
		if r.Text != "" {
			b.WriteString(", " + r.Text)
		}
	}
	return TruncateAlt(b.String())
}

// PagePart is the name of page n (counted from 1) of the part named name:
// the first page keeps the part's name, the next are "market-2",
// "market-3" and so on.
func PagePart(name string, n int) string {
	if n <= 1 {
		return name
	}
	return name + "-" + strconv.Itoa(n)
}

// paged splits every part that does not fit one panel into its pages
// (Panel.Pages), named by PagePart, each after the one before.
func paged(parts []Part) []Part {
	out := make([]Part, 0, len(parts))
	for _, p := range parts {
		for i, page := range p.Panel.Pages() {
			out = append(out, Part{Name: PagePart(p.Name, i+1), Panel: page})
		}
	}
	return out
}
