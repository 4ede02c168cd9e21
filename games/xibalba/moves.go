package xibalba

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/playbychat/pbc/games"
)

// Move groups, for the bot's layout.
const (
	groupSetup   = "setup"
	groupResolve = "resolve"
	groupPool    = "pool"
	groupRoll    = "roll"
	groupDice    = "dice"
	groupAttack  = "attack"
	groupUse     = "use"
	groupBuy     = "buy"
	groupCommon  = "common"
	groupDiscard = "discard"
	groupReorg   = "reorganize"
	groupBlock   = "block"
	groupDestroy = "destroy"
	groupEnd     = "end"
	groupPolicy  = games.SettingGroup
)

var policies = []string{PolicyAsk, PolicyAlways, PolicyNever, PolicySurvive}

// mv makes the legal move m, with its notation and its parsed form.
func mv(m move, label games.Text, group string, primary bool) games.Move {
	return games.Move{Notation: m.String(), Label: label, Group: group, Primary: primary, Payload: m}
}

// onPiece returns m acting on the piece id, a card or faction id that
// Catalog lists, so that the bot shows its text where m is chosen.
func onPiece(m games.Move, id string) games.Move {
	m.Piece = id
	return m
}

// withRole returns m with its role in the flow of the game: ending the
// turn, declining to block, finishing a re-organization. Every other move
// of XIBALBA is an action.
func withRole(m games.Move, r games.Role) games.Move {
	m.Role = r
	return m
}

func seatArg(s games.Seat) string { return "p" + strconv.Itoa(int(s)+1) }

// LegalMoves implements games.Game. A game never changes once made, so the
// lists are computed once per seat.
func (g *game) LegalMoves(seat games.Seat) []games.Move {
	g.mu.Lock()
	defer g.mu.Unlock()
	moves, ok := g.legal[seat]
	if !ok {
		moves = g.legalMoves(seat)
		if g.legal == nil {
			g.legal = map[games.Seat][]games.Move{}
		}
		g.legal[seat] = moves
	}
	return slices.Clone(moves)
}

func (g *game) legalMoves(seat games.Seat) []games.Move {
	s := g.s
	if g.over() || seat < 0 || int(seat) >= s.Seats {
		return nil
	}
	var out []games.Move
	switch st := g.stepNow(); {
	case st == stepBlock:
		if seat == s.Turn.Block.Defender {
			out = g.blockMoves()
		}
	case seat != s.Current:
	case st == stepFaction:
		out = g.factionMoves()
	case st == stepEffect || st == stepDice:
		out = g.resolveMoves()
	case st == stepPool:
		for _, p := range g.pools() {
			out = append(out, mv(poolMove(p[0], p[1]),
				msgs.Text("PoolLabel", resourceDiceText(p[0]), attackDiceText(p[1])),
				groupPool, true))
		}
	case st == stepRoll:
		out = g.rollMoves()
	case st == stepDestroy:
		out = g.destroyMoves()
	case st == stepReorg:
		out = g.reorgMoves()
	case st == stepAction:
		out = g.actionMoves(seat)
	}
	for _, p := range policies {
		if s.Bases[seat].Policy != p {
			// The standing choices offered leave out the current one,
			// which only its seat may see.
			m := mv(idMove(verbPolicy, p, noChoice), policyLabels[p], groupPolicy, false)
			m.Private = true
			out = append(out, m)
		}
	}
	return out
}

func (g *game) factionMoves() []games.Move {
	var out []games.Move
	for _, f := range g.freeFactions() {
		out = append(out, onPiece(mv(idMove(verbFaction, f.ID, noChoice), msgs.Text("FactionLabel", f.Name), groupSetup, true), f.ID))
	}
	return out
}

// freeFactions lists the factions that may still be chosen: those of the
// boards nobody has taken.
func (g *game) freeFactions() []*Faction {
	taken := map[int]bool{}
	for _, b := range g.s.Bases {
		if b.Faction != "" {
			taken[g.cs.factionBy[b.Faction].Board] = true
		}
	}
	var out []*Faction
	for i := range g.cs.Factions {
		if f := &g.cs.Factions[i]; !taken[f.Board] {
			out = append(out, f)
		}
	}
	return out
}

