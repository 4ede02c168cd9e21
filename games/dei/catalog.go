package dei

import (
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
		body := msgs.Text("FeatBody", colourName(f.Colour), f.Text)
		out = append(out, games.Card{ID: f.Key, Name: f.Name, Body: body, Summary: summaryOf(body, f.Text, f.Summary)})
	}
	for _, d := range c.Drones {
		out = append(out, games.Card{ID: d.Key, Name: d.Name, Body: d.Text, Summary: summaryOf(d.Text, d.Text, d.Summary)})
	}
	for _, f := range c.Factions {
		body := msgs.Text("LeaderBody", f.Name, f.Leader.Text)
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
	cards := make([]games.Text, len(f.Cards))
	for k, card := range f.Cards {
		cards[k] = msgs.Text("CardLabel", msgs.Text("CardName", card.Name, card.ID), c.actionList(c.cardIdx[card.ID], false))
	}
	body := msgs.Text("FactionBody", f.Leader.Name, f.Leader.Text, droneWord(d.Name), join(cards, "; "))
	return games.Card{ID: f.Key, Name: f.Name, Body: body, Summary: msgs.Text("FactionSummary", f.Leader.Name, *f.Leader.Summary)}
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
	var parts []games.Text
	for _, a := range c.Cards[card].Actions {
		t := actionText(a)
		if short && a.Do == DoCopy {
			t = msgs.Text("ActCopyShort")
		}
		parts = append(parts, t)
	}
	return join(parts, ", ")
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
	if cd.VP > 0 {
		return msgs.Text("CardSummaryVP", resPair(cd.Tech, cd.Energy), cd.VP, acts)
	}
	return msgs.Text("CardSummary", resPair(cd.Tech, cd.Energy), acts)
}

// missionSummary is a mission's count and values in short, where its full
// text does not fit.
func missionSummary(m Mission) games.Text {
	if fits(missionText(m)) {
		return games.Text{}
	}
	return msgs.Text("MissionSummary", missionCountName(m), vpPer(m.OnTime), vpPer(m.Late))
}

// missionCountName names in short what a mission counts.
func missionCountName(m Mission) games.Text {
	switch m.Count {
	case CountTech:
		return msgs.Text("YourTech")
	case CountEnergy:
		return msgs.Text("YourEnergy")
	case CountDroneCards:
		return msgs.Text("YourDroneCards")
	case CountBuildings:
		return msgs.Text("YourBuildings")
	case CountScrappers:
		return msgs.Text("YourFigures")
	case CountCubes:
		return msgs.Text("YourCubes")
	case CountColourCubes:
		return msgs.Text("YourColourCubes", colourName(m.Colour))
	case CountGarrisons:
		return msgs.Text("YourGarrisons")
	case CountCandy:
		return msgs.Text("YourCandy")
	}
	return msgs.Text("YourMarketCards")
}

// candySummary is a candy boost's effect in short, where its full text
// does not fit.
func candySummary(kind string) games.Text {
	if fits(candyText(kind)) {
		return games.Text{}
	}
	if kind == CandyOutpost {
		return msgs.Text("CandyOutpostShort")
	}
	return candyEffect(kind)
}
