package dei

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/playbychat/pbc/games"
)

// mv is one legal move with everything needed to apply it. Its notation is
// made from these fields by notate. LegalMoves hands a pointer to it out as
// the games.Move's Payload, and Apply plays that payload: the moves listed
// and the moves accepted are the same by construction. A listed mv never
// changes.
type mv struct {
	Verb   string
	Card   int    // play, down, buy, parcel, copy: the card
	Act    int    // the action on the open card the move uses, none if none
	Colour string // the colour of an improved action
	Area   int    // the target area, or the source of a move
	To     int    // a move's target
	From   int    // where a deployed scrapper or a relocated camp comes from, none if none
	N      int    // scrappers moved
	Leader bool   // the leader moves (or is teleported)
	Camps  int    // camps moved (Caravan leader)
	What   string // building kind, candy kind, collect variant
	Spot   int    // bridge spot
	Lift   lift   // lift to build
	Old    int    // relocation: old bridge spot or lift index, none if from the stock
	Seat   int    // the seat struck by a kill or a snipe
	Alt    bool   // Alternative energy: 1 tech instead of 1 energy
	Save   string // Drone engineer: "t" or "e" saved
	Candy  int    // the candy marker used, none if none
	Slot   int    // market slot (buy) or mission slot
	Market int    // market index (buy)
	Key    string // faction or feat key
	Plan   []int  // the two planned cards
	Prefix string // a step: the prefix it narrows to

	notation string
	private  bool
	primary  bool
	top      bool // the menu's top level shows it (action phase)
}

// Verbs of the menu steps of old records, which committed each step of the
// menu (see OldStep); LegalMoves lists none.
const (
	verbStep = "step"
	verbBack = "back"
	stepMark = "..."
	// maxShown is the most entries a menu level lists before it groups its
	// moves into steps; with the bot's "Back" they fit in Discord's button
	// rows.
	maxShown = 19
)

func (m *mv) tokens() []string { return strings.Fields(m.notation) }

func areaTok(b *Board, a int) string { return strings.ToLower(b.Areas[a].ID) }

func cardTok(c *Content, card int) string { return strings.ToLower(c.Cards[card].ID) }

// notate writes the canonical notation of m.
func (g *Game) notate(m *mv) string {
	a := func(i int) string { return areaTok(g.b, i) }
	var f []string
	switch m.Verb {
	case "faction", "draft":
		f = []string{m.Verb, m.Key}
	case "leader":
		f = []string{m.Verb, a(m.Area)}
	case "plan":
		f = []string{"plan", cardTok(g.c, m.Plan[0]) + "," + cardTok(g.c, m.Plan[1])}
	case "play", "down", "copy":
		f = []string{m.Verb, cardTok(g.c, m.Card)}
	case "buy", "parcel":
		f = []string{m.Verb, cardTok(g.c, m.Card)}
		if m.Alt {
			f = append(f, "alt")
		}
		if m.Save != "" {
			f = append(f, "save", m.Save)
		}
		if m.Candy != none {
			f = append(f, "candy")
		}
	case "candy":
		f = []string{"candy", m.What}
	case "deploy", "rdeploy", "gdeploy":
		f = []string{m.Verb, a(m.Area)}
		if m.What != "" {
			f = append(f, m.What)
		}
		if m.From != none {
			f = append(f, "from", a(m.From))
		}
	case "move", "rmove", "bmove":
		f = []string{m.Verb, a(m.Area), a(m.To), groupTok(m.N, m.Leader, m.Camps)}
	case "collect", "bcollect", "gcollect", "abraham":
		if m.Verb != "abraham" {
			f = []string{m.Verb, a(m.Area)}
		} else {
			f = []string{"abraham"}
		}
		if m.What != "" {
			f = append(f, strings.Fields(m.What)...)
		}
	case "snipe":
		f = []string{"snipe", a(m.Area), g.s.Players[m.Seat].Faction}
	case "prospect":
		f = []string{"prospect", a(m.Area)}
	case "build":
		f = g.notateBuild(m)
	case "drone":
		f = []string{"drone", m.Key}
	case "fly", "tele":
		f = []string{m.Verb, a(m.Area)}
		if m.Leader {
			f = append(f, "leader")
		}
	case "drop":
		f = []string{"drop"}
		if m.From != none {
			f = append(f, a(m.From))
		}
	case "kill":
		f = []string{"kill", g.s.Players[m.Seat].Faction}
	case "mission":
		f = []string{"mission", strings.ToLower(g.c.Missions[g.s.Missions[m.Slot]].ID)}
	case verbStep:
		f = []string{m.Prefix, stepMark}
	default: // land, harvest, done, end, pass, back
		f = []string{m.Verb}
	}
	return strings.Join(f, " ")
}

// notateBuild writes the words of a build.
func (g *Game) notateBuild(m *mv) []string {
	a := func(i int) string { return areaTok(g.b, i) }
	var f []string
	switch m.What {
	case Camp:
		f = []string{"build", Camp, a(m.Area)}
		if m.From != none {
			f = append(f, "from", a(m.From))
		}
	case Lift:
		f = []string{"build", Lift, a(m.Lift.Ground), a(m.Lift.Roof)}
		if m.Old != none {
			l := g.s.Players[g.s.acting()].Lifts[m.Old]
			f = append(f, "from", a(l.Ground), a(l.Roof))
		}
	default:
		r := g.b.Bridges[m.Spot].Roofs
		f = []string{"build", Bridge, a(r[0]), a(r[1])}
		if m.Old != none {
			o := g.b.Bridges[m.Old].Roofs
			f = append(f, "from", a(o[0]), a(o[1]))
		}
	}
	return f
}

// groupTok writes a moving group: "2", "2+l", "l", "1+c", "2c".
func groupTok(n int, leader bool, camps int) string {
	var parts []string
	if n > 0 {
		parts = append(parts, strconv.Itoa(n))
	}
	if leader {
		parts = append(parts, "l")
	}
	switch {
	case camps == 1:
		parts = append(parts, "c")
	case camps > 1:
		parts = append(parts, strconv.Itoa(camps)+"c")
	}
	return strings.Join(parts, "+")
}

