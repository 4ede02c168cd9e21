package xibalba

import (
	"slices"

	"github.com/playbychat/pbc/games"
)

// effectsOf returns the card's effects of timing; for action effects only
// those triggered by when.
func (g *game) effectsOf(id, timing, when string) []Effect {
	var out []Effect
	for _, e := range g.card(id).Effects {
		if e.Timing != timing {
			continue
		}
		if timing == TimingAction {
			w := e.When
			if w == "" {
				w = WhenUse
			}
			if w != when {
				continue
			}
		}
		out = append(out, e)
	}
	return out
}

// forcedEffects are the effects a pending card resolves in the current
// phase.
func (g *game) forcedEffects(id string) []Effect {
	if g.s.Phase == PhaseDice {
		return g.effectsOf(id, TimingDice, "")
	}
	return g.effectsOf(id, TimingEffect, "")
}

// choice is the target picked for a set of effects: an enemy seat and one
// of their fields (0-based), each -1 when not needed.
type choice struct {
	Seat  games.Seat
	Field int
}

var noChoice = choice{Seat: -1, Field: -1}

func (c choice) label() games.Text {
	if c.Seat < 0 {
		return games.Text{}
	}
	if c.Field < 0 {
		return msgs.Text("ChoiceSeat", games.Seatf(c.Seat))
	}
	return msgs.Text("ChoiceSeatField", games.Seatf(c.Seat), c.Field+1)
}

// choices lists the possible targets of a set of effects, in a stable
// order; a single noChoice when nothing is to be chosen.
func (g *game) choices(seat games.Seat, effs []Effect) []choice {
	needSeat := false
	var destroyDeck *string
	for _, e := range effs {
		if e.Target == TargetChooseEnemy {
			needSeat = true
		}
		if e.Kind == "destroy_addon" {
			d := e.Deck
			destroyDeck = &d
		}
	}
	if !needSeat {
		return []choice{noChoice}
	}
	var out []choice
	for i := 1; i < g.s.Seats; i++ {
		enemy := (seat + games.Seat(i)) % games.Seat(g.s.Seats)
		found := false
		if destroyDeck != nil {
			for f, p := range g.s.Bases[enemy].Fields {
				if t := top(p); t != "" && (*destroyDeck == "" || g.card(t).Deck == *destroyDeck) {
					out = append(out, choice{Seat: enemy, Field: f})
					found = true
				}
			}
		}
		if !found {
			out = append(out, choice{Seat: enemy, Field: -1})
		}
	}
	return out
}

// targets lists the seats an effect acts on.
func (g *game) targets(seat games.Seat, e Effect, ch choice) []games.Seat {
	switch e.Target {
	case TargetChooseEnemy:
		if ch.Seat >= 0 {
			return []games.Seat{ch.Seat}
		}
		return nil
	case TargetEachEnemy:
		var out []games.Seat
		for i := 1; i < g.s.Seats; i++ {
			out = append(out, (seat+games.Seat(i))%games.Seat(g.s.Seats))
		}
		return out
	}
	return []games.Seat{seat}
}

// resolvePending resolves the forced effects of a pending card.
func (g *game) resolvePending(id string, ch choice) {
	remove(&g.s.Turn.Pending, id)
	g.emit(false, msgs.Text("Resolves", games.Seatf(g.s.Current), g.nameOf(id)), g.s.Current)
	g.resolve(g.s.Current, id, g.forcedEffects(id), ch)
	// A card covered or destroyed meanwhile is no longer active: its
	// forced effects lapse.
	active := g.activeCards(g.s.Current)
	g.s.Turn.Pending = slices.DeleteFunc(g.s.Turn.Pending, func(p string) bool { return !slices.Contains(active, p) })
}

func (g *game) condition(seat games.Seat, e Effect) bool {
	switch e.Condition {
	case "ark":
		return g.s.Ark.Owner == seat && g.s.Ark.Card != ""
	case "no_ark":
		return g.s.Ark.Owner != seat || g.s.Ark.Card == ""
	}
	return true
}

// resolve carries out effects for seat in order.
func (g *game) resolve(seat games.Seat, src string, effs []Effect, ch choice) {
	for _, e := range effs {
		if g.over() {
			return
		}
		if !g.condition(seat, e) {
			continue
		}
		if !g.resolveGains(seat, src, e, ch) && !g.resolveDice(seat, e) {
			g.resolveCards(seat, e, ch)
		}
	}
}

