package xenoshyft

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/playbychat/pbc/games"
)

// move is a parsed notation. Parsing never decides legality; check does.
type move struct {
	Verb   string   // see parseMove
	Stack  stackRef // the stack bought from
	Card   int      // the card moved or played, noCard if none
	Div    bool     // "use div": the division ability
	Target int      // target card (a troop), noCard if none
	Lane   int      // target lane (0-based), -1 if none
	// Zone is the enemy zone (0-based) in Lane for enemy targets, -1 if
	// none. Enemies are named by place ("e2.1"), never by card id, so that
	// a face-down enemy's id cannot give away what it is.
	Zone int
	Flag string // autopass on|off, division key
}

func parseCardRef(s string) (int, bool) {
	if len(s) < 2 || s[0] != 'c' {
		return 0, false
	}
	n, err := strconv.Atoi(s[1:])
	if err != nil || n < 0 {
		return 0, false
	}
	return n, true
}

// parseEnemyRef reads "e2.3": the enemy in lane 2, zone 3.
func parseEnemyRef(s string) (int, int, bool) {
	l, z, ok := strings.Cut(strings.TrimPrefix(s, "e"), ".")
	if !strings.HasPrefix(s, "e") || !ok {
		return 0, 0, false
	}
	ln, err1 := strconv.Atoi(l)
	zn, err2 := strconv.Atoi(z)
	if err1 != nil || err2 != nil || ln < 1 || zn < 1 {
		return 0, 0, false
	}
	return ln - 1, zn - 1, true
}

func parseLane(s string) (int, bool) {
	n, err := strconv.Atoi(strings.TrimPrefix(s, "lane"))
	if !strings.HasPrefix(s, "lane") || err != nil || n < 1 {
		return 0, false
	}
	return n - 1, true
}

// syntaxDE is the German of errSyntax.
// syntax describes the notation by examples.
var syntax = msgs.Text("Syntax")

var errSyntax = refuse(syntax)

// parseMove reads a notation such as "deploy c12 lane2".
func parseMove(text string) (move, error) {
	f := strings.Fields(games.NormalizeNotation(text))
	if len(f) == 0 {
		return move{}, errSyntax
	}
	m := with(blank, f[0])
	if !m.parseArgs(f[1:]) {
		return move{}, errSyntax
	}
	return m, nil
}

// parseArgs reads the arguments of m's verb into m.
func (m *move) parseArgs(args []string) bool {
	switch m.Verb {
	case "ready", "pass":
		return len(args) == 0
	case "show":
		return len(args) == 1 && args[0] == "hand"
	case "autopass":
		m.Flag = strings.Join(args, " ")
		return m.Flag == "on" || m.Flag == "off"
	case "division":
		if len(args) == 1 {
			m.Flag = args[0]
		}
		return len(args) == 1
	case "buy":
		return len(args) == 1 && m.parseStack(args[0])
	case "return", "recall", "discard", "first":
		ok := len(args) == 1
		if ok {
			m.Card, ok = parseCardRef(args[0])
		}
		return ok
	case "deploy":
		if len(args) != 2 {
			return false
		}
		var okc, okl bool
		m.Card, okc = parseCardRef(args[0])
		m.Lane, okl = parseLane(args[1])
		return okc && okl
	case "equip", "swap":
		if len(args) != 2 {
			return false
		}
		var okc, okt bool
		m.Card, okc = parseCardRef(args[0])
		m.Target, okt = parseCardRef(args[1])
		return okc && okt
	case "play", "use":
		return m.parsePlay(args)
	}
	return false
}

// stackRef names a stack of the supply: troop stack N ("t3") or item
// slot N ("i5"), counted from 1.
type stackRef struct {
	Items bool
	N     int
}

func (r stackRef) String() string {
	if r.Items {
		return "i" + strconv.Itoa(r.N)
	}
	return "t" + strconv.Itoa(r.N)
}

// parseStack reads a stack handle: "t3" (troops) or "i5" (items).
func (m *move) parseStack(ref string) bool {
	if len(ref) < 2 || (ref[0] != 't' && ref[0] != 'i') {
		return false
	}
	n, err := strconv.Atoi(ref[1:])
	m.Stack = stackRef{Items: ref[0] == 'i', N: n}
	return err == nil && n >= 1
}

