package xibalba

import (
	"fmt"
	"slices"
	"strings"

	"github.com/playbychat/pbc/games"
)

// Explain implements games.Explainer: the rules' own reason why text is
// not one of seat's legal moves now. The reasons use only what seat may
// see: XIBALBA hides nothing but the order of the decks, which no reason
// names.
func (g *game) Explain(seat games.Seat, text string) error {
	if g.over() {
		return games.ErrGameOver
	}
	legal := g.LegalMoves(seat)
	if _, ok := games.Match(legal, text); ok {
		return nil
	}
	m, err := parseMove(text)
	switch {
	case err == nil && m.verb == verbPolicy:
		return games.Violation("That is already your standing choice.", "Das ist schon deine Voreinstellung.")
	case !g.acting(seat):
		return g.notActing(seat)
	case err != nil:
		return unreadable(text, legal)
	}
	if err := g.explainStep(m, legal); err != nil {
		return err
	}
	if err := g.explainVerb(seat, m); err != nil {
		return err
	}
	if err := didYouMean(m, legal); err != nil {
		return err
	}
	return g.explainLast(seat, m, legal)
}

func (g *game) acting(seat games.Seat) bool {
	_, ok := games.MustAct(g, seat)
	return ok
}

// notActing is the refusal of a move by a seat that need not act now.
func (g *game) notActing(seat games.Seat) error {
	if b := g.s.Turn.Block; b != nil && seat == b.Attacker {
		return games.Violation("Wait until "+games.Seatf(b.Defender)+" decides whether to block.",
			"Warte, bis "+games.Seatf(b.Defender)+" über das Abblocken entschieden hat.")
	}
	return games.NotYourTurn(g)
}

// example is a legal move to show how the notation looks: the first that
// is not a standing choice.
func example(legal []games.Move) string {
	for _, m := range legal {
		if m.Group != games.SettingGroup {
			return m.Notation
		}
	}
	if len(legal) > 0 {
		return legal[0].Notation
	}
	return "end"
}

// unreadable is the refusal of a text that is no move of the notation.
func unreadable(text string, legal []games.Move) error {
	ex := example(legal)
	return games.Violation(fmt.Sprintf("%q is not a move; moves are written like %q.", text, ex),
		fmt.Sprintf("%q ist kein Zug; Züge schreibt man so: %q.", text, ex))
}

// Steps of a turn that a move belongs to, besides the phases.
const (
	stepBlock   = "block"   // the defender decides whether to block
	stepDestroy = "destroy" // the attacker chooses an add-on card to destroy
	stepReorg   = "reorg"   // the current player re-organizes their piles
)

// stepNames name the steps that are not phases, as phaseNames do those.
var stepNames = map[string]games.Text{
	stepBlock:   games.T("block decision", "Entscheidung über das Abblocken"),
	stepDestroy: games.T("choosing an add-on card to destroy", "Wahl der Ausbaukarte, die vernichtet wird"),
	stepReorg:   games.T("re-organizing", "Reorganisieren"),
}

// step is the part of the turn the game is in.
func (g *game) step() string {
	t := &g.s.Turn
	switch {
	case t.Block != nil:
		return stepBlock
	case g.s.Phase == PhaseAction && t.Destroy >= 0:
		return stepDestroy
	case g.s.Phase == PhaseAction && t.Reorg:
		return stepReorg
	}
	return g.s.Phase
}

// stepsOf lists the steps in which moves of v are made.
func stepsOf(v verb) []string {
	switch v {
	case verbFaction:
		return []string{PhaseFaction}
	case verbResolve:
		return []string{PhaseEffect, PhaseDice}
	case verbPool:
		return []string{PhasePool}
	case verbKeep, verbReroll:
		return []string{PhaseRoll}
	case verbBlock, verbNoBlock:
		return []string{stepBlock}
	case verbDestroy:
		return []string{stepDestroy}
	case verbMove, verbDone:
		return []string{stepReorg}
	}
	return []string{PhaseAction}
}

// explainStep refuses a move made in the wrong step of the turn.
func (g *game) explainStep(m move, legal []games.Move) error {
	st := g.step()
	if slices.Contains(stepsOf(m.verb), st) {
		return nil
	}
	if st == PhaseEffect || st == PhaseDice {
		list := strings.Join(g.s.Turn.Pending, ", ")
		ph := games.T("effect", "Effektphase")
		if st == PhaseDice {
			ph = games.T("dice", "Würfelphase")
		}
		return games.Violation("First resolve your "+ph.EN+" phase cards, in any order: "+list+".",
			"Handle zuerst deine Karten der "+ph.DE+" ab, in beliebiger Reihenfolge: "+list+".")
	}
	name, ok := phaseNames[st]
	if !ok {
		name = stepNames[st]
	}
	n, ex := m.String(), example(legal)
	return games.Violation(fmt.Sprintf("%q is not possible now (%s); try %q.", n, name.EN, ex),
		fmt.Sprintf("%q ist jetzt nicht möglich (%s); versuche %q.", n, name.DE, ex))
}

