package dei

import (
	"fmt"
	"image/color"
	"slices"
	"strconv"
	"strings"

	"github.com/playbychat/pbc/games/dei"
	"github.com/playbychat/pbc/images"
)

// drawSide draws the column beside the map: players, markets, missions and
// the phase in progress (a seat's own picture adds its hand, plan and
// feats).
func (t *table) drawSide(c *images.Canvas) {
	y := float64(bodyTop)
	y = t.drawPlayers(c, y) + 8
	t.drawTurn(c, images.Rect{X: sideX, Y: y, W: sideW, H: bandY - margin - y})
	if len(t.Offer) > 0 {
		t.drawOffer(c, images.Rect{X: margin, Y: bandY, W: marketW, H: bandH - margin})
	} else {
		t.drawMarkets(c, images.Rect{X: margin, Y: bandY, W: marketW, H: bandH - margin})
	}
	t.drawMissions(c, images.Rect{X: margin + marketW + 8, Y: bandY, W: width - 2*margin - marketW - 8, H: bandH - margin})
}

const rowH = 102.0

// drawPlayers draws three lines per player.
func (t *table) drawPlayers(c *images.Canvas, y float64) float64 {
	r := images.Rect{X: sideX, Y: y, W: sideW, H: rowH*float64(len(t.Players)) + 8}
	c.Frame(r, images.ColorPanel, images.ColorEdge, 2)
	for i, p := range t.Players {
		ry := y + 4 + rowH*float64(i)
		if p.Seat == t.Acting {
			c.FillRoundRect(images.Rect{X: sideX + 4, Y: ry, W: sideW - 8, H: rowH - 2}, 8, images.ColorPanelHi)
		}
		t.drawPlayer(c, p, sideX+8, ry)
	}
	return r.Y + r.H
}

