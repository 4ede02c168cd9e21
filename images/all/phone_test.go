package all_test

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/image/draw"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/images"
	"github.com/playbychat/pbc/images/imagetest"
)

var phoneDir = flag.String("phonedir", "", "write every phone panel, full size and shrunk to 400 px, to this directory")

// phoneStates is how many states of each game the phone test draws: the
// start and evenly spaced states of a policy game.
const phoneStates = 3

// minNumbersRead is the share of the numbers printed on a panel that
// tesseract must read at 400 px wide. Tesseract misreads a few digits that
// a person reads (a 1 beside a bar, a 0 read as O), so the bar is below
// one.
const minNumbersRead = 0.9

// TestPhonePanels draws the phone panels of every game with panels at
// several states of a game its bot policy plays, from the spectator's
// view and the first seat's, in English and German. Every text of a panel
// must keep a cap height of 10 px at 400 px wide, and tesseract must read
// every seat name printed on it and most of its numbers from the panel
// shrunk to 400 px wide: the scores, the map or market and the seat's own
// part, each state in one language (tesseract takes seconds a panel).
func TestPhonePanels(t *testing.T) {
	ocr, err := exec.LookPath("tesseract")
	if err != nil {
		t.Log("tesseract (Debian package tesseract-ocr) is not installed: the panels are measured but not read")
	}
	for _, def := range games.All() {
		g, _, err := def.Create(min(max(3, def.MinSeats), def.MaxSeats), nil, 7)
		if err != nil {
			t.Fatal(err)
		}
		if parts, err := images.Parts(g.View(games.Spectator), names, games.English); err != nil || parts == nil {
			continue
		}
		t.Run(def.ID, func(t *testing.T) {
			t.Parallel() // tesseract runs on one thread
			for i, g := range sampleStates(t, def, g, phoneStates) {
				for _, lang := range langs {
					for _, seat := range []games.Seat{games.Spectator, 0} {
						parts, err := images.Parts(g.View(seat), names, lang)
						if err != nil {
							t.Fatal(err)
						}
						// Tesseract is slow: the first and last states are
						// read, each in one language, the seats' views only
						// for their own part.
						read := ""
						if lang == langs[i%2] && (i == 0 || i == phoneStates-1) {
							read = ocr
						}
						checkParts(t, fmt.Sprintf("%s-%d-%s-%d", def.ID, i, lang, seat+1), parts, seat, read, lang)
					}
				}
			}
		})
	}
}

// checkParts checks the parts of one view: the names they must have, and
// each panel's legibility.
func checkParts(t *testing.T, name string, parts []images.Part, seat games.Seat, ocr string, lang games.Lang) {
	t.Helper()
	seen := map[string]bool{}
	for _, p := range parts {
		if seen[p.Name] {
			t.Errorf("%s: part %q twice", name, p.Name)
		}
		seen[p.Name] = true
	}
	want := []string{images.PartScores, images.SeatPart(0)}
	if seat >= 0 {
		want = append(want, images.PartMine)
	}
	for _, w := range want {
		if !seen[w] {
			t.Errorf("%s: no part %q among %d", name, w, len(parts))
		}
	}
	for _, p := range parts {
		pic := p.Panel.Draw()
		pname := name + "-" + p.Name
		small := imagetest.PanelLegible(t, pname, pic)
		if *phoneDir != "" {
			writePNG(t, filepath.Join(*phoneDir, pname+".png"), pic.RGBA)
			writePNG(t, filepath.Join(*phoneDir, pname+"-400.png"), small)
		}
		if ocr != "" && (p.Name == images.PartMine || seat < 0 && !strings.HasPrefix(p.Name, "seat")) {
			_ = readPanel(t, pname, ocr, lang, pic, small)
		}
	}
}

// sampleStates plays g by the game's bot policy to its end and returns n
// states: the first and then evenly spaced ones, the last state among them.
func sampleStates(t *testing.T, def *games.Definition, g games.Game, n int) []games.Game {
	t.Helper()
	r := rand.New(rand.NewPCG(7, 11))
	all := []games.Game{g}
	for step := 0; !g.Status().Finished; step++ {
		if step > 5000 {
			t.Fatal("no end after 5000 moves")
		}
		seat, m := policyMove(def, g, r)
		next, _, err := games.PlayText(g, seat, m.Notation)
		if err != nil {
			t.Fatalf("step %d: %s: %v", step, m.Notation, err)
		}
		g = next
		all = append(all, g)
	}
	var out []games.Game
	for i := range n {
		out = append(out, all[i*(len(all)-1)/max(n-1, 1)])
	}
	return out
}

