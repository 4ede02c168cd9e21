package dei

import (
	"fmt"
	"image/color"
	"strconv"
	"strings"

	"github.com/playbychat/pbc/games/dei"
	"github.com/playbychat/pbc/images"
)

// drawSide draws the panel beside the map: players, markets, missions and
// the phase in progress (or the viewer's hand).
func (t *table) drawSide(c *images.Canvas) {
	y := float64(sideTopY)
	y = t.drawPlayers(c, y) + 10
	y = t.drawMarkets(c, y) + 10
	y = t.drawMissions(c, y) + 10
	t.drawTurn(c, images.Rect{X: sideX, Y: y, W: sideW, H: height - margin - y})
}

const rowH = 74.0

// drawPlayers draws one row per player.
func (t *table) drawPlayers(c *images.Canvas, y float64) float64 {
	r := images.Rect{X: sideX, Y: y, W: sideW, H: rowH*float64(len(t.Players)) + 12}
	c.Frame(r, images.ColorPanel, images.ColorEdge, 2)
	for i, p := range t.Players {
		ry := y + 6 + rowH*float64(i)
		if p.Seat == t.Acting {
			c.DrawRoundedRectangle(sideX+4, ry, sideW-8, rowH-4, 8)
			c.SetColor(images.ColorPanelHi)
			c.Fill()
		}
		t.drawPlayer(c, p, sideX+10, ry+2)
	}
	return r.Y + r.H
}

func (t *table) drawPlayer(c *images.Canvas, p dei.PlayerView, x, y float64) {
	top, bottom := y+17, y+50
	c.SeatBadge(x+16, top, 14, p.Seat)
	c.SetColor(images.ColorInk)
	title := t.name(p.Seat)
	if p.Faction != "" {
		title += " · " + p.Name.In(t.lang) + " (" + p.Leader.In(t.lang) + ")"
	}
	c.Fit(title, x+38, top, 470, 0, images.Bold, 22)
	// VP on the right.
	c.SetColor(images.ColorGold)
	c.SetFont(images.Bold, 30)
	vp := strconv.Itoa(p.VP)
	c.Text(vp, sideX+sideW-50, top+4, 1)
	c.SetFont(images.Regular, 18)
	c.SetColor(images.ColorMuted)
	c.Text(t.tr("VP", "SP"), sideX+sideW-44, top+6, 0)
	// Second line: resources, cubes, feats, candy, figures, stock, hand.
	xx := x + 6
	resourceIcon(c, xx+11, bottom, 22, true)
	xx = label(c, strconv.Itoa(p.Tech), xx+26, bottom) + 12
	resourceIcon(c, xx+11, bottom, 22, false)
	xx = label(c, strconv.Itoa(p.Energy), xx+26, bottom) + 16
	for i, col := range []string{dei.Red, dei.Blue, dei.Green} {
		c.DrawRoundedRectangle(xx, bottom-11, 22, 22, 4)
		c.SetColor(outpostColors[col])
		c.Fill()
		c.SetColor(images.ColorInk)
		c.SetFont(images.Bold, 18)
		c.Text(strconv.Itoa(p.Cubes[i]), xx+11, bottom, 0.5)
		xx += 26
	}
	xx += 10
	for _, f := range p.Feats {
		xx = t.featChip(c, f, xx, bottom) + 4
	}
	xx += 6
	if len(p.Candy) > 0 {
		xx += c.Chip(fmt.Sprintf("%s %d", t.tr("candy", "Candy"), len(p.Candy)), xx, bottom, 0, colorCandy, images.ColorBackground, images.Bold, 18) + 8
	}
	// scrappers in supply, then the building tiles left: camps, lifts, bridges
	col := images.Seat(p.Seat).Color
	c.Icon(images.IconCivilian, xx+10, bottom, 20, col)
	xx = label(c, strconv.Itoa(p.Supply), xx+22, bottom) + 12
	camp(c, xx+12, bottom, col)
	xx = label(c, strconv.Itoa(3-len(p.Camps)), xx+26, bottom) + 10
	ladder(c, xx+8, bottom, true, col)
	xx = label(c, strconv.Itoa(3-len(p.Lifts)), xx+20, bottom) + 10
	c.SetLineCapRound()
	c.SetLineWidth(6)
	c.SetColor(col)
	c.DrawLine(xx+2, bottom, xx+22, bottom)
	c.Stroke()
	xx = label(c, strconv.Itoa(3-len(p.Bridges)), xx+28, bottom) + 14
	c.SetColor(images.ColorMuted)
	c.Fit(fmt.Sprintf("%s %d", t.tr("hand", "Hand"), p.HandSize), xx, bottom, sideX+sideW-xx-20, 0, images.Regular, 18)
}