func (g *game) resolveMoves() []games.Move {
	var out []games.Move
	for _, id := range g.s.Turn.Pending {
		n := g.nameOf(id)
		for _, ch := range g.choices(g.s.Current, g.forcedEffects(id)) {
			out = append(out, onPiece(mv(idMove(verbResolve, id, ch), msgs.Text("ResolveLabel", n, ch.label()), groupResolve, true), id))
		}
	}
	return out
}

// rollMoves lists keeping every die and each set of the rolled dice to
// roll again, named by the dice's numbers.
func (g *game) rollMoves() []games.Move {
	rolled := g.s.Turn.Rolled
	nos, _ := g.s.Turn.dieNumbers()
	out := make([]games.Move, 0, 1<<len(rolled))
	out = append(out, mv(newMove(verbKeep), msgs.Text("KeepAllLabel"), groupRoll, true))
	blanks := 0
	for i, d := range rolled {
		if d.Face == faceBlank {
			blanks |= 1 << i
		}
	}
	all := 1<<len(rolled) - 1
	named := numberedDice(rolled, nos) // each die's name, made once
	var (
		chosen   []games.Text
		chosenNo []int
	)
	for pick := 1; pick <= all; pick++ {
		chosen, chosenNo = chosen[:0], chosenNo[:0]
		var dice uint64
		for i := range rolled {
			if pick&(1<<i) != 0 {
				chosen, chosenNo = append(chosen, named[i]), append(chosenNo, nos[i])
				dice |= 1 << (nos[i] - 1)
			}
		}
		var label games.Text
		switch pick {
		case all:
			label = msgs.Text("RerollAllLabel")
		case blanks:
			label = msgs.Text("RerollBlanksLabel")
		default:
			label = rerollLabel(chosenNo, chosen)
		}
		out = append(out, mv(rerollMove(dice), label, groupRoll, pick == all || pick == blanks))
	}
	return out
}

func (g *game) blockMoves() []games.Move {
	b := g.s.Turn.Block
	blocker := top(g.s.Bases[b.Defender].Warhost)
	n := g.nameOf(blocker)
	fate := msgs.Text("BlockerSurvives")
	if g.resistance(blocker, b.Defender, false) <= b.Power {
		fate = msgs.Text("BlockerDestroyed")
	}
	return []games.Move{
		onPiece(mv(newMove(verbBlock), msgs.Text("BlockLabel", n, fate), groupBlock, true), blocker),
		withRole(mv(newMove(verbNoBlock), msgs.Text("NoBlockLabel"), groupBlock, true), games.RolePass),
	}
}

func (g *game) destroyMoves() []games.Move {
	d := g.s.Turn.Destroy
	var out []games.Move
	for f, p := range g.s.Bases[d].Fields {
		if id := top(p); id != "" {
			n := g.nameOf(id)
			out = append(out, onPiece(mv(fieldMove(verbDestroy, f), msgs.Text("DestroyLabel", n), groupDestroy, true), id))
		}
	}
	return out
}

func (g *game) reorgMoves() []games.Move {
	seat := g.s.Current
	b := &g.s.Bases[seat]
	var out []games.Move
	for i, id := range b.Warhost {
		if i < len(b.Warhost)-1 {
			n := g.nameOf(id)
			out = append(out, onPiece(mv(idMove(verbMove, id, noChoice), msgs.Text("PutOnWarhostLabel", n), groupReorg, false), id))
		}
	}
	unlocked := g.fieldsUnlocked(seat)
	for f := 0; f < table.Fields; f++ {
		for i, id := range b.Fields[f] {
			n := g.nameOf(id)
			if i < len(b.Fields[f])-1 {
				out = append(out, onPiece(mv(idMove(verbMove, id, noChoice), msgs.Text("PutOnPileLabel", n), groupReorg, false), id))
			}
			for to := 0; to < unlocked; to++ {
				if to == f {
					continue
				}
				t := top(b.Fields[to])
				if t == "" || g.card(t).Deck == g.card(id).Deck {
					out = append(out, onPiece(mv(fieldMove(verbMove, to).withID(id), msgs.Text("MoveToFieldLabel", n, to+1), groupReorg, false), id))
				}
			}
		}
	}
	return append(out, withRole(mv(newMove(verbDone), msgs.Text("FinishReorgLabel"), groupReorg, true), games.RoleConfirm))
}

// count returns how many kept dice show a face with the given test.
func (g *game) count(test func(die) bool) int {
	n := 0
	for _, d := range g.s.Turn.Kept {
		if test(d) {
			n++
		}
	}
	return n
}

