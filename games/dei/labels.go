package dei

import (
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
		return msgs.Text("Red")
	case Blue:
		return msgs.Text("Blue")
	case Green:
		return msgs.Text("Green")
	}
	return msgs.Text("AnyColour")
}

// outpostName is an outpost by its colour as its messages use it: the
// colour in English ("the %s outpost"), the German noun with its article
// and declined adjective: "Der rote Außenposten" to begin a sentence, or
// as an object "den roten Außenposten".
func outpostName(c string, object bool) games.Text {
	adj := map[string]string{Red: "rot", Blue: "blau", Green: "grün"}[c]
	if object {
		return games.T(colourName(c).EN, "den "+adj+"en Außenposten")
	}
	return games.T(colourName(c).EN, "Der "+adj+"e Außenposten")
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
		return msgs.Text("Tech")
	}
	return msgs.Text("Energy")
}

// resCount is "2 tech", "1 energy" with the right plural.
func resCount(n int, tech bool) games.Text {
	if tech {
		return msgs.Count("TechCount", n, n)
	}
	return msgs.Count("EnergyCount", n, n)
}

// resPair is a price: "2 tech and 1 energy", "nothing".
func resPair(tech, energy int) games.Text {
	switch {
	case tech > 0 && energy > 0:
		return msgs.Text("ListAnd", resCount(tech, true), resCount(energy, false))
	case tech > 0:
		return resCount(tech, true)
	case energy > 0:
		return resCount(energy, false)
	}
	return msgs.Text("Nothing")
}

func scrappers(n int) games.Text { return msgs.Count("Scrappers", n, n) }

// scrappersWith is scrappers after "with" (German: dative).
func scrappersWith(n int) games.Text { return msgs.Count("ScrappersWith", n, n) }

func buildingName(kind string) games.Text {
	switch kind {
	case Camp:
		return msgs.Text("BuildingCamp")
	case Lift:
		return msgs.Text("BuildingLift")
	}
	return msgs.Text("BuildingBridge")
}

// join joins texts with sep, the same in every language.
func join(parts []games.Text, sep string) games.Text {
	var en, de []string
	for _, p := range parts {
		en, de = append(en, p.EN), append(de, p.DE)
	}
	return games.T(strings.Join(en, sep), strings.Join(de, sep))
}

// joinAnd joins texts as "a, b and c".
func joinAnd(parts []games.Text) games.Text {
	if len(parts) < 2 {
		return join(parts, "")
	}
	return msgs.Text("ListAnd", join(parts[:len(parts)-1], ", "), parts[len(parts)-1])
}

// groupText names a moving group: "2 scrappers and the leader".
func (g *Game) groupText(seat, n int, leader bool, camps int) games.Text {
	var parts []games.Text
	if n > 0 {
		parts = append(parts, scrappers(n))
	}
	if leader {
		parts = append(parts, g.c.faction(g.s.Players[seat].Faction).Leader.Name)
	}
	if camps > 0 {
		parts = append(parts, msgs.Count("Camps", camps, camps))
	}
	return joinAnd(parts)
}

// actionText describes one action of a card.
func actionText(a Action) games.Text {
	var t games.Text
	switch a.Do {
	case DoDeploy:
		t = msgs.Text("ActDeploy")
	case DoMove:
		t = msgs.Text("ActMove")
	case DoCollect:
		t = msgs.Text("ActCollect")
	case DoBuild:
		switch a.What {
		case Camp:
			t = msgs.Text("ActBuildCamp")
		case Lift:
			t = msgs.Text("ActBuildLift")
		case Bridge:
			t = msgs.Text("ActBuildBridge")
		default:
			t = msgs.Text("ActBuild")
		}
	case DoDrone:
		t = msgs.Text("ActDrone", droneWord(games.T(droneEN[a.Drone], droneDE[a.Drone])))
		if a.Bonus > 0 {
			t = msgs.Text("ActBonus", t, a.Bonus)
		}
	case DoCopy:
		t = msgs.Text("ActCopy")
	case DoVP:
		t = msgs.Text("ActVP", a.N)
	case DoTech:
		t = msgs.Text("ActTech", a.N)
	case DoEnergy:
		t = msgs.Text("ActEnergy", a.N)
	}
	switch a.Colour {
	case Red:
		t = msgs.Text("ActTactical", t)
	case Blue:
		t = msgs.Text("ActLogistic", t)
	case Green:
		t = msgs.Text("ActMechanical", t)
	}
	if a.PerOutpost {
		t = msgs.Text("ActPerOutpost", t, colourName(a.PerColour))
	}
	return t
}

var (
	droneEN = map[string]string{Hunter: "Hunter", Transporter: "Transporter", Harvester: "Harvester", Teleporter: "Teleporter"}
	droneDE = map[string]string{Hunter: "Jäger", Transporter: "Transporter", Harvester: "Ernte-Drohne", Teleporter: "Teleporter"}
)

