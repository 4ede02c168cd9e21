package armageddon

import (
	"fmt"
	"image/color"
	"slices"
	"strconv"
	"strings"

	"github.com/playbychat/pbc/games/armageddon"
	"github.com/playbychat/pbc/images"
)

// The board's rows below the strip.
const (
	bandY    = images.BodyTop + 2
	bandH    = 40.0
	row1Y    = bandY + bandH + 6
	row1H    = 196.0
	row2Y    = row1Y + row1H + 6
	row2H    = 164.0
	cityY    = row2Y + row2H + 6
	margin   = 12.0
	gap      = 6.0
	lineH    = 23.0
	smallPx  = images.MinTextPx
	headerPx = 21.0
)

// drawBoard draws the public board.
func (t *table) drawBoard(c *images.Canvas) {
	t.drawRoundTrack(c)
	top := cityY
	switch {
	case t.Finished:
		t.drawFinal(c, images.Rect{X: margin, Y: row1Y, W: images.Width - 2*margin, H: row1H + gap + row2H})
	case t.Phase == "city":
		// The displays are empty in the City phase: the row of areas
		// shares its space with the tracks' aid, and the cities grow
		// to show their buildings' actions.
		x := t.drawAreas(c)
		t.drawTrackAid(c, images.Rect{X: x, Y: row1Y, W: images.Width - margin - x, H: row1H})
		top = row2Y
	default:
		x := t.drawAreas(c)
		r := images.Rect{X: x, Y: row1Y, W: images.Width - margin - x, H: row1H}
		if slices.ContainsFunc(t.Equipment, func(o armageddon.OfferView) bool { return !o.Taken }) {
			t.drawEquipment(c, r)
		} else {
			// Once the display is empty its place explains the tracks.
			t.drawTrackAid(c, r)
		}
		t.drawBuildings(c, images.Rect{X: margin, Y: row2Y, W: images.Width - 2*margin, H: row2H})
	}
	n := float64(len(t.Players))
	w := (images.Width - 2*margin - (n-1)*gap) / n
	for i, p := range t.Players {
		t.drawCity(c, images.Rect{X: margin + float64(i)*(w+gap), Y: top, W: w, H: images.Height - top - 8}, p)
	}
}

// drawAreas draws the three bid areas and returns the x right of them.
func (t *table) drawAreas(c *images.Canvas) float64 {
	areaW := 232.0
	for i, a := range t.Areas {
		t.drawArea(c, images.Rect{X: margin + float64(i)*(areaW+gap), Y: row1Y, W: areaW, H: row1H}, a)
	}
	return margin + 3*(areaW+gap)
}

// drawTrackAid explains the cities' tracks: what the plunderers do, and
// the damage fields that count at the start of each round.
func (t *table) drawTrackAid(c *images.Canvas, r images.Rect) {
	body := c.Panel(r, pictures.Text("TheTracks").In(t.lang), images.ColorCost)
	x, y := body.X+2, body.Y+10
	for _, l := range []string{
		pictures.Text("PMarkerFieldPlunderers").In(t.lang),
		fmt.Sprintf(pictures.Text("AfterRoundAndAt").In(t.lang), t.IntermediateAfter),
		pictures.Text("DRoundStartField").In(t.lang),
	} {
		c.SetColor(images.ColorInk)
		c.Fit(l, x, y, body.W-4, 0, images.Regular, smallPx)
		y += lineH
	}
	y += 2
	colW := (body.W - 4) / 3
	for i, f := range t.DamageTrack {
		fx, fy := x+float64(i%3)*colW, y+float64(i/3)*lineH
		c.SetColor(images.ColorMuted)
		c.SetFont(images.Bold, smallPx)
		c.Text(strconv.Itoa(i+1), fx, fy, 0)
		c.SetColor(images.ColorInk)
		w := c.Fit(t.fieldText(f), fx+24, fy, colW-28, 0, images.Regular, smallPx)
		if f.Plunderers > 0 {
			// The track's plunderer dot, then its meaning.
			dx := fx + 24 + w + 6
			if w > 0 {
				dx += 8
			}
			c.DrawCircle(dx, fy, 5)
			c.SetColor(survivorColors[0])
			c.Fill()
			if w == 0 {
				c.SetColor(images.ColorInk)
				c.Fit(pictures.Text("PlundererPlus").In(t.lang)+strconv.Itoa(f.Plunderers), dx+10, fy, fx+colW-dx-14, 0, images.Regular, smallPx)
			}
		}
	}
}

