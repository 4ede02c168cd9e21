package dei

import (
	"fmt"
	"slices"
	"strings"

	"github.com/playbychat/pbc/games"
)

// Apply implements games.Game: m is one of seat's legal moves now, as
// LegalMoves listed it; its Payload (the parsed move) is played on a copy
// of the game.
func (g *Game) Apply(seat games.Seat, m games.Move) (games.Game, []games.Event, error) {
	if g.s.Stage == stageOver {
		return nil, nil, games.ErrGameOver
	}
	p, ok := m.Payload.(*mv)
	if !ok {
		return nil, nil, fmt.Errorf("dei: move %q was not listed by the engine (payload %T): %w", m.Notation, m.Payload, games.ErrIllegalMove)
	}
	next := &Game{c: g.c, b: g.b, s: g.s.clone()}
	var log eventLog
	next.apply(int(seat), *p, &log)
	return g.c.game(next.b, next.s), log.Events(seat, g.s.RNG, next.s.RNG), nil
}

// apply plays m for seat: a menu step, or a move of the game, after
// which what needs no decision is settled.
func (g *Game) apply(seat int, m mv, log *eventLog) {
	s := g.s
	if m.Verb == verbStep || m.Verb == verbBack {
		g.navigate(m)
		return
	}
	if s.Cur != nil {
		s.Cur.Prefix = ""
	}
	if _, ok := verbActions[m.Verb]; ok {
		g.useAction(seat, m, log)
	} else {
		g.applyOther(seat, m, log)
	}
	if s.Stage == stageAct && s.Cur != nil {
		g.updateOutposts(log)
		g.settle(s.acting(), log)
	}
	// Feats flipped as a phase ends change majorities too.
	g.updateOutposts(log)
}

// navigate moves the menu one step down (a step) or up (back).
func (g *Game) navigate(m mv) {
	t := g.s.Cur
	if m.Verb == verbStep {
		t.Prefix = m.Prefix
		return
	}
	p := strings.Fields(t.Prefix)
	t.Prefix = strings.Join(p[:max(0, len(p)-1)], " ")
}

// applyOther plays a move that uses no action of the open card.
func (g *Game) applyOther(seat int, m mv, log *eventLog) {
	switch m.Verb {
	case "faction":
		g.chooseFaction(seat, m.Key, log)
	case "leader":
		g.place(seat, m.Area, log)
	case "draft":
		g.draftFeat(seat, m.Key, log)
	case "plan":
		g.plan(seat, m.Plan, log)
	case "play":
		g.playCard(seat, m.Card, log)
	case "down":
		g.downCard(seat, m.Card, log)
	case "buy", "parcel":
		g.purchase(seat, m, log)
	case "candy":
		g.layCandy(seat, m, log)
	case "abraham":
		g.s.Cur.Abraham = true
		g.collect(seat, m, log)
	case "fly", "land", "kill", "harvest", "drop", "tele", "done":
		g.droneStep(seat, m, log)
	case "end":
		g.endTurn(seat, log)
	case "mission":
		g.fulfil(seat, m.Slot, log)
		g.afterMission(seat, log)
	case "pass":
		who := seatRef(seat)
		log.add(msgs.Text("TakesNoMission", who), seat)
		g.afterMission(seat, log)
	}
}

// useAction plays a move that uses the open card's action m.Act.
func (g *Game) useAction(seat int, m mv, log *eventLog) {
	s := g.s
	who := seatRef(seat)
	used := s.Cur.Actions[m.Act]
	g.use(m.Act)
	switch m.Verb {
	case "deploy", "rdeploy", "gdeploy":
		g.deploy(seat, m, log)
	case "move", "rmove", "bmove":
		g.move(seat, m, log)
		if g.hasFeat(seat, FeatSprinter) && !used.Sprint {
			s.Cur.Actions = append(s.Cur.Actions, action{Action: Action{Do: DoMove}, Sprint: true})
			log.add(msgs.Text("SprinterMove", who), seat)
		}
	case "collect", "bcollect", "gcollect":
		g.collect(seat, m, log)
	case "snipe":
		log.add(msgs.Text("Snipes", who, g.factionName(m.Seat), g.areaID(m.Area)), seat)
		g.kill(m.Seat, m.Area, log)
	case "prospect":
		g.placeResource(m.Area, 1)
		log.add(msgs.Text("Prospects", who, resName(g.b.Areas[m.Area].Ground), g.areaID(m.Area)), seat)
	case "build":
		g.build(seat, m, log)
	case "drone":
		g.activate(seat, m.Key, used.Bonus, log)
	case "copy":
		log.add(msgs.Text("Copies", who, g.cardName(m.Card)), seat)
		g.open(seat, m.Card, true, log)
	}
}

