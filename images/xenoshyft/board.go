package xenoshyft

import (
	"fmt"
	"image/color"
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
	infoW   = 238.0 // the player block at the left of a lane
	zones   = 4     // enemy and troop zones per lane
	zoneGap = 5.0
	// enemyShare is an enemy zone's width as a share of the mean zone.
	enemyShare = 0.88
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
		Round:   fmt.Sprintf(pictures.Text("RoundWave").In(t.lang), t.Round, t.Wave),
		Scores:  []images.Score{{Seat: -1, Icon: images.IconHeart, Color: colorHP, Text: fmt.Sprintf("%d/%d", t.BaseHP, t.BaseMax), Value: t.BaseHP, Max: max(t.BaseMax, 1)}},
		Changes: changes,
	}
	if t.Finished {
		h.Over, h.Doing = true, pictures.Text("TheBaseHasFallen").In(t.lang)
		if t.Won {
			h.Doing = pictures.Text("TheBaseHeldVictory").In(t.lang)
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
	case t.Phase == xenoshyft.PhaseSupply || t.Phase == xenoshyft.PhaseDeploy || t.Phase == xenoshyft.PhaseCollect:
		h.Doing = phaseTexts[t.Phase].In(t.lang) + " · " +
			fmt.Sprintf(pictures.Text("OfReady").In(t.lang), len(t.Players)-len(h.Seats), len(t.Players))
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
		case xenoshyft.PhaseDivision:
			if p.Division.In(t.lang) != "" {
				continue
			}
		case xenoshyft.PhaseSupply, xenoshyft.PhaseDeploy, xenoshyft.PhaseCollect:
			if p.Ready {
				continue
			}
		case xenoshyft.PhaseCombat:
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
	// Troop zones are wider than enemy zones: a troop shows its
	// equipment too.
	all := (r.X + r.W - 8 - x - 14 - zoneGap*float64(2*zones-2)) / float64(2*zones)
	ew := all * enemyShare
	tw := 2*all - ew
	// Enemies: zone 1 (index 0) is the front, drawn rightmost. Enemies
	// beyond the fourth zone are counted in the owner's block.
	for i := 0; i < zones; i++ {
		zr := images.Rect{X: x + float64(zones-1-i)*(ew+zoneGap), Y: r.Y + 6, W: ew, H: zh}
		if i < len(l.Enemies) {
			drawEnemy(c, t, zr, l.Enemies[i])
		} else {
			emptyZone(c, zr)
		}
	}
	// The front line between enemies and troops.
	fx := x + float64(zones)*(ew+zoneGap) + 4
	c.SetColor(images.ColorFaint)
	c.SetLineWidth(2)
	c.SetDash(6, 5)
	c.DrawLine(fx, r.Y+8, fx, r.Y+r.H-8)
	c.Stroke()
	c.SetDash()
	tx := fx + 10
	for i := 0; i < zones; i++ {
		zr := images.Rect{X: tx + float64(i)*(tw+zoneGap), Y: r.Y + 6, W: tw, H: zh}
		if i < len(l.Troops) {
			drawTroop(c, t, zr, l.Troops[i])
		} else {
			emptyZone(c, zr)
		}
	}
}

// drawLaneInfo draws the owner of a lane: seat, name, the lane as moves
// name it and the division, chips for the lane's state, enemies beyond the
// fourth zone and whether the owner is ready or has passed, and hand, deck
// and discard sizes.
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
	lane := fmt.Sprintf("lane%d", l.Number) // as in "deploy c12 lane2"
	c.SetColor(images.ColorInk)
	c.SetFont(images.Bold, images.MinTextPx)
	c.Text(lane, r.X+2, y, 0)
	lw, _ := c.MeasureString(lane + " ")
	c.SetColor(images.ColorMuted)
	c.Fit(p.Division.In(t.lang), r.X+2+lw, y, r.W-4-lw, 0, images.Regular, 18)
	y += 28
	type chip struct {
		text   string
		bg, fg color.Color
	}
	var chips []chip
	if s, ok := stateTexts[l.State]; ok {
		chips = append(chips, chip{s.In(t.lang), stateColor(l.State), images.ColorBackground})
	}
	if extra := len(l.Enemies) - zones; extra > 0 {
		chips = append(chips, chip{pictures.Count("MoreEnemies", extra, extra).In(t.lang), colorEnemy, images.ColorInk})
	}
	switch {
	case p.Passed:
		chips = append(chips, chip{pictures.Text("Passed").In(t.lang), images.ColorFaint, images.ColorInk})
	case p.Ready:
		chips = append(chips, chip{pictures.Text("Ready").In(t.lang), images.ColorGood, images.ColorBackground})
	}
	if p.Autopass {
		chips = append(chips, chip{"auto", images.ColorPanelHi, images.ColorMuted})
	}
	// Chips that would run past the block are left out: the most
	// important come first.
	x := r.X + 2
	for _, ch := range chips {
		c.SetFont(images.Bold, images.MinTextPx)
		w, _ := c.MeasureString(ch.text)
		if x+w+images.MinTextPx > r.X+r.W {
			break
		}
		x += c.Chip(ch.text, x, y, 0, ch.bg, ch.fg, images.Bold, images.MinTextPx) + 6
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
	}{{pictures.Text("HandShort").In(t.lang), p.HandSize}, {pictures.Text("DeckShort").In(t.lang), p.Deck}, {pictures.Text("Disc").In(t.lang), p.Discard}} {
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

// Lines of a zone card: its name in the header (bold, one line at 20 px or
// up to two at 18, long words broken with a hyphen), then its values,
// lines for equipment or text, and the bottom line with its handles.
const (
	zonePad    = 6.0
	zoneLineH  = 20.0 // a line of equipment or text
	zoneStatsH = 24.0 // the values under the header
	zoneFootH  = 26.0 // the bottom line
	// twoLineHead is the height of a header holding two lines.
	twoLineHead = 8 + 2*(images.MinTextPx+2)
)

// zoneCard draws the frame of a card in a lane zone with its name in the
// coloured header on at most maxLines lines, and returns the y below the
// header. A name cut short is looked up by the card id on the bottom line.
func zoneCard(c *images.Canvas, r images.Rect, name string, col color.RGBA, maxLines int) float64 {
	w := r.W - 2*zonePad
	c.SetFont(images.Bold, 20)
	lines := []string{name}
	if nw, _ := c.MeasureString(name); nw > w {
		c.SetFont(images.Bold, images.MinTextPx)
		lines = c.Wrap(name, w)
		switch {
		case len(lines) <= maxLines:
		case maxLines == 1:
			lines = []string{c.Ellipsize(name, w)}
		default:
			lines = append(lines[:maxLines-1], c.Ellipsize(strings.Join(lines[maxLines-1:], " "), w))
		}
	}
	lh := c.FontPx() + 2
	headH := 8 + lh*float64(len(lines))
	c.FillRoundRect(r, 7, images.Mix(images.ColorPanelHi, col, 0.15))
	c.StrokeRoundRect(r, 7, col, 3)
	c.FillRoundRect(images.Rect{X: r.X, Y: r.Y, W: r.W, H: headH}, 7, col)
	c.FillRoundRect(images.Rect{X: r.X, Y: r.Y + headH - 7, W: r.W, H: 7}, 0, col)
	c.SetColor(images.ColorBackground)
	for i, l := range lines {
		c.Text(l, r.X+zonePad, r.Y+4+lh*(float64(i)+0.5), 0)
	}
	return r.Y + headH
}

// footerY is the middle of a zone card's bottom line, which holds the
// handles moves and /card name the card by: "c12" for a troop, "e2.1" and
// the card's id for an enemy.
func footerY(r images.Rect) float64 { return r.Y + r.H - zoneFootH/2 }

// footerRef draws ref at x on a zone card's bottom line and returns where
// the line continues.
func footerRef(c *images.Canvas, r images.Rect, x float64, ref string, col color.Color) float64 {
	c.SetColor(col)
	c.SetFont(images.Bold, images.MinTextPx)
	c.Text(ref, x, footerY(r), 0)
	w, _ := c.MeasureString(ref)
	return x + w + 8
}

// drawEnemy draws an enemy: a card back showing its wave while face down;
// name, attack, hit points, damage and its text once revealed. Its place
// ("e2.1") is on the bottom line and, once revealed, its card id, by which
// "/card" shows the text the card has no room for (and "first c55" orders
// reveals).
func drawEnemy(c *images.Canvas, t *table, r images.Rect, e xenoshyft.EnemyView) {
	if !e.FaceUp || e.Card == nil {
		c.FillRoundRect(r, 6, colorBack)
		c.StrokeRoundRect(r, 6, images.Mix(colorBack, colorEnemy, 0.6), 2)
		c.Icon(images.IconStar, r.CX(), r.CY()-10, min(r.H*0.4, 40), images.Mix(colorBack, colorEnemy, 0.5))
		footerRef(c, r, r.X+7, e.Ref, images.ColorInk)
		// The wave as "W2", short enough for any zone and both languages.
		c.SetColor(images.ColorMuted)
		c.SetFont(images.Regular, images.MinTextPx)
		c.Text(fmt.Sprintf("W%d", e.Wave), r.X+r.W-7, footerY(r), 1)
		return
	}
	col := colorEnemy
	if e.Boss {
		col = colorBoss
	}
	y := zoneCard(c, r, e.Card.Name.In(t.lang), col, 2) + zoneStatsH/2 + 2
	fightStats(c, r, y, e.Attack, e.HP, e.Damage, 0)
	y += zoneStatsH/2 + 2
	x := footerRef(c, r, r.X+7, e.Ref, images.ColorInk)
	idCol := images.ColorMuted
	if slices.Contains(t.OrderPending, e.Card.ID) {
		idCol = images.ColorGold
	}
	footerRef(c, r, x, e.Card.Ref, idCol)
	text := e.Card.Text.In(t.lang)
	if e.Boss {
		// The boss mark leads the text, so that it shows even when the
		// text has no room.
		c.SetColor(images.ColorGold)
		c.SetFont(images.Bold, images.MinTextPx)
		boss := pictures.Text("Boss").In(t.lang)
		if y+zoneLineH <= r.Y+r.H-zoneFootH+4 {
			c.Text(boss, r.X+zonePad, y+zoneLineH/2, 0)
			y += zoneLineH
		}
	}
	cardText(c, r, y, text)
}

// drawTroop draws a troop with its values, damage, shield, equipment and
// marks for a used ability and a fresh deployment, and its card id on the
// bottom line.
func drawTroop(c *images.Canvas, t *table, r images.Rect, tv xenoshyft.TroopView) {
	// A name on two lines leaves no line for equipment on a short card:
	// then the name keeps one line.
	nameLines := 2
	if (tv.Weapon != nil || tv.Armour != nil) && r.H-twoLineHead-zoneStatsH-zoneFootH < zoneLineH {
		nameLines = 1
	}
	y := zoneCard(c, r, tv.Card.Name.In(t.lang), colorTroop, nameLines) + zoneStatsH/2 + 2
	fightStats(c, r, y, tv.Attack, tv.HP, tv.Damage, tv.Shield)
	y += zoneStatsH/2 + 2
	x := footerRef(c, r, r.X+7, tv.Card.Ref, images.ColorInk)
	right := r.X + r.W - 4
	if tv.AbilityUsed {
		c.Token(r.X+r.W-14, footerY(r), 11, images.ColorGold, "")
		c.Icon(images.IconEvent, r.X+r.W-14, footerY(r), 14, images.ColorBackground)
		right -= 24
	}
	if tv.Fresh {
		c.SetFont(images.Regular, images.MinTextPx)
		if w, _ := c.MeasureString(pictures.Text("New").In(t.lang)); x+w+images.MinTextPx <= right {
			c.Chip(pictures.Text("New").In(t.lang), x, footerY(r), 0, images.ColorPanelHi, images.ColorMuted, images.Regular, images.MinTextPx)
		}
	}
	y = t.drawEquipment(c, r, y, tv)
	cardText(c, r, y, tv.Card.Text.In(t.lang))
}

// drawEquipment lists a troop's weapon and armour from y down, one a line:
// its icon and name, or its card id and the cut name where the name does
// not fit; where the lines are too few, the icons and ids share one line.
// It returns the y below the list.
func (t *table) drawEquipment(c *images.Canvas, r images.Rect, y float64, tv xenoshyft.TroopView) float64 {
	type item struct {
		card *xenoshyft.CardView
		icon images.Icon
	}
	var items []item
	if tv.Weapon != nil {
		items = append(items, item{tv.Weapon, images.IconSword})
	}
	if tv.Armour != nil {
		items = append(items, item{tv.Armour, images.IconShield})
	}
	if len(items) == 0 {
		return y
	}
	room := int((r.Y + r.H - zoneFootH - y) / zoneLineH)
	w := r.W - 2*zonePad
	if room >= len(items) {
		for _, it := range items {
			c.Icon(it.icon, r.X+zonePad+7, y+zoneLineH/2, 14, colorItem)
			c.SetColor(images.ColorInk)
			c.Label(it.card.Name.In(t.lang), it.card.Ref, r.X+zonePad+18, y+zoneLineH/2, w-18, images.Regular, images.MinTextPx)
			y += zoneLineH
		}
		return y
	}
	// One line for all: icon and id each.
	x := r.X + zonePad
	mid := y + zoneLineH/2
	c.SetFont(images.Bold, images.MinTextPx)
	for _, it := range items {
		c.Icon(it.icon, x+7, mid, 14, colorItem)
		c.SetColor(images.ColorInk)
		c.Text(it.card.Ref, x+15, mid, 0)
		iw, _ := c.MeasureString(it.card.Ref)
		x += 15 + iw + 6
	}
	return y + zoneLineH
}

// cardText fills what is left of a zone card, from y down to its bottom
// line, with the card's rules text; the card's id on the bottom line leads
// to the whole text where it is cut or left out.
func cardText(c *images.Canvas, r images.Rect, y float64, text string) {
	bottom := r.Y + r.H - zoneFootH
	if text == "" || bottom-y < 2*zoneLineH {
		return
	}
	c.SetColor(images.ColorMuted)
	c.Paragraph(text, images.Rect{X: r.X + zonePad, Y: y + 2, W: r.W - 2*zonePad, H: bottom - y - 2}, images.Regular, images.MinTextPx, zoneLineH)
}

// fightStats draws attack and hit points centred on y; damage shows as the
// hit points left in red after which the full value follows, a shield as a
// blue one. Where the card is too narrow for all, the full value goes
// first.
func fightStats(c *images.Canvas, r images.Rect, y float64, attack, hp, damage, shield int) {
	const icon, gap = 17.0, 6.0
	measure := func(style images.Style, px float64, s string) float64 {
		c.SetFont(style, px)
		w, _ := c.MeasureString(s)
		return w
	}
	atk, left, full, shd := fmt.Sprint(attack), fmt.Sprint(hp-damage), fmt.Sprintf("/%d", hp), fmt.Sprint(shield)
	showFull := damage > 0
	showShield := shield > 0
	width := func() float64 {
		w := icon + measure(images.Bold, 20, atk) + gap + icon + measure(images.Bold, 20, left)
		if showFull {
			w += measure(images.Regular, images.MinTextPx, full)
		}
		if showShield {
			w += gap + icon + measure(images.Bold, images.MinTextPx, shd)
		}
		return w
	}
	if showFull && showShield && width() > r.W-2*zonePad {
		showFull = false
	}
	x := r.X + zonePad
	c.Icon(images.IconSword, x+8, y, 16, images.ColorInk)
	c.SetColor(images.ColorInk)
	x += icon + text(c, atk, x+icon, y, images.Bold, 20) + gap
	c.Icon(images.IconHeart, x+8, y, 16, colorHP)
	c.SetColor(images.ColorInk)
	if damage > 0 {
		c.SetColor(images.ColorBad)
	}
	x += icon + text(c, left, x+icon, y, images.Bold, 20)
	if showFull {
		c.SetColor(images.ColorMuted)
		x += text(c, full, x, y, images.Regular, images.MinTextPx)
	}
	if showShield {
		x += gap
		c.Icon(images.IconShield, x+8, y, 16, colorItem)
		c.SetColor(images.ColorInk)
		text(c, shd, x+icon, y, images.Bold, images.MinTextPx)
	}
}

// text draws s with its left edge at x and returns its width.
func text(c *images.Canvas, s string, x, y float64, style images.Style, px float64) float64 {
	c.SetFont(style, px)
	c.Text(s, x, y, 0)
	w, _ := c.MeasureString(s)
	return w
}

// The troop and item panels share the stacks' strip with the decks panel.
const (
	decksW      = 234.0
	stackGap    = 8.0
	stackPanelW = (images.Width - 24 - decksW - 2*stackGap) / 2
)

// drawStacks draws the troop and item stacks with costs and counts, and the
// resource piles and encounter decks.
func (t *table) drawStacks(c *images.Canvas) {
	r := rectStacks
	w := stackPanelW
	// The catalog lists the troop stacks by their handle, not the item
	// stacks, so only troop stacks mark their regions.
	t.drawStackPanel(c, images.Rect{X: r.X, Y: r.Y, W: w, H: r.H}, pictures.Text("Troops").In(t.lang), colorTroop, t.Troops, true)
	t.drawStackPanel(c, images.Rect{X: r.X + w + stackGap, Y: r.Y, W: w, H: r.H}, pictures.Text("Items").In(t.lang), colorItem, t.Items, false)
	t.drawDecks(c, images.Rect{X: r.X + 2*w + 2*stackGap, Y: r.Y, W: decksW, H: r.H})
}

// drawStackPanel draws stacks in two columns, one line per stack (cost,
// handle as in "buy t3", name, lock, count) when every name of the panel
// fits its line, else two lines per stack with the name across the whole
// cell, so that no name is cut where it fits (issue 16).
func (t *table) drawStackPanel(c *images.Canvas, r images.Rect, title string, col color.RGBA, stacks []xenoshyft.StackView, mark bool) {
	in := c.Panel(r, title, col)
	rows := max(1, (len(stacks)+stackCols-1)/stackCols)
	cw := stackCellW(in.W)
	twoLines := false
	for _, s := range stacks {
		room := stackLine(c, s, cw).nameW
		c.SetFont(images.Regular, images.MinTextPx)
		if w, _ := c.MeasureString(s.Card.Name.In(t.lang)); w > room {
			twoLines = true
		}
	}
	rowH := 34.0 // one line per stack
	if twoLines {
		rowH = in.H / float64(rows)
	}
	for i, s := range stacks {
		cell := images.Rect{X: in.X + float64(i/rows)*(cw+stackCellGap), Y: in.Y - 3 + float64(i%rows)*rowH, W: cw, H: rowH}
		if mark {
			c.Mark(cell, s.Ref)
		}
		if twoLines {
			t.drawStackCell(c, images.Rect{X: cell.X, Y: cell.Y, W: cw, H: rowH - 1}, col, s)
		} else {
			t.drawStackLine(c, cell.X, cell.Y+17, cw, s)
		}
	}
}

// A stack panel has stackCols columns of cells stackCellGap apart.
const (
	stackCols    = 2
	stackCellGap = 8.0
)

// stackCellW is the width of a stack's cell in a panel whose inside is
// inner wide.
func stackCellW(inner float64) float64 {
	return (inner - stackCellGap*(stackCols-1)) / stackCols
}

// stackLayout places a stack's parts on its line: the name starts at
// nameX and has nameW; the lock, if any, is drawn at lockX.
type stackLayout struct {
	nameX, nameW, lockX float64
}

// stackLine lays out a stack's line of width cw starting at 0.
func stackLine(c *images.Canvas, s xenoshyft.StackView, cw float64) stackLayout {
	c.SetFont(images.Bold, 18)
	rw, _ := c.MeasureString(s.Ref)
	cw2, _ := c.MeasureString(fmt.Sprintf("×%d", s.Count))
	l := stackLayout{nameX: 31 + rw + 6}
	right := cw - cw2 - 8
	if s.Locked {
		l.lockX = right - 8
		right -= 22
	}
	l.nameW = right - l.nameX
	return l
}

// drawStackLine draws a stack on one line centred on y.
func (t *table) drawStackLine(c *images.Canvas, x, y, cw float64, s xenoshyft.StackView) {
	l := stackLine(c, s, cw)
	ink := stackInk(s)
	c.CostBadge(x+14, y, 13, s.Card.Cost)
	c.SetColor(ink)
	c.SetFont(images.Bold, 18)
	c.Text(s.Ref, x+31, y, 0) // as in "buy t3"
	c.Text(fmt.Sprintf("×%d", s.Count), x+cw, y, 1)
	if s.Locked {
		c.Icon(images.IconLock, x+l.lockX, y, 16, images.ColorFaint)
	}
	c.SetColor(ink)
	c.Fit(s.Card.Name.In(t.lang), x+l.nameX, y, l.nameW, 0, images.Regular, 19)
}

// drawStackCell draws a stack in two lines in cell: cost, handle, lock and
// count, then the name.
func (t *table) drawStackCell(c *images.Canvas, cell images.Rect, col color.RGBA, s xenoshyft.StackView) {
	c.FillRoundRect(cell, 6, images.Mix(images.ColorPanelHi, col, 0.10))
	ink := stackInk(s)
	x, y := cell.X+4, cell.Y+9
	c.CostBadge(x+9, y, 9, s.Card.Cost)
	c.SetColor(ink)
	c.SetFont(images.Bold, 18)
	c.Text(s.Ref, x+23, y, 0)
	count := fmt.Sprintf("×%d", s.Count)
	c.Text(count, cell.X+cell.W-6, y, 1)
	if s.Locked {
		w, _ := c.MeasureString(count)
		c.Icon(images.IconLock, cell.X+cell.W-w-20, y, 16, images.ColorFaint)
	}
	c.SetColor(ink)
	c.Fit(s.Card.Name.In(t.lang), x, cell.Y+23.5, cell.W-8, 0, images.Regular, 18)
}

// stackInk is the colour of a stack's texts: faint when it cannot be
// bought (locked or empty).
func stackInk(s xenoshyft.StackView) color.Color {
	if s.Locked || s.Count == 0 {
		return images.ColorFaint
	}
	return images.ColorInk
}

// drawDecks draws the resource piles and the three encounter decks.
func (t *table) drawDecks(c *images.Canvas, r images.Rect) {
	in := c.Panel(r, pictures.Text("SupplyBoard").In(t.lang), colorResource)
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
			c.FillRoundRect(images.Rect{X: in.X - 4, Y: y - 15, W: in.W + 8, H: 30}, 6, images.Mix(images.ColorPanelHi, colorEnemy, 0.3))
		}
		c.SetColor(col)
		c.Fit(fmt.Sprintf(pictures.Text("WaveColumn").In(t.lang), p.Wave), in.X+2, y, 90, 0, images.Bold, 18)
		c.Icon(images.IconDeck, in.X+110, y, 18, col)
		c.SetFont(images.Regular, 18)
		c.Text(fmt.Sprint(p.Deck), in.X+124, y, 0)
		c.Icon(images.IconDiscard, in.X+170, y, 18, col)
		c.Text(fmt.Sprint(p.Discard), in.X+184, y, 0)
		y += 34
	}
}