// parsePlay reads "play c40 [target]", "use c12 [target]" or "use div
// [target]"; a target is a card, a lane or an enemy by place.
func (m *move) parsePlay(args []string) bool {
	if len(args) < 1 || len(args) > 2 {
		return false
	}
	ok := false
	if m.Verb == "use" && args[0] == "div" {
		m.Div, ok = true, true
	} else {
		m.Card, ok = parseCardRef(args[0])
	}
	if !ok || len(args) == 1 {
		return ok
	}
	if id, ok := parseCardRef(args[1]); ok {
		m.Target = id
		return true
	}
	if l, ok := parseLane(args[1]); ok {
		m.Lane = l
		return true
	}
	if l, z, ok := parseEnemyRef(args[1]); ok {
		m.Lane, m.Zone = l, z
		return true
	}
	return false
}

// notation is the canonical text of a move.
func (m move) notation() string {
	c := func(id int) string { return "c" + strconv.Itoa(id) }
	tgt := ""
	switch {
	case m.Zone >= 0:
		tgt = fmt.Sprintf(" e%d.%d", m.Lane+1, m.Zone+1)
	case m.Target != noCard:
		tgt = " " + c(m.Target)
	case m.Lane >= 0:
		tgt = " lane" + strconv.Itoa(m.Lane+1)
	}
	switch m.Verb {
	case "ready", "pass":
		return m.Verb
	case "show":
		return "show hand"
	case "autopass", "division":
		return m.Verb + " " + m.Flag
	case "buy":
		return "buy " + m.Stack.String()
	case "return", "recall", "discard", "first":
		return m.Verb + " " + c(m.Card)
	case "deploy":
		return "deploy " + c(m.Card) + tgt
	case "equip", "swap":
		return m.Verb + " " + c(m.Card) + " " + c(m.Target)
	default: // play, use
		if m.Div {
			return "use div" + tgt
		}
		return m.Verb + " " + c(m.Card) + tgt
	}
}

// LegalMoves implements games.Game. The order is stable: phase moves
// first, then the standing choices.
func (g *Game) LegalMoves(seat games.Seat) []games.Move {
	s := g.s
	if s.Phase == PhaseOver || int(seat) < 0 || int(seat) >= s.Seats {
		return nil
	}
	l := &lister{g: g, seat: seat}
	switch s.Phase {
	case PhaseDivision:
		for _, d := range g.cs.Divisions {
			m := with(blank, "division")
			m.Flag = d.Key
			l.try(m)
		}
	case PhaseSupply:
		l.supply()
	case PhaseDeploy, PhaseCollect:
		l.deploy()
	case PhaseCombat:
		l.combat()
	}
	p := s.Players[seat]
	if len(p.Hand) > 0 {
		l.try(with(blank, "show"))
	}
	auto := with(blank, "autopass")
	auto.Flag = "on"
	if p.Autopass {
		auto.Flag = "off"
	}
	l.try(auto)
	return l.out
}

// blank is a move that names nothing.
var blank = move{Card: noCard, Target: noCard, Lane: -1, Zone: -1}

// lister collects the legal moves of a seat: the candidates of the phase
// that pass the rules' check.
type lister struct {
	g    *Game
	seat games.Seat
	out  []games.Move
}

func (l *lister) try(m move) {
	if l.g.check(l.seat, m) == nil {
		l.out = append(l.out, l.g.describeMove(l.seat, m))
	}
}

// supply lists ready, the purchases and the returns.
func (l *lister) supply() {
	s := l.g.s
	l.try(with(blank, "ready"))
	for i := range l.g.troopStacks() {
		m := with(blank, "buy")
		m.Stack = stackRef{N: i + 1}
		l.try(m)
	}
	for i := range s.Slots {
		m := with(blank, "buy")
		m.Stack = stackRef{Items: true, N: i + 1}
		l.try(m)
	}
	for _, id := range s.Players[l.seat].Bought {
		m := with(blank, "return")
		m.Card = id
		l.try(m)
	}
}

// deploy lists the moves of the deployment and collection phases.
func (l *lister) deploy() {
	s := l.g.s
	hand := s.Players[l.seat].Hand
	l.try(with(blank, "ready"))
	for _, id := range hand {
		for li := range s.Lanes {
			m := with(blank, "deploy")
			m.Card, m.Lane = id, li
			l.try(m)
		}
	}
	equipment := slices.Clone(hand)
	for _, t := range s.Lanes[l.seat].Troops {
		if t.Weapon != noCard {
			equipment = append(equipment, t.Weapon)
		}
		if t.Armour != noCard {
			equipment = append(equipment, t.Armour)
		}
	}
	for _, id := range equipment {
		for _, ln := range s.Lanes {
			for _, t := range ln.Troops {
				m := with(blank, "equip")
				m.Card, m.Target = id, t.ID
				l.try(m)
			}
		}
	}
	own := s.Lanes[l.seat].Troops
	for a := range own {
		for b := a + 1; b < len(own); b++ {
			m := with(blank, "swap")
			m.Card, m.Target = own[a].ID, own[b].ID
			l.try(m)
		}
	}
	for _, ln := range s.Lanes {
		for _, t := range ln.Troops {
			for _, id := range []int{t.ID, t.Weapon, t.Armour} {
				if id != noCard {
					m := with(blank, "recall")
					m.Card = id
					l.try(m)
				}
			}
		}
	}
	for _, id := range hand {
		m := with(blank, "discard")
		m.Card = id
		l.try(m)
	}
}

