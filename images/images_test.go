package images_test

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/images"
	"github.com/playbychat/pbc/images/imagetest"
)

// textView is a view of a game without a renderer of its own.
type textView struct {
	id   string
	text string
}

func (v textView) GameID() string             { return v.id }
func (v textView) Viewer() games.Seat         { return games.Spectator }
func (v textView) Describe(games.Lang) string { return v.text }

const sample = "Round 3. {p0} to act (action phase).\n" +
	"{p0}: 7 resources, 12 paragon of 30, base level 2.\n" +
	"{p1}: 4 resources, 9 paragon of 30, base level 1.\n" +
	"Ark: Sniper (power 3) held by {p1}, 6 of 10 life."

func TestFallbackGolden(t *testing.T) {
	tests := []struct {
		name    string
		text    string
		changes []string
	}{
		{"fallback-short", sample, []string{"Ana gathered 4 resources.", "Bo took the ark."}},
		{"fallback-long", strings.Repeat("A very long description that has to shrink and finally be cut. ", 60), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			img, err := images.Fallback.Render(textView{"nogame", tt.text}, []string{"Ana", "Bo"}, games.English, tt.changes)
			if err != nil {
				t.Fatal(err)
			}
			imagetest.Golden(t, tt.name, img)
			imagetest.StripLegible(t, tt.name, img)
			imagetest.EncodedClose(t, tt.name, img)
		})
	}
}

// TestStripGolden draws crowded strips: long names, four seats, many
// changes, German, a finished game.
func TestStripGolden(t *testing.T) {
	four := []images.Score{
		{Seat: 0, Text: "11"}, {Seat: 1, Text: "2"}, {Seat: 2, Text: "25"}, {Seat: 3, Text: "30"},
		{Seat: -1, Icon: images.IconGem, Color: images.ColorParagonDie, Text: "Goal 30"},
	}
	tests := []struct {
		name string
		h    images.Headline
	}{
		{"strip-four-seats", images.Headline{
			Game: "XIBALBA", Seats: []int{1}, Doing: "Bartholomew the Bold · keep or re-roll", Round: "Round 12",
			Scores:  four,
			Changes: []string{"Chen attacked Dagmar with power 7.", "Dagmar blocked with Shieldbearer, who survived."},
		}},
		{"strip-german-many-changes", images.Headline{
			Game: "XIBALBA", Mark: "APOKALYPSE", MarkColor: rgb(0x8a, 0x1e, 0x1e), Seats: []int{3},
			Doing: "Dagmar · zerstört eine Erweiterung von Bartholomew the Bold", Round: "Runde 4", Scores: four,
			Changes: []string{"Dagmar hat 3 Ressourcen gesammelt.", "Dagmar hat Schildträger für 5 Ressourcen gekauft.",
				"Dagmar greift Chen mit Stärke 9 an.", "Chen blockt nicht.", "Dagmar erhält 2 Paragon.", "Die Arche hat 4 Leben verloren."},
		}},
		{"strip-simultaneous-track", images.Headline{
			Game: "XENOSHYFT", Seats: []int{0, 2, 3}, Doing: "supply · 1 of 4 ready", Round: "Round 4/9 · Wave 2",
			Scores: []images.Score{{Seat: -1, Icon: images.IconHeart, Color: images.ColorBad, Text: "20/60", Value: 20, Max: 60}},
		}},
		{"strip-game-over", images.Headline{
			Game: "XIBALBA", Seats: []int{2}, Over: true, Doing: "Chen wins!", Round: "Round 14", Scores: four,
			Changes: []string{"Chen reached 30 paragon."},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := images.NewCanvas(images.Width, images.BodyTop)
			c.SetColor(images.ColorBackground)
			c.Clear()
			c.Strip(tt.h)
			imagetest.Golden(t, tt.name, c.RGBA())
			imagetest.StripLegible(t, tt.name, c.Picture())
		})
	}
}

