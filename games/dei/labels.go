package dei

import (
	"fmt"
	"strings"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/internal/eventlog"
)

// eventLog collects the events of one move (see eventlog for the reveal
// rule).
type eventLog struct {
	eventlog.Log
}

// add records a public event; seats are the seats its text names, in the
// order it first names them.
func (l *eventLog) add(t games.Text, seats ...int) {
	l.Add(t, eventSeats(seats)...)
}

// reveal records a public event that turns up something hidden (see
// eventlog.Log.Reveal).
func (l *eventLog) reveal(t games.Text, seats ...int) {
	l.Reveal(t, eventSeats(seats)...)
}

// private records an event only seat may see: its own choice repeated to
// it; its text addresses seat as "you" and names no seat.
func (l *eventLog) private(seat int, t games.Text) {
	l.Note(games.Seat(seat), t)
}

// eventSeats turns the seats an event names into games.Seat.
func eventSeats(seats []int) []games.Seat {
	out := make([]games.Seat, len(seats))
	for i, s := range seats {
		out[i] = games.Seat(s)
	}
	return out
}

func seatRef(seat int) string { return games.Seatf(games.Seat(seat)) }

func colourName(c string) games.Text {
	switch c {
	case Red:
		return games.T("red", "rot")
	case Blue:
		return games.T("blue", "blau")
	case Green:
		return games.T("green", "grün")
	}
	return games.T("any colour", "beliebige Farbe")
}

// outpostDE is "der rote Außenposten", or as an object "den roten
// Außenposten".
func outpostDE(c string, object bool) string {
	adj := map[string]string{Red: "rot", Blue: "blau", Green: "grün"}[c]
	if object {
		return "den " + adj + "en Außenposten"
	}
	return "der " + adj + "e Außenposten"
}

// theDrone is a drone's German name with its article, as the manual
// names the drones: "Die Jäger-Drohne", "die Ernte-Drohne" as an object.
func theDrone(name string, object bool) string {
	the := "Die "
	if object {
		the = "die "
	}
	if strings.HasSuffix(name, "Drohne") {
		return the + name
	}
	return the + name + "-Drohne"
}

func resName(tech bool) games.Text {
	if tech {
		return games.T("tech", "Technologie")
	}
	return games.T("energy", "Energiezelle")
}

// resCount is "2 tech", "1 energy" with the right plural.
func resCount(n int, tech bool) games.Text {
	if tech {
		return games.Count(n, games.T("%d tech", "%d Technologie"), games.T("%d tech", "%d Technologie"))
	}
	return games.Count(n, games.T("%d energy", "%d Energiezelle"), games.T("%d energy", "%d Energiezellen"))
}

// resPair is a price: "2 tech and 1 energy", "nothing".
func resPair(tech, energy int) games.Text {
	switch {
	case tech > 0 && energy > 0:
		t, e := resCount(tech, true), resCount(energy, false)
		return games.T(t.EN+" and "+e.EN, t.DE+" und "+e.DE)
	case tech > 0:
		return resCount(tech, true)
	case energy > 0:
		return resCount(energy, false)
	}
	return games.T("nothing", "nichts")
}

func scrappers(n int) games.Text {
	return games.Count(n, games.T("%d scrapper", "%d Plünderer"), games.T("%d scrappers", "%d Plünderer"))
}

// scrappersWith is scrappers after "with" (German: dative).
func scrappersWith(n int) games.Text {
	return games.Count(n, games.T("%d scrapper", "%d Plünderer"), games.T("%d scrappers", "%d Plünderern"))
}

func buildingName(kind string) games.Text {
	switch kind {
	case Camp:
		return games.T("camp", "ein Lager")
	case Lift:
		return games.T("lift", "einen Aufzug")
	}
	return games.T("bridge", "eine Brücke")
}

// joinList joins names as "a, b and c".
func joinList(xs []string) string { return joinWith(xs, " and ") }