// fieldText is a damage field's effect in a few words but its
// plunderers, which drawTrackAid draws as the track's dot: "−2 pts".
func (t *table) fieldText(f armageddon.DamageField) string {
	var parts []string
	if f.VP != 0 {
		parts = append(parts, t.short("vp", f.VP))
	}
	if f.LeaderAside {
		parts = append(parts, pictures.Text("LeaderAside").In(t.lang))
	}
	if len(parts) == 0 && f.Plunderers == 0 {
		return "—"
	}
	return joinNames(parts)
}

// headline fills the strip: who acts and what they do, the round, the
// scores, "open screens" as a mark.
func (t *table) headline(changes []string) images.Headline {
	h := images.Headline{
		Game:    "ARMAGEDDON",
		Round:   fmt.Sprintf(pictures.Text("RoundOf").In(t.lang), t.Round, t.Rounds),
		Changes: changes,
	}
	if t.ScreensOpen {
		h.Mark, h.MarkColor = pictures.Text("OPENSCREENS").In(t.lang), survivorColors[4]
	}
	for _, p := range t.Players {
		h.Scores = append(h.Scores, images.Score{Seat: p.Seat, Text: strconv.Itoa(p.Score)})
	}
	if t.Finished {
		h.Over, h.Seats = true, t.Winners
		var names []string
		for _, w := range t.Winners {
			names = append(names, t.name(w))
		}
		h.Doing = t.in(pictures.Text("Winner")) + joinNames(names)
		return h
	}
	for _, a := range t.Actors {
		h.Seats = append(h.Seats, int(a.Seat))
	}
	switch {
	case len(t.Actors) == 1:
		h.Doing = t.name(int(t.Actors[0].Seat)) + " · " + t.in(t.Actors[0].Prompt)
	case len(t.Actors) > 1:
		h.Doing = t.in(t.Actors[0].Prompt)
	}
	return h
}

func joinNames(names []string) string {
	out := ""
	for i, n := range names {
		if i > 0 {
			out += ", "
		}
		out += n
	}
	return out
}

// drawRoundTrack draws the rounds with their plunderer advance, the public
// scoring tiles after round 3 and at the end, and the bag and deck counts.
func (t *table) drawRoundTrack(c *images.Canvas) {
	r := images.Rect{X: margin, Y: bandY, W: images.Width - 2*margin, H: bandH}
	c.Frame(r, images.ColorPanel, images.ColorEdge, 2)
	y := r.CY()
	x := r.X + 10
	for round := 1; round <= t.Rounds; round++ {
		w := 60.0
		fill, ink := images.ColorPanelHi, images.ColorMuted
		if round == t.Round {
			fill, ink = images.ColorGold, images.ColorBackground
		}
		c.DrawRoundedRectangle(x, r.Y+6, w, r.H-12, 6)
		c.SetColor(fill)
		c.Fill()
		c.SetColor(ink)
		c.SetFont(images.Bold, smallPx)
		c.Text(fmt.Sprintf("%d", round), x+8, y, 0)
		c.SetFont(images.Regular, smallPx)
		c.Text(fmt.Sprintf("+%d", t.Advance[round-1]), x+w-6, y, 1)
		x += w + 4
		if round == t.IntermediateAfter || round == t.Rounds {
			i := 0
			if round == t.Rounds {
				i = 1
			}
			if i < len(t.Public) {
				tv := t.Public[i]
				col := images.ColorGold
				if tv.Scored {
					col = images.ColorFaint
				}
				x += c.Chip(t.tileShort(tv), x+2, y, 0, col, images.ColorBackground, images.Bold, smallPx) + 8
			}
		}
	}
	c.SetColor(images.ColorMuted)
	info := fmt.Sprintf(pictures.Text("BagEquipmentBuildingsTiles").In(t.lang),
		t.Bag, t.EquipDeck, t.BuildDecks[0], t.BuildDecks[1], t.TileStack)
	c.Fit(info, r.X+r.W-10, y, r.X+r.W-10-x-8, 1, images.Regular, smallPx)
}

