package armageddon

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/playbychat/pbc/games"
)

// Move verbs.
const (
	verbBid       = "bid"       // bid <area> <crowd>
	verbTake      = "take"      // take <slot> (explore, build) | take <kind> (search)
	verbBuild     = "build"     // build <space> | build box
	verbDiscard   = "discard"   // discard <kind>
	verbSwap      = "swap"      // swap <screen|bid|city> <b|y>
	verbKeep      = "keep"      // keep <kind>
	verbRelease   = "release"   // release <crowd>
	verbScore     = "score"     // score <scoring tile id>
	verbExtension = "extension" // extension <crowd>
	verbRepair    = "repair"    // repair <crowd>
	verbUse       = "use"       // use <space><a|b> <crowd> [b|y]
	verbDone      = "done"
)

// Swap places.
const (
	swapScreen = "screen"
	swapBid    = "bid"
	swapCity   = "city"
)

// move is a parsed notation. Parsing never decides legality.
type move struct {
	Verb   string
	Area   int    // bid
	Crowd  Crowd  // bid, release, payments
	Slot   int    // take: display slot (0-based), none for a kind
	Space  int    // build, use: city space (0-based), none for "build box"
	Action int    // use: 0 or 1
	Kind   string // equipment kind or scoring tile id
	Where  string // swap place
	Colour int    // swap and train: blue or yellow; none
}

func newMove(verb string) move {
	return move{Verb: verb, Slot: none, Space: none, Colour: none}
}

// notation is the canonical text of a move.
func (m move) notation() string {
	switch m.Verb {
	case verbBid:
		return verbBid + " " + areaKeys[m.Area] + " " + m.Crowd.String()
	case verbTake:
		if m.Slot != none {
			return verbTake + " " + strconv.Itoa(m.Slot+1)
		}
		return verbTake + " " + m.Kind
	case verbBuild:
		if m.Space == none {
			return verbBuild + " box"
		}
		return verbBuild + " " + strconv.Itoa(m.Space+1)
	case verbDiscard, verbKeep, verbScore:
		return m.Verb + " " + m.Kind
	case verbSwap:
		return verbSwap + " " + m.Where + " " + colourLetters[m.Colour:m.Colour+1]
	case verbRelease, verbExtension, verbRepair:
		return m.Verb + " " + m.Crowd.String()
	case verbUse:
		n := fmt.Sprintf("%s %d%c %s", verbUse, m.Space+1, 'a'+m.Action, m.Crowd)
		if m.Colour != none {
			n += " " + colourLetters[m.Colour:m.Colour+1]
		}
		return n
	}
	return m.Verb
}

// role is what m does for the flow of the game: "done" ends a city turn,
// "build box" declines the building taken; every other move acts.
func (m move) role() games.Role {
	switch {
	case m.Verb == verbDone:
		return games.RoleEndTurn
	case m.Verb == verbBuild && m.Space == none:
		return games.RolePass
	}
	return games.RoleAction
}

// parseCrowd reads "g2,b1" or "0".
func parseCrowd(s string) (Crowd, bool) {
	var c Crowd
	if s == "0" {
		return c, true
	}
	for _, part := range strings.Split(s, ",") {
		if len(part) < 2 {
			return c, false
		}
		i := strings.IndexByte(colourLetters, part[0])
		n, err := strconv.Atoi(part[1:])
		if i < 0 || err != nil || n < 1 || n > 99 || c[i] != 0 {
			return c, false
		}
		c[i] = n
	}
	return c, true
}

func parseColour(s string) (int, bool) {
	if s == "b" {
		return blue, true
	}
	if s == "y" {
		return yellow, true
	}
	return none, false
}

// parseMove reads a notation such as "bid city g2,p1"; false if text is
// none.
func parseMove(text string) (move, bool) {
	f := strings.Fields(games.NormalizeNotation(text))
	if len(f) == 0 {
		return move{}, false
	}
	m := newMove(f[0])
	parse, ok := argParsers[m.Verb]
	if !ok || !parse(&m, f[1:]) {
		return move{}, false
	}
	return m, true
}