// joinListDE joins names as "a, b und c".
func joinListDE(xs []string) string { return joinWith(xs, " und ") }

func joinWith(xs []string, and string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + and + xs[len(xs)-1]
}

// groupText names a moving group: "2 scrappers and the leader".
func (g *Game) groupText(seat, n int, leader bool, camps int) games.Text {
	var en, de []string
	if n > 0 {
		en, de = append(en, scrappers(n).EN), append(de, scrappers(n).DE)
	}
	if leader {
		name := g.c.faction(g.s.Players[seat].Faction).Leader.Name
		en, de = append(en, name.EN), append(de, name.DE)
	}
	if camps > 0 {
		c := games.Count(camps, games.T("%d camp", "%d Lager"), games.T("%d camps", "%d Lager"))
		en, de = append(en, c.EN), append(de, c.DE)
	}
	return games.T(joinList(en), joinListDE(de))
}

// actionText describes one action of a card.
func actionText(a Action) games.Text {
	var t games.Text
	switch a.Do {
	case DoDeploy:
		t = games.T("deploy", "Einrücken")
	case DoMove:
		t = games.T("move", "Bewegen")
	case DoCollect:
		t = games.T("collect", "Sammeln")
	case DoBuild:
		switch a.What {
		case Camp:
			t = games.T("build camp", "Lager bauen")
		case Lift:
			t = games.T("build lift", "Aufzug bauen")
		case Bridge:
			t = games.T("build bridge", "Brücke bauen")
		default:
			t = games.T("build", "Bauen")
		}
	case DoDrone:
		t = games.T("activate the "+droneEN[a.Drone], strings.TrimPrefix(theDrone(droneDE[a.Drone], true), "die ")+" aktivieren")
		if a.Bonus > 0 {
			t = games.T(fmt.Sprintf("%s (+%d)", t.EN, a.Bonus), fmt.Sprintf("%s (+%d)", t.DE, a.Bonus))
		}
	case DoCopy:
		t = games.T("copy a card played this round", "eine in dieser Runde gespielte Karte kopieren")
	case DoVP:
		t = games.T(fmt.Sprintf("+%d VP", a.N), fmt.Sprintf("+%d SP", a.N))
	case DoTech:
		t = games.T(fmt.Sprintf("+%d tech", a.N), fmt.Sprintf("+%d Technologie", a.N))
	case DoEnergy:
		t = games.T(fmt.Sprintf("+%d energy", a.N), fmt.Sprintf("+%d Energie", a.N))
	}
	if a.Colour != "" {
		imp := map[string]games.Text{Red: games.T("tactical", "taktisch"), Blue: games.T("logistic", "logistisch"), Green: games.T("mechanical", "mechanisch")}[a.Colour]
		t = games.T(imp.EN+" "+t.EN, t.DE+" ("+imp.DE+")")
	}
	if a.PerOutpost {
		c := colourName(a.PerColour)
		t = games.T(t.EN+" per "+c.EN+" outpost", t.DE+" je Außenposten ("+c.DE+")")
	}
	return t
}

var (
	droneEN = map[string]string{Hunter: "Hunter", Transporter: "Transporter", Harvester: "Harvester", Teleporter: "Teleporter"}
	droneDE = map[string]string{Hunter: "Jäger", Transporter: "Transporter", Harvester: "Ernte-Drohne", Teleporter: "Teleporter"}
)

// actionsText lists a card's actions.
func (g *Game) actionsText(as []Action) games.Text {
	var en, de []string
	for _, a := range as {
		t := actionText(a)
		en, de = append(en, t.EN), append(de, t.DE)
	}
	return games.T(strings.Join(en, ", "), strings.Join(de, ", "))
}

// cardText is a card's full text: cost, VP and actions.
func (g *Game) cardText(card int) games.Text { return g.c.cardText(card) }

func (c *Content) cardText(card int) games.Text { return c.texts[card] }

