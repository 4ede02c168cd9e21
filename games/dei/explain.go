package dei

import (
	"errors"
	"fmt"
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

// refuse is a refusal with its reason in English and German: en and de
// are formats of the same args, and an arg that is a games.Text gives each
// language its own words.
func refuse(en, de string, args ...any) *games.RuleError {
	in := func(lang games.Lang) []any {
		out := make([]any, len(args))
		for i, a := range args {
			if t, ok := a.(games.Text); ok {
				a = t.In(lang)
			}
			out[i] = a
		}
		return out
	}
	return &games.RuleError{Reason: games.T(fmt.Sprintf(en, in(games.English)...), fmt.Sprintf(de, in(games.German)...))}
}

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
		return refuse("There is no card %q. A move now looks like: %s.", "Es gibt keine Karte „%s“. Ein Zug sieht jetzt so aus: %s.", ne.Word, ex)
	case "area":
		return refuse("There is no area %q on this map. A move now looks like: %s.", "Auf diesem Spielplan gibt es kein Gebiet „%s“. Ein Zug sieht jetzt so aus: %s.", ne.Word, ex)
	case "mission":
		return refuse("There is no mission %q. A move now looks like: %s.", "Es gibt keinen Auftrag „%s“. Ein Zug sieht jetzt so aus: %s.", ne.Word, ex)
	}
	return refuse("%q is not a move of D.E.I. A move now looks like: %s.", "„%s“ ist kein Zug von D.E.I. Ein Zug sieht jetzt so aus: %s.", ne.Word, ex)
}

// example is the refusal when the rules give no better reason: a move of
// the same verb that is possible now, or any move.
func (g *Game) example(text, verb string, ms []mv) error {
	if ex, ok := sample(ms, verb); ok {
		return refuse("%q is not possible now; possible is, for example: %s.", "„%s“ ist gerade nicht möglich; möglich ist zum Beispiel: %s.", text, ex)
	}
	ex, _ := sample(ms, "")
	return refuse("%q is not possible now. A move now looks like: %s.", "„%s“ ist gerade nicht möglich. Ein Zug sieht jetzt so aus: %s.", text, ex)
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
		return refuse("Not possible in this phase: %s.", "In dieser Phase nicht möglich: %s.", st)
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
		return refuse("Your phase is over: choose a mission.", "Deine Phase ist vorbei: Wähle einen Auftrag.")
	case cur.Task != nil && !isDrone:
		return refuse("Finish the drone first (fly, land, then its power, or done).",
			"Beende zuerst die Drohne (fliegen, landen, dann ihre Fähigkeit oder done).")
	case cur.Buying && t.Verb != "buy":
		return refuse("You turned a card face down: buy a market card first.",
			"Du hast eine Karte verdeckt abgelegt: Kaufe zuerst eine Marktkarte.")
	case isDrone && cur.Task == nil:
		return refuse("No drone is active: activate one with a drone action first.",
			"Keine Drohne ist aktiv: Aktiviere zuerst eine mit einer Drohnen-Aktion.")
	case mission && !cur.Closing:
		return refuse("You fulfil a mission at the end of your third action phase.",
			"Einen Auftrag erfüllst du am Ende deiner 3. Aktionsphase.")
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
		return refuse("Not yet: play the cards of this action phase first.", "Noch nicht: Spiele zuerst die Karten dieser Aktionsphase.")
	case verbStep, verbBack:
		return refuse("That menu step is not offered now.", "Dieser Menüschritt wird gerade nicht angeboten.")
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
		return refuse("%s is taken.", "%s ist bereits vergeben.", f.Name)
	case "leader":
		if len(t.Areas) > 0 && !g.b.Areas[t.Areas[0]].Camp {
			return refuse("Your leader starts on a camp; %s is none.", "Dein Anführer beginnt auf einem Lager; %s ist keins.", g.areaID(t.Areas[0]))
		}
	case "plan":
		p := &g.s.Players[seat]
		for _, c := range t.Cards {
			if !slices.Contains(p.Hand, c) {
				n := g.cardName(c)
				return refuse("%s is not in your hand.", "%s ist nicht auf deiner Hand.", n)
			}
		}
		if len(t.Cards) != cardsPerPhase || t.Cards[0] == t.Cards[1] {
			return refuse("Plan two different cards of your hand.", "Plane zwei verschiedene Karten deiner Hand.")
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
		return refuse("You have played both cards of this action phase.", "Du hast beide Karten dieser Aktionsphase gespielt.")
	}
	if len(t.Cards) == 0 {
		return nil
	}
	n := g.cardName(t.Cards[0])
	if s.Options.Bool(OptPlanning) && !slices.Contains(p.Plan, t.Cards[0]) {
		return refuse("%s is not among your planned cards.", "%s ist keine deiner geplanten Karten.", n)
	}
	if !slices.Contains(p.Hand, t.Cards[0]) {
		return refuse("%s is not in your hand.", "%s ist nicht auf deiner Hand.", n)
	}
	if t.Verb != "down" {
		return nil
	}
	if slices.ContainsFunc(pad, func(pc padCard) bool { return pc.Down }) {
		return refuse("You already turned a card face down this action phase.", "Du hast in dieser Aktionsphase schon eine Karte verdeckt abgelegt.")
	}
	return refuse("You could pay for no card on display, and a card turned face down must be followed by a purchase.",
		"Du könntest keine ausliegende Karte bezahlen, und auf eine verdeckt abgelegte Karte muss ein Kauf folgen.")
}

