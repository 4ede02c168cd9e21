package armageddon

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/armageddon"
	"github.com/playbychat/pbc/images"
)

func init() { images.RegisterPhone(armageddon.ID, images.ViewPhone(parts)) }

// parts draws v as phone panels: the viewer's screen and hand, the market
// (bid areas, equipment and buildings, the phase's own first), the scores
// and every city.
func parts(v *armageddon.View, names []string, lang games.Lang) []images.Part {
	t := &table{View: v, names: names, lang: lang}
	var out []images.Part
	if t.private() {
		out = append(out, images.Part{Name: images.PartMine, Panel: t.minePanel()})
	}
	out = append(out, images.Part{Name: images.PartMarket, Panel: t.marketPanel()},
		images.Part{Name: images.PartScores, Panel: t.scoresPanel()})
	for _, p := range t.Players {
		out = append(out, images.Part{Name: images.SeatPart(p.Seat), Panel: t.cityPanel(p)})
	}
	return out
}

// survivorNames name the survivor colours in notation order (r g b y p).
var survivorNames = [5]games.Text{
	pictures.Text("PlundererWord"), pictures.Text("Worker"), pictures.Text("Soldier"),
	pictures.Text("Engineer"), pictures.Text("Leader"),
}

// crowd names a crowd's survivors with their numbers: "worker 2 · soldier 1".
func (t *table) crowd(c armageddon.Crowd) string {
	var parts []string
	for i, n := range c {
		if n > 0 {
			parts = append(parts, survivorNames[i].In(t.lang)+" "+strconv.Itoa(n))
		}
	}
	if len(parts) == 0 {
		return pictures.Text("NoSurvivors").In(t.lang)
	}
	return strings.Join(parts, " · ")
}

func (t *table) player(seat int) *armageddon.PlayerView {
	for i := range t.Players {
		if t.Players[i].Seat == seat {
			return &t.Players[i]
		}
	}
	return nil
}

// minePanel is what only the viewer sees: its screen, its cards, its
// private scoring tiles and a choice it is making.
func (t *table) minePanel() images.Panel {
	seat := int(t.Seat)
	p := images.Panel{Title: t.name(seat) + " · " + pictures.Text("ScreenAndHand").In(t.lang), Seat: seat, Accent: images.Seat(seat).Color}
	if pv := t.player(seat); pv != nil && pv.Reserve != nil {
		p.Rows = append(p.Rows, images.Row(pictures.Text("BehindTheScreen").In(t.lang), strconv.Itoa(pv.Reserve.Total()), t.crowd(*pv.Reserve)))
	}
	if ch := t.Choice; ch != nil {
		p.Rows = append(p.Rows, images.Heading(t.in(ch.Prompt)))
		for i, c := range ch.Cards {
			r := images.Row(strconv.Itoa(i+1)+" "+t.in(c.Name), "", "")
			r.Bar = equipmentColor(c)
			p.Rows = append(p.Rows, r)
		}
	}
	p.Rows = append(p.Rows, images.Heading(fmt.Sprintf(pictures.Text("CardsCount").In(t.lang), len(t.Hand))))
	// Copies of a card make one row.
	var rows []images.PanelRow
	count := map[string]int{}
	for _, c := range t.Hand {
		name := t.in(c.Name)
		if count[name]++; count[name] == 1 {
			r := images.Row(name, "", "")
			r.Bar = equipmentColor(c)
			rows = append(rows, r)
		}
	}
	for _, r := range rows {
		if n := count[r.Title]; n > 1 {
			r.Value = fmt.Sprintf("×%d", n)
		}
		p.Rows = append(p.Rows, r)
	}
	if len(t.PrivateTiles) > 0 {
		p.Rows = append(p.Rows, images.Heading(pictures.Text("PrivateScoringTiles").In(t.lang)))
		for _, tv := range t.PrivateTiles {
			p.Rows = append(p.Rows, images.Row(tv.ID+" "+t.in(tv.Text), fmt.Sprintf(pictures.Text("NowShort").In(t.lang), tv.Now), ""))
		}
	}
	return p
}

