package dei

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/playbychat/pbc/games"
)

// Catalog implements games.Catalog: every faction, card, mission, feat,
// drone, leader and candy boost with its full text, each once.
func (g *Game) Catalog() []games.Card { return g.c.Catalog() }

// Catalog lists the content's pieces with their full texts, and a summary
// of at most 100 characters per language where the text is longer.
func (c *Content) Catalog() []games.Card {
	var out []games.Card
	for _, f := range c.Factions {
		out = append(out, c.factionCard(f))
	}
	for i, card := range c.Cards {
		out = append(out, games.Card{ID: card.ID, Name: card.Name, Body: c.cardText(i), Summary: c.cardSummary(i)})
	}
	for _, m := range c.Missions {
		out = append(out, games.Card{ID: m.ID, Name: m.Name, Body: missionText(m), Summary: missionSummary(m)})
	}
	for _, f := range c.Feats {
		col := colourName(f.Colour)
		body := games.T("Feat ("+col.EN+"): "+f.Text.EN, "Abzeichen ("+col.DE+"): "+f.Text.DE)
		out = append(out, games.Card{ID: f.Key, Name: f.Name, Body: body, Summary: summaryOf(body, f.Text, f.Summary)})
	}
	for _, d := range c.Drones {
		out = append(out, games.Card{ID: d.Key, Name: d.Name, Body: d.Text, Summary: summaryOf(d.Text, d.Text, d.Summary)})
	}
	for _, f := range c.Factions {
		body := games.T("Leader of "+f.Name.EN+": "+f.Leader.Text.EN, "Anführer von "+f.Name.DE+": "+f.Leader.Text.DE)
		out = append(out, games.Card{ID: f.Leader.Key, Name: f.Leader.Name, Body: body, Summary: *f.Leader.Summary})
	}
	for _, k := range c.Candy {
		out = append(out, games.Card{ID: candyPiece(k.Kind), Name: k.Name, Body: candyText(k.Kind), Summary: candySummary(k.Kind)})
	}
	return out
}

// candyPiece is the Catalog id of a kind of candy boost.
func candyPiece(kind string) string { return "candy-" + kind }

// factionCard is a faction's entry: its leader's power, its drone and its
// eight starting cards, so that a faction is never chosen blind.
func (c *Content) factionCard(f Faction) games.Card {
	d := c.drone(f.Drone)
	var en, de []string
	for _, card := range f.Cards {
		i := c.cardIdx[card.ID]
		en = append(en, card.Name.EN+" ("+card.ID+"): "+c.actionList(i, false).EN)
		de = append(de, card.Name.DE+" ("+card.ID+"): "+c.actionList(i, false).DE)
	}
	body := games.T(
		fmt.Sprintf("Leader %s: %s Drone: %s. Cards: %s.", f.Leader.Name.EN, f.Leader.Text.EN, d.Name.EN, strings.Join(en, "; ")),
		fmt.Sprintf("Anführer %s: %s Drohne: %s. Karten: %s.", f.Leader.Name.DE, f.Leader.Text.DE, theDrone(d.Name.DE, false)[4:], strings.Join(de, "; ")))
	sum := f.Leader.Summary
	return games.Card{ID: f.Key, Name: f.Name, Body: body,
		Summary: games.T("Leader "+f.Leader.Name.EN+": "+sum.EN, "Anführer "+f.Leader.Name.DE+": "+sum.DE)}
}

// summaryOf is the summary of a piece whose body is text with a prefix:
// empty where the body fits, the data's summary where the text alone does
// not, else the text alone.
func summaryOf(body, text games.Text, sum *games.Text) games.Text {
	switch {
	case fits(body):
		return games.Text{}
	case sum != nil:
		return *sum
	}
	return text
}

// fits reports whether a text fits a summary in both languages.
func fits(t games.Text) bool {
	return utf8.RuneCountInString(t.EN) <= summaryMax && utf8.RuneCountInString(t.DE) <= summaryMax
}

