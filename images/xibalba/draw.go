package xibalba

import (
	"cmp"
	"fmt"
	"image/color"
	"slices"
	"strings"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/images"
)

// Card type colours as printed (red soldiers, blue civilians, yellow
// structures, green events); each also has its own icon.
var (
	colorSoldier    = color.RGBA{0xd0, 0x4e, 0x44, 0xff}
	colorCivilian   = color.RGBA{0x4a, 0x8b, 0xdb, 0xff}
	colorStructure  = color.RGBA{0xe3, 0xb8, 0x3f, 0xff}
	colorEvent      = color.RGBA{0x4f, 0xb0, 0x6c, 0xff}
	colorParagon    = images.ColorParagonDie
	colorResource   = images.ColorResourceDie
	colorApocalypse = color.RGBA{0x8a, 0x1e, 0x1e, 0xff}
)

func deckStyle(kind string) (color.RGBA, images.Icon) {
	switch kind {
	case "soldier":
		return colorSoldier, images.IconSoldier
	case "civilian":
		return colorCivilian, images.IconCivilian
	case "structure":
		return colorStructure, images.IconStructure
	default:
		return colorEvent, images.IconEvent
	}
}

// layout places the panels below the headline strip: the ark and the dice
// on the left, the bases on the right, the market of face-up cards along
// the bottom. The market is taller, with every card's effect, while the
// player to act chooses dice or acts (board.MarketTall); the bases and the
// dice have its room in the other phases.
type layout struct{ ark, dice, bases, market images.Rect }

func (b *board) layout(c *images.Canvas) layout {
	const body, gap = 720.0, 8.0
	marketH := 192.0
	if b.MarketTall {
		marketH = min(maxMarketH, max(marketH, b.marketNeed(c)))
	}
	top := body - gap - marketH
	arkH := min(250, top-160)
	y := float64(images.BodyTop)
	return layout{
		ark:    images.Rect{X: 12, Y: y, W: 300, H: arkH},
		dice:   images.Rect{X: 12, Y: y + arkH + gap, W: 300, H: top - arkH - gap},
		bases:  images.Rect{X: 320, Y: y, W: images.Width - 332, H: top},
		market: images.Rect{X: 12, Y: y + top + gap, W: images.Width - 24, H: marketH},
	}
}

// maxMarketH is the tallest market: the rest of the board keeps 382 pixels.
const maxMarketH = 330.0

// marketNeed is the height a tall market needs for every face-up card's
// whole effect.
func (b *board) marketNeed(c *images.Canvas) float64 {
	need := 0.0
	for i, r := range deckRects(images.Rect{W: images.Width - 24}, b.Decks, true) {
		h := 42 + 8 + 6*float64(max(0, len(b.Decks[i].FaceUp)-1))
		for _, o := range b.Decks[i].FaceUp {
			if !o.Empty {
				h += offerHeight(c, r.W-16, o)
			}
		}
		need = max(need, h)
	}
	return need
}

// paintBackground draws what never changes: the board colour, a faint
// stepped-pyramid pattern and, in apocalypse mode, a red tint.
func paintBackground(apocalypse bool) func(*images.Canvas) {
	return func(c *images.Canvas) {
		bg := images.ColorBackground
		if apocalypse {
			bg = images.Mix(bg, colorApocalypse, 0.22)
		}
		c.SetColor(bg)
		c.Clear()
		c.SetColor(images.Mix(bg, images.ColorPanelHi, 0.35))
		c.SetLineWidth(2)
		for cx := -40.0; cx < images.Width+80; cx += 160 {
			for step := 0.0; step < 4; step++ {
				w := 140 - step*32
				h := 18.0
				c.DrawRectangle(cx-w/2, images.Height-8-h*(step+1), w, h)
			}
		}
		c.Stroke()
	}
}

func (b *board) draw(c *images.Canvas, lang games.Lang) {
	l := b.layout(c)
	b.drawArk(c, lang, l.ark)
	b.drawDice(c, lang, l.dice)
	b.drawBases(c, lang, l.bases)
	b.drawMarket(c, lang, l.market)
}

func (b *board) name(seat int) string { return images.SeatName(b.Names, seat) }

// headline is the strip: who must act (the defender while a block waits)
// and what they do, or the result; the round, every seat's paragon and the
// goal; the mode; the turn's changes.
func (b *board) headline(lang games.Lang, changes []string) images.Headline {
	h := images.Headline{Game: "XIBALBA", Changes: changes}
	if b.Round > 0 {
		h.Round = fmt.Sprintf(words.Text("Round").In(lang), b.Round)
	}
	switch {
	case b.ToAct < 0:
		h.Over, h.Doing = true, b.Status
		if b.Winner >= 0 {
			h.Seats = []int{b.Winner}
		}
	case b.Block != nil:
		h.Seats = []int{b.Block.Defender}
		h.Doing = fmt.Sprintf(words.Text("BlockSAttack").In(lang),
			b.name(b.Block.Defender), b.name(b.Block.Attacker))
	default:
		h.Seats = []int{b.ToAct}
		h.Doing = b.name(b.ToAct)
		if b.Phase != "" {
			h.Doing += " · " + b.Phase
		}
	}
	for _, bs := range b.Bases {
		h.Scores = append(h.Scores, images.Score{Seat: bs.Seat, Text: fmt.Sprint(bs.Paragon)})
	}
	h.Scores = append(h.Scores, images.Score{Seat: -1, Icon: images.IconGem, Color: colorParagon,
		Text: fmt.Sprintf(words.Text("Goal").In(lang), b.Target)})
	if b.Apocalypse {
		h.Mark, h.MarkColor = words.Text("APOCALYPSE").In(lang), colorApocalypse
	}
	return h
}

