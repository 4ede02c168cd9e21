// Package dei draws D.E.I. Divide et Impera tables: the map of districts on
// the left (every area as its shape with its id, ground light and roofs dark,
// tinted in the colour of the majority holder, with figures, resources,
// outposts, drones, camps, bridges and lifts), and beside it the round and
// phase, the four markets, the mission grid and one row per player. A view
// made for a seat adds that seat's hand, plan and hidden feats.
package dei

import (
	"image"
	"image/color"
	"strconv"
	"strings"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/dei"
	"github.com/playbychat/pbc/images"
)

func init() { images.Register("dei", Renderer) }

// Renderer draws *dei.View values.
var Renderer = images.ViewRenderer(draw, alt)

// The picture: the kit's width and headline strip, and a taller body than
// the kit's boards, as the map needs the room (a 4 × 4 map gets 34 px per
// cell, a 3 × 3 one 46 px); beside the map the players and the turn, and
// under both a band of the whole width with the markets and missions, so
// that every card and mission shows its whole name.
const (
	width   = images.Width
	mapH    = 842 // the body beside the map
	bandH   = 312 // the band of markets and missions under it
	height  = images.BodyTop + mapH + bandH
	margin  = 12
	mapSide = mapH - margin
	sideX   = margin + mapSide + 12
	sideW   = width - sideX - margin
	bodyTop = images.BodyTop
	bandY   = bodyTop + mapH
	// marketW is the markets' share of the band; the missions take the rest.
	marketW = 800
)

// draw draws v: the headline strip, the map and the side panels.
func draw(v *dei.View, names []string, lang games.Lang, changes []string) image.Image {
	t := newTable(v, names, lang)
	c := images.NewFrame(images.Background("dei-"+t.geo.key, width, height, t.geo.paint))
	c.Strip(t.headline(changes))
	t.lay = t.layoutMap(c)
	t.drawMap(c)
	t.drawSide(c)
	return c.Picture()
}

// alt describes v in words.
func alt(v *dei.View, names []string, lang games.Lang) string {
	return newTable(v, names, lang).alt()
}

// table is a view with the names and language it is drawn in.
type table struct {
	*dei.View
	names []string
	lang  games.Lang
	geo   *geometry
	lay   layout // set when drawn
}

func newTable(v *dei.View, names []string, lang games.Lang) *table {
	return &table{View: v, names: names, lang: lang, geo: geometryOf(v.Board)}
}

// pictures is the catalogue of the texts drawn around the engine's own:
// headings, labels and phrases (games/dei/pictures/locales).
var pictures = dei.Pictures

func (t *table) name(seat int) string { return images.SeatName(t.names, seat) }

// Colours of the map.
var (
	colorGround    = color.RGBA{0xc9, 0xd3, 0xdd, 0xff}
	colorGroundInk = color.RGBA{0x1e, 0x25, 0x30, 0xff}
	colorRoof      = color.RGBA{0x4a, 0x55, 0x68, 0xff}
	colorRoofLo    = color.RGBA{0x2c, 0x33, 0x40, 0xff}
	colorLine      = color.RGBA{0x16, 0x1b, 0x22, 0xff}
	colorRedLine   = color.RGBA{0xd6, 0x3a, 0x3a, 0xff}
	colorTech      = color.RGBA{0x9a, 0xa4, 0xb0, 0xff}
	colorEnergy    = color.RGBA{0xf2, 0xc9, 0x4c, 0xff}
	colorShared    = color.RGBA{0xf2, 0xf4, 0xf8, 0xff}
)

// outpostColors are the colours of the three outpost markets.
var outpostColors = map[string]color.RGBA{
	dei.Red:   {0xd9, 0x48, 0x3b, 0xff},
	dei.Blue:  {0x3f, 0x7f, 0xd9, 0xff},
	dei.Green: {0x3f, 0xa8, 0x5a, 0xff},
	"":        {0x30, 0x30, 0x36, 0xff},
}

// headline is the strip: who acts and what they do, the round and phase,
// everyone's VP, and the turn's changes.
func (t *table) headline(changes []string) images.Headline {
	h := images.Headline{Game: "D.E.I.", Round: t.stageText(), Changes: changes}
	for _, p := range t.Players {
		h.Scores = append(h.Scores, images.Score{Seat: p.Seat, Text: strconv.Itoa(p.VP)})
	}
	switch {
	case t.Finished:
		h.Over = true
		h.Seats = t.Winners
		var names []string
		for _, w := range t.Winners {
			names = append(names, t.name(w))
		}
		h.Doing = pictures.Text("Won", strings.Join(names, " & ")).In(t.lang)
	case t.Acting >= 0:
		h.Seats = []int{t.Acting}
		h.Doing = t.name(t.Acting) + " · " + t.doing()
	case t.Stage == "plan":
		for _, p := range t.Players {
			if !p.Planned {
				h.Seats = append(h.Seats, p.Seat)
			}
		}
		h.Doing = pictures.Text("PlanningReady", len(t.Players)-len(h.Seats), len(t.Players)).In(t.lang)
	}
	if t.Planning {
		h.Mark, h.MarkColor = pictures.Text("PlanningMark").In(t.lang), colorDrone
	}
	return h
}

// doing says in a few words what the acting player does now.
func (t *table) doing() string {
	tv := t.Turn
	switch {
	case t.Round == 0:
		return pictures.Text("StepSetup").In(t.lang)
	case t.Stage == "missions" || tv != nil && tv.Closing:
		return pictures.Text("StepMission").In(t.lang)
	case tv == nil:
		return ""
	case tv.Drone != "":
		return pictures.Text("StepDrone").In(t.lang)
	case tv.Buying:
		return pictures.Text("StepBuying").In(t.lang)
	case tv.Open != nil:
		return tv.Open.ID + " " + tv.Open.Name.In(t.lang)
	}
	return pictures.Text("StepActionPhase", t.Phase).In(t.lang)
}

// stageText is the round and phase, or the setup step.
func (t *table) stageText() string {
	switch {
	case t.Finished:
		return pictures.Text("GameOver").In(t.lang)
	case t.Round == 0:
		return pictures.Text("RoundSetup").In(t.lang)
	case t.Stage == "missions":
		return pictures.Text("RoundMissions", t.Round).In(t.lang)
	}
	return pictures.Text("RoundPhase", t.Round, t.Phase).In(t.lang)
}
