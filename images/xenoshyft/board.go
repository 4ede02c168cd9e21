package xenoshyft

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"strings"

	"github.com/playbychat/pbc/games"

	"github.com/playbychat/pbc/games/xenoshyft"
	"github.com/playbychat/pbc/images"
)

// Layout of the public board below the headline strip: the lanes one under
// the other, and the stacks to buy from along the bottom.
var (
	rectLanes  = images.Rect{X: 12, Y: images.BodyTop, W: images.Width - 24, H: 500}
	rectStacks = images.Rect{X: 12, Y: images.BodyTop + 508, W: images.Width - 24, H: 212}
)

const (
	infoW   = 226.0 // the player block at the left of a lane
	zones   = 4     // enemy and troop zones per lane
	zoneGap = 6.0
)

func (t *table) drawBoard(c *images.Canvas) {
	n := len(t.Lanes)
	if n > 0 {
		const gap = 8
		h := min(240, (rectLanes.H-gap*float64(n-1))/float64(n))
		for i, l := range t.Lanes {
			t.drawLane(c, images.Rect{X: rectLanes.X, Y: rectLanes.Y + float64(i)*(h+gap), W: rectLanes.W, H: h}, l, true)
		}
	}
	t.drawStacks(c)
}

// headline is the strip: who must act and what the table is doing (how
// many are ready in the phases everyone plays at once), or the outcome;
// round, wave and the base's hit points; the turn's changes.
func (t *table) headline(changes []string) images.Headline {
	h := images.Headline{
		Game:    "XENOSHYFT",
		Round:   fmt.Sprintf(t.tr("Round %d/9 · Wave %d", "Runde %d/9 · Welle %d"), t.Round, t.Wave),
		Scores:  []images.Score{{Seat: -1, Icon: images.IconHeart, Color: colorHP, Text: fmt.Sprintf("%d/%d", t.BaseHP, t.BaseMax), Value: t.BaseHP, Max: max(t.BaseMax, 1)}},
		Changes: changes,
	}
	if t.Finished {
		h.Over, h.Doing = true, t.tr("The base has fallen.", "Die Basis ist gefallen.")
		if t.Won {
			h.Doing = t.tr("The base held: victory!", "Die Basis hat gehalten: Sieg!")
		}
		return h
	}
	step := t.Step.In(t.lang)
	if step == "" {
		step = phaseTexts[t.Phase].In(t.lang)
	}
	h.Seats = t.acting()
	switch {
	case len(h.Seats) == 1:
		h.Doing = t.name(games.Seat(h.Seats[0])) + " · " + step
	case t.Phase == "supply" || t.Phase == "deploy" || t.Phase == "collect":
		h.Doing = phaseTexts[t.Phase].In(t.lang) + " · " +
			fmt.Sprintf(t.tr("%d of %d ready", "%d von %d bereit"), len(t.Players)-len(h.Seats), len(t.Players))
	default:
		h.Doing = step
	}
	return h
}

// acting lists the seats that must act now, as the engine's ToAct does, from
// what the view shows: who has not chosen a division, not declared ready,
// not passed the open reaction window, or must order revealed enemies.
func (t *table) acting() []int {
	if len(t.OrderPending) > 0 {
		return []int{int(t.OrderSeat)}
	}
	var out []int
	for _, p := range t.Players {
		switch t.Phase {
		case "division":
			if p.Division.In(t.lang) != "" {
				continue
			}
		case "supply", "deploy", "collect":
			if p.Ready {
				continue
			}
		case "combat":
			if p.Passed {
				continue
			}
		default:
			continue
		}
		out = append(out, int(p.Seat))
	}
	return out
}

func (t *table) player(s games.Seat) *xenoshyft.PlayerView {
	for i := range t.Players {
		if t.Players[i].Seat == s {
			return &t.Players[i]
		}
	}
	return nil
}