// describeCard writes a card's full text.
func (c *Content) describeCard(card int) games.Text {
	cd := &c.Cards[card]
	var en, de []string
	if cd.Kind != KindFaction {
		cost := resPair(cd.Tech, cd.Energy)
		en, de = append(en, "Cost "+cost.EN), append(de, "Kosten "+cost.DE)
		if cd.VP > 0 {
			en, de = append(en, fmt.Sprintf("%d VP at the end", cd.VP)), append(de, fmt.Sprintf("%d SP am Ende", cd.VP))
		}
	}
	var aen, ade []string
	for _, a := range cd.Actions {
		t := actionText(a)
		aen, ade = append(aen, t.EN), append(ade, t.DE)
	}
	en, de = append(en, "Actions: "+strings.Join(aen, "; ")), append(de, "Aktionen: "+strings.Join(ade, "; "))
	return games.T(strings.Join(en, ". ")+".", strings.Join(de, ". ")+".")
}

// cardLabel is a card's name with its id and actions, for menus.
func (g *Game) cardLabel(card int) games.Text {
	n := g.cardName(card)
	a := g.actionsText(g.c.Cards[card].Actions)
	return games.T(n.EN+": "+a.EN, n.DE+": "+a.DE)
}

// moveLabel is the short human label of a move.
func (g *Game) moveLabel(seat int, m *mv) games.Text {
	a := func(i int) string { return g.areaID(i) }
	if _, ok := verbActions[m.Verb]; ok || m.Verb == "abraham" {
		return g.actionLabel(seat, m)
	}
	switch m.Verb {
	case "fly", "land", "kill", "harvest", "drop", "tele", "done":
		return g.droneLabel(m)
	case "faction":
		f := g.c.faction(m.Key)
		return msgs.Text("LabelFaction", f.Name, f.Leader.Name)
	case "leader":
		return msgs.Text("LabelLeader", a(m.Area))
	case "draft":
		f := &g.c.Feats[g.c.featIdx[m.Key]]
		return msgs.Text("LabelFeat", f.Name, colourName(f.Colour))
	case "plan":
		return msgs.Text("LabelPlan", g.cardName(m.Plan[0]), g.cardName(m.Plan[1]))
	case "play":
		return msgs.Text("LabelPlay", g.cardLabel(m.Card))
	case "down":
		return msgs.Text("LabelDown", g.cardName(m.Card))
	case "buy", "parcel":
		tech, energy, back := g.price(m)
		cost := resPair(tech, energy)
		n := g.cardName(m.Card)
		en, de := "Buy "+n.EN+" for "+cost.EN, "Kaufe "+n.DE+" für "+cost.DE
		if back > 0 {
			en, de = en+fmt.Sprintf(", %d back", back), de+fmt.Sprintf(", %d zurück", back)
		}
		if m.Candy != none {
			en, de = en+" + outpost candy", de+" + Außenposten-Candy"
		}
		if m.Verb == "parcel" {
			en, de = en+" (Parcel bot)", de+" (Paketbot)"
		}
		return games.T(en, de)
	case "candy":
		return msgs.Text("LabelCandy", g.c.candyName(m.What))
	case "end":
		return msgs.Text("EndPhase")
	case "mission":
		ms := &g.c.Missions[g.s.Missions[m.Slot]]
		late := m.Slot/2+1 < g.s.Round
		vp := g.missionValue(seat, ms, late)
		return msgs.Text("LabelMission", ms.Name, m.Slot/2+1, vp)
	case "pass":
		return msgs.Text("NoMission")
	case verbBack:
		return msgs.Text("Back")
	case verbStep:
		return g.stepLabel(m.Prefix)
	}
	return games.T(m.notation, m.notation)
}