var colorCandy = color.RGBA{0xf2, 0x8c, 0xc6, 0xff}

// label draws s at x and returns its right edge.
func label(c *images.Canvas, s string, x, y float64) float64 {
	c.SetColor(images.ColorInk)
	c.SetFont(images.Bold, 18)
	c.Text(s, x, y, 0)
	w, _ := c.MeasureString(s)
	return x + w
}

// featChip draws a feat: its colour and name when known, "?" when hidden,
// dimmed until earned. It returns its right edge.
func (t *table) featChip(c *images.Canvas, f dei.FeatView, x, y float64) float64 {
	col := outpostColors[f.Colour]
	text := "?"
	if f.Known {
		text = shortName(f.Name.In(t.lang))
	}
	bg, fg := images.Mix(col, images.ColorPanel, 0.6), images.ColorMuted
	if f.Earned {
		bg, fg = col, images.ColorInk
	}
	return x + c.Chip(text, x, y, 0, bg, fg, images.Bold, 18)
}

// shortName keeps the first word of a name (and at most 9 letters).
func shortName(s string) string {
	f := strings.Fields(s)
	if len(f) == 0 {
		return s
	}
	r := []rune(f[0])
	if len(r) > 9 {
		return string(r[:8]) + "."
	}
	return f[0]
}

// drawMarkets draws the four markets: deck size and three face-up slots.
func (t *table) drawMarkets(c *images.Canvas, y float64) float64 {
	const mh = 64.0
	r := images.Rect{X: sideX, Y: y, W: sideW, H: mh*float64(len(t.Markets)) + 10}
	c.Frame(r, images.ColorPanel, images.ColorEdge, 2)
	for i, m := range t.Markets {
		my := y + 6 + mh*float64(i)
		col := outpostColors[m.Colour]
		c.DrawRoundedRectangle(sideX+8, my+4, 110, mh-8, 6)
		c.SetColor(col)
		c.Fill()
		c.SetColor(images.ColorInk)
		c.Fit(m.Name.In(t.lang), sideX+14, my+20, 98, 0, images.Bold, 18)
		c.SetFont(images.Regular, 18)
		c.Text(fmt.Sprintf(t.tr("deck %d", "Stapel %d"), m.Deck), sideX+14, my+44, 0)
		sw := float64(sideW-134) / 3
		for s, slot := range m.Slots {
			t.drawSlot(c, m, slot, images.Rect{X: sideX + 126 + float64(s)*sw, Y: my + 4, W: sw - 6, H: mh - 8})
		}
	}
	return r.Y + r.H
}

