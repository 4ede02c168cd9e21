package armageddon

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

// TestScenarios plays the rules scenarios of testdata/rules, one file per
// section of the manual, one subtest per case: a few lines set up a
// position, make moves or run a step of the round, and check what the
// manual says. The language is documented in testdata/rules/README.md.
func TestScenarios(t *testing.T) {
	files, err := filepath.Glob("testdata/rules/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no scenarios: %v", err)
	}
	for _, f := range files {
		t.Run(strings.TrimSuffix(filepath.Base(f), ".txt"), func(t *testing.T) {
			for _, c := range readCases(t, f) {
				t.Run(c.name, func(t *testing.T) { c.run(t) })
			}
		})
	}
}

// seatNames are the players of the manual's examples, at seats 0-3.
var seatNames = []string{"Travis", "Nikki", "Frank", "Ani"}

// scenarioCase is one case of a scenario file: its lines and where they
// start.
type scenarioCase struct {
	name  string
	file  string
	lines []scenarioLine
}

type scenarioLine struct {
	n    int
	text string
}

func readCases(t *testing.T, path string) []*scenarioCase {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []*scenarioCase
	in := bufio.NewScanner(f)
	for n := 1; in.Scan(); n++ {
		text := strings.TrimSpace(in.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		if name, ok := strings.CutPrefix(text, "case "); ok {
			cases = append(cases, &scenarioCase{name: name, file: filepath.Base(path)})
			continue
		}
		if len(cases) == 0 {
			t.Fatalf("%s:%d: a line before the first case", path, n)
		}
		c := cases[len(cases)-1]
		c.lines = append(c.lines, scenarioLine{n, text})
	}
	if len(cases) == 0 {
		t.Fatalf("%s: no case", path)
	}
	return cases
}

// scenario is the game a case sets up and plays, and the public events
// (in English, with the seats' names) of its last step or move.
type scenario struct {
	t      *testing.T
	file   string
	line   int
	g      *Game
	events []string
}

func (c *scenarioCase) run(t *testing.T) {
	sc := &scenario{t: t, file: c.file, g: newTable(t, 4, nil, 1)}
	for _, l := range c.lines {
		sc.line = l.n
		sc.exec(strings.Fields(l.text))
		if err := sc.g.CheckInvariants(); err != nil {
			sc.fail("invariant after %q: %v", l.text, err)
		}
	}
}

// newTable is a game at the start of round 1's bidding with every score
// back at 10 and every plunderer marker on field 1.
func newTable(t *testing.T, seats int, opts map[string]string, seed uint64) *Game {
	t.Helper()
	g, _, err := Definition.Create(seats, opts, seed)
	if err != nil {
		t.Fatal(err)
	}
	return with(g.(*Game), func(s *state) {
		for i := range s.Players {
			s.Players[i].Score, s.Players[i].Plunderer = 10, 1
		}
	})
}

func (sc *scenario) fail(format string, args ...any) {
	sc.t.Helper()
	sc.t.Fatalf("%s:%d: %s\nevents: %q\n%s", sc.file, sc.line, fmt.Sprintf(format, args...), sc.events,
		games.FormatSeats(sc.g.View(games.Spectator).Describe(games.English), seatNames))
}

func (sc *scenario) seat(name string) int {
	sc.t.Helper()
	i := slices.IndexFunc(seatNames, func(n string) bool { return strings.EqualFold(n, name) })
	if i < 0 || i >= sc.g.s.Seats {
		sc.fail("no seat %q", name)
	}
	return i
}

func (sc *scenario) num(s string) int {
	sc.t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		sc.fail("not a number: %q", s)
	}
	return n
}

func (sc *scenario) crowd(s string) Crowd {
	sc.t.Helper()
	c, ok := parseCrowd(s)
	if !ok {
		sc.fail("not a crowd: %q", s)
	}
	return c
}

func (sc *scenario) area(s string) int {
	sc.t.Helper()
	a := slices.Index(areaKeys[:], s)
	if a < 0 {
		sc.fail("no area %q", s)
	}
	return a
}

