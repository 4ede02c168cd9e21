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
	case verbPool:
		return g.explainPool(seat, m)
	case verbReroll:
		return g.explainReroll(m)
	case verbAttack, verbEnter:
		return g.explainAttack(seat, m)
	case verbBuy:
		return g.explainBuy(seat, m)
	case verbUpgrade:
		return g.explainUpgrade(seat)
	case verbDiscard:
		return g.explainDiscard(m)
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
	}
	return nil
}

// explainBuy says why buying a card is refused.
func (g *game) explainBuy(seat games.Seat, m move) error {
	s := g.s
	have := s.Bases[seat].Resources
	if m.slot >= len(s.Decks[m.deck].FaceUp) || s.Decks[m.deck].FaceUp[m.slot] == "" {
		return nil
	}
	id := s.Decks[m.deck].FaceUp[m.slot]
	n, cost := g.nameOf(id), g.cardCost(seat, id)
	switch {
	case cost > have:
		c := resourcesText(cost)
		return games.Violation(fmt.Sprintf("%s costs %s; you have %d.", n.EN, c.EN, have),
			fmt.Sprintf("%s kostet %s; du hast %d.", n.DE, c.DE, have))
	case deckNames[m.deck] == DeckCivilian || deckNames[m.deck] == DeckStructure:
		if len(g.validFields(seat, deckNames[m.deck])) == 0 {
			return games.Violation("You have no unlocked field that is empty or holds the same card type.",
				"Du hast kein freigeschaltetes Feld, das leer ist oder denselben Kartentyp trägt.")
		}
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

func (g *game) explainDiscard(m move) error {
	if g.s.Apocalypse && m.deck >= 0 {
		return games.Violation("In apocalypse mode face-up cards cannot be discarded.", "Im Apokalypse-Modus dürfen offene Karten nicht abgelegt werden.")
	}
	return nil
}