// argParsers read the arguments of each verb into a move; false if they
// do not fit.
var argParsers = map[string]func(m *move, args []string) bool{
	verbDone:      func(_ *move, args []string) bool { return len(args) == 0 },
	verbBid:       parseBid,
	verbTake:      parseTake,
	verbBuild:     parseBuild,
	verbDiscard:   parseKind,
	verbKeep:      parseKind,
	verbScore:     parseKind,
	verbSwap:      parseSwap,
	verbRelease:   parseCrowdArg,
	verbExtension: parseCrowdArg,
	verbRepair:    parseCrowdArg,
	verbUse:       parseUse,
}

// parseBid reads "<area> <crowd>".
func parseBid(m *move, args []string) bool {
	if len(args) != 2 {
		return false
	}
	m.Area = slices.Index(areaKeys[:], args[0])
	c, ok := parseCrowd(args[1])
	m.Crowd = c
	return ok && m.Area >= 0
}

// parseTake reads a display slot ("2") or a kind of card ("beer").
func parseTake(m *move, args []string) bool {
	if len(args) != 1 {
		return false
	}
	if n, err := strconv.Atoi(args[0]); err == nil {
		m.Slot = n - 1
		return n >= 1
	}
	m.Kind = args[0]
	return true
}

// parseBuild reads a city space ("3") or "box".
func parseBuild(m *move, args []string) bool {
	if len(args) != 1 {
		return false
	}
	if args[0] == "box" {
		return true
	}
	n, err := strconv.Atoi(args[0])
	if err != nil || n < 1 || n > citySpaces {
		return false
	}
	m.Space = n - 1
	return true
}

// parseKind reads a kind of card or a scoring tile id.
func parseKind(m *move, args []string) bool {
	if len(args) != 1 {
		return false
	}
	m.Kind = args[0]
	return true
}

// parseSwap reads "<screen|bid|city> <b|y>".
func parseSwap(m *move, args []string) bool {
	if len(args) != 2 || (args[0] != swapScreen && args[0] != swapBid && args[0] != swapCity) {
		return false
	}
	m.Where = args[0]
	c, ok := parseColour(args[1])
	m.Colour = c
	return ok
}

// parseCrowdArg reads "<crowd>".
func parseCrowdArg(m *move, args []string) bool {
	if len(args) != 1 {
		return false
	}
	c, ok := parseCrowd(args[0])
	m.Crowd = c
	return ok
}

// parseUse reads "<space><a|b> <crowd> [b|y]".
func parseUse(m *move, args []string) bool {
	if len(args) != 2 && len(args) != 3 {
		return false
	}
	ref := args[0]
	n, err := strconv.Atoi(ref[:max(0, len(ref)-1)])
	act := ref[len(ref)-1]
	if err != nil || n < 1 || n > citySpaces || (act != 'a' && act != 'b') {
		return false
	}
	m.Space, m.Action = n-1, int(act-'a')
	c, ok := parseCrowd(args[1])
	m.Crowd = c
	if ok && len(args) == 3 {
		m.Colour, ok = parseColour(args[2])
	}
	return ok
}

// moves lists seat's legal moves now, in a stable order.
func (g *Game) moves(seat int) []move {
	s := g.s
	if s.Phase == phaseOver {
		return nil
	}
	if p := s.Pending; p != nil {
		if p.Seat != seat {
			return nil
		}
		switch p.Kind {
		case pendPlace:
			return g.placeMoves(seat, p.Card)
		case pendDiscard, pendSearchBox:
			return g.kindMoves(verbDiscard, handCards(s.Players[seat].Hand))
		case pendSwap:
			return g.swapMoves(seat)
		case pendKeep:
			return g.kindMoves(verbKeep, p.Cards)
		case pendSearchTake:
			return g.kindMoves(verbTake, s.EquipDeck)
		}
		return nil
	}
	switch s.Phase {
	case phaseBid:
		if g.bidder() == seat {
			return g.bidMoves(seat)
		}
	case phaseExplore, phaseBuild:
		if s.Step < len(s.Order) && s.Order[s.Step] == seat {
			return g.takeMoves()
		}
	case phaseCity:
		if s.Step < len(s.Order) && s.Order[s.Step] == seat {
			return g.cityMoves(seat)
		}
	case phaseShelter:
		if n := s.Players[seat].Short; n > 0 {
			var out []move
			for _, c := range subCrowds(s.survivors(seat), n) {
				m := newMove(verbRelease)
				m.Crowd = c
				out = append(out, m)
			}
			return out
		}
	case phaseFinal:
		if s.Players[seat].Chosen == none {
			var out []move
			for _, t := range s.Players[seat].Private {
				m := newMove(verbScore)
				m.Kind = g.cs.ScoringTiles[t].ID
				out = append(out, m)
			}
			return out
		}
	}
	return nil
}