// use removes the open card's action i, which the move just used.
func (g *Game) use(i int) {
	g.s.Cur.Actions = slices.Delete(g.s.Cur.Actions, i, i+1)
}

// settle ends what needs no decision: a drone power with nothing left to
// do, and a phase with nothing left but "end".
func (g *Game) settle(seat int, log *eventLog) {
	t := g.s.Cur
	if t.Task != nil && t.Task.Landed {
		if ms := g.taskMoves(seat); len(ms) == 1 {
			t.Task = nil
		}
	}
	if t.Task == nil && !t.Buying && !t.Closing && g.nothingLeft(seat) {
		g.endTurn(seat, log)
	}
}

// nothingLeft reports whether seat's phase has nothing left to do but end:
// both cards played, no action open, no candy boost to lay, no Parcel bot
// purchase and no Abraham's collect to take. (An open action without a
// target waits for the player's "end".)
func (g *Game) nothingLeft(seat int) bool {
	t := g.s.Cur
	if g.canPlayMore(seat) || len(t.Actions) > 0 || len(g.candyMoves(seat)) > 0 || len(g.abrahamMoves(seat)) > 0 {
		return false
	}
	return !g.hasFeat(seat, FeatParcelBot) || t.Parcel || len(g.buyMoves(seat, "parcel")) == 0
}

func (g *Game) areaID(a int) string { return g.b.Areas[a].ID }

func (g *Game) cardName(card int) games.Text {
	c := &g.c.Cards[card]
	return msgs.Text("CardName", c.Name, c.ID)
}

func (g *Game) factionName(seat int) games.Text {
	if f := g.c.faction(g.s.Players[seat].Faction); f != nil {
		return f.Name
	}
	return same("?")
}

// playCard puts a card face up on the pad and opens its actions.
func (g *Game) playCard(seat, card int, log *eventLog) {
	s := g.s
	p := &s.Players[seat]
	g.takeFromHand(seat, card)
	p.Pad[s.Phase-1] = append(p.Pad[s.Phase-1], padCard{Card: card, Candy: none})
	s.Cur.Open = len(p.Pad[s.Phase-1]) - 1
	s.Cur.Actions = nil
	log.add(msgs.Text("Plays", seatRef(seat), g.cardName(card), g.actionsText(g.c.Cards[card].Actions)), seat)
	g.open(seat, card, false, log)
}

// takeFromHand removes a card from the hand, or from the plan under
// option 3.
func (g *Game) takeFromHand(seat, card int) {
	p := &g.s.Players[seat]
	if i := slices.Index(p.Plan, card); i >= 0 {
		p.Plan = slices.Delete(p.Plan, i, i+1)
		return
	}
	if i := slices.Index(p.Hand, card); i >= 0 {
		p.Hand = slices.Delete(p.Hand, i, i+1)
	}
}

// open adds a card's actions to the open actions (a copy leaves out copy
// actions): gains happen at once, per-outpost actions are counted now.
func (g *Game) open(seat, card int, copied bool, log *eventLog) {
	who := seatRef(seat)
	for _, a := range g.c.Cards[card].Actions {
		switch {
		case a.Do == DoCopy && copied:
		case a.Do == DoVP:
			g.s.Players[seat].VP += a.N
			log.add(msgs.Text("GainsVP", who, a.N), seat)
		case a.Do == DoTech || a.Do == DoEnergy:
			n := g.gain(seat, a.Do == DoTech, a.N)
			log.add(msgs.Text("TakesFromSupply", who, resCount(n, a.Do == DoTech)), seat)
		case a.PerOutpost:
			n := g.cubes(seat, a.PerColour)
			one := a
			one.PerOutpost, one.PerColour = false, ""
			for range n {
				g.s.Cur.Actions = append(g.s.Cur.Actions, action{Action: one})
			}
			log.add(msgs.Text("Controls", who, msgs.Count("Outposts", n, n), msgs.Count("Actions", n, n)), seat)
		default:
			g.s.Cur.Actions = append(g.s.Cur.Actions, action{Action: a})
		}
	}
}

