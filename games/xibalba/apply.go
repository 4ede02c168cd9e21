package xibalba

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/playbychat/pbc/games"
)

// Apply implements games.Game. The move must be one of seat's legal moves;
// it is played on a copy.
func (g *game) Apply(seat games.Seat, m games.Move) (games.Game, []games.Event, error) {
	return g.applyNotation(seat, m.Notation)
}

// applyNotation plays the move written in notation for seat.
func (g *game) applyNotation(seat games.Seat, notation string) (games.Game, []games.Event, error) {
	if g.over() {
		return nil, nil, games.ErrGameOver
	}
	notation = games.NormalizeNotation(notation)
	if !slices.ContainsFunc(g.LegalMoves(seat), func(m games.Move) bool { return m.Notation == notation }) {
		return nil, nil, g.explain(seat, notation)
	}
	ng := &game{s: g.s.clone(), cs: g.cs}
	if err := ng.play(seat, strings.Fields(notation)); err != nil {
		return nil, nil, fmt.Errorf("xibalba: apply %q: %w", notation, err)
	}
	ng.refill()
	ng.advance()
	ng.refill()
	ng.s.Log = logged(ng.ev)
	return ng, ng.ev, nil
}

// play carries out a legal move given as notation fields.
func (g *game) play(seat games.Seat, f []string) error {
	s := g.s
	who := seat
	arg := func(i int) string {
		if i < len(f) {
			return f[i]
		}
		return ""
	}
	switch f[0] {
	case "policy":
		p := strings.TrimPrefix(arg(1), "block=")
		s.Bases[seat].Policy = p
		e := newEvent(false, "Your standing choice is now: %s", "Deine Voreinstellung ist jetzt: %s", policyLabels[p])
		e.To = []games.Seat{seat}
		g.ev = append(g.ev, e)
	case "faction":
		g.chooseFaction(seat, arg(1))
	case "resolve":
		g.resolvePending(arg(1), parseChoice(f[2:]))
	case "pool":
		var r, a int
		if _, err := fmt.Sscanf(arg(1), "%dr%da", &r, &a); err != nil {
			return fmt.Errorf("parse pool: %w", err)
		}
		g.choosePool(r, a)
	case "keep":
		s.Turn.Kept = append(s.Turn.Kept, s.Turn.Rolled...)
		s.Turn.Rolled = nil
		s.Phase = PhaseAction
		g.emit(false, "%s keeps all dice: %s.", "%s behält alle Würfel: %s.", who, facesText(s.Turn.Kept))
	case "reroll":
		var again []die
		for i, d := range s.Turn.Rolled {
			if slices.Contains(strings.Split(arg(1), ","), strconv.Itoa(i+1)) {
				again = append(again, d)
			} else {
				s.Turn.Kept = append(s.Turn.Kept, d)
			}
		}
		s.Turn.Rolled = s.Turn.Rolled[:0]
		for _, d := range again {
			s.Turn.Rolled = append(s.Turn.Rolled, g.roll(d.Kind, 1)...)
		}
		s.Turn.Rerolls--
		g.emit(true, "%s re-rolls %s: %s.", "%s würfelt %s neu: %s.", who, diceText(len(again)), facesText(s.Turn.Rolled))
	case "gather":
		n := g.spendAll(isResource)
		g.gainResources(seat, n)
		g.emit(false, "%s gathers %s.", "%s sammelt %s.", who, resourcesText(n))
	case "loot":
		n := g.spendAll(isParagon)
		g.emit(false, "%s loots %s.", "%s erbeutet %s.", who, paragonText(n))
		g.gainParagon(seat, n)
	case "enter":
		if !g.spend(isPlain) {
			g.spend(isCrit)
		}
		g.enterArk(seat)
	case "attack":
		n, err := strconv.Atoi(arg(2))
		if err != nil {
			return fmt.Errorf("parse attack: %w", err)
		}
		g.attack(seat, arg(1), n, arg(3))
	case "use":
		g.use(seat, arg(1), parseChoice(f[2:]))
	case "buy":
		slot, err := strconv.Atoi(arg(2))
		if err != nil {
			return fmt.Errorf("parse buy: %w", err)
		}
		g.buy(seat, deckIndex(arg(1)), slot-1, f[3:])
	case "upgrade":
		b := &s.Bases[seat]
		cost := g.faction(seat).Levels[b.Level].Cost
		b.Resources -= cost
		b.Level++
		s.Turn.Upgraded = true
		g.emit(false, "%s upgrades their base to level %d.", "%s baut die Basis auf Stufe %d aus.", who, b.Level)
	case "pharma", "weapontech", "assault", "harvest":
		act := map[string]string{"pharma": ActPharmaceuticals, "weapontech": ActWeaponTechnology, "assault": ActTacticalAssault, "harvest": ActHarvest}[f[0]]
		s.Bases[seat].Resources -= g.actionCost(seat, act)
		g.commonAction(seat, act)
	case "discard":
		g.discardMove(seat, f[1:])
	case "reorganize":
		s.Bases[seat].Resources -= g.actionCost(seat, ActReorganize)
		s.Turn.Reorg = true
		g.emit(false, "%s re-organizes their base.", "%s reorganisiert die Basis.", who)
	case "move":
		g.reorgMove(seat, arg(1), arg(2))
	case "done":
		s.Turn.Reorg = false
		g.emit(false, "%s finishes re-organizing.", "%s beendet das Reorganisieren.", who)
	case "block", "noblock":
		pa := *s.Turn.Block
		s.Turn.Block = nil
		g.baseHit(pa, f[0] == "block")
	case "destroy":
		k, err := strconv.Atoi(strings.TrimPrefix(arg(1), "f"))
		if err != nil {
			return fmt.Errorf("parse destroy: %w", err)
		}
		d := s.Turn.Destroy
		s.Turn.Destroy = -1
		g.destroyed(d, pop(&s.Bases[d].Fields[k-1]))
	case "end":
		g.emit(false, "%s ends their turn.", "%s beendet den Zug.", who)
		g.endTurn()
	default:
		return fmt.Errorf("unknown verb %q", f[0])
	}
	return nil
}