// ToAct implements games.Game.
func (g *Game) ToAct() []games.Actor {
	s := g.s
	switch s.Stage {
	case stageOver:
		return nil
	case stagePlan:
		var out []games.Actor
		for i, p := range s.Players {
			if len(p.Plan) == 0 {
				out = append(out, games.Actor{Seat: games.Seat(i), Kind: games.Simultaneous,
					Prompt:   msgs.Text("PromptPlan"),
					Decision: fmt.Sprintf("plan:r%dp%d", s.Round, s.Phase)})
			}
		}
		return out
	}
	seat := s.acting()
	if seat == noSeat {
		return nil
	}
	return []games.Actor{{Seat: games.Seat(seat), Kind: games.Turn, Prompt: g.prompt()}}
}

// LegalMoves implements games.Game: whole moves only, those the menu's top
// level shows first (see MenuLevel). The list is made once per state and
// seat; each call returns a copy of it.
func (g *Game) LegalMoves(seat games.Seat) []games.Move {
	if g.moves != nil {
		g.moves.mu.Lock()
		out, ok := g.moves.listed[int(seat)]
		g.moves.mu.Unlock()
		if ok {
			return slices.Clone(out)
		}
	}
	ms := g.cands(int(seat))
	out := make([]games.Move, 0, len(ms))
	for _, top := range []bool{true, false} {
		for i := range ms {
			if ms[i].top == top {
				out = append(out, g.describe(int(seat), &ms[i]))
			}
		}
	}
	if g.moves != nil {
		g.moves.mu.Lock()
		g.moves.listed[int(seat)] = out
		g.moves.mu.Unlock()
	}
	return slices.Clone(out)
}

// Picks implements games.Picker: under option 3 the two cards of a plan are
// chosen together from a multi-select menu.
func (g *Game) Picks(seat games.Seat) []games.Pick {
	s := g.s
	if s.Stage != stagePlan || int(seat) < 0 || int(seat) >= s.Seats || len(s.Players[seat].Plan) > 0 {
		return nil
	}
	hand := g.sortedHand(int(seat))
	items := make([]games.PickItem, len(hand))
	for i, c := range hand {
		items[i] = games.PickItem{Value: cardTok(g.c, c), Label: g.cardLabel(c), Piece: g.c.Cards[c].ID}
	}
	return []games.Pick{{Prefix: "plan", Label: msgs.Text("PickPlan"),
		Items: items, Min: cardsPerPhase, Max: cardsPerPhase, Private: true}}
}

// sortedHand returns seat's hand in card order.
func (g *Game) sortedHand(seat int) []int {
	h := slices.Clone(g.s.Players[seat].Hand)
	slices.Sort(h)
	return h
}

// cands lists seat's legal moves, whole moves only. The list is shared: callers must not
// change it.
func (g *Game) cands(seat int) []mv {
	if g.moves == nil {
		return g.listMoves(seat)
	}
	g.moves.mu.Lock()
	ms, ok := g.moves.by[seat]
	g.moves.mu.Unlock()
	if ok {
		return ms
	}
	ms = g.listMoves(seat)
	g.moves.mu.Lock()
	g.moves.by[seat] = ms
	g.moves.mu.Unlock()
	return ms
}

// listMoves computes seat's legal moves.
func (g *Game) listMoves(seat int) []mv {
	s := g.s
	if seat < 0 || seat >= s.Seats || s.Stage == stageOver {
		return nil
	}
	var all []mv
	switch s.Stage {
	case stagePlan:
		all = g.planMoves(seat)
	case stageFaction, stagePlace, stageDraft, stageMissions, stageAct:
		if s.acting() != seat {
			return nil
		}
		switch s.Stage {
		case stageFaction:
			all = g.factionMoves()
		case stagePlace:
			all = g.placeMoves()
		case stageDraft:
			all = g.draftMoves(seat)
		case stageMissions:
			all = g.missionMoves(seat)
		default:
			all = g.turnMoves(seat)
		}
	}
	for i := range all {
		all[i].notation = g.notate(&all[i])
	}
	if s.Stage != stageAct {
		for i := range all {
			all[i].primary = len(all) <= maxShown && !all[i].namesPiece()
		}
		return all
	}
	top, _ := g.level(all, nil)
	for _, e := range top {
		if e.move != none {
			all[e.move].primary = !all[e.move].namesPiece()
			all[e.move].top = true
		}
	}
	return all
}

// menuEntry is one entry of a level of the action phase's menu: a whole
// move, or a step down to the moves beginning with a longer prefix.
type menuEntry struct {
	move    int    // the move's index among the seat's moves; none for a step
	prefix  string // a step: the prefix (the path) it leads to
	members []int  // a step: the indices of the moves it leads to
}

// level lists the entries of the menu of all (a seat's moves) at prefix:
// the moves beginning with it, grouped into steps by their next word (or,
// when even those are too many, by the next word's class) when there are
// more than maxShown. ok is false when no move begins with prefix.
func (g *Game) level(all []mv, prefix []string) (entries []menuEntry, ok bool) {
	var sub []int
	for i := range all {
		if g.matchPrefix(all[i].tokens(), prefix) {
			sub = append(sub, i)
		}
	}
	if len(sub) == 0 {
		return nil, false
	}
	if len(sub) <= maxShown {
		for _, i := range sub {
			entries = append(entries, menuEntry{move: i})
		}
		return entries, true
	}
	key := func(i int) string {
		if t := all[i].tokens(); len(prefix) < len(t) {
			return t[len(prefix)]
		}
		return ""
	}
	groups, order := groupBy(sub, key)
	if len(order) > maxShown {
		groups, order = groupBy(sub, func(i int) string { return g.classOf(key(i)) })
	}
	for _, k := range order {
		members := groups[k]
		if len(members) == 1 || k == "" {
			for _, i := range members {
				entries = append(entries, menuEntry{move: i})
			}
			continue
		}
		entries = append(entries, menuEntry{move: none, prefix: strings.Join(append(slices.Clone(prefix), k), " "), members: members})
	}
	return entries, true
}