// actionList lists a card's actions, separated by commas; short names
// the copy action in fewer words.
func (c *Content) actionList(card int, short bool) games.Text {
	var en, de []string
	for _, a := range c.Cards[card].Actions {
		t := actionText(a)
		if short && a.Do == DoCopy {
			t = games.T("copy a card of this round", "eine Karte dieser Runde kopieren")
		}
		en, de = append(en, t.EN), append(de, t.DE)
	}
	return games.T(strings.Join(en, ", "), strings.Join(de, ", "))
}

// cardSummary is a card's price, VP and actions in short, where its full
// text does not fit: "2 tech and 1 energy, 2 VP: move, collect".
func (c *Content) cardSummary(card int) games.Text {
	if fits(c.cardText(card)) {
		return games.Text{}
	}
	cd := &c.Cards[card]
	acts := c.actionList(card, true)
	if cd.Kind == KindFaction {
		return acts
	}
	vp := games.Text{}
	if cd.VP > 0 {
		vp = games.T(fmt.Sprintf(", %d VP", cd.VP), fmt.Sprintf(", %d SP", cd.VP))
	}
	cost := resPair(cd.Tech, cd.Energy)
	return games.T(cost.EN+vp.EN+": "+acts.EN, cost.DE+vp.DE+": "+acts.DE)
}

// missionSummary is a mission's count and values in short, where its full
// text does not fit.
func missionSummary(m Mission) games.Text {
	if fits(missionText(m)) {
		return games.Text{}
	}
	what := missionCountName(m)
	per := func(v Value) games.Text {
		if v.Per == 1 {
			return games.T(fmt.Sprintf("%d VP each", v.VP), fmt.Sprintf("je %d SP", v.VP))
		}
		return games.T(fmt.Sprintf("%d VP per %d", v.VP, v.Per), fmt.Sprintf("%d SP je %d", v.VP, v.Per))
	}
	on, late := per(m.OnTime), per(m.Late)
	return games.T(fmt.Sprintf("%s: on time %s, late %s.", what.EN, on.EN, late.EN),
		fmt.Sprintf("%s: pünktlich %s, verspätet %s.", what.DE, on.DE, late.DE))
}

// missionCountName names in short what a mission counts.
func missionCountName(m Mission) games.Text {
	switch m.Count {
	case CountTech:
		return games.T("Your tech", "Deine Technologie")
	case CountEnergy:
		return games.T("Your energy", "Deine Energiezellen")
	case CountDroneCards:
		return games.T("Your drone cards", "Deine Drohnenkarten")
	case CountBuildings:
		return games.T("Your buildings", "Deine Gebäude")
	case CountScrappers:
		return games.T("Your figures on the map", "Deine Figuren im Spiel")
	case CountCubes:
		return games.T("Your outpost cubes", "Deine Außenpostenwürfel")
	case CountColourCubes:
		c := colourName(m.Colour)
		return games.T("Your "+c.EN+" outpost cubes", "Deine Außenpostenwürfel ("+c.DE+")")
	case CountGarrisons:
		return games.T("Your garrisons", "Deine Garnisonen")
	case CountCandy:
		return games.T("Your candy boosts", "Deine Candy Boosts")
	}
	return games.T("Your market and drone cards", "Deine Markt- und Drohnenkarten")
}

// candySummary is a candy boost's effect in short, where its full text
// does not fit.
func candySummary(kind string) games.Text {
	if fits(candyText(kind)) {
		return games.Text{}
	}
	if kind == CandyOutpost {
		return games.T("Counts as 1 outpost of any colour for a purchase or a per-outpost action.",
			"Zählt wie 1 Außenposten beliebiger Farbe beim Kauf oder für eine Aktion pro Außenposten.")
	}
	t := candyText(kind)
	return games.T(strings.TrimPrefix(t.EN, "Candy boost: "), strings.TrimPrefix(t.DE, "Candy Boost: "))
}