func handCards(hand []handCard) []int {
	out := make([]int, len(hand))
	for i, h := range hand {
		out[i] = h.Card
	}
	return out
}

// kindMoves is one move per kind of equipment among cards, in the card
// set's order of kinds.
func (g *Game) kindMoves(verb string, cards []int) []move {
	have := make([]bool, len(g.cs.Equipment))
	for _, c := range cards {
		have[g.cs.cardKinds[c]] = true
	}
	var out []move
	for k, e := range g.cs.Equipment {
		if have[k] {
			m := newMove(verb)
			m.Kind = e.ID
			out = append(out, m)
		}
	}
	return out
}

// bidMoves lists every bid seat may place: an open area and any survivors
// from behind the screen, none included.
func (g *Game) bidMoves(seat int) []move {
	s := g.s
	var out []move
	subs := subCrowds(s.Players[seat].Reserve, -1)
	for a := range areas {
		if _, _, done := s.bidOf(seat, a); done {
			continue
		}
		for _, c := range subs {
			m := newMove(verbBid)
			m.Area, m.Crowd = a, c
			out = append(out, m)
		}
	}
	return out
}

// subCrowds lists the crowds within c, in a stable order; total >= 0 keeps
// only those of that size.
func subCrowds(c Crowd, total int) []Crowd {
	out := []Crowd{{}}
	for col := range c {
		var next []Crowd
		for _, base := range out {
			for n := 0; n <= c[col]; n++ {
				x := base
				x[col] = n
				next = append(next, x)
			}
		}
		out = next
	}
	if total >= 0 {
		out = slices.DeleteFunc(out, func(x Crowd) bool { return x.Total() != total })
	}
	slices.SortStableFunc(out, func(a, b Crowd) int { return a.Total() - b.Total() })
	return out
}

// takeMoves are the picks of the current display.
func (g *Game) takeMoves() []move {
	var out []move
	add := func(i int) {
		m := newMove(verbTake)
		m.Slot = i
		out = append(out, m)
	}
	if g.s.Phase == phaseExplore {
		for i, d := range g.s.Display {
			if d.Card != none {
				add(i)
			}
		}
	} else {
		for i, d := range g.s.BuildDisplay {
			if d.Card != none {
				add(i)
			}
		}
	}
	return out
}

// placeMoves are the spaces where seat may build building card b, and
// boxing it.
func (g *Game) placeMoves(seat, b int) []move {
	var out []move
	for sp := range citySpaces {
		if g.canBuild(seat, b, sp) {
			m := newMove(verbBuild)
			m.Space = sp
			out = append(out, m)
		}
	}
	return append(out, newMove(verbBuild))
}

// canBuild reports whether building b may go on space sp of seat's city.
func (g *Game) canBuild(seat, b, sp int) bool { return g.buildRule(seat, b, sp) == buildOK }

// The rules of where a building may go, as buildRule names the one broken.
const (
	buildOK           = iota
	buildNoExtension  // the last space before the Extension is built
	buildHQOnly       // a Headquarters upgrade goes only on space 1
	buildTowerOnly    // a Watchtower upgrade goes only on space 2 or over a Tower Site
	buildUpgradeSpace // spaces 1 and 2 take only the upgrades
	buildOverPrinted  // nothing but an upgrade goes over the Headquarters or a Watchtower
	buildExcluded     // two buildings that never stand together
)

