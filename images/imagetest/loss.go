package imagetest

import (
	"bytes"
	"image"
	"image/png"
	"testing"

	"github.com/playbychat/pbc/images"
)

// The loss a board may suffer in images.EncodePNG, which posts boards as
// paletted PNGs: flat areas keep their colour exactly, and the blends along
// antialiased edges move a little, a few pixels a little more.
const (
	// MaxEdgeShift is the most any channel of any pixel may move.
	MaxEdgeShift = 48
	// NoticeableShift is a move of a channel that could be seen on a
	// large area; at most NoticeablePerMillion pixels in a million may
	// move this much, each on an edge of one or two pixels.
	NoticeableShift      = 17
	NoticeablePerMillion = 500
)

// EncodedClose encodes img with images.EncodePNG, decodes the PNG with the
// standard library and compares it with img: every pixel that has the
// colour of its four neighbours (inside a flat area) must be unchanged, no
// channel may move by more than MaxEdgeShift, and no more than
// NoticeablePerMillion pixels in a million by NoticeableShift or more. It
// returns the PNG's size in bytes.
func EncodedClose(t testing.TB, name string, img image.Image) int {
	t.Helper()
	data, err := images.EncodePNG(img)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	dec, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: the encoded board does not decode: %v", name, err)
	}
	want, got := toRGBA(img), toRGBA(dec)
	if want.Rect != got.Rect {
		t.Fatalf("%s: encoded as %v, drawn as %v", name, got.Rect, want.Rect)
	}
	b := want.Rect
	flatChanged, noticeable, worst := 0, 0, 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			w, g := want.RGBAAt(x, y), got.RGBAAt(x, y)
			shift := max(absDiff(w.R, g.R), absDiff(w.G, g.G), absDiff(w.B, g.B), absDiff(w.A, g.A))
			if shift == 0 {
				continue
			}
			worst = max(worst, shift)
			if shift >= NoticeableShift {
				noticeable++
			}
			if flat(want, x, y) {
				flatChanged++
			}
		}
	}
	if flatChanged > 0 {
		t.Errorf("%s: %d pixels inside flat areas changed colour in the PNG", name, flatChanged)
	}
	if worst > MaxEdgeShift {
		t.Errorf("%s: a pixel moved by %d levels in the PNG, want at most %d", name, worst, MaxEdgeShift)
	}
	if n := b.Dx() * b.Dy(); noticeable*1_000_000 > NoticeablePerMillion*n {
		t.Errorf("%s: %d of %d pixels moved by %d levels or more in the PNG, want at most %d in a million",
			name, noticeable, n, NoticeableShift, NoticeablePerMillion)
	}
	return len(data)
}

// flat reports whether the pixel at (x, y) has the colour of its four
// neighbours.
func flat(img *image.RGBA, x, y int) bool {
	c := img.RGBAAt(x, y)
	for _, d := range []image.Point{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
		p := image.Pt(x+d.X, y+d.Y)
		if p.In(img.Rect) && img.RGBAAt(p.X, p.Y) != c {
			return false
		}
	}
	return true
}

func absDiff(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}
