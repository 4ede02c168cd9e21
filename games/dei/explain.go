package dei

import (
	"errors"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/playbychat/pbc/games"
)

// Explain implements games.Explainer: the rules' own reason why text is
// not one of seat's legal moves now, from what seat may see; nil if it is
// one, or if seat has no move (the platform then says whose turn it is).
func (g *Game) Explain(seat games.Seat, text string) error {
	if g.s.Stage == stageOver {
		return games.ErrGameOver
	}
	want := games.NormalizeNotation(text)
	ms := g.cands(int(seat))
	if len(ms) == 0 || slices.ContainsFunc(ms, func(m mv) bool { return m.notation == want }) {
		return nil
	}
	t, err := g.parseNotation(want)
	var ne *notationError
	if errors.As(err, &ne) {
		return g.unreadable(ne, ms)
	}
	if reason := g.reason(int(seat), t); reason != nil {
		return reason
	}
	return g.example(want, t.Verb, ms)
}

// refuse is a refusal with its reason, a message of the catalogue.
func refuse(reason games.Text) *games.RuleError { return &games.RuleError{Reason: reason} }

// quote is what a player typed, quoted as each language quotes: "x" in
// English (Go's quoting, which shows stray control characters), „x“ in
// German.
func quote(typed string) games.Text { return games.T(strconv.Quote(typed), "„"+typed+"“") }

// sample is the notation of one of the moves ms (of verb, if given) that
// a player would pick from the menu: a public move shown as a button at the
// menu's top level if there is one, so that a refusal repeated where
// others read it reveals nothing hidden.
func sample(ms []mv, verb string) (string, bool) {
	prefs := []func(m *mv) bool{
		func(m *mv) bool { return m.primary && !m.private },
		func(m *mv) bool { return !m.private },
		func(*mv) bool { return true },
	}
	for _, ok := range prefs {
		for i := range ms {
			m := &ms[i]
			if (verb == "" || m.Verb == verb) && ok(m) {
				return m.notation, true
			}
		}
	}
	return "", false
}

// unreadable is the refusal of text the notation cannot read, with what a
// move looks like now.
func (g *Game) unreadable(ne *notationError, ms []mv) error {
	ex, _ := sample(ms, "")
	switch ne.What {
	case "card":
		return refuse(msgs.Text("NoSuchCard", quote(ne.Word), ex))
	case "area":
		return refuse(msgs.Text("NoSuchArea", quote(ne.Word), ex))
	case "mission":
		return refuse(msgs.Text("NoSuchMission", quote(ne.Word), ex))
	}
	return refuse(msgs.Text("NotAMove", quote(ne.Word), ex))
}

// example is the refusal when the rules give no better reason: a move of
// the same verb that is possible now, or any move.
func (g *Game) example(text, verb string, ms []mv) error {
	if ex, ok := sample(ms, verb); ok {
		return refuse(msgs.Text("NotPossibleFor", quote(text), ex))
	}
	ex, _ := sample(ms, "")
	return refuse(msgs.Text("NotPossibleNow", quote(text), ex))
}

// verbStages lists the stages in which a verb may be played.
func verbStages(verb string) []stage {
	switch verb {
	case "faction":
		return []stage{stageFaction}
	case "leader":
		return []stage{stagePlace}
	case "draft":
		return []stage{stageDraft}
	case "plan":
		return []stage{stagePlan}
	case "mission", "pass":
		return []stage{stageMissions, stageAct}
	}
	return []stage{stageAct}
}

// droneVerbs are the verbs of a drone activation in progress.
var droneVerbs = []string{"fly", "land", "kill", "harvest", "drop", "tele", "done"}

// reason is the rule that typed text t breaks for seat, or nil if the
// rules give no more precise reason than an example.
func (g *Game) reason(seat int, t typed) error {
	s := g.s
	if !slices.Contains(verbStages(t.Verb), s.Stage) {
		st := s.Stage.name()
		return refuse(msgs.Text("NotInThisPhase", st))
	}
	switch s.Stage {
	case stageMissions:
		return g.missionReason(seat, t)
	case stageAct:
	default:
		return g.setupReason(seat, t)
	}
	cur := s.Cur
	isDrone := slices.Contains(droneVerbs, t.Verb)
	mission := t.Verb == "mission" || t.Verb == "pass"
	switch {
	case cur.Closing && !mission:
		return refuse(msgs.Text("PhaseOverMission"))
	case cur.Task != nil && !isDrone:
		return refuse(msgs.Text("FinishDroneFirst"))
	case cur.Buying && t.Verb != "buy":
		return refuse(msgs.Text("BuyFirst"))
	case isDrone && cur.Task == nil:
		return refuse(msgs.Text("NoDroneActive"))
	case mission && !cur.Closing:
		return refuse(msgs.Text("MissionAtEnd"))
	}
	switch t.Verb {
	case "play", "down":
		return g.cardReason(seat, t)
	case "buy", "parcel":
		return g.buyReason(seat, t)
	case "candy":
		return g.candyReason(seat, t)
	case "mission", "pass":
		return g.missionReason(seat, t)
	case "end":
		return refuse(msgs.Text("PlayCardsFirst"))
	case verbStep, verbBack:
		return refuse(msgs.Text("StepNotOffered"))
	}
	return g.actionReason(seat, t)
}

