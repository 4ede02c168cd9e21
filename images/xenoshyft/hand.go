package xenoshyft

import (
	"fmt"
	"strings"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/xenoshyft"
	"github.com/playbychat/pbc/images"
)

// Layout of the hand picture below the headline strip: the seat's own lane,
// then its hand beside its division's abilities.
var (
	rectOwnLane   = images.Rect{X: 12, Y: images.BodyTop, W: images.Width - 24, H: 190}
	rectHand      = images.Rect{X: 12, Y: images.BodyTop + 198, W: 940, H: 522}
	rectDivision  = images.Rect{X: 960, Y: images.BodyTop + 198, W: images.Width - 972, H: 522}
	handCols      = 4
	handCardGap   = 10.0
	handMaxShown  = 12
	handTextLineH = 22.0
)

var traitTexts = map[string]games.Text{
	"weapon":     pictures.Text("Weapon"),
	"armour":     pictures.Text("Armour"),
	"instant":    pictures.Text("Instant"),
	"medical":    pictures.Text("Medical"),
	"technology": pictures.Text("Technology"),
	"explosive":  pictures.Text("Explosive"),
}

func (t *table) drawHand(c *images.Canvas) {
	for _, l := range t.Lanes {
		if l.Owner == t.Seat {
			t.drawLane(c, rectOwnLane, l, true)
		}
	}
	title := pictures.Text("YourHand").In(t.lang) + pictures.Count("Cards", len(t.Hand), len(t.Hand)).In(t.lang)
	p := t.player(t.Seat)
	if p != nil && t.Phase == xenoshyft.PhaseSupply {
		title += fmt.Sprintf(" · %d/%d Xenosathem", p.Spent, p.Budget)
	}
	in := c.Panel(rectHand, title, images.Seat(int(t.Seat)).Color)
	cw := (in.W - handCardGap*float64(handCols-1)) / float64(handCols)
	ch := 150.0 // three rows
	switch {
	case len(t.Hand) <= 2*handCols:
		ch = 220
	case len(t.Hand) > handMaxShown:
		ch = 140 // and a line naming the rest
	}
	for i, card := range t.Hand {
		if i == handMaxShown {
			// The cards left over are at least named by id.
			var refs []string
			for _, rest := range t.Hand[i:] {
				refs = append(refs, rest.Ref)
			}
			c.SetColor(images.ColorMuted)
			more := fmt.Sprintf(pictures.Text("More").In(t.lang), len(refs), strings.Join(refs, " "))
			c.Fit(more, in.X+in.W-4, in.Y+in.H-4, in.W-8, 1, images.Bold, 20)
			break
		}
		r := images.Rect{
			X: in.X + float64(i%handCols)*(cw+handCardGap),
			Y: in.Y + 4 + float64(i/handCols)*(ch+handCardGap),
			W: cw, H: ch,
		}
		t.drawHandCard(c, r, card)
	}
	if len(t.Hand) == 0 {
		c.SetColor(images.ColorMuted)
		c.Fit(pictures.Text("NoCardsInHand").In(t.lang), in.X+4, in.Y+20, in.W-8, 0, images.Regular, 20)
	}
	t.drawDivision(c, p)
}

// drawHandCard draws one hand card: troops with attack and hit points,
// items with their traits, resources with their value, then the rules text.
func (t *table) drawHandCard(c *images.Canvas, r images.Rect, card xenoshyft.CardView) {
	col, icon := kindStyle(card.Kind)
	cost := card.Cost
	if card.Kind == "resource" {
		cost = -1
	}
	c.Mark(r, card.Ref)
	c.CardFrame(r, images.Card{Title: card.Name.In(t.lang), Color: col, Icon: icon, Cost: cost})
	y := r.Y + 54
	// The card id, as moves name it ("deploy c12 lane2"), at the right of
	// the first line; the header keeps its room for the name.
	c.SetColor(images.ColorInk)
	c.SetFont(images.Bold, 20)
	c.Text(card.Ref, r.X+r.W-8, y, 1)
	rw, _ := c.MeasureString(card.Ref)
	line := r.W - 16 - rw - 10
	switch card.Kind {
	case "troop":
		fightStats(c, r, y, card.Attack, card.HP, 0, 0)
	case "resource":
		c.SetColor(colorResource)
		c.Fit(fmt.Sprintf(pictures.Text("Worth").In(t.lang), card.Value), r.X+8, y, line, 0, images.Bold, 20)
	default:
		c.SetColor(images.ColorMuted)
		traits := make([]string, len(card.Traits))
		for i, tr := range card.Traits {
			traits[i] = tr
			if txt, ok := traitTexts[tr]; ok {
				traits[i] = txt.In(t.lang)
			}
		}
		c.Fit(strings.Join(traits, " · "), r.X+8, y, line, 0, images.Regular, 18)
	}
	text := card.Text.In(t.lang)
	if text == "" {
		return
	}
	c.SetColor(images.ColorInk)
	c.SetFont(images.Regular, images.MinTextPx)
	y += 26
	room := int((r.Y+r.H-12-y)/handTextLineH) + 1
	lines := c.Wrap(text, r.W-16)
	if len(lines) > room {
		lines = append(lines[:room-1], c.Ellipsize(strings.Join(lines[room-1:], " "), r.W-16))
	}
	for i, l := range lines {
		c.Text(l, r.X+8, y+float64(i)*handTextLineH, 0)
	}
}

// drawDivision lists the seat's division and its unlocked abilities.
func (t *table) drawDivision(c *images.Canvas, p *xenoshyft.PlayerView) {
	title := pictures.Text("Division").In(t.lang)
	if p != nil {
		title = p.Division.In(t.lang)
	}
	in := c.Panel(rectDivision, title, colorResource)
	if p == nil {
		return
	}
	c.SetFont(images.Regular, 19)
	y := in.Y + 14
	for _, a := range p.Abilities {
		lines := c.Wrap(a.In(t.lang), in.W-20)
		if y+float64(len(lines))*23 > in.Y+in.H {
			break
		}
		c.Icon(images.IconEvent, in.X+6, y, 16, images.ColorGold)
		c.SetColor(images.ColorInk)
		for _, l := range lines {
			c.Text(l, in.X+18, y, 0)
			y += 23
		}
		y += 10
	}
}
