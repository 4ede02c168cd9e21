package dei

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/playbychat/pbc/games"
)

// TestScenarios plays the rules scenarios of testdata/rules: each file sets
// up a position in a few lines, makes moves and checks what the manual
// says. The language is documented in testdata/rules/README.md.
func TestScenarios(t *testing.T) {
	files, err := filepath.Glob("testdata/rules/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no scenarios: %v", err)
	}
	for _, f := range files {
		t.Run(strings.TrimSuffix(filepath.Base(f), ".txt"), func(t *testing.T) {
			runScenario(t, f)
		})
	}
}

// scenario is a game being set up and played by a scenario file.
type scenario struct {
	t       *testing.T
	g       *Game
	options map[string]string
	seats   int
	seed    uint64
	line    int
	file    string
	events  []games.Event
}

func runScenario(t *testing.T, path string) {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := &scenario{t: t, options: map[string]string{}, seed: 1, file: filepath.Base(path)}
	in := bufio.NewScanner(f)
	for in.Scan() {
		sc.line++
		text := strings.TrimSpace(in.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		sc.exec(text)
		if sc.g != nil {
			if err := sc.g.CheckInvariants(); err != nil {
				sc.fail("invariant after %q: %v", text, err)
			}
		}
	}
}

func (sc *scenario) fail(format string, args ...any) {
	sc.t.Helper()
	board := ""
	if sc.g != nil {
		board = "\n" + sc.g.View(games.Spectator).Describe(games.English)
	}
	sc.t.Fatalf("%s:%d: %s%s", sc.file, sc.line, fmt.Sprintf(format, args...), board)
}

func (sc *scenario) seat(tok string) int {
	sc.t.Helper()
	if tok == "none" {
		return noSeat
	}
	n, err := strconv.Atoi(strings.TrimPrefix(tok, "p"))
	if !strings.HasPrefix(tok, "p") || err != nil || n < 0 || (sc.g != nil && n >= sc.g.s.Seats) {
		sc.fail("bad seat %q", tok)
	}
	return n
}

func (sc *scenario) area(tok string) int {
	sc.t.Helper()
	a, ok := sc.g.b.Area(tok)
	if !ok {
		sc.fail("no area %q", tok)
	}
	return a
}

func (sc *scenario) card(tok string) int {
	sc.t.Helper()
	i, ok := sc.g.c.cardIdx[strings.ToUpper(tok)]
	if !ok {
		sc.fail("no card %q", tok)
	}
	return i
}

func (sc *scenario) num(tok string) int {
	sc.t.Helper()
	n, err := strconv.Atoi(tok)
	if err != nil {
		sc.fail("bad number %q", tok)
	}
	return n
}

// exec runs one line.
func (sc *scenario) exec(line string) {
	sc.t.Helper()
	f := strings.Fields(line)
	cmd, args := f[0], f[1:]
	if sc.g == nil && cmd != "options" && cmd != "seed" && cmd != "players" {
		sc.fail("set the game up with players first")
	}
	switch cmd {
	case "options":
		for _, a := range args {
			k, v, ok := strings.Cut(a, "=")
			if !ok {
				v = "true"
			}
			sc.options[k] = v
		}
	case "seed":
		sc.seed = uint64(sc.num(args[0]))
	case "players":
		sc.setup(sc.num(args[0]), args[1:])
	case "clear":
		sc.clear()
	case "at":
		sc.at(line)
	case "res":
		a := sc.area(args[0])
		n := sc.num(args[1])
		st := &sc.g.s.Areas[a]
		if sc.g.b.Areas[a].Ground {
			sc.g.s.TechSupply += st.Tech - n
			st.Tech = n
		} else {
			sc.g.s.EnergySupply += st.Energy - n
			st.Energy = n
		}
	case "has":
		p := &sc.g.s.Players[sc.seat(args[0])]
		for i := 1; i+1 < len(args); i += 2 {
			n := sc.num(args[i+1])
			switch args[i] {
			case "tech":
				sc.g.s.TechSupply += p.Tech - n
				p.Tech = n
			case "energy":
				sc.g.s.EnergySupply += p.Energy - n
				p.Energy = n
			case "vp":
				p.VP = n
			default:
				sc.fail("has: unknown %q", args[i])
			}
		}
	case "candy":
		sc.giveCandy(sc.seat(args[0]), args[1:])
	case "feat":
		sc.giveFeat(sc.seat(args[0]), args[1], len(args) < 3 || args[2] != "hidden")
	case "camp":
		p := &sc.g.s.Players[sc.seat(args[0])]
		p.Camps = append(p.Camps, sc.area(args[1]))
	case "lift":
		p := &sc.g.s.Players[sc.seat(args[0])]
		p.Lifts = append(p.Lifts, lift{Ground: sc.area(args[1]), Roof: sc.area(args[2])})
	case "bridge":
		p := &sc.g.s.Players[sc.seat(args[0])]
		p.Bridges = append(p.Bridges, sc.spot(args[1], args[2]))
	case "drone":
		i := sc.g.droneIndex(args[0])
		if i == none {
			sc.fail("drone %s is not on the map", args[0])
		}
		sc.g.s.Drones[i].Area = sc.area(args[1])
	case "hand":
		seat := sc.seat(args[0])
		for _, c := range args[1:] {
			sc.takeCard(sc.card(c))
			sc.g.s.Players[seat].Hand = append(sc.g.s.Players[seat].Hand, sc.card(c))
		}
	case "slot":
		mi, ok := sc.g.c.market(args[0])
		if !ok {
			sc.fail("no market %q", args[0])
		}
		slot := sc.num(args[1]) - 1
		c := sc.card(args[2])
		old := sc.g.s.Markets[mi].Slots[slot]
		sc.takeCard(c)
		if old != none {
			sc.g.s.Box = append(sc.g.s.Box, old)
		}
		sc.g.s.Markets[mi].Slots[slot] = c
	case "mission":
		slot := sc.num(args[0])
		m, ok := sc.g.c.missionIdx[strings.ToUpper(args[1])]
		if !ok {
			sc.fail("no mission %q", args[1])
		}
		if i := slices.Index(sc.g.s.Missions, m); i >= 0 {
			sc.g.s.Missions[i] = sc.g.s.Missions[slot]
		}
		sc.g.s.Missions[slot] = m
	case "mark":
		p := &sc.g.s.Players[sc.seat(args[0])]
		p.Marks = append(p.Marks, sc.num(args[1]))
	case "turn":
		sc.turn(sc.seat(args[0]), args[1:])
	case "open":
		sc.open(args)
	case "closing":
		sc.g.s.Cur.Closing = true
	case "do":
		sc.do(sc.seat(args[0]), strings.Join(args[1:], " "), true, "")
	case "refuse":
		// refuse p0 <notation> [: <words of the English reason>]
		move, reason, _ := strings.Cut(strings.Join(args[1:], " "), " : ")
		sc.do(sc.seat(args[0]), move, false, reason)
	case "expect":
		sc.expect(args)
	default:
		sc.fail("unknown command %q", cmd)
	}
	if sc.g != nil && cmd != "do" && cmd != "refuse" && cmd != "expect" {
		// The line changed the state behind the game's back: outposts
		// follow, and the legal moves are computed afresh.
		sc.g.updateOutposts(&eventLog{})
		sc.g = sc.g.c.game(sc.g.b, sc.g.s)
	}
}

// setup creates a game with the factions given in seat order; every player
// puts the leader on the first neutral camp.
func (sc *scenario) setup(seats int, factions []string) {
	def, err := Definition.ResolveOptions(sc.options, seats)
	if err != nil {
		sc.fail("options: %v", err)
	}
	gg, err := Definition.New(games.Setup{Seats: seats, Options: def, Seed: sc.seed})
	if err != nil {
		sc.fail("setup: %v", err)
	}
	sc.g = gg.(*Game)
	sc.seats = seats
	if sc.g.s.Stage == stageFaction {
		if len(factions) != seats {
			sc.fail("players %d needs %d factions", seats, seats)
		}
		for i, f := range factions {
			sc.do(i, "faction "+f, true, "")
		}
	}
	for sc.g.s.Stage == stagePlace {
		seat := sc.g.s.acting()
		sc.do(seat, sc.g.cands(seat)[0].notation, true, "")
	}
}

// clear takes every scrapper off the map and puts the leaders on the first
// neutral camp; resources stay.
func (sc *scenario) clear() {
	s := sc.g.s
	camp := none
	for i, a := range sc.g.b.Areas {
		if a.Camp {
			camp = i
			break
		}
	}
	for i := range s.Areas {
		for seat := range s.Seats {
			s.Players[seat].Supply += s.Areas[i].Figs[seat]
			s.Areas[i].Figs[seat] = 0
		}
	}
	for seat := range s.Players {
		s.Players[seat].Leader = camp
	}
}

// at sets the figures in an area: "at G3: p0 2 L; p1 1".
func (sc *scenario) at(line string) {
	head, rest, _ := strings.Cut(strings.TrimPrefix(line, "at "), ":")
	a := sc.area(strings.TrimSpace(head))
	for _, part := range strings.Split(rest, ";") {
		f := strings.Fields(part)
		if len(f) == 0 {
			continue
		}
		seat := sc.seat(f[0])
		for _, tok := range f[1:] {
			if tok == "L" {
				sc.g.s.Players[seat].Leader = a
				continue
			}
			n := sc.num(tok)
			p := &sc.g.s.Players[seat]
			p.Supply += sc.g.s.Areas[a].Figs[seat] - n
			sc.g.s.Areas[a].Figs[seat] = n
			if p.Supply < 0 {
				sc.fail("seat %d has too few scrappers", seat)
			}
		}
	}
}

// spot finds the bridge site between two roofs.
func (sc *scenario) spot(a, b string) int {
	ra, rb := sc.area(a), sc.area(b)
	for i, s := range sc.g.b.Bridges {
		if (s.Roofs[0] == ra && s.Roofs[1] == rb) || (s.Roofs[0] == rb && s.Roofs[1] == ra) {
			return i
		}
	}
	sc.fail("no bridge site %s–%s", a, b)
	return none
}

// giveCandy hands markers of the named kinds to seat from the supply.
func (sc *scenario) giveCandy(seat int, kinds []string) {
	s := sc.g.s
	for _, k := range kinds {
		i := slices.IndexFunc(s.CandySupply, func(m int) bool { return sc.g.c.candyKind[m] == k })
		if i < 0 {
			sc.fail("no %s candy in the supply", k)
		}
		s.Players[seat].Candy = append(s.Players[seat].Candy, s.CandySupply[i])
		s.CandySupply = slices.Delete(s.CandySupply, i, i+1)
	}
}

// giveFeat makes seat's feat of the feat's colour this one (earned or
// not): the feat changes places with the one seat held.
func (sc *scenario) giveFeat(seat int, key string, earned bool) {
	s := sc.g.s
	f, ok := sc.g.c.featIdx[key]
	if !ok {
		sc.fail("no feat %q", key)
	}
	p := &s.Players[seat]
	j := slices.IndexFunc(p.Feats, func(x int) bool { return sc.g.c.Feats[x].Colour == sc.g.c.Feats[f].Colour })
	if j < 0 {
		sc.fail("seat %d has no feat of that colour yet", seat)
	}
	old := p.Feats[j]
	if i := slices.Index(s.FeatBox, f); i >= 0 {
		s.FeatBox[i] = old
	}
	for o := range s.Players {
		if k := slices.Index(s.Players[o].Feats, f); k >= 0 {
			s.Players[o].Feats[k] = old
		}
	}
	p.Feats[j], p.Earned[j] = f, earned
}

// takeCard removes a card from wherever it is.
func (sc *scenario) takeCard(c int) {
	s := sc.g.s
	del := func(xs *[]int) { *xs = slices.DeleteFunc(*xs, func(x int) bool { return x == c }) }
	del(&s.Box)
	for i := range s.Markets {
		del(&s.Markets[i].Deck)
		for j, x := range s.Markets[i].Slots {
			if x == c {
				s.Markets[i].Slots[j] = none
			}
		}
	}
	for i := range s.Players {
		p := &s.Players[i]
		del(&p.Hand)
		del(&p.Recycled)
		del(&p.Plan)
		for ph := range p.Pad {
			p.Pad[ph] = slices.DeleteFunc(p.Pad[ph], func(pc padCard) bool { return pc.Card == c })
		}
	}
}

// turn makes it seat's turn in an action phase: "turn p0 round 2 phase 3".
func (sc *scenario) turn(seat int, args []string) {
	s := sc.g.s
	s.Stage = stageAct
	if s.Round == 0 {
		s.Round = 1
	}
	if s.Phase == 0 {
		s.Phase = 1
	}
	for i := 0; i+1 < len(args); i += 2 {
		switch args[i] {
		case "round":
			s.Round = sc.num(args[i+1])
		case "phase":
			s.Phase = sc.num(args[i+1])
		default:
			sc.fail("turn: unknown %q", args[i])
		}
	}
	s.Order = seatsFrom(s.Start, s.Seats)
	s.Turn = slices.Index(s.Order, seat)
	s.Draft = nil
	for i := range s.Players {
		s.Players[i].Plan = nil
	}
	s.Cur = &turn{Open: none, Actions: []action{}}
}

// open gives the acting player open actions as if from a played card:
// "open move rmove build:camp drone:hunter:1 collect".
func (sc *scenario) open(args []string) {
	t := sc.g.s.Cur
	if t == nil {
		sc.fail("open needs a turn")
	}
	colourOf := map[string]string{"r": Red, "b": Blue, "g": Green}
	for _, a := range args {
		parts := strings.Split(a, ":")
		act := Action{Do: parts[0]}
		if len(parts[0]) > 1 && colourOf[parts[0][:1]] != "" && slices.Contains([]string{"rdeploy", "gdeploy", "rmove", "bmove", "bcollect", "gcollect"}, parts[0]) {
			act.Colour, act.Do = colourOf[parts[0][:1]], parts[0][1:]
		}
		switch act.Do {
		case DoBuild:
			if len(parts) > 1 {
				act.What = parts[1]
			}
		case DoDrone:
			act.Drone = parts[1]
			if len(parts) > 2 {
				act.Bonus = sc.num(parts[2])
			}
		}
		t.Actions = append(t.Actions, action{Action: act})
	}
}

// do plays a move that must be accepted (ok) or refused; a refusal's
// English reason must contain reason, and a German one must be given.
func (sc *scenario) do(seat int, notation string, ok bool, reason string) {
	sc.t.Helper()
	next, ev, err := games.PlayText(sc.g, games.Seat(seat), notation)
	switch {
	case ok && err != nil:
		var legal []string
		for _, m := range sc.g.LegalMoves(games.Seat(seat)) {
			legal = append(legal, m.Notation)
		}
		sc.fail("%q of seat %d refused: %v\nlegal: %s", notation, seat, err, strings.Join(legal, " | "))
	case !ok && err == nil:
		sc.fail("%q of seat %d accepted", notation, seat)
	case !ok:
		re, rule := games.AsRuleError(err)
		switch {
		case !rule:
			sc.fail("%q refused with %v, not a rule error", notation, err)
		case !strings.Contains(re.Reason.EN, reason):
			sc.fail("%q refused with %q, want a reason with %q", notation, re.Reason.EN, reason)
		case re.Reason.DE == "" || re.Reason.DE == re.Reason.EN:
			sc.fail("%q refused without a German reason: %q", notation, re.Reason.DE)
		}
		return
	}
	sc.g = next.(*Game)
	sc.events = ev
}

// expect checks one fact.
func (sc *scenario) expect(args []string) {
	sc.t.Helper()
	s := sc.g.s
	check := func(what string, got, want any) {
		sc.t.Helper()
		if fmt.Sprint(got) != fmt.Sprint(want) {
			sc.fail("expect %s: got %v, want %v", what, got, want)
		}
	}
	switch args[0] {
	case "holder":
		check("holder of "+args[1], sc.g.holder(sc.area(args[1])), sc.seat(args[2]))
	case "value":
		check("value of "+args[2]+" in "+args[1], sc.g.value(sc.seat(args[2]), sc.area(args[1]), hypo{}), sc.num(args[3]))
	case "figs":
		check("scrappers of "+args[2]+" in "+args[1], s.Areas[sc.area(args[1])].Figs[sc.seat(args[2])], sc.num(args[3]))
	case "leader":
		check("leader of "+args[1], sc.g.b.Areas[s.Players[sc.seat(args[1])].Leader].ID, strings.ToUpper(args[2]))
	case "res":
		a := s.Areas[sc.area(args[1])]
		check("resources in "+args[1], a.Tech+a.Energy, sc.num(args[2]))
	case "supply":
		check("scrappers in the supply of "+args[1], s.Players[sc.seat(args[1])].Supply, sc.num(args[2]))
	case "vp", "tech", "energy", "candy", "hand", "recycled":
		p := s.Players[sc.seat(args[1])]
		got := map[string]int{"vp": p.VP, "tech": p.Tech, "energy": p.Energy, "candy": len(p.Candy), "hand": len(p.Hand), "recycled": len(p.Recycled)}[args[0]]
		check(args[0]+" of "+args[1], got, sc.num(args[2]))
	case "cubes":
		check(args[2]+" cubes of "+args[1], sc.g.cubes(sc.seat(args[1]), args[2]), sc.num(args[3]))
	case "owner":
		a := sc.area(args[1])
		for _, o := range s.Outposts {
			if o.Area == a {
				check("outpost owner in "+args[1], o.Owner, sc.seat(args[2]))
				return
			}
		}
		sc.fail("no outpost in %s", args[1])
	case "earned":
		seat := sc.seat(args[1])
		f := sc.g.c.featIdx[args[2]]
		i := slices.Index(s.Players[seat].Feats, f)
		check("feat "+args[2]+" of "+args[1]+" earned", i >= 0 && s.Players[seat].Earned[i], args[3] == "yes")
	case "legal", "illegal":
		seat := sc.seat(args[1])
		n := games.NormalizeNotation(strings.Join(args[2:], " "))
		_, ok := games.FindMove(sc.g, games.Seat(seat), n)
		check(n+" legal", ok, args[0] == "legal")
	case "moves":
		// expect moves p0 <verb>: the seat's complete moves of a verb.
		seat := sc.seat(args[1])
		var got []string
		for _, m := range sc.g.cands(seat) {
			if m.Verb == args[2] {
				got = append(got, m.notation)
			}
		}
		check("moves "+args[2], strings.Join(got, ", "), strings.Join(args[3:], " "))
	case "stage":
		check("stage", s.Stage, args[1])
	case "drones":
		var keys []string
		for _, d := range s.Drones {
			keys = append(keys, d.Key)
		}
		check("drones on the map", strings.Join(keys, " "), strings.Join(args[1:], " "))
	case "boxed":
		check(args[1]+" out of the game", slices.Contains(s.Box, sc.card(args[1])), args[2] == "yes")
	case "districts":
		check("districts", len(sc.g.b.Tiles), sc.num(args[1]))
	case "missions":
		n := 0
		for _, m := range s.Missions {
			if m != none {
				n++
			}
		}
		check("missions on the grid", n, sc.num(args[1]))
	case "handknown":
		// expect handknown p0 to p1 yes: whether p1's view shows p0's hand.
		v := sc.g.View(games.Seat(sc.seat(args[3]))).(*View)
		check(args[1]+"'s hand known to "+args[3], v.Players[sc.seat(args[1])].Hand != nil, args[4] == "yes")
	case "private":
		// expect private p0 plan ...: the move is marked private.
		seat := sc.seat(args[1])
		n := games.NormalizeNotation(strings.Join(args[2:], " "))
		m, ok := games.FindMove(sc.g, games.Seat(seat), n)
		if !ok {
			sc.fail("%q is not legal", n)
		}
		check(n+" private", m.Private, true)
	case "acting":
		check("acting seat", s.acting(), sc.seat(args[1]))
	case "start":
		check("start player", s.Start, sc.seat(args[1]))
	case "round":
		check("round", s.Round, sc.num(args[1]))
	case "event":
		want := strings.Join(args[1:], " ")
		for _, e := range sc.events {
			if strings.Contains(e.Text.EN, want) {
				return
			}
		}
		var got []string
		for _, e := range sc.events {
			got = append(got, e.Text.EN)
		}
		sc.fail("no event containing %q in %q", want, got)
	case "stock":
		p := s.Players[sc.seat(args[1])]
		check("stock of "+args[1], fmt.Sprintf("%d/%d/%d", buildingsPerKind-len(p.Camps), buildingsPerKind-len(p.Lifts), buildingsPerKind-len(p.Bridges)), args[2])
	case "marks":
		check("mission markers of "+args[1], markersPerSeat-len(s.Players[sc.seat(args[1])].Marks), sc.num(args[2]))
	case "hidden":
		// expect hidden p1 to p0: p1's unearned feats are unknown in p0's view.
		v := sc.g.View(games.Seat(sc.seat(args[3]))).(*View)
		for _, f := range v.Players[sc.seat(args[1])].Feats {
			if f.Known && !f.Earned {
				sc.fail("%s sees %s's unearned feat %s", args[3], args[1], f.Key)
			}
		}
	default:
		sc.fail("unknown expectation %q", args[0])
	}
}
