package imagetest

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/image/draw"

	"github.com/playbychat/pbc/images"
)

// recorder stands in for the test handed to Golden and keeps its failures.
type recorder struct {
	testing.TB
	failures []string
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.failures = append(r.failures, fmt.Sprintf(format, args...))
}

func tiny() *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, 4, 3))
	for i := range img.Pix {
		img.Pix[i] = uint8(i * 7)
	}
	for i := 3; i < len(img.Pix); i += 4 {
		img.Pix[i] = 0xff
	}
	return img
}

func TestGolden(t *testing.T) {
	Golden(t, "tiny", tiny())
	if Updating() {
		return
	}
	changed := tiny()
	changed.SetRGBA(1, 2, color.RGBA{1, 2, 3, 0xff})
	rec := &recorder{TB: t}
	Golden(rec, "tiny", changed)
	if len(rec.failures) != 1 {
		t.Fatalf("a changed picture gave %d failures, want 1", len(rec.failures))
	}
	msg := rec.failures[0]
	m := regexp.MustCompile(`actual: (\S+)\n\s+diff:\s+(\S+)`).FindStringSubmatch(msg)
	if m == nil {
		t.Fatalf("failure names no files: %s", msg)
	}
	t.Cleanup(func() { os.RemoveAll(filepath.Dir(m[1])) })
	for _, path := range m[1:] {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		if img.Bounds() != changed.Bounds() {
			t.Errorf("%s is %v, want %v", path, img.Bounds(), changed.Bounds())
		}
	}
	diff, _ := os.Open(m[2])
	defer diff.Close()
	img, err := png.Decode(diff)
	if err != nil {
		t.Fatal(err)
	}
	if got := color.RGBAModel.Convert(img.At(1, 2)); got != (color.RGBA{0xff, 0, 0xff, 0xff}) {
		t.Errorf("changed pixel drawn as %v, want magenta", got)
	}
	c := tiny().RGBAAt(0, 1)
	if got, want := color.RGBAModel.Convert(img.At(0, 1)), (color.RGBA{c.R / 4, c.G / 4, c.B / 4, 0xff}); got != want {
		t.Errorf("unchanged pixel drawn as %v, want the faded copy %v", got, want)
	}
}

func TestDiff(t *testing.T) {
	tests := []struct {
		name string
		got  image.Image
		want int
	}{
		{"same", tiny(), 0},
		{"one pixel", func() image.Image { i := tiny(); i.Pix[0]++; return i }(), 1},
		{"smaller", tiny().SubImage(image.Rect(0, 0, 4, 2)), 4},
		{"other type", func() image.Image {
			i := image.NewNRGBA(tiny().Rect)
			copy(i.Pix, tiny().Pix)
			return i
		}(), 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, n := Diff(tiny(), tt.got); n != tt.want {
				t.Errorf("Diff counted %d pixels, want %d", n, tt.want)
			}
		})
	}
}

// TestStripLegible checks that a strip drawn by the kit passes, and that the
// same strip on a board twice as wide, shown half as large on a phone,
// fails.
func TestStripLegible(t *testing.T) {
	c := images.NewCanvas(images.Width, images.BodyTop)
	c.SetColor(images.ColorBackground)
	c.Clear()
	c.Strip(images.Headline{Seats: []int{0}, Doing: "Ana · action phase", Game: "XIBALBA", Round: "Round 3",
		Changes: []string{"Bo gathered 3 resources."}})
	board := c.Picture()
	StripLegible(t, "kit strip", board)

	wide := &images.Picture{RGBA: image.NewRGBA(image.Rect(0, 0, 2*images.Width, images.BodyTop)), Strip: board.Strip}
	draw.Draw(wide.RGBA, board.Rect, board.RGBA, image.Point{}, draw.Src)
	rec := &recorder{TB: t}
	StripLegible(rec, "wide", wide)
	if len(rec.failures) != len(board.Strip) {
		t.Errorf("a board twice as wide failed %d times, want once for each of its %d texts:\n%s",
			len(rec.failures), len(board.Strip), strings.Join(rec.failures, "\n"))
	}
	for _, f := range rec.failures {
		if m := regexp.MustCompile(`shrunk board: (\S+)`).FindStringSubmatch(f); m != nil {
			os.RemoveAll(filepath.Dir(m[1]))
		}
	}
	rec = &recorder{TB: t}
	StripLegible(rec, "plain", board.RGBA)
	if len(rec.failures) != 1 {
		t.Errorf("a board without a strip failed %d times, want once", len(rec.failures))
	}
}