// drawArea draws a bid area: its tile's bonus and malus and the bids from
// the top field down, marking the seat to pick.
func (t *table) drawArea(c *images.Canvas, r images.Rect, a armageddon.AreaView) {
	body := c.Panel(r, t.in(a.Name)+" · "+a.Tile.ID, images.ColorGold)
	y := body.Y + 10
	for _, e := range []struct {
		sign string
		ev   armageddon.EffectView
	}{{"+", a.Tile.Bonus}, {"−", a.Tile.Malus}} {
		col := images.ColorGood
		if e.sign == "−" {
			col = images.ColorBad
		}
		c.SetColor(col)
		c.SetFont(images.Bold, headerPx)
		c.Text(e.sign, body.X+4, y, 0)
		c.SetColor(images.ColorInk)
		c.Fit(t.short(e.ev.Kind, e.ev.Amount), body.X+24, y, body.W-24, 0, images.Regular, smallPx)
		y += lineH
	}
	y += 4
	for i, b := range a.Bids {
		if t.acting(b.Seat) && len(a.Order) > 0 && t.Phase == a.Key {
			c.DrawRoundedRectangle(body.X-4, y-lineH/2, body.W+8, lineH, 5)
			c.SetColor(images.ColorPanelHi)
			c.Fill()
		}
		c.SetColor(images.ColorMuted)
		c.SetFont(images.Regular, smallPx)
		c.Text(strconv.Itoa(i+1), body.X+2, y, 0)
		c.SeatBadge(body.X+30, y, 10, b.Seat)
		w := chips(c, b.Survivors, body.X+46, y, smallPx)
		c.SetColor(images.ColorInk)
		c.SetFont(images.Bold, smallPx)
		total := strconv.Itoa(b.Survivors.Total())
		if tw, _ := c.MeasureString(total); body.X+46+w+tw <= body.X+body.W {
			c.Text(total, body.X+body.W, y, 1)
		}
		y += lineH + 1
	}
}

// drawFinal draws the final scoring: each seat's steps and total, the
// winners first in gold.
func (t *table) drawFinal(c *images.Canvas, r images.Rect) {
	body := c.Panel(r, pictures.Text("FinalScoring").In(t.lang), images.ColorGold)
	cols := []string{pictures.Text("Before").In(t.lang), pictures.Text("PublicTile").In(t.lang), pictures.Text("PrivateTile").In(t.lang), pictures.Text("EquipmentColumn").In(t.lang),
		pictures.Text("DamageTrackColumn").In(t.lang), pictures.Text("PlunderersColumn").In(t.lang), pictures.Text("Total").In(t.lang)}
	nameW := 300.0
	colW := (body.W - nameW) / float64(len(cols))
	y := body.Y + 16
	c.SetColor(images.ColorMuted)
	for i, h := range cols {
		c.Fit(h, body.X+nameW+float64(i+1)*colW-6, y, colW-8, 1, images.Bold, smallPx)
	}
	y += 34
	for seat, f := range t.Final {
		p := t.Players[seat]
		win := false
		for _, w := range t.Winners {
			win = win || w == seat
		}
		c.SeatBadge(body.X+12, y, 12, seat)
		ink := images.ColorInk
		if win {
			ink = images.ColorGold
		}
		c.SetColor(ink)
		c.Fit(t.name(seat), body.X+32, y, nameW-36, 0, images.Bold, headerPx)
		vals := []string{strconv.Itoa(f.Before), fmt.Sprintf("%+d", f.Public), fmt.Sprintf("%s %+d", p.ChosenTile, f.Private), fmt.Sprintf("%+d", f.Equipment),
			fmt.Sprintf("%+d", f.Damage), fmt.Sprintf("%+d", f.Plunderer), strconv.Itoa(f.Total)}
		for i, v := range vals {
			style := images.Regular
			if i == len(vals)-1 {
				style = images.Bold
			}
			c.SetColor(ink)
			c.Fit(v, body.X+nameW+float64(i+1)*colW-6, y, colW-8, 1, style, headerPx)
		}
		y += 52
	}
}

