package dei

import (
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
	p := images.Panel{Title: t.name(seat) + " · " + pictures.Text("HandTitle").In(t.lang), Seat: seat, Accent: images.Seat(seat).Color}
	if tv := t.Turn; tv != nil && tv.Seat == seat && tv.Open != nil {
		p.Rows = append(p.Rows, images.Heading(pictures.Text("OpenCard").In(t.lang)), t.cardRow("", *tv.Open))
	}
	pv := t.player(seat)
	if pv == nil {
		return p
	}
	p.Rows = append(p.Rows, images.Heading(pictures.Text("HandCount", pv.HandSize).In(t.lang)))
	for _, c := range pv.Hand {
		p.Rows = append(p.Rows, t.cardRow("", c))
	}
	if len(pv.Plan) > 0 {
		p.Rows = append(p.Rows, images.Heading(pictures.Text("Plan").In(t.lang)))
		for i, c := range pv.Plan {
			p.Rows = append(p.Rows, t.cardRow(strconv.Itoa(i+1), c))
		}
	}
	if len(t.DraftStack) > 0 {
		p.Rows = append(p.Rows, images.Heading(pictures.Text("FeatsToDraft").In(t.lang)))
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
			rows = append(rows, images.Heading(pictures.Text("Feats").In(t.lang)))
		}
		r := images.Row(f.Name.In(t.lang), "", f.Text.In(t.lang))
		if f.Earned {
			r.Value = pictures.Text("Earned").In(t.lang)
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
	p := images.Panel{Title: pictures.Text("Markets").In(t.lang), Seat: images.NoSeat}
	for _, m := range t.Markets {
		p.Rows = append(p.Rows, images.Heading(pictures.Text("MarketDeck", m.Name, m.Deck).In(t.lang)))
		for i, s := range m.Slots {
			label := strconv.Itoa(i + 1)
			if s.Card == nil {
				r := images.Row(label+" "+pictures.Text("Empty").In(t.lang), "", "")
				r.Dim = true
				p.Rows = append(p.Rows, r)
				continue
			}
			r := t.cardRow(label, *s.Card)
			var needs []string
			if s.Requires > 0 {
				needs = append(needs, pictures.Count("NeedsOutposts", s.Requires, s.Requires).In(t.lang))
			}
			if s.Surcharge != 0 {
				needs = append(needs, pictures.Text("TechSurcharge", s.Surcharge).In(t.lang))
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
		p.Rows = append(p.Rows, images.SeatRow(pv.Seat, t.name(pv.Seat), pictures.Text("VP", pv.VP).In(t.lang), t.stock(&pv)))
	}
	p.Rows = append(p.Rows, images.Heading(pictures.Text("Missions").In(t.lang)))
	for _, m := range t.Missions {
		if m.Empty || m.Round < t.Round {
			continue
		}
		r := images.Row(m.ID+" "+m.Name.In(t.lang), pictures.Text("MissionRound", m.Round).In(t.lang),
			pictures.Text("OnTime").In(t.lang)+t.missionValue(m.OnTime)+pictures.Text("Late").In(t.lang)+t.missionValue(m.Late))
		var marks []string
		for _, s := range m.Marks {
			marks = append(marks, t.name(s))
		}
		if len(marks) > 0 {
			r.Text += "; " + pictures.Text("Done").In(t.lang) + strings.Join(marks, ", ")
		}
		p.Rows = append(p.Rows, r)
	}
	return p
}

// missionValue writes a mission's value in words: "3 VP", "3 VP per 2".
func (t *table) missionValue(v dei.Value) string {
	if v.Per == 1 {
		return pictures.Text("VP", v.VP).In(t.lang)
	}
	return pictures.Text("VPPer", v.VP, v.Per).In(t.lang)
}

// stock is a player's tech, energy, scrappers, outposts and cards.
func (t *table) stock(pv *dei.PlayerView) string {
	return pictures.Text("Stock", pv.Tech, pv.Energy, pv.Supply, pv.Cubes[0], pv.Cubes[1], pv.Cubes[2], pv.HandSize).In(t.lang)
}

// playerPanel is what everyone sees of a player: faction and leader, stock,
// the cards on its pad and its feats.
func (t *table) playerPanel(pv dei.PlayerView) images.Panel {
	title := t.name(pv.Seat)
	if n := pv.Name.In(t.lang); n != "" {
		title += " · " + n
	}
	p := images.Panel{Title: title, Seat: pv.Seat, Accent: images.Seat(pv.Seat).Color}
	p.Rows = append(p.Rows, images.Row(pictures.Text("VictoryPoints").In(t.lang), strconv.Itoa(pv.VP), t.stock(&pv)))
	if l := pv.Leader.In(t.lang); l != "" {
		p.Rows = append(p.Rows, images.Row(pictures.Text("LeaderColon").In(t.lang)+l, "", ""))
	}
	var pad []images.PanelRow
	for _, col := range pv.Pad {
		for _, c := range col {
			if c.Card == nil {
				r := images.Row(pictures.Text("FaceDown").In(t.lang), "", "")
				r.Dim = true
				pad = append(pad, r)
				continue
			}
			pad = append(pad, t.cardRow("", *c.Card))
		}
	}
	if len(pad) > 0 {
		p.Rows = append(append(p.Rows, images.Heading(pictures.Text("Played").In(t.lang))), pad...)
	}
	p.Rows = append(p.Rows, t.featRows(&pv)...)
	return p
}

// offerPanel is the factions on offer: each with its leader, the leader's
// power and its drone, and the seat that chose it; then what every
// faction starts with.
func (t *table) offerPanel() images.Panel {
	p := images.Panel{Title: pictures.Text("Factions").In(t.lang), Seat: images.NoSeat}
	for _, f := range t.Offer {
		title := f.Name.In(t.lang) + " · " + pictures.Text("LeaderBefore").In(t.lang) + f.Leader.In(t.lang)
		text := f.Power.In(t.lang) + " " + pictures.Text("FactionDrone", f.Drone).In(t.lang)
		r := images.Row(title, "", text)
		if f.Seat >= 0 {
			r = images.SeatRow(f.Seat, title, t.name(f.Seat), text)
			r.Dim = true
		}
		p.Rows = append(p.Rows, r)
	}
	p.Rows = append(p.Rows, images.Row(pictures.Text("EveryFaction").In(t.lang), "", t.StartStock.In(t.lang)))
	return p
}
