package xibalba

import (
	"fmt"
	"strings"
	"sync"

	"github.com/playbychat/pbc/games"
)

// game is a running XIBALBA game. Apply works on a copy.
type game struct {
	s  *state
	cs *CardSet
	// ev collects the events of the move being applied.
	ev []games.Event

	mu    sync.Mutex // mu protects legal
	legal map[games.Seat][]games.Move
}

var (
	_ games.Game      = (*game)(nil)
	_ games.Checker   = (*game)(nil)
	_ games.Defaulter = (*game)(nil)
)

// say records an event whose texts are already formatted.
func (g *game) say(reveal bool, t games.Text) {
	g.ev = append(g.ev, games.Event{Text: t, Reveal: reveal})
}

func (g *game) card(id string) *Card { return g.cs.Card(id) }

func (g *game) over() bool { return g.s.Winner >= 0 }

func (g *game) faction(seat games.Seat) *Faction { return g.cs.factionBy[g.s.Bases[seat].Faction] }

// roll rolls n dice of kind with the game's generator.
func (g *game) roll(kind string, n int) []die {
	out := make([]die, n)
	f := faces(kind)
	for i := range out {
		out[i] = die{Kind: kind, Face: f[g.s.RNG.Roll(len(f))]}
	}
	return out
}

// rollParagon rolls n paragon dice and returns the symbols shown.
func (g *game) rollParagon(seat games.Seat, n int, why games.Text) int {
	if n <= 0 {
		return 0
	}
	ds := g.roll(dieParagon, n)
	sum := 0
	for _, d := range ds {
		sum += faceValue(d.Face)
	}
	g.emit(true, "%s rolls %s (%s): %s = %d.", "%s würfelt %s (%s): %s = %d.", games.Seatf(seat), paragonDiceText(n), why, facesText(ds), sum)
	return sum
}

// --- values with card effects applied ---

// activeCards lists the seat's active cards: warhost top, ark soldier,
// add-on field tops.
func (g *game) activeCards(seat games.Seat) []string {
	b := &g.s.Bases[seat]
	var out []string
	if c := top(b.Warhost); c != "" {
		out = append(out, c)
	}
	if g.s.Ark.Owner == seat && g.s.Ark.Card != "" {
		out = append(out, g.s.Ark.Card)
	}
	for f := range b.Fields {
		if c := top(b.Fields[f]); c != "" {
			out = append(out, c)
		}
	}
	return out
}

// soldierKinds are permanent kinds that, on a soldier, affect only that
// soldier.
var soldierKinds = map[string]bool{"power_bonus": true, "resistance_bonus": true, "attack_bonus": true, "unblockable": true}

// ownerSum adds the amounts of the seat's active permanent effects of kind
// that match; soldier-only kinds on soldier cards are left out.
func (g *game) ownerSum(seat games.Seat, kind string, match func(Effect) bool) int {
	if seat < 0 {
		return 0
	}
	sum := 0
	for _, id := range g.activeCards(seat) {
		c := g.card(id)
		if c.Deck == DeckSoldier && soldierKinds[kind] {
			continue
		}
		for _, e := range c.Effects {
			if e.Timing == TimingPermanent && e.Kind == kind && (match == nil || match(e)) {
				sum += e.Amount
			}
		}
	}
	return sum
}

// soldierSum adds a soldier-only kind from the soldier itself and from its
// owner's active add-on cards.
func (g *game) soldierSum(id string, owner games.Seat, inArk bool, kind string, match func(Effect) bool) int {
	c := g.card(id)
	ok := func(e Effect) bool {
		if e.Timing != TimingPermanent || e.Kind != kind {
			return false
		}
		switch e.Condition {
		case "ark":
			if !inArk {
				return false
			}
		case "no_ark":
			if inArk {
				return false
			}
		case "same_faction":
			if owner < 0 || c.Faction != g.s.Bases[owner].Faction {
				return false
			}
		}
		return match == nil || match(e)
	}
	sum := 0
	for _, e := range c.Effects {
		if ok(e) {
			sum += e.Amount
		}
	}
	if owner >= 0 {
		for _, aid := range g.activeCards(owner) {
			ac := g.card(aid)
			if ac.Deck == DeckSoldier {
				continue
			}
			for _, e := range ac.Effects {
				if ok(e) {
					sum += e.Amount
				}
			}
		}
	}
	return sum
}

func (g *game) power(id string, owner games.Seat, inArk bool) int {
	return max(1, g.card(id).Power+g.soldierSum(id, owner, inArk, "power_bonus", nil))
}

func (g *game) resistance(id string, owner games.Seat, inArk bool) int {
	return max(1, g.card(id).Resistance+g.soldierSum(id, owner, inArk, "resistance_bonus", nil))
}

func (g *game) unblockable(id string) bool {
	for _, e := range g.card(id).Effects {
		if e.Kind == "unblockable" {
			return true
		}
	}
	return false
}

func (g *game) baseResistance(seat games.Seat) int {
	f := g.faction(seat)
	return max(1, f.Levels[g.s.Bases[seat].Level-1].Resistance+g.ownerSum(seat, "base_resistance_bonus", nil))
}

