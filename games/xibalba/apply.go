package xibalba

import (
	"errors"
	"fmt"
	"slices"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/internal/eventlog"
)

// errUnresolved is the error of a move given to Apply that did not come
// from LegalMoves: the platform resolves every move before it is played.
var errUnresolved = errors.New("move not resolved against the legal moves")

// Apply implements games.Game. m is one of seat's legal moves of this
// state (the platform guarantees it), so its parsed form, the Payload, is
// played on a copy as it is.
func (g *game) Apply(seat games.Seat, m games.Move) (games.Game, []games.Event, error) {
	if g.over() {
		return nil, nil, games.ErrGameOver
	}
	mv, ok := m.Payload.(move)
	if !ok {
		return nil, nil, fmt.Errorf("xibalba: apply %q: %w", m.Notation, errUnresolved)
	}
	ng := &game{s: g.s.clone(), cs: g.cs}
	ng.play(seat, mv)
	ng.refill()
	ng.advance()
	ng.refill()
	ng.s.Log = logged(ng.ev)
	return ng, eventlog.Mark(ng.ev, seat, ng.s.RNG != g.s.RNG), nil
}

// play carries out a legal move.
func (g *game) play(seat games.Seat, m move) {
	switch m.verb {
	case verbPolicy:
		g.setPolicy(seat, m.id)
	case verbFaction:
		g.chooseFaction(seat, m.id)
	case verbResolve:
		g.resolvePending(m.id, m.choice)
	case verbPool:
		g.choosePool(m.res, m.att)
	case verbKeep:
		g.keepAll(seat)
	case verbReroll:
		g.reroll(seat, m.dice)
	case verbGather, verbLoot:
		g.spendSymbols(seat, m.verb)
	case verbEnter:
		if !g.spend(isPlain) {
			g.spend(isCrit)
		}
		g.enterArk(seat)
	case verbAttack:
		g.attack(seat, m.target, m.n, m.crits)
	case verbUse:
		g.use(seat, m.id, m.choice)
	case verbBuy:
		g.buy(seat, m.deck, m.slot, m.choice)
	case verbUpgrade:
		g.upgrade(seat)
	case verbPharma, verbWeaponTech, verbAssault, verbHarvest:
		act := commonVerbs[m.verb]
		g.s.Bases[seat].Resources -= g.actionCost(seat, act)
		g.commonAction(seat, act)
	case verbDiscard:
		g.discardMove(seat, m)
	case verbReorganize, verbDone:
		g.reorganize(seat, m.verb == verbReorganize)
	case verbMove:
		g.reorgMove(seat, m.id, m.field)
	case verbBlock, verbNoBlock:
		pa := *g.s.Turn.Block
		g.s.Turn.Block = nil
		g.baseHit(pa, m.verb == verbBlock)
	case verbDestroy:
		d := g.s.Turn.Destroy
		g.s.Turn.Destroy = -1
		g.destroyed(d, pop(&g.s.Bases[d].Fields[m.field]))
	case verbEnd:
		g.emit(false, msgs.Text("EndsTurn", games.Seatf(seat)), seat)
		g.endTurn()
	}
}

func (g *game) setPolicy(seat games.Seat, p string) {
	g.s.Bases[seat].Policy = p
	g.ev = append(g.ev, games.Event{Text: msgs.Text("PolicyIsNow", policyLabels[p]), To: []games.Seat{seat}})
}

func (g *game) keepAll(seat games.Seat) {
	g.endRoll()
	g.emit(false, msgs.Text("KeepsAll", games.Seatf(seat), facesText(g.s.Turn.Kept)), seat)
}

// endRoll ends the dice phase: the dice still rolled join the action pool,
// where they are counted and no longer numbered.
func (g *game) endRoll() {
	t := &g.s.Turn
	t.Kept = append(t.Kept, t.Rolled...)
	t.Rolled, t.Numbers = nil, nil
	g.s.Phase = PhaseAction
}