// keptSymbols adds up the symbols of the kept dice that pass test: what
// spendAll would collect.
func (g *game) keptSymbols(test func(die) bool) int {
	sum := 0
	for _, d := range g.s.Turn.Kept {
		if test(d) {
			sum += faceValue(d.Face)
		}
	}
	return sum
}

func isResource(d die) bool { return d.Kind == dieResource && d.Face != faceBlank }
func isParagon(d die) bool  { return d.Kind == dieParagon && d.Face != faceBlank }
func isPlain(d die) bool    { return d.Face == faceAttack }
func isCrit(d die) bool     { return d.Face == faceCrit }
func isBlank(d die) bool    { return d.Face == faceBlank }

// critsUsed is how many critical hits an attack of n symbols uses: as
// many as possible (critsMost), as few as possible (critsFewest), or
// exactly want where that is possible (else as many as possible).
func critsUsed(n, plain, crits, want int) int {
	lo, hi := max(0, n-plain), min(n, crits)
	switch {
	case want == critsFewest:
		return lo
	case want >= lo && want <= hi:
		return want
	}
	return hi
}

// actionMoves lists the action phase moves of seat (the current player).
func (g *game) actionMoves(seat games.Seat) []games.Move {
	s := g.s
	b := &s.Bases[seat]
	var out []games.Move
	if n := g.count(isResource); n > 0 {
		sum := g.keptSymbols(isResource)
		out = append(out, mv(newMove(verbGather), msgs.Text("GatherLabel", resourcesText(sum)), groupDice, true))
	}
	if n := g.count(isParagon); n > 0 {
		sum := g.keptSymbols(isParagon)
		out = append(out, mv(newMove(verbLoot), msgs.Text("LootLabel", paragonText(sum)), groupDice, true))
	}
	plain, crits := g.count(isPlain), g.count(isCrit)
	if sym := plain + crits; sym > 0 {
		switch {
		case s.Ark.Card != "" && s.Ark.Owner == seat:
			for i := 1; i < s.Seats; i++ {
				t := (seat + games.Seat(i)) % games.Seat(s.Seats)
				out = append(out, g.attackMoves(seat, t, s.Ark.Card, true, plain, crits,
					msgs.Text("TheBaseOf", games.Seatf(t)))...)
			}
		case len(b.Warhost) > 0 && s.Ark.Card != "":
			out = append(out, g.attackMoves(seat, -1, top(b.Warhost), false, plain, crits, msgs.Text("TheArk"))...)
		case len(b.Warhost) > 0:
			n := g.nameOf(top(b.Warhost))
			out = append(out, onPiece(mv(newMove(verbEnter), msgs.Text("EnterArkLabel", n), groupAttack, true), top(b.Warhost)))
		}
	}
	for _, id := range g.activeCards(seat) {
		if slices.Contains(s.Turn.Used, id) {
			continue
		}
		effs := g.effectsOf(id, TimingAction, WhenUse)
		if len(effs) == 0 || !g.canPay(seat, effs) {
			continue
		}
		n := g.nameOf(id)
		for _, ch := range g.choices(seat, effs) {
			out = append(out, onPiece(mv(idMove(verbUse, id, ch), msgs.Text("UseLabel", n, ch.label()), groupUse, false), id))
		}
	}
	out = append(out, g.buyMoves(seat)...)
	f := g.faction(seat)
	if b.Level < 4 && !s.Turn.Upgraded && b.Resources >= f.Levels[b.Level].Cost {
		c := f.Levels[b.Level].Cost
		out = append(out, mv(newMove(verbUpgrade), msgs.Text("UpgradeLabel", b.Level+1, c), groupCommon, true))
	}
	afford := func(act string) bool { return b.Resources >= g.actionCost(seat, act) }
	if afford(ActPharmaceuticals) && s.Ark.Owner == seat && s.Ark.Card != "" && s.Ark.Life < g.arkCap() {
		out = append(out, mv(newMove(verbPharma), g.actionLabel(seat, ActPharmaceuticals, msgs.Text("PharmaLabel")), groupCommon, false))
	}
	if afford(ActWeaponTechnology) && plain > 0 {
		out = append(out, mv(newMove(verbWeaponTech), g.actionLabel(seat, ActWeaponTechnology, msgs.Text("WeaponTechLabel")), groupCommon, false))
	}
	if afford(ActTacticalAssault) {
		out = append(out, mv(newMove(verbAssault), g.actionLabel(seat, ActTacticalAssault, msgs.Text("AssaultLabel")), groupCommon, false))
	}
	if afford(ActHarvest) {
		out = append(out, mv(newMove(verbHarvest), g.actionLabel(seat, ActHarvest, msgs.Text("HarvestLabel")), groupCommon, false))
	}
	if afford(ActDiscard) {
		out = append(out, g.discardMoves(seat)...)
	}
	if afford(ActReorganize) && g.canReorganize(seat) {
		out = append(out, mv(newMove(verbReorganize), g.actionLabel(seat, ActReorganize, msgs.Text("ReorganizeLabel")), groupReorg, false))
	}
	return append(out, withRole(mv(newMove(verbEnd), msgs.Text("EndTurnLabel"), groupEnd, true), games.RoleEndTurn))
}