// downCard turns a card face down for a purchase.
func (g *Game) downCard(seat, card int, log *eventLog) {
	s := g.s
	p := &s.Players[seat]
	g.takeFromHand(seat, card)
	p.Pad[s.Phase-1] = append(p.Pad[s.Phase-1], padCard{Card: card, Down: true, Candy: none})
	s.Cur.Open = none
	s.Cur.Actions = nil
	s.Cur.Buying = true
	if s.Options.Bool(OptPlanning) {
		log.add(msgs.Text("TurnsACardDown", seatRef(seat)), seat)
		log.private(seat, msgs.Text("YouTurnDown", g.cardName(card)))
		return
	}
	log.add(msgs.Text("TurnsDown", seatRef(seat), g.cardName(card)), seat)
}

// purchase buys a market card.
func (g *Game) purchase(seat int, m mv, log *eventLog) {
	s := g.s
	p := &s.Players[seat]
	who := seatRef(seat)
	tech, energy, back := g.price(&m)
	p.Tech -= tech
	p.Energy -= energy
	s.TechSupply += tech
	s.EnergySupply += energy
	if m.Alt {
		s.Cur.Alt = true
	}
	mk := &s.Markets[m.Market]
	for i := m.Slot; i > 0; i-- {
		mk.Slots[i] = mk.Slots[i-1]
	}
	mk.Slots[0] = none
	p.Hand = append(p.Hand, m.Card)
	log.add(msgs.Text("Buys", who, g.cardName(m.Card), resPair(tech, energy)), seat)
	if back > 0 {
		n := g.gain(seat, true, back)
		log.add(msgs.Text("GetsBack", who, resCount(n, true)), seat)
	}
	if m.Candy != none {
		p.Candy = slices.DeleteFunc(p.Candy, func(c int) bool { return c == m.Candy })
		pad := p.Pad[s.Phase-1]
		for i := range pad {
			if pad[i].Down && pad[i].Candy == none {
				pad[i].Candy = m.Candy
				break
			}
		}
		log.add(msgs.Text("CountsCandy", who), seat)
	}
	if g.hasFeat(seat, FeatTradingPost) {
		p.VP++
		log.add(msgs.Text("TradingPostVP", who), seat)
	}
	if m.Verb == "parcel" {
		s.Cur.Parcel = true
	} else {
		s.Cur.Buying = false
	}
	if n := len(mk.Deck); n > 0 {
		mk.Slots[0] = mk.Deck[n-1]
		mk.Deck = mk.Deck[:n-1]
		name := g.c.Markets[m.Market].Name
		log.reveal(msgs.Text("NewInMarket", name, g.cardName(mk.Slots[0])))
	}
}

// layCandy lays a candy boost on the open card: one more action.
func (g *Game) layCandy(seat int, m mv, log *eventLog) {
	s := g.s
	p := &s.Players[seat]
	p.Candy = slices.DeleteFunc(p.Candy, func(c int) bool { return c == m.Candy })
	p.Pad[s.Phase-1][s.Cur.Open].Candy = m.Candy
	name := g.c.candyName(m.What)
	log.add(msgs.Text("AddsCandy", seatRef(seat), name), seat)
	add := func(a Action) { s.Cur.Actions = append(s.Cur.Actions, action{Action: a}) }
	switch m.What {
	case CandyDeploy:
		add(Action{Do: DoDeploy})
	case CandyMove:
		add(Action{Do: DoMove})
	case CandyCollect:
		add(Action{Do: DoCollect})
	case CandyCamp:
		add(Action{Do: DoBuild, What: Camp})
	case CandyLift:
		add(Action{Do: DoBuild, What: Lift})
	case CandyBridge:
		add(Action{Do: DoBuild, What: Bridge})
	case CandyTech:
		n := g.gain(seat, true, 1)
		log.add(msgs.Text("Takes", seatRef(seat), resCount(n, true)), seat)
	case CandyOutpost:
		one := g.repeatable()[0]
		one.PerOutpost, one.PerColour = false, ""
		add(one)
	}
}

// deploy brings a scrapper onto the map.
func (g *Game) deploy(seat int, m mv, log *eventLog) {
	s := g.s
	who := seatRef(seat)
	if m.From == none {
		s.Players[seat].Supply--
		log.add(msgs.Text("Deploys", who, g.areaID(m.Area)), seat)
	} else {
		s.Areas[m.From].Figs[seat]--
		log.add(msgs.Text("DeploysFrom", who, g.areaID(m.From), g.areaID(m.Area)), seat)
	}
	s.Areas[m.Area].Figs[seat]++
	if m.Verb == "gdeploy" && m.What == "" && g.resourceFor(m.Area) {
		g.placeResource(m.Area, 1)
		log.add(msgs.Text("AddsResource", who, resName(g.b.Areas[m.Area].Ground), g.areaID(m.Area)), seat)
	}
}