func (t *table) drawPlayer(c *images.Canvas, p dei.PlayerView, x, y float64) {
	l1, l2, l3, l4 := y+14, y+39, y+64, y+88
	right := float64(sideX + sideW - 10)
	c.SeatBadge(x+12, l1, 11, p.Seat)
	c.SetColor(images.ColorGold)
	c.SetFont(images.Bold, 24)
	vp := pictures.Text("VP", p.VP).In(t.lang)
	vw := c.Fit(vp, right, l1, 90, 1, images.Bold, 24)
	title := t.name(p.Seat)
	if p.Faction != "" {
		title += " · " + p.Name.In(t.lang)
	}
	c.SetColor(images.ColorInk)
	c.Fit(title, x+28, l1, right-vw-x-36, 0, images.Bold, 20)
	// Line 2: resources, cubes, scrappers in supply, candy.
	xx := x + 2
	resourceIcon(c, xx+10, l2, 20, true)
	xx = label(c, strconv.Itoa(p.Tech), xx+22, l2) + 10
	resourceIcon(c, xx+10, l2, 20, false)
	xx = label(c, strconv.Itoa(p.Energy), xx+22, l2) + 14
	for i, col := range []string{dei.Red, dei.Blue, dei.Green} {
		c.FillRoundRect(images.Rect{X: xx, Y: l2 - 11, W: 22, H: 22}, 4, outpostColors[col])
		c.SetColor(images.ColorInk)
		c.SetFont(images.Bold, 18)
		c.Text(strconv.Itoa(p.Cubes[i]), xx+11, l2, 0.5)
		xx += 25
	}
	xx += 10
	col := images.Seat(p.Seat).Color
	c.Icon(images.IconCivilian, xx+9, l2, 18, col)
	xx = label(c, strconv.Itoa(p.Supply), xx+20, l2) + 12
	if len(p.Candy) > 0 {
		c.Chip(fmt.Sprintf("%s %d", pictures.Text("Candy").In(t.lang), len(p.Candy)), xx, l2, 0, colorCandy, images.ColorBackground, images.Bold, 18)
	}
	// Line 3: feats by their whole names.
	t.featChips(c, p.Feats, x+2, l3, right)
	// Line 4: the building tiles left (camps, lifts, bridges) and the hand.
	xx = x + 2
	camp(c, xx+11, l4, col)
	xx = label(c, strconv.Itoa(3-len(p.Camps)), xx+24, l4) + 12
	ladder(c, xx+7, l4, true, col)
	xx = label(c, strconv.Itoa(3-len(p.Lifts)), xx+18, l4) + 12
	c.SetLineCapRound()
	c.SetLineWidth(6)
	c.SetColor(col)
	c.DrawLine(xx+2, l4, xx+20, l4)
	c.Stroke()
	xx = label(c, strconv.Itoa(3-len(p.Bridges)), xx+26, l4) + 16
	c.SetColor(images.ColorMuted)
	inHand := pictures.Count("CardsInHand", p.HandSize, p.HandSize)
	c.Fit(inHand.In(t.lang), xx, l4, right-xx, 0, images.Regular, 18)
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

// featChips draws a player's feats side by side from x, each its colour
// and whole name when known ("?" when hidden), dimmed until earned: in the
// largest font from 18 px down in which they fit before right.
func (t *table) featChips(c *images.Canvas, fs []dei.FeatView, x, y, right float64) {
	texts := make([]string, len(fs))
	for i, f := range fs {
		texts[i] = "?"
		if f.Known {
			texts[i] = f.Name.In(t.lang)
		}
	}
	px := 18.0
	for ; px > 13; px-- {
		c.SetFont(images.Bold, px)
		w := 0.0
		for _, s := range texts {
			sw, _ := c.MeasureString(s)
			w += sw + px + 4
		}
		if x+w <= right {
			break
		}
	}
	for i, f := range fs {
		col := outpostColors[f.Colour]
		bg, fg := images.Mix(col, images.ColorPanel, 0.6), images.ColorMuted
		if f.Earned {
			bg, fg = col, images.ColorInk
		}
		x += c.Chip(texts[i], x, y, 0, bg, fg, images.Bold, px) + 4
	}
}

// drawMarkets draws the four markets in r, one row each: the market's name
// and deck size, then three face-up slots, each with the card's id (for
// /card), whole name, price, VP and the slot's outpost requirement or
// surcharge.
func (t *table) drawMarkets(c *images.Canvas, r images.Rect) {
	c.Frame(r, images.ColorPanel, images.ColorEdge, 2)
	const nameW = 150.0
	mh := (r.H - 8) / float64(len(t.Markets))
	sw := (r.W - nameW - 16) / 3
	for i, m := range t.Markets {
		my := r.Y + 4 + mh*float64(i)
		c.FillRoundRect(images.Rect{X: r.X + 6, Y: my + 3, W: nameW - 4, H: mh - 6}, 6, outpostColors[m.Colour])
		c.SetColor(images.ColorInk)
		c.Fit(m.Name.In(t.lang), r.X+12, my+20, nameW-16, 0, images.Bold, 18)
		c.SetFont(images.Regular, 18)
		c.Icon(images.IconDeck, r.X+20, my+mh-22, 18, images.ColorInk)
		c.Text(strconv.Itoa(m.Deck), r.X+32, my+mh-21, 0)
		for s, slot := range m.Slots {
			t.drawSlot(c, m, slot, images.Rect{X: r.X + nameW + 8 + float64(s)*sw, Y: my + 3, W: sw - 4, H: mh - 6})
		}
	}
}

// drawOffer draws, where the markets go once they open, the factions on
// offer while they are chosen: one row each with the faction's name and
// drone, its leader and the leader's power, and the seat that chose it;
// above them what every faction starts with.
func (t *table) drawOffer(c *images.Canvas, r images.Rect) {
	c.Frame(r, images.ColorPanel, images.ColorEdge, 2)
	c.SetColor(images.ColorMuted)
	c.Fit(t.StartStock.In(t.lang), r.X+10, r.Y+16, r.W-20, 0, images.Bold, 18)
	const nameW = 190.0
	top := r.Y + 32
	mh := (r.Y + r.H - 4 - top) / float64(len(t.Offer))
	for i, f := range t.Offer {
		my := top + mh*float64(i)
		bg, ink := images.ColorPanelHi, images.ColorInk
		if f.Seat >= 0 {
			bg, ink = images.ColorPanel, images.ColorMuted
		}
		c.FillRoundRect(images.Rect{X: r.X + 6, Y: my + 2, W: r.W - 12, H: mh - 4}, 6, bg)
		c.SetColor(ink)
		c.Fit(f.Name.In(t.lang), r.X+14, my+18, nameW-20, 0, images.Bold, 20)
		c.SetColor(images.ColorMuted)
		c.Fit(f.Drone.In(t.lang), r.X+14, my+mh-18, nameW-20, 0, images.Regular, 18)
		x, right := r.X+nameW, r.X+r.W-14
		if f.Seat >= 0 {
			c.SeatBadge(x+10, my+18, 10, f.Seat)
			x += 26
			c.SetColor(ink)
			x += c.Fit(t.name(f.Seat), x, my+18, 160, 0, images.Bold, 18) + 12
		}
		c.SetColor(images.ColorGold)
		c.Fit(pictures.Text("LeaderPrefix").In(t.lang)+f.Leader.In(t.lang), x, my+18, right-x, 0, images.Bold, 18)
		c.SetColor(ink)
		c.SetFont(images.Regular, 18)
		for k, line := range c.Wrap(f.Power.In(t.lang), right-r.X-nameW) {
			if k == 2 {
				break
			}
			c.Text(line, r.X+nameW, my+40+20*float64(k), 0)
		}
	}
}

// drawSlot draws a market slot: id and VP, the whole name, then price and
// requirement.
func (t *table) drawSlot(c *images.Canvas, m dei.MarketView, s dei.SlotView, r images.Rect) {
	c.FillRoundRect(r, 6, images.ColorPanelHi)
	y1, y2, y3 := r.Y+14, r.CY()+1, r.Y+r.H-13
	if s.Card == nil {
		c.SetColor(images.ColorFaint)
		c.SetFont(images.Regular, 18)
		c.Text("–", r.CX(), r.CY(), 0.5)
		return
	}
	cd := s.Card
	c.Mark(r, cd.ID)
	c.SetColor(images.ColorGold)
	c.SetFont(images.Bold, 18)
	c.Text(cd.ID, r.X+6, y1, 0)
	rx := r.X + r.W - 6
	if cd.VP > 0 {
		c.SetColor(images.ColorGold)
		c.Text(pictures.Text("VP", cd.VP).In(t.lang), rx, y1, 1)
	}
	c.SetColor(images.ColorInk)
	c.Fit(cd.Name.In(t.lang), r.X+6, y2, r.W-12, 0, images.Regular, 18)
	x := r.X + 4
	if cd.Tech > 0 {
		resourceIcon(c, x+9, y3, 18, true)
		x = label(c, strconv.Itoa(cd.Tech), x+19, y3) + 5
	}
	if cd.Energy > 0 {
		resourceIcon(c, x+9, y3, 18, false)
		x = label(c, strconv.Itoa(cd.Energy), x+19, y3) + 5
	}
	// Right: the outposts the slot needs (squares of the market's colour),
	// or the black market's surcharge, and a drone card's drone.
	if m.Colour != "" {
		for range s.Requires {
			c.FillRoundRect(images.Rect{X: rx - 14, Y: y3 - 7, W: 14, H: 14}, 3, outpostColors[m.Colour])
			c.FillRoundRect(images.Rect{X: rx - 10, Y: y3 - 3, W: 6, H: 6}, 1, colorLine)
			rx -= 17
		}
	}
	if s.Surcharge != 0 {
		c.SetColor(images.ColorMuted)
		rx -= c.Fit(pictures.Text("TechSurcharge", s.Surcharge).In(t.lang), rx, y3, rx-x-2, 1, images.Regular, 18) + 4
	}
	if cd.Drone != "" && rx-x > 34 {
		c.SetFont(images.Bold, 18)
		w, _ := c.MeasureString(droneLetters[cd.Drone])
		c.Chip(droneLetters[cd.Drone], rx-w-18, y3, 0, colorDrone, images.ColorInk, images.Bold, 18)
	}
}

// drawMissions draws the missions in r, two per round: the round, each
// mission's id and name, its on-time and late values, and the markers of
// the players who fulfilled it.
func (t *table) drawMissions(c *images.Canvas, r images.Rect) {
	c.Frame(r, images.ColorPanel, images.ColorEdge, 2)
	c.SetColor(images.ColorMuted)
	c.Fit(pictures.Text("MissionsOnTimeLate").In(t.lang), r.X+10, r.Y+16, r.W-20, 0, images.Bold, 18)
	lh := (r.H - 36) / 8
	for _, m := range t.Missions {
		if m.Empty {
			continue
		}
		round, row := m.Slot/2+1, m.Slot%2
		y := r.Y + 30 + lh*float64(2*(round-1)+row)
		cell := images.Rect{X: r.X + 6, Y: y, W: r.W - 12, H: lh - 3}
		c.Mark(cell, m.ID)
		if round == t.Round {
			c.FillRoundRect(cell, 6, images.ColorPanelHi)
		}
		cy := cell.CY()
		rx := cell.X + cell.W - 4
		for i := len(m.Marks) - 1; i >= 0; i-- {
			c.SeatBadge(rx-9, cy, 9, m.Marks[i])
			rx -= 21
		}
		c.SetColor(images.ColorMuted)
		rx -= c.Fit(perText(m.OnTime)+" · "+perText(m.Late), rx-4, cy, 90, 1, images.Regular, 18) + 12
		c.SetColor(images.ColorGold)
		c.SetFont(images.Bold, 18)
		c.Text(m.ID, cell.X+44, cy, 0)
		c.SetColor(images.ColorInk)
		c.Fit(m.Name.In(t.lang), cell.X+100, cy, rx-cell.X-100, 0, images.Regular, 18)
	}
	// The rounds, between their two missions, over the cells' fills.
	for round := 1; round <= 4; round++ {
		c.SetColor(images.ColorMuted)
		if round == t.Round {
			c.SetColor(images.ColorGold)
		}
		c.SetFont(images.Bold, 18)
		c.Text(fmt.Sprintf("R%d", round), r.X+10, r.Y+30+lh*float64(2*round-1)-1, 0)
	}
}

// perText writes a mission value: "3" for 3 VP each, "2/3" for 2 VP per 3.
func perText(v dei.Value) string {
	if v.Per == 1 {
		return strconv.Itoa(v.VP)
	}
	return fmt.Sprintf("%d/%d", v.VP, v.Per)
}

// drawTurn draws the phase in progress and the cards played this round; a
// seat's own picture adds its hand, plan and feats; a spectator's the
// supply and a legend of the map's symbols.
func (t *table) drawTurn(c *images.Canvas, r images.Rect) {
	c.Frame(r, images.ColorPanel, images.ColorEdge, 2)
	x, y := r.X+10, r.Y+16
	bottom := r.Y + r.H - 8
	if len(t.lay.over) > 0 {
		y = r.Y + 19
	}
	private := t.Seat >= 0 && int(t.Seat) < len(t.Players)
	if !private && len(t.lay.over) == 0 {
		bottom -= 56
	}
	line := func(s string, col color.Color, style images.Style) {
		if y > bottom-10 {
			return
		}
		c.SetColor(col)
		c.Fit(s, x, y, r.W-20, 0, style, 18)
		y += 24
	}
	if private {
		t.drawOwn(c, x, r.W-20, line)
	}
	// What did not fit in its area comes next, after the area's id and a
	// plus sign, the areas side by side; the legend gives way to it.
	if len(t.lay.over) > 0 {
		// Each area goes into the first row with room for it.
		var ends []float64 // per row, where the next area starts
		for yy := y; yy+itemH/2 <= r.Y+r.H-3; yy += 28 {
			ends = append(ends, x)
		}
		for _, o := range t.lay.over {
			id := t.Board.Areas[o.area].ID
			c.SetFont(images.Bold, 18)
			w, _ := c.MeasureString(id)
			ew := plus.w + 2 + w + 4
			for _, it := range o.items {
				ew += it.w + itemGap
			}
			row := slices.IndexFunc(ends, func(e float64) bool { return e+ew <= r.X+r.W-10 })
			if row < 0 {
				continue
			}
			rx, ry := ends[row], y+28*float64(row)
			plus.draw(c, rx, ry)
			c.SetFont(images.Bold, 18)
			c.SetColor(images.ColorInk)
			c.Text(id, rx+plus.w+2, ry, 0)
			rx += plus.w + 2 + w + 4
			for _, it := range o.items {
				it.draw(c, rx, ry)
				rx += it.w + itemGap
			}
			ends[row] = rx + 8
			t.lay.listed++
		}
		for _, e := range ends {
			if e > x {
				y += 28
			}
		}
	}
	if tv := t.Turn; tv != nil {
		if tv.Open != nil {
			line(fmt.Sprintf("%s: %s %s", t.name(tv.Seat), tv.Open.ID, tv.Open.Name.In(t.lang)), images.ColorInk, images.Bold)
			var acts []string
			for _, a := range tv.Actions {
				acts = append(acts, a.In(t.lang))
			}
			if len(acts) > 0 {
				line(pictures.Text("Left").In(t.lang)+strings.Join(acts, ", "), images.ColorMuted, images.Regular)
			}
		}
		if tv.Drone != "" {
			steps := pictures.Count("StepsLeft", tv.Steps, tv.Steps)
			line(pictures.Text("DroneSteps", tv.Drone, steps).In(t.lang), images.ColorMuted, images.Regular)
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
		// The cards played wrap onto further lines rather than being cut.
		text := t.name(p.Seat) + ":"
		c.SetFont(images.Regular, 18)
		for _, pl := range played {
			if w, _ := c.MeasureString(text + " " + pl); w > r.W-20 {
				line(text, images.ColorMuted, images.Regular)
				text = "   "
			}
			text += " " + pl
		}
		if len(played) > 0 {
			line(text, images.ColorMuted, images.Regular)
		}
	}
	if !private {
		line(pictures.Text("Supply", t.TechSupply, t.EnergySupply, t.CandySupply).In(t.lang), images.ColorMuted, images.Regular)
		if len(t.lay.over) == 0 {
			t.legend(c, r)
		}
	}
}

// drawOwn draws a seat's own hand and plan, one card a line with its id,
// whole name and (where the line has room) actions, then its feats; line
// draws a line of at most w pixels from x.
func (t *table) drawOwn(c *images.Canvas, x, w float64, line func(string, color.Color, images.Style)) {
	me := t.Players[t.Seat]
	cards := func(head string, cs []dei.CardView) {
		line(head, images.ColorMuted, images.Bold)
		for _, cd := range cs {
			s := cd.ID + " " + cd.Name.In(t.lang)
			long := s + ": " + cd.Actions.In(t.lang)
			c.SetFont(images.Regular, 18)
			if lw, _ := c.MeasureString(long); lw <= w {
				s = long
			}
			line(s, images.ColorInk, images.Regular)
		}
	}
	if me.Hand != nil {
		cards(pictures.Text("YourHand").In(t.lang), me.Hand)
	}
	if len(me.Plan) > 0 {
		cards(pictures.Text("YourPlan").In(t.lang), me.Plan)
	}
	var feats []string
	for _, f := range me.Feats {
		if f.Known {
			feats = append(feats, f.Name.In(t.lang))
		}
	}
	if len(feats) > 0 {
		line(pictures.Text("YourFeats").In(t.lang)+strings.Join(feats, ", "), images.ColorInk, images.Regular)
	}
}

// legend explains the map's symbols in two rows along the bottom of r.
func (t *table) legend(c *images.Canvas, r images.Rect) {
	y := r.Y + r.H - 46
	x := r.X + 10
	text := func(s string) {
		c.SetColor(images.ColorMuted)
		c.SetFont(images.Regular, 18)
		c.Text(s, x, y, 0)
		w, _ := c.MeasureString(s)
		x += w + 14
	}
	resourceIcon(c, x+10, y, 20, true)
	x += 24
	text(pictures.Text("KeyTech").In(t.lang))
	resourceIcon(c, x+10, y, 20, false)
	x += 24
	text(pictures.Text("KeyEnergy").In(t.lang))
	t.outpost(c, x+12, y, dei.OutpostView{Colour: dei.Red, Owner: -1})
	x += 28
	text(pictures.Text("KeyOutpost").In(t.lang))
	y, x = y+26, r.X+10
	camp(c, x+12, y, colorShared)
	x += 28
	text(pictures.Text("KeyCamp").In(t.lang))
	figure(c, x+12, y, 0, "")
	x += 28
	text(pictures.Text("Leader").In(t.lang))
	ladder(c, x+8, y, true, colorShared)
	x += 20
	text(pictures.Text("KeyLift").In(t.lang))
	c.SetColor(colorRedLine)
	c.SetLineWidth(3)
	c.DrawLine(x, y-10, x, y+10)
	c.Stroke()
	x += 8
	text(pictures.Text("KeyRedLine").In(t.lang))
}