// groupBy groups the moves ids by key, keeping the order in which each key
// first comes.
func groupBy(ids []int, key func(int) string) (map[string][]int, []string) {
	groups, order := map[string][]int{}, []string(nil)
	for _, i := range ids {
		k := key(i)
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] = append(groups[k], i)
	}
	return groups, order
}

// MenuLevel implements games.Menu: an action phase's moves, often
// hundreds, are laid out as a menu whose paths are the moves' first words
// ("move", "move g3"). Each level holds at most maxShown entries, and a
// step back up ("← Back") below the top. Moves
// and steps that choose a piece (a card, a mission, a faction) are not
// Primary: the bot shows them in a select menu with the piece's text.
func (g *Game) MenuLevel(seat games.Seat, path string) ([]games.Move, bool) {
	if g.s.Stage != stageAct {
		return nil, false
	}
	all := g.cands(int(seat))
	entries, ok := g.level(all, strings.Fields(path))
	if !ok {
		return nil, false
	}
	out := make([]games.Move, 0, len(entries))
	for _, e := range entries {
		if e.move != none {
			m := g.describe(int(seat), &all[e.move])
			m.Primary = !all[e.move].namesPiece()
			out = append(out, m)
			continue
		}
		private := true
		for _, i := range e.members {
			private = private && all[i].private
		}
		piece := g.stepPiece(e.prefix)
		out = append(out, games.Move{Notation: e.prefix, Label: g.stepLabel(e.prefix), Group: "menu", Primary: piece == "",
			Private: private, Role: games.RoleStep, Piece: piece})
	}
	if f := strings.Fields(path); len(f) > 0 {
		back := mv{Verb: verbBack}
		out = append(out, games.Move{Notation: strings.Join(f[:len(f)-1], " "), Label: g.moveLabel(int(seat), &back), Group: "menu",
			Primary: true, Role: games.RoleBack})
	}
	return out, true
}

// OldStep implements games.Menu: records made before the bot walked the
// menu hold the steps "move g3 ..." and "back", which moved the menu of
// the state down and up (turn.Prefix). They still do, so that those
// records replay to the very same states and hashes; nothing reads that
// prefix any more.
func (g *Game) OldStep(seat games.Seat, text string) (games.Move, bool) {
	t := g.s.Cur
	if g.s.Stage != stageAct || t == nil || g.s.acting() != int(seat) {
		return games.Move{}, false
	}
	text = games.NormalizeNotation(text)
	var m mv
	switch prefix, isStep := strings.CutSuffix(text, " "+stepMark); {
	case text == verbBack && t.Prefix != "":
		m = mv{Verb: verbBack, Act: none, Candy: none}
	case isStep:
		if _, ok := g.level(g.cands(int(seat)), strings.Fields(prefix)); !ok {
			return games.Move{}, false
		}
		m = mv{Verb: verbStep, Prefix: prefix, Act: none, Candy: none}
	default:
		return games.Move{}, false
	}
	m.notation = g.notate(&m)
	return games.Move{Notation: m.notation, Label: g.moveLabel(int(seat), &m), Group: m.group(), Role: m.role(), Payload: &m}, true
}

// namesPiece reports whether m chooses a piece (a faction, feat, card,
// candy boost, drone, mission, or the faction it strikes) rather than a
// place or a step of the game.
func (m *mv) namesPiece() bool {
	switch m.Verb {
	case "faction", "draft", "drone", "play", "down", "copy", "buy", "parcel", "candy", "mission", "kill", "snipe":
		return true
	}
	return false
}

// matchPrefix reports whether tokens begin with prefix; a prefix token
// "@x" matches every token of class "@x".
func (g *Game) matchPrefix(tokens, prefix []string) bool {
	if len(tokens) < len(prefix) {
		return false
	}
	for i, p := range prefix {
		if tokens[i] != p && (!strings.HasPrefix(p, "@") || g.classOf(tokens[i]) != p) {
			return false
		}
	}
	return true
}

// classOf groups a token for a menu too long even by tokens: areas by
// their district, cards by their series.
func (g *Game) classOf(tok string) string {
	if a, ok := g.b.Area(tok); ok {
		return "@" + g.b.Tiles[g.b.Areas[a].Tiles[0]].Code
	}
	if i, ok := g.c.cardIdx[strings.ToUpper(tok)]; ok {
		return "@" + strings.ToLower(g.c.Cards[i].ID[:2])
	}
	return tok
}

// factionMoves lists the factions still free.
func (g *Game) factionMoves() []mv {
	var out []mv
	for _, f := range g.c.Factions {
		taken := slices.ContainsFunc(g.s.Players, func(p player) bool { return p.Faction == f.Key })
		if !taken {
			out = append(out, mv{Verb: "faction", Key: f.Key, Act: none, Candy: none})
		}
	}
	return out
}

// placeMoves lists the camps the acting player's leader may start on.
func (g *Game) placeMoves() []mv {
	var out []mv
	for i, a := range g.b.Areas {
		if a.Camp {
			out = append(out, mv{Verb: "leader", Area: i, Act: none, Candy: none})
		}
	}
	return out
}

// draftMoves lists the feats the drafting player may take: any colour not
// drafted yet at the start of a colour's round, then that stack.
func (g *Game) draftMoves(seat int) []mv {
	d := g.s.Draft
	var out []mv
	for f := range g.c.Feats {
		ok := false
		if d.Colour == "" {
			ok = !slices.Contains(d.Done, g.c.Feats[f].Colour) && slices.Contains(g.s.FeatBox, f)
		} else {
			ok = slices.Contains(d.Stack, f)
		}
		if ok {
			out = append(out, mv{Verb: "draft", Key: g.c.Feats[f].Key, Act: none, Candy: none, private: true})
		}
	}
	return out
}

