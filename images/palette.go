package images

import (
	"image/color"
	"strconv"
)

// Theme colours shared by the renderers: a dark board (Discord is mostly
// viewed in dark mode) with light ink.
var (
	ColorBackground = rgb(0x14, 0x1a, 0x24)
	ColorPanel      = rgb(0x1f, 0x27, 0x33)
	ColorPanelHi    = rgb(0x2a, 0x34, 0x44)
	ColorEdge       = rgb(0x3b, 0x48, 0x5c)
	ColorInk        = rgb(0xf2, 0xf4, 0xf8)
	ColorMuted      = rgb(0xa9, 0xb4, 0xc4)
	ColorFaint      = rgb(0x5c, 0x68, 0x7a)
	ColorCost       = rgb(0xf0, 0x8a, 0x24) // cost badges: orange circle as on the boards
	ColorGood       = rgb(0x5c, 0xc9, 0x7b)
	ColorBad        = rgb(0xe5, 0x5b, 0x4f)
	ColorGold       = rgb(0xf2, 0xc9, 0x4c)
)

func rgb(r, g, b uint8) color.RGBA { return color.RGBA{r, g, b, 0xff} }

// Mix returns a blended with b; t=0 gives a, t=1 gives b.
func Mix(a, b color.RGBA, t float64) color.RGBA {
	m := func(x, y uint8) uint8 { return uint8(float64(x)*(1-t) + float64(y)*t + 0.5) }
	return color.RGBA{m(a.R, b.R), m(a.G, b.G), m(a.B, b.B), 0xff}
}

// Shape is the second cue, besides colour, that tells seats apart.
type Shape int

// Seat shapes, one per seat in seat order.
const (
	Circle Shape = iota
	Square
	Triangle
	Diamond
)

// SeatStyle is how a seat is marked everywhere: a colour from the Okabe-Ito
// palette (distinguishable with the common colour-vision deficiencies), a
// shape and the seat number, so colour is never the only signal.
type SeatStyle struct {
	Color color.RGBA
	Shape Shape
	Label string // the seat number, 1-based
}

var seatColors = []color.RGBA{
	rgb(0xe6, 0x9f, 0x00), // orange
	rgb(0x56, 0xb4, 0xe9), // sky blue
	rgb(0x00, 0x9e, 0x73), // bluish green
	rgb(0xcc, 0x79, 0xa7), // reddish purple
	rgb(0xf0, 0xe4, 0x42), // yellow
	rgb(0xd5, 0x5e, 0x00), // vermillion
}

// Seat returns the style of seat s (0-based). A negative seat (a spectator or
// nobody) gets a neutral grey.
func Seat(s int) SeatStyle {
	if s < 0 {
		return SeatStyle{Color: ColorFaint, Shape: Circle, Label: "–"}
	}
	return SeatStyle{
		Color: seatColors[s%len(seatColors)],
		Shape: Shape(s % 4),
		Label: strconv.Itoa(s + 1),
	}
}