// actionLabel labels a move that uses an action of the open card.
func (g *Game) actionLabel(seat int, m *mv) games.Text {
	a := func(i int) string { return g.areaID(i) }
	imp := map[string]games.Text{"": {}, Red: games.T("Tactical ", "Taktisch "), Blue: games.T("Logistic ", "Logistisch "), Green: games.T("Mechanical ", "Mechanisch ")}
	colourOf := map[string]string{"rdeploy": Red, "gdeploy": Green, "rmove": Red, "bmove": Blue, "bcollect": Blue, "gcollect": Green}
	pre := imp[colourOf[m.Verb]]
	switch m.Verb {
	case "build":
		return g.buildLabel(seat, m)
	case "deploy", "rdeploy", "gdeploy":
		en, de := pre.EN+"Deploy in "+a(m.Area), pre.DE+"Einrücken in "+a(m.Area)
		if m.From != none {
			en, de = en+" from "+a(m.From), de+" aus "+a(m.From)
		}
		if m.Verb == "gdeploy" && m.What == "" && g.resourceFor(m.Area) {
			r := resName(g.b.Areas[m.Area].Ground)
			en, de = en+" + 1 "+r.EN, de+" + 1 "+r.DE
		}
		return games.T(en, de)
	case "move", "rmove", "bmove":
		grp := g.groupText(seat, m.N, m.Leader, m.Camps)
		return games.T(pre.EN+"Move "+grp.EN+" "+a(m.Area)+"→"+a(m.To), pre.DE+"Bewege "+grp.DE+" "+a(m.Area)+"→"+a(m.To))
	case "collect", "bcollect", "gcollect", "abraham":
		st := g.s.Areas[m.Area]
		r := resName(st.Tech > 0)
		en, de := pre.EN+"Collect "+r.EN+" in "+a(m.Area), pre.DE+"Sammle "+r.DE+" in "+a(m.Area)
		if m.Verb == "abraham" {
			en, de = "Abraham: free collect of "+r.EN+" in "+a(m.Area), "Abraham: freies Sammeln ("+r.DE+") in "+a(m.Area)
		}
		if strings.Contains(m.What, "swap") {
			o := resName(st.Tech == 0)
			en, de = en+", swap for "+o.EN, de+", tauschen gegen "+o.DE
		}
		if strings.Contains(m.What, "recycle") {
			en, de = en+", recycle 1 tech", de+", 1 Technologie verwerten"
		}
		return games.T(en, de)
	case "snipe":
		f := g.factionName(m.Seat)
		return games.T("Sniper: kill a "+f.EN+" scrapper in "+a(m.Area), "Scharfschütze: Plünderer von "+f.DE+" in "+a(m.Area)+" töten")
	case "prospect":
		r := resName(g.b.Areas[m.Area].Ground)
		return games.T("Prospector: 1 "+r.EN+" into "+a(m.Area), "Schürfer: 1 "+r.DE+" nach "+a(m.Area))
	case "drone":
		d := g.c.drone(m.Key)
		return games.T("Activate the "+d.Name.EN+" (in "+a(g.s.Drones[g.droneIndex(m.Key)].Area)+")",
			strings.TrimPrefix(theDrone(d.Name.DE, true), "die ")+" aktivieren (in "+a(g.s.Drones[g.droneIndex(m.Key)].Area)+")")
	case "copy":
		l := g.cardLabel(m.Card)
		return games.T("Copy "+l.EN, "Kopiere "+l.DE)
	}
	return games.T(m.notation, m.notation)
}

