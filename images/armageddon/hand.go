package armageddon

import (
	"fmt"
	"github.com/playbychat/pbc/games"
	"strconv"

	"github.com/playbychat/pbc/games/armageddon"
	"github.com/playbychat/pbc/images"
)

// drawHand draws a seat's private picture: the survivors behind its screen,
// its cards, its scoring tiles with what they pay now, the cards it is
// choosing from, and its city.
func (t *table) drawHand(c *images.Canvas) {
	seat := int(t.Seat)
	p := t.Players[seat]
	top := images.BodyTop + 4.0
	h1 := 300.0
	w := (images.Width - 2*margin - 2*gap) / 3
	t.drawScreen(c, images.Rect{X: margin, Y: top, W: w, H: h1}, p)
	t.drawCards(c, images.Rect{X: margin + w + gap, Y: top, W: w, H: h1}, pictures.Text("YourEquipment").In(t.lang), t.Hand)
	t.drawTiles(c, images.Rect{X: margin + 2*(w+gap), Y: top, W: w, H: h1})
	y := top + h1 + gap
	cityW := 420.0
	t.drawCity(c, images.Rect{X: margin, Y: y, W: cityW, H: images.Height - y - 8}, p)
	rest := images.Rect{X: margin + cityW + gap, Y: y, W: images.Width - 2*margin - cityW - gap, H: images.Height - y - 8}
	if ch := t.Choice; ch != nil && len(ch.Cards) > 0 {
		t.drawCards(c, rest, t.in(ch.Prompt), ch.Cards)
		return
	}
	t.drawActions(c, rest, p)
}

// drawScreen shows the survivors behind the screen, large, and the leader
// set aside.
func (t *table) drawScreen(c *images.Canvas, r images.Rect, p armageddon.PlayerView) {
	body := c.Panel(r, pictures.Text("BehindYourScreen").In(t.lang), survivorColors[4])
	if p.Reserve == nil {
		return
	}
	names := [][2]games.Text{
		{pictures.Text("PlundererWord"), pictures.Text("PlunderersColumn")},
		{pictures.Text("Worker"), pictures.Text("Workers")},
		{pictures.Text("Soldier"), pictures.Text("Soldiers")},
		{pictures.Text("Engineer"), pictures.Text("Engineers")},
		{pictures.Text("Leader"), pictures.Text("Leaders")},
	}
	y := body.Y + 18
	for col := 1; col < 5; col++ {
		n := p.Reserve[col]
		c.Token(body.X+16, y, 15, survivorColors[col], survivorLetters[col:col+1])
		c.SetColor(images.ColorInk)
		c.SetFont(images.Bold, 24)
		c.Text(strconv.Itoa(n), body.X+42, y, 0)
		c.SetColor(images.ColorMuted)
		c.Fit(games.Count(n, names[col][0], names[col][1]).In(t.lang), body.X+80, y, body.W-80, 0, images.Regular, 22)
		y += 36
	}
	c.SetColor(images.ColorMuted)
	line := fmt.Sprintf(pictures.Text("SurvivorsInAllShelter").In(t.lang), p.Survivors, p.Shelter)
	if p.Aside > 0 {
		line += pictures.Text("LeaderSetAside").In(t.lang)
	}
	c.Fit(line, body.X, y, body.W, 0, images.Regular, smallPx)
	y += lineH + 4
	for _, a := range t.Areas {
		for _, b := range a.Bids {
			if b.Seat != p.Seat {
				continue
			}
			c.SetColor(images.ColorMuted)
			w := c.Fit(t.in(a.Name), body.X, y, 110, 0, images.Regular, smallPx)
			chips(c, b.Survivors, body.X+max(w+8, 100), y, smallPx)
			y += lineH + 2
		}
	}
}

// drawCards lists cards by kind with their counts.
func (t *table) drawCards(c *images.Canvas, r images.Rect, title string, cards []armageddon.CardView) {
	body := c.Panel(r, title, equipmentColor(armageddon.CardView{Kind: "map"}))
	var order []armageddon.CardView
	count := map[string]int{}
	for _, cv := range cards {
		if count[cv.Kind] == 0 {
			order = append(order, cv)
		}
		count[cv.Kind]++
	}
	if len(order) == 0 {
		c.SetColor(images.ColorFaint)
		c.Fit(pictures.Text("NoCards").In(t.lang), body.X, body.Y+16, body.W, 0, images.Regular, smallPx)
		return
	}
	cols := 1
	if float64(len(order))*26 > body.H {
		cols = 2
	}
	colW := body.W / float64(cols)
	perCol := (len(order) + cols - 1) / cols
	for i, cv := range order {
		x := body.X + float64(i/perCol)*colW
		y := body.Y + 14 + float64(i%perCol)*26
		c.DrawRoundedRectangle(x, y-9, 8, 18, 3)
		c.SetColor(equipmentColor(cv))
		c.Fill()
		c.SetColor(images.ColorInk)
		c.SetFont(images.Bold, smallPx)
		c.Text(fmt.Sprintf("%d×", count[cv.Kind]), x+14, y, 0)
		c.Fit(t.in(cv.Name), x+50, y, colW-56, 0, images.Regular, smallPx)
	}
}