// buildRule is the rule that keeps building b off space sp of seat's
// city, or buildOK.
func (g *Game) buildRule(seat, b, sp int) int {
	cs := g.cs
	p := g.s.Players[seat]
	bd := &cs.Buildings[b]
	cur := p.City[sp]
	if sp == citySpaces-1 && !p.Extension {
		return buildNoExtension
	}
	var under *Building
	if cur != none {
		under = &cs.Buildings[cur]
	}
	switch bd.Upgrade {
	case printedHQ:
		if sp != 0 {
			return buildHQOnly
		}
	case printedWatchtower:
		if sp == 0 || (sp != 1 && !towerSite(under)) {
			return buildTowerOnly
		}
	default:
		if sp < 2 {
			return buildUpgradeSpace
		}
		if under != nil && (under.Type == typeHQ || under.Upgrade == printedWatchtower || under.Printed == printedWatchtower) {
			return buildOverPrinted
		}
	}
	if g.excluded(seat, b, sp) != none {
		return buildExcluded
	}
	return buildOK
}

// towerSite reports whether a Watchtower upgrade may go over under beyond
// space 2: over a Tower Site or a Watchtower built on one.
func towerSite(under *Building) bool {
	if under == nil {
		return false
	}
	_, site := under.passive(passTowerSite)
	return site || under.Upgrade == printedWatchtower
}

// excluded is a building of seat's city, off space sp, that never stands
// together with building b; none if there is none.
func (g *Game) excluded(seat, b, sp int) int {
	cs := g.cs
	for i, other := range g.s.Players[seat].City {
		if i != sp && other != none && slices.Contains(cs.Buildings[b].Excludes, cs.Buildings[other].ID) {
			return other
		}
	}
	return none
}

// swapMoves are the Swap tile's choices: a worker from behind the screen,
// from a bid or from the city for a soldier or engineer of the bag. The
// tile swaps whenever it can (manual, building tiles: "Der Spieler nimmt
// einen seiner Arbeiter ..."); with no choice nothing happens.
func (g *Game) swapMoves(seat int) []move {
	s := g.s
	var out []move
	places := []string{}
	if s.Players[seat].Reserve[green] > 0 {
		places = append(places, swapScreen)
	}
	if g.swapBid(seat) >= 0 {
		places = append(places, swapBid)
	}
	if b, _, ok := s.bidOf(seat, areaCity); ok && b.Survivors.Sub(s.Players[seat].Used)[green] > 0 {
		places = append(places, swapCity)
	}
	for _, w := range places {
		for _, c := range []int{blue, yellow} {
			if s.Bag[c] > 0 {
				m := newMove(verbSwap)
				m.Where, m.Colour = w, c
				out = append(out, m)
			}
		}
	}
	return out
}

// swapBid is the area of seat's Explore or Build bid holding a worker, or
// none.
func (g *Game) swapBid(seat int) int {
	for _, a := range []int{areaExplore, areaBuild} {
		if b, _, ok := g.s.bidOf(seat, a); ok && b.Survivors[green] > 0 {
			return a
		}
	}
	return none
}

// cityMoves are seat's city actions with every way to pay them, and done.
func (g *Game) cityMoves(seat int) []move {
	s := g.s
	p := s.Players[seat]
	free := s.free(seat)
	wild := g.workersWild(seat)
	var out []move
	if !p.Extension {
		for _, c := range sortPayments(subCrowds(free, 2)) {
			m := newMove(verbExtension)
			m.Crowd = c
			out = append(out, m)
		}
	}
	if p.Damage > 1 {
		for _, c := range sortPayments(repairPayments(free, wild)) {
			m := newMove(verbRepair)
			m.Crowd = c
			out = append(out, m)
		}
	}
	for sp, b := range p.City {
		if b == none {
			continue
		}
		for ai, a := range g.cs.Buildings[b].Actions {
			if p.Uses[sp][ai] >= a.Uses || !g.effectPossible(seat, a.Effect) {
				continue
			}
			for _, c := range sortPayments(payments(a.Cost, free, wild)) {
				m := newMove(verbUse)
				m.Space, m.Action, m.Crowd = sp, ai, c
				if a.Effect.Kind != effTrain {
					out = append(out, m)
					continue
				}
				for _, col := range []int{blue, yellow} {
					if s.Bag[col] > 0 {
						m.Colour = col
						out = append(out, m)
					}
				}
			}
		}
	}
	return append(out, newMove(verbDone))
}