// resolveGains carries out an effect of card src on resources or paragon;
// false if e is of another kind.
func (g *game) resolveGains(seat games.Seat, src string, e Effect, ch choice) bool {
	switch e.Kind {
	case "gain_resources":
		g.gainResources(seat, e.Amount)
		g.emit(false, msgs.Text("GainsResources", games.Seatf(seat), resourcesText(e.Amount)), seat)
	case "lose_resources":
		for _, t := range g.targets(seat, e, ch) {
			g.lost(t, g.loseResources(t, e.Amount), resourcesText, msgs.Text("NoResourcesToLose", games.Seatf(t), g.nameOf(src)))
		}
	case "gain_paragon":
		g.emit(false, msgs.Text("GainsParagon", games.Seatf(seat), paragonText(e.Amount)), seat)
		g.gainParagon(seat, e.Amount)
	case "lose_paragon":
		for _, t := range g.targets(seat, e, ch) {
			g.lost(t, g.loseParagon(t, e.Amount), paragonText, msgs.Text("NoParagonToLose", games.Seatf(t), g.nameOf(src)))
		}
	case "roll_paragon":
		g.gainParagon(seat, g.rollParagon(seat, e.Amount, msgs.Text("WhyEffect")))
	case "steal_resources":
		for _, t := range g.targets(seat, e, ch) {
			n := g.loseResources(t, e.Amount)
			g.gainResources(seat, n)
			g.took(seat, t, n, resourcesText)
		}
	case "steal_paragon":
		for _, t := range g.targets(seat, e, ch) {
			if g.over() {
				break // the game ended with the paragon taken from an earlier target
			}
			n := g.loseParagon(t, e.Amount)
			g.took(seat, t, n, paragonText)
			g.gainParagon(seat, n)
		}
	default:
		return false
	}
	return true
}

// resolveDice carries out an effect on the dice; false if e is of another
// kind.
func (g *game) resolveDice(seat games.Seat, e Effect) bool {
	switch e.Kind {
	case "extra_die", "remove_die":
		d := e.Amount
		if e.Kind == "remove_die" {
			d = -d
		}
		if e.Die == dieResource {
			g.s.Turn.Resource = min(table.MaxPerType, max(0, g.s.Turn.Resource+d))
		} else {
			g.s.Turn.Attack = min(table.MaxPerType, max(0, g.s.Turn.Attack+d))
		}
		g.emit(false, msgs.Text("PoolNowHolds", resourceDiceText(g.s.Turn.Resource), attackDiceText(g.s.Turn.Attack)))
	case "extra_reroll":
		g.s.Turn.RerollBonus += e.Amount
		g.emit(false, msgs.Text("HasRerolls", games.Seatf(seat), rerollChangeText(e.Amount)), seat)
	case "roll_die":
		ds := g.roll(e.Die, e.Amount)
		g.s.Turn.Kept = append(g.s.Turn.Kept, ds...)
		g.emit(true, msgs.Text("RollsActionPool", games.Seatf(seat), diceText(len(ds)), facesText(ds)), seat)
	default:
		return false
	}
	return true
}

// resolveCards carries out an effect on the ark, cards and actions.
func (g *game) resolveCards(seat games.Seat, e Effect, ch choice) {
	switch e.Kind {
	case "heal_ark":
		g.heal(seat, e.Amount)
	case "damage_ark":
		g.damageArk(seat, e.Amount)
	case "destroy_addon":
		if ch.Seat >= 0 && ch.Field >= 0 {
			id := pop(&g.s.Bases[ch.Seat].Fields[ch.Field])
			g.destroyed(ch.Seat, id)
		}
	case "destroy_soldier":
		if ch.Seat >= 0 {
			if id := top(g.s.Bases[ch.Seat].Warhost); id != "" && g.resistance(id, ch.Seat, false) <= e.Amount {
				pop(&g.s.Bases[ch.Seat].Warhost)
				g.destroyed(ch.Seat, id)
			}
		}
	case "free_card":
		if id := g.draw(deckIndex(e.Deck)); id != "" {
			g.emit(true, msgs.Text("TakesFree", games.Seatf(seat), g.nameOf(id)), seat)
			g.placeAuto(seat, id)
		}
	case "refresh":
		di := deckIndex(e.Deck)
		for slot, id := range g.s.Decks[di].FaceUp {
			if id != "" {
				g.discard(id)
				g.s.Decks[di].FaceUp[slot] = ""
			}
		}
		g.refill()
	case "free_action":
		g.commonAction(seat, e.Action)
	}
}