// didYouMean refuses a move with a legal move of the same verb, if any.
func didYouMean(m move, legal []games.Move) error {
	n := m.String()
	for _, l := range legal {
		if p, ok := l.Payload.(move); ok && p.verb == m.verb {
			return games.Violation(fmt.Sprintf("%q is not possible; did you mean %q?", n, l.Notation),
				fmt.Sprintf("%q ist nicht möglich; meintest du %q?", n, l.Notation))
		}
	}
	return nil
}

// explainLast is the refusal when no rule of the move's own is broken and
// no move of its verb is possible: what its verb needs, or a move that is
// possible now.
func (g *game) explainLast(seat games.Seat, m move, legal []games.Move) error {
	switch m.verb {
	case verbBuy:
		have := resourcesText(g.s.Bases[seat].Resources)
		return games.Violation(fmt.Sprintf("You cannot buy that: check the cost (you have %s) and a free field.", have.EN),
			fmt.Sprintf("Das kannst du nicht kaufen: Prüfe die Kosten (du hast %s) und ein freies Feld.", have.DE))
	case verbAttack, verbEnter:
		return games.Violation("You have no attack symbols or no soldier that may attack.", "Du hast keine Angriffssymbole oder keinen Soldaten, der angreifen darf.")
	}
	n, ex := m.String(), example(legal)
	return games.Violation(fmt.Sprintf("%q is not possible now; try %q.", n, ex),
		fmt.Sprintf("%q ist jetzt nicht möglich; versuche %q.", n, ex))
}

// explainVerb gives the rule that a move in its right step breaks; nil
// when it knows none.
func (g *game) explainVerb(seat games.Seat, m move) error {
	switch m.verb {
	case verbFaction:
		return g.explainFaction(m)
	case verbResolve:
		return g.explainResolve(m)
	case verbPool:
		return g.explainPool(seat, m)
	case verbReroll:
		return g.explainReroll(m)
	case verbGather, verbLoot:
		return g.explainSymbols(m)
	case verbAttack, verbEnter:
		return g.explainAttack(seat, m)
	case verbUse:
		return g.explainUse(seat, m)
	case verbBuy:
		return g.explainBuy(seat, m)
	case verbUpgrade:
		return g.explainUpgrade(seat)
	case verbPharma, verbWeaponTech, verbAssault, verbHarvest, verbReorganize:
		return g.explainCommon(seat, m)
	case verbDiscard:
		return g.explainDiscard(seat, m)
	case verbMove:
		return g.explainReorgMove(seat, m)
	case verbDestroy:
		return g.explainDestroy(m)
	}
	return nil
}

// cardName names a card id for a reason: the card's name, or the id as
// typed when no card has it.
func (g *game) cardName(id string) games.Text {
	if g.cs.Card(id) == nil {
		return games.T(id, id)
	}
	return g.nameOf(id)
}

func (g *game) explainFaction(m move) error {
	f := g.cs.factionBy[m.id]
	if f == nil {
		var ids []string
		for _, f := range g.freeFactions() {
			ids = append(ids, f.ID)
		}
		list := strings.Join(ids, ", ")
		return games.Violation(fmt.Sprintf("There is no faction %q; free are: %s.", m.id, list),
			fmt.Sprintf("Es gibt keine Fraktion %q; frei sind: %s.", m.id, list))
	}
	return games.Violation(fmt.Sprintf("The board of the %s is taken.", f.Name.EN),
		fmt.Sprintf("Das Tableau der Fraktion %s ist schon vergeben.", f.Name.DE))
}

func (g *game) explainResolve(m move) error {
	if slices.Contains(g.s.Turn.Pending, m.id) {
		return nil
	}
	n, list := g.cardName(m.id), strings.Join(g.s.Turn.Pending, ", ")
	return games.Violation(fmt.Sprintf("%s has nothing to resolve now; still to resolve: %s.", n.EN, list),
		fmt.Sprintf("%s ist jetzt nicht abzuhandeln; noch abzuhandeln: %s.", n.DE, list))
}