// spend removes the first kept die that passes test.
func (g *game) spend(test func(die) bool) bool {
	for i, d := range g.s.Turn.Kept {
		if test(d) {
			g.s.Turn.Kept = slices.Delete(g.s.Turn.Kept, i, i+1)
			return true
		}
	}
	return false
}

// spendAll removes every kept die that passes test and returns their
// symbols.
func (g *game) spendAll(test func(die) bool) int {
	sum := 0
	kept := g.s.Turn.Kept[:0]
	for _, d := range g.s.Turn.Kept {
		if test(d) {
			sum += faceValue(d.Face)
		} else {
			kept = append(kept, d)
		}
	}
	g.s.Turn.Kept = kept
	return sum
}

func (g *game) chooseFaction(seat games.Seat, id string) {
	s := g.s
	s.Bases[seat].Faction = id
	f := g.cs.factionBy[id]
	g.emit(false, "%s leads the %s.", "%s führt die Fraktion %s.", seat, f.Name)
	for i := 1; i <= s.Seats; i++ {
		next := (seat + games.Seat(i)) % games.Seat(s.Seats)
		if s.Bases[next].Faction == "" {
			s.Current = next
			return
		}
	}
	g.startTurn(s.Starter)
}

func (g *game) use(seat games.Seat, id string, ch choice) {
	effs := g.effectsOf(id, TimingAction, WhenUse)
	for _, e := range effs {
		g.s.Bases[seat].Resources -= e.Cost
		switch e.Spend {
		case "blank":
			g.spend(isBlank)
		case "crit":
			g.spend(isCrit)
		case "attack":
			if !g.spend(isPlain) {
				g.spend(isCrit)
			}
		}
	}
	g.s.Turn.Used = append(g.s.Turn.Used, id)
	n := g.nameOf(id)
	g.emit(false, "%s uses %s.", "%s nutzt %s.", seat, n)
	g.resolve(seat, effs, ch)
}