func (b *board) drawArk(c *images.Canvas, lang games.Lang, rect images.Rect) {
	accent := images.Seat(b.Ark.Controller).Color
	r := c.Panel(rect, words.Text("TheArk").In(lang), accent)
	y := r.Y + 18
	if b.Ark.Controller >= 0 {
		c.SeatBadge(r.X+16, y, 14, b.Ark.Controller)
		c.SetColor(images.ColorInk)
		c.Fit(words.Text("HeldBy").In(lang)+b.name(b.Ark.Controller), r.X+38, y, r.W-40, 0, images.Bold, 22)
	} else {
		c.SetColor(images.ColorMuted)
		c.Fit(words.Text("NoPlayerHoldsIt").In(lang), r.X+4, y, r.W-8, 0, images.Regular, 20)
	}
	card := images.Rect{X: r.X, Y: y + 22, W: r.W, H: 96}
	if b.Ark.Occupant == nil {
		c.CardFrame(card, images.Card{Title: words.Text("Empty").In(lang), Color: colorSoldier, Icon: images.IconSoldier, Cost: -1, Dim: true})
	} else {
		s := b.Ark.Occupant
		c.Mark(card, s.ID)
		c.CardFrame(card, images.Card{Title: s.Name, Color: colorSoldier, Icon: images.IconSoldier, Cost: -1, ID: s.ID})
		soldierStats(c, card.X+10, card.Y+62, s)
	}
	ly := card.Y + card.H + 34
	c.Icon(images.IconHeart, r.X+12, ly, 24, images.ColorBad)
	c.SetColor(images.ColorInk)
	c.SetFont(images.Bold, 24)
	c.Text(fmt.Sprintf("%d/%d", b.Ark.Life, b.Ark.Cap), r.X+30, ly, 0)
	c.Track(images.Rect{X: r.X + 100, Y: ly - 15, W: r.W - 104, H: 30}, b.Ark.Life, 0, b.Ark.Cap, images.ColorBad)
}

// soldierStats draws power, resistance and paragon as icon + number pairs
// starting at (x, y).
func soldierStats(c *images.Canvas, x, y float64, s *soldier) float64 {
	for _, st := range []struct {
		icon images.Icon
		col  color.Color
		v    int
	}{
		{images.IconSword, images.ColorInk, s.Power},
		{images.IconShield, colorCivilian, s.Resist},
		{images.IconGem, colorParagon, s.Paragon},
	} {
		c.Icon(st.icon, x+10, y, 22, st.col)
		c.SetColor(images.ColorInk)
		c.SetFont(images.Bold, 22)
		c.Text(fmt.Sprint(st.v), x+26, y, 0)
		w, _ := c.MeasureString(fmt.Sprint(st.v))
		x += 26 + w + 16
	}
	return x
}

type diceRow struct {
	label    string
	dice     []die
	ring     bool
	numbered bool // each die gets its number in the notation ("reroll #1,#3") below it
}

func (b *board) drawDice(c *images.Canvas, lang games.Lang, rect images.Rect) {
	if b.ToAct < 0 {
		b.drawResult(c, lang, rect)
		return
	}
	d := b.Dice
	title := words.Text("Dice").In(lang)
	if len(b.Factions) > 0 {
		title = words.Text("FreeFactions").In(lang)
	} else if d.Seat >= 0 {
		title += " · " + b.name(d.Seat)
	}
	r := c.Panel(rect, title, images.Seat(d.Seat).Color)
	bottom := r.Y + r.H
	if b.Block != nil {
		br := images.Rect{X: r.X - 4, Y: bottom - 130, W: r.W + 8, H: 134}
		b.drawBlock(c, lang, br)
		bottom = br.Y - 6
	} else if len(b.Pending) > 0 {
		bottom = b.drawPending(c, lang, r) - 6
	} else if len(b.Reorg) > 0 {
		bottom = b.drawReorg(c, lang, r) - 6
	}
	if len(d.Rolled) > 0 {
		by := bottom - 12
		label := words.Text("RerollsLabel").In(lang)
		c.SetColor(images.ColorMuted)
		c.SetFont(images.Regular, 18)
		c.Text(label, r.X+2, by, 0)
		w, _ := c.MeasureString(label)
		c.Pips(r.X+w+20, by, 8, 24, d.Rerolls, max(2, d.Rerolls), images.ColorGold)
		bottom = by - 20
	}
	rows := []diceRow{
		{words.Text("RolledReRollByNumber").In(lang), d.Rolled, false, true},
		{words.Text("ActionPool").In(lang), d.Kept, true, len(d.Kept) > 0 && d.Kept[0].No > 0},
		{words.Text("ToRoll").In(lang), d.Pool, false, false},
	}
	y := r.Y + 2
	shown := 0
	for _, row := range rows {
		h := diceRowHeight(row)
		if len(row.dice) == 0 || y+h > bottom+8 {
			continue
		}
		shown++
		c.SetColor(images.ColorMuted)
		c.Fit(row.label, r.X+2, y+9, r.W-4, 0, images.Regular, 18)
		drawDiceRow(c, images.Rect{X: r.X + 2, Y: y + 22, W: r.W - 4, H: h - 22}, row)
		y += h
	}
	if shown > 0 {
		return
	}
	if len(b.Factions) > 0 {
		b.drawFactions(c, lang, images.Rect{X: r.X, Y: y, W: r.W, H: bottom - y})
		return
	}
	msg := words.Text("NoDiceRolledYet").In(lang)
	switch {
	case d.Spent:
		msg = words.Text("AllDiceUsed").In(lang)
	case d.Choose > 0:
		res := min(4, d.Choose)
		msg = fmt.Sprintf(words.Text("ChooseDiceHint").In(lang),
			d.Choose, res, d.Choose-res, res, d.Choose-res)
	}
	c.SetColor(images.ColorMuted)
	c.SetFont(images.Regular, 19)
	lines := c.Wrap(msg, r.W-4)
	if room := int((bottom-y)/24) - 1; room > 0 && len(lines) > room {
		lines = append(lines[:room-1], c.Ellipsize(strings.Join(lines[room-1:], " "), r.W-4))
	}
	for i, l := range lines {
		c.Text(l, r.X+2, y+14+float64(i)*24, 0)
	}
}