func TestKitSheetGolden(t *testing.T) {
	imagetest.Golden(t, "kit-sheet", kitSheet().RGBA())
	imagetest.EncodedClose(t, "kit-sheet", kitSheet().RGBA())
}

// kitSheet draws every helper of the kit once.
func kitSheet() *images.Canvas {
	c := images.NewCanvas(images.Width, images.Height)
	c.SetColor(images.ColorBackground)
	c.Clear()
	r := c.Panel(images.Rect{X: 20, Y: 20, W: 600, H: 360}, "Panel with a title that is far too long to fit", images.Seat(0).Color)
	for s := 0; s < 6; s++ {
		c.SeatBadge(r.X+30+float64(s)*60, r.Y+30, 20, s)
	}
	c.Track(images.Rect{X: r.X + 10, Y: r.Y + 80, W: 540, H: 30}, 17, 30, 40, images.ColorParagonDie)
	c.Pips(r.X+20, r.Y+130, 8, 24, 2, 4, images.ColorGold)
	c.Chip("chip", r.X+140, r.Y+130, 0, images.ColorGood, images.ColorBackground, images.Bold, 20)
	c.Token(r.X+260, r.Y+130, 18, images.ColorCost, "7")
	icons := []images.Icon{images.IconShield, images.IconCrate, images.IconGem, images.IconSword, images.IconHeart,
		images.IconStar, images.IconSoldier, images.IconCivilian, images.IconStructure, images.IconEvent,
		images.IconDeck, images.IconDiscard, images.IconLock, images.IconArrow}
	for i, ic := range icons {
		c.Icon(ic, r.X+25+float64(i)*42, r.Y+190, 30, images.ColorInk)
	}
	c.SetColor(images.ColorInk)
	c.Fit("Fit shrinks a label and then cuts it with an ellipsis", r.X+10, r.Y+250, 300, 0, images.Regular, 28)
	c.Fit("Short label", r.X+10, r.Y+290, 300, 0, images.Regular, 28)
	faces := []struct {
		k images.DieKind
		f images.Face
	}{
		{images.ResourceDie, images.FaceUnrolled}, {images.ResourceDie, images.FaceBlank},
		{images.ResourceDie, images.FaceResource1}, {images.ResourceDie, images.FaceResource2},
		{images.ResourceDie, images.FaceResource3}, {images.AttackDie, images.FaceBlank},
		{images.AttackDie, images.FaceAttack}, {images.AttackDie, images.FaceCritical},
		{images.ParagonDie, images.FaceBlank}, {images.ParagonDie, images.FaceParagon1},
		{images.ParagonDie, images.FaceParagon2},
	}
	for i, f := range faces {
		c.Die(660+float64(i%6)*100, 40+float64(i/6)*100, 80, f.k, f.f, false, i%3 == 0)
	}
	c.Die(660, 240, 80, images.AttackDie, images.FaceAttack, true, false)
	cards := []images.Card{
		{Title: "Sniper", Color: rgb(0xc8, 0x45, 0x3c), Icon: images.IconSoldier, Cost: 5, ID: "s05", Lines: []string{"power 3  res 4", "paragon 1"}},
		{Title: "Medic", Color: rgb(0x3f, 0x7f, 0xd0), Icon: images.IconCivilian, Cost: 3, Lines: []string{"+2 resources"}},
		{Title: "Bunker", Color: rgb(0xe0, 0xb4, 0x3a), Icon: images.IconStructure, Cost: -1, ID: "b07"},
		{Title: "Empty", Color: rgb(0x3e, 0x9e, 0x5e), Icon: images.IconEvent, Cost: -1, Dim: true},
	}
	for i, cd := range cards {
		c.CardFrame(images.Rect{X: 20 + float64(i)*210, Y: 420, W: 190, H: 140}, cd)
	}
	c.CostBadge(900, 500, 18, 12)
	return c
}

