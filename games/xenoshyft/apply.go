package xenoshyft

import (
	"fmt"
	"slices"

	"github.com/playbychat/pbc/games"
)

// Apply implements games.Game: it plays m, one of seat's legal moves of
// this state, on a copy. The move's Payload is the parsed move LegalMoves
// checked; it is applied as it is, without parsing or checking again.
func (g *Game) Apply(seat games.Seat, m games.Move) (games.Game, []games.Event, error) {
	if g.s.Phase == PhaseOver {
		return nil, nil, games.ErrGameOver
	}
	mv, ok := m.Payload.(move)
	if !ok {
		return nil, nil, fmt.Errorf("xenoshyft: move %q was not listed by LegalMoves: %w", m.Notation, games.ErrIllegalMove)
	}
	next := &Game{cs: g.cs, s: g.s.clone()}
	var log eventLog
	next.apply(seat, mv, &log)
	return next, log.Events(seat, g.s.RNG, next.s.RNG), nil
}

var errReady = refuse(msgs.Text("AlreadyReady"))

// phaseNames name the phases in refusals.
var phaseNames = map[Phase]games.Text{
	PhaseDivision: msgs.Text("PhaseNameDivision"),
	PhaseSupply:   msgs.Text("PhaseNameSupply"),
	PhaseDeploy:   msgs.Text("PhaseNameDeploy"),
	PhaseCombat:   msgs.Text("PhaseNameCombat"),
	PhaseCollect:  msgs.Text("PhaseNameCollect"),
	PhaseOver:     msgs.Text("PhaseNameOver"),
}

// notNow refuses a move that belongs to another phase, naming the phase
// the game is in.
func (g *Game) notNow() error {
	phase := phaseNames[g.s.Phase]
	if g.s.Phase == PhaseCombat && !g.s.Combat.Window {
		phase = msgs.Text("PhaseNameCombatOutside")
	}
	return refuse(msgs.Text("NotInPhase", phase))
}

// check decides whether seat may make move m now, with a reason if not.
// The reasons come from what seat may see: the kind of a card outside its
// hand and the lanes is never told.
func (g *Game) check(seat games.Seat, m move) error {
	if err := g.checkAny(seat, m); err != nil {
		return err
	}
	s := g.s
	inHand := m.Card != noCard && slices.Contains(s.Players[seat].Hand, m.Card)
	switch m.Verb {
	case "first":
		return g.checkFirst(seat, m)
	case "autopass":
		return g.checkAutopass(seat, m)
	case "show":
		if len(s.Players[seat].Hand) == 0 {
			return refuse(msgs.Text("HandEmpty"))
		}
		return nil
	case "division":
		return g.checkDivision(seat, m)
	case "ready":
		return g.checkPhase(seat, PhaseSupply, PhaseDeploy, PhaseCollect)
	case "buy":
		return g.checkBuy(seat, m)
	case "return":
		return g.checkReturn(seat, m, inHand)
	case "deploy":
		return g.checkDeploy(seat, m, inHand)
	case "equip":
		return g.checkEquip(seat, m, inHand)
	case "swap":
		return g.checkSwap(seat, m)
	case "recall":
		if err := g.checkPhase(seat, PhaseDeploy); err != nil {
			return err
		}
		return g.checkRecall(seat, m.Card)
	case "discard":
		if err := g.checkPhase(seat, PhaseCollect); err != nil {
			return err
		}
		if !inHand {
			return errNotInHand
		}
		return nil
	case "pass":
		return g.checkPass(seat)
	case "play", "use":
		return g.checkPlay(seat, m, inHand)
	}
	return errSyntax
}

// checkAny refuses what no move may do: act after the end or from no
// seat, name a card that does not exist, or do anything but order the
// reveal effects while they wait.
func (g *Game) checkAny(seat games.Seat, m move) error {
	s := g.s
	if s.Phase == PhaseOver {
		return games.ErrGameOver
	}
	if int(seat) < 0 || int(seat) >= s.Seats {
		return games.ErrNotYourTurn
	}
	for _, id := range []int{m.Card, m.Target} {
		if id != noCard && (id < 0 || id >= len(s.Cards)) {
			return refuse(msgs.Text("NoSuchCard", id))
		}
	}
	if s.Pending != nil && m.Verb != "first" && m.Verb != "autopass" && m.Verb != "show" {
		return refuse(msgs.Text("OrderFirst"))
	}
	return nil
}

