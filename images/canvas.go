// Package images draws the board pictures the bot posts after each move.
//
// It holds the drawing kit every game renderer shares (a canvas with cached
// backgrounds and embedded fonts, the headline strip, panels, card frames,
// tracks, dice, seat badges, vector icons, a fast PNG encoder) and the
// registry that maps a game id to its Renderer. Render turns any games.View
// into a PNG and alt text; games without a renderer of their own get a
// generic text panel.
//
// # Conventions for renderers
//
// Every picture is drawn from a View only, never from a game's full state.
//
// A board is Width x Height and leads with the headline strip: the renderer
// fills a Headline from its view (who must act and what they do, the game,
// the round, the scores or tracks, a variant mark) with the changes Render
// hands it, draws it with Canvas.Strip first, draws its board from BodyTop
// down, and returns Canvas.Picture. The strip is what a player reads on a
// phone, where Discord shows the picture about 400 px wide: its text is
// never smaller than StripMinPx, which keeps a cap height of 9 px there
// (imagetest.StripLegible checks it on the shrunk picture). The board below
// is read when the picture is opened: its text is never smaller than
// MinTextPx.
//
// Boards are posted as paletted PNGs (EncodePNG, Paletted): draw in flat
// colours, the theme's colours, the seats' colours and Mix of them, with
// each area filled in one colour; no gradients, shadows, translucent
// overlays or photographs. Then every flat area keeps its colour exactly
// (up to 64 colours of flat areas per board) and only the antialiased
// edges share the palette's remaining entries, and a busy board weighs
// well under 100 KB. Large panels and cards are filled with FillRoundRect
// and StrokeRoundRect, which are several times faster than gg's fills.
//
// Everything a move names is printed where the player looks for it: card
// ids ("c12"), display slots, field and lane numbers, dice numbers, exactly
// as the notation spells them. A text that does not fit is wrapped; where it
// still cannot fit it is cut with "…" only if its full text is one lookup
// away: the card's id printed beside it (for "/card c12", from the game's
// games.Catalog) or the hand's own picture and /hand. Wrap breaks long
// words with a hyphen, Paragraph fills a box and reports a cut, Label
// leads a cut text with its id.
//
// Renderer tests compare every board with a golden PNG (imagetest.Golden),
// measure its strip on the board shrunk to a phone's width
// (imagetest.StripLegible) and check what the paletted PNG keeps of it
// (imagetest.EncodedClose).
package images

import (
	"image"
	"image/color"
	"math"
	"strings"
	"sync"
	"unicode"

	"github.com/fogleman/gg"
	"github.com/golang/freetype/raster"
	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/math/fixed"
)

// Canvas sizes. Pictures are landscape (not square), 1280 px wide so that
// the board stays crisp when opened. Discord shows them inline about 400 px
// wide on a phone: the headline strip at the top (see Strip) is made to be
// read at that size; the board below it is read when the picture is opened,
// and its text is never drawn smaller than MinTextPx.
const (
	Width     = 1280
	Height    = BodyTop + 730
	MinTextPx = 18
)

// Style selects one of the embedded Go fonts.
type Style int

// The embedded font styles.
const (
	Regular Style = iota
	Bold
	Mono
)

var (
	fontsOnce sync.Once
	fonts     [3]*truetype.Font // parsed fonts are read-only and shared; faces are not
)

func parsedFont(s Style) *truetype.Font {
	fontsOnce.Do(func() {
		for i, ttf := range [][]byte{goregular.TTF, gobold.TTF, gomono.TTF} {
			f, err := truetype.Parse(ttf)
			if err != nil {
				panic("images: embedded Go font does not parse: " + err.Error())
			}
			fonts[i] = f
		}
	})
	return fonts[s]
}

type faceKey struct {
	style Style
	px    float64
}

// Canvas is one picture being drawn. It wraps a gg.Context and holds a set
// of font faces of its own while it draws, because a font.Face must not be
// shared between goroutines; Picture hands the set back for the next
// canvas, with the glyphs it has rasterized, so text costs little after the
// first board. A
// Canvas is used by one goroutine at a time. Text takes the colour last set
// with SetColor (not gg's SetRGB or SetHexColor) and the face last set with
// SetFont.
type Canvas struct {
	*gg.Context
	img   *image.RGBA
	faces map[faceKey]font.Face
	face  font.Face   // the current face
	px    float64     // size of the current face
	ink   color.Color // the current colour, for text
	strip []StripText // what Strip drew
	// regions are where pieces were drawn (see Mark).
	regions []Region
	// ras and painter fill the kit's rounded rectangles (see fill.go).
	ras     *raster.Rasterizer
	painter spanPainter
}