func (g *game) buy(seat games.Seat, di, slot int, rest []string) {
	s := g.s
	id := s.Decks[di].FaceUp[slot]
	cost := g.cardCost(seat, id)
	s.Bases[seat].Resources -= cost
	s.Decks[di].FaceUp[slot] = ""
	n := g.nameOf(id)
	g.emit(false, "%s buys %s for %s.", "%s kauft %s für %s.", seat, n, resourcesText(cost))
	g.refill()
	switch deckNames[di] {
	case DeckSoldier:
		s.Bases[seat].Warhost = append(s.Bases[seat].Warhost, id)
	case DeckEvent:
		g.resolve(seat, g.effectsOf(id, TimingImmediate, ""), parseChoice(rest))
		g.discard(id)
	default:
		ch := parseChoice(rest)
		s.Bases[seat].Fields[ch.Field] = append(s.Bases[seat].Fields[ch.Field], id)
	}
}

func (g *game) discardMove(seat games.Seat, args []string) {
	s := g.s
	s.Bases[seat].Resources -= g.actionCost(seat, ActDiscard)
	var id string
	switch {
	case args[0] == "warhost":
		id = pop(&s.Bases[seat].Warhost)
	case strings.HasPrefix(args[0], "f"):
		id = pop(&s.Bases[seat].Fields[parseChoice(args[:1]).Field])
	default:
		di := deckIndex(args[0])
		slot, _ := strconv.Atoi(args[1])
		id = s.Decks[di].FaceUp[slot-1]
		s.Decks[di].FaceUp[slot-1] = ""
	}
	n := g.nameOf(id)
	g.emit(false, "%s discards %s.", "%s legt %s ab.", seat, n)
	g.discard(id)
	g.refill()
}

// reorgMove puts card id of seat's base on top of its own pile (to "top")
// or on top of another field ("f2").
func (g *game) reorgMove(seat games.Seat, id, to string) {
	b := &g.s.Bases[seat]
	who, n := seat, g.nameOf(id)
	if remove(&b.Warhost, id) {
		b.Warhost = append(b.Warhost, id)
		g.emit(false, "%s puts %s on top of their warhost.", "%s legt %s oben auf den Kampftrupp.", who, n)
		return
	}
	from := -1
	for f := range b.Fields {
		if remove(&b.Fields[f], id) {
			from = f
			break
		}
	}
	dest := from
	if to != "top" {
		dest = parseChoice([]string{to}).Field
	}
	b.Fields[dest] = append(b.Fields[dest], id)
	if dest == from {
		g.emit(false, "%s puts %s on top of field %d.", "%s legt %s oben auf Feld %d.", who, n, dest+1)
	} else {
		g.emit(false, "%s moves %s from field %d to field %d.", "%s legt %s von Feld %d auf Feld %d.", who, n, from+1, dest+1)
	}
}