// buildLabel labels a build.
func (g *Game) buildLabel(seat int, m *mv) games.Text {
	a := func(i int) string { return g.areaID(i) }
	var en, de string
	switch m.What {
	case Camp:
		en, de = "Build camp in "+a(m.Area), "Lager bauen in "+a(m.Area)
		if m.From != none {
			en, de = en+" (from "+a(m.From)+")", de+" (aus "+a(m.From)+")"
		}
	case Lift:
		en, de = "Build lift "+a(m.Lift.Ground)+"–"+a(m.Lift.Roof), "Aufzug bauen "+a(m.Lift.Ground)+"–"+a(m.Lift.Roof)
		if m.Old != none {
			l := g.s.Players[seat].Lifts[m.Old]
			en, de = en+" (from "+a(l.Ground)+"–"+a(l.Roof)+")", de+" (aus "+a(l.Ground)+"–"+a(l.Roof)+")"
		}
	default:
		r := g.b.Bridges[m.Spot].Roofs
		en, de = "Build bridge "+a(r[0])+"–"+a(r[1]), "Brücke bauen "+a(r[0])+"–"+a(r[1])
		if m.Old != none {
			o := g.b.Bridges[m.Old].Roofs
			en, de = en+" (from "+a(o[0])+"–"+a(o[1])+")", de+" (aus "+a(o[0])+"–"+a(o[1])+")"
		}
	}
	return games.T(en, de)
}

// droneLabel labels a step of a drone activation.
func (g *Game) droneLabel(m *mv) games.Text {
	a := func(i int) string { return g.areaID(i) }
	switch m.Verb {
	case "fly":
		return games.T("Fly to "+a(m.Area), "Fliege nach "+a(m.Area))
	case "land":
		return games.T("Land here and use the power", "Hier landen und Fähigkeit nutzen")
	case "kill":
		f := g.factionName(m.Seat)
		return games.T("Kill a "+f.EN+" scrapper", "Plünderer von "+f.DE+" töten")
	case "harvest":
		return games.T("Harvest 1 resource", "1 Ressource ernten")
	case "drop":
		if m.From != none {
			return games.T("Drop a scrapper (from "+a(m.From)+")", "Plünderer absetzen (aus "+a(m.From)+")")
		}
		return games.T("Drop a scrapper", "Plünderer absetzen")
	case "tele":
		if m.Leader {
			return games.T("Teleport the leader to "+a(m.Area), "Anführer nach "+a(m.Area)+" versetzen")
		}
		return games.T("Teleport a scrapper to "+a(m.Area), "Plünderer nach "+a(m.Area)+" versetzen")
	case "done":
		return games.T("Done with the drone", "Drohne beenden")
	}
	return games.T(m.notation, m.notation)
}

// stepLabel names a menu step by what it narrows to, marked with ▸: a
// step opens more choices (never "…", which reads as a cut label).
func (g *Game) stepLabel(prefix string) games.Text {
	f := strings.Fields(prefix)
	label := stepVerb(f[0])
	moving := f[0] == "move" || f[0] == "rmove" || f[0] == "bmove"
	for i, tok := range f[1:] {
		show := tok
		if ai, ok := g.b.Area(tok); ok {
			show = g.areaID(ai)
		}
		switch {
		case strings.HasPrefix(tok, "@"):
			label = msgs.Text("StepDistrict", label, tok[1:])
		case moving && i == 0:
			label = msgs.Text("StepFrom", label, show)
		case moving:
			label = msgs.Text("StepTo", label, show)
		default:
			label = msgs.Text("StepWord", label, strings.ToUpper(show))
		}
	}
	return msgs.Text("Step", label)
}

// stepVerb names the menu's first step by its verb; the verb itself where
// the menu has no name for it.
func stepVerb(verb string) games.Text {
	switch verb {
	case "play":
		return msgs.Text("StepPlay")
	case "down":
		return msgs.Text("StepDown")
	case "buy":
		return msgs.Text("StepBuy")
	case "parcel":
		return msgs.Text("StepParcel")
	case "deploy":
		return msgs.Text("StepDeploy")
	case "rdeploy":
		return msgs.Text("StepTacticalDeploy")
	case "gdeploy":
		return msgs.Text("StepMechanicalDeploy")
	case "move":
		return msgs.Text("StepMove")
	case "rmove":
		return msgs.Text("StepTacticalMove")
	case "bmove":
		return msgs.Text("StepLogisticMove")
	case "collect":
		return msgs.Text("StepCollect")
	case "bcollect":
		return msgs.Text("StepLogisticCollect")
	case "gcollect":
		return msgs.Text("StepMechanicalCollect")
	case "build":
		return msgs.Text("StepBuild")
	case "copy":
		return msgs.Text("StepCopy")
	case "candy":
		return msgs.Text("StepCandy")
	case "snipe":
		return msgs.Text("StepSniper")
	case "prospect":
		return msgs.Text("StepProspector")
	case "tele":
		return msgs.Text("StepTeleport")
	case "fly":
		return msgs.Text("StepFly")
	case "drop":
		return msgs.Text("StepDrop")
	}
	return games.T(verb, verb)
}