func (g *game) attackMoves(seat, target games.Seat, soldier string, inArk bool, plain, crits int, what games.Text) []games.Move {
	var out []games.Move
	for n := 1; n <= plain+crits; n++ {
		cf := critsUsed(n, plain, crits, critsMost)
		p := g.attackPower(seat, soldier, inArk, n, cf)
		out = append(out, mv(attackMove(target, n, critsMost, p),
			msgs.Text("AttackLabel", what, symbolsText(n), p),
			groupAttack, n == plain+crits))
		pf := critsUsed(n, plain, crits, critsFewest)
		// Fewer critical hits than possible save them for card effects.
		for k := cf - 1; k > pf; k-- {
			p := g.attackPower(seat, soldier, inArk, n, k)
			out = append(out, mv(attackMove(target, n, k, p),
				msgs.Text("AttackCritsLabel", what, symbolsText(n), critsText(k), p),
				groupAttack, false))
		}
		if pf != cf {
			p := g.attackPower(seat, soldier, inArk, n, pf)
			out = append(out, mv(attackMove(target, n, critsFewest, p),
				msgs.Text("AttackSaveCritsLabel", what, symbolsText(n), p),
				groupAttack, false))
		}
	}
	for i := range out {
		out[i].Piece = soldier
	}
	return out
}

// canPay reports whether seat can pay the costs and dice of effects.
func (g *game) canPay(seat games.Seat, effs []Effect) bool {
	cost, blanks, attacks, crits := 0, 0, 0, 0
	for _, e := range effs {
		cost += e.Cost
		switch e.Spend {
		case "blank":
			blanks++
		case "attack":
			attacks++
		case "crit":
			crits++
		}
	}
	c := g.count(isCrit)
	return g.s.Bases[seat].Resources >= cost && g.count(isBlank) >= blanks && c >= crits && g.count(isPlain)+c-crits >= attacks
}

func (g *game) buyMoves(seat games.Seat) []games.Move {
	s := g.s
	var out []games.Move
	for di, p := range s.Decks {
		for slot, id := range p.FaceUp {
			if id == "" {
				continue
			}
			cost := g.cardCost(seat, id)
			if s.Bases[seat].Resources < cost {
				continue
			}
			c := g.card(id)
			n := g.nameOf(id)
			label := func(extra games.Text) games.Text {
				return msgs.Text("BuyLabel", n, cost, extra)
			}
			switch c.Deck {
			case DeckSoldier:
				out = append(out, onPiece(mv(slotMove(verbBuy, di, slot, noChoice), label(games.Text{}), groupBuy, false), id))
			case DeckEvent:
				for _, ch := range g.choices(seat, g.effectsOf(id, TimingImmediate, "")) {
					out = append(out, onPiece(mv(slotMove(verbBuy, di, slot, ch), label(ch.label()), groupBuy, false), id))
				}
			default:
				for _, f := range g.validFields(seat, c.Deck) {
					out = append(out, onPiece(mv(slotMove(verbBuy, di, slot, choice{Seat: -1, Field: f}), label(msgs.Text("ChoiceField", f+1)), groupBuy, false), id))
				}
			}
		}
	}
	return out
}

