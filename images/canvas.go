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
// Everything a move names is printed where the player looks for it: card
// ids ("c12"), display slots, field and lane numbers, dice numbers, exactly
// as the notation spells them. A text that does not fit is wrapped; where it
// still cannot fit it is cut with "…" only if its full text is one lookup
// away: the card's id printed beside it (for "/card c12", from the game's
// games.Catalog) or the hand's own picture and /hand.
package images

import (
	"image"
	"image/color"
	"math"
	"strings"
	"sync"

	"github.com/fogleman/gg"
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

// Canvas is one picture being drawn. It wraps a gg.Context and keeps its own
// font faces, because a font.Face must not be shared between goroutines. A
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
}

// Picture is a finished board: its pixels and the texts of its headline
// strip. Renderers return it from Render.
type Picture struct {
	*image.RGBA
	Strip []StripText
}

// Picture returns the canvas as a finished board.
func (c *Canvas) Picture() *Picture { return &Picture{RGBA: c.img, Strip: c.strip} }

// NewCanvas returns a blank canvas of the given size.
func NewCanvas(w, h int) *Canvas {
	return canvasFor(image.NewRGBA(image.Rect(0, 0, w, h)))
}

// NewFrame returns a canvas whose pixels start as a copy of background. The
// copy costs about a millisecond, where redrawing a background costs tens.
func NewFrame(background *image.RGBA) *Canvas {
	img := image.NewRGBA(background.Rect)
	copy(img.Pix, background.Pix)
	return canvasFor(img)
}

func canvasFor(img *image.RGBA) *Canvas {
	c := &Canvas{Context: gg.NewContextForRGBA(img), img: img, faces: map[faceKey]font.Face{}, ink: color.Black}
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
		f = &advanceCache{Face: truetype.NewFace(parsedFont(s), &truetype.Options{Size: px, DPI: 72}), adv: map[rune]fixed.Int26_6{}}
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
	for n := len(r) - 1; n > 0; n-- {
		t := strings.TrimRight(string(r[:n]), " ") + "…"
		if w, _ := c.MeasureString(t); w <= maxW {
			return t
		}
	}
	return ""
}

// Wrap breaks s into lines of at most maxW pixels in the current face;
// explicit newlines are kept. Words wider than a line are ellipsized.
func (c *Canvas) Wrap(s string, maxW float64) []string {
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
			if tw, _ := c.MeasureString(try); tw <= maxW {
				line = try
				continue
			}
			if line != "" {
				out = append(out, line)
			}
			line = c.Ellipsize(w, maxW)
		}
		out = append(out, line)
	}
	return out
}