// workersWild reports whether seat's workers also count as soldiers and
// engineers (Training Center).
func (g *Game) workersWild(seat int) bool {
	_, ok := g.cityPassive(seat, passWorkersWild)
	return ok
}

// effectPossible reports whether an action's effect would do anything.
func (g *Game) effectPossible(seat int, e Effect) bool {
	s := g.s
	p := s.Players[seat]
	switch e.Kind {
	case effFight, effRetreat:
		return p.Plunderer > 1
	case effRepair:
		return p.Damage > 1
	case effDraw, effDrawKeep:
		return len(s.EquipDeck) > 0
	case effSearch:
		return len(s.EquipDeck) > 0 && len(p.Hand) > 0
	case effTrain:
		return s.Bag[blue]+s.Bag[yellow] > 0
	case effRecruit:
		return s.Bag.Total() > 0
	}
	return true
}

// accepts lists the colours that may pay requirement req; leaders are
// wild, and with wild workers a worker pays for a soldier or engineer.
func accepts(req string, wild bool) []int {
	switch req {
	case "g":
		return []int{green, purple}
	case "b", "y", costSoldierOrEngin:
		var out []int
		if wild {
			out = append(out, green)
		}
		if req != "y" {
			out = append(out, blue)
		}
		if req != "b" {
			out = append(out, yellow)
		}
		return append(out, purple)
	}
	return []int{green, blue, yellow, purple}
}

// payments lists the different crowds from free that pay cost.
func payments(cost []string, free Crowd, wild bool) []Crowd {
	var out []Crowd
	var walk func(i int, paid Crowd)
	walk = func(i int, paid Crowd) {
		if i == len(cost) {
			if !slices.Contains(out, paid) {
				out = append(out, paid)
			}
			return
		}
		for _, c := range accepts(cost[i], wild) {
			if paid[c] < free[c] {
				next := paid
				next[c]++
				walk(i+1, next)
			}
		}
	}
	walk(0, Crowd{})
	return out
}

// repairPayments are the ways to repair one field: an engineer (or a
// leader, or with wild workers a worker) alone, or two workers.
func repairPayments(free Crowd, wild bool) []Crowd {
	var out []Crowd
	single := []int{yellow, purple}
	if wild {
		single = []int{green, yellow, purple}
	}
	for _, c := range single {
		if free[c] > 0 {
			var x Crowd
			x[c] = 1
			out = append(out, x)
		}
	}
	if !wild && free[green] >= 2 {
		var x Crowd
		x[green] = 2
		out = append(out, x)
	}
	return out
}

// LegalMoves implements games.Game.
func (g *Game) LegalMoves(seat games.Seat) []games.Move {
	if int(seat) < 0 || int(seat) >= g.s.Seats {
		return nil
	}
	ms := g.moves(int(seat))
	out := make([]games.Move, len(ms))
	paid := map[string]bool{}
	for i, m := range ms {
		out[i] = g.describeMove(int(seat), m)
		// Of the ways to pay one city action the cheapest is a button,
		// the others go to the menu: a city of eight buildings then
		// still fits its buttons, "done" among them.
		if k, ok := m.paymentOf(); ok {
			out[i].Primary = out[i].Primary && !paid[k]
			paid[k] = true
		}
	}
	return out
}

// paymentOf names the city action a move pays, the same for every way to
// pay it; false for other moves.
func (m move) paymentOf() (string, bool) {
	switch m.Verb {
	case verbExtension, verbRepair:
		return m.Verb, true
	case verbUse:
		return fmt.Sprintf("%d%c%d", m.Space, 'a'+m.Action, m.Colour), true
	}
	return "", false
}

// payWorth orders payments cheapest first: workers, then soldiers and
// engineers, then leaders, who pay for anything.
var payWorth = [colours]int{0, 1, 2, 2, 3}

func sortPayments(cs []Crowd) []Crowd {
	cost := func(c Crowd) int {
		n := 0
		for col, k := range c {
			n += payWorth[col] * k
		}
		return n
	}
	slices.SortStableFunc(cs, func(a, b Crowd) int { return cost(a) - cost(b) })
	return cs
}