// change runs f on a copy of the state.
func (sc *scenario) change(f func(s *state)) { sc.g = with(sc.g, f) }

func (sc *scenario) exec(f []string) {
	sc.t.Helper()
	switch f[0] {
	case "table":
		sc.table(f[1:])
	case "set":
		sc.set(f[1:])
	case "tile":
		sc.change(func(s *state) { setBidTile(s, sc.g.cs, sc.area(f[1]), f[2]) })
	case "bid":
		sc.bids(sc.area(f[1]), f[2:])
	case "city":
		sc.change(func(s *state) { inCity(s, sc.seat(f[1]), sc.crowd(f[2])) })
	case "order":
		sc.order(f[1], f[2:])
	case "display":
		sc.display(sc.num(f[1])-1, f[2], sc.crowd(f[3]))
	case "offer":
		sc.offer(sc.num(f[1])-1, f[2], f[3])
	case "step":
		sc.step(f[1])
	case "play":
		next, events, err := games.PlayText(sc.g, games.Seat(sc.seat(f[1])), strings.Join(f[2:], " "))
		if err != nil {
			sc.fail("%s %s: %v", f[1], strings.Join(f[2:], " "), err)
		}
		sc.g, sc.events = next.(*Game), texts(events)
	case "refuse":
		_, _, err := games.PlayText(sc.g, games.Seat(sc.seat(f[1])), strings.Join(f[2:], " "))
		if _, ok := games.AsRuleError(err); !ok {
			sc.fail("%s %s: error %v, want a rule error", f[1], strings.Join(f[2:], " "), err)
		}
	case "expect":
		sc.expect(f[1:])
	default:
		sc.fail("unknown command %q", f[0])
	}
}

// table starts the case over: "table 3 open seed 7".
func (sc *scenario) table(f []string) {
	seats, seed, opts := sc.num(f[0]), uint64(1), map[string]string{}
	for i := 1; i < len(f); i++ {
		switch f[i] {
		case "open":
			opts["screens"] = "open"
		case "seed":
			i++
			seed = uint64(sc.num(f[i]))
		default:
			sc.fail("table: unknown word %q", f[i])
		}
	}
	sc.g = newTable(sc.t, seats, opts, seed)
}

// set changes the state: "set nikki score 12", "set start ani".
func (sc *scenario) set(f []string) {
	cs := sc.g.cs
	switch f[0] {
	case "start":
		sc.change(func(s *state) { s.Start = sc.seat(f[1]) })
		return
	case "round":
		sc.change(func(s *state) { s.Round = sc.num(f[1]) })
		return
	case "bag":
		want := sc.crowd(f[1])
		sc.change(func(s *state) {
			all := s.Bag.Add(s.Box)
			if !all.Covers(want) {
				sc.fail("bag %s: only %s in the bag and the box", want, all)
			}
			s.Bag, s.Box = want, all.Sub(want)
		})
		return
	}
	seat := sc.seat(f[0])
	sc.change(func(s *state) {
		p := &s.Players[seat]
		switch f[1] {
		case "score":
			p.Score = sc.num(f[2])
		case "plunderer":
			p.Plunderer = sc.num(f[2])
		case "damage":
			p.Damage = sc.num(f[2])
		case "arrival":
			p.Arrival = sc.num(f[2])
		case "aside":
			n := sc.num(f[2])
			p.Reserve[purple] += p.Aside - n
			p.Aside = n
		case "screen":
			want := sc.crowd(f[2])
			s.Bag = s.Bag.Add(p.Reserve)
			if !s.Bag.Covers(want) {
				sc.fail("screen %s: the bag holds only %s", want, s.Bag)
			}
			s.Bag, p.Reserve = s.Bag.Sub(want), want
		case "hand":
			s.EquipDeck = append(s.EquipDeck, handCards(p.Hand)...)
			p.Hand = nil
			for _, k := range strings.Split(f[2], ",") {
				kind, n := k, 1
				if before, after, ok := strings.Cut(k, ":"); ok {
					kind, n = before, sc.num(after)
				}
				cards := equip(s, cs, kind, n)
				if len(cards) != n {
					sc.fail("hand: only %d %s left", len(cards), kind)
				}
				p.Hand = append(p.Hand, cards...)
			}
		case "space":
			build(s, cs, seat, f[3], sc.num(f[2]))
		case "extension":
			p.Extension = true
			p.City[citySpaces-1] = cs.printedIndex(printedExtension)
		default:
			sc.fail("set: unknown field %q", f[1])
		}
	})
}

