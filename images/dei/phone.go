package dei

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/dei"
	"github.com/playbychat/pbc/images"
)

func init() { images.RegisterPhone("dei", images.ViewPhone(parts)) }

// parts draws v as phone panels: the viewer's hand, plan and feats, the
// markets with the missions, the scores and every player.
func parts(v *dei.View, names []string, lang games.Lang) []images.Part {
	t := newTable(v, names, lang)
	var out []images.Part
	if v.Seat >= 0 {
		out = append(out, images.Part{Name: images.PartMine, Panel: t.minePanel()})
	}
	out = append(out, images.Part{Name: images.PartMarket, Panel: t.marketPanel()},
		images.Part{Name: images.PartScores, Panel: t.scoresPanel()})
	for _, p := range t.Players {
		out = append(out, images.Part{Name: images.SeatPart(p.Seat), Panel: t.playerPanel(p)})
	}
	return out
}

// cardRow is a card with its id, name and whole text.
func (t *table) cardRow(label string, c dei.CardView) images.PanelRow {
	r := images.Row(strings.TrimSpace(label+" "+c.ID+" "+c.Name.In(t.lang)), "", c.Text.In(t.lang))
	if col, ok := outpostColors[c.Market]; ok && c.Market != "" {
		r.Bar = col
	}
	return r
}

func (t *table) player(seat int) *dei.PlayerView {
	for i := range t.Players {
		if t.Players[i].Seat == seat {
			return &t.Players[i]
		}
	}
	return nil
}

// minePanel is what the viewer holds: the card whose actions are open, its
// hand, plan, feats and the feats it may draft.
func (t *table) minePanel() images.Panel {
	seat := int(t.Seat)
	p := images.Panel{Title: t.name(seat) + " · " + t.tr("hand", "Hand"), Seat: seat, Accent: images.Seat(seat).Color}
	if tv := t.Turn; tv != nil && tv.Seat == seat && tv.Open != nil {
		p.Rows = append(p.Rows, images.Heading(t.tr("Open card", "Offene Karte")), t.cardRow("", *tv.Open))
	}
	pv := t.player(seat)
	if pv == nil {
		return p
	}
	p.Rows = append(p.Rows, images.Heading(fmt.Sprintf(t.tr("Hand (%d)", "Hand (%d)"), pv.HandSize)))
	for _, c := range pv.Hand {
		p.Rows = append(p.Rows, t.cardRow("", c))
	}
	if len(pv.Plan) > 0 {
		p.Rows = append(p.Rows, images.Heading(t.tr("Plan", "Plan")))
		for i, c := range pv.Plan {
			p.Rows = append(p.Rows, t.cardRow(strconv.Itoa(i+1), c))
		}
	}
	if len(t.DraftStack) > 0 {
		p.Rows = append(p.Rows, images.Heading(t.tr("Feats to draft", "Abzeichen zur Wahl")))
		for _, f := range t.DraftStack {
			p.Rows = append(p.Rows, images.Row(f.Name.In(t.lang), "", f.Text.In(t.lang)))
		}
	}
	p.Rows = append(p.Rows, t.featRows(pv)...)
	return p
}

func (t *table) featRows(pv *dei.PlayerView) []images.PanelRow {
	var rows []images.PanelRow
	for _, f := range pv.Feats {
		if !f.Known {
			continue
		}
		if rows == nil {
			rows = append(rows, images.Heading(t.tr("Feats", "Abzeichen")))
		}
		r := images.Row(f.Name.In(t.lang), "", f.Text.In(t.lang))
		if f.Earned {
			r.Value = t.tr("earned", "erfüllt")
		}
		if col, ok := outpostColors[f.Colour]; ok && f.Colour != "" {
			r.Bar = col
		}
		rows = append(rows, r)
	}
	return rows
}

// marketPanel is each market's face-up cards with what they need; while
// the factions are chosen (the markets still closed), the factions on
// offer.
func (t *table) marketPanel() images.Panel {
	if len(t.Offer) > 0 {
		return t.offerPanel()
	}
	p := images.Panel{Title: t.tr("Markets", "Märkte"), Seat: images.NoSeat}
	for _, m := range t.Markets {
		p.Rows = append(p.Rows, images.Heading(fmt.Sprintf(t.tr("%s · deck %d", "%s · Stapel %d"), m.Name.In(t.lang), m.Deck)))
		for i, s := range m.Slots {
			label := strconv.Itoa(i + 1)
			if s.Card == nil {
				r := images.Row(label+" "+t.tr("empty", "leer"), "", "")
				r.Dim = true
				p.Rows = append(p.Rows, r)
				continue
			}
			r := t.cardRow(label, *s.Card)
			var needs []string
			if s.Requires > 0 {
				needs = append(needs, games.Count(s.Requires, games.T("needs %d outpost", "braucht %d Außenposten"), games.T("needs %d outposts", "braucht %d Außenposten")).In(t.lang))
			}
			if s.Surcharge != 0 {
				needs = append(needs, fmt.Sprintf(t.tr("%+d tech", "%+d Technologie"), s.Surcharge))
			}
			r.Value = strings.Join(needs, " · ")
			p.Rows = append(p.Rows, r)
		}
	}
	return p
}