// drawLane draws one lane: the owner's block, the enemy zones (front zone
// next to the troops) and the troop zones. withInfo leaves out the owner's
// block when false (the hand picture names the seat elsewhere).
func (t *table) drawLane(c *images.Canvas, r images.Rect, l xenoshyft.LaneView, withInfo bool) {
	fighting := l.State == "fighting" || l.State == "overrun"
	if fighting {
		c.Frame(r, images.ColorPanel, stateColor(l.State), 4)
	} else {
		c.Frame(r, images.ColorPanel, images.ColorEdge, 2)
	}
	x := r.X + 8
	if withInfo {
		t.drawLaneInfo(c, images.Rect{X: r.X + 8, Y: r.Y + 6, W: infoW - 12, H: r.H - 12}, l)
		x = r.X + infoW
	}
	zh := r.H - 12
	zw := (r.X + r.W - 8 - x - 14 - zoneGap*float64(2*zones-2)) / float64(2*zones)
	// Enemies: zone 1 (index 0) is the front, drawn rightmost.
	for i := 0; i < zones; i++ {
		zr := images.Rect{X: x + float64(zones-1-i)*(zw+zoneGap), Y: r.Y + 6, W: zw, H: zh}
		if i < len(l.Enemies) {
			drawEnemy(c, t, zr, l.Enemies[i])
		} else {
			emptyZone(c, zr)
		}
	}
	if extra := len(l.Enemies) - zones; extra > 0 {
		c.Chip(fmt.Sprintf("+%d", extra), x+4, r.Y+22, 0, colorEnemy, images.ColorInk, images.Bold, 20)
	}
	// The front line between enemies and troops.
	fx := x + float64(zones)*(zw+zoneGap) + 4
	c.SetColor(images.ColorFaint)
	c.SetLineWidth(2)
	c.SetDash(6, 5)
	c.DrawLine(fx, r.Y+8, fx, r.Y+r.H-8)
	c.Stroke()
	c.SetDash()
	tx := fx + 10
	for i := 0; i < zones; i++ {
		zr := images.Rect{X: tx + float64(i)*(zw+zoneGap), Y: r.Y + 6, W: zw, H: zh}
		if i < len(l.Troops) {
			drawTroop(c, t, zr, l.Troops[i])
		} else {
			emptyZone(c, zr)
		}
	}
}

// drawLaneInfo draws the owner of a lane: seat, name, division, the lane's
// state, who is ready or has passed, and hand, deck and discard sizes.
func (t *table) drawLaneInfo(c *images.Canvas, r images.Rect, l xenoshyft.LaneView) {
	y := r.Y + 16
	c.SeatBadge(r.X+14, y, 13, int(l.Owner))
	c.SetColor(images.ColorInk)
	c.Fit(t.name(l.Owner), r.X+34, y, r.W-36, 0, images.Bold, 22)
	p := t.player(l.Owner)
	if p == nil {
		return
	}
	tall := r.H > 140
	y += 26
	// The lane as moves name it ("deploy c12 lane2"), then the division.
	lane := fmt.Sprintf("lane%d", l.Number)
	c.SetColor(images.ColorInk)
	c.SetFont(images.Bold, 18)
	c.Text(lane, r.X+2, y, 0)
	lw, _ := c.MeasureString(lane + " ")
	c.SetColor(images.ColorMuted)
	c.Fit("· "+p.Division.In(t.lang), r.X+2+lw, y, r.W-4-lw, 0, images.Regular, 18)
	y += 28
	x := r.X + 2
	if s, ok := stateTexts[l.State]; ok {
		x += c.Chip(s.In(t.lang), x, y, 0, stateColor(l.State), images.ColorBackground, images.Bold, 18) + 6
	}
	switch {
	case p.Passed:
		x += c.Chip(t.tr("passed", "gepasst"), x, y, 0, images.ColorFaint, images.ColorInk, images.Bold, 18) + 6
	case p.Ready:
		x += c.Chip(t.tr("ready", "bereit"), x, y, 0, images.ColorGood, images.ColorBackground, images.Bold, 18) + 6
	}
	if p.Autopass && x < r.X+r.W-60 {
		c.Chip("auto", x, y, 0, images.ColorPanelHi, images.ColorMuted, images.Regular, 18)
	}
	if !tall {
		y = r.Y + r.H - 12
	} else {
		y += 32
	}
	x = r.X + 2
	for _, n := range []struct {
		label string
		v     int
	}{{t.tr("hand", "Hand"), p.HandSize}, {t.tr("deck", "Deck"), p.Deck}, {t.tr("disc.", "Abl."), p.Discard}} {
		c.SetColor(images.ColorMuted)
		c.SetFont(images.Regular, 18)
		c.Text(n.label, x, y, 0)
		w, _ := c.MeasureString(n.label + " ")
		c.SetColor(images.ColorInk)
		c.SetFont(images.Bold, 18)
		v := fmt.Sprint(n.v)
		c.Text(v, x+w, y, 0)
		vw, _ := c.MeasureString(v)
		x += w + vw + 12
	}
}

