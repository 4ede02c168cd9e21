package images

import (
	"image/color"
	"math"
)

// Icon is a small vector symbol. Icons are drawn from paths, not fonts, since
// the Go fonts have no symbol glyphs.
type Icon int

// The icons of the kit.
const (
	IconNone      Icon = iota
	IconShield         // resistance
	IconCrate          // resources, productivity
	IconGem            // paragon
	IconSword          // attack, power
	IconHeart          // life points
	IconStar           // critical hit
	IconSoldier        // soldier card (helmet)
	IconCivilian       // civilian card (person)
	IconStructure      // structure card (building)
	IconEvent          // event card (lightning)
	IconDeck           // a face-down pile
	IconDiscard        // a discard pile
	IconLock           // a locked field
	IconArrow          // points at the controller, whose turn it is
)

// Icon draws ic in colour col centred at (x, y), fitting a size x size box.
func (c *Canvas) Icon(ic Icon, x, y, size float64, col color.Color) {
	s := size / 2
	ink := c.ink
	c.Push()
	defer func() {
		c.Pop()
		c.ink = ink
	}()
	c.SetColor(col)
	c.SetLineWidth(math.Max(1.5, size/10))
	c.SetLineJoinRound()
	c.SetLineCapRound()
	switch ic {
	case IconShield:
		c.MoveTo(x, y-s)
		c.LineTo(x+s*0.85, y-s*0.65)
		c.CubicTo(x+s*0.85, y+s*0.2, x+s*0.4, y+s*0.7, x, y+s)
		c.CubicTo(x-s*0.4, y+s*0.7, x-s*0.85, y+s*0.2, x-s*0.85, y-s*0.65)
		c.ClosePath()
		c.Fill()
	case IconCrate:
		c.DrawRectangle(x-s*0.85, y-s*0.75, s*1.7, s*1.5)
		c.Fill()
		c.SetColor(color.RGBA{0, 0, 0, 0x60})
		c.SetLineWidth(math.Max(1, size/14))
		c.DrawRectangle(x-s*0.6, y-s*0.5, s*1.2, s*1.0)
		c.Stroke()
		c.DrawLine(x-s*0.6, y-s*0.5, x+s*0.6, y+s*0.5)
		c.Stroke()
	case IconGem:
		c.MoveTo(x-s*0.9, y-s*0.3)
		c.LineTo(x-s*0.45, y-s*0.8)
		c.LineTo(x+s*0.45, y-s*0.8)
		c.LineTo(x+s*0.9, y-s*0.3)
		c.LineTo(x, y+s*0.9)
		c.ClosePath()
		c.Fill()
		c.SetColor(color.RGBA{0, 0, 0, 0x50})
		c.SetLineWidth(math.Max(1, size/16))
		c.MoveTo(x-s*0.9, y-s*0.3)
		c.LineTo(x+s*0.9, y-s*0.3)
		c.Stroke()
	case IconSword:
		c.Translate(x, y)
		c.Rotate(math.Pi / 4)
		c.DrawRectangle(-s*0.14, -s, s*0.28, s*1.35)
		c.Fill()
		c.MoveTo(-s*0.14, -s)
		c.LineTo(0, -s*1.2)
		c.LineTo(s*0.14, -s)
		c.Fill()
		c.DrawRectangle(-s*0.5, s*0.3, s, s*0.18)
		c.Fill()
		c.DrawRectangle(-s*0.1, s*0.45, s*0.2, s*0.45)
		c.Fill()
	case IconHeart:
		c.MoveTo(x, y+s*0.85)
		c.CubicTo(x-s*1.2, y, x-s*0.9, y-s*1.1, x, y-s*0.45)
		c.CubicTo(x+s*0.9, y-s*1.1, x+s*1.2, y, x, y+s*0.85)
		c.Fill()
	case IconStar:
		c.MoveTo(x, y-s)
		for i := 1; i < 10; i++ {
			r := s
			if i%2 == 1 {
				r = s * 0.45
			}
			a := -math.Pi/2 + float64(i)*math.Pi/5
			c.LineTo(x+r*math.Cos(a), y+r*math.Sin(a))
		}
		c.ClosePath()
		c.Fill()
	case IconSoldier:
		c.DrawEllipticalArc(x, y+s*0.2, s*0.85, s*0.95, math.Pi, 2*math.Pi)
		c.ClosePath()
		c.Fill()
		c.DrawRectangle(x-s, y+s*0.15, s*2, s*0.3)
		c.Fill()
		c.DrawRectangle(x-s*0.2, y+s*0.45, s*0.4, s*0.45)
		c.Fill()
	case IconCivilian:
		c.DrawCircle(x, y-s*0.45, s*0.42)
		c.Fill()
		c.DrawEllipticalArc(x, y+s*0.95, s*0.8, s*0.9, math.Pi, 2*math.Pi)
		c.ClosePath()
		c.Fill()
	case IconStructure:
		c.MoveTo(x-s*0.9, y-s*0.1)
		c.LineTo(x, y-s*0.9)
		c.LineTo(x+s*0.9, y-s*0.1)
		c.ClosePath()
		c.Fill()
		c.DrawRectangle(x-s*0.7, y-s*0.1, s*1.4, s*0.95)
		c.Fill()
	case IconEvent:
		c.MoveTo(x+s*0.25, y-s)
		c.LineTo(x-s*0.6, y+s*0.15)
		c.LineTo(x-s*0.05, y+s*0.15)
		c.LineTo(x-s*0.3, y+s)
		c.LineTo(x+s*0.65, y-s*0.2)
		c.LineTo(x+s*0.1, y-s*0.2)
		c.ClosePath()
		c.Fill()
	case IconDeck:
		for i := 2; i >= 0; i-- {
			d := float64(i) * s * 0.18
			c.DrawRoundedRectangle(x-s*0.6+d, y-s*0.85+d, s*1.1, s*1.5, s*0.15)
			c.SetColor(col)
			c.FillPreserve()
			c.SetColor(ColorBackground)
			c.SetLineWidth(math.Max(1, size/16))
			c.Stroke()
		}
	case IconDiscard:
		c.RotateAbout(0.3, x, y)
		c.DrawRoundedRectangle(x-s*0.55, y-s*0.8, s*1.1, s*1.6, s*0.15)
		c.SetLineWidth(math.Max(1.5, size/12))
		c.Stroke()
		c.DrawLine(x-s*0.3, y-s*0.45, x+s*0.3, y+s*0.45)
		c.DrawLine(x+s*0.3, y-s*0.45, x-s*0.3, y+s*0.45)
		c.Stroke()
	case IconLock:
		c.DrawRoundedRectangle(x-s*0.75, y-s*0.1, s*1.5, s*1.05, s*0.15)
		c.Fill()
		c.DrawArc(x, y-s*0.1, s*0.45, math.Pi, 2*math.Pi)
		c.SetLineWidth(math.Max(2, size/7))
		c.Stroke()
	case IconArrow:
		c.MoveTo(x-s, y-s*0.3)
		c.LineTo(x+s*0.1, y-s*0.3)
		c.LineTo(x+s*0.1, y-s*0.8)
		c.LineTo(x+s, y)
		c.LineTo(x+s*0.1, y+s*0.8)
		c.LineTo(x+s*0.1, y+s*0.3)
		c.LineTo(x-s, y+s*0.3)
		c.ClosePath()
		c.Fill()
	}
}