func (g *game) productivity(seat games.Seat) int {
	f := g.faction(seat)
	return max(0, f.Levels[g.s.Bases[seat].Level-1].Productivity+g.ownerSum(seat, "productivity_bonus", nil))
}

func (g *game) fieldsUnlocked(seat games.Seat) int {
	return g.faction(seat).Levels[g.s.Bases[seat].Level-1].Fields
}

func (g *game) cardCost(seat games.Seat, id string) int {
	c := g.card(id)
	cost := c.Cost
	if g.s.Apocalypse {
		cost -= table.ApocalypseDiscount
	}
	if seat >= 0 {
		cost -= g.ownerSum(seat, "discount", func(e Effect) bool { return e.Deck == "" || e.Deck == c.Deck })
	}
	return max(0, cost)
}

func (g *game) actionCost(seat games.Seat, act string) int {
	return max(0, g.faction(seat).Actions[act]-g.ownerSum(seat, "action_discount", func(e Effect) bool { return e.Action == act }))
}

func (g *game) poolSize(seat games.Seat) int {
	return min(table.PoolMax, max(table.PoolMin, table.PoolSize+g.ownerSum(seat, "pool_size", nil)))
}

func (g *game) arkCap() int {
	if g.s.Apocalypse || g.s.Seats == 2 {
		return table.ArkCapSmall
	}
	return table.ArkCapLarge
}

// --- resources and paragon ---

func (g *game) gainResources(seat games.Seat, n int) {
	b := &g.s.Bases[seat]
	b.Resources = min(table.MaxResources, b.Resources+n)
}

func (g *game) loseResources(seat games.Seat, n int) int {
	b := &g.s.Bases[seat]
	n = min(n, b.Resources)
	b.Resources -= n
	return n
}

// gainParagon adds paragon (capped) and ends the game when the target is
// reached.
func (g *game) gainParagon(seat games.Seat, n int) {
	if n <= 0 || g.over() {
		return
	}
	b := &g.s.Bases[seat]
	b.Paragon = min(table.MaxParagon, b.Paragon+n)
	if b.Paragon >= g.s.Target {
		g.s.Winner = seat
		g.s.Phase = PhaseOver
		g.s.Turn.Block, g.s.Turn.Destroy = nil, -1
		g.s.Turn.Pending, g.s.Turn.Reorg = nil, false
		g.emit(false, "%s reaches %d paragon and wins the game!", "%s erreicht %d Paragon und gewinnt das Spiel!", games.Seatf(seat), b.Paragon)
	}
}

func (g *game) loseParagon(seat games.Seat, n int) int {
	b := &g.s.Bases[seat]
	n = min(n, b.Paragon)
	b.Paragon -= n
	return n
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
		g.say(true, games.T("The "+strings.ToLower(t.EN)+" discard pile is shuffled into a new deck.", "Der Ablagestapel ("+t.DE+") wird zu einem neuen Stapel gemischt."))
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
			g.ev = append(g.ev, games.Event{Reveal: true, Text: games.T(
				fmt.Sprintf("New face-up %s: %s (%s).", strings.ToLower(deckTexts[card.Deck].EN), card.Name.EN, c),
				fmt.Sprintf("Neu ausgelegt (%s): %s (%s).", deckTexts[card.Deck].DE, card.Name.DE, c))})
		}
	}
}

// discard puts a card on its deck's discard pile.
func (g *game) discard(id string) {
	di := deckIndex(g.card(id).Deck)
	g.s.Decks[di].Discard = append(g.s.Decks[di].Discard, id)
}

func (g *game) nameOf(id string) games.Text {
	c := g.card(id)
	return games.T(c.Name.EN+" ("+id+")", c.Name.DE+" ("+id+")")
}

// destroyed emits a "card destroyed" event and discards the card.
func (g *game) destroyed(owner games.Seat, id string) {
	n := g.nameOf(id)
	t := games.T(n.EN+" is destroyed.", n.DE+" wird vernichtet.")
	if owner >= 0 {
		t = games.T(fmt.Sprintf("%s of %s is destroyed.", n.EN, games.Seatf(owner)), fmt.Sprintf("%s von %s wird vernichtet.", n.DE, games.Seatf(owner)))
	}
	g.say(false, t)
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
	g.say(false, games.T(
		fmt.Sprintf("There is no field for %s; it is discarded.", c.Name.EN),
		fmt.Sprintf("Für %s ist kein Feld frei; die Karte wird abgelegt.", c.Name.DE)))
	g.discard(id)
}

// enterArk moves the seat's active warhost soldier into the ark.
func (g *game) enterArk(seat games.Seat) {
	id := pop(&g.s.Bases[seat].Warhost)
	life := min(g.arkCap(), g.resistance(id, seat, true)+g.s.Seats)
	g.s.Ark = arkState{Card: id, Owner: seat, Life: life}
	n := g.nameOf(id)
	g.emit(false, "%s enters the ark with %s: %s.", "%s betritt die Arche mit %s: %s.", games.Seatf(seat), n, lifePointsText(life))
}