var langs = []games.Lang{games.English, games.German}

// ocrFixes and ocrOnes undo tesseract's misreadings of the Go fonts that
// no person makes: the dotted zero read as "@" or "®", a 1 read as an l,
// I or | where it stands alone or ends a handle or a cost ("f1" as "fl",
// "cost 1" as "costl").
var (
	ocrFixes = strings.NewReplacer("@", "0", "®", "0", " £", " f")
	ocrOnes  = regexp.MustCompile(`\b(f|t|i|x|cost ?|Kosten ?)?[lI|]\b`)
)

var digits = regexp.MustCompile(`[0-9]+`)

// readPanel runs tesseract on small, the panel pic shrunk to 400 px wide,
// and checks that it reads every seat name the panel printed and at least
// minNumbersRead of its numbers. It returns what tesseract read, its
// words run together on one line.
func readPanel(t *testing.T, name, ocr string, lang games.Lang, pic *images.Picture, small *image.RGBA) string {
	t.Helper()
	text, err := tesseract(ocr, small, lang)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	flat := ocrOnes.ReplaceAllString(ocrFixes.Replace(strings.Join(strings.Fields(text), " ")), "${1}1")
	read := map[string]int{}
	for _, d := range digits.FindAllString(flat, -1) {
		read[d]++
	}
	printed, found := 0, 0
	var missed []string
	for _, st := range pic.Strip {
		for _, n := range names[:3] {
			if strings.Contains(st.Text, n) && !strings.Contains(flat, n) {
				t.Errorf("%s: tesseract did not read the name %q at 400 px wide; it read:\n%s", name, n, flat)
			}
		}
		for _, d := range digits.FindAllString(st.Text, -1) {
			printed++
			if r, ok := readAs(read, d); ok {
				read[r]--
				found++
				continue
			}
			missed = append(missed, d+" in "+st.Text)
		}
	}
	if printed > 0 && float64(found) < minNumbersRead*float64(printed) {
		t.Errorf("%s: tesseract read %d of %d numbers at 400 px wide, want %.0f%%; missed %q; it read:\n%s",
			name, found, printed, 100*minNumbersRead, missed, flat)
	}
	return strings.Join(strings.Fields(text), " ")
}

// readAs finds the number d among the numbers tesseract read (with their
// counts): read as it is, or with one more digit before it, which is the
// seat's badge beside a score (a digit in a coloured disc, which tesseract
// reads as a digit run into the score: "①9" as "09").
func readAs(read map[string]int, d string) (string, bool) {
	if read[d] > 0 {
		return d, true
	}
	for r, n := range read {
		if n > 0 && len(r) == len(d)+1 && strings.HasSuffix(r, d) {
			return r, true
		}
	}
	return "", false
}

// tesseract reads img, light text on a dark panel at 400 px wide. It
// hands tesseract the picture inverted to dark on light and enlarged three
// times, as tesseract's models expect text of about 30 px (enlarged twice,
// it misses lone digits): neither adds detail that the 400 px picture
// lacks.
func tesseract(ocr string, img *image.RGBA, lang games.Lang) (string, error) {
	b := img.Bounds()
	big := image.NewGray(image.Rect(0, 0, 3*b.Dx(), 3*b.Dy()))
	gray := image.NewGray(b)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			l := color.GrayModel.Convert(img.At(x, y)).(color.Gray).Y
			gray.SetGray(x, y, color.Gray{Y: 255 - l})
		}
	}
	draw.CatmullRom.Scale(big, big.Rect, gray, b, draw.Src, nil)
	var in bytes.Buffer
	if err := png.Encode(&in, big); err != nil {
		return "", fmt.Errorf("encode for tesseract: %w", err)
	}
	l := "eng"
	if lang == games.German {
		l = "deu+eng"
	}
	cmd := exec.Command(ocr, "stdin", "stdout", "-l", l, "--psm", "11")
	cmd.Stdin = &in
	// One thread: tesseract's OpenMP threads only slow it down on a
	// machine that runs the other tests too.
	cmd.Env = append(os.Environ(), "OMP_THREAD_LIMIT=1")
	var out, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if err := cmd.Run(); err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return "", fmt.Errorf("tesseract: %w: %s", err, stderr.String())
		}
		return "", fmt.Errorf("tesseract: %w", err)
	}
	return out.String(), nil
}

func writePNG(t *testing.T, path string, img image.Image) {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}
