package xenoshyft

import (
	"fmt"
	"slices"

	"github.com/playbychat/pbc/games"
)

// Apply implements games.Game: it checks the move on the current state and
// plays it on a copy.
func (g *Game) Apply(seat games.Seat, notation string) (games.Game, []games.Event, error) {
	if g.s.Phase == phaseOver {
		return nil, nil, games.ErrGameOver
	}
	m, err := parseMove(notation)
	if err != nil {
		return nil, nil, err
	}
	if err := g.check(seat, m); err != nil {
		return nil, nil, err
	}
	next := &Game{cs: g.cs, s: g.s.clone()}
	var log eventLog
	next.apply(seat, m, &log)
	return next, log.events, nil
}

func (g *Game) apply(seat games.Seat, m move, log *eventLog) {
	s := g.s
	p := &s.Players[seat]
	who := games.Seatf(seat)
	switch m.Verb {
	case "autopass":
		p.Autopass = m.Flag == "on"
		log.add(games.T(who+" sets autopass "+m.Flag+".", who+" stellt Autopass "+map[string]string{"on": "an", "off": "aus"}[m.Flag]+"."), false)
		if p.Autopass && s.Phase == phaseCombat && s.Combat.Window {
			p.Passed = true
			g.closeWindowIfDone(log)
		}
	case "show":
		p.Shown = slices.Clone(p.Hand)
		log.add(games.T(who+" shows their hand: "+g.names(p.Hand, games.English)+".",
			who+" zeigt die Hand: "+g.names(p.Hand, games.German)+"."), true)
	case "division":
		p.Division = m.Flag
		d := g.cs.division(m.Flag)
		log.add(games.T(who+" chooses "+d.Name.EN+".", who+" wählt "+d.Name.DE+"."), false)
		for _, o := range s.Players {
			if o.Division == "" {
				return
			}
		}
		g.setup(log)
	case "ready":
		p.Ready = true
		log.add(games.T(who+" is ready.", who+" ist bereit."), false)
		if !s.allReady() {
			return
		}
		switch s.Phase {
		case phaseSupply:
			g.endSupply(log)
		case phaseDeploy:
			g.endDeploy(log)
		case phaseCollect:
			g.endCollect(log)
		}
	case "buy":
		pile, cost, _, _ := g.stack(seat, m.Stack)
		id := takeLast(pile)
		p.Hand = append(p.Hand, id)
		p.Bought = append(p.Bought, id)
		p.Spent += cost
		log.add(games.T(fmt.Sprintf("%s buys %s for %d.", who, g.cardName(id).EN, cost),
			fmt.Sprintf("%s kauft %s für %d.", who, g.cardName(id).DE, cost)), false)
	case "return":
		// Refund what the card costs now; the discounts cannot change
		// within one supply phase.
		c := s.Cards[m.Card]
		var cost int
		if c.Kind == kindTroop {
			cost = discounted(g.cs.troop(c.Key).Cost, g.divisionSum(int(seat), "troop_discount"))
		} else {
			it := *g.cs.item(c.Key)
			cost = discounted(it.Cost, g.itemDiscount(int(seat), it))
		}
		p.Hand = remove(p.Hand, m.Card)
		p.Bought = remove(p.Bought, m.Card)
		p.Spent -= cost
		g.returnCard(m.Card)
		log.add(games.T(fmt.Sprintf("%s changes their mind and returns %s.", who, g.cardName(m.Card).EN),
			fmt.Sprintf("%s überlegt es sich anders und gibt %s zurück.", who, g.cardName(m.Card).DE)), false)
	case "deploy":
		p.Hand = remove(p.Hand, m.Card)
		s.Lanes[m.Lane].Troops = append(s.Lanes[m.Lane].Troops, troop{ID: m.Card, Weapon: noCard, Armour: noCard, Fresh: int(seat) + 1, HitBy: noCard})
		log.add(games.T(fmt.Sprintf("%s deploys %s (c%d) in lane %d.", who, g.cardName(m.Card).EN, m.Card, m.Lane+1),
			fmt.Sprintf("%s stellt %s (c%d) in Reihe %d auf.", who, g.cardName(m.Card).DE, m.Card, m.Lane+1)), false)
	case "equip":
		kind := g.cs.item(s.Cards[m.Card].Key).Kind
		li, j, _ := s.findTroop(m.Target)
		dstItem, dstFresh := s.Lanes[li].Troops[j].slot(kind)
		if slices.Contains(p.Hand, m.Card) {
			p.Hand = remove(p.Hand, m.Card)
			*dstItem, *dstFresh = m.Card, int(seat)+1
		} else {
			// Within the own lane: an item already on the target changes
			// places with the one moved.
			fl, fj, _ := s.findEquipped(m.Card)
			srcItem, srcFresh := s.Lanes[fl].Troops[fj].slot(kind)
			*srcItem, *dstItem = *dstItem, *srcItem
			*srcFresh, *dstFresh = *dstFresh, *srcFresh
		}
		log.add(games.T(fmt.Sprintf("%s equips %s with %s.", who, g.cardName(m.Target).EN, g.cardName(m.Card).EN),
			fmt.Sprintf("%s rüstet %s mit %s aus.", who, g.cardName(m.Target).DE, g.cardName(m.Card).DE)), false)
	case "swap":
		l := &s.Lanes[seat]
		_, a, _ := s.findTroop(m.Card)
		_, b, _ := s.findTroop(m.Target)
		l.Troops[a], l.Troops[b] = l.Troops[b], l.Troops[a]
		log.add(games.T(fmt.Sprintf("%s swaps %s and %s.", who, g.cardName(m.Card).EN, g.cardName(m.Target).EN),
			fmt.Sprintf("%s tauscht %s und %s.", who, g.cardName(m.Card).DE, g.cardName(m.Target).DE)), false)
	case "recall":
		if li, j, ok := s.findTroop(m.Card); ok {
			s.Lanes[li].Troops = slices.Delete(s.Lanes[li].Troops, j, j+1)
		} else {
			g.unequip(m.Card)
		}
		p.Hand = append(p.Hand, m.Card)
		log.add(games.T(fmt.Sprintf("%s takes %s back.", who, g.cardName(m.Card).EN),
			fmt.Sprintf("%s nimmt %s zurück.", who, g.cardName(m.Card).DE)), false)
	case "discard":
		p.Hand = remove(p.Hand, m.Card)
		p.Discard = append(p.Discard, m.Card)
		log.add(games.T(fmt.Sprintf("%s discards %s.", who, g.cardName(m.Card).EN),
			fmt.Sprintf("%s wirft %s ab.", who, g.cardName(m.Card).DE)), false)
	case "pass":
		p.Passed = true
		log.add(games.T(who+" passes.", who+" passt."), false)
		g.closeWindowIfDone(log)
	case "play", "use":
		g.resolve(seat, m, log)
	case "first":
		log.add(games.T(fmt.Sprintf("%s resolves the reveal effect of %s first.", who, g.cardName(m.Card).EN),
			fmt.Sprintf("%s handelt zuerst den Aufdeck-Effekt von %s ab.", who, g.cardName(m.Card).DE)), false)
		g.first(m.Card, log)
	}
}