func (g *game) explainSymbols(m move) error {
	if m.verb == verbGather && g.count(isResource) == 0 {
		return games.Violation("None of your kept dice shows resources.", "Keiner deiner behaltenen Würfel zeigt Ressourcen.")
	}
	if m.verb == verbLoot && g.count(isParagon) == 0 {
		return games.Violation("None of your kept dice shows paragon.", "Keiner deiner behaltenen Würfel zeigt Paragon.")
	}
	return nil
}

func (g *game) explainPool(seat games.Seat, m move) error {
	if m.res > table.MaxPerType || m.att > table.MaxPerType {
		most := diceText(table.MaxPerType)
		return games.Violation(fmt.Sprintf("At most %s of one type.", most.EN), fmt.Sprintf("Höchstens %s einer Art.", most.DE))
	}
	size := diceText(g.poolSize(seat))
	return games.Violation(fmt.Sprintf("Your dice pool holds exactly %s.", size.EN), fmt.Sprintf("Dein Würfelvorrat umfasst genau %s.", size.DE))
}

func (g *game) explainReroll(m move) error {
	n := len(g.s.Turn.Rolled)
	if m.dice < 1<<n {
		return nil
	}
	return games.Violation(fmt.Sprintf("Only dice of the last roll (1-%d) can be re-rolled; kept dice stay in your action pool.", n),
		fmt.Sprintf("Nur Würfel des letzten Wurfs (1-%d) können neu geworfen werden; behaltene Würfel bleiben im Aktionsvorrat.", n))
}

func (g *game) explainAttack(seat games.Seat, m move) error {
	s := g.s
	holds := s.Ark.Card != "" && s.Ark.Owner == seat
	plain, crits := g.count(isPlain), g.count(isCrit)
	switch {
	case m.verb == verbAttack && m.target < 0 && holds:
		return games.Violation("Your soldier holds the ark: it may only attack enemy bases (attack p2 1).",
			"Dein Soldat hält die Arche: Er darf nur gegnerische Basen angreifen (attack p2 1).")
	case m.verb == verbAttack && m.target < 0 && s.Ark.Card == "":
		return games.Violation("The ark is empty: move your active soldier in with one attack symbol (enter).",
			"Die Arche ist leer: Setze deinen aktiven Soldaten mit einem Angriffssymbol hinein (enter).")
	case m.verb == verbAttack && m.target >= 0 && !holds:
		return games.Violation("Only a soldier inside the ark attacks bases; from your warhost you attack the soldier in the ark.",
			"Nur ein Soldat in der Arche greift Basen an; aus dem Kampftrupp greifst du den Soldaten in der Arche an.")
	case m.verb == verbEnter && s.Ark.Card != "":
		return games.Violation("The ark is occupied: destroy its soldier to enter.", "Die Arche ist besetzt: Vernichte ihren Soldaten, um sie zu betreten.")
	case m.verb == verbAttack && m.target == seat:
		return games.Violation("You cannot attack your own base.", "Du kannst deine eigene Basis nicht angreifen.")
	case m.verb == verbAttack && m.target >= games.Seat(s.Seats):
		return games.Violation(fmt.Sprintf("There is no player %d at this table.", m.target+1),
			fmt.Sprintf("An diesem Tisch gibt es keinen Spieler %d.", m.target+1))
	case m.verb == verbAttack && m.n > plain+crits:
		have := symbolsText(plain + crits)
		return games.Violation(fmt.Sprintf("Your action pool holds %s of attack.", have.EN),
			fmt.Sprintf("Dein Aktionsvorrat hat %s für Angriffe.", have.DE))
	case m.verb == verbAttack && m.crits > crits:
		have := critsText(crits)
		return games.Violation(fmt.Sprintf("Your action pool holds %s.", have.EN), fmt.Sprintf("Kritische Treffer in deinem Aktionsvorrat: %d.", crits))
	}
	return nil
}

// explainUse says why a card cannot be used.
func (g *game) explainUse(seat games.Seat, m move) error {
	n := g.cardName(m.id)
	switch {
	case !slices.Contains(g.activeCards(seat), m.id):
		return games.Violation(fmt.Sprintf("%s is not one of your active cards (the top cards of your piles and your soldier in the ark).", n.EN),
			fmt.Sprintf("%s gehört nicht zu deinen aktiven Karten (den obersten Karten deiner Stapel und deinem Soldaten in der Arche).", n.DE))
	case len(g.effectsOf(m.id, TimingAction, WhenUse)) == 0:
		return games.Violation(fmt.Sprintf("%s has no effect to use.", n.EN), fmt.Sprintf("%s hat keinen Effekt zum Nutzen.", n.DE))
	case slices.Contains(g.s.Turn.Used, m.id):
		return games.Violation(fmt.Sprintf("You have used %s this turn already.", n.EN),
			fmt.Sprintf("Du hast %s in diesem Zug schon genutzt.", n.DE))
	case !g.canPay(seat, g.effectsOf(m.id, TimingAction, WhenUse)):
		return games.Violation(fmt.Sprintf("You cannot pay for %s: check its cost and the dice it spends.", n.EN),
			fmt.Sprintf("Du kannst %s nicht bezahlen: Prüfe die Kosten und die Würfel, die die Karte verbraucht.", n.DE))
	}
	return nil
}