// Picks implements games.Picker: a bid's survivors and the survivors
// released for want of shelter are chosen as one menu of counts per
// colour ("2 workers", "1 soldier"). Its notations are exactly those of
// the bid and release moves.
func (g *Game) Picks(seat games.Seat) []games.Pick {
	s := g.s
	st := int(seat)
	if st < 0 || st >= s.Seats || s.Pending != nil {
		return nil
	}
	switch {
	case s.Phase == phaseBid && g.bidder() == st:
		items := countItems(s.Players[st].Reserve)
		if len(items) == 0 {
			return nil
		}
		var out []games.Pick
		for a := range areas {
			if _, _, done := s.bidOf(st, a); done {
				continue
			}
			out = append(out, games.Pick{
				Prefix: verbBid + " " + areaKeys[a], Label: pickBidLabel(a), Items: items,
				Min: 1, Max: colourCount(s.Players[st].Reserve), Private: !s.Open, Rule: pickCountsRule,
			})
		}
		return out
	case s.Phase == phaseShelter && s.Players[st].Short > 0:
		have := s.survivors(st)
		return []games.Pick{{
			Prefix: verbRelease, Label: pickReleaseLabel(s.Players[st].Short), Items: countItems(have),
			Min: 1, Max: colourCount(have), Private: !s.Open, Rule: pickReleaseRule(s.Players[st].Short),
		}}
	}
	return nil
}

// pickItems is the most items a pick offers: a Discord menu holds 25.
const pickItems = 25

// countItems offers "1".."n" survivors of every colour c holds: item "g2"
// is two workers. Beyond 25 items the largest counts of the most numerous
// colour are left out (such bids are made with /move).
func countItems(c Crowd) []games.PickItem {
	for c.Total() > pickItems {
		most := 0
		for col := range c {
			if c[col] > c[most] {
				most = col
			}
		}
		c[most]--
	}
	var out []games.PickItem
	for col, n := range c {
		for k := 1; k <= n; k++ {
			var x Crowd
			x[col] = k
			out = append(out, games.PickItem{Value: x.String(), Label: crowdText(x)})
		}
	}
	return out
}

func colourCount(c Crowd) int {
	n := 0
	for _, v := range c {
		if v > 0 {
			n++
		}
	}
	return n
}

// DefaultMove implements games.Defaulter: what the platform plays for a
// seat whose time has run out. Out-of-turn decisions take the first
// choice (box the first card, keep the first, swap the first worker for a
// soldier); a bid places no
// survivors; a pick takes the first card; a city turn ends; a shortfall
// releases workers first; the final choice takes the better tile.
func (g *Game) DefaultMove(seat games.Seat) (string, bool) {
	st := int(seat)
	ms := g.moves(st)
	if len(ms) == 0 {
		return "", false
	}
	s := g.s
	switch {
	case s.Pending != nil && s.Pending.Kind == pendPlace:
		return ms[len(ms)-1].notation(), true // build box
	case s.Pending != nil:
		return ms[0].notation(), true
	case s.Phase == phaseBid:
		return ms[0].notation(), true // the first open area, no survivors
	case s.Phase == phaseCity:
		return verbDone, true
	case s.Phase == phaseShelter:
		return g.defaultRelease(st).notation(), true
	case s.Phase == phaseFinal:
		best := ms[0]
		for _, m := range ms {
			if g.tileScore(st, g.scoringIndex(m.Kind)) > g.tileScore(st, g.scoringIndex(best.Kind)) {
				best = m
			}
		}
		return best.notation(), true
	}
	return ms[0].notation(), true
}

// defaultRelease releases workers first, then soldiers, engineers and
// leaders.
func (g *Game) defaultRelease(seat int) move {
	have := g.s.survivors(seat)
	n := g.s.Players[seat].Short
	m := newMove(verbRelease)
	for _, c := range []int{green, blue, yellow, purple} {
		k := min(n, have[c])
		m.Crowd[c] = k
		n -= k
	}
	return m
}

func (g *Game) scoringIndex(id string) int {
	return slices.IndexFunc(g.cs.ScoringTiles, func(t ScoringTile) bool { return t.ID == id })
}