// unequip takes an item off its troop.
func (g *Game) unequip(id int) {
	s := g.s
	li, j, ok := s.findEquipped(id)
	if !ok {
		return
	}
	item, fresh := s.Lanes[li].Troops[j].slot(g.cs.item(s.Cards[id].Key).Kind)
	*item, *fresh = noCard, 0
}

// resolve plays an instant or uses an ability in the reaction step.
func (g *Game) resolve(seat games.Seat, m move, log *eventLog) {
	s := g.s
	p := &s.Players[seat]
	who := games.Seatf(seat)
	active := s.Combat.Order[s.Combat.Index]
	src := source{Seat: seat, Lane: active, Troop: noCard, Enemy: noCard, Chosen: noCard, Player: true}
	var a *Ability
	var name games.Text
	switch {
	case m.Verb == "play":
		a = g.instant(m.Card)
		name = g.cardName(m.Card)
		p.Hand = remove(p.Hand, m.Card)
		// An instant goes to the discard pile of the player who played it,
		// whichever lane it targets (FAQ).
		p.Discard = append(p.Discard, m.Card)
		src.Instant = true
	case m.Div:
		a = g.divisionActive(int(seat))
		name = g.cs.division(p.Division).Name
		p.DivUsed = true
	default:
		li, j, _ := s.findTroop(m.Card)
		a = g.cs.troop(s.Cards[m.Card].Key).Ability
		name = g.cardName(m.Card)
		s.Lanes[li].Troops[j].Used = true
		src.Troop, src.Lane = m.Card, li
	}
	var te, td string
	switch {
	case m.Zone >= 0:
		src.Chosen, src.Lane = s.Lanes[m.Lane].Enemies[m.Zone].ID, m.Lane
		te = fmt.Sprintf(" → lane %d, zone %d", m.Lane+1, m.Zone+1)
		td = fmt.Sprintf(" → Reihe %d, Zone %d", m.Lane+1, m.Zone+1)
	case m.Target != noCard:
		src.Chosen = m.Target
		src.Lane, _, _ = s.findTroop(m.Target)
		te = fmt.Sprintf(" → %s (c%d)", g.cardName(m.Target).EN, m.Target)
		td = fmt.Sprintf(" → %s (c%d)", g.cardName(m.Target).DE, m.Target)
	case m.Lane >= 0:
		src.Lane = m.Lane
		te, td = fmt.Sprintf(" → lane %d", m.Lane+1), fmt.Sprintf(" → Reihe %d", m.Lane+1)
	}
	verb := map[bool][2]string{true: {"plays", "spielt"}, false: {"uses", "nutzt"}}[m.Verb == "play"]
	log.add(games.T(fmt.Sprintf("%s %s %s%s.", who, verb[0], name.EN, te), fmt.Sprintf("%s %s %s%s.", who, verb[1], name.DE, td)), false)
	g.runEffects(src, a.Effects, log)
}