// Picture is a finished board: its pixels and the texts of its headline
// strip. Renderers return it from Render.
type Picture struct {
	*image.RGBA
	Strip []StripText
	// Regions are where the renderer drew which piece (see Canvas.Mark),
	// in drawing order.
	Regions []Region
}

// faceSets keeps the font faces of finished canvases, each set for one
// canvas at a time.
var faceSets = newFreeList[map[faceKey]font.Face](keep)

// takeFaces returns a set of faces no other canvas uses.
func takeFaces() map[faceKey]font.Face {
	if f, ok := faceSets.get(); ok {
		return f
	}
	return map[faceKey]font.Face{}
}

// Picture returns the canvas as a finished board and ends the drawing: the
// canvas must not be drawn on afterwards.
func (c *Canvas) Picture() *Picture {
	c.release()
	return &Picture{RGBA: c.img, Strip: c.strip, Regions: c.regions}
}

// release hands the canvas's font faces back for other canvases.
func (c *Canvas) release() {
	if c.faces != nil {
		faceSets.put(c.faces)
		c.faces, c.face = nil, nil
	}
}

// NewCanvas returns a blank canvas of the given size.
func NewCanvas(w, h int) *Canvas {
	return canvasFor(image.NewRGBA(image.Rect(0, 0, w, h)))
}

// NewFrame returns a canvas whose pixels start as a copy of background. The
// copy costs about a millisecond, where redrawing a background costs tens.
func NewFrame(background *image.RGBA) *Canvas {
	img, _ := frames.get()
	if img == nil || img.Rect != background.Rect {
		img = image.NewRGBA(background.Rect)
	}
	copy(img.Pix, background.Pix)
	return canvasFor(img)
}

// frames keeps the pixels of released boards for NewFrame.
var frames = newFreeList[*image.RGBA](keep)

// Release hands the board's pixels to the next NewFrame once the caller is
// done with the board; Render releases the boards it encodes. The board
// must not be used afterwards.
func (p *Picture) Release() { frames.put(p.RGBA) }

func canvasFor(img *image.RGBA) *Canvas {
	c := &Canvas{Context: gg.NewContextForRGBA(img), img: img, faces: takeFaces(), ink: color.Black,
		ras: raster.NewRasterizer(img.Rect.Dx(), img.Rect.Dy()), painter: spanPainter{img: img}}
	c.SetFont(Regular, MinTextPx)
	return c
}

// advanceCache remembers glyph advances: the truetype face loads the whole
// glyph each time it is asked for one, and labels are measured often.
type advanceCache struct {
	font.Face
	adv map[rune]fixed.Int26_6
}

func (a *advanceCache) GlyphAdvance(r rune) (fixed.Int26_6, bool) {
	if v, ok := a.adv[r]; ok {
		return v, true
	}
	v, ok := a.Face.GlyphAdvance(r)
	if ok {
		a.adv[r] = v
	}
	return v, ok
}

// RGBA returns the canvas pixels.
func (c *Canvas) RGBA() *image.RGBA { return c.img }

// SetFont selects a face of the given style and pixel size. Sizes below
// MinTextPx are raised to it.
func (c *Canvas) SetFont(s Style, px float64) {
	if px < MinTextPx {
		px = MinTextPx
	}
	k := faceKey{s, px}
	f, ok := c.faces[k]
	if !ok {
		f = &advanceCache{Face: truetype.NewFace(parsedFont(s), &truetype.Options{Size: px, DPI: 72, SubPixelsX: 1, Hinting: font.HintingFull}), adv: map[rune]fixed.Int26_6{}}
		c.faces[k] = f
	}
	c.px = px
	c.face = f
	c.SetFontFace(f)
}

// SetColor sets the colour of fills, strokes and text.
func (c *Canvas) SetColor(col color.Color) {
	c.ink = col
	c.Context.SetColor(col)
}