// planMoves lists the pairs of cards seat may plan.
func (g *Game) planMoves(seat int) []mv {
	if len(g.s.Players[seat].Plan) > 0 {
		return nil
	}
	hand := g.sortedHand(seat)
	var out []mv
	for i := range hand {
		for j := i + 1; j < len(hand); j++ {
			out = append(out, mv{Verb: "plan", Plan: []int{hand[i], hand[j]}, Act: none, Candy: none, private: true})
		}
	}
	return out
}

// missionMoves lists the missions seat may fulfil now: one marker per
// column; "pass" under option 5.
func (g *Game) missionMoves(seat int) []mv {
	var out []mv
	for _, slot := range g.openMissions(seat) {
		out = append(out, mv{Verb: "mission", Slot: slot, Act: none, Candy: none})
	}
	if g.s.Options.Bool(OptRebellion) || len(out) == 0 {
		out = append(out, mv{Verb: "pass", Act: none, Candy: none})
	}
	return out
}

// openMissions lists the mission slots seat may put a marker on.
func (g *Game) openMissions(seat int) []int {
	p := &g.s.Players[seat]
	if len(p.Marks) >= markersPerSeat {
		return nil
	}
	var out []int
	for slot, m := range g.s.Missions {
		if m == none {
			continue
		}
		col := slot / 2
		if slices.ContainsFunc(p.Marks, func(k int) bool { return k/2 == col }) {
			continue
		}
		out = append(out, slot)
	}
	return out
}

// turnMoves lists the moves of the acting player in an action phase.
func (g *Game) turnMoves(seat int) []mv {
	t := g.s.Cur
	switch {
	case t.Closing:
		return g.missionMoves(seat)
	case t.Task != nil:
		return g.taskMoves(seat)
	case t.Buying:
		return g.buyMoves(seat, "buy")
	}
	p := &g.s.Players[seat]
	pad := p.Pad[g.s.Phase-1]
	planning := g.s.Options.Bool(OptPlanning)
	var out []mv
	if len(pad) < cardsPerPhase {
		downDone := slices.ContainsFunc(pad, func(pc padCard) bool { return pc.Down })
		canBuy := !downDone && len(g.buyMoves(seat, "buy")) > 0
		cards := p.Hand
		if planning {
			cards = p.Plan
		}
		for _, c := range sortedInts(cards) {
			out = append(out, mv{Verb: "play", Card: c, Act: none, Candy: none, private: planning})
		}
		if canBuy {
			for _, c := range sortedInts(cards) {
				out = append(out, mv{Verb: "down", Card: c, Act: none, Candy: none, private: planning})
			}
		}
	}
	out = append(out, g.actionMoves(seat)...)
	out = append(out, g.candyMoves(seat)...)
	if g.hasFeat(seat, FeatParcelBot) && !t.Parcel {
		out = append(out, g.buyMoves(seat, "parcel")...)
	}
	if len(pad) == cardsPerPhase || !g.canPlayMore(seat) {
		out = append(out, g.abrahamMoves(seat)...)
		out = append(out, mv{Verb: "end", Act: none, Candy: none})
	}
	return out
}

// canPlayMore reports whether seat still has a card to play this phase.
func (g *Game) canPlayMore(seat int) bool {
	p := &g.s.Players[seat]
	if len(p.Pad[g.s.Phase-1]) >= cardsPerPhase {
		return false
	}
	if g.s.Options.Bool(OptPlanning) {
		return len(p.Plan) > 0
	}
	return len(p.Hand) > 0
}

func sortedInts(xs []int) []int {
	out := slices.Clone(xs)
	slices.Sort(out)
	return out
}

// candyMoves lists the candy boosts seat may lay on the open card.
func (g *Game) candyMoves(seat int) []mv {
	t := g.s.Cur
	if t.Open == none {
		return nil
	}
	p := &g.s.Players[seat]
	if p.Pad[g.s.Phase-1][t.Open].Candy != none {
		return nil
	}
	var out []mv
	seen := map[string]bool{}
	for _, m := range p.Candy {
		kind := g.c.candyKind[m]
		if seen[kind] || (kind == CandyOutpost && len(g.repeatable()) == 0) {
			continue
		}
		seen[kind] = true
		out = append(out, mv{Verb: "candy", What: kind, Candy: m, Act: none})
	}
	return out
}

// repeatable returns the per-outpost actions of the open card.
func (g *Game) repeatable() []Action {
	t := g.s.Cur
	if t.Open == none {
		return nil
	}
	seat := g.s.acting()
	card := g.c.Cards[g.s.Players[seat].Pad[g.s.Phase-1][t.Open].Card]
	var out []Action
	for _, a := range card.Actions {
		if a.PerOutpost {
			out = append(out, a)
		}
	}
	return out
}

// abrahamMoves offers Abraham's free collect at the end of the phase.
func (g *Game) abrahamMoves(seat int) []mv {
	p := &g.s.Players[seat]
	if g.leaderKey(seat) != Abraham || g.s.Cur.Abraham || p.Leader == none {
		return nil
	}
	a := p.Leader
	if g.s.Areas[a].Tech+g.s.Areas[a].Energy == 0 {
		return nil
	}
	out := []mv{{Verb: "abraham", Area: a, Act: none, Candy: none}}
	if g.canRecycle(seat, a, g.b.Areas[a].Ground) {
		out = append(out, mv{Verb: "abraham", Area: a, What: "recycle", Act: none, Candy: none})
	}
	return out
}

// canRecycle reports whether a collect in area may use the Recycling
// depot: an own lift there, a tech to give (the collected one counts) and
// energy in the supply.
func (g *Game) canRecycle(seat, area int, gotTech bool) bool {
	if !g.hasFeat(seat, FeatRecycling) || !g.hasLiftAt(seat, area, true) || g.s.EnergySupply == 0 {
		return false
	}
	return g.s.Players[seat].Tech > 0 || gotTech
}