// drawFactions lists the factions still free, one a line: the id as typed
// in "faction rebels", then the name.
func (b *board) drawFactions(c *images.Canvas, lang games.Lang, r images.Rect) {
	lh := min(25, r.H/float64(len(b.Factions)))
	for i, f := range b.Factions {
		y := r.Y + 12 + float64(i)*lh
		c.SetColor(images.ColorInk)
		c.SetFont(images.Bold, images.MinTextPx)
		c.Text(f.ID, r.X+2, y, 0)
		w, _ := c.MeasureString(f.ID + " ")
		c.SetColor(images.ColorMuted)
		c.Fit(f.Name, r.X+2+w, y, r.W-4-w, 0, images.Regular, 18)
	}
}

// Dice sizes: a row of up to six dice at full size; more dice shrink to
// fit the panel down to minDie, and what is still left over is counted.
const (
	dieSize, dieStep, minDie = 38.0, 44.0, 26.0
	diceRowH                 = 70.0
	dieNumberH               = 22.0 // the number line below numbered dice
)

func diceRowHeight(row diceRow) float64 {
	if row.numbered {
		return diceRowH + dieNumberH
	}
	return diceRowH
}

// drawDiceRow draws the dice of row from the top left of r, shrinking them
// when there are more than fit at full size, and writes each die's number
// below it when the notation names them by number.
func drawDiceRow(c *images.Canvas, r images.Rect, row diceRow) {
	n := len(row.dice)
	step := min(dieStep, r.W/float64(n))
	shown := n
	if step-6 < minDie {
		step = minDie + 6
		shown = int((r.W-40)/step) + 1
	}
	size := min(dieSize, step-6)
	for i, dd := range row.dice {
		x := r.X + float64(i)*step
		if i == shown-1 && shown < n {
			c.SetColor(images.ColorInk)
			c.SetFont(images.Bold, 20)
			c.Text(fmt.Sprintf("+%d", n-i), x+2, r.Y+size/2, 0)
			return
		}
		c.Die(x, r.Y, size, dd.Kind, dd.Face, false, row.ring)
		if row.numbered {
			c.SetColor(images.ColorInk)
			c.SetFont(images.Bold, 20)
			c.Text(fmt.Sprint(dd.number(i+1)), x+size/2, r.Y+size+dieNumberH/2+2, 0.5)
		}
	}
}

// drawResult replaces the dice once the game is over: the seats ranked by
// paragon.
func (b *board) drawResult(c *images.Canvas, lang games.Lang, rect images.Rect) {
	r := c.Panel(rect, words.Text("Result").In(lang), images.ColorGold)
	ranked := slices.Clone(b.Bases)
	slices.SortStableFunc(ranked, func(x, y base) int { return cmp.Compare(y.Paragon, x.Paragon) })
	for i, bs := range ranked {
		y := r.Y + 20 + float64(i)*44
		c.SeatBadge(r.X+16, y, 14, bs.Seat)
		score := fmt.Sprint(bs.Paragon)
		c.SetFont(images.Bold, 24)
		w, _ := c.MeasureString(score)
		c.SetColor(images.ColorInk)
		c.Text(score, r.X+r.W-4, y, 1)
		c.Icon(images.IconGem, r.X+r.W-w-20, y, 22, colorParagon)
		if bs.Seat == b.Winner {
			c.SetColor(images.ColorGold)
		}
		c.Fit(b.name(bs.Seat), r.X+40, y, r.W-w-70, 0, images.Bold, 22)
	}
}

// drawPending lists, at the bottom of r, the cards whose forced effects
// the current player must still resolve, one a line with its id as typed
// in "resolve c12", and returns the top of the list.
func (b *board) drawPending(c *images.Canvas, lang games.Lang, r images.Rect) float64 {
	return drawNotice(c, lang, r, words.Text("ToResolve").In(lang), b.Pending)
}

