package images

import (
	"image/color"
	"strings"
)

// The headline strip across the top of every board: what a player reads on
// a phone without opening the picture. Discord shows an attached picture
// about 400 px wide on a phone, a 1280 px board at 31 %; the strip's text
// keeps a cap height of at least 9 px there (see StripMinPx).
const (
	// StripPx is the size of the strip's first row: the game and who must
	// act.
	StripPx = 48
	// StripMinPx is the smallest text in the strip: the Go fonts' capitals
	// are 0.72 of the pixel size, so 44 px gives a cap height of 32 px at
	// full size and 9.9 px on a phone (imagetest.MinPhoneCapPx asks for 9).
	StripMinPx = 44
	// StripChangeRows is how many rows the strip gives the turn's changes.
	StripChangeRows = 2
)

// BodyTop is where the board below the strip starts.
const BodyTop = 258

// StripRect is where the strip goes.
var StripRect = Rect{X: 12, Y: 10, W: Width - 24, H: BodyTop - 18}

// Headline is what a board's strip says, in the board's language with the
// seats' names filled in. Every renderer fills one from its view and draws
// it with Canvas.Strip before anything else. The first row says who must
// act and what they do; the second the game, the round and the scores; the
// last rows what changed this turn.
type Headline struct {
	// Seats must act now (an arrow and their badges), or, once Over, are
	// the winners (a star and their badges).
	Seats []int
	Over  bool
	// Doing says who does what now ("Chen · action phase"), or the result
	// once Over; drawn after the badges, shortened with "…" if it must be.
	Doing string
	Game  string // the game's name, in gold, leading the second row
	Round string // round, phase or wave ("Round 6"), after the name
	// Scores follow Round on the second row: one per seat, or the tracks
	// of a cooperative game, and perhaps a goal.
	Scores []Score
	// Mark is an optional chip at the end of the second row, such as a
	// variant ("APOCALYPSE"), drawn if there is room; MarkColor also edges
	// the strip, so that the variant shows even without the chip.
	Mark      string
	MarkColor color.RGBA
	// Changes say what changed this turn (images.Render's changes). They
	// fill the last rows; what does not fit is cut with "…", as the post
	// carrying the board repeats them in full.
	Changes []string
}

// Score is one entry of the strip's second row: a seat's badge or an icon,
// a short text and, when Max > 0, a small bar showing Value of Max.
type Score struct {
	Seat  int  // the seat whose score it is, or -1 for none
	Icon  Icon // drawn after the badge, if any
	Color color.RGBA
	Text  string
	Value int
	Max   int
}

// StripText is a text the strip drew: its box runs from the top of its
// capitals (Y) down to its base line (Y+H). Picture.Strip lists them, so
// that tests can measure the strip's text on the picture itself.
type StripText struct {
	Text string
	Box  Rect
}

// Strip rows: centres below StripRect.Y.
const (
	stripRow1     = 38.0
	stripRow2     = 100.0
	stripRule     = 132.0 // the line above the changes
	stripChangeY  = 166.0
	stripChangeLH = 50.0
	stripBadgeR   = 22.0
	stripGap      = 28.0
)

// Strip draws h in StripRect; the canvas's Picture lists the texts it drew.
func (c *Canvas) Strip(h Headline) {
	s := &strip{c: c}
	defer func() { c.strip = s.out }()
	r := StripRect
	edge := ColorEdge
	if h.Mark != "" {
		edge = h.MarkColor
	}
	c.Frame(r, ColorPanel, edge, 3)
	left, right := r.X+20, r.X+r.W-20

	// Row 1: who must act and what they do.
	y := r.Y + stripRow1
	x := left
	if len(h.Seats) > 0 {
		icon, col := IconArrow, Seat(h.Seats[0]).Color
		if h.Over {
			icon, col = IconStar, ColorGold
		}
		c.Icon(icon, x+18, y, 36, col)
		x += 48
		for _, seat := range h.Seats {
			c.SeatBadge(x+stripBadgeR, y, stripBadgeR, seat)
			x += 2*stripBadgeR + 8
		}
		x += 8
	}
	ink := ColorInk
	if h.Over {
		ink = ColorGold
	}
	s.text(h.Doing, x, y, right-x, Bold, StripPx, ink)

	// Row 2: the game, the round, the scores and the mark.
	y = r.Y + stripRow2
	x = left + s.text(h.Game, left, y, right-left, Bold, StripMinPx, ColorGold) + stripGap
	if h.Round != "" {
		x += s.text(h.Round, x, y, right-x, Bold, StripMinPx, ColorMuted) + stripGap
	}
	for _, sc := range h.Scores {
		w := s.scoreWidth(sc)
		if x+w > right {
			s.text("…", x, y, right-x, Bold, StripMinPx, ColorMuted)
			break
		}
		s.score(sc, x, y)
		x += w + stripGap
	}
	if h.Mark != "" {
		c.SetFont(Bold, StripMinPx)
		if w, _ := c.MeasureString(h.Mark); x+w+StripMinPx <= right {
			c.Chip(h.Mark, right, y, 1, h.MarkColor, ColorInk, Bold, StripMinPx)
			s.out = append(s.out, StripText{Text: h.Mark, Box: Rect{X: right - w - StripMinPx/2, Y: y - capHeight*StripMinPx/2, W: w, H: capHeight * StripMinPx}})
		}
	}

	// The last rows: the changes.
	if len(h.Changes) == 0 {
		return
	}
	c.SetColor(ColorEdge)
	c.SetLineWidth(2)
	c.DrawLine(r.X+12, r.Y+stripRule, r.X+r.W-12, r.Y+stripRule)
	c.Stroke()
	c.SetFont(Regular, StripMinPx)
	for i, l := range s.changeLines(h.Changes, right-left) {
		s.text(l, left, r.Y+stripChangeY+float64(i)*stripChangeLH, right-left, Regular, StripMinPx, ColorInk)
	}
}