// findAction returns the index of the first open action matching ok.
func (g *Game) findAction(ok func(a action) bool) int {
	for i, a := range g.s.Cur.Actions {
		if ok(a) {
			return i
		}
	}
	return none
}

// raid reports whether seat's deploys may serve as moves or collects.
func (g *Game) raid(seat int) bool {
	return g.hasFeat(seat, FeatRaid) && g.s.Players[seat].Supply == 0
}

// actionMoves lists the moves that use the open card's actions.
func (g *Game) actionMoves(seat int) []mv {
	t := g.s.Cur
	if len(t.Actions) == 0 {
		return nil
	}
	var out []mv
	plainDeploy := g.findAction(func(a action) bool { return a.Do == DoDeploy && a.Colour == "" })
	for _, verb := range []struct{ name, do, colour string }{
		{"deploy", DoDeploy, ""}, {"rdeploy", DoDeploy, Red}, {"gdeploy", DoDeploy, Green},
		{"move", DoMove, ""}, {"rmove", DoMove, Red}, {"bmove", DoMove, Blue},
		{"collect", DoCollect, ""}, {"bcollect", DoCollect, Blue}, {"gcollect", DoCollect, Green},
	} {
		act := g.findAction(func(a action) bool { return a.Do == verb.do && a.Colour == verb.colour })
		if act == none && verb.colour == "" && verb.do != DoDeploy && g.raid(seat) {
			act = plainDeploy
		}
		if act == none {
			continue
		}
		switch verb.do {
		case DoDeploy:
			out = append(out, g.deployMoves(seat, verb.name, act)...)
		case DoMove:
			out = append(out, g.moveMoves(seat, verb.name, verb.colour, act)...)
		default:
			out = append(out, g.collectMoves(seat, verb.name, verb.colour, act)...)
		}
	}
	if act := g.findAction(func(a action) bool { return a.Do == DoCollect }); act != none {
		out = append(out, g.sniperMoves(seat, act)...)
		out = append(out, g.prospectMoves(seat, act)...)
	}
	for _, kind := range buildingKinds {
		act := g.findAction(func(a action) bool { return a.Do == DoBuild && a.What == kind })
		if act == none {
			act = g.findAction(func(a action) bool { return a.Do == DoBuild && a.What == "" })
		}
		if act != none {
			out = append(out, g.buildMoves(seat, kind, act)...)
		}
	}
	for _, key := range droneKeys {
		act := g.findAction(func(a action) bool { return a.Do == DoDrone && a.Drone == key })
		if act != none && g.droneIndex(key) != none {
			out = append(out, mv{Verb: "drone", Key: key, Act: act, Candy: none})
		}
	}
	if act := g.findAction(func(a action) bool { return a.Do == DoCopy }); act != none {
		for _, c := range g.copyable(seat) {
			out = append(out, mv{Verb: "copy", Card: c, Act: act, Candy: none})
		}
	}
	return out
}

// droneIndex returns the index of the drone key on the map, or none.
func (g *Game) droneIndex(key string) int {
	for i, d := range g.s.Drones {
		if d.Key == key {
			return i
		}
	}
	return none
}

// copyable lists the face-up cards played this round, other than the
// open card, that have something to copy.
func (g *Game) copyable(seat int) []int {
	t := g.s.Cur
	var out []int
	for si, p := range g.s.Players {
		for ph, cards := range p.Pad {
			for pos, pc := range cards {
				if pc.Down || (si == seat && ph == g.s.Phase-1 && pos == t.Open) {
					continue
				}
				if slices.ContainsFunc(g.c.Cards[pc.Card].Actions, func(a Action) bool { return a.Do != DoCopy }) {
					out = append(out, pc.Card)
				}
			}
		}
	}
	slices.Sort(out)
	return out
}

// deployMoves lists where seat may deploy with an action of verb.
func (g *Game) deployMoves(seat int, verb string, act int) []mv {
	s := g.s
	p := &s.Players[seat]
	var out []mv
	sources := []int{none}
	if p.Supply == 0 {
		sources = nil
		for a := range g.b.Areas {
			if s.Areas[a].Figs[seat] > 0 {
				sources = append(sources, a)
			}
		}
	}
	for a := range g.b.Areas {
		for _, from := range sources {
			if from == a || !g.canDeploy(seat, a, verb, from) {
				continue
			}
			m := mv{Verb: verb, Area: a, From: from, Act: act, Candy: none}
			out = append(out, m)
			if verb == "gdeploy" && g.resourceFor(a) {
				m.What = "plain"
				out = append(out, m)
			}
		}
	}
	return out
}

// resourceFor reports whether the supply holds the resource an area takes
// (tech on the ground, energy on a roof).
func (g *Game) resourceFor(a int) bool {
	if g.b.Areas[a].Ground {
		return g.s.TechSupply > 0
	}
	return g.s.EnergySupply > 0
}

// canDeploy reports whether seat may deploy a scrapper into area a: a
// neutral camp, an own camp where it has the majority afterwards, or (red)
// an area with an own figure. from is the map area the scrapper comes
// from, none for the supply.
func (g *Game) canDeploy(seat, a int, verb string, from int) bool {
	if g.b.Areas[a].Camp {
		return true
	}
	if verb == "rdeploy" && g.present(seat, a) {
		return true
	}
	if slices.Contains(g.s.Players[seat].Camps, a) {
		return g.holderWith(a, seat, hypo{Scrappers: 1}) == seat
	}
	return false
}