func TestTruncateAlt(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		wantLen int
		cut     bool
	}{
		{"short", "Round 1, Ana to act.", 20, false},
		{"collapses spaces", "a  b\n\nc", 5, false},
		{"exactly max", strings.Repeat("x", images.MaxAlt), images.MaxAlt, false},
		{"long words", strings.Repeat("word ", 400), -1, true},
		{"multibyte", strings.Repeat("ä", 2000), images.MaxAlt, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := images.TruncateAlt(tt.in)
			n := len([]rune(got))
			if n > images.MaxAlt {
				t.Fatalf("len %d > %d", n, images.MaxAlt)
			}
			if tt.wantLen >= 0 && n != tt.wantLen {
				t.Errorf("len %d, want %d", n, tt.wantLen)
			}
			if cut := strings.HasSuffix(got, "…"); cut != tt.cut {
				t.Errorf("ends with ellipsis = %v, want %v", cut, tt.cut)
			}
		})
	}
}

func TestFitNeverBelowMinimum(t *testing.T) {
	tests := []struct {
		name    string
		text    string
		maxW    float64
		wantPx  float64
		wantCut bool
	}{
		{"fits at start size", "Ark", 400, 30, false},
		{"shrinks", "A label of medium length here", 320, -1, false},
		{"cuts at minimum", strings.Repeat("long ", 30), 200, images.MinTextPx, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := images.NewCanvas(200, 100)
			got := c.FitFont(tt.text, tt.maxW, images.Regular, 30)
			if c.FontPx() < images.MinTextPx {
				t.Fatalf("font %v px < minimum %d", c.FontPx(), images.MinTextPx)
			}
			if tt.wantPx > 0 && c.FontPx() != tt.wantPx {
				t.Errorf("font %v px, want %v", c.FontPx(), tt.wantPx)
			}
			if w, _ := c.MeasureString(got); w > tt.maxW {
				t.Errorf("width %v > %v", w, tt.maxW)
			}
			if cut := got != tt.text; cut != tt.wantCut {
				t.Errorf("cut = %v (%q), want %v", cut, got, tt.wantCut)
			}
		})
	}
	t.Run("set font raises small sizes", func(t *testing.T) {
		c := images.NewCanvas(10, 10)
		c.SetFont(images.Bold, 9)
		if c.FontPx() != images.MinTextPx {
			t.Errorf("font %v px, want %d", c.FontPx(), images.MinTextPx)
		}
	})
}

func TestPrintable(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Ana", "Ana"},
		{"Jürgen Groß", "Jürgen Groß"},
		{"Ana 🐉 the Bold", "Ana the Bold"},
		{"🐉🔥", ""},
		{"Zoë … × – ·", "Zoë … × – ·"},
		{"Ωμέγα Жук", "Ωμέγα Жук"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := images.Printable(tt.in); got != tt.want {
				t.Errorf("Printable(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestRenderUsesFallbackAndEncodes(t *testing.T) {
	data, alt, err := images.Render(textView{"nogame", sample}, []string{"Ana", "Bo"}, games.English, nil)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != images.Width || b.Dy() != images.Height {
		t.Errorf("size %v, want %dx%d", b.Size(), images.Width, images.Height)
	}
	if !strings.Contains(alt, "Ana to act") || strings.Contains(alt, "{p") {
		t.Errorf("alt %q lacks names", alt)
	}
}

func TestRegisterDuplicatePanics(t *testing.T) {
	images.Register("images-test-dup", images.Fallback)
	defer func() {
		if recover() == nil {
			t.Error("second Register did not panic")
		}
	}()
	images.Register("images-test-dup", images.Fallback)
}

func TestBackgroundPaintedOnce(t *testing.T) {
	var mu sync.Mutex
	calls := 0
	var wg sync.WaitGroup
	got := make([]*image.RGBA, 8)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i] = images.Background("images-test-once", 64, 32, func(c *images.Canvas) {
				mu.Lock()
				calls++
				mu.Unlock()
				c.SetColor(images.ColorGold)
				c.Clear()
			})
		}()
	}
	wg.Wait()
	if calls != 1 {
		t.Errorf("painted %d times, want 1", calls)
	}
	for i, b := range got {
		if b != got[0] {
			t.Errorf("call %d got another image", i)
		}
	}
	f := images.NewFrame(got[0])
	f.SetColor(images.ColorBad)
	f.Clear()
	if got[0].RGBAAt(0, 0) != images.ColorGold {
		t.Error("drawing on a frame changed the cached background")
	}
}

