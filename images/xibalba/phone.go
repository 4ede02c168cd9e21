package xibalba

import (
	"fmt"
	"strings"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/xibalba"
	"github.com/playbychat/pbc/images"
)

func init() { images.RegisterPhone("xibalba", images.ViewPhone(parts)) }

// parts draws v as phone panels: the viewer's base with the dice, the
// market, the scores with the ark, and every base.
func parts(v *xibalba.View, names []string, lang games.Lang) []images.Part {
	b := fromView(v, names, lang)
	var out []images.Part
	for _, bs := range b.Bases {
		if bs.Seat == b.Viewer {
			p := b.basePanel(bs, lang)
			p.Rows = append(p.Rows, b.diceRows(v, lang)...)
			out = append(out, images.Part{Name: images.PartMine, Panel: p})
		}
	}
	out = append(out, images.Part{Name: images.PartMarket, Panel: b.marketPanel(lang)},
		images.Part{Name: images.PartScores, Panel: b.scoresPanel(lang)})
	for _, bs := range b.Bases {
		out = append(out, images.Part{Name: images.SeatPart(bs.Seat), Panel: b.basePanel(bs, lang)})
	}
	return out
}

// basePanel is a base: its tracks, the warhost's active soldier and the
// add-on fields, each card with its effect.
func (b *board) basePanel(bs base, lang games.Lang) images.Panel {
	p := images.Panel{Title: b.name(bs.Seat) + " · " + bs.Faction, Seat: bs.Seat, Accent: images.Seat(bs.Seat).Color}
	p.Rows = append(p.Rows, images.Row(words.Text("Paragon").In(lang), fmt.Sprintf("%d / %d", bs.Paragon, bs.Target),
		fmt.Sprintf(words.Text("ResourcesLevelResistanceProductivity").In(lang), bs.Resources, bs.Level, bs.Resistance, bs.Productivity)))
	warhost := words.Count("WarhostCards", bs.Warhost, bs.Warhost).In(lang)
	if s := bs.Active; s != nil {
		r := soldierRow(s, lang)
		r.Title = warhost + ": " + r.Title
		if bs.InArk {
			r.Text = words.Text("HoldsTheArk").In(lang) + r.Text
		}
		p.Rows = append(p.Rows, r)
	} else {
		p.Rows = append(p.Rows, images.Row(warhost, "", ""))
	}
	for _, f := range bs.Fields {
		label := fmt.Sprintf("f%d", f.Index)
		switch {
		case f.Locked:
			r := images.Row(label+" "+words.Text("Locked").In(lang), "", "")
			if f.Index == 0 {
				r.Title = words.Count("FieldsLocked", f.Depth, f.Depth).In(lang)
			}
			r.Dim = true
			p.Rows = append(p.Rows, r)
		case f.Top == "":
			r := images.Row(label+" "+words.Text("Free").In(lang), "", "")
			r.Dim = true
			p.Rows = append(p.Rows, r)
		default:
			col, _ := deckStyle(f.Kind)
			r := images.Row(label+" "+f.ID+" "+f.Top, fmt.Sprintf("×%d", f.Depth), f.Effect)
			r.Bar = col
			p.Rows = append(p.Rows, r)
		}
	}
	return p
}

// soldierRow is a soldier with its power, resistance and paragon.
func soldierRow(s *soldier, lang games.Lang) images.PanelRow {
	r := images.Row(s.ID+" "+s.Name, "", fmt.Sprintf(words.Text("PhoneSoldier").In(lang), s.Power, s.Resist, s.Paragon, s.Effect))
	r.Bar = colorSoldier
	return r
}