// moveMoves lists seat's moves with an action of verb.
func (g *Game) moveMoves(seat int, verb, colour string, act int) []mv {
	s := g.s
	p := &s.Players[seat]
	caravan := g.hasFeat(seat, FeatCaravan)
	var out []mv
	for from := range g.b.Areas {
		figs := s.Areas[from].Figs[seat]
		leaderHere := p.Leader == from
		camps := 0
		if caravan {
			for _, c := range p.Camps {
				if c == from {
					camps++
				}
			}
		}
		if figs == 0 && !leaderHere && camps == 0 {
			continue
		}
		for _, e := range g.moveEdges(seat, from, colour) {
			enemies := g.othersIn(seat, e.To)
			// At most one camp of a player per area.
			campsTo := camps
			if slices.Contains(p.Camps, e.To) {
				campsTo = 0
			}
			for n := 0; n <= figs; n++ {
				for l := 0; l <= 1; l++ {
					if l == 1 && !leaderHere {
						continue
					}
					for k := 0; k <= campsTo; k++ {
						if n+l+k == 0 || (e.AriaOnly && (n > 0 || k > 0 || l == 0)) {
							continue
						}
						free := colour == Red || (l == 1 && g.leaderKey(seat) == Corvo)
						if enemies && !free && g.holderWith(e.To, seat, hypo{Scrappers: n, Leader: l, Camps: k}) != seat {
							continue
						}
						out = append(out, mv{Verb: verb, Area: from, To: e.To, N: n, Leader: l == 1, Camps: k, Act: act, Candy: none})
					}
				}
			}
		}
	}
	return out
}

// collectMoves lists seat's collects with an action of verb.
func (g *Game) collectMoves(seat int, verb, colour string, act int) []mv {
	s := g.s
	var out []mv
	for a := range g.b.Areas {
		st := s.Areas[a]
		if st.Tech+st.Energy == 0 || g.holder(a) != seat {
			continue
		}
		gotTech := st.Tech > 0
		out = append(out, mv{Verb: verb, Area: a, Act: act, Candy: none})
		if colour == Blue && g.swapPossible(gotTech) {
			out = append(out, mv{Verb: verb, Area: a, What: "swap", Act: act, Candy: none})
		}
		if g.canRecycle(seat, a, gotTech || colour == Green) {
			out = append(out, mv{Verb: verb, Area: a, What: "recycle", Act: act, Candy: none})
		}
	}
	return out
}

// swapPossible reports whether the supply holds the other resource for a
// logistics collect.
func (g *Game) swapPossible(gotTech bool) bool {
	if gotTech {
		return g.s.EnergySupply > 0
	}
	return g.s.TechSupply > 0
}

// sniperMoves lists the Sniper's shots: a collect where seat has a figure
// but not the majority kills an enemy scrapper.
func (g *Game) sniperMoves(seat, act int) []mv {
	if !g.hasFeat(seat, FeatSniper) {
		return nil
	}
	var out []mv
	for a := range g.b.Areas {
		if !g.present(seat, a) || g.holder(a) == seat {
			continue
		}
		for o := range g.s.Seats {
			if o != seat && g.s.Areas[a].Figs[o] > 0 {
				out = append(out, mv{Verb: "snipe", Area: a, Seat: o, Act: act, Candy: none})
			}
		}
	}
	return out
}

// prospectMoves lists where the Prospector may place a resource.
func (g *Game) prospectMoves(seat, act int) []mv {
	if !g.hasFeat(seat, FeatProspector) {
		return nil
	}
	var out []mv
	for a := range g.b.Areas {
		if g.present(seat, a) && g.resourceFor(a) {
			out = append(out, mv{Verb: "prospect", Area: a, Act: act, Candy: none})
		}
	}
	return out
}

// buildMoves lists seat's builds of a kind.
func (g *Game) buildMoves(seat int, kind string, act int) []mv {
	s := g.s
	p := &s.Players[seat]
	var out []mv
	switch kind {
	case Camp:
		olds := []int{none}
		if len(p.Camps) >= buildingsPerKind {
			olds = sortedInts(p.Camps)
		}
		for a := range g.b.Areas {
			if slices.Contains(p.Camps, a) || (!g.present(seat, a) && !g.hasFeat(seat, FeatLandingPod)) {
				continue
			}
			for _, old := range olds {
				out = append(out, mv{Verb: "build", What: Camp, Area: a, From: old, Old: none, Act: act, Candy: none})
			}
		}
	case Lift:
		olds := []int{none}
		if len(p.Lifts) >= buildingsPerKind {
			olds = []int{0, 1, 2}
		}
		for a := range g.b.Areas {
			if !g.b.Areas[a].Ground {
				continue
			}
			for _, r := range g.b.Areas[a].Red {
				l := lift{Ground: a, Roof: r}
				if slices.Contains(p.Lifts, l) || slices.Contains(g.b.Lifts, [2]int{a, r}) ||
					(!g.present(seat, a) && !g.present(seat, r)) {
					continue
				}
				for _, old := range olds {
					out = append(out, mv{Verb: "build", What: Lift, Lift: l, Old: old, From: none, Act: act, Candy: none})
				}
			}
		}
	case Bridge:
		olds := []int{none}
		if len(p.Bridges) >= buildingsPerKind {
			olds = sortedInts(p.Bridges)
		}
		for spot, bs := range g.b.Bridges {
			if slices.Contains(p.Bridges, spot) || slices.Contains(s.SharedBridges, spot) ||
				(!g.present(seat, bs.Roofs[0]) && !g.present(seat, bs.Roofs[1])) {
				continue
			}
			for _, old := range olds {
				out = append(out, mv{Verb: "build", What: Bridge, Spot: spot, Old: old, From: none, Act: act, Candy: none})
			}
		}
	}
	return out
}

