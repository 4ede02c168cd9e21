// Package dei draws D.E.I. Divide et Impera tables: the map of districts on
// the left (every area as its shape with its id, ground light and roofs dark,
// tinted in the colour of the majority holder, with figures, resources,
// outposts, drones, camps, bridges and lifts), and beside it the round and
// phase, the four markets, the mission grid and one row per player. A view
// made for a seat adds that seat's hand, plan and hidden feats.
package dei

import (
	"fmt"
	"image"
	"image/color"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/dei"
	"github.com/playbychat/pbc/images"
)

func init() { images.Register("dei", Renderer{}) }

// Renderer draws *dei.View values.
type Renderer struct{}

var _ images.Renderer = Renderer{}

// The picture: wider than the kit's default, as the map needs the room.
const (
	width    = 1920
	height   = 1080
	titleH   = 56
	margin   = 12
	mapSide  = height - titleH - 2*margin - 8
	sideX    = margin + mapSide + 16
	sideW    = width - sideX - margin
	sideTopY = titleH + margin + 8
)

// Render implements images.Renderer.
func (Renderer) Render(v games.View, names []string, lang games.Lang) (image.Image, error) {
	dv, ok := v.(*dei.View)
	if !ok {
		return nil, fmt.Errorf("dei renderer: view is %T, want *dei.View", v)
	}
	t := newTable(dv, names, lang)
	c := images.NewFrame(images.Background("dei-"+t.geo.key, width, height, t.geo.paint))
	t.drawTitle(c)
	t.drawMap(c)
	t.drawSide(c)
	return c.RGBA(), nil
}

// Alt implements images.Renderer.
func (Renderer) Alt(v games.View, names []string, lang games.Lang) string {
	dv, ok := v.(*dei.View)
	if !ok {
		return games.FormatSeats(v.Describe(lang), names)
	}
	return newTable(dv, names, lang).alt()
}

// table is a view with the names and language it is drawn in.
type table struct {
	*dei.View
	names []string
	lang  games.Lang
	geo   *geometry
}

func newTable(v *dei.View, names []string, lang games.Lang) *table {
	return &table{View: v, names: names, lang: lang, geo: geometryOf(v.Board)}
}

func (t *table) tr(en, de string) string { return games.T(en, de).In(t.lang) }

func (t *table) name(seat int) string { return images.SeatName(t.names, seat) }

// Colours of the map.
var (
	colorGround    = color.RGBA{0xc9, 0xd3, 0xdd, 0xff}
	colorGroundInk = color.RGBA{0x1e, 0x25, 0x30, 0xff}
	colorRoof      = color.RGBA{0x4a, 0x55, 0x68, 0xff}
	colorRoofHi    = color.RGBA{0x6a, 0x77, 0x8c, 0xff}
	colorRoofLo    = color.RGBA{0x2c, 0x33, 0x40, 0xff}
	colorLine      = color.RGBA{0x16, 0x1b, 0x22, 0xff}
	colorRedLine   = color.RGBA{0xd6, 0x3a, 0x3a, 0xff}
	colorTech      = color.RGBA{0x9a, 0xa4, 0xb0, 0xff}
	colorEnergy    = color.RGBA{0xf2, 0xc9, 0x4c, 0xff}
	colorShared    = color.RGBA{0xf2, 0xf4, 0xf8, 0xff}
)

// outpostColors are the colours of the three outpost markets.
var outpostColors = map[string]color.RGBA{
	dei.Red:   {0xd9, 0x48, 0x3b, 0xff},
	dei.Blue:  {0x3f, 0x7f, 0xd9, 0xff},
	dei.Green: {0x3f, 0xa8, 0x5a, 0xff},
	"":        {0x30, 0x30, 0x36, 0xff},
}

// drawTitle draws the title bar: the game, round and phase, whose turn.
func (t *table) drawTitle(c *images.Canvas) {
	r := images.Rect{X: margin, Y: 8, W: width - 2*margin, H: titleH - 8}
	y := c.TitleBar(r, "D.E.I.", 30)
	c.SetColor(images.ColorInk)
	c.SetFont(images.Bold, 24)
	x := r.X + 110.0
	status := t.stageText()
	c.Text(status, x, y, 0)
	w, _ := c.MeasureString(status)
	x += w + 24
	if t.Acting >= 0 {
		c.SeatBadge(x+14, y, 14, t.Acting)
		c.SetColor(images.ColorInk)
		c.SetFont(images.Regular, 22)
		c.Fit(t.name(t.Acting)+": "+t.Prompt.In(t.lang), x+36, y, r.X+r.W-x-48, 0, images.Regular, 22)
	}
}

// stageText is the round and phase, or the setup step.
func (t *table) stageText() string {
	switch {
	case t.Finished:
		return t.tr("Game over", "Spielende")
	case t.Round == 0:
		return t.tr("Setup", "Aufbau")
	case t.Stage == "missions":
		return fmt.Sprintf(t.tr("Round %d/4 · missions", "Runde %d/4 · Aufträge"), t.Round)
	}
	s := fmt.Sprintf(t.tr("Round %d/4 · phase %d/3", "Runde %d/4 · Phase %d/3"), t.Round, t.Phase)
	if t.Stage == "plan" {
		s += t.tr(" · planning", " · Planung")
	}
	return s
}