var errNotInHand = refuse(msgs.Text("NotInHand"))

// checkPhase refuses a move of the phases everyone plays at once outside
// them, or by a seat that has declared ready.
func (g *Game) checkPhase(seat games.Seat, phases ...Phase) error {
	if !slices.Contains(phases, g.s.Phase) {
		return g.notNow()
	}
	if g.s.Players[seat].Ready {
		return errReady
	}
	return nil
}

func (g *Game) checkFirst(seat games.Seat, m move) error {
	s := g.s
	if s.Pending == nil {
		return g.notNow()
	}
	if seat != s.Pending.Seat {
		return refuse(msgs.Text("OrderNotYours"))
	}
	if !slices.Contains(s.Pending.Enemies, m.Card) {
		return refuse(msgs.Text("OrderNoEffect"))
	}
	return nil
}

func (g *Game) checkAutopass(seat games.Seat, m move) error {
	switch on := m.Flag == "on"; {
	case on && g.s.Players[seat].Autopass:
		return refuse(msgs.Text("AutopassAlreadyOn"))
	case !on && !g.s.Players[seat].Autopass:
		return refuse(msgs.Text("AutopassAlreadyOff"))
	}
	return nil
}

func (g *Game) checkDivision(seat games.Seat, m move) error {
	s := g.s
	if s.Phase != PhaseDivision {
		return g.notNow()
	}
	if s.Players[seat].Division != "" {
		return refuse(msgs.Text("DivisionAlready"))
	}
	if _, ok := g.cs.divIdx[m.Flag]; !ok {
		return refuse(msgs.Text("NoSuchDivision", m.Flag))
	}
	for _, o := range s.Players {
		if o.Division == m.Flag {
			return refuse(msgs.Text("DivisionTaken"))
		}
	}
	return nil
}

func (g *Game) checkBuy(seat games.Seat, m move) error {
	s := g.s
	if err := g.checkPhase(seat, PhaseSupply); err != nil {
		return err
	}
	pile, cost, wave, ok := g.stack(seat, m.Stack)
	if !ok {
		return refuse(msgs.Text("NoSuchStack", m.Stack.String()))
	}
	if len(*pile) == 0 {
		return refuse(msgs.Text("StackEmpty"))
	}
	if wave > s.wave() {
		return refuse(msgs.Text("TroopFromWave", wave))
	}
	if left := g.budget(int(seat)) - s.Players[seat].Spent; cost > left {
		return refuse(msgs.Text("TooExpensive", xenosathemText(cost), xenosathemText(left)))
	}
	return nil
}

func (g *Game) checkReturn(seat games.Seat, m move, inHand bool) error {
	if err := g.checkPhase(seat, PhaseSupply); err != nil {
		return err
	}
	if !slices.Contains(g.s.Players[seat].Bought, m.Card) || !inHand {
		return refuse(msgs.Text("ReturnNotBought"))
	}
	return nil
}

func (g *Game) checkDeploy(seat games.Seat, m move, inHand bool) error {
	s := g.s
	if err := g.checkPhase(seat, PhaseDeploy); err != nil {
		return err
	}
	if !inHand || s.Cards[m.Card].Kind != kindTroop {
		return refuse(msgs.Text("DeployNotTroop"))
	}
	if m.Lane < 0 || m.Lane >= s.Seats {
		return refuse(msgs.Text("NoSuchLane"))
	}
	if len(s.Lanes[m.Lane].Troops) >= laneZones {
		return refuse(msgs.Text("LaneFull"))
	}
	return nil
}