// placeResource puts n resources of the area's kind from the supply there.
func (g *Game) placeResource(a, n int) {
	s := g.s
	if g.b.Areas[a].Ground {
		n = min(n, s.TechSupply)
		s.TechSupply -= n
		s.Areas[a].Tech += n
	} else {
		n = min(n, s.EnergySupply)
		s.EnergySupply -= n
		s.Areas[a].Energy += n
	}
}

// move moves a group of seat's figures (and camps) to a neighbouring area.
func (g *Game) move(seat int, m mv, log *eventLog) {
	s := g.s
	p := &s.Players[seat]
	s.Areas[m.Area].Figs[seat] -= m.N
	s.Areas[m.To].Figs[seat] += m.N
	if m.Leader {
		p.Leader = m.To
	}
	for k := 0; k < m.Camps; k++ {
		p.Camps[slices.Index(p.Camps, m.Area)] = m.To
	}
	log.add(msgs.Text("Moves", seatRef(seat), g.groupText(seat, m.N, m.Leader, m.Camps), g.areaID(m.Area), g.areaID(m.To)), seat)
}

// collect takes a resource from an area (a Collect action or Abraham's).
func (g *Game) collect(seat int, m mv, log *eventLog) {
	s := g.s
	p := &s.Players[seat]
	who := seatRef(seat)
	st := &s.Areas[m.Area]
	tech := st.Tech > 0
	if tech {
		st.Tech--
		p.Tech++
	} else {
		st.Energy--
		p.Energy++
	}
	log.add(msgs.Text("Collects", who, resName(tech), g.areaID(m.Area)), seat)
	variant := strings.Fields(m.What)
	if slices.Contains(variant, "swap") {
		if tech {
			p.Tech--
			s.TechSupply++
		} else {
			p.Energy--
			s.EnergySupply++
		}
		g.gain(seat, !tech, 1)
		log.add(msgs.Text("Swaps", who, resName(!tech)), seat)
	}
	if m.Verb == "gcollect" {
		if n := g.gain(seat, true, 1); n > 0 {
			log.add(msgs.Text("MachinesTech", who), seat)
		}
	}
	if slices.Contains(variant, "recycle") {
		p.Tech--
		s.TechSupply++
		g.gain(seat, false, 1)
		log.add(msgs.Text("Recycles", who), seat)
	}
	if m.Verb == "abraham" {
		log.add(msgs.Text("AbrahamCollect"))
	}
}

// build places (or relocates) a camp, lift or bridge.
func (g *Game) build(seat int, m mv, log *eventLog) {
	s := g.s
	p := &s.Players[seat]
	who := seatRef(seat)
	var where string
	switch m.What {
	case Camp:
		if m.From != none {
			p.Camps[slices.Index(p.Camps, m.From)] = m.Area
		} else {
			p.Camps = append(p.Camps, m.Area)
		}
		where = g.areaID(m.Area)
	case Lift:
		if m.Old != none {
			p.Lifts[m.Old] = m.Lift
		} else {
			p.Lifts = append(p.Lifts, m.Lift)
		}
		where = g.areaID(m.Lift.Ground) + "–" + g.areaID(m.Lift.Roof)
	default:
		if m.Old != none {
			p.Bridges[slices.Index(p.Bridges, m.Old)] = m.Spot
		} else {
			p.Bridges = append(p.Bridges, m.Spot)
		}
		r := g.b.Bridges[m.Spot].Roofs
		where = g.areaID(r[0]) + "–" + g.areaID(r[1])
	}
	if m.From != none || m.Old != none {
		log.add(msgs.Text("BuildsMoved", who, buildingName(m.What), where), seat)
	} else {
		log.add(msgs.Text("Builds", who, buildingName(m.What), where), seat)
	}
	if m.What != Camp && g.hasFeat(seat, FeatEngineer) {
		for range 2 {
			s.Cur.Actions = append(s.Cur.Actions, action{Action: Action{Do: DoMove}})
		}
		log.add(msgs.Text("EngineerMoves", who), seat)
	}
}

// activate starts a drone activation: its flight comes first.
func (g *Game) activate(seat int, key string, bonus int, log *eventLog) {
	steps := 2 + bonus
	if g.hasFeat(seat, FeatPilot) {
		steps++
	}
	g.s.Cur.Task = &task{Drone: g.droneIndex(key), Steps: steps}
	log.add(msgs.Text("Activates", seatRef(seat), droneName(g.c.drone(key).Name, true), msgs.Count("Areas", steps, steps)), seat)
}

