// Package xenoshyft draws Xenoshyft: Onslaught tables. The public board
// shows every lane side by side (enemies on the left, troops with their
// equipment on the right), the base's hit points, wave and round, the stacks
// to buy from and who is ready. A view made for a seat, which carries that
// seat's hand, is drawn as the private hand picture instead: the seat's lane,
// its hand and its division's abilities.
package xenoshyft

import (
	"image"
	"image/color"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/xenoshyft"
	"github.com/playbychat/pbc/images"
)

func init() { images.Register("xenoshyft", Renderer) }

// Renderer draws *xenoshyft.View values.
var Renderer = images.ViewRenderer(draw, alt)

// draw draws v: the headline strip, then the board or the seat's hand.
func draw(v *xenoshyft.View, names []string, lang games.Lang, changes []string) image.Image {
	t := &table{View: v, names: names, lang: lang}
	c := images.NewFrame(images.Background("xenoshyft", images.Width, images.Height, paintBackground))
	c.Strip(t.headline(changes))
	if t.private() {
		t.drawHand(c)
	} else {
		t.drawBoard(c)
	}
	return c.Picture()
}

// alt describes v in words.
func alt(v *xenoshyft.View, names []string, lang games.Lang) string {
	return (&table{View: v, names: names, lang: lang}).alt()
}

// table is a view with the seat names and language it is drawn in.
type table struct {
	*xenoshyft.View
	names []string
	lang  games.Lang
}

// private reports whether the view is a seat's own, drawn as its hand.
func (t *table) private() bool { return t.Seat >= 0 && t.Hand != nil }

// pictures is the catalogue of the texts drawn around the engine's own:
// headings, labels and phrases (games/xenoshyft/pictures/locales).
var pictures = xenoshyft.Pictures

func (t *table) name(s games.Seat) string { return images.SeatName(t.names, int(s)) }

// Card kind colours; each kind also has its own icon.
var (
	colorTroop    = color.RGBA{0x2f, 0xa5, 0x8f, 0xff}
	colorEnemy    = color.RGBA{0xb8, 0x4a, 0x76, 0xff}
	colorBoss     = images.ColorGold
	colorItem     = color.RGBA{0x5f, 0x86, 0xcf, 0xff}
	colorResource = images.ColorGold
	colorBack     = color.RGBA{0x3a, 0x24, 0x40, 0xff}
	colorHP       = images.ColorBad
)

func kindStyle(kind string) (color.RGBA, images.Icon) {
	switch kind {
	case "troop":
		return colorTroop, images.IconSoldier
	case "enemy":
		return colorEnemy, images.IconStar
	case "resource":
		return colorResource, images.IconGem
	default:
		return colorItem, images.IconCrate
	}
}

// paintBackground draws the board colour with faint hexagons.
func paintBackground(c *images.Canvas) {
	bg := images.Mix(images.ColorBackground, color.RGBA{0x10, 0x30, 0x30, 0xff}, 0.3)
	c.SetColor(bg)
	c.Clear()
	c.SetColor(images.Mix(bg, images.ColorPanelHi, 0.3))
	c.SetLineWidth(1.5)
	for row := 0; row*34 < images.Height+40; row++ {
		off := float64(row%2) * 30
		for x := -30.0; x < images.Width+60; x += 60 {
			c.DrawRegularPolygon(6, x+off, float64(row*34), 20, 0)
		}
	}
	c.Stroke()
}

var phaseTexts = map[xenoshyft.Phase]games.Text{
	xenoshyft.PhaseDivision: pictures.Text("ChooseDivisions"),
	xenoshyft.PhaseSupply:   pictures.Text("PhaseSupply"),
	xenoshyft.PhaseDeploy:   pictures.Text("Deployment"),
	xenoshyft.PhaseCombat:   pictures.Text("Combat"),
	xenoshyft.PhaseCollect:  pictures.Text("Collection"),
	xenoshyft.PhaseOver:     pictures.Text("GameOver"),
}

var stateTexts = map[string]games.Text{
	"fighting": pictures.Text("FIGHTING"),
	"overrun":  pictures.Text("OVERRUN"),
	"held":     pictures.Text("HELD"),
	"fallen":   pictures.Text("FALLEN"),
}

func stateColor(state string) color.RGBA {
	switch state {
	case "fighting":
		return images.ColorCost
	case "overrun":
		return images.ColorBad
	case "held":
		return images.ColorGood
	default:
		return images.ColorFaint
	}
}