// drawTiles shows the private scoring tiles and the public ones with what
// each pays the seat now.
func (t *table) drawTiles(c *images.Canvas, r images.Rect) {
	body := c.Panel(r, pictures.Text("ScoringTiles").In(t.lang), images.ColorGold)
	y := body.Y + 14
	row := func(label string, tv armageddon.TileView) {
		c.SetColor(images.ColorMuted)
		c.Fit(label, body.X, y, body.W, 0, images.Bold, smallPx)
		y += lineH
		c.SetColor(images.ColorInk)
		for _, line := range wrap(c, t.in(tv.Text), body.W) {
			c.Text(line, body.X, y, 0)
			y += lineH
		}
		c.SetColor(images.ColorGood)
		c.Fit(fmt.Sprintf(pictures.Text("NowPoints").In(t.lang), tv.Now), body.X, y, body.W, 0, images.Bold, smallPx)
		y += lineH + 6
	}
	for _, tv := range t.PrivateTiles {
		row(pictures.Text("PrivateShort").In(t.lang)+tv.ID, tv)
	}
	for i, tv := range t.Public {
		if tv.Scored {
			continue
		}
		c.SetColor(images.ColorMuted)
		w := c.Fit(fmt.Sprintf(pictures.Text("PublicTileNumbered").In(t.lang), i+1, t.tileShort(tv)), body.X, y, body.W-110, 0, images.Bold, smallPx)
		c.SetColor(images.ColorGood)
		c.Fit(fmt.Sprintf(pictures.Text("NowShort").In(t.lang), tv.Now), body.X+w+10, y, body.W-w-10, 0, images.Bold, smallPx)
		y += lineH
	}
}

func wrap(c *images.Canvas, s string, w float64) []string {
	c.SetFont(images.Regular, smallPx)
	return c.Wrap(s, w)
}

// drawActions says what the seat is asked to do, if anything, and lists
// the actions of its city with their costs and this round's activations,
// named as "use 3a" names them.
func (t *table) drawActions(c *images.Canvas, r images.Rect, p armageddon.PlayerView) {
	title := pictures.Text("YourCitySActions").In(t.lang)
	for _, a := range t.Actors {
		if a.Seat == t.Seat {
			title = pictures.Text("YourTurn").In(t.lang) + t.in(a.Prompt)
		}
	}
	body := c.Panel(r, title, images.Seat(int(t.Seat)).Color)
	y := body.Y + 14
	row := func(ref, name string, draw func(x float64) float64) {
		if y > body.Y+body.H-8 {
			return
		}
		c.SetColor(images.ColorInk)
		c.SetFont(images.Bold, smallPx)
		c.Text(ref, body.X, y, 0)
		rw, _ := c.MeasureString(ref)
		x := draw(body.X + max(44, rw+12))
		c.SetColor(images.ColorMuted)
		c.Fit(name, body.X+body.W, y, body.X+body.W-x-8, 1, images.Regular, smallPx)
		y += lineH + 2
	}
	for sp, b := range p.City {
		if b == nil {
			continue
		}
		for _, a := range b.Actions {
			ref := a.Ref
			if ref == "" {
				ref = strconv.Itoa(sp + 1)
			}
			row(ref, t.in(b.Name), func(x float64) float64 {
				c.SetColor(images.ColorMuted)
				c.SetFont(images.Regular, smallPx)
				c.Text(usesText(a), x, y, 0)
				x += 44
				x += costChips(c, a.Cost, x, y) + 6
				c.SetColor(images.ColorInk)
				c.SetFont(images.Regular, smallPx)
				s := t.shortAction(a)
				c.Text(s, x, y, 0)
				sw, _ := c.MeasureString(s)
				return x + sw
			})
		}
	}
	rule := func(ref, text string) {
		row(ref, "", func(x float64) float64 {
			c.SetColor(images.ColorInk)
			return x + c.Fit(text, x, y, body.X+body.W-x, 0, images.Regular, smallPx)
		})
	}
	rule("repair", pictures.Text("OneDamageFieldY").In(t.lang))
	if !p.Extension {
		rule("extension", pictures.Text("OncePerGameAny").In(t.lang))
	}
}