// attack carries out an attack with n attack symbols; mode picks the
// critical hits used (see critsUsed).
func (g *game) attack(seat games.Seat, target string, n int, mode string) {
	s := g.s
	plain, crits := g.count(isPlain), g.count(isCrit)
	cu := critsUsed(n, plain, crits, mode)
	for range cu {
		g.spend(isCrit)
	}
	for range n - cu {
		g.spend(isPlain)
	}
	who := seat
	if target == "ark" {
		soldier := top(s.Bases[seat].Warhost)
		power := g.attackPower(seat, soldier, false, n, cu)
		s.Ark.Life -= power
		g.emit(false, "%s attacks the ark with power %d; %s left.", "%s greift die Arche mit Stärke %d an; %s übrig.", who, power, lifePointsText(max(0, s.Ark.Life)))
		if s.Ark.Life <= 0 {
			g.destroyed(s.Ark.Owner, s.Ark.Card)
			s.Ark = arkState{Owner: -1}
			g.gainParagon(seat, g.rollParagon(seat, g.card(soldier).Paragon, games.T("destroying a soldier", "Vernichten eines Soldaten")))
			if g.over() {
				return
			}
			g.enterArk(seat)
		}
		g.afterAttack(seat, soldier)
		return
	}
	def := parseChoice([]string{target}).Seat
	soldier := s.Ark.Card
	pa := pendingAttack{Attacker: seat, Defender: def, Card: soldier, Power: g.attackPower(seat, soldier, true, n, cu)}
	g.emit(false, "%s attacks the base of %s with power %d.", "%s greift die Basis von %s mit Stärke %d an.", who, def, pa.Power)
	blocker := top(s.Bases[def].Warhost)
	if blocker == "" || g.unblockable(soldier) {
		g.baseHit(pa, false)
		return
	}
	switch s.Bases[def].Policy {
	case PolicyAlways:
		g.baseHit(pa, true)
	case PolicyNever:
		g.baseHit(pa, false)
	case PolicySurvive:
		g.baseHit(pa, g.resistance(blocker, def, false) > pa.Power)
	default:
		s.Turn.Block = &pa
		g.emit(false, "%s may block with their active soldier.", "%s darf mit dem aktiven Soldaten abblocken.", def)
	}
}

// baseHit resolves an attack on a base, blocked or not.
func (g *game) baseHit(pa pendingAttack, block bool) {
	s := g.s
	att, def := pa.Attacker, pa.Defender
	soldier := g.card(pa.Card)
	switch {
	case block:
		blocker := top(s.Bases[pa.Defender].Warhost)
		n := g.nameOf(blocker)
		g.emit(false, "%s blocks with %s.", "%s blockt mit %s ab.", def, n)
		if g.resistance(blocker, pa.Defender, false) <= pa.Power {
			pop(&s.Bases[pa.Defender].Warhost)
			g.destroyed(pa.Defender, blocker)
			g.gainParagon(pa.Attacker, g.rollParagon(pa.Attacker, soldier.Paragon, games.T("destroying a soldier", "Vernichten eines Soldaten")))
		}
	case pa.Power >= g.baseResistance(pa.Defender):
		g.emit(false, "The attack on %s succeeds.", "Der Angriff auf %s ist erfolgreich.", def)
		dice := soldier.Paragon + g.ownerSum(pa.Attacker, "loot_bonus", nil)
		got := g.loseParagon(pa.Defender, g.rollParagon(pa.Attacker, dice, games.T("looting a base", "Plündern einer Basis")))
		if got > 0 {
			g.emit(false, "%s loots %s from %s.", "%s erbeutet %s von %s.", att, paragonText(got), def)
		} else {
			g.emit(false, "%s loots nothing from %s.", "%s erbeutet nichts von %s.", att, def)
		}
		g.gainParagon(pa.Attacker, got)
		if g.over() {
			return
		}
		var piles []int
		for f, p := range s.Bases[pa.Defender].Fields {
			if len(p) > 0 {
				piles = append(piles, f)
			}
		}
		switch len(piles) {
		case 0:
		case 1:
			g.destroyed(pa.Defender, pop(&s.Bases[pa.Defender].Fields[piles[0]]))
		default:
			s.Turn.Destroy = pa.Defender
		}
	default:
		g.emit(false, "The base of %s resists the attack.", "Die Basis von %s hält dem Angriff stand.", def)
	}
	if !g.over() {
		g.afterAttack(pa.Attacker, pa.Card)
	}
}

// afterAttack resolves the attacking soldier's attack-triggered effects.
func (g *game) afterAttack(seat games.Seat, soldier string) {
	if effs := g.effectsOf(soldier, TimingAction, WhenAttack); len(effs) > 0 {
		g.resolve(seat, effs, noChoice)
	}
}