func (g *game) discardMoves(seat games.Seat) []games.Move {
	s := g.s
	cost := g.actionCost(seat, ActDiscard)
	var out []games.Move
	if !s.Apocalypse {
		for di, p := range s.Decks {
			for slot, id := range p.FaceUp {
				if id != "" {
					n := g.nameOf(id)
					out = append(out, onPiece(mv(slotMove(verbDiscard, di, slot, noChoice),
						msgs.Text("DiscardDisplayLabel", n, cost), groupDiscard, false), id))
				}
			}
		}
	}
	b := &s.Bases[seat]
	if id := top(b.Warhost); id != "" {
		n := g.nameOf(id)
		out = append(out, onPiece(mv(warhostDiscard(), msgs.Text("DiscardOwnLabel", n, cost), groupDiscard, false), id))
	}
	for f, p := range b.Fields {
		if id := top(p); id != "" {
			n := g.nameOf(id)
			out = append(out, onPiece(mv(fieldMove(verbDiscard, f), msgs.Text("DiscardOwnLabel", n, cost), groupDiscard, false), id))
		}
	}
	return out
}

// canReorganize reports whether a re-organization could change anything.
func (g *game) canReorganize(seat games.Seat) bool {
	return seat == g.s.Current && len(g.reorgMoves()) > 1
}

var _ games.Picker = (*game)(nil)

// Picks implements games.Picker: while the current player may re-roll, the
// dice to re-roll are one multi-select decision. Its notations are exactly
// the "reroll i,j" moves of LegalMoves.
func (g *game) Picks(seat games.Seat) []games.Pick {
	s := g.s
	if g.stepNow() != stepRoll || seat != s.Current || len(s.Turn.Rolled) == 0 {
		return nil
	}
	nos, _ := s.Turn.dieNumbers()
	items := make([]games.PickItem, len(s.Turn.Rolled))
	for i, d := range s.Turn.Rolled {
		items[i] = games.PickItem{Value: dieArg(nos[i]), Label: msgs.Text("PickDieLabel", dieTitles[d.Kind], nos[i], faceName(d.Face))}
	}
	return []games.Pick{{
		Prefix: "reroll",
		Label:  msgs.Text("PickDiceLabel"),
		Items:  items,
		Min:    1,
		Max:    len(items),
	}}
}

var _ games.Menu = (*game)(nil)

// MenuLevel implements games.Menu: XIBALBA's decisions fit the buttons and
// picks, so it lays out no menu and implements games.Menu for OldStep only.
func (g *game) MenuLevel(games.Seat, string) ([]games.Move, bool) { return nil, false }

// OldStep implements games.Menu for the notation of re-rolls that records
// made before dice kept their numbers hold: "reroll 1,3" named the dice by
// their place in the last roll, renumbered after each re-roll. Such a text
// still names those dice, so that the records replay to the same states
// and hashes. Where places and numbers differ (after a re-roll) the move
// comes back as a step (games.RoleStep), which the bot replays but never
// makes anew from typed text; before the first re-roll both agree and it
// is the listed move.
func (g *game) OldStep(seat games.Seat, text string) (games.Move, bool) {
	m, err := parseMove(text)
	if err != nil || m.verb != verbReroll || !m.byPlace || g.stepNow() != stepRoll || seat != g.s.Current {
		return games.Move{}, false
	}
	nos, _ := g.s.Turn.dieNumbers()
	if m.dice >= 1<<len(nos) {
		return games.Move{}, false
	}
	var dice uint64
	moved := false // a die named differs from the die of that number
	for i, no := range nos {
		if m.dice&(1<<i) != 0 {
			dice |= 1 << (no - 1)
			moved = moved || no != i+1
		}
	}
	for _, lm := range g.rollMoves() {
		if p, ok := lm.Payload.(move); ok && p.verb == verbReroll && p.dice == dice {
			if moved {
				lm.Role = games.RoleStep
			}
			return lm, true
		}
	}
	return games.Move{}, false
}

// --- the notation ---

// verb is the kind of a move, the first word of its notation.
type verb int

const (
	verbPolicy verb = iota + 1
	verbFaction
	verbResolve
	verbPool
	verbKeep
	verbReroll
	verbGather
	verbLoot
	verbEnter
	verbAttack
	verbUse
	verbBuy
	verbUpgrade
	verbPharma
	verbWeaponTech
	verbAssault
	verbHarvest
	verbDiscard
	verbReorganize
	verbMove
	verbDone
	verbBlock
	verbNoBlock
	verbDestroy
	verbEnd
)