// drawReorg lists, at the bottom of r, the piles of the re-organizing
// player with every card id top first, as typed in "move c07 f2", and
// returns the top of the list.
func (b *board) drawReorg(c *images.Canvas, lang games.Lang, r images.Rect) float64 {
	// A long warhost wraps rather than losing the ids at its bottom.
	c.SetFont(images.Regular, noticePx)
	var lines []string
	for _, p := range b.Reorg {
		lines = append(lines, c.Wrap(p, r.W-16)...)
	}
	return drawNotice(c, lang, r, words.Text("PilesTopFirst").In(lang), lines)
}

// noticePx is the size of a notice's lines.
const noticePx = 19

// drawNotice draws a gold-framed box with a title and lines (one item a
// line, so that an id stays next to its name) at the bottom of r and
// returns its top. Lines beyond maxNotice are counted.
func drawNotice(c *images.Canvas, lang games.Lang, r images.Rect, title string, items []string) float64 {
	const maxNotice = 6
	c.SetFont(images.Regular, noticePx)
	lines := slices.Clone(items)
	if len(lines) > maxNotice {
		lines = append(lines[:maxNotice-1], fmt.Sprintf(words.Text("More").In(lang), len(lines)-maxNotice+1))
	}
	for i, l := range lines {
		lines[i] = c.Ellipsize(l, r.W-16)
	}
	h := 40 + float64(len(lines))*23
	top := r.Y + r.H - h
	box := images.Rect{X: r.X - 4, Y: top, W: r.W + 8, H: h + 4}
	c.FillRoundRect(box, 8, images.Mix(images.ColorPanelHi, images.ColorGold, 0.12))
	c.StrokeRoundRect(box, 8, images.ColorGold, 2)
	c.Icon(images.IconEvent, r.X+12, top+20, 20, images.ColorGold)
	c.SetColor(images.ColorGold)
	c.Fit(title, r.X+28, top+20, r.W-32, 0, images.Bold, 20)
	c.SetColor(images.ColorInk)
	c.SetFont(images.Regular, noticePx)
	for i, l := range lines {
		c.Text(l, r.X+6, top+46+float64(i)*23, 0)
	}
	return top
}

// drawBlock shows the pending block decision in r.
func (b *board) drawBlock(c *images.Canvas, lang games.Lang, r images.Rect) {
	bl := b.Block
	col := images.Seat(bl.Defender).Color
	c.Frame(r, images.Mix(images.ColorPanelHi, col, 0.18), col, 4)
	c.Icon(images.IconShield, r.X+24, r.Y+24, 28, col)
	c.SetColor(images.ColorInk)
	c.Fit(words.Text("Block").In(lang), r.X+46, r.Y+24, r.W-56, 0, images.Bold, 26)
	c.Fit(fmt.Sprintf(words.Text("AttacksWithPower").In(lang), b.name(bl.Attacker), bl.Power),
		r.X+12, r.Y+53, r.W-24, 0, images.Regular, 20)
	if bl.Blocker != "" {
		verdict, vcol := words.Text("WouldFall").In(lang), images.ColorBad
		if bl.Survives {
			verdict, vcol = words.Text("WouldSurvive").In(lang), images.ColorGood
		}
		c.SetColor(vcol)
		c.Fit(bl.Blocker+" "+verdict, r.X+12, r.Y+80, r.W-24, 0, images.Regular, 20)
	}
	c.SeatBadge(r.X+24, r.Y+110, 13, bl.Defender)
	c.SetColor(images.ColorInk)
	c.Fit(fmt.Sprintf(words.Text("Decides").In(lang), b.name(bl.Defender)), r.X+46, r.Y+110, r.W-56, 0, images.Bold, 20)
}

// drawBases lays the bases out: four in a 2x2 grid of compact panels, up to
// three side by side in tall panels.
func (b *board) drawBases(c *images.Canvas, lang games.Lang, rectBases images.Rect) {
	const gap = 8
	n := min(len(b.Bases), 4)
	cols, rows := n, 1
	if n == 4 {
		cols, rows = 2, 2
	}
	if n == 0 {
		return
	}
	w := (rectBases.W - gap*float64(cols-1)) / float64(cols)
	h := (rectBases.H - gap*float64(rows-1)) / float64(rows)
	for i, bs := range b.Bases[:n] {
		r := images.Rect{X: rectBases.X + float64(i%cols)*(w+gap), Y: rectBases.Y + float64(i/cols)*(h+gap), W: w, H: h}
		b.drawBase(c, lang, r, bs)
	}
}