// buyReason explains a refused purchase.
func (g *Game) buyReason(seat int, t typed) error {
	s := g.s
	p := &s.Players[seat]
	switch {
	case t.Verb == "parcel" && !g.hasFeat(seat, FeatParcelBot):
		return refuse("You have not earned the Parcel bot feat.", "Du hast das Abzeichen Paketbot nicht verdient.")
	case t.Verb == "parcel" && s.Cur.Parcel:
		return refuse("You already used the Parcel bot this action phase.", "Du hast den Paketbot in dieser Aktionsphase schon benutzt.")
	case t.Verb == "buy" && !s.Cur.Buying:
		return refuse("Turn a card face down first: a purchase follows it.", "Lege zuerst eine Karte verdeckt ab: Darauf folgt ein Kauf.")
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
				return refuse("%s needs %d %s outposts; you control %d.", "%s verlangt %d Außenposten (%s); du kontrollierst %d.",
					n, need, c, have)
			}
		}
		tech, energy, _ := g.price(&mv{Verb: t.Verb, Card: card, Market: mi, Slot: slot})
		cost, have := resPair(tech, energy), resPair(p.Tech, p.Energy)
		return refuse("%s costs %s; you have %s.", "%s kostet %s; du hast %s.", n, cost, have)
	}
	return refuse("%s is not on display in a market.", "%s liegt in keinem Markt aus.", n)
}

// candyReason explains a refused candy boost.
func (g *Game) candyReason(seat int, t typed) error {
	s := g.s
	p := &s.Players[seat]
	switch {
	case s.Cur.Open == none:
		return refuse("No card is open: a candy boost goes on the card you play.", "Keine Karte ist offen: Ein Candy Boost kommt an die Karte, die du spielst.")
	case p.Pad[s.Phase-1][s.Cur.Open].Candy != none:
		return refuse("A candy boost already lies on the open card.", "An der offenen Karte liegt schon ein Candy Boost.")
	case len(p.Candy) == 0:
		return refuse("You hold no candy boost.", "Du hast keinen Candy Boost.")
	case len(t.Words) > 0 && !slices.ContainsFunc(p.Candy, func(m int) bool { return g.c.candyKind[m] == t.Words[0] }):
		return refuse("You hold no candy boost %q.", "Du hast keinen Candy Boost „%s“.", t.Words[0])
	}
	return nil
}