// drawEquipment draws the equipment display: each card with its slot number
// (as in "take 2") and the survivors on it.
func (t *table) drawEquipment(c *images.Canvas, body images.Rect) {
	n := len(t.Equipment)
	if n == 0 {
		return
	}
	w := (body.W - float64(n-1)*gap) / float64(n)
	for i, o := range t.Equipment {
		cr := images.Rect{X: body.X + float64(i)*(w+gap), Y: body.Y, W: w, H: body.H}
		title := pictures.Text("Taken").In(t.lang)
		col := images.ColorFaint
		if !o.Taken {
			title, col = t.in(o.Card.Name), equipmentColor(o.Card)
		}
		c.CardFrame(cr, images.Card{Title: title, Color: col, Cost: -1, ID: strconv.Itoa(i + 1), Dim: o.Taken})
		if o.Taken {
			continue
		}
		y := cr.Y + 56
		x := cr.X + 8
		for col, k := range o.Survivors {
			for range k {
				if x+30 > cr.X+cr.W {
					x, y = cr.X+8, y+34
				}
				ink := images.ColorBackground
				if col == 0 {
					ink = images.ColorInk
				}
				c.Token(x+14, y, 14, survivorColors[col], survivorLetters[col:col+1])
				c.SetColor(ink)
				x += 32
			}
		}
	}
}

// drawBuildings draws the building display: each building with its slot
// number, id (for /card), type, shelter, star, actions and tile; and the
// building being placed, if any.
func (t *table) drawBuildings(c *images.Canvas, body images.Rect) {
	offers := t.Buildings
	n := len(offers)
	if t.Placing != nil {
		n++
	}
	if n == 0 {
		return
	}
	w := (body.W - float64(n-1)*gap) / float64(n)
	x := body.X
	for i, o := range offers {
		t.drawBuildingOffer(c, images.Rect{X: x, Y: body.Y, W: w, H: body.H}, strconv.Itoa(i+1), o)
		x += w + gap
	}
	if t.Placing != nil {
		t.drawBuildingOffer(c, images.Rect{X: x, Y: body.Y, W: w, H: body.H}, pictures.Text("ToBuild").In(t.lang), *t.Placing)
	}
}

func (t *table) drawBuildingOffer(c *images.Canvas, r images.Rect, slot string, o armageddon.BuildingOfferView) {
	if o.Taken {
		c.CardFrame(r, images.Card{Title: pictures.Text("Taken").In(t.lang), Color: images.ColorFaint, Cost: -1, ID: slot, Dim: true})
		return
	}
	b := o.Building
	c.Mark(r, b.ID)
	c.CardFrame(r, images.Card{Title: t.in(b.Name), Color: typeColors[b.Type], Cost: -1, ID: slot + " · " + b.ID})
	y := r.Y + 50
	t.buildingFacts(c, b, r.X+8, y, r.W-16)
	y += lineH
	for _, a := range b.Actions {
		x := r.X + 8
		c.SetColor(images.ColorMuted)
		c.SetFont(images.Bold, smallPx)
		c.Text(fmt.Sprintf("%d×", a.Uses), x, y, 0)
		x += 28
		x += costChips(c, a.Cost, x, y) + 4
		c.SetColor(images.ColorInk)
		c.Fit(t.shortAction(a), x, y, r.X+r.W-8-x, 0, images.Regular, smallPx)
		y += lineH
	}
	for _, p := range b.Passive {
		c.SetColor(images.ColorGold)
		c.Fit(t.passive(p), r.X+8, y, r.W-16, 0, images.Regular, smallPx)
		y += lineH
	}
	if o.Tile != nil {
		col := images.ColorBad
		if good(o.Tile.Kind, o.Tile.Amount) {
			col = images.ColorGood
		}
		c.Chip(pictures.Text("TileColon").In(t.lang)+t.short(o.Tile.Kind, o.Tile.Amount), r.X+8, r.Y+r.H-16, 0, col, images.ColorBackground, images.Bold, smallPx)
	}
}