func emptyZone(c *images.Canvas, r images.Rect) {
	c.DrawRoundedRectangle(r.X, r.Y, r.W, r.H, 6)
	c.SetColor(images.ColorFaint)
	c.SetLineWidth(1.5)
	c.SetDash(4, 4)
	c.Stroke()
	c.SetDash()
}

// zoneCard draws the frame of a card in a lane zone with its name on up to
// two lines in the coloured header, and returns the y below the header.
func zoneCard(c *images.Canvas, r images.Rect, name string, col color.RGBA) float64 {
	c.SetFont(images.Bold, 20)
	lines := []string{name}
	if w, _ := c.MeasureString(name); w > r.W-12 {
		c.SetFont(images.Bold, images.MinTextPx)
		lines = c.Wrap(name, r.W-12)
		if len(lines) > 2 {
			lines = []string{lines[0], c.Ellipsize(strings.Join(lines[1:], " "), r.W-12)}
		}
	}
	lh := c.FontPx() + 2
	headH := 10 + lh*float64(len(lines))
	c.DrawRoundedRectangle(r.X, r.Y, r.W, r.H, 7)
	c.SetColor(images.Mix(images.ColorPanelHi, col, 0.15))
	c.FillPreserve()
	c.SetColor(col)
	c.SetLineWidth(3)
	c.Stroke()
	c.DrawRoundedRectangle(r.X, r.Y, r.W, headH, 7)
	c.DrawRectangle(r.X, r.Y+headH-7, r.W, 7)
	c.Fill()
	c.SetColor(images.ColorBackground)
	for i, l := range lines {
		c.Text(l, r.X+6, r.Y+5+lh*(float64(i)+0.5), 0)
	}
	return r.Y + headH
}

// footerY is the middle of a zone card's bottom line, which holds the
// handle moves name the card by: "c12" for a troop, "e2.1" for an enemy.
func footerY(r images.Rect) float64 { return r.Y + r.H - 14 }

// footerRef draws ref at the left of a zone card's bottom line and returns
// where the line continues.
func footerRef(c *images.Canvas, r images.Rect, ref string) float64 {
	c.SetColor(images.ColorInk)
	c.SetFont(images.Bold, images.MinTextPx)
	c.Text(ref, r.X+7, footerY(r), 0)
	w, _ := c.MeasureString(ref)
	return r.X + 7 + w + 8
}

// drawEnemy draws an enemy: a card back showing its wave while face down;
// name, attack, hit points and damage once revealed. Either way its place
// ("e2.1") is on the bottom line, and its card id too while a reveal order
// waits for "first c55".
func drawEnemy(c *images.Canvas, t *table, r images.Rect, e xenoshyft.EnemyView) {
	if !e.FaceUp || e.Card == nil {
		c.DrawRoundedRectangle(r.X, r.Y, r.W, r.H, 6)
		c.SetColor(colorBack)
		c.FillPreserve()
		c.SetColor(images.Mix(colorBack, colorEnemy, 0.6))
		c.SetLineWidth(2)
		c.Stroke()
		c.Icon(images.IconStar, r.CX(), r.CY()-10, min(r.H*0.4, 40), images.Mix(colorBack, colorEnemy, 0.5))
		x := footerRef(c, r, e.Ref)
		c.SetColor(images.ColorMuted)
		c.Fit(fmt.Sprintf(t.tr("wave %d", "Welle %d"), e.Wave), r.X+r.W-7, footerY(r), r.X+r.W-7-x, 1, images.Regular, 18)
		return
	}
	col := colorEnemy
	if e.Boss {
		col = colorBoss
	}
	y := zoneCard(c, r, e.Card.Name.In(t.lang), col) + 16
	fightStats(c, r, y, e.Attack, e.HP, e.Damage, 0)
	y += 26
	x := footerRef(c, r, e.Ref)
	if slices.Contains(t.OrderPending, e.Card.ID) {
		c.SetColor(images.ColorGold)
		c.Text(e.Card.Ref, x, footerY(r), 0)
	}
	if e.Boss && y < footerY(r)-20 {
		c.SetColor(images.ColorGold)
		c.Fit(t.tr("boss", "Anführer"), r.X+8, y, r.W-16, 0, images.Bold, 18)
		y += 24
	}
	cardText(c, r, y, e.Card.Text.In(t.lang))
}

