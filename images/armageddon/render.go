// Package armageddon draws Armageddon tables. The public board shows the
// round track with the public scoring tiles, the three bid areas with their
// tiles and bids, the equipment display with its survivors, the building
// display with its tiles, and one city per player: its eight spaces, the
// plunderer and damage tracks, shelter against survivors and the number of
// cards. A view made for a seat is drawn as that seat's private picture:
// the survivors behind its screen, its cards, its private scoring tiles and
// any cards it is choosing from.
package armageddon

import (
	"fmt"
	"image"
	"image/color"
	"strconv"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/armageddon"
	"github.com/playbychat/pbc/images"
)

func init() { images.Register(armageddon.ID, Renderer) }

// Renderer draws *armageddon.View values.
var Renderer = images.ViewRenderer(draw, alt)

// draw draws v: the headline strip, then the board or the seat's hand.
func draw(v *armageddon.View, names []string, lang games.Lang, changes []string) image.Image {
	t := &table{View: v, names: names, lang: lang}
	c := images.NewFrame(images.Background("armageddon", images.Width, images.Height, paintBackground))
	c.Strip(t.headline(changes))
	if t.private() {
		t.drawHand(c)
	} else {
		t.drawBoard(c)
	}
	return c.Picture()
}

// alt describes v in words.
func alt(v *armageddon.View, names []string, lang games.Lang) string {
	return (&table{View: v, names: names, lang: lang}).alt()
}

// table is a view with the seat names and language it is drawn in.
type table struct {
	*armageddon.View
	names []string
	lang  games.Lang
}

// private reports whether the view is a seat's own, drawn as its screen
// and hand.
func (t *table) private() bool { return t.Seat >= 0 }

// pictures is the catalogue of the texts drawn around the engine's own:
// headings, labels and phrases (games/armageddon/pictures/locales).
var pictures = armageddon.Pictures

func (t *table) in(x games.Text) string { return games.FormatSeats(x.In(t.lang), t.names) }

func (t *table) name(seat int) string { return images.SeatName(t.names, seat) }

// Survivor colours by notation letter index (r g b y p); each chip also
// carries the letter, so colour is never the only cue.
var survivorColors = [5]color.RGBA{
	{0xd9, 0x45, 0x3b, 0xff}, // plunderer
	{0x4c, 0xaf, 0x50, 0xff}, // worker
	{0x3f, 0x86, 0xe0, 0xff}, // soldier
	{0xf2, 0xc9, 0x4c, 0xff}, // engineer
	{0xa8, 0x6b, 0xd1, 0xff}, // leader
}

const survivorLetters = "rgbyp"

// Building type colours.
var typeColors = map[string]color.RGBA{
	"hq":       images.ColorGold,
	"civil":    {0x7c, 0xb3, 0x42, 0xff},
	"military": {0xd0, 0x60, 0x4a, 0xff},
	"science":  {0x4a, 0x9a, 0xd6, 0xff},
}

var typeNames = map[string]games.Text{
	"hq":       pictures.Text("HQ"),
	"civil":    pictures.Text("Civil"),
	"military": pictures.Text("Military"),
	"science":  pictures.Text("Science"),
}

// Equipment colours by kind; vehicle parts share one.
func equipmentColor(c armageddon.CardView) color.RGBA {
	switch {
	case c.Vehicle != "":
		return color.RGBA{0x8d, 0x99, 0xa6, 0xff}
	case c.Kind == "beer":
		return color.RGBA{0xe0, 0xa4, 0x3a, 0xff}
	case c.Kind == "gasoline":
		return color.RGBA{0xc2, 0x5b, 0x3a, 0xff}
	case c.Kind == "weapon":
		return color.RGBA{0x9e, 0x6b, 0x55, 0xff}
	case c.Kind == "medicine":
		return color.RGBA{0x5c, 0xb8, 0xa8, 0xff}
	case c.Kind == "map":
		return color.RGBA{0xb8, 0xa4, 0x6a, 0xff}
	}
	return images.ColorMuted
}

// paintBackground draws a dusty dark ground with faint rubble lines.
func paintBackground(c *images.Canvas) {
	bg := images.Mix(images.ColorBackground, color.RGBA{0x30, 0x24, 0x18, 0xff}, 0.35)
	c.SetColor(bg)
	c.Clear()
	c.SetColor(images.Mix(bg, images.ColorPanelHi, 0.35))
	c.SetLineWidth(1.5)
	for x := -images.Height; x < images.Width; x += 46 {
		c.DrawLine(float64(x), float64(images.Height), float64(x+images.Height), 0)
	}
	c.Stroke()
}

// chips draws a crowd as coloured chips "g2" from x at height y and returns
// the width used; an empty crowd draws "0".
func chips(c *images.Canvas, crowd armageddon.Crowd, x, y, px float64) float64 {
	start := x
	for col, n := range crowd {
		if n == 0 {
			continue
		}
		ink := images.ColorBackground
		if col == 0 {
			ink = images.ColorInk
		}
		x += c.Chip(survivorLetters[col:col+1]+strconv.Itoa(n), x, y, 0, survivorColors[col], ink, images.Bold, px) + 4
	}
	if x == start {
		x += c.Chip("0", x, y, 0, images.ColorPanelHi, images.ColorMuted, images.Bold, px) + 4
	}
	return x - start
}