// --- turn flow ---

func (g *game) startTurn(seat games.Seat) {
	s := g.s
	s.Current = seat
	if seat == s.Starter {
		s.Round++
	}
	s.Turn = turnState{Destroy: -1}
	s.Phase = PhaseEffect
	if p := g.productivity(seat); p > 0 {
		g.gainResources(seat, p)
		g.emit(false, "%s's turn: base productivity gives %s.", "%s ist am Zug: Die Produktivität der Basis bringt %s.", games.Seatf(seat), resourcesText(p))
	} else {
		g.emit(false, "%s's turn.", "%s ist am Zug.", games.Seatf(seat))
	}
	s.Turn.Pending = g.cardsWithTiming(seat, TimingEffect)
	g.advance()
}

func (g *game) cardsWithTiming(seat games.Seat, timing string) []string {
	var out []string
	for _, id := range g.activeCards(seat) {
		for _, e := range g.card(id).Effects {
			if e.Timing == timing {
				out = append(out, id)
				break
			}
		}
	}
	return out
}

// advance makes every step that needs no decision: empty effect lists, a
// single forced effect without a choice, the only possible pool, the
// initial roll, the end of the dice phase and of a turn without any action.
func (g *game) advance() {
	s := g.s
	for !g.over() {
		switch s.Phase {
		case PhaseEffect, PhaseDice:
			if len(s.Turn.Pending) == 1 {
				if ch := g.choices(s.Current, g.forcedEffects(s.Turn.Pending[0])); len(ch) == 1 {
					g.resolvePending(s.Turn.Pending[0], ch[0])
					continue
				}
			}
			if len(s.Turn.Pending) > 0 {
				return
			}
			if s.Phase == PhaseEffect {
				s.Phase = PhasePool
				continue
			}
			g.initialRoll()
		case PhasePool:
			pools := g.pools()
			if len(pools) != 1 {
				return
			}
			g.choosePool(pools[0][0], pools[0][1])
		case PhaseRoll:
			if len(s.Turn.Rolled) > 0 && s.Turn.Rerolls > 0 {
				return
			}
			s.Turn.Kept = append(s.Turn.Kept, s.Turn.Rolled...)
			s.Turn.Rolled = nil
			s.Phase = PhaseAction
		case PhaseAction:
			if s.Turn.Block != nil || s.Turn.Destroy >= 0 || s.Turn.Reorg {
				return
			}
			for _, m := range g.actionMoves(s.Current) {
				if m.Group != "end" {
					return
				}
			}
			g.endTurn()
		default:
			return
		}
	}
}

// pools lists the legal pool compositions (resource, attack).
func (g *game) pools() [][2]int {
	n := g.poolSize(g.s.Current)
	var out [][2]int
	for r := table.MaxPerType; r >= 0; r-- {
		a := n - r
		if a >= 0 && a <= table.MaxPerType {
			out = append(out, [2]int{r, a})
		}
	}
	return out
}

func (g *game) choosePool(r, a int) {
	s := g.s
	s.Turn.Resource, s.Turn.Attack = r, a
	s.Phase = PhaseDice
	s.Turn.Pending = g.cardsWithTiming(s.Current, TimingDice)
	g.emit(false, "%s takes %s and %s.", "%s nimmt %s und %s.", games.Seatf(s.Current), resourceDiceText(r), attackDiceText(a))
}

func (g *game) initialRoll() {
	s := g.s
	s.Turn.Rerolls = max(0, table.Rerolls+g.ownerSum(s.Current, "extra_reroll", nil)+s.Turn.RerollBonus)
	s.Turn.Rolled = append(g.roll(dieResource, s.Turn.Resource), g.roll(dieAttack, s.Turn.Attack)...)
	s.Turn.HasRolled = true
	s.Phase = PhaseRoll
	g.emit(true, "%s rolls: %s.", "%s würfelt: %s.", games.Seatf(s.Current), facesText(s.Turn.Rolled))
}

func (g *game) endTurn() {
	s := g.s
	seat := s.Current
	s.Turn.Kept, s.Turn.Rolled = nil, nil
	if s.Ark.Owner >= 0 && s.Ark.Card != "" {
		owner := s.Ark.Owner
		n := g.rollParagon(owner, g.card(s.Ark.Card).Paragon, games.T("controlling the ark", "Kontrolle der Arche"))
		n += g.ownerSum(owner, "ark_loot_bonus", nil)
		if s.Apocalypse {
			if s.Ark.Life <= table.ApocalypseLowLife {
				n += table.ApocalypseBonusLow
			} else {
				n += table.ApocalypseBonusHigh
			}
		}
		if n > 0 {
			g.emit(false, "%s loots %d paragon from the ark.", "%s erbeutet %d Paragon aus der Arche.", games.Seatf(owner), n)
			g.gainParagon(owner, n)
		}
		if g.over() {
			return
		}
	}
	g.startTurn((seat + 1) % games.Seat(s.Seats))
}