// verbWords are the verbs as the notation writes them.
var verbWords = map[verb]string{
	verbPolicy: "policy", verbFaction: "faction", verbResolve: "resolve", verbPool: "pool", verbKeep: "keep",
	verbReroll: "reroll", verbGather: "gather", verbLoot: "loot", verbEnter: "enter", verbAttack: "attack",
	verbUse: "use", verbBuy: "buy", verbUpgrade: "upgrade", verbPharma: "pharma", verbWeaponTech: "weapontech",
	verbAssault: "assault", verbHarvest: "harvest", verbDiscard: "discard", verbReorganize: "reorganize",
	verbMove: "move", verbDone: "done", verbBlock: "block", verbNoBlock: "noblock", verbDestroy: "destroy", verbEnd: "end",
}

// commonVerbs are the verbs of the common actions a faction prices.
var commonVerbs = map[verb]string{
	verbPharma: ActPharmaceuticals, verbWeaponTech: ActWeaponTechnology, verbAssault: ActTacticalAssault, verbHarvest: ActHarvest,
}

// Critical hits an attack uses (move.crits) other than an exact count.
const (
	critsMost   = -1 // as many as possible: the notation names none
	critsFewest = -2 // as few as possible: "plain"
)

// move is a XIBALBA move as its notation says it, parsed once: LegalMoves
// puts it into games.Move.Payload and Apply plays it. Its fields are
// values only, so that a games.Move stays comparable; each verb uses the
// fields its notation has and leaves the others unset (see newMove).
type move struct {
	verb verb
	// id is the card of resolve, use and move, the faction of faction,
	// the standing block choice of policy.
	id string
	// deck and slot name a face-up card (buy, discard from the display):
	// the deck's index and the slot counted from 0; deck is -1 otherwise.
	deck, slot int
	res, att   int    // pool: resource and attack dice
	dice       uint64 // reroll: bit i re-rolls die number i+1
	// byPlace marks a re-roll that names dice by their place in the last
	// roll ("reroll 1,3"), as records made before dice kept their numbers
	// do (see OldStep); dice then holds places, bit i for the (i+1)-th.
	byPlace bool
	// target is the base an attack is aimed at, -1 for the ark; n the
	// attack symbols used and crits the critical hits among them (a
	// count, critsMost or critsFewest).
	target   games.Seat
	n, crits int
	// power is what an attack listed by LegalMoves would do, for its
	// label and the bot's policy; it is no part of the notation, and a
	// parsed move leaves it 0.
	power       int
	choice      choice // resolve, use, buy: the target chosen (an add-on's field)
	field       int    // discard, destroy: the own or enemy field; move: the destination, -1 for the top of its pile
	fromWarhost bool   // discard: the warhost's top card
}

// newMove returns a move of v with every optional field unset.
func newMove(v verb) move {
	return move{verb: v, deck: -1, target: -1, choice: noChoice, field: -1}
}

// idMove is a move of v naming a card, faction or policy (id) and, for
// effects, their target.
func idMove(v verb, id string, ch choice) move {
	m := newMove(v)
	m.id, m.choice = id, ch
	return m
}

func poolMove(res, att int) move {
	m := newMove(verbPool)
	m.res, m.att = res, att
	return m
}

func rerollMove(dice uint64) move {
	m := newMove(verbReroll)
	m.dice = dice
	return m
}

func attackMove(target games.Seat, n, crits, power int) move {
	m := newMove(verbAttack)
	m.target, m.n, m.crits, m.power = target, n, crits, power
	return m
}

// slotMove is a move of v on a face-up card: deck index and slot from 0.
func slotMove(v verb, deck, slot int, ch choice) move {
	m := newMove(v)
	m.deck, m.slot, m.choice = deck, slot, ch
	return m
}

// fieldMove is a move of v on a field (from 0).
func fieldMove(v verb, field int) move {
	m := newMove(v)
	m.field = field
	return m
}

func warhostDiscard() move {
	m := newMove(verbDiscard)
	m.fromWarhost = true
	return m
}

func (m move) withID(id string) move {
	m.id = id
	return m
}