// droneStep plays a step of the drone in flight or its power.
func (g *Game) droneStep(seat int, m mv, log *eventLog) {
	s := g.s
	k := s.Cur.Task
	d := &s.Drones[k.Drone]
	who := seatRef(seat)
	name := g.c.drone(d.Key).Name
	switch m.Verb {
	case "fly":
		d.Area = m.Area
		k.Steps--
		log.add(msgs.Text("DroneFlies", droneName(name, false), g.areaID(m.Area)))
		if k.Steps == 0 {
			k.Landed = true
		}
	case "land":
		k.Landed = true
		log.add(msgs.Text("DroneStops", droneName(name, false), g.areaID(d.Area)))
	case "kill":
		s.Players[seat].VP++
		log.add(msgs.Text("HunterKills", g.factionName(m.Seat), g.areaID(d.Area), who), seat)
		if len(k.Hit) == 0 {
			g.drawCandy(seat, log)
		}
		k.Hit = append(k.Hit, m.Seat)
		k.Done++
		g.kill(m.Seat, d.Area, log)
	case "harvest":
		st := &s.Areas[d.Area]
		tech := st.Tech > 0
		if tech {
			st.Tech--
			s.Players[seat].Tech++
		} else {
			st.Energy--
			s.Players[seat].Energy++
		}
		k.Done++
		log.add(msgs.Text("HarvesterCollects", resName(tech), who), seat)
	case "drop":
		if m.From == none {
			s.Players[seat].Supply--
		} else {
			s.Areas[m.From].Figs[seat]--
		}
		s.Areas[d.Area].Figs[seat]++
		k.Done++
		log.add(msgs.Text("TransporterDrops", who, g.areaID(d.Area)), seat)
	case "tele":
		if m.Leader {
			s.Players[seat].Leader = m.Area
		} else {
			s.Areas[d.Area].Figs[seat]--
			s.Areas[m.Area].Figs[seat]++
		}
		k.Done++
		if !g.b.Areas[m.Area].Ground {
			k.Roof = true
		}
		t := msgs.Text("TeleportsScrapper", who, g.areaID(d.Area), g.areaID(m.Area))
		if m.Leader {
			t = msgs.Text("TeleportsLeader", who, g.areaID(d.Area), g.areaID(m.Area))
		}
		log.add(t, seat)
	case "done":
		s.Cur.Task = nil
	}
}

// endTurn closes the acting player's action phase: Abraham's chance has
// passed, feats are earned after phase 2, a mission is chosen after phase 3.
func (g *Game) endTurn(seat int, log *eventLog) {
	s := g.s
	s.Cur.Open, s.Cur.Actions = none, nil
	log.add(msgs.Text("EndsPhase", seatRef(seat), s.Phase), seat)
	if s.Phase == 2 {
		g.earnFeats(seat, log)
	}
	if s.Phase == 3 && !s.Options.Bool(OptConfrontation) && len(g.openMissions(seat)) > 0 {
		s.Cur.Closing = true
		return
	}
	g.finishTurn(seat, log)
}

// earnFeats flips the feats of every colour in which seat holds 2 cubes.
func (g *Game) earnFeats(seat int, log *eventLog) {
	p := &g.s.Players[seat]
	for i, f := range p.Feats {
		feat := &g.c.Feats[f]
		if p.Earned[i] || g.cubes(seat, feat.Colour) < 2 {
			continue
		}
		p.Earned[i] = true
		log.reveal(msgs.Text("EarnsFeat", seatRef(seat), colourName(feat.Colour), feat.Name, feat.Text), seat)
	}
}

// fulfil puts seat's marker on a mission and scores it.
func (g *Game) fulfil(seat, slot int, log *eventLog) {
	s := g.s
	p := &s.Players[seat]
	m := &g.c.Missions[s.Missions[slot]]
	late := slot/2+1 < s.Round
	vp := g.missionValue(seat, m, late)
	p.Marks = append(p.Marks, slot)
	slices.Sort(p.Marks)
	p.VP += vp
	when := msgs.Text("OnTime")
	if late {
		when = msgs.Text("Late")
	}
	log.add(msgs.Text("Fulfils", seatRef(seat), m.Name, slot/2+1, when, vp), seat)
}

// afterMission goes on after a mission choice: the turn ends, or (option 4)
// the next player chooses.
func (g *Game) afterMission(seat int, log *eventLog) {
	if g.s.Stage == stageAct {
		g.finishTurn(seat, log)
		return
	}
	g.nextMission(log)
}
