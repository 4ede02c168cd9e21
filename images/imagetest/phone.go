package imagetest

import (
	"image"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/image/draw"

	"github.com/playbychat/pbc/images"
)

// PhoneWidth is how wide Discord shows a picture inline on a phone, in CSS
// pixels.
const PhoneWidth = 400

// MinPhoneCapPx is the smallest cap height the headline strip's text may
// have at PhoneWidth. A cap height of 9 px belongs to a font of about 13 px,
// the size of the secondary text of phone interfaces: Apple's guidelines put
// the smallest legible text at 11 pt (a cap height of about 8 px), and
// Discord's own message text is 16 px. Below 9 px, digits such as 3, 5 and
// 8 start to run together on the board's dark background.
const MinPhoneCapPx = 9

// Shrink scales img down to width pixels wide, keeping its proportions,
// with a Catmull-Rom filter, close to what browsers and phones do.
func Shrink(img image.Image, width int) *image.RGBA {
	b := img.Bounds()
	h := int(math.Round(float64(b.Dy()) * float64(width) / float64(b.Dx())))
	out := image.NewRGBA(image.Rect(0, 0, width, h))
	draw.CatmullRom.Scale(out, out.Rect, img, b, draw.Src, nil)
	return out
}

// StripLegible checks that img, a board drawn by a renderer, leads with a
// headline strip whose text keeps a cap height of at least MinPhoneCapPx
// when the board is shrunk to PhoneWidth. It measures the shrunk pixels:
// for every text the strip drew (images.Picture.Strip) that has a capital,
// a digit or a tall letter, the rows above its base line with ink in them.
// On a failure it names a copy of the shrunk board.
func StripLegible(t testing.TB, name string, img image.Image) {
	t.Helper()
	p, ok := img.(*images.Picture)
	if !ok || len(p.Strip) == 0 {
		t.Errorf("%s: the board has no headline strip (%T)", name, img)
		return
	}
	small := Shrink(p.RGBA, PhoneWidth)
	f := float64(PhoneWidth) / float64(p.Bounds().Dx())
	measured := 0
	for _, st := range p.Strip {
		if !strings.ContainsFunc(st.Text, tall) {
			continue
		}
		measured++
		if h := inkHeight(small, st.Box, f); h < MinPhoneCapPx {
			t.Errorf("%s: %q is %d px tall at %d px wide, want at least %d\n  shrunk board: %s",
				name, st.Text, h, PhoneWidth, MinPhoneCapPx, save(t, name, small))
		}
	}
	if measured == 0 {
		t.Errorf("%s: the strip has no text to measure", name)
	}
}

// tall reports whether r reaches the cap height: capitals, digits and the
// letters with ascenders.
func tall(r rune) bool {
	return r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("bdfhklt", r) ||
		strings.ContainsRune("ÄÖÜ", r)
}

// inkHeight returns how many rows of img, shrunk by f, hold ink of the text
// in box (box in full-size pixels, from cap line to base line): the run of
// rows with ink that ends nearest the base line, looked for up to 1.3 cap
// heights above it (not as far as the descenders of a row above). A pixel
// is ink when its luminance differs from the text's background (the
// commonest luminance near it) by at least half the most any pixel does.
func inkHeight(img *image.RGBA, box images.Rect, f float64) int {
	x0, x1 := int(math.Floor(box.X*f)), int(math.Ceil((box.X+box.W)*f))
	base := (box.Y + box.H) * f
	y1 := int(math.Floor(base)) // the last row above the base line, partly covered
	y0 := int(math.Floor(base - 1.3*box.H*f))
	lum := func(x, y int) int {
		c := img.RGBAAt(x, y)
		return (299*int(c.R) + 587*int(c.G) + 114*int(c.B)) / 1000
	}
	count := map[int]int{}
	for y := y0; y <= y1; y++ {
		for x := x0; x < x1; x++ {
			count[lum(x, y)]++
		}
	}
	bg, most := 0, 0
	for l, n := range count {
		if n > most || n == most && l < bg {
			bg, most = l, n
		}
	}
	peak := 0
	for l := range count {
		peak = max(peak, abs(l-bg))
	}
	inked := func(y int) bool {
		for x := x0; x < x1; x++ {
			if 2*abs(lum(x, y)-bg) >= peak {
				return true
			}
		}
		return false
	}
	y := y1
	for y >= y0 && !inked(y) {
		y--
	}
	n := 0
	for ; y >= y0 && inked(y); y-- {
		n++
	}
	return n
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// save writes img to a fresh temporary directory and returns its path.
func save(t testing.TB, name string, img image.Image) string {
	dir, err := os.MkdirTemp("", "phone-"+filepath.Base(name)+"-")
	if err != nil {
		return err.Error()
	}
	path := filepath.Join(dir, "phone.png")
	if err := os.WriteFile(path, encode(t, img), 0o644); err != nil {
		return err.Error()
	}
	return path
}

// MinPanelCapPx is the smallest cap height a phone panel's text may have
// at PhoneWidth: the panels are read without opening them, so their text
// is held to 10 px, a little more than the strip's.
const MinPanelCapPx = 10

// PanelLegible checks that every text of p, a phone panel
// (images.Panel.Draw), that has a capital, a digit or a tall letter keeps a
// cap height of at least MinPanelCapPx when the panel is shrunk to
// PhoneWidth, measured on the shrunk pixels. It returns the shrunk panel.
func PanelLegible(t testing.TB, name string, p *images.Picture) *image.RGBA {
	t.Helper()
	small := Shrink(p.RGBA, PhoneWidth)
	f := float64(PhoneWidth) / float64(p.Bounds().Dx())
	for _, st := range p.Strip {
		if !strings.ContainsFunc(st.Text, tall) {
			continue
		}
		if h := inkHeight(small, st.Box, f); h < MinPanelCapPx {
			t.Errorf("%s: %q is %d px tall at %d px wide, want at least %d\n  shrunk panel: %s",
				name, st.Text, h, PhoneWidth, MinPanelCapPx, save(t, name, small))
		}
	}
	return small
}
