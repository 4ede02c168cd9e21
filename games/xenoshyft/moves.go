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
	Verb   string // see parseMove
	Stack  string // "t3", "i5" for buy
	Card   int    // the card moved or played, noCard if none
	Div    bool   // "use div": the division ability
	Target int    // target card (a troop), noCard if none
	Lane   int    // target lane (0-based), -1 if none
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

var errSyntax = games.Violation(
	"Unknown move. Examples: buy t3, buy i5, deploy c12 lane2, equip c30 c12, play c40 e1.1, use c12, pass, ready.",
	"Unbekannter Zug. Beispiele: buy t3, buy i5, deploy c12 lane2, equip c30 c12, play c40 e1.1, use c12, pass, ready.")

// parseMove reads a notation such as "deploy c12 lane2".
func parseMove(text string) (move, error) {
	f := strings.Fields(games.NormalizeNotation(text))
	m := move{Card: noCard, Target: noCard, Lane: -1, Zone: -1}
	if len(f) == 0 {
		return m, errSyntax
	}
	m.Verb = f[0]
	args := f[1:]
	target := func(a string) bool {
		if id, ok := parseCardRef(a); ok {
			m.Target = id
			return true
		}
		if l, ok := parseLane(a); ok {
			m.Lane = l
			return true
		}
		if l, z, ok := parseEnemyRef(a); ok {
			m.Lane, m.Zone = l, z
			return true
		}
		return false
	}
	ok := false
	switch m.Verb {
	case "ready", "pass":
		ok = len(args) == 0
	case "show":
		ok = len(args) == 1 && args[0] == "hand"
	case "autopass":
		ok = len(args) == 1 && (args[0] == "on" || args[0] == "off")
		if ok {
			m.Flag = args[0]
		}
	case "division":
		ok = len(args) == 1
		if ok {
			m.Flag = args[0]
		}
	case "buy":
		ok = len(args) == 1 && len(args[0]) > 1 && (args[0][0] == 't' || args[0][0] == 'i')
		if ok {
			_, err := strconv.Atoi(args[0][1:])
			ok = err == nil
			m.Stack = args[0]
		}
	case "return", "recall", "discard", "first":
		if len(args) == 1 {
			m.Card, ok = parseCardRef(args[0])
		}
	case "deploy":
		if len(args) == 2 {
			var okc, okl bool
			m.Card, okc = parseCardRef(args[0])
			m.Lane, okl = parseLane(args[1])
			ok = okc && okl
		}
	case "equip", "swap":
		if len(args) == 2 {
			var okc, okt bool
			m.Card, okc = parseCardRef(args[0])
			m.Target, okt = parseCardRef(args[1])
			ok = okc && okt
		}
	case "play", "use":
		if len(args) == 1 || len(args) == 2 {
			if m.Verb == "use" && args[0] == "div" {
				m.Div, ok = true, true
			} else {
				m.Card, ok = parseCardRef(args[0])
			}
			if ok && len(args) == 2 {
				ok = target(args[1])
			}
		}
	}
	if !ok {
		return move{}, errSyntax
	}
	return m, nil
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
		return "buy " + m.Stack
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

// ToAct implements games.Game.
func (g *Game) ToAct() []games.Actor {
	s := g.s
	var out []games.Actor
	switch s.Phase {
	case phaseDivision:
		for i, p := range s.Players {
			if p.Division == "" {
				out = append(out, games.Actor{Seat: games.Seat(i), Kind: games.Simultaneous,
					Prompt: games.T("Choose your division.", "Wähle deine Division.")})
			}
		}
	case phaseSupply, phaseDeploy, phaseCollect:
		prompt := map[string]games.Text{
			phaseSupply:  games.T("Buy troops and items, then declare ready.", "Kaufe Truppen und Gegenstände, dann melde bereit."),
			phaseDeploy:  games.T("Deploy and equip troops, then declare ready.", "Stelle Truppen auf und rüste sie aus, dann melde bereit."),
			phaseCollect: games.T("Discard and rearrange at will, then declare ready.", "Wirf nach Belieben ab, ordne neu, dann melde bereit."),
		}[s.Phase]
		for i, p := range s.Players {
			if !p.Ready {
				out = append(out, games.Actor{Seat: games.Seat(i), Kind: games.Simultaneous, Prompt: prompt})
			}
		}
	case phaseCombat:
		if s.Pending != nil {
			return []games.Actor{{Seat: s.Pending.Seat, Kind: games.Reaction, Prompt: games.T(
				"Choose which reveal effect happens first.", "Wähle, welcher Aufdeck-Effekt zuerst eintritt.")}}
		}
		if !s.Combat.Window {
			return nil
		}
		li := s.Combat.Order[s.Combat.Index]
		for i, p := range s.Players {
			if !p.Passed {
				out = append(out, games.Actor{Seat: games.Seat(i), Kind: games.Reaction, Prompt: games.T(
					fmt.Sprintf("Reaction in lane %d: play an instant or ability, or pass.", li+1),
					fmt.Sprintf("Reaktion in Reihe %d: Spontaneffekt oder Fähigkeit spielen, oder passen.", li+1))})
			}
		}
	}
	return out
}

// DefaultMove implements games.Defaulter: a reaction window closes with a
// pass when a player's time runs out. Other phases wait.
func (g *Game) DefaultMove(seat games.Seat) (string, bool) {
	s := g.s
	if s.Phase == phaseCombat && s.Pending != nil {
		if seat == s.Pending.Seat {
			return fmt.Sprintf("first c%d", s.Pending.Enemies[0]), true
		}
		return "", false
	}
	if s.Phase == phaseCombat && s.Combat.Window && int(seat) >= 0 && int(seat) < s.Seats && !s.Players[seat].Passed {
		return "pass", true
	}
	return "", false
}

// LegalMoves implements games.Game. The order is stable: phase moves
// first, then the standing choices.
func (g *Game) LegalMoves(seat games.Seat) []games.Move {
	s := g.s
	if s.Phase == phaseOver || int(seat) < 0 || int(seat) >= s.Seats {
		return nil
	}
	var out []games.Move
	try := func(m move) {
		if g.check(seat, m) == nil {
			out = append(out, g.describeMove(seat, m))
		}
	}
	p := s.Players[seat]
	base := move{Card: noCard, Target: noCard, Lane: -1, Zone: -1}
	switch s.Phase {
	case phaseDivision:
		for _, d := range g.cs.Divisions {
			m := base
			m.Verb, m.Flag = "division", d.Key
			try(m)
		}
	case phaseSupply:
		try(with(base, "ready"))
		for i := range g.troopStacks() {
			m := with(base, "buy")
			m.Stack = "t" + strconv.Itoa(i+1)
			try(m)
		}
		for i := range s.Slots {
			m := with(base, "buy")
			m.Stack = "i" + strconv.Itoa(i+1)
			try(m)
		}
		for _, id := range p.Bought {
			m := with(base, "return")
			m.Card = id
			try(m)
		}
	case phaseDeploy, phaseCollect:
		try(with(base, "ready"))
		for _, id := range p.Hand {
			for li := range s.Lanes {
				m := with(base, "deploy")
				m.Card, m.Lane = id, li
				try(m)
			}
		}
		var equipment []int
		equipment = append(equipment, p.Hand...)
		for _, t := range s.Lanes[seat].Troops {
			if t.Weapon != noCard {
				equipment = append(equipment, t.Weapon)
			}
			if t.Armour != noCard {
				equipment = append(equipment, t.Armour)
			}
		}
		for _, id := range equipment {
			for _, l := range s.Lanes {
				for _, t := range l.Troops {
					m := with(base, "equip")
					m.Card, m.Target = id, t.ID
					try(m)
				}
			}
		}
		own := s.Lanes[seat].Troops
		for a := range own {
			for b := a + 1; b < len(own); b++ {
				m := with(base, "swap")
				m.Card, m.Target = own[a].ID, own[b].ID
				try(m)
			}
		}
		for _, l := range s.Lanes {
			for _, t := range l.Troops {
				for _, id := range []int{t.ID, t.Weapon, t.Armour} {
					if id != noCard {
						m := with(base, "recall")
						m.Card = id
						try(m)
					}
				}
			}
		}
		for _, id := range p.Hand {
			m := with(base, "discard")
			m.Card = id
			try(m)
		}
	case phaseCombat:
		if s.Pending != nil {
			for _, id := range s.Pending.Enemies {
				m := with(base, "first")
				m.Card = id
				try(m)
			}
		} else if s.Combat.Window {
			try(with(base, "pass"))
			for _, id := range p.Hand {
				for _, m := range g.targeted(with(base, "play"), id, g.instant(id)) {
					try(m)
				}
			}
			for _, t := range s.Lanes[seat].Troops {
				tt := g.cs.troop(s.Cards[t.ID].Key)
				for _, m := range g.targeted(with(base, "use"), t.ID, tt.Ability) {
					try(m)
				}
			}
			if a := g.divisionActive(int(seat)); a != nil {
				m := with(base, "use")
				m.Div = true
				for _, m := range g.targeted(m, noCard, a) {
					try(m)
				}
			}
		}
	}
	if len(p.Hand) > 0 {
		try(with(base, "show"))
	}
	auto := with(base, "autopass")
	auto.Flag = "on"
	if p.Autopass {
		auto.Flag = "off"
	}
	try(auto)
	return out
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

// stack resolves a "t3"/"i5" handle to a pile and the cost for seat.
func (g *Game) stack(seat games.Seat, ref string) (pile *[]int, cost int, wave int, ok bool) {
	n, err := strconv.Atoi(ref[1:])
	if err != nil || n < 1 {
		return nil, 0, 0, false
	}
	if ref[0] == 't' {
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

func notNow() error {
	return games.Violation("That is not possible in this phase.", "Das geht in dieser Phase nicht.")
}

var errReady = games.Violation("You have already declared ready.", "Du hast dich schon bereit gemeldet.")

// check decides whether seat may make move m now, with a reason if not.
func (g *Game) check(seat games.Seat, m move) error {
	s := g.s
	if s.Phase == phaseOver {
		return games.ErrGameOver
	}
	if int(seat) < 0 || int(seat) >= s.Seats {
		return games.ErrNotYourTurn
	}
	for _, id := range []int{m.Card, m.Target} {
		if id != noCard && (id < 0 || id >= len(s.Cards)) {
			return games.Violation(fmt.Sprintf("There is no card c%d.", id), fmt.Sprintf("Es gibt keine Karte c%d.", id))
		}
	}
	p := s.Players[seat]
	inHand := m.Card != noCard && slices.Contains(p.Hand, m.Card)
	if s.Pending != nil && m.Verb != "first" && m.Verb != "autopass" && m.Verb != "show" {
		return games.Violation("First the order of the reveal effects must be chosen.", "Zuerst muss die Reihenfolge der Aufdeck-Effekte gewählt werden.")
	}
	switch m.Verb {
	case "first":
		if s.Pending == nil {
			return notNow()
		}
		if seat != s.Pending.Seat {
			return games.Violation("The player whose card revealed the enemies chooses the order.", "Der Spieler, dessen Karte die Feinde aufgedeckt hat, wählt die Reihenfolge.")
		}
		if !slices.Contains(s.Pending.Enemies, m.Card) {
			return games.Violation("That enemy has no waiting reveal effect.", "Dieser Feind hat keinen wartenden Aufdeck-Effekt.")
		}
		return nil
	case "autopass":
		if (m.Flag == "on") == p.Autopass {
			return games.Violation("Autopass is already "+m.Flag+".", "Autopass ist schon "+map[string]string{"on": "an", "off": "aus"}[m.Flag]+".")
		}
		return nil
	case "show":
		if len(p.Hand) == 0 {
			return games.Violation("Your hand is empty.", "Deine Hand ist leer.")
		}
		return nil
	case "division":
		if s.Phase != phaseDivision {
			return notNow()
		}
		if p.Division != "" {
			return games.Violation("You already command a division.", "Du führst schon eine Division.")
		}
		if _, ok := g.cs.divIdx[m.Flag]; !ok {
			return games.Violation("There is no division "+m.Flag+".", "Es gibt keine Division "+m.Flag+".")
		}
		for _, o := range s.Players {
			if o.Division == m.Flag {
				return games.Violation("Another player already took that division.", "Ein anderer Spieler hat diese Division schon.")
			}
		}
		return nil
	case "ready":
		if s.Phase != phaseSupply && s.Phase != phaseDeploy && s.Phase != phaseCollect {
			return notNow()
		}
		if p.Ready {
			return errReady
		}
		return nil
	case "buy":
		if s.Phase != phaseSupply {
			return notNow()
		}
		if p.Ready {
			return errReady
		}
		pile, cost, wave, ok := g.stack(seat, m.Stack)
		if !ok {
			return games.Violation("There is no stack "+m.Stack+".", "Es gibt keinen Stapel "+m.Stack+".")
		}
		if len(*pile) == 0 {
			return games.Violation("That stack is empty.", "Dieser Stapel ist leer.")
		}
		if wave > s.wave() {
			return games.Violation(fmt.Sprintf("That troop is available from wave %d.", wave), fmt.Sprintf("Diese Truppe ist erst ab Welle %d verfügbar.", wave))
		}
		if left := g.budget(int(seat)) - p.Spent; cost > left {
			return games.Violation(fmt.Sprintf("That costs %d xenosathem; you have %d left.", cost, left),
				fmt.Sprintf("Das kostet %d Xenosathem; du hast noch %d.", cost, left))
		}
		return nil
	case "return":
		if s.Phase != phaseSupply {
			return notNow()
		}
		if p.Ready {
			return errReady
		}
		if !slices.Contains(p.Bought, m.Card) || !inHand {
			return games.Violation("You can only return a card you bought in this supply phase.", "Du kannst nur eine in dieser Nachschubphase gekaufte Karte zurückgeben.")
		}
		return nil
	case "deploy":
		if s.Phase != phaseDeploy {
			return notNow()
		}
		if p.Ready {
			return errReady
		}
		if !inHand || s.Cards[m.Card].Kind != kindTroop {
			return games.Violation("Deploy a troop card from your hand.", "Stelle eine Truppenkarte aus deiner Hand auf.")
		}
		if m.Lane < 0 || m.Lane >= s.Seats {
			return games.Violation("There is no such lane.", "Diese Reihe gibt es nicht.")
		}
		if len(s.Lanes[m.Lane].Troops) >= laneZones {
			return games.Violation("That lane already holds 4 troops.", "In dieser Reihe liegen schon 4 Truppen.")
		}
		return nil
	case "equip":
		return g.checkEquip(seat, m, inHand)
	case "swap":
		if s.Phase != phaseDeploy && s.Phase != phaseCollect {
			return notNow()
		}
		if p.Ready {
			return errReady
		}
		la, a, oka := s.findTroop(m.Card)
		lb, b, okb := s.findTroop(m.Target)
		if !oka || !okb || la != int(seat) || lb != int(seat) || a >= b {
			return games.Violation("Swap two troops of your own lane (front one first).", "Tausche zwei Truppen deiner eigenen Reihe (die vordere zuerst).")
		}
		return nil
	case "recall":
		if s.Phase != phaseDeploy {
			return notNow()
		}
		if p.Ready {
			return errReady
		}
		return g.checkRecall(seat, m.Card)
	case "discard":
		if s.Phase != phaseCollect {
			return notNow()
		}
		if p.Ready {
			return errReady
		}
		if !inHand {
			return games.Violation("That card is not in your hand.", "Diese Karte ist nicht auf deiner Hand.")
		}
		return nil
	case "pass":
		if s.Phase != phaseCombat || !s.Combat.Window {
			return notNow()
		}
		if p.Passed {
			return games.Violation("You have already passed.", "Du hast schon gepasst.")
		}
		return nil
	case "play", "use":
		if s.Phase != phaseCombat || !s.Combat.Window {
			return games.Violation("Instants and abilities are played in the reaction step.", "Spontaneffekte und Fähigkeiten werden im Reaktionsschritt gespielt.")
		}
		var a *Ability
		switch {
		case m.Verb == "play":
			if !inHand {
				return games.Violation("That card is not in your hand.", "Diese Karte ist nicht auf deiner Hand.")
			}
			if a = g.instant(m.Card); a == nil {
				return games.Violation("Only instants can be played.", "Nur Spontaneffekte können gespielt werden.")
			}
		case m.Div:
			if a = g.divisionActive(int(seat)); a == nil {
				return games.Violation("Your division has no such ability yet.", "Deine Division hat noch keine solche Fähigkeit.")
			}
			if p.DivUsed {
				return games.Violation("Your division ability was already used this round.", "Deine Divisionsfähigkeit wurde diese Runde schon genutzt.")
			}
		default:
			li, j, ok := s.findTroop(m.Card)
			if !ok || li != int(seat) {
				return games.Violation("Use an ability of a troop in your own lane.", "Nutze die Fähigkeit einer Truppe deiner eigenen Reihe.")
			}
			if a = g.cs.troop(s.Cards[m.Card].Key).Ability; a == nil {
				return games.Violation("That troop has no ability.", "Diese Truppe hat keine Fähigkeit.")
			}
			if s.Lanes[li].Troops[j].Used {
				return games.Violation("That troop has used its ability this round.", "Diese Truppe hat ihre Fähigkeit diese Runde schon genutzt.")
			}
		}
		return g.checkTarget(a, m)
	}
	return errSyntax
}

func (g *Game) checkTarget(a *Ability, m move) error {
	s := g.s
	bad := games.Violation("That target is not allowed.", "Dieses Ziel ist nicht erlaubt.")
	switch a.Choose {
	case "":
		if m.Target != noCard || m.Lane >= 0 {
			return bad
		}
	case "enemy":
		if m.Target != noCard || m.Lane < 0 || m.Lane >= s.Seats || m.Zone < 0 || m.Zone >= len(s.Lanes[m.Lane].Enemies) {
			return games.Violation("Name an enemy by lane and zone as target, e.g. e2.1 (lane 2, front zone).",
				"Nenne einen Feind nach Reihe und Zone als Ziel, z. B. e2.1 (Reihe 2, vorderste Zone).")
		}
	case "troop":
		if _, _, ok := s.findTroop(m.Target); !ok || m.Lane >= 0 {
			return games.Violation("Name a troop as target, e.g. c12.", "Nenne eine Truppe als Ziel, z. B. c12.")
		}
	case "lane":
		if m.Lane < 0 || m.Lane >= s.Seats || m.Target != noCard || m.Zone >= 0 {
			return games.Violation("Name a lane as target, e.g. lane1.", "Nenne eine Reihe als Ziel, z. B. lane1.")
		}
	}
	return nil
}

func (g *Game) checkEquip(seat games.Seat, m move, inHand bool) error {
	s := g.s
	p := s.Players[seat]
	if s.Phase != phaseDeploy && s.Phase != phaseCollect {
		return notNow()
	}
	if p.Ready {
		return errReady
	}
	c := s.Cards[m.Card]
	if c.Kind != kindItem || g.cs.item(c.Key).Kind == "instant" {
		return games.Violation("Only weapons and armour can be equipped.", "Nur Waffen und Rüstungen können ausgerüstet werden.")
	}
	kind := g.cs.item(c.Key).Kind
	tl, tj, ok := s.findTroop(m.Target)
	if !ok {
		return games.Violation("Equip a troop in a lane.", "Rüste eine Truppe in einer Reihe aus.")
	}
	dst := s.Lanes[tl].Troops[tj]
	held, _ := dst.slot(kind)
	if inHand {
		if *held != noCard {
			return games.Violation("That troop already carries a "+kind+".", "Diese Truppe trägt schon eine "+map[string]string{"weapon": "Waffe", "armour": "Rüstung"}[kind]+".")
		}
		if s.Phase != phaseDeploy {
			return games.Violation("Cards from hand are equipped in the deployment phase.", "Karten aus der Hand werden in der Aufstellungsphase ausgerüstet.")
		}
		return nil
	}
	// Rearranging: the item must sit on another troop of the own lane; an
	// item of the same kind on the target changes places with it.
	fl, fj, ok := s.findEquipped(m.Card)
	if !ok || fl != int(seat) || tl != int(seat) {
		return games.Violation("Move equipment only within your own lane.", "Ausrüstung nur innerhalb der eigenen Reihe umverteilen.")
	}
	if fj == tj {
		return games.Violation("That troop already carries it.", "Diese Truppe trägt sie schon.")
	}
	src := s.Lanes[fl].Troops[fj]
	srcItem, _ := src.slot(kind)
	dstItem, _ := dst.slot(kind)
	*srcItem, *dstItem = *dstItem, *srcItem
	for _, t := range []troop{src, dst} {
		if t.Damage >= g.troopHP(fl, t) {
			return errEliminates(g.cardName(t.ID))
		}
	}
	return nil
}

// errEliminates refuses a rearrangement that would leave a damaged troop
// without the hit points it lives on.
func errEliminates(name games.Text) error {
	return games.Violation("That would eliminate "+name.EN+": its damage would reach its hit points.",
		"Das würde "+name.DE+" eliminieren: Ihr Schaden erreichte ihre Trefferpunkte.")
}

func (g *Game) checkRecall(seat games.Seat, id int) error {
	s := g.s
	mine := int(seat) + 1
	li, j, ok := s.findTroop(id)
	if ok {
		t := s.Lanes[li].Troops[j]
		if t.Fresh == mine && t.Weapon == noCard && t.Armour == noCard {
			return nil
		}
		return games.Violation("You can only take back a troop you placed this phase, without equipment.",
			"Du kannst nur eine in dieser Phase gelegte Truppe ohne Ausrüstung zurücknehmen.")
	}
	for li, l := range s.Lanes {
		for _, t := range l.Troops {
			if (t.Weapon == id && t.WeaponFresh == mine) || (t.Armour == id && t.ArmourFresh == mine) {
				item, _ := t.slot(g.cs.item(s.Cards[id].Key).Kind)
				*item = noCard
				if t.Damage >= g.troopHP(li, t) {
					return errEliminates(g.cardName(t.ID))
				}
				return nil
			}
		}
	}
	return games.Violation("You can only take back equipment you placed this phase.", "Du kannst nur in dieser Phase gelegte Ausrüstung zurücknehmen.")
}
