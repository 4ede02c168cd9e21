package xibalba

import (
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

func mv(notation string, label games.Text, group string, primary bool) games.Move {
	return games.Move{Notation: notation, Label: label, Group: group, Primary: primary}
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
	switch {
	case s.Turn.Block != nil:
		if seat == s.Turn.Block.Defender {
			out = g.blockMoves()
		}
	case seat != s.Current:
	case s.Phase == PhaseFaction:
		out = g.factionMoves()
	case s.Phase == PhaseEffect || s.Phase == PhaseDice:
		out = g.resolveMoves()
	case s.Phase == PhasePool:
		for _, p := range g.pools() {
			out = append(out, mv(fmt.Sprintf("pool %dr%da", p[0], p[1]),
				textf("Pool: %s + %s", "Vorrat: %s + %s", resourceDiceText(p[0]), attackDiceText(p[1])),
				groupPool, true))
		}
	case s.Phase == PhaseRoll:
		out = g.rollMoves()
	case s.Phase == PhaseAction:
		switch {
		case s.Turn.Destroy >= 0:
			out = g.destroyMoves()
		case s.Turn.Reorg:
			out = g.reorgMoves()
		default:
			out = g.actionMoves(seat)
		}
	}
	for _, p := range policies {
		if s.Bases[seat].Policy != p {
			// The standing choices offered leave out the current one,
			// which only its seat may see.
			m := mv("policy block="+p, policyLabels[p], groupPolicy, false)
			m.Private = true
			out = append(out, m)
		}
	}
	return out
}

func (g *game) factionMoves() []games.Move {
	taken := map[int]bool{}
	for _, b := range g.s.Bases {
		if b.Faction != "" {
			taken[g.cs.factionBy[b.Faction].Board] = true
		}
	}
	var out []games.Move
	for _, f := range g.cs.Factions {
		if !taken[f.Board] {
			out = append(out, mv("faction "+f.ID, games.T("Faction: "+f.Name.EN, "Fraktion: "+f.Name.DE), groupSetup, true))
		}
	}
	return out
}

func (g *game) resolveMoves() []games.Move {
	var out []games.Move
	for _, id := range g.s.Turn.Pending {
		n := g.nameOf(id)
		for _, ch := range g.choices(g.s.Current, g.forcedEffects(id)) {
			l := ch.label()
			out = append(out, mv("resolve "+id+ch.suffix(), games.T("Resolve "+n.EN+l.EN, "Abhandeln: "+n.DE+l.DE), groupResolve, true))
		}
	}
	return out
}

func (g *game) rollMoves() []games.Move {
	rolled := g.s.Turn.Rolled
	out := make([]games.Move, 0, 1<<len(rolled))
	out = append(out, mv("keep all", games.T("Keep all dice", "Alle Würfel behalten"), groupRoll, true))
	blanks := 0
	for i, d := range rolled {
		if d.Face == faceBlank {
			blanks |= 1 << i
		}
	}
	all := 1<<len(rolled) - 1
	var idx strings.Builder
	var chosen []die
	for mask := 1; mask <= all; mask++ {
		idx.Reset()
		chosen = chosen[:0]
		for i := range rolled {
			if mask&(1<<i) != 0 {
				if idx.Len() > 0 {
					idx.WriteByte(',')
				}
				idx.WriteString(strconv.Itoa(i + 1))
				chosen = append(chosen, rolled[i])
			}
		}
		var label games.Text
		switch mask {
		case all:
			label = games.T("Re-roll all dice", "Alle Würfel neu würfeln")
		case blanks:
			label = games.T("Re-roll the blanks", "Leerseiten neu würfeln")
		default:
			label = rerollLabel(idx.String(), chosen)
		}
		out = append(out, mv("reroll "+idx.String(), label, groupRoll, mask == all || mask == blanks))
	}
	return out
}

func (g *game) blockMoves() []games.Move {
	b := g.s.Turn.Block
	blocker := top(g.s.Bases[b.Defender].Warhost)
	n := g.nameOf(blocker)
	fate := games.T("it survives", "er überlebt")
	if g.resistance(blocker, b.Defender, false) <= b.Power {
		fate = games.T("it is destroyed", "er wird vernichtet")
	}
	return []games.Move{
		mv("block", games.T(fmt.Sprintf("Block with %s (%s)", n.EN, fate.EN), fmt.Sprintf("Mit %s abblocken (%s)", n.DE, fate.DE)), groupBlock, true),
		withRole(mv("noblock", games.T("Do not block", "Nicht abblocken"), groupBlock, true), games.RolePass),
	}
}

func (g *game) destroyMoves() []games.Move {
	d := g.s.Turn.Destroy
	var out []games.Move
	for f, p := range g.s.Bases[d].Fields {
		if id := top(p); id != "" {
			n := g.nameOf(id)
			out = append(out, mv("destroy f"+strconv.Itoa(f+1), games.T("Destroy "+n.EN, "Vernichten: "+n.DE), groupDestroy, true))
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
			out = append(out, mv("move "+id+" top", games.T("Put "+n.EN+" on top of the warhost", n.DE+" oben auf den Kampftrupp legen"), groupReorg, false))
		}
	}
	unlocked := g.fieldsUnlocked(seat)
	for f := 0; f < table.Fields; f++ {
		for i, id := range b.Fields[f] {
			n := g.nameOf(id)
			if i < len(b.Fields[f])-1 {
				out = append(out, mv("move "+id+" top", games.T("Put "+n.EN+" on top of its pile", n.DE+" oben auf den Stapel legen"), groupReorg, false))
			}
			for to := 0; to < unlocked; to++ {
				if to == f {
					continue
				}
				t := top(b.Fields[to])
				if t == "" || g.card(t).Deck == g.card(id).Deck {
					fs := strconv.Itoa(to + 1)
					out = append(out, mv("move "+id+" f"+fs, games.T("Move "+n.EN+" to field "+fs, n.DE+" auf Feld "+fs+" legen"), groupReorg, false))
				}
			}
		}
	}
	return append(out, withRole(mv("done", games.T("Finish re-organizing", "Reorganisieren beenden"), groupReorg, true), games.RoleConfirm))
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

// critsUsed is how many critical hits an attack of n symbols uses: as many
// as possible by default, as few as possible with "plain", exactly k with
// "<k>crit".
func critsUsed(n, plain, crits int, mode string) int {
	lo, hi := max(0, n-plain), min(n, crits)
	switch {
	case mode == "plain":
		return lo
	case strings.HasSuffix(mode, "crit"):
		k, err := strconv.Atoi(strings.TrimSuffix(mode, "crit"))
		if err == nil && k >= lo && k <= hi {
			return k
		}
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
		out = append(out, mv("gather", textf("Gather %s", "%s sammeln", resourcesText(sum)), groupDice, true))
	}
	if n := g.count(isParagon); n > 0 {
		sum := g.keptSymbols(isParagon)
		out = append(out, mv("loot", textf("Loot %s", "%s erbeuten", paragonText(sum)), groupDice, true))
	}
	plain, crits := g.count(isPlain), g.count(isCrit)
	if sym := plain + crits; sym > 0 {
		switch {
		case s.Ark.Card != "" && s.Ark.Owner == seat:
			for i := 1; i < s.Seats; i++ {
				t := (seat + games.Seat(i)) % games.Seat(s.Seats)
				out = append(out, g.attackMoves(seat, seatArg(t), s.Ark.Card, true, plain, crits,
					games.T("the base of "+games.Seatf(t), "die Basis von "+games.Seatf(t)))...)
			}
		case len(b.Warhost) > 0 && s.Ark.Card != "":
			out = append(out, g.attackMoves(seat, "ark", top(b.Warhost), false, plain, crits, games.T("the ark", "die Arche"))...)
		case len(b.Warhost) > 0:
			n := g.nameOf(top(b.Warhost))
			out = append(out, mv("enter", games.T("Enter the empty ark with "+n.EN, "Mit "+n.DE+" die leere Arche betreten"), groupAttack, true))
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
			l := ch.label()
			out = append(out, mv("use "+id+ch.suffix(), games.T("Use "+n.EN+l.EN, "Nutzen: "+n.DE+l.DE), groupUse, false))
		}
	}
	out = append(out, g.buyMoves(seat)...)
	f := g.faction(seat)
	if b.Level < 4 && !s.Turn.Upgraded && b.Resources >= f.Levels[b.Level].Cost {
		c := f.Levels[b.Level].Cost
		out = append(out, mv("upgrade", games.T(fmt.Sprintf("Upgrade base to level %d (%d)", b.Level+1, c), fmt.Sprintf("Basis auf Stufe %d ausbauen (%d)", b.Level+1, c)), groupCommon, true))
	}
	afford := func(act string) bool { return b.Resources >= g.actionCost(seat, act) }
	if afford(ActPharmaceuticals) && s.Ark.Owner == seat && s.Ark.Card != "" && s.Ark.Life < g.arkCap() {
		out = append(out, mv("pharma", g.actionLabel(seat, ActPharmaceuticals, games.T("Pharmaceuticals: +2 ark life", "Medizin: +2 Leben in der Arche")), groupCommon, false))
	}
	if afford(ActWeaponTechnology) && plain > 0 {
		out = append(out, mv("weapontech", g.actionLabel(seat, ActWeaponTechnology, games.T("Weapon technology: attack → critical hit", "Waffentechnologie: Angriff → kritischer Treffer")), groupCommon, false))
	}
	if afford(ActTacticalAssault) {
		out = append(out, mv("assault", g.actionLabel(seat, ActTacticalAssault, games.T("Tactical assault: roll an attack die", "Taktischer Angriff: Angriffswürfel werfen")), groupCommon, false))
	}
	if afford(ActHarvest) {
		out = append(out, mv("harvest", g.actionLabel(seat, ActHarvest, games.T("Harvest: roll a paragon die", "Abernten: Paragonwürfel werfen")), groupCommon, false))
	}
	if afford(ActDiscard) {
		out = append(out, g.discardMoves(seat)...)
	}
	if afford(ActReorganize) && g.canReorganize(seat) {
		out = append(out, mv("reorganize", g.actionLabel(seat, ActReorganize, games.T("Re-organize your piles", "Stapel reorganisieren")), groupReorg, false))
	}
	return append(out, withRole(mv("end", games.T("End turn", "Zug beenden"), groupEnd, true), games.RoleEndTurn))
}

func (g *game) attackMoves(seat games.Seat, target, soldier string, inArk bool, plain, crits int, what games.Text) []games.Move {
	var out []games.Move
	for n := 1; n <= plain+crits; n++ {
		cf := critsUsed(n, plain, crits, "")
		p := g.attackPower(seat, soldier, inArk, n, cf)
		out = append(out, mv(fmt.Sprintf("attack %s %d", target, n),
			textf("Attack %s: %s, power %d", "Angriff auf %s: %s, Stärke %d", what, symbolsText(n), p),
			groupAttack, n == plain+crits))
		pf := critsUsed(n, plain, crits, "plain")
		// Fewer critical hits than possible save them for card effects.
		for k := cf - 1; k > pf; k-- {
			p := g.attackPower(seat, soldier, inArk, n, k)
			out = append(out, mv(fmt.Sprintf("attack %s %d %dcrit", target, n, k),
				textf("Attack %s: %s, %s, power %d", "Angriff auf %s: %s, %s, Stärke %d", what, symbolsText(n), critsText(k), p),
				groupAttack, false))
		}
		if pf != cf {
			p := g.attackPower(seat, soldier, inArk, n, pf)
			out = append(out, mv(fmt.Sprintf("attack %s %d plain", target, n),
				textf("Attack %s: %s, save crits, power %d", "Angriff auf %s: %s, kritische Treffer sparen, Stärke %d", what, symbolsText(n), p),
				groupAttack, false))
		}
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
			base := fmt.Sprintf("buy %s %d", deckNames[di], slot+1)
			label := func(extra games.Text) games.Text {
				return games.T(fmt.Sprintf("Buy %s (%d)%s", n.EN, cost, extra.EN), fmt.Sprintf("Kaufen: %s (%d)%s", n.DE, cost, extra.DE))
			}
			switch c.Deck {
			case DeckSoldier:
				out = append(out, mv(base, label(games.Text{}), groupBuy, false))
			case DeckEvent:
				for _, ch := range g.choices(seat, g.effectsOf(id, TimingImmediate, "")) {
					out = append(out, mv(base+ch.suffix(), label(ch.label()), groupBuy, false))
				}
			default:
				for _, f := range g.validFields(seat, c.Deck) {
					fs := strconv.Itoa(f + 1)
					out = append(out, mv(base+" f"+fs, label(games.T(" → field "+fs, " → Feld "+fs)), groupBuy, false))
				}
			}
		}
	}
	return out
}

func (g *game) discardMoves(seat games.Seat) []games.Move {
	s := g.s
	cost := strconv.Itoa(g.actionCost(seat, ActDiscard))
	var out []games.Move
	if !s.Apocalypse {
		for di, p := range s.Decks {
			for slot, id := range p.FaceUp {
				if id != "" {
					n := g.nameOf(id)
					out = append(out, mv(fmt.Sprintf("discard %s %d", deckNames[di], slot+1),
						games.T("Discard "+n.EN+" from the display ("+cost+")", "Aus der Auslage ablegen: "+n.DE+" ("+cost+")"), groupDiscard, false))
				}
			}
		}
	}
	b := &s.Bases[seat]
	if id := top(b.Warhost); id != "" {
		n := g.nameOf(id)
		out = append(out, mv("discard warhost", games.T("Discard your "+n.EN+" ("+cost+")", "Eigene Karte ablegen: "+n.DE+" ("+cost+")"), groupDiscard, false))
	}
	for f, p := range b.Fields {
		if id := top(p); id != "" {
			n := g.nameOf(id)
			out = append(out, mv("discard f"+strconv.Itoa(f+1), games.T("Discard your "+n.EN+" ("+cost+")", "Eigene Karte ablegen: "+n.DE+" ("+cost+")"), groupDiscard, false))
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
	if g.over() || s.Turn.Block != nil || seat != s.Current || s.Phase != PhaseRoll || len(s.Turn.Rolled) == 0 {
		return nil
	}
	labels := make([]games.Text, len(s.Turn.Rolled))
	for i, d := range s.Turn.Rolled {
		name := faceName(d.Face)
		n := i + 1
		labels[i] = games.T(
			"Die "+strconv.Itoa(n)+": "+name.EN,
			"Würfel "+strconv.Itoa(n)+": "+name.DE)
	}
	return []games.Pick{{
		Prefix: "reroll",
		Label:  games.T("Choose dice to re-roll", "Würfel zum Neuwürfeln wählen"),
		Items:  games.IndexItems(labels),
		Min:    1,
		Max:    len(labels),
	}}
}

// parseChoice reads "p2 f1" style arguments of a legal move.
func parseChoice(args []string) choice {
	ch := noChoice
	for _, a := range args {
		n, err := strconv.Atoi(a[1:])
		if err != nil {
			continue
		}
		switch a[0] {
		case 'p':
			ch.Seat = games.Seat(n - 1)
		case 'f':
			ch.Field = n - 1
		}
	}
	return ch
}