// marketPanel is what is on offer: the bid areas with their tiles and
// bids, the equipment and the buildings, the current phase's first; in the
// phases that resolve one area, only that area.
func (t *table) marketPanel() images.Panel {
	p := images.Panel{Title: "ARMAGEDDON · " + t.in(t.PhaseTitle), Seat: images.NoSeat}
	equipment := t.equipmentRows()
	buildings := t.buildingRows()
	switch t.Phase {
	case "build", "city":
		p.Rows = append(append(append(p.Rows, buildings...), t.areaRows(t.Phase)...), equipment...)
	case "explore":
		p.Rows = append(append(append(p.Rows, t.areaRows(t.Phase)...), equipment...), buildings...)
	default:
		p.Rows = append(append(append(p.Rows, t.areaRows("")...), equipment...), buildings...)
	}
	return p
}

// areaRows are the bid areas, or only the one keyed only, with their
// tiles and bids.
func (t *table) areaRows(only string) []images.PanelRow {
	var rows []images.PanelRow
	for _, a := range t.Areas {
		if only != "" && a.Key != only {
			continue
		}
		rows = append(rows, images.Heading(t.in(a.Name)))
		tile := pictures.Text("Bonus").In(t.lang) + t.in(a.Tile.Bonus.Text) + " · " + pictures.Text("Malus").In(t.lang) + t.in(a.Tile.Malus.Text)
		rows = append(rows, images.Row(pictures.Text("Tile").In(t.lang)+" "+a.Tile.ID, "", tile))
		for _, b := range a.Bids {
			rows = append(rows, images.SeatRow(b.Seat, t.name(b.Seat), strconv.Itoa(b.Survivors.Total()), t.crowd(b.Survivors)))
		}
	}
	return rows
}

func (t *table) equipmentRows() []images.PanelRow {
	if !slices.ContainsFunc(t.Equipment, func(o armageddon.OfferView) bool { return !o.Taken }) {
		return nil
	}
	rows := []images.PanelRow{images.Heading(fmt.Sprintf(pictures.Text("EquipmentDeck").In(t.lang), t.EquipDeck))}
	for i, o := range t.Equipment {
		// A taken card leaves its slot empty: the panel's room is for
		// what is on offer; the others keep their slot numbers.
		if o.Taken {
			continue
		}
		r := images.Row(strconv.Itoa(i+1)+" "+t.in(o.Card.Name), "", pictures.Text("With").In(t.lang)+t.crowd(o.Survivors))
		r.Bar = equipmentColor(o.Card)
		rows = append(rows, r)
	}
	return rows
}

func (t *table) buildingRows() []images.PanelRow {
	offers := t.Buildings
	if !slices.ContainsFunc(offers, func(o armageddon.BuildingOfferView) bool { return !o.Taken }) && t.Placing == nil {
		return nil
	}
	rows := []images.PanelRow{images.Heading(pictures.Text("Buildings").In(t.lang))}
	for i, o := range offers {
		if !o.Taken {
			rows = append(rows, t.buildingRow(strconv.Itoa(i+1), o))
		}
	}
	if t.Placing != nil {
		rows = append(rows, t.buildingRow(pictures.Text("ToBuild").In(t.lang), *t.Placing))
	}
	return rows
}

func (t *table) buildingRow(slot string, o armageddon.BuildingOfferView) images.PanelRow {
	r := t.building(slot+" "+o.Building.ID, o.Building)
	if o.Tile != nil {
		r.Text += " · " + pictures.Text("TileColon").In(t.lang) + t.in(o.Tile.Text)
	}
	return r
}

// building is a building with its type, shelter and whole text.
func (t *table) building(label string, b armageddon.BuildingView) images.PanelRow {
	r := images.Row(label+" "+t.in(b.Name), fmt.Sprintf(pictures.Text("ShelterCount").In(t.lang), b.Shelter),
		t.in(b.Text))
	r.Bar = typeColors[b.Type]
	return r
}