// setupReason explains a refused faction, leader, draft or plan choice.
func (g *Game) setupReason(seat int, t typed) error {
	switch t.Verb {
	case "faction":
		if len(t.Words) == 0 || g.c.faction(t.Words[0]) == nil {
			return nil
		}
		f := g.c.faction(t.Words[0])
		return refuse(msgs.Text("FactionTaken", f.Name))
	case "leader":
		if len(t.Areas) > 0 && !g.b.Areas[t.Areas[0]].Camp {
			return refuse(msgs.Text("LeaderOnCamp", g.areaID(t.Areas[0])))
		}
	case "plan":
		p := &g.s.Players[seat]
		for _, c := range t.Cards {
			if !slices.Contains(p.Hand, c) {
				n := g.cardName(c)
				return refuse(msgs.Text("NotInHand", n))
			}
		}
		if len(t.Cards) != cardsPerPhase || t.Cards[0] == t.Cards[1] {
			return refuse(msgs.Text("PlanTwoDifferent"))
		}
	}
	return nil
}

// cardReason explains a refused play or down.
func (g *Game) cardReason(seat int, t typed) error {
	s := g.s
	p := &s.Players[seat]
	pad := p.Pad[s.Phase-1]
	if len(pad) >= cardsPerPhase {
		return refuse(msgs.Text("BothCardsPlayed"))
	}
	if len(t.Cards) == 0 {
		return nil
	}
	n := g.cardName(t.Cards[0])
	if s.Options.Bool(OptPlanning) && !slices.Contains(p.Plan, t.Cards[0]) {
		return refuse(msgs.Text("NotPlanned", n))
	}
	if !slices.Contains(p.Hand, t.Cards[0]) {
		return refuse(msgs.Text("NotInHand", n))
	}
	if t.Verb != "down" {
		return nil
	}
	if slices.ContainsFunc(pad, func(pc padCard) bool { return pc.Down }) {
		return refuse(msgs.Text("AlreadyDown"))
	}
	return refuse(msgs.Text("CannotPayAny"))
}

// buyReason explains a refused purchase.
func (g *Game) buyReason(seat int, t typed) error {
	s := g.s
	p := &s.Players[seat]
	switch {
	case t.Verb == "parcel" && !g.hasFeat(seat, FeatParcelBot):
		return refuse(msgs.Text("NoParcelBot"))
	case t.Verb == "parcel" && s.Cur.Parcel:
		return refuse(msgs.Text("ParcelUsed"))
	case t.Verb == "buy" && !s.Cur.Buying:
		return refuse(msgs.Text("TurnDownFirst"))
	case len(t.Cards) == 0:
		return nil
	}
	card := t.Cards[0]
	n := g.cardName(card)
	for mi, mk := range s.Markets {
		slot := slices.Index(mk.Slots, card)
		if slot < 0 {
			continue
		}
		market := &g.c.Markets[mi]
		if market.Colour != "" {
			if have, need := g.cubes(seat, market.Colour), market.Requires[slot]; have < need {
				c := colourName(market.Colour)
				return refuse(msgs.Text("NeedsOutposts", n, need, c, have))
			}
		}
		tech, energy, _ := g.price(&mv{Verb: t.Verb, Card: card, Market: mi, Slot: slot})
		cost, have := resPair(tech, energy), resPair(p.Tech, p.Energy)
		return refuse(msgs.Text("CostsTooMuch", n, cost, have))
	}
	return refuse(msgs.Text("NotOnDisplay", n))
}

// candyReason explains a refused candy boost.
func (g *Game) candyReason(seat int, t typed) error {
	s := g.s
	p := &s.Players[seat]
	switch {
	case s.Cur.Open == none:
		return refuse(msgs.Text("NoOpenCard"))
	case p.Pad[s.Phase-1][s.Cur.Open].Candy != none:
		return refuse(msgs.Text("CandyAlreadyLies"))
	case len(p.Candy) == 0:
		return refuse(msgs.Text("NoCandy"))
	case len(t.Words) > 0 && !slices.ContainsFunc(p.Candy, func(m int) bool { return g.c.candyKind[m] == t.Words[0] }):
		return refuse(msgs.Text("NoSuchCandy", quote(t.Words[0])))
	}
	return nil
}

// missionReason explains a refused mission.
func (g *Game) missionReason(seat int, t typed) error {
	p := &g.s.Players[seat]
	if t.Verb == "pass" {
		return refuse(msgs.Text("MissionNotOptional"))
	}
	if len(p.Marks) >= markersPerSeat {
		return refuse(msgs.Text("NoMarkerLeft"))
	}
	if t.Mission == none {
		return nil
	}
	slot := slices.Index(g.s.Missions, t.Mission)
	name := g.c.Missions[t.Mission].Name
	if slot < 0 {
		return refuse(msgs.Text("MissionNotOnBoard", name))
	}
	if slices.ContainsFunc(p.Marks, func(k int) bool { return k/2 == slot/2 }) {
		return refuse(msgs.Text("MarkerInRound", slot/2+1))
	}
	return nil
}

