package armageddon

import (
	"slices"

	"github.com/playbychat/pbc/games"
)

// Explain implements games.Explainer: the rules' own reason why text is
// not one of seat's legal moves now. It parses text and judges it on the
// current state from what the seat may see (its screen, its hand, the
// cards it drew or searched, the public board); it never plays it.
func (g *Game) Explain(seat games.Seat, text string) error {
	st := int(seat)
	if g.s.Phase == phaseOver || st < 0 || st >= g.s.Seats {
		return nil
	}
	legal := g.moves(st)
	if len(legal) == 0 {
		return nil // the platform names whose turn it is
	}
	m, ok := parseMove(text)
	if !ok {
		return errUnknownMove(examples(legal))
	}
	if slices.Contains(legal, m) {
		return errWriteAs(m.notation())
	}
	if !slices.ContainsFunc(legal, func(l move) bool { return family(l.Verb) == family(m.Verb) }) {
		return errNotNow(g.prompt(st), examples(legal))
	}
	return g.refuse(st, m, legal)
}

// family groups the verbs of one kind of decision: the city's actions
// are one, whichever of them are possible now.
func family(verb string) string {
	switch verb {
	case verbExtension, verbRepair, verbUse, verbDone:
		return "city"
	}
	return verb
}

// examples are the notations of the first legal move of each verb.
func examples(legal []move) []string {
	var verbs, out []string
	for _, m := range legal {
		if !slices.Contains(verbs, m.Verb) {
			verbs = append(verbs, m.Verb)
			out = append(out, m.notation())
		}
	}
	return out
}

// prompt is what seat is asked now.
func (g *Game) prompt(seat int) games.Text {
	for _, a := range g.ToAct() {
		if int(a.Seat) == seat {
			return a.Prompt
		}
	}
	return phaseTitle(g.s.Phase)
}

// refuse explains why m, of a kind of move seat may make now, is not
// legal.
func (g *Game) refuse(seat int, m move, legal []move) error {
	switch m.Verb {
	case verbBid:
		return g.refuseBid(seat, m)
	case verbTake:
		return g.refuseTake(m)
	case verbBuild:
		return g.refuseBuild(seat, m)
	case verbDiscard:
		return g.refuseCard(m.Kind, handCards(g.s.Players[seat].Hand), errNotInHand)
	case verbKeep:
		return g.refuseCard(m.Kind, g.s.Pending.Cards, errNotDrawn)
	case verbSwap:
		return g.refuseSwap(seat, m)
	case verbRelease:
		return g.refuseRelease(seat, m)
	case verbScore:
		return g.refuseScore(seat, m)
	case verbExtension, verbRepair, verbUse:
		return g.refuseCity(seat, m, legal)
	}
	return nil
}

func (g *Game) refuseBid(seat int, m move) error {
	s := g.s
	if _, _, done := s.bidOf(seat, m.Area); done {
		return errBidTwice(m.Area)
	}
	return errNotBehindScreen(s.Players[seat].Reserve)
}

func (g *Game) refuseTake(m move) error {
	s := g.s
	if s.Pending != nil {
		if m.Slot != none {
			return errTakeKind
		}
		return g.refuseCard(m.Kind, s.EquipDeck, errNotInDeck)
	}
	if m.Slot == none {
		return errTakeSlot
	}
	n := len(s.Display)
	if s.Phase == phaseBuild {
		n = len(s.BuildDisplay)
	}
	if m.Slot >= n {
		return errNoSlot(m.Slot, n)
	}
	return errSlotEmpty
}