// scoresPanel is each seat's score and threats.
func (t *table) scoresPanel() images.Panel {
	p := images.Panel{Title: fmt.Sprintf(pictures.Text("ARMAGEDDONRound").In(t.lang), t.Round, t.Rounds), Seat: images.NoSeat}
	for _, pv := range t.Players {
		text := fmt.Sprintf(pictures.Text("PlunderersDamageShelterFor").In(t.lang),
			plunderers(pv), pv.Damage, pv.Shelter, pv.Survivors, pv.HandCount)
		p.Rows = append(p.Rows, images.SeatRow(pv.Seat, t.name(pv.Seat), fmt.Sprintf(pictures.Text("PtsCount").In(t.lang), pv.Score), text))
	}
	for i, f := range t.Final {
		p.Rows = append(p.Rows, images.SeatRow(i, t.name(i), strconv.Itoa(f.Total), fmt.Sprintf(
			pictures.Text("BeforePublicPrivateEquipment").In(t.lang),
			f.Before, f.Public, f.Private, f.Equipment, f.Damage, f.Plunderer)))
	}
	if !t.Finished && len(t.DamageTrack) > 0 {
		p.Rows = append(p.Rows, images.Heading(pictures.Text("DamageTrack").In(t.lang)), images.Row(
			pictures.Text("RoundStartFieldElse").In(t.lang), "", t.damageTrack()))
	}
	if len(t.Public) > 0 {
		p.Rows = append(p.Rows, images.Heading(pictures.Text("PublicScoring").In(t.lang)))
		for _, tv := range t.Public {
			p.Rows = append(p.Rows, images.Row(tv.ID+" "+t.in(tv.Text), "", ""))
		}
	}
	return p
}

// cityPanel is what everyone sees of a seat: its tracks, its city's
// buildings with their actions, its survivors in the city.
func (t *table) cityPanel(pv armageddon.PlayerView) images.Panel {
	p := images.Panel{Title: t.name(pv.Seat), Seat: pv.Seat, Accent: images.Seat(pv.Seat).Color}
	p.Rows = append(p.Rows,
		images.Row(pictures.Text("Score").In(t.lang), strconv.Itoa(pv.Score), ""),
		images.Row(pictures.Text("Plunderers").In(t.lang), strconv.Itoa(plunderers(pv)), ""),
		images.Row(pictures.Text("Damage").In(t.lang), strconv.Itoa(pv.Damage), ""),
		images.Row(pictures.Text("ShelterForSurvivors").In(t.lang), fmt.Sprintf("%d / %d", pv.Shelter, pv.Survivors), ""),
		images.Row(pictures.Text("CardsInHand").In(t.lang), strconv.Itoa(pv.HandCount), ""))
	if pv.CityFree.Total()+pv.CityUsed.Total() > 0 {
		p.Rows = append(p.Rows, images.Row(pictures.Text("InTheCity").In(t.lang), strconv.Itoa(pv.CityFree.Total()), t.crowd(pv.CityFree)))
	}
	if pv.Reserve != nil {
		p.Rows = append(p.Rows, images.Row(pictures.Text("BehindTheScreen").In(t.lang), strconv.Itoa(pv.Reserve.Total()), t.crowd(*pv.Reserve)))
	}
	p.Rows = append(p.Rows, images.Heading(pictures.Text("City").In(t.lang)))
	for sp, b := range pv.City {
		if b == nil {
			continue
		}
		p.Rows = append(p.Rows, t.building(strconv.Itoa(sp+1)+" "+b.ID, *b))
	}
	return p
}

// plunderers is how many plunderers threaten pv's city: its marker's
// field less one.
func plunderers(pv armageddon.PlayerView) int { return max(pv.Plunderer-1, 0) }

// damageTrack lists every damage field with its effect: "1: +2 pts ·
// 2: — · 3: −1 pts …".
func (t *table) damageTrack() string {
	var out []string
	for i, f := range t.DamageTrack {
		out = append(out, strconv.Itoa(i+1)+": "+t.fieldEffect(f))
	}
	return strings.Join(out, " · ")
}

// fieldEffect is a damage field's whole effect in words, its plunderers
// included.
func (t *table) fieldEffect(f armageddon.DamageField) string {
	text := t.fieldText(f)
	if f.Plunderers == 0 {
		return text
	}
	plunderer := t.short("plunderer", f.Plunderers)
	if text == "" || text == "—" {
		return plunderer
	}
	return text + ", " + plunderer
}