// drawSlot draws a market slot: card id and name, cost, VP and the slot's
// requirement or surcharge.
func (t *table) drawSlot(c *images.Canvas, m dei.MarketView, s dei.SlotView, r images.Rect) {
	c.Frame(r, images.ColorPanelHi, images.ColorEdge, 1.5)
	if s.Card == nil {
		c.SetColor(images.ColorFaint)
		c.SetFont(images.Regular, 18)
		c.Text("–", r.CX(), r.CY(), 0.5)
		return
	}
	cd := s.Card
	c.SetColor(images.ColorGold)
	c.SetFont(images.Bold, 18)
	c.Text(cd.ID, r.X+8, r.Y+15, 0)
	idw, _ := c.MeasureString(cd.ID)
	c.SetColor(images.ColorInk)
	c.Fit(cd.Name.In(t.lang), r.X+14+idw, r.Y+15, r.W-idw-22, 0, images.Regular, 18)
	x := r.X + 8
	y := r.Y + r.H - 15
	if cd.Tech > 0 {
		resourceIcon(c, x+10, y, 20, true)
		x = label(c, strconv.Itoa(cd.Tech), x+22, y) + 8
	}
	if cd.Energy > 0 {
		resourceIcon(c, x+10, y, 20, false)
		x = label(c, strconv.Itoa(cd.Energy), x+22, y) + 8
	}
	if cd.VP > 0 {
		c.SetColor(images.ColorGold)
		x = label(c, fmt.Sprintf("%d%s", cd.VP, t.tr("VP", "SP")), x, y) + 8
	}
	// Right edge: the outposts the slot needs (squares of the market's
	// colour), or the black market's surcharge, and a drone card's drone.
	rx := r.X + r.W - 8
	if m.Colour != "" {
		for range s.Requires {
			c.DrawRoundedRectangle(rx-16, y-8, 16, 16, 3)
			c.SetColor(outpostColors[m.Colour])
			c.Fill()
			c.DrawRoundedRectangle(rx-11, y-3, 6, 6, 1)
			c.SetColor(colorLine)
			c.Fill()
			rx -= 20
		}
	}
	if s.Surcharge != 0 {
		c.SetColor(images.ColorMuted)
		txt := fmt.Sprintf("%+d", s.Surcharge)
		if s.Surcharge < 0 {
			txt = fmt.Sprintf(t.tr("%d back", "%d zurück"), -s.Surcharge)
		}
		rx -= c.Fit(txt, rx, y, rx-x-4, 1, images.Regular, 18) + 6
	}
	if cd.Drone != "" && rx-x > 30 {
		c.Chip(droneLetters[cd.Drone], rx, y, 1, colorDrone, images.ColorInk, images.Bold, 18)
	}
}

// drawMissions draws the mission grid: four round columns of two.
func (t *table) drawMissions(c *images.Canvas, y float64) float64 {
	const cellH = 62.0
	r := images.Rect{X: sideX, Y: y, W: sideW, H: 2*cellH + 40}
	c.Frame(r, images.ColorPanel, images.ColorEdge, 2)
	cw := float64(sideW-16) / 4
	for col := range 4 {
		x := sideX + 8 + float64(col)*cw
		c.SetFont(images.Bold, 18)
		c.SetColor(images.ColorMuted)
		if col+1 == t.Round {
			c.SetColor(images.ColorGold)
		}
		c.Text(fmt.Sprintf(t.tr("Round %d", "Runde %d"), col+1), x+4, y+18, 0)
	}
	for _, m := range t.Missions {
		col, row := m.Slot/2, m.Slot%2
		cell := images.Rect{X: sideX + 8 + float64(col)*cw, Y: y + 32 + float64(row)*cellH, W: cw - 6, H: cellH - 6}
		if m.Empty {
			continue
		}
		c.Frame(cell, images.ColorPanelHi, images.ColorEdge, 1.5)
		c.SetColor(images.ColorGold)
		c.SetFont(images.Bold, 18)
		c.Text(m.ID, cell.X+6, cell.Y+14, 0)
		idw, _ := c.MeasureString(m.ID)
		c.SetColor(images.ColorInk)
		c.Fit(m.Name.In(t.lang), cell.X+12+idw, cell.Y+14, cell.W-idw-18, 0, images.Regular, 18)
		c.SetColor(images.ColorMuted)
		vals := fmt.Sprintf("%s/%s", perText(m.OnTime), perText(m.Late))
		c.Fit(vals, cell.X+6, cell.Y+cell.H-14, cell.W/2, 0, images.Regular, 18)
		mx := cell.X + cell.W - 14
		for i := len(m.Marks) - 1; i >= 0; i-- {
			c.SeatBadge(mx, cell.Y+cell.H-15, 10, m.Marks[i])
			mx -= 24
		}
	}
	return r.Y + r.H
}

// perText writes a mission value: "3" per one, "2/3" per three.
func perText(v dei.Value) string {
	if v.Per == 1 {
		return strconv.Itoa(v.VP)
	}
	return fmt.Sprintf("%d:%d", v.VP, v.Per)
}