// actionsText lists a card's actions.
func (g *Game) actionsText(as []Action) games.Text {
	parts := make([]games.Text, len(as))
	for i, a := range as {
		parts[i] = actionText(a)
	}
	return join(parts, ", ")
}

// cardText is a card's full text: cost, VP and actions.
func (g *Game) cardText(card int) games.Text { return g.c.cardText(card) }

func (c *Content) cardText(card int) games.Text { return c.texts[card] }

// describeCard writes a card's full text.
func (c *Content) describeCard(card int) games.Text {
	cd := &c.Cards[card]
	var parts []games.Text
	if cd.Kind != KindFaction {
		parts = append(parts, msgs.Text("CardCost", resPair(cd.Tech, cd.Energy)))
		if cd.VP > 0 {
			parts = append(parts, msgs.Text("CardVP", cd.VP))
		}
	}
	as := make([]games.Text, len(cd.Actions))
	for i, a := range cd.Actions {
		as[i] = actionText(a)
	}
	parts = append(parts, msgs.Text("CardActions", join(as, "; ")))
	return msgs.Text("Sentences", join(parts, ". "))
}

// cardLabel is a card's name with its id and actions, for menus.
func (g *Game) cardLabel(card int) games.Text {
	n := g.cardName(card)
	a := g.actionsText(g.c.Cards[card].Actions)
	return msgs.Text("CardLabel", n, a)
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
		a, b := &g.c.Cards[m.Plan[0]], &g.c.Cards[m.Plan[1]]
		return msgs.Text("LabelPlan", a.Name, a.ID, b.Name, b.ID)
	case "play":
		c := &g.c.Cards[m.Card]
		return msgs.Text("LabelPlay", c.Name, c.ID, g.actionsText(c.Actions))
	case "down":
		c := &g.c.Cards[m.Card]
		return msgs.Text("LabelDown", c.Name, c.ID)
	case "buy", "parcel":
		tech, energy, back := g.price(m)
		c := &g.c.Cards[m.Card]
		t := msgs.Text("LabelBuy", c.Name, c.ID, resPair(tech, energy))
		if back > 0 {
			t = msgs.Text("LabelBuyBack", t, back)
		}
		if m.Candy != none {
			t = msgs.Text("LabelBuyCandy", t)
		}
		if m.Verb == "parcel" {
			t = msgs.Text("LabelBuyParcel", t)
		}
		return t
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
	return same(m.notation)
}

// actionLabel labels a move that uses an action of the open card.
func (g *Game) actionLabel(seat int, m *mv) games.Text {
	a := func(i int) string { return g.areaID(i) }
	imp := map[string]games.Text{"": {}, Red: msgs.Text("PrefixTactical"), Blue: msgs.Text("PrefixLogistic"), Green: msgs.Text("PrefixMechanical")}
	colourOf := map[string]string{"rdeploy": Red, "gdeploy": Green, "rmove": Red, "bmove": Blue, "bcollect": Blue, "gcollect": Green}
	pre := imp[colourOf[m.Verb]]
	switch m.Verb {
	case "build":
		return g.buildLabel(seat, m)
	case "deploy", "rdeploy", "gdeploy":
		t := msgs.Text("LabelDeploy", pre, a(m.Area))
		if m.From != none {
			t = msgs.Text("LabelDeployFrom", t, a(m.From))
		}
		if m.Verb == "gdeploy" && m.What == "" && g.resourceFor(m.Area) {
			t = msgs.Text("LabelPlusOne", t, resName(g.b.Areas[m.Area].Ground))
		}
		return t
	case "move", "rmove", "bmove":
		return msgs.Text("LabelMove", pre, g.groupText(seat, m.N, m.Leader, m.Camps), a(m.Area), a(m.To))
	case "collect", "bcollect", "gcollect", "abraham":
		st := g.s.Areas[m.Area]
		r := resName(st.Tech > 0)
		t := msgs.Text("LabelCollect", pre, r, a(m.Area))
		if m.Verb == "abraham" {
			t = msgs.Text("LabelAbraham", r, a(m.Area))
		}
		if strings.Contains(m.What, "swap") {
			t = msgs.Text("LabelSwap", t, resName(st.Tech == 0))
		}
		if strings.Contains(m.What, "recycle") {
			t = msgs.Text("LabelRecycle", t)
		}
		return t
	case "snipe":
		return msgs.Text("LabelSnipe", g.factionName(m.Seat), a(m.Area))
	case "prospect":
		return msgs.Text("LabelProspect", resName(g.b.Areas[m.Area].Ground), a(m.Area))
	case "drone":
		return msgs.Text("LabelDrone", droneWord(g.c.drone(m.Key).Name), a(g.s.Drones[g.droneIndex(m.Key)].Area))
	case "copy":
		c := &g.c.Cards[m.Card]
		return msgs.Text("LabelCopy", c.Name, c.ID, g.actionsText(c.Actions))
	}
	return same(m.notation)
}

