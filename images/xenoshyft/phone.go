package xenoshyft

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/xenoshyft"
	"github.com/playbychat/pbc/images"
)

func init() { images.RegisterPhone("xenoshyft", images.ViewPhone(parts)) }

// parts draws v as phone panels: the viewer's hand and lane, the stacks to
// buy from, the base and the seats' standing, and every lane.
func parts(v *xenoshyft.View, names []string, lang games.Lang) []images.Part {
	t := &table{View: v, names: names, lang: lang}
	var out []images.Part
	if t.Seat >= 0 {
		out = append(out, images.Part{Name: images.PartMine, Panel: t.minePanel()})
	}
	out = append(out, images.Part{Name: images.PartMarket, Panel: t.marketPanel()},
		images.Part{Name: images.PartScores, Panel: t.scoresPanel()})
	for _, l := range t.Lanes {
		out = append(out, images.Part{Name: images.SeatPart(int(l.Owner)), Panel: t.lanePanel(l)})
	}
	return out
}

// cardRow is a card with its handle, name, numbers and whole text.
func (t *table) cardRow(label string, c xenoshyft.CardView) images.PanelRow {
	var facts []string
	switch c.Kind {
	case "troop", "enemy":
		facts = append(facts, fmt.Sprintf(pictures.Text("AttackHP").In(t.lang), c.Attack, c.HP))
	case "resource":
		facts = append(facts, fmt.Sprintf(pictures.Text("Value").In(t.lang), c.Value))
	}
	if txt := strings.TrimSpace(c.Text.In(t.lang)); txt != "" {
		facts = append(facts, txt)
	}
	value := ""
	if c.Cost > 0 {
		value = fmt.Sprintf(pictures.Text("Cost").In(t.lang), c.Cost)
	}
	r := images.Row(strings.TrimSpace(label+" "+c.Name.In(t.lang)), value, strings.Join(facts, " · "))
	r.Bar, _ = kindStyle(c.Kind)
	return r
}

// minePanel is the viewer's hand, budget and division abilities.
func (t *table) minePanel() images.Panel {
	p := images.Panel{Title: t.name(t.Seat) + " · " + pictures.Text("HandShort").In(t.lang), Seat: int(t.Seat), Accent: images.Seat(int(t.Seat)).Color}
	if pv := t.player(t.Seat); pv != nil {
		if t.Phase == xenoshyft.PhaseSupply {
			p.Rows = append(p.Rows, images.Row(pictures.Text("XenosathemToSpend").In(t.lang), strconv.Itoa(pv.Budget-pv.Spent), ""))
		}
		p.Rows = append(p.Rows, images.Row(pv.Division.In(t.lang), fmt.Sprintf(pictures.Text("DeckCount").In(t.lang), pv.Deck), t.abilities(pv)))
	}
	p.Rows = append(p.Rows, images.Heading(fmt.Sprintf(pictures.Text("HandCount").In(t.lang), len(t.Hand))))
	for _, c := range t.Hand {
		p.Rows = append(p.Rows, t.cardRow(c.Ref, c))
	}
	return p
}

func (t *table) abilities(pv *xenoshyft.PlayerView) string {
	var out []string
	for _, a := range pv.Abilities {
		out = append(out, a.In(t.lang))
	}
	return strings.Join(out, " ")
}

// marketPanel is every stack that can be bought from now, with what is
// left of it.
func (t *table) marketPanel() images.Panel {
	p := images.Panel{Title: pictures.Text("Supply").In(t.lang), Seat: images.NoSeat}
	for _, group := range []struct {
		title  games.Text
		stacks []xenoshyft.StackView
	}{
		{pictures.Text("Troops"), t.Troops},
		{pictures.Text("Items"), t.Items},
		{pictures.Text("Resources"), t.Resources},
	} {
		if len(group.stacks) == 0 {
			continue
		}
		p.Rows = append(p.Rows, images.Heading(group.title.In(t.lang)))
		for _, s := range group.stacks {
			// What cannot be bought now (sold out, or of a later wave)
			// stays on the board: the panel's room is for what can.
			if s.Locked || s.Count == 0 {
				continue
			}
			r := t.cardRow(s.Ref, s.Card)
			r.Title += fmt.Sprintf(" ×%d", s.Count)
			p.Rows = append(p.Rows, r)
		}
	}
	return p
}

// scoresPanel is the base, the wave and each seat's lane and cards.
func (t *table) scoresPanel() images.Panel {
	title := fmt.Sprintf(pictures.Text("XenoshyftWaveRound").In(t.lang), t.Wave, t.Round)
	p := images.Panel{Title: title, Seat: images.NoSeat}
	p.Rows = append(p.Rows, images.Row(pictures.Text("BaseHitPoints").In(t.lang), fmt.Sprintf("%d / %d", t.BaseHP, t.BaseMax),
		games.FormatSeats(t.Step.In(t.lang), t.names)))
	for _, pv := range t.Players {
		state := ""
		for _, l := range t.Lanes {
			if l.Owner == pv.Seat {
				state = stateTexts[l.State].In(t.lang)
			}
		}
		text := fmt.Sprintf(pictures.Text("LaneHandDeckDiscard").In(t.lang),
			pv.Lane, pv.HandSize, pv.Deck, pv.Discard)
		if pv.Ready {
			text += " · " + pictures.Text("Ready").In(t.lang)
		}
		p.Rows = append(p.Rows, images.SeatRow(int(pv.Seat), t.name(pv.Seat), state, text))
	}
	return p
}

// lanePanel is one lane: its enemies, front first, and its troops with
// their equipment.
func (t *table) lanePanel(l xenoshyft.LaneView) images.Panel {
	title := fmt.Sprintf(pictures.Text("LanePanel").In(t.lang), t.name(l.Owner), l.Number)
	p := images.Panel{Title: title, Seat: int(l.Owner), Accent: images.Seat(int(l.Owner)).Color}
	if s := stateTexts[l.State].In(t.lang); s != "" {
		p.Rows = append(p.Rows, images.Row(s, "", ""))
	}
	p.Rows = append(p.Rows, images.Heading(pictures.Text("Enemies").In(t.lang)))
	for _, e := range l.Enemies {
		if !e.FaceUp || e.Card == nil {
			r := images.Row(e.Ref+" "+fmt.Sprintf(pictures.Text("FaceDownWave").In(t.lang), e.Wave), "", "")
			r.Bar = colorBack
			p.Rows = append(p.Rows, r)
			continue
		}
		r := t.cardRow(e.Ref+" "+e.Card.Ref, *e.Card)
		r.Value = fmt.Sprintf(pictures.Text("AtkHP").In(t.lang), e.Attack, e.HP-e.Damage, e.HP)
		if e.Boss {
			r.Bar = colorBoss
		}
		p.Rows = append(p.Rows, r)
	}
	p.Rows = append(p.Rows, images.Heading(pictures.Text("Troops").In(t.lang)))
	for i, tr := range l.Troops {
		r := t.cardRow(fmt.Sprintf("%d %s", i+1, tr.Card.Ref), tr.Card)
		r.Value = fmt.Sprintf(pictures.Text("AtkHP").In(t.lang), tr.Attack, tr.HP-tr.Damage, tr.HP)
		var gear []string
		for _, g := range []*xenoshyft.CardView{tr.Weapon, tr.Armour} {
			if g != nil {
				gear = append(gear, g.Ref+" "+g.Name.In(t.lang))
			}
		}
		if len(gear) > 0 {
			r.Text = strings.Join(gear, ", ") + " · " + r.Text
		}
		p.Rows = append(p.Rows, r)
	}
	return p
}