func (b *board) drawBase(c *images.Canvas, lang games.Lang, r images.Rect, bs base) {
	st := images.Seat(bs.Seat)
	switch bs.Seat {
	case b.ToAct:
		c.Frame(r, images.ColorPanel, st.Color, 4)
	case b.Winner:
		c.Frame(r, images.ColorPanel, images.ColorGold, 4)
	default:
		c.Frame(r, images.ColorPanel, images.ColorEdge, 2)
	}

	// Header: seat badge, name, ark chip and faction (on a line of its own
	// in narrow panels, so that the name keeps its room).
	hy := r.Y + 22
	c.SeatBadge(r.X+22, hy, 14, bs.Seat)
	right := r.X + r.W - 12
	narrow := r.W < 400
	if narrow {
		c.SetColor(images.ColorMuted)
		c.Fit(bs.Faction, r.X+12, hy+28, r.W-24, 0, images.Regular, 19)
	} else {
		c.SetFont(images.Regular, 19)
		fw, _ := c.MeasureString(bs.Faction)
		fw = min(fw, r.W*0.4)
		c.SetColor(images.ColorMuted)
		c.Fit(bs.Faction, right, hy, fw, 1, images.Regular, 19)
		right -= fw + 12
	}
	if bs.InArk {
		right -= c.Chip(words.Text("ARK").In(lang), right, hy, 1, colorParagon, images.ColorInk, images.Bold, 18) + 8
	}
	if bs.Seat == b.Viewer {
		right -= c.Chip(words.Text("You").In(lang), right, hy, 1, images.ColorInk, images.ColorBackground, images.Bold, 18) + 8
	}
	c.SetColor(images.ColorInk)
	c.Fit(b.name(bs.Seat), r.X+44, hy, right-r.X-44, 0, images.Bold, 24)

	// Level, resistance, productivity.
	y := r.Y + 58
	if narrow {
		y += 28
	}
	c.SetColor(images.ColorMuted)
	c.SetFont(images.Regular, 18)
	c.Text(fmt.Sprintf(words.Text("Lv").In(lang), bs.Level), r.X+12, y, 0)
	c.Pips(r.X+64, y, 6, 16, bs.Level, 4, images.ColorGold)
	x := r.X + 136
	x = iconValue(c, images.IconShield, colorCivilian, bs.Resistance, x, y)
	x = iconValue(c, images.IconCrate, colorResource, bs.Productivity, x, y)
	c.SetColor(images.ColorMuted)
	c.SetFont(images.Regular, 18)
	c.Text(words.Text("Turn").In(lang), x-14, y, 0)

	if r.H < 230 || (narrow && r.H < 400) {
		// A low panel beside a tall market (four bases, or three narrow
		// ones): resources and paragon as numbers at the end of the row,
		// without tracks, so that the cards keep their room.
		right := r.X + r.W - 12
		for _, v := range []struct {
			icon images.Icon
			col  color.Color
			s    string
		}{{images.IconGem, colorParagon, fmt.Sprintf("%d/%d", bs.Paragon, bs.Target)}, {images.IconCrate, colorResource, fmt.Sprint(bs.Resources)}} {
			c.SetColor(images.ColorInk)
			c.SetFont(images.Bold, 22)
			w, _ := c.MeasureString(v.s)
			c.Text(v.s, right, y, 1)
			c.Icon(v.icon, right-w-14, y, 22, v.col)
			right -= w + 40
		}
		y += 26
		drawHoldings(c, lang, images.Rect{X: r.X + 10, Y: y, W: r.W - 20, H: r.Y + r.H - y - 10}, bs)
		return
	}

	// Resources and paragon.
	y += 34
	c.Icon(images.IconCrate, r.X+22, y, 22, colorResource)
	c.SetColor(images.ColorInk)
	c.SetFont(images.Bold, 22)
	c.Text(fmt.Sprint(bs.Resources), r.X+40, y, 0)
	c.Track(images.Rect{X: r.X + 110, Y: y - 15, W: r.W - 122, H: 30}, bs.Resources, 0, 25, colorResource)
	y += 32
	c.Icon(images.IconGem, r.X+22, y, 22, colorParagon)
	c.SetColor(images.ColorInk)
	c.SetFont(images.Bold, 22)
	c.Text(fmt.Sprintf("%d/%d", bs.Paragon, bs.Target), r.X+40, y, 0)
	c.Track(images.Rect{X: r.X + 110, Y: y - 15, W: r.W - 122, H: 30}, bs.Paragon, bs.Target, 40, colorParagon)

	y += 26
	drawHoldings(c, lang, images.Rect{X: r.X + 10, Y: y, W: r.W - 20, H: r.Y + r.H - y - 10}, bs)
}