// buyMoves lists the purchases seat may make: after turning a card down
// (verb "buy") or with the Parcel bot (verb "parcel", 1 energy more).
func (g *Game) buyMoves(seat int, verb string) []mv {
	s := g.s
	p := &s.Players[seat]
	var out []mv
	outpostCandy := none
	for _, m := range p.Candy {
		if g.c.candyKind[m] == CandyOutpost {
			outpostCandy = m
			break
		}
	}
	for mi, mk := range s.Markets {
		market := &g.c.Markets[mi]
		for slot, card := range mk.Slots {
			if card == none {
				continue
			}
			cd := &g.c.Cards[card]
			candies := []int{none}
			if market.Colour != "" {
				have := g.cubes(seat, market.Colour)
				need := market.Requires[slot]
				switch {
				case have >= need:
				case have+1 >= need && outpostCandy != none && verb == "buy":
					candies = []int{outpostCandy}
				default:
					continue
				}
			}
			tech, energy := cd.Tech, cd.Energy
			if market.Colour == "" && market.Surcharge[slot] > 0 {
				tech += market.Surcharge[slot]
			}
			if verb == "parcel" {
				energy++
			}
			saves := []string{""}
			if cd.Kind == KindDrone && g.hasFeat(seat, FeatDroneEng) {
				if tech > 0 {
					saves = append(saves, "t")
				}
				if energy > 0 {
					saves = append(saves, "e")
				}
			}
			for _, save := range saves {
				t, e := tech, energy
				switch save {
				case "t":
					t--
				case "e":
					e--
				}
				alts := []bool{false}
				if e > 0 && g.hasFeat(seat, FeatAltEnergy) && !s.Cur.Alt {
					alts = append(alts, true)
				}
				for _, alt := range alts {
					tt, ee := t, e
					if alt {
						tt, ee = tt+1, ee-1
					}
					if p.Tech < tt || p.Energy < ee {
						continue
					}
					for _, cn := range candies {
						out = append(out, mv{Verb: verb, Card: card, Market: mi, Slot: slot, Save: save, Alt: alt, Candy: cn, Act: none})
					}
				}
			}
		}
	}
	return out
}

// price is what a purchase costs: tech and energy paid, tech given back.
func (g *Game) price(m *mv) (tech, energy, back int) {
	market := &g.c.Markets[m.Market]
	cd := &g.c.Cards[m.Card]
	tech, energy = cd.Tech, cd.Energy
	if market.Colour == "" {
		if sc := market.Surcharge[m.Slot]; sc > 0 {
			tech += sc
		} else {
			back = -sc
		}
	}
	if m.Verb == "parcel" {
		energy++
	}
	switch m.Save {
	case "t":
		tech--
	case "e":
		energy--
	}
	if m.Alt {
		tech, energy = tech+1, energy-1
	}
	return tech, energy, back
}

// taskMoves lists the moves of a drone activation.
func (g *Game) taskMoves(seat int) []mv {
	s := g.s
	k := s.Cur.Task
	d := s.Drones[k.Drone]
	var out []mv
	if !k.Landed {
		if k.Steps > 0 {
			for _, a := range g.droneReach(d.Area) {
				out = append(out, mv{Verb: "fly", Area: a, Act: none, Candy: none})
			}
		}
		return append(out, mv{Verb: "land", Act: none, Candy: none})
	}
	switch d.Key {
	case Hunter:
		for _, o := range g.huntable(seat) {
			out = append(out, mv{Verb: "kill", Seat: o, Act: none, Candy: none})
		}
	case Harvester:
		if s.Areas[d.Area].Tech+s.Areas[d.Area].Energy > 0 && k.Done < 2 {
			out = append(out, mv{Verb: "harvest", Act: none, Candy: none})
		}
	case Transporter:
		if k.Done < 2 {
			if s.Players[seat].Supply > 0 {
				out = append(out, mv{Verb: "drop", From: none, Act: none, Candy: none})
			} else {
				for a := range g.b.Areas {
					if a != d.Area && s.Areas[a].Figs[seat] > 0 {
						out = append(out, mv{Verb: "drop", From: a, Act: none, Candy: none})
					}
				}
			}
		}
	case Teleporter:
		if !k.Roof && k.Done < 2 {
			scrap := s.Areas[d.Area].Figs[seat] > 0
			lead := s.Players[seat].Leader == d.Area
			for a, ar := range g.b.Areas {
				if a == d.Area || (!ar.Ground && k.Done > 0) {
					continue
				}
				if scrap {
					out = append(out, mv{Verb: "tele", Area: a, Act: none, Candy: none})
				}
				if lead {
					out = append(out, mv{Verb: "tele", Area: a, Leader: true, Act: none, Candy: none})
				}
			}
		}
	}
	return append(out, mv{Verb: "done", Act: none, Candy: none})
}

// huntable lists the seats whose scrapper the Hunter may still kill: one
// per faction, up to two of the one opponent with 2 players.
func (g *Game) huntable(seat int) []int {
	s := g.s
	k := s.Cur.Task
	area := s.Drones[k.Drone].Area
	var out []int
	for o := range s.Seats {
		if o == seat || s.Areas[area].Figs[o] == 0 {
			continue
		}
		hits := 0
		for _, h := range k.Hit {
			if h == o {
				hits++
			}
		}
		limit := 1
		if s.Seats == 2 {
			limit = 2
		}
		if hits < limit {
			out = append(out, o)
		}
	}
	return out
}

// describe turns a candidate into a games.Move with its label. The plans
// are shortcuts: the plan's multi-select makes them.
func (g *Game) describe(seat int, m *mv) games.Move {
	return games.Move{Notation: m.notation, Label: g.moveLabel(seat, m), Group: m.group(), Primary: m.primary, Private: m.private,
		Shortcut: m.Verb == "plan", Role: m.role(), Piece: g.piece(seat, m), Payload: m}
}

// piece is the Catalog id of the piece m acts on: the faction, feat,
// card, candy boost, drone, mission or leader it names, the faction struck
// by a kill, the drone flying; "" for none (a plan names two cards, so it
// names none of them).
func (g *Game) piece(seat int, m *mv) string {
	switch m.Verb {
	case "faction", "draft", "drone":
		return m.Key
	case "leader", "abraham":
		return g.leaderKey(seat)
	case "play", "down", "copy", "buy", "parcel":
		return g.c.Cards[m.Card].ID
	case "candy":
		return candyPiece(m.What)
	case "mission":
		return g.c.Missions[g.s.Missions[m.Slot]].ID
	case "kill", "snipe":
		return g.s.Players[m.Seat].Faction
	case "fly", "land", "harvest", "drop", "tele", "done":
		if k := g.s.Cur.Task; k != nil {
			return g.s.Drones[k.Drone].Key
		}
	}
	return ""
}