// strip draws the strip's parts and keeps the texts it drew.
type strip struct {
	c   *Canvas
	out []StripText
}

// text draws t with its left edge at x and its middle at y in at most maxW
// pixels, shrinking it from px to StripMinPx and then cutting it, and
// returns the width drawn.
func (s *strip) text(t string, x, y, maxW float64, style Style, px float64, col color.Color) float64 {
	if t == "" || maxW <= 0 {
		return 0
	}
	c := s.c
	t = c.fitFont(t, maxW, style, px, StripMinPx)
	if t == "" {
		return 0
	}
	c.SetColor(col)
	c.Text(t, x, y, 0)
	w, _ := c.MeasureString(t)
	cap := capHeight * c.FontPx()
	s.out = append(s.out, StripText{Text: t, Box: Rect{X: x, Y: y - cap/2, W: w, H: cap}})
	return w
}

const (
	scoreIcon = 36.0 // an icon's box in the score row
	scoreBar  = 140.0
	// scoreBadgeGap parts a seat's badge from its score.
	scoreBadgeGap = 24.0
)

func (s *strip) scoreWidth(sc Score) float64 {
	w := 0.0
	if sc.Seat >= 0 {
		w += 2*stripBadgeR + scoreBadgeGap
	}
	if sc.Icon != IconNone {
		w += scoreIcon + 6
	}
	s.c.SetFont(Bold, StripMinPx)
	tw, _ := s.c.MeasureString(sc.Text)
	w += tw
	if sc.Max > 0 {
		w += 12 + scoreBar
	}
	return w
}

func (s *strip) score(sc Score, x, y float64) {
	c := s.c
	if sc.Seat >= 0 {
		c.SeatBadge(x+stripBadgeR, y, stripBadgeR, sc.Seat)
		x += 2*stripBadgeR + scoreBadgeGap
	}
	if sc.Icon != IconNone {
		c.Icon(sc.Icon, x+scoreIcon/2, y, scoreIcon*0.8, sc.Color)
		x += scoreIcon + 6
	}
	x += s.text(sc.Text, x, y, 1e6, Bold, StripMinPx, ColorInk)
	if sc.Max > 0 {
		c.Track(Rect{X: x + 12, Y: y - 15, W: scoreBar, H: 30}, sc.Value, 0, sc.Max, sc.Color)
	}
}

// changeLines lays the changes out in StripChangeRows rows of width w: one
// change a row when that fits, else the latest of them run on, separated
// by " · ", after a "…" for those left out: the latest lead to the decision
// the board asks for.
func (s *strip) changeLines(changes []string, w float64) []string {
	c := s.c
	var lines []string
	for _, ch := range changes {
		lines = append(lines, c.Wrap(ch, w)...)
	}
	if len(lines) <= StripChangeRows {
		return lines
	}
	lines = nil
	for from := len(changes) - 1; from >= 0; from-- {
		text := strings.Join(changes[from:], " · ")
		if from > 0 {
			text = "… " + text
		}
		try := c.Wrap(text, w)
		if len(try) <= StripChangeRows {
			lines = try
			continue
		}
		if lines == nil { // the latest change alone is too long: cut its end
			last := strings.Join(try[StripChangeRows-1:], " ")
			lines = append(try[:StripChangeRows-1], c.Ellipsize(last+" …", w))
		}
		break
	}
	return lines
}