// buildingFacts writes "military · ⌂2 · upgrade" and the star on one line.
func (t *table) buildingFacts(c *images.Canvas, b armageddon.BuildingView, x, y, w float64) {
	s := typeNames[b.Type].In(t.lang) + " · ⌂" + strconv.Itoa(b.Shelter)
	switch b.Upgrade {
	case "hq":
		s += pictures.Text("OnHQ").In(t.lang)
	case "watchtower":
		s += pictures.Text("OnTower").In(t.lang)
	}
	right := x + w
	if b.Star > 0 {
		right -= starWidth(c, b.Star)
		star(c, right, y, b.Star)
	}
	c.SetColor(images.ColorMuted)
	c.Fit(s, x, y, right-x-6, 0, images.Regular, smallPx)
}

// star draws a star icon and its points with the left edge at x.
func star(c *images.Canvas, x, y float64, n int) {
	c.Icon(images.IconStar, x+9, y, 18, images.ColorGold)
	c.SetColor(images.ColorGold)
	c.SetFont(images.Bold, smallPx)
	c.Text(strconv.Itoa(n), x+20, y, 0)
}

func starWidth(c *images.Canvas, n int) float64 {
	c.SetFont(images.Bold, smallPx)
	w, _ := c.MeasureString(strconv.Itoa(n))
	return 22 + w
}

// drawCity draws one player's city: name and score, the plunderer and
// damage tracks, survivors against shelter, cards, and the eight spaces.
func (t *table) drawCity(c *images.Canvas, r images.Rect, p armageddon.PlayerView) {
	edge := images.ColorEdge
	if t.acting(p.Seat) {
		edge = images.Seat(p.Seat).Color
	}
	c.Frame(r, images.ColorPanel, edge, 3)
	x, y := r.X+10, r.Y+20
	c.SeatBadge(x+12, y, 13, p.Seat)
	right := r.X + r.W - 10
	score := strconv.Itoa(p.Score)
	c.SetColor(images.ColorGold)
	c.SetFont(images.Bold, headerPx)
	c.Text(score, right, y, 1)
	sw, _ := c.MeasureString(score)
	right -= sw + 8
	if p.Seat == t.Start && !t.Finished {
		right -= c.Chip(pictures.Text("Start").In(t.lang), right, y, 1, images.ColorGold, images.ColorBackground, images.Bold, smallPx) + 6
	}
	c.SetColor(images.ColorInk)
	c.Fit(t.name(p.Seat), x+32, y, right-(x+32), 0, images.Bold, headerPx)
	y += 30
	// The number is the plunderers attacking: the marker's field − 1.
	t.trackRow(c, x, y, r.W-20, pictures.Text("PlundererLetter").In(t.lang), p.Plunderer, p.Plunderer-1, t.PlundererFields, survivorColors[0], 0)
	y += lineH + 2
	t.trackRow(c, x, y, r.W-20, pictures.Text("DamageLetter").In(t.lang), p.Damage, p.Damage, len(t.DamageTrack), images.ColorCost, t.LeaderField)
	t.damageIcons(c, x, y, r.W-20, p.Damage)
	y += lineH + 2
	line := fmt.Sprintf(pictures.Text("SurvivorsCards").In(t.lang), p.Survivors, p.Shelter, p.HandCount)
	col := images.ColorMuted
	if p.Survivors > p.Shelter {
		col = images.ColorBad
	}
	c.SetColor(col)
	c.Fit(line, x, y, r.W-20, 0, images.Regular, smallPx)
	y += lineH
	switch {
	case t.Phase == "city" && p.CityFree.Total()+p.CityUsed.Total() > 0:
		c.SetColor(images.ColorMuted)
		c.SetFont(images.Regular, smallPx)
		w := c.Fit(pictures.Text("CityFree").In(t.lang), x, y, 120, 0, images.Regular, smallPx)
		chips(c, p.CityFree, x+w+4, y, smallPx)
		y += lineH
	case p.Reserve != nil:
		c.SetColor(images.ColorMuted)
		w := c.Fit(pictures.Text("ScreenShort").In(t.lang), x, y, 120, 0, images.Regular, smallPx)
		chips(c, *p.Reserve, x+w+4, y, smallPx)
		y += lineH
	}
	if p.Aside > 0 || p.Short > 0 || p.House > 0 {
		var parts []string
		if p.Aside > 0 {
			parts = append(parts, pictures.Text("LeaderAside").In(t.lang))
		}
		if p.House > 0 {
			parts = append(parts, fmt.Sprintf(pictures.Text("House").In(t.lang), p.House))
		}
		if p.Short > 0 {
			parts = append(parts, fmt.Sprintf(pictures.Text("MustReturn").In(t.lang), p.Short))
		}
		c.SetColor(images.ColorCost)
		c.Fit(joinNames(parts), x, y, r.W-20, 0, images.Bold, smallPx)
		y += lineH
	}
	spaceH := (r.Y + r.H - 6 - (y - lineH/2)) / 8
	spaceH = min(spaceH, lineH+2)
	top := y - lineH/2
	if t.Phase == "city" && t.drawCityActions(c, x, top, r.W-20, r.Y+r.H-6, p, false) {
		t.drawCityActions(c, x, top, r.W-20, r.Y+r.H-6, p, true)
		return
	}
	for sp := range p.City {
		sy := top + float64(sp)*spaceH + spaceH/2
		t.drawSpace(c, images.Rect{X: x, Y: sy - spaceH/2, W: r.W - 20, H: spaceH}, sp, p)
	}
}