// drawTroop draws a troop with its values, damage, shield, equipment and a
// mark for a used ability, and its card id on the bottom line. Equipment
// that finds no line of its own above goes on the bottom line too.
func drawTroop(c *images.Canvas, t *table, r images.Rect, tv xenoshyft.TroopView) {
	y := zoneCard(c, r, tv.Card.Name.In(t.lang), colorTroop) + 16
	fightStats(c, r, y, tv.Attack, tv.HP, tv.Damage, tv.Shield)
	y += 24
	fx := footerRef(c, r, tv.Card.Ref)
	right := r.X + r.W - 4
	if tv.AbilityUsed {
		c.Token(r.X+r.W-14, footerY(r), 11, images.ColorGold, "")
		c.Icon(images.IconEvent, r.X+r.W-14, footerY(r), 14, images.ColorBackground)
		right -= 24
	}
	var items []*xenoshyft.CardView
	for _, eq := range []*xenoshyft.CardView{tv.Weapon, tv.Armour} {
		if eq != nil {
			items = append(items, eq)
		}
	}
	if r.H > 140 {
		// Tall cards give each item its id on a line below its name
		// ("equip c30 c12" moves it within a lane).
		for _, eq := range items {
			c.Icon(images.IconCrate, r.X+13, y, 14, colorItem)
			c.SetColor(images.ColorInk)
			c.Fit(eq.Name.In(t.lang), r.X+24, y, r.W-28, 0, images.Regular, 18)
			c.SetColor(images.ColorMuted)
			c.Fit(eq.Ref, r.X+24, y+21, r.W-28, 0, images.Bold, 18)
			y += 44
		}
		items = nil
	}
	var eqs []string
	for _, eq := range items {
		eqs = append(eqs, eq.Name.In(t.lang))
	}
	room := int(math.Floor((footerY(r)-20-y)/22)) + 1 // lines above the bottom line
	if room < 1 {
		// No line to spare: a mark per item; the values above count them.
		for range eqs {
			c.Icon(images.IconCrate, fx+6, footerY(r), 14, colorItem)
			fx += 18
		}
		eqs = nil
	}
	if len(eqs) > max(room, 1) {
		eqs = []string{strings.Join(eqs, " + ")}
	}
	for _, eq := range eqs {
		c.Icon(images.IconCrate, r.X+13, y, 14, colorItem)
		c.SetColor(images.ColorInk)
		c.Fit(eq, r.X+24, y, r.W-28, 0, images.Regular, 18)
		y += 22
	}
	if tv.Fresh {
		c.SetFont(images.Regular, 18)
		if w, _ := c.MeasureString(t.tr("new", "neu")); fx+w+18 <= right {
			c.Chip(t.tr("new", "neu"), fx, footerY(r), 0, images.ColorPanelHi, images.ColorMuted, images.Regular, 18)
		}
	}
	cardText(c, r, y+4, tv.Card.Text.In(t.lang))
}

// cardText fills what is left of a tall zone card, from y down, with the
// card's rules text.
func cardText(c *images.Canvas, r images.Rect, y float64, text string) {
	const lh = 21.0
	room := int(math.Floor((r.Y+r.H-30-y)/lh)) + 1
	if text == "" || room < 2 {
		return
	}
	c.SetFont(images.Regular, images.MinTextPx)
	lines := c.Wrap(text, r.W-12)
	if len(lines) > room {
		lines = append(lines[:room-1], c.Ellipsize(strings.Join(lines[room-1:], " "), r.W-12))
	}
	c.SetColor(images.ColorMuted)
	for i, l := range lines {
		c.Text(l, r.X+6, y+float64(i)*lh, 0)
	}
}

// fightStats draws attack and hit points centred on y; damage shows as the
// hit points left in red over the full value, a shield as a blue one.
func fightStats(c *images.Canvas, r images.Rect, y float64, attack, hp, damage, shield int) {
	x := r.X + 6
	c.Icon(images.IconSword, x+9, y, 18, images.ColorInk)
	c.SetColor(images.ColorInk)
	c.SetFont(images.Bold, 20)
	s := fmt.Sprint(attack)
	c.Text(s, x+20, y, 0)
	w, _ := c.MeasureString(s)
	x += 20 + w + 8
	c.Icon(images.IconHeart, x+9, y, 18, colorHP)
	left := hp - damage
	s = fmt.Sprint(left)
	if damage > 0 {
		c.SetColor(images.ColorBad)
	} else {
		c.SetColor(images.ColorInk)
	}
	c.Text(s, x+20, y, 0)
	w, _ = c.MeasureString(s)
	x += 20 + w
	if damage > 0 {
		c.SetColor(images.ColorMuted)
		c.SetFont(images.Regular, 18)
		c.Text(fmt.Sprintf("/%d", hp), x, y, 0)
		w, _ := c.MeasureString(fmt.Sprintf("/%d", hp))
		x += w
	}
	if shield > 0 && x+30 < r.X+r.W {
		c.Icon(images.IconShield, x+14, y, 18, colorItem)
		c.SetColor(images.ColorInk)
		c.SetFont(images.Bold, 18)
		c.Text(fmt.Sprint(shield), x+25, y, 0)
	}
}

