package all_test

import (
	"fmt"
	"image"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"golang.org/x/image/draw"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/images"
	"github.com/playbychat/pbc/images/imagetest"
)

// TestStripRead draws every game's board with a headline strip at the
// start and the end of a game its bot policy plays, shrinks it to 400 px
// wide as a phone shows it inline, and has tesseract read the strip: every
// seat name the strip prints and most of the numbers of its lines (as the
// phone panels, see readPanel), and the score chips (a seat's badge and
// its score): every score of two or more digits must be read as a number
// of its own, not run into the badge ("②21" read as "B21"). Tesseract
// misreads many a lone digit beside a badge (a start's 0 as O, a 9 as Y)
// that a person reads: those are counted in the log, not required. Each
// strip text must also keep its cap height (imagetest.StripLegible).
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
				isChip := func(st images.StripText) bool {
					return digits.MatchString(st.Text) && digits.FindString(st.Text) == st.Text
				}
				lines := *pic
				lines.Strip = slices.DeleteFunc(slices.Clone(pic.Strip), isChip)
				text := readPanel(t, name, ocr, lang, &lines, stripBand(pic))
				n, read, missed := readChips(text, slices.DeleteFunc(slices.Clone(pic.Strip), func(st images.StripText) bool { return !isChip(st) }))
				for _, m := range missed {
					if len(m) > 1 {
						t.Errorf("%s: tesseract did not read the score %s as a number of its own at 400 px wide; it read:\n%s", name, m, text)
					}
				}
				t.Logf("%s: %d of %d score chips read, missed %q", name, read, n, missed)
			}
		})
	}
}

// readChips finds the scores of chips in text, what tesseract read of a
// strip: a score is read when a word of the text is the score itself,
// after undoing tesseract's reading of a lone 1 as l (ocrOnes) but not of
// a zero as @, which is how it reads the first seat's badge. It returns
// how many chips there are, how many were read and the scores missed.
func readChips(text string, chips []images.StripText) (n, read int, missed []string) {
	words := map[string]int{}
	for _, w := range strings.Fields(ocrOnes.ReplaceAllString(text, "${1}1")) {
		words[w]++
	}
	for _, c := range chips {
		if words[c.Text] > 0 {
			words[c.Text]--
			read++
			continue
		}
		missed = append(missed, c.Text)
	}
	return len(chips), read, missed
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
