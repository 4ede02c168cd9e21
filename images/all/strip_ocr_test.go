package all_test

import (
	"fmt"
	"image"
	"os/exec"
	"slices"
	"testing"

	"golang.org/x/image/draw"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/images"
	"github.com/playbychat/pbc/images/imagetest"
)

// TestStripRead draws every game's board with a headline strip at the
// start and the middle of a game its bot policy plays, shrinks it to 400 px
// wide as a phone shows it inline, and has tesseract read the strip: every
// seat name the strip prints and most of the numbers of its lines (as the
// phone panels, see readPanel). Each strip text must also keep its cap
// height (imagetest.StripLegible).
func TestStripRead(t *testing.T) {
	ocr, err := exec.LookPath("tesseract")
	if err != nil {
		t.Skip("tesseract (Debian package tesseract-ocr) is not installed")
	}
	for _, def := range games.All() {
		g, _, err := def.Create(min(max(3, def.MinSeats), def.MaxSeats), nil, 7)
		if err != nil {
			t.Fatal(err)
		}
		if images.For(def.ID) == images.Fallback {
			continue
		}
		t.Run(def.ID, func(t *testing.T) {
			t.Parallel() // tesseract runs on one thread
			for i, g := range sampleStates(t, def, g, 2) {
				lang := langs[i%2]
				changes := []string{fmt.Sprintf("%s: 12 → 15", names[0]), names[1] + " 3"}
				img, err := images.For(def.ID).Render(g.View(games.Spectator), names, lang, changes)
				if err != nil {
					t.Fatal(err)
				}
				pic, ok := img.(*images.Picture)
				if !ok || len(pic.Strip) == 0 {
					t.Fatalf("%s: the board has no headline strip", def.ID)
				}
				name := fmt.Sprintf("%s-%d-%s-strip", def.ID, i, lang)
				imagetest.StripLegible(t, name, pic)
				// The score chips (a bare number beside a seat's badge)
				// are measured by StripLegible but not read: tesseract
				// runs the badge's digit into the score and reads a lone
				// 0 beside it as O (docs/performance.md has the count).
				lines := *pic
				lines.Strip = slices.DeleteFunc(slices.Clone(pic.Strip), func(st images.StripText) bool {
					return digits.MatchString(st.Text) && digits.FindString(st.Text) == st.Text
				})
				readPanel(t, name, ocr, lang, &lines, stripBand(pic))
			}
		})
	}
}

// stripBand is the headline strip of pic, shrunk as the whole board is to
// 400 px wide: the band from the top to below the strip's lowest text.
func stripBand(pic *images.Picture) *image.RGBA {
	small := imagetest.Shrink(pic.RGBA, imagetest.PhoneWidth)
	f := float64(imagetest.PhoneWidth) / float64(pic.Bounds().Dx())
	bottom := 0.0
	for _, st := range pic.Strip {
		bottom = max(bottom, st.Box.Y+st.Box.H)
	}
	h := min(small.Bounds().Dy(), int(bottom*f)+4)
	band := image.NewRGBA(image.Rect(0, 0, small.Bounds().Dx(), h))
	draw.Copy(band, image.Point{}, small, image.Rect(0, 0, small.Bounds().Dx(), h), draw.Src, nil)
	return band
}