// String returns the move's notation, the canonical text Apply and the log
// know it by.
func (m move) String() string {
	w := verbWords[m.verb]
	switch m.verb {
	case verbPolicy:
		return w + " block=" + m.id
	case verbFaction:
		return w + " " + m.id
	case verbResolve, verbUse:
		return w + " " + m.id + m.choice.suffix()
	case verbPool:
		return fmt.Sprintf("%s %dr%da", w, m.res, m.att)
	case verbKeep:
		return w + " all"
	case verbReroll:
		if m.byPlace {
			return w + " " + placeList(m.dice)
		}
		return w + " " + diceList(m.dice)
	case verbAttack:
		return w + " " + m.attackSuffix()
	case verbBuy:
		return fmt.Sprintf("%s %s %d%s", w, deckNames[m.deck], m.slot+1, m.choice.suffix())
	case verbDiscard:
		switch {
		case m.fromWarhost:
			return w + " warhost"
		case m.deck >= 0:
			return fmt.Sprintf("%s %s %d", w, deckNames[m.deck], m.slot+1)
		}
		return w + " " + fieldArg(m.field)
	case verbMove:
		if m.field < 0 {
			return w + " " + m.id + " top"
		}
		return w + " " + m.id + " " + fieldArg(m.field)
	case verbDestroy:
		return w + " " + fieldArg(m.field)
	}
	return w
}

func (m move) attackSuffix() string {
	target := "ark"
	if m.target >= 0 {
		target = seatArg(m.target)
	}
	s := target + " " + strconv.Itoa(m.n)
	switch {
	case m.crits == critsFewest:
		s += " plain"
	case m.crits >= 0:
		s += " " + strconv.Itoa(m.crits) + "crit"
	}
	return s
}

// suffix is the notation of a choice, e.g. " p2 f1".
func (c choice) suffix() string {
	var b strings.Builder
	if c.Seat >= 0 {
		b.WriteString(" " + seatArg(c.Seat))
	}
	if c.Field >= 0 {
		b.WriteString(" " + fieldArg(c.Field))
	}
	return b.String()
}

func fieldArg(f int) string { return "f" + strconv.Itoa(f+1) }

// diceList writes a set of dice as their numbers, "#1,#3".
func diceList(mask uint64) string {
	var idx []string
	for i := range 64 {
		if mask&(1<<i) != 0 {
			idx = append(idx, dieArg(i+1))
		}
	}
	return strings.Join(idx, ",")
}

// placeList writes a set of places in the last roll as old records name
// dice, "1,3" (see move.byPlace).
func placeList(mask uint64) string {
	var idx []string
	for i := range 64 {
		if mask&(1<<i) != 0 {
			idx = append(idx, strconv.Itoa(i+1))
		}
	}
	return strings.Join(idx, ",")
}

// dieArg writes the number of a die, "#3": the number the turn's roll gave
// it, which it keeps across re-rolls.
func dieArg(no int) string { return "#" + strconv.Itoa(no) }

// errNotation is the error of a text that is no XIBALBA move at all.
var errNotation = errors.New("not a move of the notation")

// parseMove reads a move from its notation (case and spaces as
// games.NormalizeNotation leaves them). It checks the form only, never
// whether the move is legal: a card, deck or die it names may not exist.
func parseMove(text string) (move, error) {
	f := strings.Fields(games.NormalizeNotation(text))
	if len(f) == 0 {
		return move{}, fmt.Errorf("empty text: %w", errNotation)
	}
	for v, w := range verbWords {
		if w == f[0] {
			m, err := parseArgs(newMove(v), f[1:])
			if err != nil {
				return move{}, fmt.Errorf("%q: %w", text, err)
			}
			return m, nil
		}
	}
	return move{}, fmt.Errorf("unknown verb %q: %w", f[0], errNotation)
}

// parseArgs reads the arguments of a move of m.verb.
func parseArgs(m move, args []string) (move, error) {
	var err error
	switch m.verb {
	case verbPolicy:
		p, ok := strings.CutPrefix(only(args), "block=")
		if !ok || !slices.Contains(policies, p) {
			return m, errNotation
		}
		m.id = p
		return m, nil
	case verbFaction:
		m.id = only(args)
		return m, nonEmpty(m.id)
	case verbResolve, verbUse:
		if len(args) == 0 {
			return m, errNotation
		}
		m.id = args[0]
		m.choice, err = parseChoice(args[1:])
		return m, err
	case verbPool:
		_, err = fmt.Sscanf(only(args)+"\n", "%dr%da\n", &m.res, &m.att)
		return m, errors.Join(err, wantArgs(args, 1))
	case verbKeep:
		if only(args) != "all" {
			return m, errNotation
		}
		return m, nil
	case verbReroll:
		m.dice, m.byPlace, err = parseDice(only(args))
		return m, err
	case verbAttack:
		return parseAttack(m, args)
	case verbBuy:
		if len(args) < 2 {
			return m, errNotation
		}
		if m.deck, m.slot, err = parseSlot(args[0], args[1]); err != nil {
			return m, err
		}
		m.choice, err = parseChoice(args[2:])
		return m, err
	case verbDiscard:
		return parseDiscard(m, args)
	case verbMove:
		if len(args) != 2 {
			return m, errNotation
		}
		m.id = args[0]
		if args[1] == "top" {
			return m, nil
		}
		m.field, err = parseField(args[1])
		return m, err
	case verbDestroy:
		m.field, err = parseField(only(args))
		return m, err
	}
	return m, wantArgs(args, 0)
}