// drawHoldings draws a base's warhost and add-on fields into area.
func drawHoldings(c *images.Canvas, lang games.Lang, area images.Rect, bs base) {
	if area.H > 300 {
		// Tall panel: the warhost card across, the add-on fields below,
		// the locked ones counted on one short row so that the others
		// have room for their effects.
		wh := images.Rect{X: area.X, Y: area.Y, W: area.W, H: warhostHeight(c, area.W, bs.Active)}
		drawWarhost(c, lang, wh, bs, true)
		rows := fieldRows(bs.Fields)
		const gap, lockedH = 6.0, 30.0
		fy := wh.Y + wh.H + 10
		free := area.Y + area.H - fy - gap*float64(len(rows)-1)
		open := len(rows)
		if last := rows[len(rows)-1]; last.Locked {
			free -= lockedH
			open--
		}
		fh := 0.0
		if open > 0 {
			fh = min(92, free/float64(open))
		}
		for _, f := range rows {
			h := fh
			if f.Locked {
				h = lockedH
			}
			drawField(c, images.Rect{X: area.X, Y: fy, W: area.W, H: h}, f, lang)
			fy += h + gap
		}
		return
	}
	rows := fieldRows(bs.Fields)
	stack := func(whH float64, wide bool) {
		wh := images.Rect{X: area.X, Y: area.Y, W: area.W, H: whH}
		drawWarhost(c, lang, wh, bs, wide)
		fy := wh.Y + wh.H + 6
		fh := min(30, (area.Y+area.H-fy-4*float64(len(rows)-1))/float64(len(rows)))
		for i, f := range rows {
			drawField(c, images.Rect{X: area.X, Y: fy + float64(i)*(fh+4), W: area.W, H: fh}, f, lang)
		}
	}
	switch h := warhostHeight(c, area.W, bs.Active); {
	case area.W >= 400 && h+6+float64(len(rows))*34 <= area.H:
		// Wide and low: the warhost card with its effect across, the
		// fields below it in a row each.
		stack(h, true)
		return
	case area.W < 320:
		// Narrow and low: the warhost card across without its effect.
		stack(min(area.H, 96), false)
		return
	}
	// Compact panel: the warhost card on the left, the unlocked fields
	// beside it and one row counting the locked ones, so that the rows can
	// be taller.
	wh := images.Rect{X: area.X, Y: area.Y, W: area.W * 0.48, H: min(area.H, 96)}
	drawWarhost(c, lang, wh, bs, false)
	fx := wh.X + wh.W + 8
	fh := min(30, (wh.H-4*float64(len(rows)-1))/float64(len(rows)))
	for i, f := range rows {
		drawField(c, images.Rect{X: fx, Y: area.Y + float64(i)*(fh+4), W: area.X + area.W - fx, H: fh}, f, lang)
	}
}

// fieldRows lists the unlocked fields and, last, one row standing for the
// locked ones, if any; never an empty list.
func fieldRows(fields []field) []field {
	var rows []field
	locked := 0
	for _, f := range fields {
		if f.Locked {
			locked++
			continue
		}
		rows = append(rows, f)
	}
	if locked > 0 || len(rows) == 0 {
		rows = append(rows, field{Locked: true, Depth: locked})
	}
	return rows
}

// Warhost geometry in a tall panel: the effect's first line and the
// distance between lines.
const warhostTextTop, warhostLine = 74.0, 20.0

// warhostHeight is the height of a tall panel's warhost card of width w:
// room for the active soldier's whole effect, at least 128 pixels.
func warhostHeight(c *images.Canvas, w float64, s *soldier) float64 {
	if s == nil || s.Short == "" {
		return 128
	}
	c.SetFont(images.Regular, images.MinTextPx)
	n := float64(len(c.Wrap(s.Short, w-16)))
	return max(128, warhostTextTop+images.MinTextPx+(n-1)*warhostLine+8)
}

// drawWarhost draws the active soldier as a card with its values and the
// depth of the warhost pile; wide cards add the effect text. It reports
// whether the effect shown is whole.
func drawWarhost(c *images.Canvas, lang games.Lang, r images.Rect, bs base, wide bool) bool {
	s := bs.Active
	if s == nil {
		c.CardFrame(r, images.Card{Title: words.Text("NoSoldier").In(lang), Color: colorSoldier, Icon: images.IconSoldier, Cost: -1, Dim: true})
		return true
	}
	c.Mark(r, s.ID)
	c.CardFrame(r, images.Card{Title: s.Name, Color: colorSoldier, Icon: images.IconSoldier, Cost: -1, ID: s.ID})
	x := soldierStats(c, r.X+6, r.Y+56, s)
	pile := fmt.Sprintf(words.Text("WarhostDepth").In(lang), bs.Warhost)
	c.SetColor(images.ColorMuted)
	c.SetFont(images.Regular, 18)
	if !wide {
		c.Text(pile, r.X+8, r.Y+83, 0)
		return true
	}
	c.Fit(pile, r.X+r.W-8, r.Y+56, r.X+r.W-8-x, 1, images.Regular, 18)
	if s.Short == "" {
		return true
	}
	return c.Paragraph(s.Short, images.Rect{X: r.X + 8, Y: r.Y + warhostTextTop, W: r.W - 16, H: r.H - warhostTextTop - 4},
		images.Regular, images.MinTextPx, warhostLine)
}

func iconValue(c *images.Canvas, ic images.Icon, col color.Color, v int, x, y float64) float64 {
	c.Icon(ic, x+10, y, 22, col)
	c.SetColor(images.ColorInk)
	c.SetFont(images.Bold, 22)
	s := fmt.Sprint(v)
	c.Text(s, x+25, y, 0)
	w, _ := c.MeasureString(s)
	return x + 25 + w + 18
}