// reroll rolls again the dice of the last roll whose numbers are in mask
// (bit i for die i+1) and keeps the others. A die keeps its number: the
// dice rolled again stay in Rolled in the order of their numbers.
func (g *game) reroll(seat games.Seat, mask uint64) {
	t := &g.s.Turn
	rolledNo, keptNo := t.dieNumbers()
	var (
		again   []die
		againNo []int
	)
	for i, d := range t.Rolled {
		if mask&(1<<(rolledNo[i]-1)) != 0 {
			again, againNo = append(again, d), append(againNo, rolledNo[i])
		} else {
			t.Kept, keptNo = append(t.Kept, d), append(keptNo, rolledNo[i])
		}
	}
	t.Rolled = t.Rolled[:0]
	changes := make([]games.Text, len(again))
	for i, d := range again {
		nd := g.roll(d.Kind, 1)[0]
		t.Rolled = append(t.Rolled, nd)
		changes[i] = msgs.Text("DieChange", againNo[i], dieLabel(d), dieLabel(nd))
	}
	t.setNumbers(againNo, keptNo)
	t.Rerolls--
	g.emit(true, msgs.Text("Rerolls", games.Seatf(seat), diceText(len(again)), games.Join(changes, ", ")), seat)
}

// spendSymbols spends every resource (gather) or paragon (loot) symbol of
// the action pool.
func (g *game) spendSymbols(seat games.Seat, v verb) {
	if v == verbGather {
		n := g.spendAll(isResource)
		g.gainResources(seat, n)
		g.emit(false, msgs.Text("Gathers", games.Seatf(seat), resourcesText(n)), seat)
		return
	}
	n := g.spendAll(isParagon)
	g.emit(false, msgs.Text("Loots", games.Seatf(seat), paragonText(n)), seat)
	g.gainParagon(seat, n)
}

func (g *game) upgrade(seat games.Seat) {
	b := &g.s.Bases[seat]
	b.Resources -= g.faction(seat).Levels[b.Level].Cost
	b.Level++
	g.s.Turn.Upgraded = true
	g.emit(false, msgs.Text("UpgradesBase", games.Seatf(seat), b.Level), seat)
}

// reorganize starts (paying for it) or finishes a re-organization.
func (g *game) reorganize(seat games.Seat, start bool) {
	if start {
		g.s.Bases[seat].Resources -= g.actionCost(seat, ActReorganize)
		g.s.Turn.Reorg = true
		g.emit(false, msgs.Text("Reorganizes", games.Seatf(seat)), seat)
		return
	}
	g.s.Turn.Reorg = false
	g.emit(false, msgs.Text("FinishesReorganizing", games.Seatf(seat)), seat)
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
	g.emit(false, msgs.Text("LeadsFaction", games.Seatf(seat), f.Name), seat)
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
	g.emit(false, msgs.Text("UsesCard", games.Seatf(seat), n), seat)
	g.resolve(seat, id, effs, ch)
}

func (g *game) buy(seat games.Seat, di, slot int, ch choice) {
	s := g.s
	id := s.Decks[di].FaceUp[slot]
	cost := g.cardCost(seat, id)
	s.Bases[seat].Resources -= cost
	s.Decks[di].FaceUp[slot] = ""
	n := g.nameOf(id)
	g.emit(false, msgs.Text("BuysCard", games.Seatf(seat), n, resourcesText(cost)), seat)
	g.refill()
	switch deckNames[di] {
	case DeckSoldier:
		s.Bases[seat].Warhost = append(s.Bases[seat].Warhost, id)
	case DeckEvent:
		g.resolve(seat, id, g.effectsOf(id, TimingImmediate, ""), ch)
		g.discard(id)
	default:
		s.Bases[seat].Fields[ch.Field] = append(s.Bases[seat].Fields[ch.Field], id)
	}
}

func (g *game) discardMove(seat games.Seat, m move) {
	s := g.s
	s.Bases[seat].Resources -= g.actionCost(seat, ActDiscard)
	var id string
	switch {
	case m.fromWarhost:
		id = pop(&s.Bases[seat].Warhost)
	case m.deck >= 0:
		id = s.Decks[m.deck].FaceUp[m.slot]
		s.Decks[m.deck].FaceUp[m.slot] = ""
	default:
		id = pop(&s.Bases[seat].Fields[m.field])
	}
	n := g.nameOf(id)
	g.emit(false, msgs.Text("DiscardsCard", games.Seatf(seat), n), seat)
	g.discard(id)
	g.refill()
}

