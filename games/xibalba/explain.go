package xibalba

import (
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
		return refuse(msgs.Text("AlreadyStandingChoice"))
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
		return refuse(msgs.Text("WaitForBlock", games.Seatf(b.Defender)))
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

// refuse is a rule error whose reason is a message of the catalogue.
func refuse(reason games.Text) error { return &games.RuleError{Reason: reason} }

// unreadable is the refusal of a text that is no move of the notation.
func unreadable(text string, legal []games.Move) error {
	ex := example(legal)
	return refuse(msgs.Text("Unreadable", text, ex))
}

// stepsOf lists the steps in which moves of v are made.
func stepsOf(v verb) []step {
	switch v {
	case verbFaction:
		return []step{stepFaction}
	case verbResolve:
		return []step{stepEffect, stepDice}
	case verbPool:
		return []step{stepPool}
	case verbKeep, verbReroll:
		return []step{stepRoll}
	case verbBlock, verbNoBlock:
		return []step{stepBlock}
	case verbDestroy:
		return []step{stepDestroy}
	case verbMove, verbDone:
		return []step{stepReorg}
	}
	return []step{stepAction}
}

// explainStep refuses a move made in the wrong step of the turn.
func (g *game) explainStep(m move, legal []games.Move) error {
	st := g.stepNow()
	if slices.Contains(stepsOf(m.verb), st) {
		return nil
	}
	if st == stepEffect || st == stepDice {
		list := strings.Join(g.s.Turn.Pending, ", ")
		if st == stepDice {
			return refuse(msgs.Text("ResolveDiceFirst", list))
		}
		return refuse(msgs.Text("ResolveEffectFirst", list))
	}
	name := stepNames[st]
	n, ex := m.String(), example(legal)
	return refuse(msgs.Text("WrongStep", n, name, ex))
}

// didYouMean refuses a move with a legal move of the same verb, if any.
func didYouMean(m move, legal []games.Move) error {
	n := m.String()
	for _, l := range legal {
		if p, ok := l.Payload.(move); ok && p.verb == m.verb {
			return refuse(msgs.Text("DidYouMean", n, l.Notation))
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
		return refuse(msgs.Text("CannotBuy", resourcesText(g.s.Bases[seat].Resources)))
	case verbAttack, verbEnter:
		return refuse(msgs.Text("NoAttackPossible"))
	}
	n, ex := m.String(), example(legal)
	return refuse(msgs.Text("NotPossibleTry", n, ex))
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
		return refuse(msgs.Text("NoFaction", m.id, list))
	}
	return refuse(msgs.Text("FactionTaken", f.Name))
}

func (g *game) explainResolve(m move) error {
	if slices.Contains(g.s.Turn.Pending, m.id) {
		return nil
	}
	n, list := g.cardName(m.id), strings.Join(g.s.Turn.Pending, ", ")
	return refuse(msgs.Text("NothingToResolve", n, list))
}

func (g *game) explainSymbols(m move) error {
	if m.verb == verbGather && g.count(isResource) == 0 {
		return refuse(msgs.Text("NoResourceDice"))
	}
	if m.verb == verbLoot && g.count(isParagon) == 0 {
		return refuse(msgs.Text("NoParagonDice"))
	}
	return nil
}

func (g *game) explainPool(seat games.Seat, m move) error {
	if m.res > table.MaxPerType || m.att > table.MaxPerType {
		return refuse(msgs.Text("PoolAtMost", diceText(table.MaxPerType)))
	}
	return refuse(msgs.Text("PoolExactly", diceText(g.poolSize(seat))))
}

func (g *game) explainReroll(m move) error {
	nos, _ := g.s.Turn.dieNumbers()
	var have uint64
	for i, no := range nos {
		if m.byPlace {
			no = i + 1
		}
		have |= 1 << (no - 1)
	}
	if m.dice&^have == 0 {
		return nil
	}
	return refuse(msgs.Text("RerollLastRoll", numbersText(nos)))
}

func (g *game) explainAttack(seat games.Seat, m move) error {
	s := g.s
	holds := s.Ark.Card != "" && s.Ark.Owner == seat
	plain, crits := g.count(isPlain), g.count(isCrit)
	switch {
	case m.verb == verbAttack && m.target < 0 && holds:
		return refuse(msgs.Text("ArkHolderAttacksBases"))
	case m.verb == verbAttack && m.target < 0 && s.Ark.Card == "":
		return refuse(msgs.Text("ArkEmptyEnter"))
	case m.verb == verbAttack && m.target >= 0 && !holds:
		return refuse(msgs.Text("OnlyArkAttacksBases"))
	case m.verb == verbEnter && s.Ark.Card != "":
		return refuse(msgs.Text("ArkOccupied"))
	case m.verb == verbAttack && m.target == seat:
		return refuse(msgs.Text("OwnBase"))
	case m.verb == verbAttack && m.target >= games.Seat(s.Seats):
		return refuse(msgs.Text("NoPlayer", m.target+1))
	case m.verb == verbAttack && m.n > plain+crits:
		return refuse(msgs.Text("PoolHoldsSymbols", symbolsText(plain+crits)))
	case m.verb == verbAttack && m.crits > crits:
		return refuse(msgs.Count("PoolHoldsCrits", crits, crits))
	}
	return nil
}

// explainUse says why a card cannot be used.
func (g *game) explainUse(seat games.Seat, m move) error {
	n := g.cardName(m.id)
	switch {
	case !slices.Contains(g.activeCards(seat), m.id):
		return refuse(msgs.Text("NotActive", n))
	case len(g.effectsOf(m.id, TimingAction, WhenUse)) == 0:
		return refuse(msgs.Text("NoEffectToUse", n))
	case slices.Contains(g.s.Turn.Used, m.id):
		return refuse(msgs.Text("UsedAlready", n))
	case !g.canPay(seat, g.effectsOf(m.id, TimingAction, WhenUse)):
		return refuse(msgs.Text("CannotPay", n))
	}
	return nil
}

// noCard refuses a move on an empty or missing face-up slot.
func noCard(m move) error {
	return refuse(msgs.Text("NoFaceUpCard", deckInText[deckNames[m.deck]], m.slot+1))
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
		return refuse(msgs.Text("CardCosts", n, resourcesText(cost), have))
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
		return refuse(msgs.Text("NoFreeField"))
	case field < 0:
		return refuse(msgs.Text("NameField", valid[0]+1))
	case field >= g.fieldsUnlocked(seat):
		return refuse(msgs.Text("FieldLocked", field+1))
	case !slices.Contains(valid, field):
		return refuse(msgs.Text("FieldOtherType", field+1))
	}
	return nil
}