// combat lists the order of waiting reveal effects, or the moves of a
// reaction window.
func (l *lister) combat() {
	g, s := l.g, l.g.s
	if s.Pending != nil {
		for _, id := range s.Pending.Enemies {
			m := with(blank, "first")
			m.Card = id
			l.try(m)
		}
		return
	}
	if !s.Combat.Window {
		return
	}
	l.try(with(blank, "pass"))
	for _, id := range s.Players[l.seat].Hand {
		for _, m := range g.targeted(with(blank, "play"), id, g.instant(id)) {
			l.try(m)
		}
	}
	for _, t := range s.Lanes[l.seat].Troops {
		tt := g.cs.troop(s.Cards[t.ID].Key)
		for _, m := range g.targeted(with(blank, "use"), t.ID, tt.Ability) {
			l.try(m)
		}
	}
	if a := g.divisionActive(int(l.seat)); a != nil {
		m := with(blank, "use")
		m.Div = true
		for _, m := range g.targeted(m, noCard, a) {
			l.try(m)
		}
	}
}

func with(m move, verb string) move {
	m.Verb = verb
	return m
}

// instant returns the play ability of an instant card, or nil.
func (g *Game) instant(id int) *Ability {
	c := g.s.Cards[id]
	if c.Kind != kindItem {
		return nil
	}
	return g.cs.item(c.Key).Play
}

// targeted expands a play or use move over the targets its ability allows.
func (g *Game) targeted(m move, id int, a *Ability) []move {
	if a == nil {
		return nil
	}
	m.Card = id
	var out []move
	switch a.Choose {
	case "":
		out = append(out, m)
	case "enemy":
		for li, l := range g.s.Lanes {
			for j := range l.Enemies {
				t := m
				t.Lane, t.Zone = li, j
				out = append(out, t)
			}
		}
	case "troop":
		for _, l := range g.s.Lanes {
			for _, tr := range l.Troops {
				t := m
				t.Target = tr.ID
				out = append(out, t)
			}
		}
	case "lane":
		for li := range g.s.Lanes {
			t := m
			t.Lane = li
			out = append(out, t)
		}
	}
	return out
}

// troopStacks lists the troop types with a stack on the board, in the
// order of the "t" handles.
func (g *Game) troopStacks() []int {
	var out []int
	for i, t := range g.cs.Troops {
		if !t.Starter {
			out = append(out, i)
		}
	}
	return out
}

// stack resolves a stack handle to its pile and the cost for seat.
func (g *Game) stack(seat games.Seat, ref stackRef) (pile *[]int, cost int, wave int, ok bool) {
	n := ref.N
	if n < 1 {
		return nil, 0, 0, false
	}
	if !ref.Items {
		ts := g.troopStacks()
		if n > len(ts) {
			return nil, 0, 0, false
		}
		tt := g.cs.Troops[ts[n-1]]
		return &g.s.TroopPiles[ts[n-1]], discounted(tt.Cost, g.divisionSum(int(seat), "troop_discount")), tt.Wave, true
	}
	if n > len(g.s.Slots) || g.s.Slots[n-1] == noCard {
		return nil, 0, 0, false
	}
	it := g.cs.Items[g.s.Slots[n-1]]
	return &g.s.ItemPiles[g.s.Slots[n-1]], discounted(it.Cost, g.itemDiscount(int(seat), it)), 1, true
}

func discounted(cost, discount int) int {
	if cost <= 0 {
		return 0
	}
	return max(1, cost-discount)
}

func (g *Game) itemDiscount(seat int, it ItemType) int {
	p := g.s.Players[seat]
	if p.Division == "" {
		return 0
	}
	total := 0
	for w, a := range g.cs.division(p.Division).Abilities {
		if w < g.s.wave() && a.Kind == "item_discount" && (a.Trait == "" || a.Trait == it.Kind || slices.Contains(it.Traits, a.Trait)) {
			total += a.Amount
		}
	}
	return total
}