// drawCityActions lays out p's built spaces for the City phase: number,
// type, name and shelter, then the building's actions (activations, cost,
// effect) on the same line as far as they fit and on lines below; it
// reports whether all fit above bottom and draws them only if draw.
func (t *table) drawCityActions(c *images.Canvas, x, top, w, bottom float64, p armageddon.PlayerView, draw bool) bool {
	y := top
	for sp, b := range p.City {
		if b == nil {
			continue
		}
		cy := y + lineH/2
		head := t.in(b.Name) + " ⌂" + strconv.Itoa(b.Shelter)
		c.SetFont(images.Regular, smallPx)
		hw, _ := c.MeasureString(head)
		if draw {
			c.SetColor(images.ColorMuted)
			c.SetFont(images.Bold, smallPx)
			c.Text(strconv.Itoa(sp+1), x, cy, 0)
			c.DrawRoundedRectangle(x+18, y+3, 6, lineH-6, 2)
			c.SetColor(typeColors[b.Type])
			c.Fill()
			c.SetColor(images.ColorInk)
			c.Fit(head, x+30, cy, w-30, 0, images.Regular, smallPx)
		}
		ax := x + 30 + hw + 12
		if b.Star > 0 {
			if draw {
				star(c, ax, cy, b.Star)
			}
			ax += starWidth(c, b.Star) + 12
		}
		for _, a := range b.Actions {
			cw := costChipsWidth(c, a.Cost)
			c.SetFont(images.Regular, smallPx)
			uw, _ := c.MeasureString(usesText(a))
			ew, _ := c.MeasureString(t.shortAction(a))
			seg := uw + 4 + cw + 2 + ew
			if ax+seg > x+w {
				ax, y = x+30, y+lineH
			}
			if draw {
				ay := y + lineH/2
				c.SetColor(images.ColorMuted)
				c.SetFont(images.Regular, smallPx)
				c.Text(usesText(a), ax, ay, 0)
				cx := ax + uw + 4
				cx += costChips(c, a.Cost, cx, ay) + 2
				c.SetColor(images.ColorInk)
				c.Fit(t.shortAction(a), cx, ay, x+w-cx, 0, images.Regular, smallPx)
			}
			ax += seg + 12
		}
		y += lineH
	}
	return y <= bottom
}