// bids lays bids into an area, in order: "bid city nikki g3 ani 0". The
// survivors come from behind the screens; the bidding goes on after them.
func (sc *scenario) bids(a int, f []string) {
	sc.change(func(s *state) {
		for i := 0; i+1 < len(f); i += 2 {
			seat, c := sc.seat(f[i]), sc.crowd(f[i+1])
			if !s.Players[seat].Reserve.Covers(c) {
				sc.fail("%s bids %s with %s behind the screen", f[i], c, s.Players[seat].Reserve)
			}
			s.Players[seat].Reserve = s.Players[seat].Reserve.Sub(c)
			s.Areas[a].Bids = append(s.Areas[a].Bids, bid{Seat: seat, Survivors: c})
			s.Step++
		}
		s.Phase = phaseBid
	})
}

// order puts the table in the explore or build phase with these seats to
// pick: "order explore travis nikki".
func (sc *scenario) order(phaseName string, seats []string) {
	sc.change(func(s *state) {
		s.Phase, s.Step, s.Order, s.Pending = phaseExplore, 0, nil, nil
		if phaseName == "build" {
			s.Phase = phaseBuild
		}
		for _, n := range seats {
			s.Order = append(s.Order, sc.seat(n))
		}
	})
}

// display puts a card of an equipment kind with these survivors (from the
// bag) on a slot of the display: "display 1 weapon r1,b1,y1".
func (sc *scenario) display(slot int, kind string, c Crowd) {
	sc.change(func(s *state) {
		d := &s.Display[slot]
		s.Bag = s.Bag.Add(d.Survivors)
		if d.Card != none {
			s.EquipDeck = append(s.EquipDeck, d.Card)
			d.Card = none
		}
		cards := equip(s, sc.g.cs, kind, 1)
		if len(cards) != 1 || !s.Bag.Covers(c) {
			sc.fail("display: no %s or no %s in the bag", kind, c)
		}
		d.Card, d.Survivors, s.Bag = cards[0].Card, c, s.Bag.Sub(c)
	})
}

// offer puts a building with a tile of a kind on a slot of the building
// display: "offer 1 b01 t1".
func (sc *scenario) offer(slot int, id, tile string) {
	cs := sc.g.cs
	sc.change(func(s *state) {
		b := cs.building[id]
		d := &s.BuildDisplay[slot]
		if d.Card != b {
			level := cs.Buildings[b].Level - 1
			i := slices.Index(s.BuildDecks[level], b)
			if i < 0 {
				sc.fail("offer: %s is not in its deck", id)
			}
			if d.Card != none {
				s.BuildDecks[level][i] = d.Card
			} else {
				s.BuildDecks[level] = slices.Delete(s.BuildDecks[level], i, i+1)
			}
			d.Card = b
		}
		tl := tileOfKind(s, cs, tile)
		if tl == none {
			sc.fail("offer: no %s tile in the stack", tile)
		}
		s.TileStack = slices.DeleteFunc(s.TileStack, func(x int) bool { return x == tl })
		if d.Tile != none {
			s.TileStack = append(s.TileStack, d.Tile)
		}
		d.Tile = tl
	})
}