// drawField draws one add-on field: locked, free, or the top card of its
// pile with the pile depth (and the effect text when the field is tall).
// Fields a move can name carry their number ("f2") and the top card its id.
func drawField(c *images.Canvas, r images.Rect, f field, lang games.Lang) {
	switch {
	case f.Locked:
		c.FillRoundRect(r, 5, images.ColorBackground)
		c.Icon(images.IconLock, r.X+14, r.CY(), 16, images.ColorFaint)
		label := words.Text("Locked").In(lang)
		if f.Depth > 1 {
			label = fmt.Sprintf(words.Text("LockedCount").In(lang), f.Depth)
		}
		c.SetColor(images.ColorFaint)
		c.Fit(label, r.X+32, r.CY(), r.W-40, 0, images.Regular, 18)
	case f.Top == "":
		c.DrawRoundedRectangle(r.X, r.Y, r.W, r.H, 5)
		c.SetColor(images.ColorFaint)
		c.SetLineWidth(1.5)
		c.SetDash(4, 4)
		c.Stroke()
		c.SetDash()
		x := fieldNumber(c, f.Index, r.X+8, r.CY(), images.ColorMuted)
		c.SetColor(images.ColorFaint)
		c.Fit(words.Text("Free").In(lang), x, r.CY(), r.X+r.W-8-x, 0, images.Regular, 18)
	default:
		if f.ID != "" {
			c.Mark(r, f.ID)
		}
		col, icon := deckStyle(f.Kind)
		c.FillRoundRect(r, 5, images.Mix(images.ColorPanelHi, col, 0.25))
		c.FillRoundRect(images.Rect{X: r.X, Y: r.Y, W: 26, H: r.H}, 5, col)
		c.Icon(icon, r.X+13, r.CY(), 18, images.ColorBackground)
		right := r.X + r.W - 6
		nameY := r.CY()
		if r.H > 40 && f.Short != "" {
			c.SetColor(images.ColorMuted)
			if wholeParagraph(c, f.Short, images.Rect{X: r.X + 34, Y: r.Y + 26, W: r.W - 40, H: r.H - 28}, 20) {
				nameY = r.Y + 14
			}
		}
		if f.Depth > 1 {
			c.SetColor(images.ColorGold)
			c.SetFont(images.Bold, 20)
			s := fmt.Sprintf("×%d", f.Depth)
			c.Text(s, right, nameY, 1)
			w, _ := c.MeasureString(s)
			right -= w + 6
		}
		if f.ID != "" {
			c.SetColor(images.ColorMuted)
			c.SetFont(images.Bold, images.MinTextPx)
			c.Text(f.ID, right, nameY, 1)
			w, _ := c.MeasureString(f.ID)
			right -= w + 6
		}
		x := fieldNumber(c, f.Index, r.X+32, nameY, images.ColorInk)
		c.SetColor(images.ColorInk)
		c.Fit(f.Top, x, nameY, right-x, 0, images.Bold, 19)
	}
}

// fieldNumber draws "f2" for field 2 with its left edge at x and returns
// where the text after it starts; index 0 draws nothing.
func fieldNumber(c *images.Canvas, index int, x, y float64, col color.Color) float64 {
	if index <= 0 {
		return x
	}
	s := fmt.Sprintf("f%d", index)
	c.SetColor(col)
	c.SetFont(images.Bold, images.MinTextPx)
	c.Text(s, x, y, 0)
	w, _ := c.MeasureString(s)
	return x + w + 6
}

func (b *board) drawMarket(c *images.Canvas, lang games.Lang, rectMarket images.Rect) {
	for i, r := range deckRects(rectMarket, b.Decks, b.MarketTall) {
		drawDeck(c, lang, r, b.Decks[i], b.MarketTall)
	}
}

// deckRects divides the market among decks: the soldiers' column wider in
// a tall market, for their values and longer texts.
func deckRects(m images.Rect, decks []deck, tall bool) []images.Rect {
	const gap, soldierShare = 8.0, 1.16
	weights, sum := make([]float64, len(decks)), 0.0
	for i, d := range decks {
		weights[i] = 1
		if tall && d.Kind == "soldier" {
			weights[i] = soldierShare
		}
		sum += weights[i]
	}
	out := make([]images.Rect, len(decks))
	x, w := m.X, m.W-gap*float64(len(decks)-1)
	for i := range decks {
		out[i] = images.Rect{X: x, Y: m.Y, W: w * weights[i] / sum, H: m.H}
		x += out[i].W + gap
	}
	return out
}

// drawDeck draws a deck's header (name, cards left to draw, discards) and
// its face-up cards with their costs; in a tall market each card has the
// height its effect needs and what is left over is shared. It reports
// whether every effect shown is whole.
func drawDeck(c *images.Canvas, lang games.Lang, r images.Rect, d deck, tall bool) bool {
	col, icon := deckStyle(d.Kind)
	c.Frame(r, images.ColorPanel, images.Mix(images.ColorEdge, col, 0.5), 2)
	hy := r.Y + 20
	c.Icon(icon, r.X+20, hy, 24, col)
	c.SetFont(images.Regular, 18)
	right := r.X + r.W - 10
	for _, p := range []struct {
		ic images.Icon
		n  int
	}{{images.IconDiscard, d.Discard}, {images.IconDeck, d.Deck}} {
		s := fmt.Sprint(p.n)
		w, _ := c.MeasureString(s)
		c.SetColor(images.ColorMuted)
		c.Text(s, right, hy, 1)
		c.Icon(p.ic, right-w-13, hy, 20, images.ColorMuted)
		right -= w + 36
	}
	c.SetColor(col)
	c.Fit(d.Name, r.X+40, hy, right-r.X-44, 0, images.Bold, 22)
	y := r.Y + 42
	slots := max(1, len(d.FaceUp))
	free := r.Y + r.H - 8 - y - float64(slots-1)*6
	heights := make([]float64, slots)
	for i := range heights {
		heights[i] = free / float64(slots)
	}
	if tall {
		need := 0.0
		for i := range heights {
			heights[i] = 0
			if i < len(d.FaceUp) && !d.FaceUp[i].Empty {
				heights[i] = offerHeight(c, r.W-16, d.FaceUp[i])
			}
			need += heights[i]
		}
		for i := range heights {
			heights[i] += (free - need) / float64(slots)
		}
	}
	whole := true
	for i := 0; i < slots; i++ {
		cr := images.Rect{X: r.X + 8, Y: y, W: r.W - 16, H: heights[i]}
		y += heights[i] + 6
		if i >= len(d.FaceUp) || d.FaceUp[i].Empty {
			c.DrawRoundedRectangle(cr.X, cr.Y, cr.W, cr.H, 6)
			c.SetColor(images.ColorFaint)
			c.SetDash(4, 4)
			c.SetLineWidth(1.5)
			c.Stroke()
			c.SetDash()
			continue
		}
		whole = drawOffer(c, cr, i+1, d.FaceUp[i], col, tall) && whole
	}
	return whole
}