// trackRow draws a track of fields 1..n with the marker on value and the
// number shown at its end; mark is a field drawn with a leader ring (0:
// none).
func (t *table) trackRow(c *images.Canvas, x, y, w float64, label string, value, shown, n int, col color.RGBA, mark int) {
	c.SetColor(images.ColorMuted)
	c.SetFont(images.Bold, smallPx)
	c.Text(label, x, y, 0)
	x += 22
	step := (w - 22 - 30) / float64(n)
	for f := 1; f <= n; f++ {
		fx := x + float64(f-1)*step
		c.DrawRoundedRectangle(fx+1, y-8, step-2, 16, 4)
		switch {
		case f == value:
			c.SetColor(col)
		case f < value:
			c.SetColor(images.Mix(images.ColorPanelHi, col, 0.35))
		default:
			c.SetColor(images.ColorPanelHi)
		}
		c.Fill()
		if f == mark {
			c.DrawRoundedRectangle(fx+1, y-8, step-2, 16, 4)
			c.SetColor(survivorColors[4])
			c.SetLineWidth(2)
			c.Stroke()
		}
	}
	c.SetColor(images.ColorInk)
	c.SetFont(images.Bold, smallPx)
	c.Text(strconv.Itoa(shown), x+float64(n)*step+28, y, 1)
}

// damageIcons marks each damage field's effect: its points ("+2", "−1"),
// a plunderer dot for a plunderer added; dark on the marker's field. The
// leader field has its ring (trackRow).
func (t *table) damageIcons(c *images.Canvas, x, y, w float64, value int) {
	n := len(t.DamageTrack)
	step := (w - 22 - 30) / float64(n)
	for i, f := range t.DamageTrack {
		fx := x + 22 + float64(i)*step
		ink := images.ColorMuted
		if i+1 == value {
			ink = images.ColorBackground
		}
		if f.VP != 0 {
			c.SetColor(ink)
			c.SetFont(images.Bold, smallPx)
			c.Text(strings.Replace(fmt.Sprintf("%+d", f.VP), "-", "−", 1), fx+step/2, y, 0.5)
		}
		if f.Plunderers > 0 {
			c.DrawCircle(fx+step-4, y-7, 4)
			c.SetColor(survivorColors[0])
			c.Fill()
		}
	}
}

// drawSpace draws one city space: its number, the building's name, type
// colour, shelter, star and this round's activations.
func (t *table) drawSpace(c *images.Canvas, r images.Rect, sp int, p armageddon.PlayerView) {
	b := p.City[sp]
	c.SetColor(images.ColorMuted)
	c.SetFont(images.Bold, smallPx)
	c.Text(strconv.Itoa(sp+1), r.X, r.CY(), 0)
	x := r.X + 18
	if b == nil {
		c.SetColor(images.ColorFaint)
		label := "—"
		if sp == len(p.City)-1 && !p.Extension {
			label = pictures.Text("ExtensionTile").In(t.lang)
		}
		c.Fit(label, x, r.CY(), r.W-18, 0, images.Regular, smallPx)
		return
	}
	c.DrawRoundedRectangle(x, r.Y+3, 6, r.H-6, 2)
	c.SetColor(typeColors[b.Type])
	c.Fill()
	x += 12
	right := r.X + r.W
	info := "⌂" + strconv.Itoa(b.Shelter)
	for _, a := range b.Actions {
		info += " " + usesText(a)
	}
	c.SetColor(images.ColorMuted)
	c.SetFont(images.Regular, smallPx)
	c.Text(info, right, r.CY(), 1)
	iw, _ := c.MeasureString(info)
	right -= iw + 6
	if b.Star > 0 {
		right -= starWidth(c, b.Star)
		star(c, right, r.CY(), b.Star)
		right -= 6
	}
	c.SetColor(images.ColorInk)
	c.Fit(t.in(b.Name), x, r.CY(), right-x, 0, images.Regular, smallPx)
}

// usesText shows an action's activations this round: "○○" free, "●" used.
func usesText(a armageddon.ActionView) string {
	s := ""
	for i := range a.Uses {
		if i < a.Used {
			s += "●"
		} else {
			s += "○"
		}
	}
	return s
}
