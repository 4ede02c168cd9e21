package images

import (
	"fmt"
	"image"
	"strconv"
	"strings"
	"sync"

	"github.com/playbychat/pbc/games"
)

// MaxAlt is the longest alt text Render returns, in characters; Discord
// accepts 1024.
const MaxAlt = 1000

// Renderer draws one game's views.
type Renderer interface {
	// Render draws v, naming seats with names (a seat without a name is
	// "Player N"), with its texts in lang. The picture leads with the
	// headline strip (Canvas.Strip), whose last rows say what changed this
	// turn: changes, already in lang with names filled in; nil for none.
	Render(v games.View, names []string, lang games.Lang, changes []string) (image.Image, error)
	// Alt describes the same picture in words for screen readers.
	Alt(v games.View, names []string, lang games.Lang) string
}

// ViewRenderer makes the Renderer of one game's views, of type V, from
// draw and alt, which get the view as a V. Render refuses a view of another
// type; Alt describes it by its own Describe.
func ViewRenderer[V games.View](draw func(v V, names []string, lang games.Lang, changes []string) image.Image,
	alt func(v V, names []string, lang games.Lang) string) Renderer {
	return &viewRenderer[V]{draw: draw, alt: alt}
}

type viewRenderer[V games.View] struct {
	draw func(v V, names []string, lang games.Lang, changes []string) image.Image
	alt  func(v V, names []string, lang games.Lang) string
}

func (r *viewRenderer[V]) Render(v games.View, names []string, lang games.Lang, changes []string) (image.Image, error) {
	tv, ok := v.(V)
	if !ok {
		return nil, fmt.Errorf("%s renderer: view is %T, want %T", v.GameID(), v, tv)
	}
	return r.draw(tv, names, lang, changes), nil
}

func (r *viewRenderer[V]) Alt(v games.View, names []string, lang games.Lang) string {
	tv, ok := v.(V)
	if !ok {
		return games.FormatSeats(v.Describe(lang), names)
	}
	return r.alt(tv, names, lang)
}

var (
	renderersMu sync.RWMutex // renderersMu protects renderers
	renderers   = map[string]Renderer{}
)

// Register makes r draw the views of the game gameID. Renderers call it from
// an init function; registering a game twice panics.
func Register(gameID string, r Renderer) {
	renderersMu.Lock()
	defer renderersMu.Unlock()
	if _, dup := renderers[gameID]; dup {
		panic(fmt.Sprintf("images: renderer for %q registered twice", gameID))
	}
	renderers[gameID] = r
}

// For returns the renderer of gameID, or the generic text renderer when the
// game has none.
func For(gameID string) Renderer {
	renderersMu.RLock()
	defer renderersMu.RUnlock()
	if r, ok := renderers[gameID]; ok {
		return r
	}
	return Fallback
}

// Render draws v as a PNG and returns it with its alt text (at most MaxAlt
// characters). changes say what changed this turn, in lang with the seats'
// names filled in, for the picture's headline strip; nil for none.
func Render(v games.View, names []string, lang games.Lang, changes []string) (png []byte, alt string, err error) {
	png, alt, _, err = RenderRegions(v, names, lang, changes)
	return png, alt, err
}

// TruncateAlt shortens s to at most MaxAlt characters, cutting at a word
// boundary and ending with "…" when it had to cut.
func TruncateAlt(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	r := []rune(s)
	if len(r) <= MaxAlt {
		return s
	}
	cut := string(r[:MaxAlt-1])
	if i := strings.LastIndexByte(cut, ' '); i > MaxAlt/2 {
		cut = cut[:i]
	}
	return cut + "…"
}

// Fallback draws any view as its Describe text on a panel, so that every
// game gets a picture before it has a renderer of its own.
var Fallback Renderer = fallback{}

type fallback struct{}

// Render draws a strip with the game's name, the description's first line
// and the changes, and the whole description below, shrinking the text to
// fit and cutting what is still too long (the alt text has it whole).
func (fallback) Render(v games.View, names []string, lang games.Lang, changes []string) (image.Image, error) {
	bg := Background("fallback", Width, Height, paintPlain)
	c := NewFrame(bg)
	title := v.GameID()
	if d, ok := games.Lookup(v.GameID()); ok {
		title = d.Name.In(lang)
	}
	text := games.FormatSeats(v.Describe(lang), names)
	first, _, _ := strings.Cut(text, "\n")
	c.Strip(Headline{Game: title, Doing: first, Changes: changes})
	area := Rect{24, BodyTop + 4, Width - 48, Height - BodyTop - 24}
	c.Frame(area.Inset(-8), ColorPanel, ColorEdge, 2)
	px := 30.0
	var lines []string
	for ; ; px -= 2 {
		c.SetFont(Regular, px)
		lines = c.Wrap(text, area.W)
		if float64(len(lines))*px*1.35 <= area.H || px <= MinTextPx {
			break
		}
	}
	lh := c.FontPx() * 1.35
	if max := int(area.H / lh); len(lines) > max {
		lines = lines[:max]
		lines[max-1] = c.Ellipsize(lines[max-1]+" …", area.W)
	}
	c.SetColor(ColorInk)
	for i, l := range lines {
		c.Text(l, area.X, area.Y+lh*(float64(i)+0.5), 0)
	}
	return c.Picture(), nil
}