// buildLabel labels a build.
func (g *Game) buildLabel(seat int, m *mv) games.Text {
	a := func(i int) string { return g.areaID(i) }
	var t games.Text
	switch m.What {
	case Camp:
		t = msgs.Text("LabelBuildCamp", a(m.Area))
		if m.From != none {
			t = msgs.Text("LabelFrom", t, a(m.From))
		}
	case Lift:
		t = msgs.Text("LabelBuildLift", a(m.Lift.Ground)+"–"+a(m.Lift.Roof))
		if m.Old != none {
			l := g.s.Players[seat].Lifts[m.Old]
			t = msgs.Text("LabelFrom", t, a(l.Ground)+"–"+a(l.Roof))
		}
	default:
		r := g.b.Bridges[m.Spot].Roofs
		t = msgs.Text("LabelBuildBridge", a(r[0])+"–"+a(r[1]))
		if m.Old != none {
			o := g.b.Bridges[m.Old].Roofs
			t = msgs.Text("LabelFrom", t, a(o[0])+"–"+a(o[1]))
		}
	}
	return t
}

// droneLabel labels a step of a drone activation.
func (g *Game) droneLabel(m *mv) games.Text {
	a := func(i int) string { return g.areaID(i) }
	switch m.Verb {
	case "fly":
		return msgs.Text("LabelFly", a(m.Area))
	case "land":
		return msgs.Text("LabelLand")
	case "kill":
		return msgs.Text("LabelKill", g.factionName(m.Seat))
	case "harvest":
		return msgs.Text("LabelHarvest")
	case "drop":
		if m.From != none {
			return msgs.Text("LabelFrom", msgs.Text("LabelDrop"), a(m.From))
		}
		return msgs.Text("LabelDrop")
	case "tele":
		if m.Leader {
			return msgs.Text("LabelTeleLeader", a(m.Area))
		}
		return msgs.Text("LabelTeleScrapper", a(m.Area))
	case "done":
		return msgs.Text("LabelDone")
	}
	return same(m.notation)
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
	return same(verb)
}

// missionText is a mission's full text.
func missionText(m Mission) games.Text {
	var what games.Text
	switch m.Count {
	case CountTech:
		what = msgs.Text("CountTech")
	case CountEnergy:
		what = msgs.Text("CountEnergy")
	case CountDroneCards:
		what = msgs.Text("CountDroneCards")
	case CountBuildings:
		what = msgs.Text("CountBuildings")
	case CountScrappers:
		what = msgs.Text("CountScrappers")
	case CountCubes:
		what = msgs.Text("CountCubes")
	case CountColourCubes:
		what = msgs.Text("CountColourCubes", colourName(m.Colour))
	case CountGarrisons:
		what = msgs.Text("CountGarrisons")
	case CountCandy:
		what = msgs.Text("CountCandy")
	case CountMarketCards:
		what = msgs.Text("CountMarketCards")
	}
	return msgs.Text("MissionText", what, vpPer(m.OnTime), vpPer(m.Late))
}

// vpPer is a mission's value: "2 VP each", "3 VP per 2".
func vpPer(v Value) games.Text {
	if v.Per == 1 {
		return msgs.Text("VPEach", v.VP)
	}
	return msgs.Text("VPPer", v.VP, v.Per)
}

// candyText explains a candy boost.
func candyText(kind string) games.Text {
	return msgs.Text("CandyBoost", candyEffect(kind))
}

// candyEffect is what a candy boost does.
func candyEffect(kind string) games.Text {
	switch kind {
	case CandyTech:
		return msgs.Text("CandyTech")
	case CandyOutpost:
		return msgs.Text("CandyOutpost")
	}
	a := actionText(map[string]Action{CandyDeploy: {Do: DoDeploy}, CandyMove: {Do: DoMove}, CandyCollect: {Do: DoCollect},
		CandyCamp: {Do: DoBuild, What: Camp}, CandyLift: {Do: DoBuild, What: Lift}, CandyBridge: {Do: DoBuild, What: Bridge}}[kind])
	return msgs.Text("CandyAction", a)
}

// same is a text that reads the same in every language: a seat's
// placeholder, an area id, a notation.
func same(s string) games.Text { return games.T(s, s) }

// droneName is a drone's name as its messages use it: the name in English
// ("The %s flies"), with its German article ("Die Jäger-Drohne fliegt"),
// the article in lower case for an object.
func droneName(name games.Text, object bool) games.Text {
	return games.T(name.EN, theDrone(name.DE, object))
}

// droneWord is a drone's name as a word of a sentence, without article:
// "Hunter", "Jäger-Drohne".
func droneWord(name games.Text) games.Text {
	return games.T(name.EN, strings.TrimPrefix(theDrone(name.DE, true), "die "))
}