func TestConcurrentRender(t *testing.T) {
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			v := textView{"nogame", fmt.Sprintf("view %d: %s", i, sample)}
			if _, _, err := images.Render(v, nil, games.German, nil); err != nil {
				errs <- err
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func TestDiffCountsChangedPixels(t *testing.T) {
	a := kitSheet().RGBA()
	b := kitSheet().RGBA()
	if _, n := imagetest.Diff(a, b); n != 0 {
		t.Fatalf("same drawing differs in %d pixels", n)
	}
	b.SetRGBA(5, 5, images.ColorBad)
	b.SetRGBA(6, 5, images.ColorBad)
	if _, n := imagetest.Diff(a, b); n != 2 {
		t.Errorf("diff counted %d pixels, want 2", n)
	}
}

func BenchmarkRender(b *testing.B) {
	v := textView{"nogame", sample}
	for b.Loop() {
		if _, _, err := images.Render(v, []string{"Ana", "Bo"}, games.English, nil); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEncode(b *testing.B) {
	img := kitSheet().RGBA()
	for b.Loop() {
		if _, err := images.EncodePNG(img); err != nil {
			b.Fatal(err)
		}
	}
}

func rgb(r, g, b uint8) color.RGBA { return color.RGBA{r, g, b, 0xff} }

func TestWrap(t *testing.T) {
	c := images.NewCanvas(200, 100)
	c.SetFont(images.Regular, images.MinTextPx)
	tests := []struct {
		name string
		text string
		maxW float64
		want []string
	}{
		{"fits", "Effect phase: draw 1 card.", 400, []string{"Effect phase: draw 1 card."}},
		{"words", "Effect phase: draw 1 card.", 120, []string{"Effect phase:", "draw 1 card."}},
		{"newline kept", "one\ntwo", 400, []string{"one", "two"}},
		{"long word between consonants", "Stockdrohne", 80, []string{"Stock-", "drohne"}},
		{"own hyphen first", "Startdeck-Truppe.", 110, []string{"Startdeck-", "Truppe."}},
		{"sch kept together", "Leerenschlund", 80, []string{"Leeren-", "schlund"}},
		{"very long word", "Abgrundherrscherinnenversammlung", 90, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := c.Wrap(tt.text, tt.maxW)
			if tt.want != nil && !slices.Equal(got, tt.want) {
				t.Errorf("Wrap(%q, %v) = %q, want %q", tt.text, tt.maxW, got, tt.want)
			}
			joined := ""
			for _, l := range got {
				if w, _ := c.MeasureString(l); w > tt.maxW {
					t.Errorf("line %q is %v px wide, more than %v", l, w, tt.maxW)
				}
				joined += strings.TrimSuffix(l, "-")
			}
			if strings.ReplaceAll(joined, " ", "") != strings.ReplaceAll(strings.ReplaceAll(tt.text, "-", ""), " ", "") &&
				!strings.Contains(tt.text, "-") && !strings.Contains(tt.text, "\n") {
				t.Errorf("Wrap lost letters: %q from %q", got, tt.text)
			}
		})
	}
}

func TestLabel(t *testing.T) {
	c := images.NewCanvas(400, 100)
	c.SetColor(images.ColorInk)
	whole := c.Label("Plasma Lance", "c402", 0, 50, 300, images.Regular, images.MinTextPx)
	c.SetFont(images.Regular, images.MinTextPx)
	if w, _ := c.MeasureString("Plasma Lance"); whole != w {
		t.Errorf("a label with room drew %v px, want the text's %v", whole, w)
	}
	cut := c.Label("Aegis Exoframe of the Bastion", "c403", 0, 50, 120, images.Regular, images.MinTextPx)
	c.SetFont(images.Bold, images.MinTextPx)
	idW, _ := c.MeasureString("c403 ")
	if cut > 120 || cut <= idW {
		t.Errorf("a cut label drew %v px; want the id (%v px) and some text within 120", cut, idW)
	}
}

func TestParagraph(t *testing.T) {
	c := images.NewCanvas(400, 200)
	c.SetColor(images.ColorInk)
	text := "Effect phase: if you control the ark, roll 1 paragon die and gain the paragon rolled."
	if !c.Paragraph(text, images.Rect{X: 0, Y: 0, W: 300, H: 100}, images.Regular, images.MinTextPx, 21) {
		t.Error("a paragraph with room for four lines reported a cut")
	}
	if c.Paragraph(text, images.Rect{X: 0, Y: 0, W: 300, H: 30}, images.Regular, images.MinTextPx, 21) {
		t.Error("a paragraph with room for one line did not report a cut")
	}
	before := slices.Clone(c.RGBA().Pix)
	if c.Paragraph(text, images.Rect{X: 0, Y: 150, W: 300, H: 4}, images.Regular, images.MinTextPx, 21) {
		t.Error("a paragraph without room for a line did not report a cut")
	}
	if !slices.Equal(before, c.RGBA().Pix) {
		t.Error("a paragraph without room for a line drew something")
	}
}

func TestEncodePNG(t *testing.T) {
	few := image.NewRGBA(image.Rect(0, 0, 40, 30))
	for i := 0; i < len(few.Pix); i += 4 {
		c := []color.RGBA{images.ColorPanel, images.ColorGold, images.ColorInk}[i/4%3]
		few.Pix[i], few.Pix[i+1], few.Pix[i+2], few.Pix[i+3] = c.R, c.G, c.B, c.A
	}
	translucent := image.NewRGBA(image.Rect(0, 0, 8, 8))
	translucent.Pix[3] = 0x80
	tests := []struct {
		name     string
		img      *image.RGBA
		paletted bool
	}{
		{"few colours, exact", few, true},
		{"translucent, as it is", translucent, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data, err := images.EncodePNG(tt.img)
			if err != nil {
				t.Fatal(err)
			}
			dec, err := png.Decode(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := dec.(*image.Paletted); ok != tt.paletted {
				t.Errorf("decoded as %T, want paletted %v", dec, tt.paletted)
			}
			if _, n := imagetest.Diff(tt.img, dec); n != 0 {
				t.Errorf("%d pixels changed", n)
			}
		})
	}
}

// TestViewRenderer checks the adapter of one view type: its own views go to
// draw and alt, any other view is refused by Render and described by its
// own text in Alt.
func TestViewRenderer(t *testing.T) {
	type scoreView struct{ textView }
	r := images.ViewRenderer(
		func(v scoreView, names []string, lang games.Lang, changes []string) image.Image {
			return image.NewGray(image.Rect(0, 0, len(v.text), 1))
		},
		func(v scoreView, names []string, lang games.Lang) string { return "scores: " + v.text },
	)
	own := scoreView{textView{"scores", "1 2 3"}}
	if img, err := r.Render(own, nil, games.English, nil); err != nil || img.Bounds().Dx() != 5 {
		t.Errorf("Render of its own view: %v, %v", img, err)
	}
	if alt := r.Alt(own, nil, games.English); alt != "scores: 1 2 3" {
		t.Errorf("Alt of its own view: %q", alt)
	}
	other := textView{"other", "{p0} to act"}
	if _, err := r.Render(other, nil, games.English, nil); err == nil || !strings.Contains(err.Error(), "want images_test.scoreView") {
		t.Errorf("Render of another view: %v", err)
	}
	if alt := r.Alt(other, []string{"Ana"}, games.English); alt != "Ana to act" {
		t.Errorf("Alt of another view: %q", alt)
	}
}