// Alt is the view's description.
func (fallback) Alt(v games.View, names []string, lang games.Lang) string {
	return games.FormatSeats(v.Describe(lang), names)
}

// paintPlain fills the canvas with the board colour and a faint grid.
func paintPlain(c *Canvas) {
	c.SetColor(ColorBackground)
	c.Clear()
	c.SetColor(Mix(ColorBackground, ColorPanel, 0.5))
	c.SetLineWidth(1)
	for x := 0; x < c.Width(); x += 40 {
		c.DrawLine(float64(x)+0.5, 0, float64(x)+0.5, float64(c.Height()))
	}
	for y := 0; y < c.Height(); y += 40 {
		c.DrawLine(0, float64(y)+0.5, float64(c.Width()), float64(y)+0.5)
	}
	c.Stroke()
}

// Part is one phone panel of a view, named for /game board view:<part>.
type Part struct {
	// Name is PartMine, PartMap, PartMarket, PartScores or SeatPart(seat),
	// or PagePart of one of them for a part's later pages.
	Name  string
	Panel Panel
}

// The parts a game may draw. A game draws either a map or a market: the
// part of the board at hand in its phases.
const (
	PartMine   = "mine"   // the viewing seat's own area, with what only it sees
	PartMap    = "map"    // the map or board at hand
	PartMarket = "market" // the cards or tiles on offer
	PartScores = "scores" // every seat's score and standing
)

// SeatPart is the name of seat's part: what everyone sees of it.
func SeatPart(seat int) string { return "seat" + strconv.Itoa(seat+1) }

// Phone draws a game's views as phone panels. It is optional: a game
// without one has only its board.
type Phone interface {
	// Parts lists v's panels, in lang with seats named by names: PartMine
	// for a seat's own view, the map or market, the scores and one part
	// per seat, in that order.
	Parts(v games.View, names []string, lang games.Lang) ([]Part, error)
}

// ViewPhone makes the Phone of one game's views, of type V, from parts,
// which gets the view as a V.
func ViewPhone[V games.View](parts func(v V, names []string, lang games.Lang) []Part) Phone {
	return viewPhone[V](parts)
}

type viewPhone[V games.View] func(v V, names []string, lang games.Lang) []Part

func (p viewPhone[V]) Parts(v games.View, names []string, lang games.Lang) ([]Part, error) {
	tv, ok := v.(V)
	if !ok {
		return nil, fmt.Errorf("%s phone: view is %T, want %T", v.GameID(), v, tv)
	}
	return p(tv, names, lang), nil
}

var (
	phonesMu sync.RWMutex // phonesMu protects phones
	phones   = map[string]Phone{}
)

// RegisterPhone makes p draw the phone panels of the game gameID, from an
// init function; registering a game twice panics.
func RegisterPhone(gameID string, p Phone) {
	phonesMu.Lock()
	defer phonesMu.Unlock()
	if _, dup := phones[gameID]; dup {
		panic(fmt.Sprintf("images: phone panels for %q registered twice", gameID))
	}
	phones[gameID] = p
}

// Parts returns v's phone panels; none for a game without them. A part
// too long for one panel comes as its pages (PagePart).
func Parts(v games.View, names []string, lang games.Lang) ([]Part, error) {
	phonesMu.RLock()
	p, ok := phones[v.GameID()]
	phonesMu.RUnlock()
	if !ok {
		return nil, nil
	}
	parts, err := p.Parts(v, names, lang)
	if err != nil {
		return nil, fmt.Errorf("phone panels of %s: %w", v.GameID(), err)
	}
	return paged(parts), nil
}

// EncodePart draws p as a PNG.
func EncodePart(p Part) ([]byte, error) {
	data, err := EncodePNG(p.Panel.Draw())
	if err != nil {
		return nil, fmt.Errorf("phone panel %s: %w", p.Name, err)
	}
	return data, nil
}