// drawTurn draws the phase in progress; a seat's own picture adds its hand,
// plan and feats.
func (t *table) drawTurn(c *images.Canvas, r images.Rect) {
	c.Frame(r, images.ColorPanel, images.ColorEdge, 2)
	x, y := r.X+12, r.Y+18
	line := func(s string, col color.Color, style images.Style) {
		if y > r.Y+r.H-12 {
			return
		}
		c.SetColor(col)
		c.Fit(s, x, y, r.W-24, 0, style, 18)
		y += 26
	}
	if tv := t.Turn; tv != nil {
		if tv.Open != nil {
			line(fmt.Sprintf(t.tr("%s plays %s %s", "%s spielt %s %s"), t.name(tv.Seat), tv.Open.ID, tv.Open.Name.In(t.lang)), images.ColorInk, images.Bold)
			var acts []string
			for _, a := range tv.Actions {
				acts = append(acts, a.In(t.lang))
			}
			if len(acts) > 0 {
				line(t.tr("Left: ", "Übrig: ")+strings.Join(acts, ", "), images.ColorMuted, images.Regular)
			}
		}
		if tv.Drone != "" {
			line(fmt.Sprintf(t.tr("Drone %s: %d steps left", "Drohne %s: noch %d Schritte"), tv.Drone, tv.Steps), images.ColorMuted, images.Regular)
		}
	}
	for _, p := range t.Players {
		var played []string
		for ph, row := range p.Pad {
			for _, pc := range row {
				s := "?"
				if pc.Card != nil {
					s = pc.Card.ID
				}
				if pc.Down {
					s += "↓"
				}
				played = append(played, fmt.Sprintf("%d:%s", ph+1, s))
			}
		}
		if len(played) > 0 {
			line(t.name(p.Seat)+": "+strings.Join(played, " "), images.ColorMuted, images.Regular)
		}
	}
	if t.Seat < 0 || int(t.Seat) >= len(t.Players) {
		line(fmt.Sprintf(t.tr("Supply: %d tech, %d energy, %d candy boosts", "Vorrat: %d Technologie, %d Energiezellen, %d Candy Boosts"),
			t.TechSupply, t.EnergySupply, t.CandySupply), images.ColorMuted, images.Regular)
		t.legend(c, r)
		return
	}
	me := t.Players[t.Seat]
	if me.Hand != nil {
		var ids []string
		for _, cd := range me.Hand {
			ids = append(ids, cd.ID)
		}
		line(t.tr("Your hand: ", "Deine Hand: ")+strings.Join(ids, " "), images.ColorInk, images.Bold)
	}
	if len(me.Plan) > 0 {
		line(t.tr("Your plan: ", "Dein Plan: ")+me.Plan[0].ID+" "+me.Plan[1].ID, images.ColorInk, images.Bold)
	}
	var feats []string
	for _, f := range me.Feats {
		if f.Known {
			feats = append(feats, f.Name.In(t.lang))
		}
	}
	if len(feats) > 0 {
		line(t.tr("Your feats: ", "Deine Abzeichen: ")+strings.Join(feats, ", "), images.ColorInk, images.Regular)
	}
}

// legend explains the map's symbols along the bottom of r.
func (t *table) legend(c *images.Canvas, r images.Rect) {
	y := r.Y + r.H - 22
	x := r.X + 12
	c.SetFont(images.Regular, 18)
	text := func(s string) {
		c.SetColor(images.ColorMuted)
		c.SetFont(images.Regular, 18)
		c.Text(s, x, y, 0)
		w, _ := c.MeasureString(s)
		x += w + 18
	}
	resourceIcon(c, x+11, y, 22, true)
	x += 26
	text(t.tr("tech", "Technologie"))
	resourceIcon(c, x+11, y, 22, false)
	x += 26
	text(t.tr("energy", "Energie"))
	t.outpost(c, x+12, y, dei.OutpostView{Colour: dei.Red, Owner: -1})
	x += 28
	text(t.tr("outpost", "Außenposten"))
	camp(c, x+12, y, colorShared)
	x += 28
	text(t.tr("camp", "Lager"))
	figure(c, x+12, y, 0, "")
	x += 28
	text(t.tr("leader", "Anführer"))
	ladder(c, x+8, y, true, colorShared)
	x += 22
	text(t.tr("lift", "Aufzug"))
	c.SetColor(colorRedLine)
	c.SetLineWidth(3)
	c.DrawLine(x, y-10, x, y+10)
	c.Stroke()
	x += 8
	text(t.tr("red line", "rote Linie"))
}