func (g *game) explainUpgrade(seat games.Seat) error {
	b := &g.s.Bases[seat]
	switch {
	case g.s.Turn.Upgraded:
		return refuse(msgs.Text("UpgradedAlready"))
	case b.Level == 4:
		return refuse(msgs.Text("MaxLevel"))
	}
	return refuse(msgs.Text("UpgradeCosts", resourcesText(g.faction(seat).Levels[b.Level].Cost), b.Resources))
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
	a := g.s.Ark
	switch {
	case cost > have:
		return refuse(msgs.Text("ActionCosts", actionTitles[act], resourcesText(cost), have))
	case m.verb == verbPharma && (a.Card == "" || a.Owner != seat):
		return refuse(msgs.Text("PharmaOwnArk"))
	case m.verb == verbPharma:
		return refuse(msgs.Text("ArkLifeFull", g.arkCap()))
	case m.verb == verbWeaponTech:
		return refuse(msgs.Text("WeaponTechNeedsAttack"))
	case m.verb == verbReorganize:
		return refuse(msgs.Text("ReorgChangesNothing"))
	}
	return nil
}

// explainDiscard says why a discard is refused: apocalypse mode, its
// price, or nothing there.
func (g *game) explainDiscard(seat games.Seat, m move) error {
	b := &g.s.Bases[seat]
	switch {
	case g.s.Apocalypse && m.deck >= 0:
		return refuse(msgs.Text("ApocalypseNoDiscard"))
	case m.deck >= 0 && (m.slot >= len(g.s.Decks[m.deck].FaceUp) || g.s.Decks[m.deck].FaceUp[m.slot] == ""):
		return noCard(m)
	case m.fromWarhost && len(b.Warhost) == 0:
		return refuse(msgs.Text("WarhostEmpty"))
	case m.field >= 0 && len(b.Fields[m.field]) == 0:
		return refuse(msgs.Text("FieldEmpty", m.field+1))
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
		return refuse(msgs.Text("NotInBase", n))
	case m.field < 0 && top(pile) == m.id:
		return refuse(msgs.Text("OnTopAlready", n))
	case m.field >= 0 && m.field == from:
		return refuse(msgs.Text("OnFieldAlready", n, from+1, m.id))
	case m.field >= g.fieldsUnlocked(seat):
		return refuse(msgs.Text("FieldLocked", m.field+1))
	case m.field >= 0 && slices.Contains(b.Warhost, m.id):
		return refuse(msgs.Text("SoldiersStay"))
	case m.field >= 0:
		return refuse(msgs.Text("FieldOtherType", m.field+1))
	}
	return nil
}

func (g *game) explainDestroy(m move) error {
	d := g.s.Turn.Destroy
	if len(g.s.Bases[d].Fields[m.field]) > 0 {
		return nil
	}
	return refuse(msgs.Text("OpponentFieldEmpty", m.field+1, games.Seatf(d)))
}
