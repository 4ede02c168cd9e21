// Package imagetest compares rendered pictures with golden PNG files.
//
// Golden files live in the calling package's testdata/golden/ directory. Run
// the package's tests with -update to (re)write them:
//
//	go test ./images/xibalba -update
package imagetest

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden PNG files")

// Updating reports whether the tests run with -update, so that tests can
// regenerate their other fixtures (such as stored views) too.
func Updating() bool { return *update }

// Golden compares img pixel by pixel with testdata/golden/<name>.png. On a
// difference it writes the actual picture and a diff picture (changed pixels
// in magenta over a faded copy of the golden one) to a fresh temporary
// directory and names both in the failure.
func Golden(t testing.TB, name string, img image.Image) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name+".png")
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, encode(t, img), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("golden %s: %v (run the test with -update to create it)", name, err)
	}
	defer f.Close()
	want, err := png.Decode(f)
	if err != nil {
		t.Fatalf("golden %s: %v", name, err)
	}
	diff, n := Diff(want, img)
	if n == 0 {
		return
	}
	dir, err := os.MkdirTemp("", "golden-"+name+"-")
	if err != nil {
		t.Fatal(err)
	}
	actual := filepath.Join(dir, "actual.png")
	diffPath := filepath.Join(dir, "diff.png")
	if err := os.WriteFile(actual, encode(t, img), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(diffPath, encode(t, diff), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Errorf("golden %s: %d pixels differ from %s\n  actual: %s\n  diff:   %s\n  (run with -update if the change is intended)",
		name, n, path, actual, diffPath)
}

// Diff returns a picture of the differences between want and got and the
// number of differing pixels. Pixels outside one of the two pictures count as
// different.
func Diff(want, got image.Image) (*image.RGBA, int) {
	w, g := toRGBA(want), toRGBA(got)
	b := w.Rect.Union(g.Rect)
	out := image.NewRGBA(b)
	if w.Rect == g.Rect && bytes.Equal(w.Pix, g.Pix) {
		return out, 0
	}
	n := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			p := image.Pt(x, y)
			if p.In(w.Rect) && p.In(g.Rect) && w.RGBAAt(x, y) == g.RGBAAt(x, y) {
				c := w.RGBAAt(x, y)
				out.SetRGBA(x, y, color.RGBA{c.R / 4, c.G / 4, c.B / 4, 0xff})
				continue
			}
			n++
			out.SetRGBA(x, y, color.RGBA{0xff, 0, 0xff, 0xff})
		}
	}
	return out, n
}

// toRGBA returns img as *image.RGBA, converting only when it is another type.
func toRGBA(img image.Image) *image.RGBA {
	if r, ok := img.(*image.RGBA); ok {
		return r
	}
	r := image.NewRGBA(img.Bounds())
	draw.Draw(r, r.Rect, img, img.Bounds().Min, draw.Src)
	return r
}

func encode(t testing.TB, img image.Image) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(fmt.Errorf("encode %T: %w", img, err))
	}
	return buf.Bytes()
}