// DieKind is the kind of a die, shown by its body colour and its symbols.
type DieKind int

// The dice kinds.
const (
	ResourceDie DieKind = iota
	AttackDie
	ParagonDie
)

// Face is the rolled side of a die.
type Face int

// The die faces. FaceUnrolled is a die in the pool that has not been rolled.
const (
	FaceUnrolled Face = iota
	FaceBlank
	FaceResource1
	FaceResource2
	FaceResource3
	FaceAttack
	FaceCritical
	FaceParagon1
	FaceParagon2
)

// Die colours: a body colour per kind.
var (
	ColorResourceDie = rgb(0xe3, 0xb5, 0x5a)
	ColorAttackDie   = rgb(0xc9, 0x4a, 0x3f)
	ColorParagonDie  = rgb(0x8f, 0x6f, 0xd0)
)

// DieColor returns the body colour of a die kind.
func DieColor(k DieKind) color.RGBA {
	switch k {
	case AttackDie:
		return ColorAttackDie
	case ParagonDie:
		return ColorParagonDie
	default:
		return ColorResourceDie
	}
}

// Die draws a die of kind k showing face f in a size x size square with its
// top-left at (x, y). A dim die is drawn faded (used up or set aside);
// a ringed die gets a bright outline (kept in the action pool).
func (c *Canvas) Die(x, y, size float64, k DieKind, f Face, dim, ringed bool) {
	body := DieColor(k)
	if dim {
		body = Mix(body, ColorPanel, 0.65)
	}
	c.DrawRoundedRectangle(x, y, size, size, size*0.18)
	c.SetColor(body)
	c.FillPreserve()
	if ringed {
		c.SetColor(ColorInk)
		c.SetLineWidth(3)
	} else {
		c.SetColor(ColorBackground)
		c.SetLineWidth(2)
	}
	c.Stroke()
	ink := color.Color(ColorBackground)
	if k != ResourceDie {
		ink = ColorInk
	}
	if dim {
		ink = Mix(ColorBackground, body, 0.4)
	}
	cx, cy, s := x+size/2, y+size/2, size
	switch f {
	case FaceUnrolled:
		c.SetColor(ink)
		c.SetFont(Bold, math.Max(MinTextPx, size*0.5))
		c.Text("?", cx, cy, 0.5)
	case FaceBlank:
	case FaceResource1:
		c.Icon(IconCrate, cx, cy, s*0.42, ink)
	case FaceResource2:
		c.Icon(IconCrate, cx-s*0.18, cy-s*0.16, s*0.34, ink)
		c.Icon(IconCrate, cx+s*0.18, cy+s*0.16, s*0.34, ink)
	case FaceResource3:
		c.Icon(IconCrate, cx-s*0.22, cy-s*0.2, s*0.3, ink)
		c.Icon(IconCrate, cx+s*0.22, cy-s*0.2, s*0.3, ink)
		c.Icon(IconCrate, cx, cy+s*0.2, s*0.3, ink)
	case FaceAttack:
		c.Icon(IconSword, cx, cy, s*0.55, ink)
	case FaceCritical:
		c.Icon(IconStar, cx, cy, s*0.72, ColorGold)
		c.Icon(IconSword, cx, cy, s*0.38, ColorBackground)
	case FaceParagon1:
		c.Icon(IconGem, cx, cy, s*0.45, ink)
	case FaceParagon2:
		c.Icon(IconGem, cx-s*0.17, cy-s*0.13, s*0.36, ink)
		c.Icon(IconGem, cx+s*0.17, cy+s*0.15, s*0.36, ink)
	}
}