// missionReason explains a refused mission.
func (g *Game) missionReason(seat int, t typed) error {
	p := &g.s.Players[seat]
	if t.Verb == "pass" {
		return refuse("Taking a mission is not optional here (option 5, rebellion, makes it so).",
			"Einen Auftrag zu erfüllen ist hier nicht freiwillig (erst Option 5, Rebellion, macht es so).")
	}
	if len(p.Marks) >= markersPerSeat {
		return refuse("You have no mission marker left.", "Du hast keinen Auftragsmarker mehr.")
	}
	if t.Mission == none {
		return nil
	}
	slot := slices.Index(g.s.Missions, t.Mission)
	name := g.c.Missions[t.Mission].Name
	if slot < 0 {
		return refuse("%s is not on the board.", "%s liegt nicht aus.", name)
	}
	if slices.ContainsFunc(p.Marks, func(k int) bool { return k/2 == slot/2 }) {
		return refuse("You already have a marker on a mission of round %d.", "Du hast schon einen Marker auf einem Auftrag der Runde %d.", slot/2+1)
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
		return refuse("You have not earned the %s feat.", "Du hast das Abzeichen %s nicht verdient.", f.Name)
	}
	if len(g.s.Cur.Actions) == 0 {
		return refuse("No action is left: play a card first.", "Keine Aktion übrig: Spiele zuerst eine Karte.")
	}
	if g.findAction(func(a action) bool {
		return a.Do == want.Do && (a.Colour == want.Colour || t.Verb == "snipe" || t.Verb == "prospect")
	}) == none && !(want.Colour == "" && want.Do != DoDeploy && g.raid(seat)) {
		n := actionText(want)
		return refuse("The open card has no %s action left.", "Die offene Karte hat keine Aktion „%s“ mehr.", n)
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
			return refuse("You do not hold the majority in %s.", "Du hast in %s nicht die Mehrheit.", id)
		}
		if t.Verb != "snipe" && t.Verb != "prospect" && st.Tech+st.Energy == 0 {
			return refuse("%s holds no tech or energy.", "In %s liegt weder Technologie noch Energie.", id)
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
		return refuse("You already have a camp in %s.", "Du hast schon ein Lager in %s.", g.areaID(a))
	case !g.present(seat, a) && !g.hasFeat(seat, FeatLandingPod):
		return refuse("You build a camp where you have a figure; you have none in %s.",
			"Ein Lager baust du, wo du eine Figur hast; in %s hast du keine.", g.areaID(a))
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
		return refuse("You would not hold the majority in %s even after deploying.", "Du hättest in %s auch nach dem Einrücken nicht die Mehrheit.", id)
	case slices.ContainsFunc(g.s.Players, func(p player) bool { return slices.Contains(p.Camps, a) }):
		return refuse("%s is another player's camp.", "%s ist das Lager eines anderen Spielers.", id)
	}
	return refuse("You deploy into a neutral camp or into your own camp; %s is neither.",
		"Du rückst in ein neutrales Lager oder in dein eigenes Lager ein; %s ist keins davon.", id)
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
		return refuse("You have no figure in %s.", "Du hast keine Figur in %s.", g.areaID(from))
	}
	edges := g.moveEdges(seat, from, colour)
	e := slices.IndexFunc(edges, func(e moveEdge) bool { return e.To == to })
	if e < 0 {
		return refuse("%s cannot be reached from %s with this move.", "%s ist von %s aus mit dieser Bewegung nicht erreichbar.",
			g.areaID(to), g.areaID(from))
	}
	if edges[e].AriaOnly && len(t.Words) > 2 && t.Words[2] != "l" {
		return refuse("Only your leader crosses from %s to %s, and alone.", "Von %s nach %s kommt nur dein Anführer, und nur allein.",
			g.areaID(from), g.areaID(to))
	}
	if len(t.Words) > 2 {
		if m := scrapperCount.FindStringSubmatch(t.Words[2]); m != nil {
			if n, err := strconv.Atoi(m[1]); err == nil && n > figs {
				sc := scrappers(figs)
				return refuse("You have only %s in %s.", "Du hast nur %s in %s.", sc, g.areaID(from))
			}
		}
	}
	if len(t.Words) > 2 && strings.Contains(t.Words[2], "c") && slices.Contains(g.s.Players[seat].Camps, to) {
		return refuse("You already have a camp in %s.", "Du hast schon ein Lager in %s.", g.areaID(to))
	}
	if colour != Red && g.othersIn(seat, to) {
		return refuse("Others have figures in %s: you may enter it only with a group that then holds the majority there.",
			"In %s stehen fremde Figuren: Du darfst nur mit einer Gruppe hinein, die dort dann die Mehrheit hat.", g.areaID(to))
	}
	return nil
}