// explain says why a move that is not legal was refused.
func (g *game) explain(seat games.Seat, notation string) error {
	s := g.s
	legal := g.LegalMoves(seat)
	if _, acting := games.MustAct(g, seat); !acting {
		if s.Turn.Block != nil && seat == s.Turn.Block.Attacker {
			return games.Violation("Wait until "+games.Seatf(s.Turn.Block.Defender)+" decides whether to block.",
				"Warte, bis "+games.Seatf(s.Turn.Block.Defender)+" über das Abblocken entschieden hat.")
		}
		return games.ErrNotYourTurn
	}
	verb, _, _ := strings.Cut(notation, " ")
	if err := g.explainBuy(seat, notation); err != nil {
		return err
	}
	if err := g.explainRule(seat, strings.Fields(notation)); err != nil {
		return err
	}
	for _, m := range legal {
		if strings.HasPrefix(m.Notation, verb+" ") || m.Notation == verb {
			return games.Violation(fmt.Sprintf("%q is not possible; did you mean %q?", notation, m.Notation),
				fmt.Sprintf("%q ist nicht möglich; meintest du %q?", notation, m.Notation))
		}
	}
	b := &s.Bases[seat]
	switch {
	case verb == "upgrade" && s.Phase == PhaseAction && s.Turn.Upgraded:
		return games.Violation("You may upgrade your base only once per round.", "Du darfst deine Basis nur einmal pro Runde ausbauen.")
	case verb == "upgrade" && s.Phase == PhaseAction && b.Level == 4:
		return games.Violation("Your base is already at level 4.", "Deine Basis hat schon Stufe 4.")
	case verb == "upgrade" && s.Phase == PhaseAction:
		c := g.faction(seat).Levels[b.Level].Cost
		cost := resourcesText(c)
		return games.Violation(fmt.Sprintf("The upgrade costs %s; you have %d.", cost.EN, b.Resources),
			fmt.Sprintf("Der Ausbau kostet %s; du hast %d.", cost.DE, b.Resources))
	case verb == "buy" && s.Phase == PhaseAction:
		have := resourcesText(b.Resources)
		return games.Violation(fmt.Sprintf("You cannot buy that: check the cost (you have %s) and a free field.", have.EN),
			fmt.Sprintf("Das kannst du nicht kaufen: Prüfe die Kosten (du hast %s) und ein freies Feld.", have.DE))
	case verb == "attack" || verb == "enter":
		return games.Violation("You have no attack symbols or no soldier that may attack.", "Du hast keine Angriffssymbole oder keinen Soldaten, der angreifen darf.")
	}
	if len(legal) > 0 {
		return games.Violation(fmt.Sprintf("%q is not possible now (%s); try %q.", notation, phaseNames[s.Phase].EN, legal[0].Notation),
			fmt.Sprintf("%q ist jetzt nicht möglich (%s); versuche %q.", notation, phaseNames[s.Phase].DE, legal[0].Notation))
	}
	return games.ErrIllegalMove
}