// Offer geometry: the slot tab at the left; the name row; a soldier's
// values below the name; in a tall market the effect below them across
// the card, in lines of offerLine pixels.
const (
	offerTab        = 20.0
	offerLine       = 19.0
	offerTextTop    = 44.0 // the effect's first line, below the cost badge
	offerSoldierTop = 62.0 // the same below a soldier's values
)

// offerHeight is the height o needs in a tall market at width w.
func offerHeight(c *images.Canvas, w float64, o offer) float64 {
	top := offerTextTop
	if o.Soldier != nil {
		top = offerSoldierTop
	}
	if o.Short == "" {
		return top
	}
	c.SetFont(images.Regular, images.MinTextPx)
	return top + float64(len(c.Wrap(o.Short, w-offerTab-14)))*offerLine + 4
}

// drawOffer draws face-up card o of display slot slot (1-based, as in
// "buy soldier 2") with the slot number on a tab at its left. A tall
// offer has its effect below the name across the card; a low one has it
// beside the cost badge, where it fits whole, and else none (/card and the
// phone's market panel have it). It reports whether the effect shown is
// whole.
func drawOffer(c *images.Canvas, r images.Rect, slot int, o offer, col color.RGBA, tall bool) bool {
	c.Mark(r, o.ID)
	c.FillRoundRect(r, 6, images.Mix(images.ColorPanelHi, col, 0.15))
	c.FillRoundRect(images.Rect{X: r.X, Y: r.Y, W: offerTab, H: r.H}, 5, col)
	c.SetColor(images.ColorBackground)
	c.SetFont(images.Bold, images.MinTextPx)
	c.Text(fmt.Sprint(slot), r.X+offerTab/2, r.Y+24, 0.5) // beside the cost badge
	tx := r.X + offerTab + 46
	tw := r.X + r.W - tx - 6
	y := r.Y + 18
	c.CostBadge(r.X+offerTab+22, y+6, 16, o.Cost)
	// The card's id at the right of the name: "/card s12" shows the whole
	// effect. A name that does not fit beside it, even in the smallest
	// face, takes the whole line and the id moves a line down, so that no
	// name is cut.
	c.SetFont(images.Bold, images.MinTextPx)
	iw, _ := c.MeasureString(o.ID)
	nameW, idY, effectW := tw-iw-8, y, tw
	if c.FitFont(o.Name, nameW, images.Bold, 20) != o.Name {
		nameW, idY = tw, y+27
		if o.Soldier == nil {
			effectW = tw - iw - 8
		}
	}
	c.SetColor(images.ColorMuted)
	c.SetFont(images.Bold, images.MinTextPx)
	c.Text(o.ID, r.X+r.W-8, idY, 1)
	c.SetColor(images.ColorInk)
	c.Fit(o.Name, tx, y, nameW, 0, images.Bold, 20)
	y += 27
	if o.Soldier != nil {
		soldierStats(c, tx-8, y, o.Soldier)
		y += 26
	}
	if o.Short == "" {
		return true
	}
	c.SetColor(images.ColorMuted)
	if tall {
		top := offerTextTop
		if o.Soldier != nil {
			top = offerSoldierTop
		}
		return c.Paragraph(o.Short, images.Rect{X: r.X + offerTab + 8, Y: r.Y + top, W: r.W - offerTab - 14, H: r.Y + r.H - 4 - (r.Y + top)},
			images.Regular, images.MinTextPx, offerLine)
	}
	wholeParagraph(c, o.Short, images.Rect{X: tx, Y: y - 9, W: effectW, H: r.Y + r.H - 4 - (y - 9)}, offerLine)
	return true
}

// wholeParagraph draws text wrapped into r at MinTextPx, lines lh apart,
// when it fits whole, and else nothing; it reports whether it drew it.
func wholeParagraph(c *images.Canvas, text string, r images.Rect, lh float64) bool {
	c.SetFont(images.Regular, images.MinTextPx)
	lines := c.Wrap(text, r.W)
	if r.H < c.FontPx() || len(lines) > int((r.H-c.FontPx())/lh)+1 {
		return false
	}
	return c.Paragraph(text, r, images.Regular, images.MinTextPx, lh)
}