// lost records that seat lost n of something (counted by what) to an
// effect, or, with the text nothing that names what and the effect's card,
// that it had nothing to lose.
func (g *game) lost(seat games.Seat, n int, what func(int) games.Text, nothing games.Text) {
	if n == 0 {
		g.emit(false, nothing, seat)
		return
	}
	g.emit(false, msgs.Text("Loses", games.Seatf(seat), what(n)), seat)
}

// took records that seat took n of something (counted by what) from
// another seat, or that there was nothing to take.
func (g *game) took(seat, from games.Seat, n int, what func(int) games.Text) {
	if n == 0 {
		g.emit(false, msgs.Text("TakesNothingFrom", games.Seatf(seat), games.Seatf(from)), seat, from)
		return
	}
	g.emit(false, msgs.Text("TakesFrom", games.Seatf(seat), what(n), games.Seatf(from)), seat, from)
}

func (g *game) heal(seat games.Seat, n int) {
	if g.s.Ark.Owner != seat || g.s.Ark.Card == "" {
		return
	}
	g.s.Ark.Life = min(g.arkCap(), g.s.Ark.Life+n)
	g.emit(false, msgs.Text("ArkSoldierNowHas", games.Seatf(seat), lifePointsText(g.s.Ark.Life)), seat)
}

func (g *game) damageArk(seat games.Seat, n int) {
	a := &g.s.Ark
	if a.Card == "" || a.Owner == seat {
		return
	}
	a.Life -= n
	if a.Owner >= 0 {
		g.emit(false, msgs.Text("ArkSoldierOfLoses", games.Seatf(a.Owner), lifePointsText(n)), a.Owner)
	} else {
		g.emit(false, msgs.Text("ArkSoldierLoses", lifePointsText(n)))
	}
	if a.Life <= 0 {
		g.destroyed(a.Owner, a.Card)
		*a = arkState{Owner: -1}
	}
}

// commonAction performs a common action's effect (cost already paid).
func (g *game) commonAction(seat games.Seat, act string) {
	who := seat
	switch act {
	case ActPharmaceuticals:
		g.heal(seat, table.Pharmaceuticals)
	case ActWeaponTechnology:
		for i, d := range g.s.Turn.Kept {
			if d.Face == faceAttack {
				g.s.Turn.Kept[i].Face = faceCrit
				g.emit(false, msgs.Text("MakesCrit", games.Seatf(who)), who)
				break
			}
		}
	case ActTacticalAssault, ActHarvest:
		kind := dieAttack
		if act == ActHarvest {
			kind = dieParagon
		}
		ds := g.roll(kind, 1)
		g.s.Turn.Kept = append(g.s.Turn.Kept, ds...)
		what := msgs.Text("AnAttackDie")
		if act == ActHarvest {
			what = msgs.Text("AParagonDie")
		}
		g.emit(true, msgs.Text("RollsDice", games.Seatf(who), what, facesText(ds)), who)
	}
}

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
	g.emit(true, msgs.Text("RollsParagon", games.Seatf(seat), paragonDiceText(n), why, facesText(ds), sum), seat)
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

func (g *game) loseParagon(seat games.Seat, n int) int {
	b := &g.s.Bases[seat]
	n = min(n, b.Paragon)
	b.Paragon -= n
	return n
}

// attackPower is the power of an attack with n symbols of which crits are
// critical hits, by soldier id of owner.
func (g *game) attackPower(seat games.Seat, id string, inArk bool, n, crits int) int {
	vs := "vs_ark"
	if inArk {
		vs = "vs_base"
	}
	critBonus := g.ownerSum(seat, "crit_bonus", nil)
	bonus := g.soldierSum(id, seat, inArk, "attack_bonus", func(e Effect) bool { return e.Condition == "" || e.Condition == vs })
	return max(0, n*g.power(id, seat, inArk)+crits*(1+critBonus)+bonus)
}