// verbFeats maps the verbs that need a feat to its key.
var verbFeats = map[string]string{"snipe": FeatSniper, "prospect": FeatProspector}

// actionReason explains a refused move that uses an action of the open
// card.
func (g *Game) actionReason(seat int, t typed) error {
	want, ok := verbActions[t.Verb]
	if !ok {
		return nil
	}
	if key, ok := verbFeats[t.Verb]; ok && !g.hasFeat(seat, key) {
		f := &g.c.Feats[g.c.featIdx[key]]
		return refuse(msgs.Text("FeatNotEarned", f.Name))
	}
	if len(g.s.Cur.Actions) == 0 {
		return refuse(msgs.Text("NoActionLeft"))
	}
	if g.findAction(func(a action) bool {
		return a.Do == want.Do && (a.Colour == want.Colour || t.Verb == "snipe" || t.Verb == "prospect")
	}) == none && !(want.Colour == "" && want.Do != DoDeploy && g.raid(seat)) {
		n := actionText(want)
		return refuse(msgs.Text("NoSuchActionLeft", n))
	}
	if len(t.Areas) == 0 {
		return nil
	}
	a := t.Areas[0]
	id := g.areaID(a)
	switch want.Do {
	case DoCollect:
		st := g.s.Areas[a]
		if t.Verb != "snipe" && t.Verb != "prospect" && g.holder(a) != seat {
			return refuse(msgs.Text("NoMajority", id))
		}
		if t.Verb != "snipe" && t.Verb != "prospect" && st.Tech+st.Energy == 0 {
			return refuse(msgs.Text("AreaEmpty", id))
		}
	case DoMove:
		return g.moveReason(seat, t, want.Colour)
	case DoDeploy:
		return g.deployReason(seat, a, want.Colour)
	case DoBuild:
		return g.campReason(seat, t)
	}
	return nil
}

// campReason explains a refused camp.
func (g *Game) campReason(seat int, t typed) error {
	if len(t.Words) == 0 || t.Words[0] != Camp {
		return nil
	}
	a := t.Areas[0]
	switch {
	case slices.Contains(g.s.Players[seat].Camps, a):
		return refuse(msgs.Text("CampThere", g.areaID(a)))
	case !g.present(seat, a) && !g.hasFeat(seat, FeatLandingPod):
		return refuse(msgs.Text("CampNeedsFigure", g.areaID(a)))
	}
	return nil
}

// deployReason explains a refused deploy into area a.
func (g *Game) deployReason(seat, a int, colour string) error {
	id := g.areaID(a)
	switch {
	case g.b.Areas[a].Camp || (colour == Red && g.present(seat, a)):
		return nil
	case slices.Contains(g.s.Players[seat].Camps, a):
		return refuse(msgs.Text("NoMajorityAfterDeploy", id))
	case slices.ContainsFunc(g.s.Players, func(p player) bool { return slices.Contains(p.Camps, a) }):
		return refuse(msgs.Text("OthersCamp", id))
	}
	return refuse(msgs.Text("DeployWhere", id))
}

// scrapperCount reads the scrappers of a moving group ("2+l" is 2).
var scrapperCount = regexp.MustCompile(`^(\d+)(\+|$)`)

// moveReason explains a refused move of figures.
func (g *Game) moveReason(seat int, t typed, colour string) error {
	if len(t.Areas) < 2 {
		return nil
	}
	from, to := t.Areas[0], t.Areas[1]
	figs := g.s.Areas[from].Figs[seat]
	if figs == 0 && g.s.Players[seat].Leader != from {
		return refuse(msgs.Text("NoFigureIn", g.areaID(from)))
	}
	edges := g.moveEdges(seat, from, colour)
	e := slices.IndexFunc(edges, func(e moveEdge) bool { return e.To == to })
	if e < 0 {
		return refuse(msgs.Text("Unreachable", g.areaID(to), g.areaID(from)))
	}
	if edges[e].AriaOnly && len(t.Words) > 2 && t.Words[2] != "l" {
		return refuse(msgs.Text("LeaderOnly", g.areaID(from), g.areaID(to)))
	}
	if len(t.Words) > 2 {
		if m := scrapperCount.FindStringSubmatch(t.Words[2]); m != nil {
			if n, err := strconv.Atoi(m[1]); err == nil && n > figs {
				sc := scrappers(figs)
				return refuse(msgs.Text("OnlyHave", sc, g.areaID(from)))
			}
		}
	}
	if len(t.Words) > 2 && strings.Contains(t.Words[2], "c") && slices.Contains(g.s.Players[seat].Camps, to) {
		return refuse(msgs.Text("CampThere", g.areaID(to)))
	}
	if colour != Red && g.othersIn(seat, to) {
		return refuse(msgs.Text("OthersThere", g.areaID(to)))
	}
	return nil
}