func (g *Game) checkSwap(seat games.Seat, m move) error {
	s := g.s
	if err := g.checkPhase(seat, PhaseDeploy, PhaseCollect); err != nil {
		return err
	}
	la, a, oka := s.findTroop(m.Card)
	lb, b, okb := s.findTroop(m.Target)
	if !oka || !okb || la != int(seat) || lb != int(seat) || a >= b {
		return refuse(msgs.Text("SwapOwnLane"))
	}
	if g.alike(s.Lanes[la].Troops[a], s.Lanes[lb].Troops[b]) {
		return refuse(msgs.Text("SwapAlike"))
	}
	return nil
}

// alike reports whether two troops in play are copies in the same state
// (the same card, equipment, damage and effects), so that swapping them
// changes nothing. Whether a card was placed this phase does not count:
// a recall takes back the same card wherever it stands.
func (g *Game) alike(a, b troop) bool {
	same := func(x, y int) bool {
		if x == noCard || y == noCard {
			return x == y
		}
		return g.s.Cards[x] == g.s.Cards[y]
	}
	return same(a.ID, b.ID) && same(a.Weapon, b.Weapon) && same(a.Armour, b.Armour) &&
		a.Damage == b.Damage && a.Shield == b.Shield && a.Boost == b.Boost && a.Used == b.Used && a.HitBy == b.HitBy
}

func (g *Game) checkPass(seat games.Seat) error {
	s := g.s
	if s.Phase != PhaseCombat || !s.Combat.Window {
		return g.notNow()
	}
	if s.Players[seat].Passed {
		return refuse(msgs.Text("AlreadyPassed"))
	}
	return nil
}

// checkPlay checks an instant played from the hand, a troop's ability or
// the division's ability, with its target.
func (g *Game) checkPlay(seat games.Seat, m move, inHand bool) error {
	s := g.s
	if s.Phase != PhaseCombat || !s.Combat.Window {
		return refuse(msgs.Text("PlayInReaction"))
	}
	var a *Ability
	var err error
	switch {
	case m.Verb == "play":
		if !inHand {
			return errNotInHand
		}
		if a = g.instant(m.Card); a == nil {
			return refuse(msgs.Text("PlayOnlyInstants"))
		}
	case m.Div:
		a, err = g.divisionAbility(seat)
	default:
		a, err = g.troopAbility(seat, m.Card)
	}
	if err != nil {
		return err
	}
	return g.checkTarget(a, m)
}

// divisionAbility is seat's division ability that may be used now.
func (g *Game) divisionAbility(seat games.Seat) (*Ability, error) {
	a := g.divisionActive(int(seat))
	if a == nil {
		return nil, refuse(msgs.Text("DivisionNoAbility"))
	}
	if g.s.Players[seat].DivUsed {
		return nil, refuse(msgs.Text("DivisionAbilityUsed"))
	}
	return a, nil
}

// troopAbility is the ability of seat's troop id that may be used now.
func (g *Game) troopAbility(seat games.Seat, id int) (*Ability, error) {
	s := g.s
	li, j, ok := s.findTroop(id)
	if !ok || li != int(seat) {
		return nil, refuse(msgs.Text("AbilityOwnLane"))
	}
	a := g.cs.troop(s.Cards[id].Key).Ability
	if a == nil {
		return nil, refuse(msgs.Text("TroopNoAbility"))
	}
	if s.Lanes[li].Troops[j].Used {
		return nil, refuse(msgs.Text("TroopAbilityUsed"))
	}
	return a, nil
}

func (g *Game) checkTarget(a *Ability, m move) error {
	s := g.s
	bad := refuse(msgs.Text("TargetNotAllowed"))
	switch a.Choose {
	case "":
		if m.Target != noCard || m.Lane >= 0 {
			return bad
		}
	case "enemy":
		if m.Target != noCard || m.Lane < 0 || m.Lane >= s.Seats || m.Zone < 0 || m.Zone >= len(s.Lanes[m.Lane].Enemies) {
			return refuse(msgs.Text("TargetEnemyNeeded"))
		}
	case "troop":
		if _, _, ok := s.findTroop(m.Target); !ok || m.Lane >= 0 {
			return refuse(msgs.Text("TargetTroopNeeded"))
		}
	case "lane":
		if m.Lane < 0 || m.Lane >= s.Seats || m.Target != noCard || m.Zone >= 0 {
			return refuse(msgs.Text("TargetLaneNeeded"))
		}
	}
	return nil
}