// diceRows are the viewer's dice, when it is rolling them.
func (b *board) diceRows(v *xibalba.View, lang games.Lang) []images.PanelRow {
	d := v.Dice
	if d == nil || int(d.Seat) != b.Viewer || v.Phase == xibalba.PhaseOver {
		return nil
	}
	rows := []images.PanelRow{images.Heading(words.Text("Dice").In(lang))}
	if len(d.Rolled) > 0 {
		var faces []string
		for i, die := range d.Rolled {
			no := i + 1
			if die.No > 0 {
				no = die.No
			}
			faces = append(faces, fmt.Sprintf("#%d (%s)", no, faceTexts[dieFaces[die.Face]].In(lang)))
		}
		rows = append(rows, images.Row(words.Text("Rolled").In(lang), words.Count("PhoneRerolls", d.RerollsLeft, d.RerollsLeft).In(lang),
			strings.Join(faces, ", ")))
	}
	if len(d.Kept) > 0 {
		var faces []string
		for _, die := range d.Kept {
			face := faceTexts[dieFaces[die.Face]].In(lang)
			if die.No > 0 { // while the player may re-roll
				face = fmt.Sprintf("#%d (%s)", die.No, face)
			}
			faces = append(faces, face)
		}
		rows = append(rows, images.Row(words.Text("ActionPool").In(lang), "", strings.Join(faces, ", ")))
	}
	if !d.HasRolled {
		rows = append(rows, images.Row(words.Text("DicePool").In(lang), fmt.Sprintf("%d", d.PoolSize),
			fmt.Sprintf(words.Text("ResourceAttack").In(lang), d.Resource, d.Attack)))
	}
	return rows
}

// marketPanel is every face-up card for sale with its cost and effect.
func (b *board) marketPanel(lang games.Lang) images.Panel {
	p := images.Panel{Title: words.Text("Market").In(lang), Seat: images.NoSeat}
	for _, d := range b.Decks {
		col, _ := deckStyle(d.Kind)
		p.Rows = append(p.Rows, images.Heading(fmt.Sprintf(words.Text("Deck").In(lang), d.Name, d.Deck)))
		for _, o := range d.FaceUp {
			if o.Empty {
				r := images.Row(words.Text("Empty").In(lang), "", "")
				r.Dim = true
				p.Rows = append(p.Rows, r)
				continue
			}
			text := o.Effect
			if s := o.Soldier; s != nil {
				text = fmt.Sprintf(words.Text("PhoneSoldier").In(lang), s.Power, s.Resist, s.Paragon, s.Effect)
			}
			r := images.Row(o.ID+" "+o.Name, fmt.Sprintf(words.Text("Cost").In(lang), o.Cost), text)
			r.Bar = col
			p.Rows = append(p.Rows, r)
		}
	}
	return p
}

// scoresPanel is each seat's paragon of its goal, level and resources,
// and the ark.
func (b *board) scoresPanel(lang games.Lang) images.Panel {
	title := "XIBALBA"
	if b.Round > 0 {
		title += " · " + fmt.Sprintf(words.Text("Round").In(lang), b.Round)
	}
	p := images.Panel{Title: title, Seat: images.NoSeat}
	if b.Status != "" {
		p.Rows = append(p.Rows, images.Row(b.Status, "", ""))
	}
	for _, bs := range b.Bases {
		p.Rows = append(p.Rows, images.SeatRow(bs.Seat, b.name(bs.Seat), fmt.Sprintf("%d / %d", bs.Paragon, bs.Target),
			fmt.Sprintf(words.Text("LevelResources").In(lang), bs.Level, bs.Resources)))
	}
	ark := images.Row(words.Text("TheArk").In(lang), fmt.Sprintf("%d / %d", b.Ark.Life, b.Ark.Cap), "")
	if b.Ark.Controller >= 0 {
		ark = images.SeatRow(b.Ark.Controller, ark.Title, ark.Value, words.Text("HeldBy").In(lang)+b.name(b.Ark.Controller))
	}
	if s := b.Ark.Occupant; s != nil {
		ark.Text = strings.TrimSpace(ark.Text + " · " + s.ID + " " + s.Name)
		ark.Text = strings.TrimPrefix(ark.Text, "· ")
	}
	return images.Panel{Title: p.Title, Seat: p.Seat, Rows: append(p.Rows, ark)}
}