// DrawString draws s with its baseline starting at (x, y). It draws the
// glyph masks directly, which is several times faster than gg's
// transforming text path; the canvas never draws rotated text. Characters
// the fonts lack are left out (see Printable).
func (c *Canvas) DrawString(s string, x, y float64) {
	d := font.Drawer{Dst: c.img, Src: image.NewUniform(c.ink), Face: c.face,
		Dot: fixed.Point26_6{X: fixed.Int26_6(math.Round(x * 64)), Y: fixed.Int26_6(math.Round(y * 64))}}
	d.DrawString(Printable(s))
}

// MeasureString returns the width of s in the current face and the face's
// line height, leaving out what DrawString leaves out.
func (c *Canvas) MeasureString(s string) (w, h float64) {
	return c.Context.MeasureString(Printable(s))
}

// Printable returns s without the characters the embedded fonts cannot draw
// (emoji in Discord names, for example), which would show as empty boxes.
func Printable(s string) string {
	plain := true
	for _, r := range s {
		if r >= 0x250 {
			plain = false
			break
		}
	}
	if plain {
		return s
	}
	f := parsedFont(Regular)
	var b strings.Builder
	for _, r := range s {
		if r < 0x250 || f.Index(r) != 0 {
			b.WriteRune(r)
		}
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// FontPx returns the pixel size of the current face.
func (c *Canvas) FontPx() float64 { return c.px }

// Text draws s with its left/centre/right edge at x (ax 0, 0.5, 1) and its
// visual middle at y: the cap height is centred, so labels line up with
// icons and boxes of the same centre.
func (c *Canvas) Text(s string, x, y, ax float64) {
	w, _ := c.MeasureString(s)
	c.DrawString(s, x-ax*w, y+capHeight*c.px/2)
}

// capHeight is the Go fonts' cap height as a share of the pixel size.
const capHeight = 0.7

// Fit draws s like Text in at most maxW pixels: it shrinks the font from px
// down to MinTextPx and then cuts the text with an ellipsis. It returns the
// width drawn.
func (c *Canvas) Fit(s string, x, y, maxW, ax float64, style Style, px float64) float64 {
	s = c.FitFont(s, maxW, style, px)
	c.Text(s, x, y, ax)
	w, _ := c.MeasureString(s)
	return w
}

// FitFont selects the largest face from px down to MinTextPx in which s fits
// maxW and returns s, cut with an ellipsis if even MinTextPx is too wide.
func (c *Canvas) FitFont(s string, maxW float64, style Style, px float64) string {
	return c.fitFont(s, maxW, style, px, MinTextPx)
}

// fitFont is FitFont shrinking the font no further than minPx.
func (c *Canvas) fitFont(s string, maxW float64, style Style, px, minPx float64) string {
	c.SetFont(style, px)
	w, _ := c.MeasureString(s)
	if w <= maxW {
		return s
	}
	// Width grows about linearly with the size: jump close to the answer,
	// then step down, so that few faces are made.
	for px = math.Floor(px * maxW / w); px > minPx; px-- {
		c.SetFont(style, px)
		if w, _ := c.MeasureString(s); w <= maxW {
			return s
		}
	}
	c.SetFont(style, minPx)
	return c.Ellipsize(s, maxW)
}

// Ellipsize cuts s so that it fits maxW in the current face, ending it with
// "…" when something was cut.
func (c *Canvas) Ellipsize(s string, maxW float64) string {
	if w, _ := c.MeasureString(s); w <= maxW {
		return s
	}
	r := []rune(s)
	cut := func(n int) string { return strings.TrimRight(string(r[:n]), " ") + "…" }
	// The longest prefix that fits, by bisection: lo fits (or is 0), hi
	// does not.
	lo, hi := 0, len(r)
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if w, _ := c.MeasureString(cut(mid)); w <= maxW {
			lo = mid
		} else {
			hi = mid
		}
	}
	if lo == 0 {
		return ""
	}
	return cut(lo)
}

// Wrap breaks s into lines of at most maxW pixels in the current face;
// explicit newlines are kept. A word wider than a line is broken with a
// hyphen (after one of its own hyphens where it has one), so that nothing
// is lost.
func (c *Canvas) Wrap(s string, maxW float64) []string {
	fits := func(t string) bool {
		w, _ := c.MeasureString(t)
		return w <= maxW
	}
	var out []string
	for _, para := range strings.Split(s, "\n") {
		words := strings.Fields(para)
		if len(words) == 0 {
			out = append(out, "")
			continue
		}
		line := ""
		for _, w := range words {
			try := w
			if line != "" {
				try = line + " " + w
			}
			if fits(try) {
				line = try
				continue
			}
			if line != "" {
				out = append(out, line)
			}
			for !fits(w) {
				head, rest := breakWord(w, fits)
				out = append(out, head)
				w = rest
			}
			line = w
		}
		out = append(out, line)
	}
	return out
}

// breakWord splits w, too wide for a line, into a head that fits with its
// hyphen and the rest. It prefers, among the heads of at least half the
// longest that fits: one ending in one of the word's own hyphens, then a
// break between two consonants (as in "Stock-drohne"), then one after a
// vowel; else the longest. Neither part is shorter than two runes where
// the longest head allows it.
func breakWord(w string, fits func(string) bool) (head, rest string) {
	r := []rune(w)
	longest := 0
	for n := len(r) - 2; n >= 2; n-- {
		if fits(string(r[:n]) + "-") {
			longest = n
			break
		}
	}
	if longest == 0 { // not even two runes and a hyphen: break anyway
		for n := len(r) - 1; n >= 1; n-- {
			if fits(string(r[:n])) || n == 1 {
				return string(r[:n]), string(r[n:])
			}
		}
	}
	best, bestRank := longest, 0
	for n := longest; n >= 2 && 2*n >= longest; n-- {
		if rank := breakRank(r, n); rank > bestRank {
			best, bestRank = n, rank
			if rank == 3 {
				break
			}
		}
	}
	head = string(r[:best])
	if r[best-1] != '-' {
		head += "-"
	}
	return head, string(r[best:])
}

// breakRank rates a break of r before r[n]: 3 after one of its hyphens, 2
// between two consonants that are neither one sound (ch, ck, sch) nor the
// start of a syllable (dr, pl, ...), 1 after a vowel before a consonant, 0
// otherwise.
func breakRank(r []rune, n int) int {
	a, b := unicode.ToLower(r[n-1]), unicode.ToLower(r[n])
	switch {
	case a == '-':
		return 3
	case !unicode.IsLetter(a) || !unicode.IsLetter(b):
		return 0
	case consonant(a) && consonant(b):
		if b == 'h' && (a == 'c' || a == 's') || a == 'c' && b == 'k' ||
			a == 's' && b == 'c' && n+1 < len(r) && unicode.ToLower(r[n+1]) == 'h' ||
			(b == 'r' || b == 'l') && strings.ContainsRune("bdfgkpt", a) {
			return 0
		}
		return 2
	case !consonant(a) && consonant(b):
		return 1
	}
	return 0
}

func consonant(r rune) bool { return !strings.ContainsRune("aeiouyäöüéèáà", r) }

// Paragraph draws s wrapped in r from its top, the middles of its lines lh
// apart, in style at px and the colour last set. Lines that do not fit
// are left out, the last one drawn ending in "…". It reports whether s
// was drawn whole.
func (c *Canvas) Paragraph(s string, r Rect, style Style, px, lh float64) bool {
	c.SetFont(style, px)
	lines := c.Wrap(s, r.W)
	room := int(math.Floor((r.H-c.FontPx())/lh)) + 1
	whole := len(lines) <= room
	if !whole {
		if room <= 0 {
			return false
		}
		lines = append(lines[:room-1], c.Ellipsize(strings.Join(lines[room-1:], " "), r.W))
	}
	for i, l := range lines {
		c.Text(l, r.X, r.Y+c.FontPx()/2+float64(i)*lh, 0)
	}
	return whole
}

// Label draws s like Fit, its left edge at x, in at most maxW pixels.
// Where even MinTextPx cannot hold s whole, it leads with id, in bold: the
// handle that looks the whole text up (/card id), then the cut text. It
// returns the width drawn.
func (c *Canvas) Label(s, id string, x, y, maxW float64, style Style, px float64) float64 {
	t := c.FitFont(s, maxW, style, px)
	if t == s || id == "" {
		c.Text(t, x, y, 0)
		w, _ := c.MeasureString(t)
		return w
	}
	c.SetFont(Bold, MinTextPx)
	c.Text(id, x, y, 0)
	iw, _ := c.MeasureString(id + " ")
	c.SetFont(style, MinTextPx)
	rest := c.Ellipsize(s, maxW-iw)
	c.Text(rest, x+iw, y, 0)
	w, _ := c.MeasureString(rest)
	return iw + w
}