// costChips draws an action's cost as small letters on survivor colours:
// "g", "b", "y", "b/y" and "*" for any survivor.
func costChips(c *images.Canvas, cost []string, x, y float64) float64 {
	start := x
	for _, req := range cost {
		label, col := costChip(req)
		x += c.Chip(label, x, y, 0, col, images.ColorBackground, images.Bold, images.MinTextPx) + 3
	}
	return x - start
}

// costChipsWidth is the width costChips draws cost in.
func costChipsWidth(c *images.Canvas, cost []string) float64 {
	c.SetFont(images.Bold, images.MinTextPx)
	w := 0.0
	for _, req := range cost {
		label, _ := costChip(req)
		lw, _ := c.MeasureString(label)
		w += lw + images.MinTextPx + 3
	}
	return w
}

// costChip is one requirement's letter and colour.
func costChip(req string) (string, color.Color) {
	switch req {
	case "any":
		return "*", images.ColorMuted
	case "by":
		return "b/y", images.Mix(survivorColors[2], survivorColors[3], 0.5)
	}
	for i := range survivorLetters {
		if survivorLetters[i:i+1] == req {
			return req, survivorColors[i]
		}
	}
	return req, images.ColorPanelHi
}

// shortAction is an action's effect in a few words.
func (t *table) shortAction(a armageddon.ActionView) string {
	if a.Kind == "vp_per_type" {
		return fmt.Sprintf(pictures.Text("PlusPer").In(t.lang), a.Amount, typeNames[a.Type].In(t.lang))
	}
	return t.short(a.Kind, a.Amount)
}

// short is an effect in a few words: "fight 2", "+2 pts", "draw 1".
func (t *table) short(kind string, amount int) string {
	n := strconv.Itoa(amount)
	switch kind {
	case "vp":
		if amount < 0 {
			return n + pictures.Text("PtsSuffix").In(t.lang)
		}
		return "+" + n + pictures.Text("PtsSuffix").In(t.lang)
	case "plunderer":
		return pictures.Text("PlundererPlus").In(t.lang) + n
	case "repel":
		return pictures.Text("Repel").In(t.lang) + n
	case "fight":
		return pictures.Text("Fight").In(t.lang) + n
	case "retreat":
		return pictures.Text("PlundererMinus").In(t.lang) + n
	case "damage":
		return pictures.Text("DamagePlus").In(t.lang) + n
	case "repair":
		return pictures.Text("Repair").In(t.lang) + n
	case "draw":
		return pictures.Text("Draw").In(t.lang) + n
	case "draw_keep":
		return pictures.Text("DrawKeep").In(t.lang)
	case "search":
		return pictures.Text("SearchDeck").In(t.lang)
	case "discard":
		return pictures.Text("BoxACard").In(t.lang)
	case "house":
		return "+" + n + pictures.Text("ShelterSuffix").In(t.lang)
	case "swap":
		return pictures.Text("SwapWorker").In(t.lang)
	case "train":
		return pictures.Text("Train").In(t.lang)
	case "recruit":
		return pictures.Text("Recruit").In(t.lang)
	}
	return kind
}

// passive is a building's lasting ability in a few words.
func (t *table) passive(p armageddon.PassiveView) string {
	n := strconv.Itoa(p.Amount)
	switch p.Kind {
	case "workers_wild":
		return pictures.Text("WorkersSoldiersEngineers").In(t.lang)
	case "unused_shelter_vp":
		return "+" + n + pictures.Text("PerUnused").In(t.lang)
	case "fight_vp":
		if p.First > 0 {
			return fmt.Sprintf(pictures.Text("FirstFoughtPtsEach").In(t.lang), p.First, p.Amount)
		}
		return fmt.Sprintf(pictures.Text("FightingPtsEach").In(t.lang), p.Amount)
	case "tower_site":
		return pictures.Text("SiteOfANd").In(t.lang)
	case "shelter_per_type":
		return "+" + n + " ⌂ " + pictures.Text("Per").In(t.lang) + typeNames[p.Type].In(t.lang)
	}
	return t.in(p.Text)
}

// good reports whether a tile effect helps its player.
func good(kind string, amount int) bool {
	switch kind {
	case "plunderer", "damage", "discard":
		return false
	case "vp":
		return amount > 0
	}
	return true
}

// tileShort names a scoring tile briefly: "4/engineer".
func (t *table) tileShort(tv armageddon.TileView) string {
	what := tv.Key
	switch tv.Kind {
	case "survivor":
		what = map[string]string{"g": pictures.Text("Worker").In(t.lang), "b": pictures.Text("Soldier").In(t.lang),
			"y": pictures.Text("Engineer").In(t.lang), "p": pictures.Text("Leader").In(t.lang)}[tv.Key]
	case "building":
		what = typeNames[tv.Key].In(t.lang)
	case "equipment":
		if tv.Key == "vehicle" {
			what = pictures.Text("VehiclePart").In(t.lang)
		} else if tv.KeyName.EN != "" {
			what = t.in(tv.KeyName)
		}
	case "cards":
		what = pictures.Text("CardWord").In(t.lang)
	}
	return fmt.Sprintf("%s %d/%s", tv.ID, tv.Amount, what)
}

// acting reports whether seat must act now.
func (t *table) acting(seat int) bool {
	for _, a := range t.Actors {
		if int(a.Seat) == seat {
			return true
		}
	}
	return false
}