// noCard refuses a move on an empty or missing face-up slot.
func noCard(m move) error {
	d := deckTexts[deckNames[m.deck]]
	return games.Violation(fmt.Sprintf("There is no face-up card at %s %d.", strings.ToLower(d.EN), m.slot+1),
		fmt.Sprintf("Auf Platz %d der Auslage (%s) liegt keine Karte.", m.slot+1, d.DE))
}

// explainBuy says why buying a card is refused.
func (g *game) explainBuy(seat games.Seat, m move) error {
	s := g.s
	have := s.Bases[seat].Resources
	if m.slot >= len(s.Decks[m.deck].FaceUp) || s.Decks[m.deck].FaceUp[m.slot] == "" {
		return noCard(m)
	}
	id := s.Decks[m.deck].FaceUp[m.slot]
	n, cost := g.nameOf(id), g.cardCost(seat, id)
	switch {
	case cost > have:
		c := resourcesText(cost)
		return games.Violation(fmt.Sprintf("%s costs %s; you have %d.", n.EN, c.EN, have),
			fmt.Sprintf("%s kostet %s; du hast %d.", n.DE, c.DE, have))
	case deckNames[m.deck] == DeckCivilian || deckNames[m.deck] == DeckStructure:
		return g.explainField(seat, deckNames[m.deck], m.choice.Field)
	}
	return nil
}

// explainField says why an add-on card of deck cannot go to field (from 0,
// -1 for none named).
func (g *game) explainField(seat games.Seat, deck string, field int) error {
	valid := g.validFields(seat, deck)
	switch {
	case len(valid) == 0:
		return games.Violation("You have no unlocked field that is empty or holds the same card type.",
			"Du hast kein freigeschaltetes Feld, das leer ist oder denselben Kartentyp trägt.")
	case field < 0:
		return games.Violation(fmt.Sprintf("Name the field for the card, e.g. f%d.", valid[0]+1),
			fmt.Sprintf("Nenne das Feld für die Karte, z. B. f%d.", valid[0]+1))
	case field >= g.fieldsUnlocked(seat):
		return games.Violation(fmt.Sprintf("Your field %d is not unlocked yet.", field+1),
			fmt.Sprintf("Dein Feld %d ist noch nicht freigeschaltet.", field+1))
	case !slices.Contains(valid, field):
		return games.Violation(fmt.Sprintf("Your field %d holds another card type.", field+1),
			fmt.Sprintf("Dein Feld %d trägt einen anderen Kartentyp.", field+1))
	}
	return nil
}

func (g *game) explainUpgrade(seat games.Seat) error {
	b := &g.s.Bases[seat]
	switch {
	case g.s.Turn.Upgraded:
		return games.Violation("You may upgrade your base only once per round.", "Du darfst deine Basis nur einmal pro Runde ausbauen.")
	case b.Level == 4:
		return games.Violation("Your base is already at level 4.", "Deine Basis hat schon Stufe 4.")
	}
	cost := resourcesText(g.faction(seat).Levels[b.Level].Cost)
	return games.Violation(fmt.Sprintf("The upgrade costs %s; you have %d.", cost.EN, b.Resources),
		fmt.Sprintf("Der Ausbau kostet %s; du hast %d.", cost.DE, b.Resources))
}