// explainRule names the rule an illegal move of the acting player breaks,
// for the rules players most often get wrong; nil if none of them.
func (g *game) explainRule(seat games.Seat, f []string) error {
	s := g.s
	if len(f) == 0 || seat != s.Current || s.Turn.Block != nil || f[0] == "policy" {
		return nil
	}
	arg := func(i int) string {
		if i < len(f) {
			return f[i]
		}
		return ""
	}
	switch {
	case (s.Phase == PhaseEffect || s.Phase == PhaseDice) && f[0] != "resolve":
		list := strings.Join(s.Turn.Pending, ", ")
		ph := games.T("effect", "Effektphase")
		if s.Phase == PhaseDice {
			ph = games.T("dice", "Würfelphase")
		}
		return games.Violation("First resolve your "+ph.EN+" phase cards, in any order: "+list+".",
			"Handle zuerst deine Karten der "+ph.DE+" ab, in beliebiger Reihenfolge: "+list+".")
	case s.Phase == PhasePool && f[0] == "pool":
		var r, a int
		if _, err := fmt.Sscanf(arg(1), "%dr%da", &r, &a); err != nil {
			return nil
		}
		if r > table.MaxPerType || a > table.MaxPerType {
			most := diceText(table.MaxPerType)
			return games.Violation(fmt.Sprintf("At most %s of one type.", most.EN), fmt.Sprintf("Höchstens %s einer Art.", most.DE))
		}
		size := diceText(g.poolSize(seat))
		return games.Violation(fmt.Sprintf("Your dice pool holds exactly %s.", size.EN), fmt.Sprintf("Dein Würfelvorrat umfasst genau %s.", size.DE))
	case s.Phase == PhaseRoll && f[0] == "reroll":
		n := len(s.Turn.Rolled)
		if !slices.ContainsFunc(strings.Split(arg(1), ","), func(x string) bool { i, err := strconv.Atoi(x); return err == nil && (i < 1 || i > n) }) {
			return nil
		}
		return games.Violation(fmt.Sprintf("Only dice of the last roll (1-%d) can be re-rolled; kept dice stay in your action pool.", n),
			fmt.Sprintf("Nur Würfel des letzten Wurfs (1-%d) können neu geworfen werden; behaltene Würfel bleiben im Aktionsvorrat.", n))
	case s.Phase != PhaseAction || s.Turn.Destroy >= 0 || s.Turn.Reorg:
		return nil
	}
	holds := s.Ark.Card != "" && s.Ark.Owner == seat
	switch {
	case f[0] == "attack" && arg(1) == "ark" && holds:
		return games.Violation("Your soldier holds the ark: it may only attack enemy bases (attack p2 1).",
			"Dein Soldat hält die Arche: Er darf nur gegnerische Basen angreifen (attack p2 1).")
	case f[0] == "attack" && arg(1) == "ark" && s.Ark.Card == "":
		return games.Violation("The ark is empty: move your active soldier in with one attack symbol (enter).",
			"Die Arche ist leer: Setze deinen aktiven Soldaten mit einem Angriffssymbol hinein (enter).")
	case f[0] == "attack" && strings.HasPrefix(arg(1), "p") && !holds:
		return games.Violation("Only a soldier inside the ark attacks bases; from your warhost you attack the soldier in the ark.",
			"Nur ein Soldat in der Arche greift Basen an; aus dem Kampftrupp greifst du den Soldaten in der Arche an.")
	case f[0] == "enter" && s.Ark.Card != "":
		return games.Violation("The ark is occupied: destroy its soldier to enter.", "Die Arche ist besetzt: Vernichte ihren Soldaten, um sie zu betreten.")
	case f[0] == "discard" && s.Apocalypse && deckIndex(arg(1)) >= 0:
		return games.Violation("In apocalypse mode face-up cards cannot be discarded.", "Im Apokalypse-Modus dürfen offene Karten nicht abgelegt werden.")
	}
	return nil
}

// explainBuy says why "buy <deck> <slot> ..." is refused, if it names a
// card on display.
func (g *game) explainBuy(seat games.Seat, notation string) error {
	f := strings.Fields(notation)
	if len(f) < 3 || f[0] != "buy" || g.s.Phase != PhaseAction || seat != g.s.Current {
		return nil
	}
	di := deckIndex(f[1])
	slot, err := strconv.Atoi(f[2])
	if di < 0 || err != nil || slot < 1 || slot > len(g.s.Decks[di].FaceUp) || g.s.Decks[di].FaceUp[slot-1] == "" {
		return nil
	}
	id := g.s.Decks[di].FaceUp[slot-1]
	n, cost, have := g.nameOf(id), g.cardCost(seat, id), g.s.Bases[seat].Resources
	switch {
	case cost > have:
		c := resourcesText(cost)
		return games.Violation(fmt.Sprintf("%s costs %s; you have %d.", n.EN, c.EN, have),
			fmt.Sprintf("%s kostet %s; du hast %d.", n.DE, c.DE, have))
	case deckNames[di] == DeckCivilian || deckNames[di] == DeckStructure:
		if len(g.validFields(seat, deckNames[di])) == 0 {
			return games.Violation("You have no unlocked field that is empty or holds the same card type.",
				"Du hast kein freigeschaltetes Feld, das leer ist oder denselben Kartentyp trägt.")
		}
	}
	return nil
}