// drawStacks draws the troop and item stacks with costs and counts, and the
// resource piles and encounter decks.
func (t *table) drawStacks(c *images.Canvas) {
	r := rectStacks
	const gap = 8
	decksW := 234.0
	w := (r.W - decksW - 2*gap) / 2
	t.drawStackPanel(c, images.Rect{X: r.X, Y: r.Y, W: w, H: r.H}, t.tr("Troops", "Truppen"), colorTroop, t.Troops)
	t.drawStackPanel(c, images.Rect{X: r.X + w + gap, Y: r.Y, W: w, H: r.H}, t.tr("Items", "Gegenstände"), colorItem, t.Items)
	t.drawDecks(c, images.Rect{X: r.X + 2*w + 2*gap, Y: r.Y, W: decksW, H: r.H})
}

func (t *table) drawStackPanel(c *images.Canvas, r images.Rect, title string, col color.RGBA, stacks []xenoshyft.StackView) {
	in := c.Panel(r, title, col)
	const cols, rowH = 2, 34.0
	rows := (len(stacks) + cols - 1) / cols
	cw := (in.W - 8) / cols
	for i, s := range stacks {
		x := in.X + float64(i/rows)*(cw+8)
		y := in.Y + 14 + float64(i%rows)*rowH
		dim := s.Locked || s.Count == 0
		c.CostBadge(x+14, y, 13, s.Card.Cost)
		c.SetColor(images.ColorInk)
		if dim {
			c.SetColor(images.ColorFaint)
		}
		c.SetFont(images.Bold, 18)
		c.Text(s.Ref, x+31, y, 0) // as in "buy t3"
		rw, _ := c.MeasureString(s.Ref)
		nx := x + 31 + rw + 6
		count := fmt.Sprintf("×%d", s.Count)
		c.SetFont(images.Bold, 18)
		cw2, _ := c.MeasureString(count)
		c.SetColor(images.ColorInk)
		if dim {
			c.SetColor(images.ColorFaint)
		}
		c.Text(count, x+cw, y, 1)
		right := x + cw - cw2 - 8
		if s.Locked {
			c.Icon(images.IconLock, right-8, y, 16, images.ColorFaint)
			right -= 22
		}
		if !dim {
			c.SetColor(images.ColorInk)
		}
		c.Fit(s.Card.Name.In(t.lang), nx, y, right-nx, 0, images.Regular, 19)
	}
}

// drawDecks draws the resource piles and the three encounter decks.
func (t *table) drawDecks(c *images.Canvas, r images.Rect) {
	in := c.Panel(r, t.tr("Supply", "Vorrat"), colorResource)
	y := in.Y + 14
	x := in.X
	for _, s := range t.Resources {
		c.Token(x+14, y, 13, colorResource, fmt.Sprint(s.Card.Value))
		c.SetColor(images.ColorInk)
		c.SetFont(images.Bold, 18)
		c.Text(fmt.Sprintf("×%d", s.Count), x+32, y, 0)
		x += (in.W) / 3
	}
	y += 36
	for _, p := range t.Encounter {
		col := images.ColorMuted
		if p.Active {
			col = images.ColorInk
			c.DrawRoundedRectangle(in.X-4, y-15, in.W+8, 30, 6)
			c.SetColor(images.Mix(images.ColorPanelHi, colorEnemy, 0.3))
			c.Fill()
		}
		c.SetColor(col)
		c.Fit(fmt.Sprintf(t.tr("Wave %d", "Welle %d"), p.Wave), in.X+2, y, 90, 0, images.Bold, 18)
		c.Icon(images.IconDeck, in.X+110, y, 18, col)
		c.SetFont(images.Regular, 18)
		c.Text(fmt.Sprint(p.Deck), in.X+124, y, 0)
		c.Icon(images.IconDiscard, in.X+170, y, 18, col)
		c.Text(fmt.Sprint(p.Discard), in.X+184, y, 0)
		y += 34
	}
}