// step runs a step of the round that no move starts.
func (sc *scenario) step(name string) {
	steps := map[string]func(g *Game, log *eventLog){
		"prepare":      func(g *Game, log *eventLog) { g.startRound(log) },
		"bidtiles":     func(g *Game, log *eventLog) { g.s.Phase, g.s.Step = phaseBidTiles, 0; g.advance(log) },
		"end":          func(g *Game, log *eventLog) { g.endRound(log); g.advance(log) },
		"intermediate": func(g *Game, log *eventLog) { g.intermediate(log) },
		"final":        func(g *Game, log *eventLog) { g.finalScoring(log) },
		"pick":         func(g *Game, log *eventLog) { g.advance(log) },
	}
	f, ok := steps[name]
	if !ok {
		sc.fail("no step %q", name)
	}
	sc.g, sc.events = step(sc.g, f)
}

func (sc *scenario) expect(f []string) {
	sc.t.Helper()
	g, s := sc.g, sc.g.s
	switch f[0] {
	case "start":
		if got := g.startPlayer(); got != sc.seat(f[1]) {
			sc.fail("start player %s, want %s", seatNames[got], f[1])
		}
		return
	case "phase":
		if s.Phase.String() != f[1] {
			sc.fail("phase %s, want %s", s.Phase, f[1])
		}
		return
	case "actors":
		var got []string
		for _, a := range g.ToAct() {
			got = append(got, strings.ToLower(seatNames[a.Seat]))
		}
		if want := f[1:]; !slices.Equal(got, want) {
			sc.fail("actors %v, want %v", got, want)
		}
		return
	case "order":
		var got []string
		for _, seat := range s.Order {
			got = append(got, strings.ToLower(seatNames[seat]))
		}
		if want := f[1:]; !slices.Equal(got, want) {
			sc.fail("order %v, want %v", got, want)
		}
		return
	case "event", "noevent":
		text := strings.Join(f[1:], " ")
		if found := mentions(sc.events, text); found != (f[0] == "event") {
			sc.fail("%s %q", f[0], text)
		}
		return
	}
	seat := sc.seat(f[0])
	p := s.Players[seat]
	if f[1] == "has" || f[1] == "lacks" {
		ms := notations(g, seat)
		n := strings.Join(f[2:], " ")
		if slices.Contains(ms, n) != (f[1] == "has") {
			sc.fail("%s %s %q among %q", f[0], f[1], n, ms)
		}
		return
	}
	what := strings.Join(f[1:len(f)-1], " ")
	want := f[len(f)-1]
	var got string
	switch what {
	case "score":
		got = strconv.Itoa(p.Score)
	case "plunderer":
		got = strconv.Itoa(p.Plunderer)
	case "damage":
		got = strconv.Itoa(p.Damage)
	case "aside":
		got = strconv.Itoa(p.Aside)
	case "screen":
		got = p.Reserve.String()
	case "cards":
		got = strconv.Itoa(len(p.Hand))
	case "shelter":
		got = strconv.Itoa(g.shelter(seat))
	case "survivors":
		got = strconv.Itoa(s.survivors(seat).Total())
	case "short":
		got = strconv.Itoa(p.Short)
	case "final":
		got = strconv.Itoa(s.Final[seat].Total)
	case "equipment":
		got = strconv.Itoa(g.equipmentScores()[seat])
	case "default":
		got, _ = g.DefaultMove(games.Seat(seat))
		got = strings.ReplaceAll(got, " ", "_")
	case "moves":
		got = strings.ReplaceAll(strings.Join(notations(g, seat), ";"), " ", "_")
	case "buttons":
		var ns []string
		for _, m := range g.LegalMoves(games.Seat(seat)) {
			if m.Primary {
				ns = append(ns, m.Notation)
			}
		}
		got = strings.ReplaceAll(strings.Join(ns, ";"), " ", "_")
	default:
		if m, ok := strings.CutPrefix(what, "space "); ok {
			got = "-"
			if b := p.City[sc.num(m)-1]; b != none {
				got = g.cs.Buildings[b].ID
			}
			break
		}
		sc.fail("expect: unknown %q", what)
	}
	if got != want {
		sc.fail("%s %s is %s, want %s", f[0], what, got, want)
	}
}