// stepPiece is the Catalog id of the card a menu step's prefix names
// ("buy ta1"), "" for none.
func (g *Game) stepPiece(prefix string) string {
	if f := strings.Fields(prefix); len(f) > 1 && slices.Contains(cardVerbs, f[0]) {
		if i, ok := g.c.cardIdx[strings.ToUpper(f[1])]; ok {
			return g.c.Cards[i].ID
		}
	}
	return ""
}

// role is the move's games.Move.Role: an old record's menu steps have no
// effect of their own, its "back" takes one back, "end" ends the phase, "pass" declines a
// mission, "done" closes a drone's power.
func (m *mv) role() games.Role {
	switch m.Verb {
	case verbStep:
		return games.RoleStep
	case verbBack:
		return games.RoleCancel
	case "end":
		return games.RoleEndTurn
	case "pass":
		return games.RolePass
	case "done":
		return games.RoleConfirm
	case "faction":
		return games.RoleAllot // one of the factions left; alone, the last: no choice
	}
	return games.RoleAction
}

// group is the move's games.Move.Group.
func (m *mv) group() string {
	switch m.Verb {
	case "rdeploy", "gdeploy":
		return "deploy"
	case "rmove", "bmove":
		return "move"
	case "bcollect", "gcollect", "snipe", "prospect", "abraham":
		return "collect"
	case "fly", "land", "kill", "harvest", "drop", "tele", "done":
		return "drone"
	case "parcel":
		return "buy"
	case verbStep, verbBack:
		return "menu"
	}
	return m.Verb
}

// typed is text a player typed, read by the notation: its verb and the
// cards, areas and mission it names. Reading decides nothing about
// legality; Explain asks the rules about what was read.
type typed struct {
	Verb    string
	Words   []string // the words after the verb
	Cards   []int    // the cards named, in order
	Areas   []int    // the areas named, in order
	Mission int      // the mission named, or none
}

// notationError is typed text the notation cannot read: an unknown verb,
// or a word that names no card, area or mission.
type notationError struct {
	Word string
	What string // "verb", "card", "area" or "mission"
}

func (e *notationError) Error() string { return fmt.Sprintf("no %s %q", e.What, e.Word) }

// The verbs of the notation, by what their words name.
var (
	cardVerbs = []string{"play", "down", "copy", "buy", "parcel", "plan"}
	areaVerbs = []string{"leader", "deploy", "rdeploy", "gdeploy", "move", "rmove", "bmove", "collect", "bcollect", "gcollect",
		"snipe", "prospect", "build", "fly", "tele", "drop"}
	keyVerbs   = []string{"faction", "draft", "kill", "drone", "candy", "abraham"}
	plainVerbs = []string{"land", "harvest", "done", "end", "pass", verbBack, "mission"}
	// keywords are the words of area verbs that name no area.
	keywords = []string{"from", "plain", "leader", Camp, Lift, Bridge, "swap", "recycle", "alt", "save", "t", "e", "candy"}
)

// verbActions maps the verbs that use an action of the open card to that
// action (its kind and improvement).
var verbActions = map[string]Action{
	"deploy": {Do: DoDeploy}, "rdeploy": {Do: DoDeploy, Colour: Red}, "gdeploy": {Do: DoDeploy, Colour: Green},
	"move": {Do: DoMove}, "rmove": {Do: DoMove, Colour: Red}, "bmove": {Do: DoMove, Colour: Blue},
	"collect": {Do: DoCollect}, "bcollect": {Do: DoCollect, Colour: Blue}, "gcollect": {Do: DoCollect, Colour: Green},
	"snipe": {Do: DoCollect}, "prospect": {Do: DoCollect}, "build": {Do: DoBuild}, "drone": {Do: DoDrone}, "copy": {Do: DoCopy},
}

// groupWord matches a moving group: "2", "2+l", "l", "1+c", "2c".
var groupWord = regexp.MustCompile(`^(\d+|l|\d*c)(\+(l|\d*c))*$`)

// parseNotation reads typed text (already normalised).
func (g *Game) parseNotation(text string) (typed, error) {
	f := strings.Fields(text)
	if len(f) == 0 {
		return typed{}, &notationError{What: "verb"}
	}
	t := typed{Verb: f[0], Words: f[1:], Mission: none}
	if len(f) > 1 && f[len(f)-1] == stepMark {
		t.Verb = verbStep
		return t, nil
	}
	switch {
	case slices.Contains(cardVerbs, t.Verb):
		for _, w := range t.Words {
			for _, c := range strings.Split(w, ",") {
				i, ok := g.c.cardIdx[strings.ToUpper(c)]
				if !ok && (c == "alt" || c == "save" || c == "t" || c == "e" || c == "candy") {
					continue
				}
				if !ok {
					return t, &notationError{Word: c, What: "card"}
				}
				t.Cards = append(t.Cards, i)
			}
		}
	case slices.Contains(areaVerbs, t.Verb):
		for _, w := range t.Words {
			if slices.Contains(keywords, w) || groupWord.MatchString(w) || g.c.faction(w) != nil {
				continue
			}
			a, ok := g.b.Area(w)
			if !ok {
				return t, &notationError{Word: w, What: "area"}
			}
			t.Areas = append(t.Areas, a)
		}
	case t.Verb == "mission":
		if len(t.Words) > 0 {
			i, ok := g.c.missionIdx[strings.ToUpper(t.Words[0])]
			if !ok {
				return t, &notationError{Word: t.Words[0], What: "mission"}
			}
			t.Mission = i
		}
	case slices.Contains(keyVerbs, t.Verb), slices.Contains(plainVerbs, t.Verb):
	default:
		return t, &notationError{Word: t.Verb, What: "verb"}
	}
	return t, nil
}