// scoresPanel is each player's VP and stock, and the missions of this
// round and the later ones.
func (t *table) scoresPanel() images.Panel {
	p := images.Panel{Title: "D.E.I. · " + t.stageText(), Seat: images.NoSeat}
	for _, pv := range t.Players {
		p.Rows = append(p.Rows, images.SeatRow(pv.Seat, t.name(pv.Seat), fmt.Sprintf(t.tr("%d VP", "%d SP"), pv.VP), t.stock(&pv)))
	}
	p.Rows = append(p.Rows, images.Heading(t.tr("Missions", "Aufträge")))
	for _, m := range t.Missions {
		if m.Empty || m.Round < t.Round {
			continue
		}
		r := images.Row(m.ID+" "+m.Name.In(t.lang), fmt.Sprintf(t.tr("round %d", "Runde %d"), m.Round),
			t.tr("on time ", "pünktlich ")+t.missionValue(m.OnTime)+t.tr(", late ", ", spät ")+t.missionValue(m.Late))
		var marks []string
		for _, s := range m.Marks {
			marks = append(marks, t.name(s))
		}
		if len(marks) > 0 {
			r.Text += "; " + t.tr("done: ", "erfüllt: ") + strings.Join(marks, ", ")
		}
		p.Rows = append(p.Rows, r)
	}
	return p
}

// missionValue writes a mission's value in words: "3 VP", "3 VP per 2".
func (t *table) missionValue(v dei.Value) string {
	if v.Per == 1 {
		return fmt.Sprintf(t.tr("%d VP", "%d SP"), v.VP)
	}
	return fmt.Sprintf(t.tr("%d VP per %d", "%d SP je %d"), v.VP, v.Per)
}

// stock is a player's tech, energy, scrappers, outposts and cards.
func (t *table) stock(pv *dei.PlayerView) string {
	return fmt.Sprintf(t.tr("Tech %d · energy %d · scrappers %d · outposts red %d, blue %d, green %d · cards %d",
		"Technologie %d · Energie %d · Plünderer %d · Außenposten rot %d, blau %d, grün %d · Karten %d"),
		pv.Tech, pv.Energy, pv.Supply, pv.Cubes[0], pv.Cubes[1], pv.Cubes[2], pv.HandSize)
}

// playerPanel is what everyone sees of a player: faction and leader, stock,
// the cards on its pad and its feats.
func (t *table) playerPanel(pv dei.PlayerView) images.Panel {
	title := t.name(pv.Seat)
	if n := pv.Name.In(t.lang); n != "" {
		title += " · " + n
	}
	p := images.Panel{Title: title, Seat: pv.Seat, Accent: images.Seat(pv.Seat).Color}
	p.Rows = append(p.Rows, images.Row(t.tr("Victory points", "Siegpunkte"), strconv.Itoa(pv.VP), t.stock(&pv)))
	if l := pv.Leader.In(t.lang); l != "" {
		p.Rows = append(p.Rows, images.Row(t.tr("Leader: ", "Anführer: ")+l, "", ""))
	}
	var pad []images.PanelRow
	for _, col := range pv.Pad {
		for _, c := range col {
			if c.Card == nil {
				r := images.Row(t.tr("face down", "verdeckt"), "", "")
				r.Dim = true
				pad = append(pad, r)
				continue
			}
			pad = append(pad, t.cardRow("", *c.Card))
		}
	}
	if len(pad) > 0 {
		p.Rows = append(append(p.Rows, images.Heading(t.tr("Played", "Ausgespielt"))), pad...)
	}
	p.Rows = append(p.Rows, t.featRows(&pv)...)
	return p
}

// offerPanel is the factions on offer: each with its leader, the leader's
// power and its drone, and the seat that chose it; then what every
// faction starts with.
func (t *table) offerPanel() images.Panel {
	p := images.Panel{Title: t.tr("Factions", "Fraktionen"), Seat: images.NoSeat}
	for _, f := range t.Offer {
		title := f.Name.In(t.lang) + " · " + t.tr("leader ", "Anführer ") + f.Leader.In(t.lang)
		text := f.Power.In(t.lang) + " " + fmt.Sprintf(t.tr("Drone: %s.", "%s."), f.Drone.In(t.lang))
		r := images.Row(title, "", text)
		if f.Seat >= 0 {
			r = images.SeatRow(f.Seat, title, t.name(f.Seat), text)
			r.Dim = true
		}
		p.Rows = append(p.Rows, r)
	}
	p.Rows = append(p.Rows, images.Row(t.tr("Every faction", "Jede Fraktion"), "", t.StartStock.In(t.lang)))
	return p
}