// runEffects runs a player's effects in order. If one of them leaves reveal
// effects for the player to order, the rest waits in s.Pending; otherwise
// the play ends: the dead are removed and everyone may react again.
func (g *Game) runEffects(src source, effects []Effect, log *eventLog) {
	s := g.s
	for i, e := range effects {
		g.effect(src, e, log)
		if s.Pending != nil {
			s.Pending.Src = src
			s.Pending.Rest = slices.Clone(effects[i+1:])
			return
		}
	}
	g.settle(log)
	// A new play gives everyone a new chance to react; standing autopass
	// choices stay.
	for i := range s.Players {
		s.Players[i].Passed = s.Players[i].Autopass
	}
	if s.BaseHP <= 0 {
		g.lose(log)
		return
	}
	g.closeWindowIfDone(log)
}

// first resolves the reveal effect the player chose to go first; a last
// remaining one follows at once, then the rest of the card.
func (g *Game) first(id int, log *eventLog) {
	s := g.s
	p := s.Pending
	p.Enemies = remove(p.Enemies, id)
	g.runReveal(id, log)
	g.settleTroops(log)
	if len(p.Enemies) == 1 && s.BaseHP > 0 {
		g.runReveal(p.Enemies[0], log)
		g.settleTroops(log)
		p.Enemies = nil
	}
	if s.BaseHP <= 0 {
		// The game is lost at once; the rest of the card does not matter.
		s.Pending = nil
		g.settle(log)
		g.lose(log)
		return
	}
	if len(p.Enemies) > 0 {
		return
	}
	s.Pending = nil
	g.runEffects(p.Src, p.Rest, log)
}