// missionText is a mission's full text.
func missionText(m Mission) games.Text {
	var what games.Text
	switch m.Count {
	case CountTech:
		what = games.T("tech in your supply", "Technologie in deinem Vorrat")
	case CountEnergy:
		what = games.T("energy in your supply", "Energiezellen in deinem Vorrat")
	case CountDroneCards:
		what = games.T("drone cards you own (your faction's included)", "Drohnenkarten, die du besitzt (inkl. der deiner Fraktion)")
	case CountBuildings:
		what = games.T("of your buildings on the map", "deiner Gebäude im Spiel")
	case CountScrappers:
		what = games.T("of your scrappers on the map (your leader included)", "deiner Plünderer im Spiel (inkl. Anführer)")
	case CountCubes:
		what = games.T("outpost cubes on your pad", "Außenpostenwürfel auf deinem Pad")
	case CountColourCubes:
		c := colourName(m.Colour)
		what = games.T(c.EN+" outpost cubes on your pad", "Außenpostenwürfel ("+c.DE+") auf deinem Pad")
	case CountGarrisons:
		what = games.T("outposts where you have a figure (garrisons)", "Außenposten mit einer deiner Figuren (Garnisonen)")
	case CountCandy:
		what = games.T("candy boosts you hold", "Candy Boosts, die du hast")
	case CountMarketCards:
		what = games.T("market and drone cards you own", "Markt- und Drohnenkarten, die du besitzt")
	}
	per := func(v Value, lang games.Lang) string {
		if v.Per == 1 {
			return fmt.Sprintf(map[games.Lang]string{games.English: "%d VP each", games.German: "je %d SP"}[lang], v.VP)
		}
		return fmt.Sprintf(map[games.Lang]string{games.English: "%d VP per %d", games.German: "%d SP je %d"}[lang], v.VP, v.Per)
	}
	return games.T(
		fmt.Sprintf("Count %s: on time %s, late %s.", what.EN, per(m.OnTime, games.English), per(m.Late, games.English)),
		fmt.Sprintf("Zähle %s: pünktlich %s, verspätet %s.", what.DE, per(m.OnTime, games.German), per(m.Late, games.German)))
}

// candyText explains a candy boost.
func candyText(kind string) games.Text {
	switch kind {
	case CandyTech:
		return games.T("Candy boost: lay it on the card you just played to take 1 tech.", "Candy Boost: Lege ihn auf die soeben gespielte Karte und nimm 1 Technologie.")
	case CandyOutpost:
		return games.T("Candy boost: counts as 1 outpost of any colour when you buy or for a per-outpost action of the card you just played.",
			"Candy Boost: Zählt wie 1 Außenposten beliebiger Farbe beim Kauf oder für eine Aktion pro Außenposten der soeben gespielten Karte.")
	}
	a := actionText(map[string]Action{CandyDeploy: {Do: DoDeploy}, CandyMove: {Do: DoMove}, CandyCollect: {Do: DoCollect},
		CandyCamp: {Do: DoBuild, What: Camp}, CandyLift: {Do: DoBuild, What: Lift}, CandyBridge: {Do: DoBuild, What: Bridge}}[kind])
	return games.T("Candy boost: lay it on the card you just played for 1 more action: "+a.EN+".",
		"Candy Boost: Lege ihn auf die soeben gespielte Karte für 1 weitere Aktion: "+a.DE+".")
}