func (g *Game) refuseBuild(seat int, m move) error {
	b := g.s.Pending.Card
	name := g.cs.Buildings[b].Name
	switch g.buildRule(seat, b, m.Space) {
	case buildNoExtension:
		return errNoExtension(m.Space)
	case buildHQOnly:
		return errHQOnly(name)
	case buildTowerOnly:
		return errTowerOnly(name)
	case buildUpgradeSpace:
		return errUpgradeSpace(name)
	case buildOverPrinted:
		return errOverPrinted(name, g.cs.Buildings[g.s.Players[seat].City[m.Space]].Name)
	case buildExcluded:
		return errExcluded(name, g.cs.Buildings[g.excluded(seat, b, m.Space)].Name)
	}
	return nil
}

// refuseCard explains why a card of kind is not among cards: an unknown
// kind, or missing (missing names where the seat looked).
func (g *Game) refuseCard(kind string, cards []int, missing func(games.Text) error) error {
	k, ok := g.cs.equipment[kind]
	if !ok {
		ids := make([]string, len(g.cs.Equipment))
		for i, e := range g.cs.Equipment {
			ids[i] = e.ID
		}
		return errNoKind(kind, ids)
	}
	if !slices.ContainsFunc(cards, func(c int) bool { return g.cs.cardKinds[c] == k }) {
		return missing(g.cs.Equipment[k].Name)
	}
	return nil
}

func (g *Game) refuseSwap(seat int, m move) error {
	if g.s.Bag[m.Colour] == 0 {
		return errBagHolds(m.Colour)
	}
	return errNoWorker(m.Where)
}

func (g *Game) refuseRelease(seat int, m move) error {
	p := g.s.Players[seat]
	if m.Crowd.Total() != p.Short {
		return errReleaseCount(p.Short)
	}
	return errNotYours(g.s.survivors(seat))
}

func (g *Game) refuseScore(seat int, m move) error {
	ids := make([]string, len(g.s.Players[seat].Private))
	for i, t := range g.s.Players[seat].Private {
		ids[i] = g.cs.ScoringTiles[t].ID
	}
	return errNotYourTile(m.Kind, ids)
}

// refuseCity explains a city action that is not legal: the Extension
// built, nothing to repair, no building or action there, an action used
// up or without effect, a colour missing or not wanted, or a payment that
// the free city survivors cannot make or that the action does not take.
func (g *Game) refuseCity(seat int, m move, legal []move) error {
	p := g.s.Players[seat]
	switch m.Verb {
	case verbExtension:
		if p.Extension {
			return errExtensionBuilt
		}
	case verbRepair:
		if p.Damage == 1 {
			return errNothingToRepair
		}
	case verbUse:
		if err := g.refuseUse(seat, m); err != nil {
			return err
		}
	}
	var ways []string
	for _, l := range legal {
		if k, ok := l.paymentOf(); ok && l.Verb == m.Verb && k == mustPayment(m) {
			ways = append(ways, l.Crowd.String())
		}
	}
	return errPayment(g.s.free(seat), ways)
}

// mustPayment is paymentOf for a move known to be a city action.
func mustPayment(m move) string {
	k, _ := m.paymentOf()
	return k
}

// refuseUse explains a building action that cannot be used, whatever the
// payment; nil if only the payment is wrong.
func (g *Game) refuseUse(seat int, m move) error {
	p := g.s.Players[seat]
	b := p.City[m.Space]
	if b == none {
		return errNoBuilding(m.Space)
	}
	bd := &g.cs.Buildings[b]
	if m.Action >= len(bd.Actions) {
		return errNoAction(bd.Name, m.Space, m.Action)
	}
	a := bd.Actions[m.Action]
	switch {
	case p.Uses[m.Space][m.Action] >= a.Uses:
		return errUsedUp(bd.Name, a.Uses)
	case !g.effectPossible(seat, a.Effect):
		return errNoEffect(bd.Name, effectText(a.Effect))
	case a.Effect.Kind == effTrain && m.Colour == none:
		return errTrainColour
	case a.Effect.Kind != effTrain && m.Colour != none:
		return errNoColour
	case m.Colour != none && g.s.Bag[m.Colour] == 0:
		return errBagHolds(m.Colour)
	}
	return nil
}