// explainCommon says why a common action is refused: its price, or what
// it needs.
func (g *game) explainCommon(seat games.Seat, m move) error {
	act := commonVerbs[m.verb]
	switch m.verb {
	case verbReorganize:
		act = ActReorganize
	case verbDiscard:
		act = ActDiscard
	}
	cost, have := g.actionCost(seat, act), g.s.Bases[seat].Resources
	name := actionNames[act]
	a := g.s.Ark
	switch {
	case cost > have:
		c := resourcesText(cost)
		return games.Violation(fmt.Sprintf("%s costs you %s; you have %d.", upperFirst(name.EN), c.EN, have),
			fmt.Sprintf("%s kostet dich %s; du hast %d.", name.DE, c.DE, have))
	case m.verb == verbPharma && (a.Card == "" || a.Owner != seat):
		return games.Violation("Pharmaceuticals heal only your own soldier in the ark.", "Medizin heilt nur deinen eigenen Soldaten in der Arche.")
	case m.verb == verbPharma:
		return games.Violation(fmt.Sprintf("Your soldier in the ark already has the most life it can have (%d).", g.arkCap()),
			fmt.Sprintf("Dein Soldat in der Arche hat schon das höchste Leben, das er haben kann (%d).", g.arkCap()))
	case m.verb == verbWeaponTech:
		return games.Violation("Weapon technology needs an attack symbol in your action pool to turn into a critical hit.",
			"Waffentechnologie braucht ein Angriffssymbol in deinem Aktionsvorrat, das zum kritischen Treffer wird.")
	case m.verb == verbReorganize:
		return games.Violation("Re-organizing would change nothing: your piles have no card to move.",
			"Reorganisieren würde nichts ändern: Deine Stapel haben keine Karte zum Umlegen.")
	}
	return nil
}

// explainDiscard says why a discard is refused: apocalypse mode, its
// price, or nothing there.
func (g *game) explainDiscard(seat games.Seat, m move) error {
	b := &g.s.Bases[seat]
	switch {
	case g.s.Apocalypse && m.deck >= 0:
		return games.Violation("In apocalypse mode face-up cards cannot be discarded.", "Im Apokalypse-Modus dürfen offene Karten nicht abgelegt werden.")
	case m.deck >= 0 && (m.slot >= len(g.s.Decks[m.deck].FaceUp) || g.s.Decks[m.deck].FaceUp[m.slot] == ""):
		return noCard(m)
	case m.fromWarhost && len(b.Warhost) == 0:
		return games.Violation("Your warhost is empty.", "Dein Kampftrupp ist leer.")
	case m.field >= 0 && len(b.Fields[m.field]) == 0:
		return games.Violation(fmt.Sprintf("Your field %d holds no card.", m.field+1), fmt.Sprintf("Dein Feld %d hat keine Karte.", m.field+1))
	}
	return g.explainCommon(seat, m)
}

// explainReorgMove says why a card cannot be moved while re-organizing.
func (g *game) explainReorgMove(seat games.Seat, m move) error {
	b := &g.s.Bases[seat]
	n := g.cardName(m.id)
	pile := b.Warhost
	from := -1
	for f, p := range b.Fields {
		if slices.Contains(p, m.id) {
			pile, from = p, f
		}
	}
	switch {
	case !slices.Contains(pile, m.id):
		return games.Violation(fmt.Sprintf("%s is not in your base.", n.EN), fmt.Sprintf("%s liegt nicht in deiner Basis.", n.DE))
	case m.field < 0 && top(pile) == m.id:
		return games.Violation(fmt.Sprintf("%s is already on top of its pile.", n.EN), fmt.Sprintf("%s liegt schon oben auf dem Stapel.", n.DE))
	case m.field >= 0 && m.field == from:
		return games.Violation(fmt.Sprintf("%s already lies on field %d (to put it on top: move %s top).", n.EN, from+1, m.id),
			fmt.Sprintf("%s liegt schon auf Feld %d (oben auf den Stapel legen: move %s top).", n.DE, from+1, m.id))
	case m.field >= g.fieldsUnlocked(seat):
		return games.Violation(fmt.Sprintf("Your field %d is not unlocked yet.", m.field+1),
			fmt.Sprintf("Dein Feld %d ist noch nicht freigeschaltet.", m.field+1))
	case m.field >= 0 && slices.Contains(b.Warhost, m.id):
		return games.Violation("Soldiers stay in the warhost.", "Soldaten bleiben im Kampftrupp.")
	case m.field >= 0:
		return games.Violation(fmt.Sprintf("Your field %d holds another card type.", m.field+1),
			fmt.Sprintf("Dein Feld %d trägt einen anderen Kartentyp.", m.field+1))
	}
	return nil
}

func (g *game) explainDestroy(m move) error {
	d := g.s.Turn.Destroy
	if len(g.s.Bases[d].Fields[m.field]) > 0 {
		return nil
	}
	return games.Violation(fmt.Sprintf("Field %d of %s holds no card.", m.field+1, games.Seatf(d)),
		fmt.Sprintf("Feld %d von %s hat keine Karte.", m.field+1, games.Seatf(d)))
}