func parseAttack(m move, args []string) (move, error) {
	if len(args) < 2 || len(args) > 3 {
		return m, errNotation
	}
	if args[0] != "ark" {
		s, err := parseSeat(args[0])
		if err != nil {
			return m, err
		}
		m.target = s
	}
	n, err := strconv.Atoi(args[1])
	if err != nil || n < 1 {
		return m, errNotation
	}
	m.n, m.crits = n, critsMost
	if len(args) == 3 {
		k, isCrit := strings.CutSuffix(args[2], "crit")
		c, err := strconv.Atoi(k)
		switch {
		case args[2] == "plain":
			m.crits = critsFewest
		case isCrit && err == nil && c >= 0:
			m.crits = c
		default:
			return m, errNotation
		}
	}
	return m, nil
}

func parseDiscard(m move, args []string) (move, error) {
	var err error
	switch {
	case len(args) == 2:
		m.deck, m.slot, err = parseSlot(args[0], args[1])
	case only(args) == "warhost":
		m.fromWarhost = true
	default:
		m.field, err = parseField(only(args))
	}
	return m, err
}

// parseChoice reads the "p2 f1" arguments of an effect's target.
func parseChoice(args []string) (choice, error) {
	ch := noChoice
	var err error
	for _, a := range args {
		switch {
		case strings.HasPrefix(a, "p") && ch.Seat < 0 && ch.Field < 0:
			ch.Seat, err = parseSeat(a)
		case strings.HasPrefix(a, "f") && ch.Field < 0:
			ch.Field, err = parseField(a)
		default:
			err = errNotation
		}
		if err != nil {
			return noChoice, err
		}
	}
	return ch, nil
}

// parseSeat reads a seat "p1".."p4".
func parseSeat(a string) (games.Seat, error) {
	n, err := strconv.Atoi(strings.TrimPrefix(a, "p"))
	if !strings.HasPrefix(a, "p") || err != nil || n < 1 || n > 4 {
		return -1, errNotation
	}
	return games.Seat(n - 1), nil
}

// parseField reads a field "f1".."f4" as its index from 0.
func parseField(a string) (int, error) {
	n, err := strconv.Atoi(strings.TrimPrefix(a, "f"))
	if !strings.HasPrefix(a, "f") || err != nil || n < 1 || n > table.Fields {
		return -1, errNotation
	}
	return n - 1, nil
}

// parseSlot reads a face-up card as "<deck> <slot>".
func parseSlot(deck, slot string) (int, int, error) {
	di := deckIndex(deck)
	n, err := strconv.Atoi(slot)
	if di < 0 || err != nil || n < 1 {
		return -1, 0, errNotation
	}
	return di, n - 1, nil
}

// parseDice reads the dice of a re-roll: their numbers "#1,#3", or their
// places in the last roll "1,3" (byPlace), as old records have them.
func parseDice(list string) (mask uint64, byPlace bool, err error) {
	for i, x := range strings.Split(list, ",") {
		num, numbered := strings.CutPrefix(x, "#")
		if i > 0 && numbered == byPlace {
			return 0, false, errNotation
		}
		byPlace = !numbered
		n, err := strconv.Atoi(num)
		if err != nil || n < 1 || n > 64 {
			return 0, false, errNotation
		}
		mask |= 1 << (n - 1)
	}
	return mask, byPlace, nil
}

// only returns the single argument, or "" for none or several.
func only(args []string) string {
	if len(args) != 1 {
		return ""
	}
	return args[0]
}

func nonEmpty(s string) error {
	if s == "" {
		return errNotation
	}
	return nil
}

func wantArgs(args []string, n int) error {
	if len(args) != n {
		return errNotation
	}
	return nil
}