func (g *Game) checkEquip(seat games.Seat, m move, inHand bool) error {
	s := g.s
	if err := g.checkPhase(seat, PhaseDeploy, PhaseCollect); err != nil {
		return err
	}
	// Only a card in the own hand or one equipped in a lane may be named
	// further: the kind of a card elsewhere is hidden.
	if _, _, equipped := s.findEquipped(m.Card); !inHand && !equipped {
		return refuse(msgs.Text("EquipFrom"))
	}
	c := s.Cards[m.Card]
	if c.Kind != kindItem || g.cs.item(c.Key).Kind == "instant" {
		return refuse(msgs.Text("EquipOnlyEquipment"))
	}
	kind := g.cs.item(c.Key).Kind
	tl, tj, ok := s.findTroop(m.Target)
	if !ok {
		return refuse(msgs.Text("EquipTroop"))
	}
	dst := s.Lanes[tl].Troops[tj]
	held, _ := dst.slot(kind)
	if inHand {
		switch {
		case *held != noCard && kind == "weapon":
			return refuse(msgs.Text("CarriesWeapon"))
		case *held != noCard:
			return refuse(msgs.Text("CarriesArmour"))
		}
		if s.Phase != PhaseDeploy {
			return refuse(msgs.Text("EquipFromHandInDeploy"))
		}
		return nil
	}
	// Rearranging: the item must sit on another troop of the own lane; an
	// item of the same kind on the target changes places with it.
	fl, fj, ok := s.findEquipped(m.Card)
	if !ok || fl != int(seat) || tl != int(seat) {
		return refuse(msgs.Text("EquipOwnLane"))
	}
	if fj == tj {
		return refuse(msgs.Text("EquipSameTroop"))
	}
	src := s.Lanes[fl].Troops[fj]
	srcItem, _ := src.slot(kind)
	dstItem, _ := dst.slot(kind)
	*srcItem, *dstItem = *dstItem, *srcItem
	for _, t := range []troop{src, dst} {
		if t.Damage >= g.troopHP(fl, t) {
			return errEliminates(g.cardName(t.ID))
		}
	}
	return nil
}

// errEliminates refuses a rearrangement that would leave a damaged troop
// without the hit points it lives on.
func errEliminates(name games.Text) error {
	return refuse(msgs.Text("WouldEliminate", name))
}

func (g *Game) checkRecall(seat games.Seat, id int) error {
	s := g.s
	mine := int(seat) + 1
	li, j, ok := s.findTroop(id)
	if ok {
		t := s.Lanes[li].Troops[j]
		if t.Fresh == mine && t.Weapon == noCard && t.Armour == noCard {
			return nil
		}
		return refuse(msgs.Text("RecallTroop"))
	}
	for li, l := range s.Lanes {
		for _, t := range l.Troops {
			if (t.Weapon == id && t.WeaponFresh == mine) || (t.Armour == id && t.ArmourFresh == mine) {
				item, _ := t.slot(g.cs.item(s.Cards[id].Key).Kind)
				*item = noCard
				if t.Damage >= g.troopHP(li, t) {
					return errEliminates(g.cardName(t.ID))
				}
				return nil
			}
		}
	}
	return refuse(msgs.Text("RecallEquipment"))
}