// --- cards moving ---

// draw takes the top card of a deck, reshuffling its discard pile when the
// deck is empty. It returns "" when both are empty.
func (g *game) draw(di int) string {
	p := &g.s.Decks[di]
	if len(p.Draw) == 0 {
		if len(p.Discard) == 0 {
			return ""
		}
		p.Draw, p.Discard = p.Discard, nil
		g.s.RNG.Shuffle(len(p.Draw), func(i, j int) { p.Draw[i], p.Draw[j] = p.Draw[j], p.Draw[i] })
		t := deckTexts[deckNames[di]]
		g.emit(true, "The %s discard pile is shuffled into a new deck.", "Der Ablagestapel (%s) wird zu einem neuen Stapel gemischt.", games.T(strings.ToLower(t.EN), t.DE))
	}
	return pop(&p.Draw)
}

// refill fills every empty face-up slot that can be filled.
func (g *game) refill() {
	for di := range g.s.Decks {
		for slot, id := range g.s.Decks[di].FaceUp {
			if id != "" {
				continue
			}
			c := g.draw(di)
			if c == "" {
				continue
			}
			g.s.Decks[di].FaceUp[slot] = c
			card := g.card(c)
			deck := deckTexts[card.Deck]
			g.emit(true, "New face-up %s: %s (%s).", "Neu ausgelegt (%s): %s (%s).", games.T(strings.ToLower(deck.EN), deck.DE), card.Name, c)
		}
	}
}

// discard puts a card on its deck's discard pile.
func (g *game) discard(id string) {
	di := deckIndex(g.card(id).Deck)
	g.s.Decks[di].Discard = append(g.s.Decks[di].Discard, id)
}

// destroyed emits a "card destroyed" event and discards the card.
func (g *game) destroyed(owner games.Seat, id string) {
	n := g.nameOf(id)
	if owner >= 0 {
		g.emit(false, "%s of %s is destroyed.", "%s von %s wird vernichtet.", n, owner)
	} else {
		g.emit(false, "%s is destroyed.", "%s wird vernichtet.", n)
	}
	g.discard(id)
}

// validFields lists the fields (0-based) where seat may place an add-on of
// deck: unlocked, and empty or topped by the same type.
func (g *game) validFields(seat games.Seat, deck string) []int {
	b := &g.s.Bases[seat]
	var out []int
	for f := 0; f < g.fieldsUnlocked(seat); f++ {
		t := top(b.Fields[f])
		if t == "" || g.card(t).Deck == deck {
			out = append(out, f)
		}
	}
	return out
}

// placeAuto places a card gained for free: soldiers on the warhost, add-ons
// on the lowest field of the same type, else the lowest free field, else
// the discard pile.
func (g *game) placeAuto(seat games.Seat, id string) {
	c := g.card(id)
	b := &g.s.Bases[seat]
	if c.Deck == DeckSoldier {
		b.Warhost = append(b.Warhost, id)
		return
	}
	fields := g.validFields(seat, c.Deck)
	for _, f := range fields {
		if len(b.Fields[f]) > 0 {
			b.Fields[f] = append(b.Fields[f], id)
			return
		}
	}
	if len(fields) > 0 {
		b.Fields[fields[0]] = append(b.Fields[fields[0]], id)
		return
	}
	g.emit(false, "There is no field for %s; it is discarded.", "Für %s ist kein Feld frei; die Karte wird abgelegt.", c.Name)
	g.discard(id)
}

// enterArk moves the seat's active warhost soldier into the ark.
func (g *game) enterArk(seat games.Seat) {
	id := pop(&g.s.Bases[seat].Warhost)
	life := min(g.arkCap(), g.resistance(id, seat, true)+g.s.Seats)
	g.s.Ark = arkState{Card: id, Owner: seat, Life: life}
	n := g.nameOf(id)
	g.emit(false, "%s enters the ark with %s: %s.", "%s betritt die Arche mit %s: %s.", seat, n, lifePointsText(life))
}