// reorgMove puts card id of seat's base on top of its own pile (to < 0)
// or on top of field to.
func (g *game) reorgMove(seat games.Seat, id string, to int) {
	b := &g.s.Bases[seat]
	who, n := seat, g.nameOf(id)
	if remove(&b.Warhost, id) {
		b.Warhost = append(b.Warhost, id)
		g.emit(false, msgs.Text("PutsOnWarhost", games.Seatf(who), n), who)
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
	if to >= 0 {
		dest = to
	}
	b.Fields[dest] = append(b.Fields[dest], id)
	if dest == from {
		g.emit(false, msgs.Text("PutsOnField", games.Seatf(who), n, dest+1), who)
	} else {
		g.emit(false, msgs.Text("MovesToField", games.Seatf(who), n, from+1, dest+1), who)
	}
}

// attack carries out an attack with n attack symbols on the ark (target
// -1) or a base; want picks the critical hits used (see critsUsed).
func (g *game) attack(seat, target games.Seat, n, want int) {
	s := g.s
	plain, crits := g.count(isPlain), g.count(isCrit)
	cu := critsUsed(n, plain, crits, want)
	for range cu {
		g.spend(isCrit)
	}
	for range n - cu {
		g.spend(isPlain)
	}
	who := seat
	if target < 0 {
		soldier := top(s.Bases[seat].Warhost)
		power := g.attackPower(seat, soldier, false, n, cu)
		s.Ark.Life -= power
		g.emit(false, msgs.Text("AttacksArk", games.Seatf(who), power, lifePointsText(max(0, s.Ark.Life))), who)
		if s.Ark.Life <= 0 {
			g.destroyed(s.Ark.Owner, s.Ark.Card)
			s.Ark = arkState{Owner: -1}
			g.gainParagon(seat, g.rollParagon(seat, g.card(soldier).Paragon, msgs.Text("WhyDestroy")))
			if g.over() {
				return
			}
			g.enterArk(seat)
		}
		g.afterAttack(seat, soldier)
		return
	}
	def := target
	soldier := s.Ark.Card
	pa := pendingAttack{Attacker: seat, Defender: def, Card: soldier, Power: g.attackPower(seat, soldier, true, n, cu)}
	g.emit(false, msgs.Text("AttacksBase", games.Seatf(who), games.Seatf(def), pa.Power), who, def)
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
		g.emit(false, msgs.Text("MayBlock", games.Seatf(def)), def)
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
		g.emit(false, msgs.Text("Blocks", games.Seatf(def), n), def)
		if g.resistance(blocker, pa.Defender, false) <= pa.Power {
			pop(&s.Bases[pa.Defender].Warhost)
			g.destroyed(pa.Defender, blocker)
			g.gainParagon(pa.Attacker, g.rollParagon(pa.Attacker, soldier.Paragon, msgs.Text("WhyDestroy")))
		}
	case pa.Power >= g.baseResistance(pa.Defender):
		g.emit(false, msgs.Text("AttackSucceeds", games.Seatf(def)), def)
		dice := soldier.Paragon + g.ownerSum(pa.Attacker, "loot_bonus", nil)
		got := g.loseParagon(pa.Defender, g.rollParagon(pa.Attacker, dice, msgs.Text("WhyLoot")))
		if got > 0 {
			g.emit(false, msgs.Text("LootsFrom", games.Seatf(att), paragonText(got), games.Seatf(def)), att, def)
		} else {
			g.emit(false, msgs.Text("LootsNothingFrom", games.Seatf(att), games.Seatf(def)), att, def)
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
		g.emit(false, msgs.Text("BaseResists", games.Seatf(def)), def)
	}
	if !g.over() {
		g.afterAttack(pa.Attacker, pa.Card)
	}
}

// afterAttack resolves the attacking soldier's attack-triggered effects.
func (g *game) afterAttack(seat games.Seat, soldier string) {
	if effs := g.effectsOf(soldier, TimingAction, WhenAttack); len(effs) > 0 {
		g.resolve(seat, soldier, effs, noChoice)
	}
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
		g.emit(true, msgs.Text("DiscardsShuffled", deckInText[deckNames[di]]))
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
			g.emit(true, msgs.Text("NewFaceUp", deckInText[card.Deck], card.Name, c))
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
		g.emit(false, msgs.Text("DestroyedOf", n, games.Seatf(owner)), owner)
	} else {
		g.emit(false, msgs.Text("Destroyed", n))
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
	g.emit(false, msgs.Text("NoFieldDiscarded", c.Name))
	g.discard(id)
}

// enterArk moves the seat's active warhost soldier into the ark.
func (g *game) enterArk(seat games.Seat) {
	id := pop(&g.s.Bases[seat].Warhost)
	life := min(g.arkCap(), g.resistance(id, seat, true)+g.s.Seats)
	g.s.Ark = arkState{Card: id, Owner: seat, Life: life}
	n := g.nameOf(id)
	g.emit(false, msgs.Text("EntersArk", games.Seatf(seat), n, lifePointsText(life)), seat)
}