func (g *Game) apply(seat games.Seat, m move, log *eventLog) {
	s := g.s
	p := &s.Players[seat]
	who := games.Seatf(seat)
	switch m.Verb {
	case "autopass":
		p.Autopass = m.Flag == "on"
		if p.Autopass {
			log.add(msgs.Text("SetsAutopassOn", who), false, seat)
		} else {
			log.add(msgs.Text("SetsAutopassOff", who), false, seat)
		}
		if p.Autopass && s.Phase == PhaseCombat && s.Combat.Window {
			g.pass(seat, log)
		}
	case "show":
		p.Shown = slices.Clone(p.Hand)
		log.add(msgs.Text("ShowsHand", who, g.names(p.Hand)), true, seat)
	case "division":
		p.Division = m.Flag
		d := g.cs.division(m.Flag)
		log.add(msgs.Text("ChoosesDivision", who, d.Name), false, seat)
		for _, o := range s.Players {
			if o.Division == "" {
				return
			}
		}
		g.setup(log)
	case "ready":
		p.Ready = true
		log.add(msgs.Text("IsReady", who), false, seat)
		if !s.allReady() {
			return
		}
		switch s.Phase {
		case PhaseSupply:
			g.endSupply(log)
		case PhaseDeploy:
			g.endDeploy(log)
		case PhaseCollect:
			g.endCollect(log)
		}
	case "buy":
		pile, cost, _, _ := g.stack(seat, m.Stack)
		id := takeLast(pile)
		p.Hand = append(p.Hand, id)
		p.Bought = append(p.Bought, id)
		p.Spent += cost
		log.add(msgs.Text("Buys", who, g.cardName(id), xenosathemText(cost)), false, seat)
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
		log.add(msgs.Text("Returns", who, g.cardName(m.Card)), false, seat)
	case "deploy":
		p.Hand = remove(p.Hand, m.Card)
		s.Lanes[m.Lane].Troops = append(s.Lanes[m.Lane].Troops, troop{ID: m.Card, Weapon: noCard, Armour: noCard, Fresh: int(seat) + 1, HitBy: noCard})
		log.add(msgs.Text("Deploys", who, g.cardName(m.Card), m.Card, m.Lane+1), false, seat)
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
		log.add(msgs.Text("Equips", who, g.cardName(m.Target), g.cardName(m.Card)), false, seat)
	case "swap":
		l := &s.Lanes[seat]
		_, a, _ := s.findTroop(m.Card)
		_, b, _ := s.findTroop(m.Target)
		l.Troops[a], l.Troops[b] = l.Troops[b], l.Troops[a]
		log.add(msgs.Text("Swaps", who, g.cardName(m.Card), g.cardName(m.Target)), false, seat)
	case "recall":
		if li, j, ok := s.findTroop(m.Card); ok {
			s.Lanes[li].Troops = slices.Delete(s.Lanes[li].Troops, j, j+1)
		} else {
			g.unequip(m.Card)
		}
		p.Hand = append(p.Hand, m.Card)
		log.add(msgs.Text("TakesBack", who, g.cardName(m.Card)), false, seat)
	case "discard":
		p.Hand = remove(p.Hand, m.Card)
		p.Discard = append(p.Discard, m.Card)
		log.add(msgs.Text("Discards", who, g.cardName(m.Card)), false, seat)
	case "pass":
		g.pass(seat, log)
	case "play", "use":
		g.resolve(seat, m, log)
	case "first":
		log.add(msgs.Text("ResolvesFirst", who, g.cardName(m.Card)), false, seat)
		g.first(m.Card, log)
	}
}

// pass takes seat out of the reaction window. The passes are not told one
// by one: when the last seat passes, one line says that the window closes
// without reactions.
func (g *Game) pass(seat games.Seat, log *eventLog) {
	s := g.s
	s.Players[seat].Passed = true
	if s.Pending == nil && !slices.ContainsFunc(s.Players, func(p player) bool { return !p.Passed }) {
		li := s.Combat.Order[s.Combat.Index]
		log.add(msgs.Text("NoReactions", li+1), false)
	}
	g.closeWindowIfDone(log)
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
	var to games.Text
	switch {
	case m.Zone >= 0:
		src.Chosen, src.Lane = s.Lanes[m.Lane].Enemies[m.Zone].ID, m.Lane
		to = msgs.Text("TargetZone", m.Lane+1, m.Zone+1)
	case m.Target != noCard:
		src.Chosen = m.Target
		src.Lane, _, _ = s.findTroop(m.Target)
		to = msgs.Text("TargetCard", g.cardName(m.Target), m.Target)
	case m.Lane >= 0:
		src.Lane = m.Lane
		to = msgs.Text("TargetLane", m.Lane+1)
	}
	if m.Verb == "play" {
		log.add(msgs.Text("Plays", who, name, to), false, seat)
	} else {
		log.add(msgs.Text("Uses", who, name, to), false, seat)
	}
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
