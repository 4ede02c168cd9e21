package armageddon

import (
	"slices"
	"strings"
	"testing"

	"github.com/playbychat/pbc/games"
)

// Rules by the manual's sections, beyond its worked examples.

func TestSetup(t *testing.T) {
	for _, seats := range []int{3, 4} {
		g, _, err := Definition.Create(seats, nil, 42)
		if err != nil {
			t.Fatal(err)
		}
		s := g.(*Game).s
		onBoard := Crowd{}
		for _, d := range s.Display {
			onBoard = onBoard.Add(d.Survivors)
		}
		if bag := s.Bag.Add(onBoard); bag != (Crowd{red: 20, green: 25, blue: 10, yellow: 10}) {
			t.Errorf("%d players: bag and display hold %s, want 65 survivors r20,g25,b10,y10", seats, bag)
		}
		wantBox := Crowd{}
		if seats == 3 {
			wantBox = Crowd{green: 5, purple: 1}
		}
		if s.Box != wantBox || len(s.ScoringBox) != 2*(4-seats) || len(s.Public) != 2 {
			t.Errorf("%d players: box %s, %d scoring tiles boxed, %d public", seats, s.Box, len(s.ScoringBox), len(s.Public))
		}
		if len(s.Display) != seats || len(s.BuildDisplay) != seats {
			t.Errorf("%d players: displays of %d and %d", seats, len(s.Display), len(s.BuildDisplay))
		}
		for i, d := range s.Display {
			if want := DefaultCardSet().Board.DisplaySurvivors[string(rune('0'+seats))][i]; d.Survivors.Total() != want {
				t.Errorf("%d players: card %d has %d survivors, want %d", seats, i+1, d.Survivors.Total(), want)
			}
		}
		arrivals := map[int]bool{}
		for seat, p := range s.Players {
			if p.Reserve != (Crowd{green: 5, purple: 1}) || len(p.Private) != 2 || p.Damage != 3 || p.Score != 9 || p.Plunderer != 2 {
				t.Errorf("%d players, seat %d: screen %s, %d private tiles, damage %d, score %d (10 - 1 for field 3), plunderer %d",
					seats, seat, p.Reserve, len(p.Private), p.Damage, p.Score, p.Plunderer)
			}
			arrivals[p.Arrival] = true
		}
		if len(arrivals) != seats {
			t.Errorf("%d players: score markers not stacked: %v", seats, arrivals)
		}
	}
}

// "Ein Spielermarker jedes Spielers wird zufällig auf Feld 10 der
// Punkteleiste gestapelt": with everyone tied, the stack decides who
// starts round 1, so every seat starts at some table.
func TestFirstStartPlayerIsRandom(t *testing.T) {
	for _, seats := range []int{3, 4} {
		starts := map[int]int{}
		for seed := range uint64(40) {
			g, _, err := Definition.Create(seats, nil, seed)
			if err != nil {
				t.Fatal(err)
			}
			starts[g.(*Game).s.Start]++
		}
		if len(starts) != seats {
			t.Errorf("%d players: round 1's start players over 40 tables: %v", seats, starts)
		}
	}
}

func TestFirstRoundRedLimit(t *testing.T) {
	for seed := range uint64(60) {
		g, _, _ := Definition.Create(4, nil, seed)
		for i, d := range g.(*Game).s.Display {
			if d.Survivors[red] > 1 {
				t.Fatalf("seed %d: card %d carries %d plunderers in round 1", seed, i+1, d.Survivors[red])
			}
		}
	}
}

func TestPreparation(t *testing.T) {
	t.Run("leader set aside and back", func(t *testing.T) {
		g := with(table(t), func(s *state) { s.Players[ani].Damage = 7 })
		g, _ = step(g, func(g *Game, log *eventLog) { g.evaluateDamage(ani, false, log) })
		if p := g.s.Players[ani]; p.Aside != 1 || p.Reserve[purple] != 0 {
			t.Fatalf("aside %d, screen %s", p.Aside, p.Reserve)
		}
		again, _ := step(g, func(g *Game, log *eventLog) { g.evaluateDamage(ani, false, log) })
		if again.s.Players[ani].Aside != 1 {
			t.Fatal("a second evaluation set more aside")
		}
		if hasMove(g, ani, "bid explore p1") {
			t.Fatal("a leader set aside can be bid")
		}
		stays, _ := step(g, func(g *Game, log *eventLog) { g.returnLeader(ani, log) })
		if stays.s.Players[ani].Aside != 1 {
			t.Fatal("the leader came back with the marker still on its field")
		}
		g = with(g, func(s *state) { s.Players[ani].Damage = 6 })
		back, _ := step(g, func(g *Game, log *eventLog) { g.returnLeader(ani, log) })
		if p := back.s.Players[ani]; p.Aside != 0 || p.Reserve[purple] != 1 {
			t.Fatalf("left of the field: aside %d, screen %s", p.Aside, p.Reserve)
		}
	})
	t.Run("advance past the last field costs points", func(t *testing.T) {
		g := with(table(t), func(s *state) { s.Players[frank].Plunderer = 8 })
		g, _ = step(g, func(g *Game, log *eventLog) { g.plundererRight(frank, 3, false, msgRoundAdvance, log) })
		if p := g.s.Players[frank]; p.Plunderer != 9 || p.Score != 8 {
			t.Fatalf("plunderer %d, score %d; want 9 and 10 - 2", p.Plunderer, p.Score)
		}
	})
	t.Run("level 2 from round 4, House tiles expire", func(t *testing.T) {
		g := with(table(t), func(s *state) {
			s.Round = 3
			tl := tileOfKind(s, g0(t).cs, "t4")
			s.TileStack = slices.DeleteFunc(s.TileStack, func(x int) bool { return x == tl })
			s.Players[nikki].HouseTiles, s.Players[nikki].House = []int{tl}, 2
		})
		g, _ = step(g, func(g *Game, log *eventLog) { g.startRound(log) })
		for _, d := range g.s.BuildDisplay {
			if g.cs.Buildings[d.Card].Level != 2 {
				t.Fatalf("round 4 shows a level %d building", g.cs.Buildings[d.Card].Level)
			}
		}
		if p := g.s.Players[nikki]; p.House != 0 || len(p.HouseTiles) != 0 {
			t.Fatalf("House %d, tiles %v after the next preparation", p.House, p.HouseTiles)
		}
	})
}

func TestBidding(t *testing.T) {
	g := table(t)
	first := g.s.Start
	t.Run("start player: most points, ties the marker on top", func(t *testing.T) {
		g := with(table(t), func(s *state) {
			s.Players[nikki].Score, s.Players[ani].Score = 12, 12
			s.Players[nikki].Arrival, s.Players[ani].Arrival = 20, 21
		})
		if sp := g.startPlayer(); sp != ani {
			t.Fatalf("start player %d, want Ani (on top)", sp)
		}
	})
	t.Run("turns and refusals", func(t *testing.T) {
		other := (first + 1) % 4
		refused(t, g, other, "bid city 0")
		refused(t, g, first, "bid city g6")
		refused(t, g, first, "bid city b1")
		next, _ := play(t, g, first, "bid city g2,p1")
		if a := next.ToAct(); len(a) != 1 || int(a[0].Seat) != other {
			t.Fatalf("after the start player %v act", a)
		}
		next, _ = play(t, next, other, "bid city 0")
		for range 2 {
			next = with(next, func(s *state) { s.Step += 0 })
		}
		if hasMove(next, first, "bid city 0") {
			t.Fatal("a second bid in one area is listed")
		}
	})
	t.Run("private bids", func(t *testing.T) {
		for _, screens := range []string{"closed", "open"} {
			gg, _, _ := Definition.Create(4, map[string]string{"screens": screens}, 1)
			for _, m := range gg.LegalMoves(games.Seat(gg.(*Game).s.Start)) {
				zero := strings.HasSuffix(m.Notation, " 0")
				if m.Private != (!zero && screens == "closed") {
					t.Fatalf("screens %s: %q private %v", screens, m.Notation, m.Private)
				}
			}
			picks := gg.(*Game).Picks(games.Seat(gg.(*Game).s.Start))
			if len(picks) != 3 || picks[0].Private != (screens == "closed") {
				t.Fatalf("screens %s: picks %+v", screens, picks)
			}
		}
	})
	t.Run("a big screen still fits one menu", func(t *testing.T) {
		g := with(table(t), func(s *state) { give(s, s.Start, Crowd{green: 15, blue: 5, yellow: 5}) })
		seat := games.Seat(g.s.Start)
		legal := map[string]bool{}
		for _, m := range g.LegalMoves(seat) {
			legal[m.Notation] = true
		}
		picks := g.Picks(seat)
		if len(picks) != 3 {
			t.Fatalf("%d picks", len(picks))
		}
		var values []string
		for _, it := range picks[0].Items {
			values = append(values, it.Value)
		}
		// g20,b5,y5,p1 is 31 counts: the most workers are left out.
		if len(values) != 25 || !slices.Contains(values, "g14") || slices.Contains(values, "g15") ||
			!slices.Contains(values, "b5") || !slices.Contains(values, "p1") {
			t.Fatalf("items %v", values)
		}
		if n := picks[0].Notation([]string{"g14", "b5", "y5", "p1"}); !legal[n] {
			t.Fatalf("%q is not legal", n)
		}
		// Two counts of one colour are no bid: the menu's rule says why.
		if n := picks[0].Notation([]string{"g1", "g2"}); legal[n] || !strings.Contains(picks[0].Rule.EN, "one count per colour") {
			t.Errorf("%q legal %v, rule %q", n, legal[n], picks[0].Rule.EN)
		}
	})
	t.Run("all bids equal: bonus to the first, malus to the last", func(t *testing.T) {
		g := lastBid(t, travis, [areas][]bid{
			{b(travis, Crowd{green: 1}), b(nikki, Crowd{green: 1}), b(frank, Crowd{green: 1})},
			{b(travis, Crowd{}), b(nikki, Crowd{}), b(frank, Crowd{}), b(ani, Crowd{})},
			{b(travis, Crowd{}), b(nikki, Crowd{}), b(frank, Crowd{}), b(ani, Crowd{})},
		})
		g = with(g, func(s *state) {
			setBidTile(s, g.cs, areaExplore, "a2")
			setBidTile(s, g.cs, areaBuild, "a3")
			setBidTile(s, g.cs, areaCity, "a5")
		})
		next, _ := play(t, g, ani, "bid explore g1")
		// Explore a2: Travis +2, Ani -2; Build a3: Travis repairs, Ani
		// damage +1; City a5: Travis repels nothing, Ani -2.
		p := next.s.Players
		if p[travis].Score != 12 || p[ani].Score != 6 || p[travis].Damage != 2 || p[ani].Damage != 4 {
			t.Fatalf("Travis %d points, damage %d; Ani %d points, damage %d", p[travis].Score, p[travis].Damage, p[ani].Score, p[ani].Damage)
		}
	})
	t.Run("capped malus and bonus at the track ends", func(t *testing.T) {
		g := with(table(t), func(s *state) {
			s.Players[frank].Plunderer, s.Players[frank].Damage = 9, 9
			s.Players[nikki].Plunderer, s.Players[nikki].Damage = 1, 1
		})
		g, _ = step(g, func(g *Game, log *eventLog) {
			g.applyEffect(frank, Effect{Kind: effPlunderer, Amount: 1, Capped: true}, msgMalus(0), log)
			g.applyEffect(frank, Effect{Kind: effDamage, Amount: 1, Capped: true}, msgMalus(0), log)
			g.applyEffect(nikki, Effect{Kind: effRepel, Amount: 1}, msgBonus(0), log)
			g.applyEffect(nikki, Effect{Kind: effRepair, Amount: 1}, msgBonus(0), log)
		})
		if f, n := g.s.Players[frank], g.s.Players[nikki]; f.Score != 10 || n.Score != 10 || f.Plunderer != 9 || n.Damage != 1 {
			t.Fatalf("Frank %d points, Nikki %d points: nothing should happen", f.Score, n.Score)
		}
	})
	t.Run("malus: box a card of your choice", func(t *testing.T) {
		g := with(table(t), func(s *state) {
			s.Players[frank].Hand = handOf(s, g0(t).cs, map[string]int{"beer": 1, "map": 1})
			s.Players[nikki].Hand = handOf(s, g0(t).cs, map[string]int{"beer": 2})
		})
		pend, _ := step(g, func(g *Game, log *eventLog) {
			g.applyEffect(frank, Effect{Kind: effDiscard, Amount: 1}, msgMalus(0), log)
		})
		if a := pend.ToAct(); len(a) != 1 || int(a[0].Seat) != frank || a[0].Kind != games.Reaction {
			t.Fatalf("actors %+v, want Frank's reaction", a)
		}
		if got := notations(pend, frank); !slices.Equal(got, []string{"discard beer", "discard map"}) {
			t.Fatalf("Frank may %v", got)
		}
		if d, _ := pend.DefaultMove(frank); d != "discard beer" {
			t.Fatalf("default %q", d)
		}
		none1, _ := step(g, func(g *Game, log *eventLog) {
			g.applyEffect(travis, Effect{Kind: effDiscard, Amount: 1}, msgMalus(0), log)
		})
		if none1.s.Pending != nil {
			t.Fatal("an empty hand must box nothing")
		}
		auto, lines := step(g, func(g *Game, log *eventLog) {
			g.applyEffect(nikki, Effect{Kind: effDiscard, Amount: 1}, msgMalus(0), log)
			g.advance(log)
		})
		if len(auto.s.Players[nikki].Hand) != 1 || !mentions(lines, "Nikki puts a Beer card into the box.") {
			t.Fatalf("two beers: the one choice is made at once: %q", lines)
		}
	})
}

func TestExploreReds(t *testing.T) {
	g := with(table(t), func(s *state) {
		s.Players[travis].Plunderer = 8
		s.Bag = s.Bag.Add(s.Display[0].Survivors)
		s.Display[0].Survivors = Crowd{red: 3}
		s.Bag = s.Bag.Sub(s.Display[0].Survivors)
		s.Phase, s.Step, s.Order = phaseExplore, 0, []int{travis, nikki}
	})
	next, _ := play(t, g, travis, "take 1")
	if p := next.s.Players[travis]; p.Plunderer != 9 || p.Score != 8 {
		t.Fatalf("plunderer %d, score %d; want 9 and 10 - 2", p.Plunderer, p.Score)
	}
}

func TestBuildPlaces(t *testing.T) {
	cs := g0(t).cs
	cases := []struct {
		name, card string
		city       map[int]string // 1-based spaces
		extension  bool
		want       []string
	}{
		{"a new building", "b06", nil, false, []string{"build 3", "build 4", "build 5", "build 6", "build 7", "build box"}},
		{"the Extension space once built", "b06", nil, true, []string{"build 3", "build 4", "build 5", "build 6", "build 7", "build 8", "build box"}},
		{"over a building", "b06", map[int]string{3: "b05", 4: "b07", 5: "b08", 6: "b09", 7: "b10"}, false,
			[]string{"build 3", "build 4", "build 5", "build 6", "build 7", "build box"}},
		{"HQ upgrade over an upgrade", "b15", map[int]string{1: "b01"}, false, []string{"build 1", "build box"}},
		{"Watchtower upgrade", "b02", nil, false, []string{"build 2", "build box"}},
		{"Watchtower upgrade on the Tower Site", "b16", map[int]string{5: "b04"}, false, []string{"build 2", "build 5", "build box"}},
		{"nothing over a second Watchtower", "b06", map[int]string{5: "b04"}, false, []string{"build 3", "build 4", "build 5", "build 6", "build 7", "build box"}},
		{"churches never together", "b19", map[int]string{3: "b18"}, false, []string{"build 3", "build box"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := inBuild(t, table(t), travis, c.card, "t2")
			g = with(g, func(s *state) {
				for sp, id := range c.city {
					build(s, cs, travis, id, sp)
				}
				if c.extension {
					s.Players[travis].Extension = true
					s.Players[travis].City[citySpaces-1] = cs.printedIndex(printedExtension)
				}
			})
			g, _ = play(t, g, travis, "take 1")
			if got := notations(g, travis); !slices.Equal(got, c.want) {
				t.Fatalf("%s may go to %v, want %v", c.card, got, c.want)
			}
		})
	}
	t.Run("a second watchtower, then nothing over it", func(t *testing.T) {
		g := inBuild(t, table(t), travis, "b16", "t2")
		g = with(g, func(s *state) { build(s, cs, travis, "b04", 5) })
		g, _ = play(t, g, travis, "take 1")
		g, _ = play(t, g, travis, "build 5")
		if g.s.Players[travis].City[4] != building(g, "b16") || !slices.Contains(g.s.BuildBox, building(g, "b04")) {
			t.Fatal("the Tower Site was not overbuilt")
		}
		if g.canBuild(travis, building(g, "b06"), 4) || !g.canBuild(travis, building(g, "b02"), 4) {
			t.Fatal("the second Watchtower takes a normal building, or no upgrade")
		}
	})
	t.Run("the tile acts for a boxed building", func(t *testing.T) {
		g := inBuild(t, table(t), travis, "b06", "t6")
		g, _ = play(t, g, travis, "take 1")
		g, _ = play(t, g, travis, "build box")
		if g.s.Players[travis].Plunderer != 2 || !slices.Contains(g.s.BuildBox, building(g, "b06")) {
			t.Fatalf("plunderer %d after a boxed building with a plunderer tile", g.s.Players[travis].Plunderer)
		}
	})
}

func TestSwap(t *testing.T) {
	g := inBuild(t, table(t), travis, "b06", "t5")
	g = with(g, func(s *state) {
		s.Areas[areaCity].Bids = []bid{b(travis, Crowd{green: 1})}
		s.Players[travis].Reserve[green]--
	})
	g, _ = play(t, g, travis, "take 1")
	g, _ = play(t, g, travis, "build 3")
	if a := g.ToAct(); a[0].Kind != games.Reaction || int(a[0].Seat) != travis {
		t.Fatalf("actors %+v", a)
	}
	want := []string{"swap screen b", "swap screen y", "swap city b", "swap city y"}
	if got := notations(g, travis); !slices.Equal(got, want) {
		t.Fatalf("swaps %v, want %v", got, want)
	}
	for _, m := range g.LegalMoves(travis) {
		if m.Private != strings.Contains(m.Notation, "screen") {
			t.Fatalf("%q private %v", m.Notation, m.Private)
		}
	}
	if d, _ := g.DefaultMove(travis); d != "swap screen b" {
		t.Fatalf("default %q", d)
	}
	next, _ := play(t, g, travis, "swap city y")
	if cb, _, _ := next.s.bidOf(travis, areaCity); cb.Survivors != (Crowd{yellow: 1}) {
		t.Fatalf("city bid %s after the swap", cb.Survivors)
	}
	if next.ToAct()[0].Seat != games.Seat(nikki) {
		t.Fatal("the build turn did not pass on")
	}
}

// city puts seat in the city with bid c and the buildings given.
func city(t *testing.T, seat int, c Crowd, buildings map[int]string, f func(s *state)) *Game {
	return with(table(t), func(s *state) {
		for sp, id := range buildings {
			build(s, g0(t).cs, seat, id, sp)
		}
		inCity(s, seat, c)
		if f != nil {
			f(s)
		}
	})
}

func TestCityActions(t *testing.T) {
	t.Run("uses and survivors are spent", func(t *testing.T) {
		g := city(t, nikki, Crowd{green: 3}, nil, func(s *state) { s.Players[nikki].Plunderer = 5 })
		g, _ = play(t, g, nikki, "use 2a g1")
		refused(t, g, nikki, "use 2a g1")
		refused(t, g, nikki, "use 2b g1")
		if !hasMove(g, nikki, "use 1a g1") {
			t.Fatal("the Headquarters action is missing")
		}
	})
	t.Run("nothing to fight, nothing to repair", func(t *testing.T) {
		g := city(t, nikki, Crowd{green: 2, blue: 1, yellow: 1}, nil, func(s *state) {
			s.Players[nikki].Plunderer, s.Players[nikki].Damage = 1, 1
		})
		for _, n := range notations(g, nikki) {
			if strings.HasPrefix(n, "use 2") || strings.HasPrefix(n, "repair") || strings.HasPrefix(n, "use 1b") {
				t.Fatalf("%q offered on field 1", n)
			}
		}
	})
	t.Run("leaders are wild", func(t *testing.T) {
		g := city(t, nikki, Crowd{purple: 1}, nil, func(s *state) { s.Players[nikki].Plunderer, s.Players[nikki].Damage = 5, 5 })
		for _, m := range []string{"use 2a p1", "use 2b p1", "use 1a p1", "use 1b p1", "repair p1"} {
			if !hasMove(g, nikki, m) {
				t.Errorf("%q missing: %v", m, notations(g, nikki))
			}
		}
	})
	t.Run("training", func(t *testing.T) {
		g := city(t, frank, Crowd{green: 2, yellow: 1}, map[int]string{3: "b13"}, nil)
		bag := g.s.Bag
		g, _ = play(t, g, frank, "use 3a g2 b")
		p := g.s.Players[frank]
		if p.Reserve[blue] != 1 || g.s.Bag[green] != bag[green]+1 || g.s.Bag[blue] != bag[blue]-1 || g.s.free(frank) != (Crowd{yellow: 1}) {
			t.Fatalf("screen %s, bag %s (was %s), free %s", p.Reserve, g.s.Bag, bag, g.s.free(frank))
		}
		empty := city(t, frank, Crowd{green: 2, yellow: 1}, map[int]string{3: "b13"}, func(s *state) {
			s.Box = s.Box.Add(Crowd{blue: s.Bag[blue], yellow: s.Bag[yellow]})
			s.Bag[blue], s.Bag[yellow] = 0, 0
		})
		if slices.ContainsFunc(notations(empty, frank), func(n string) bool { return strings.HasPrefix(n, "use 3a") }) {
			t.Fatal("training offered with no soldier or engineer in the bag")
		}
	})
	t.Run("recruiting", func(t *testing.T) {
		only := func(c int) func(s *state) {
			return func(s *state) {
				keep := s.Bag[c]
				s.Box = s.Box.Add(s.Bag)
				s.Box[c] -= keep
				s.Bag = Crowd{}
				s.Bag[c] = keep
			}
		}
		g := city(t, ani, Crowd{green: 2}, map[int]string{3: "b25"}, only(blue))
		g, _ = play(t, g, ani, "use 3a g1")
		if g.s.free(ani) != (Crowd{green: 1, blue: 1}) {
			t.Fatalf("a soldier drawn is free at once: free %s", g.s.free(ani))
		}
		g = city(t, ani, Crowd{green: 2}, map[int]string{3: "b25"}, only(green))
		bag := g.s.Bag
		g, _ = play(t, g, ani, "use 3a g1")
		if g.s.Players[ani].Score != 12 || g.s.Bag != bag {
			t.Fatalf("a worker drawn goes back for 2 points: score %d", g.s.Players[ani].Score)
		}
	})
	t.Run("draw three, keep one", func(t *testing.T) {
		g := city(t, nikki, Crowd{green: 2}, map[int]string{3: "b10"}, nil)
		deck := len(g.s.EquipDeck)
		g, _ = play(t, g, nikki, "use 3a g1")
		pd := g.s.Pending
		if pd == nil || pd.Kind != pendKeep || len(pd.Cards) != 3 {
			t.Fatalf("pending %+v", pd)
		}
		if v := g.View(frank).(*View); v.Choice != nil {
			t.Fatal("another seat sees the cards to keep")
		}
		if v := g.View(nikki).(*View); v.Choice == nil || len(v.Choice.Cards) != 3 {
			t.Fatal("Nikki does not see her cards")
		}
		kept := g.cs.kindOf(pd.Cards[1]).ID
		g, _ = play(t, g, nikki, "keep "+kept)
		if len(g.s.EquipDeck) != deck-1 || g.s.Pending != nil || len(g.s.Players[nikki].Hand) != 1 {
			t.Fatalf("deck %d (was %d), hand %d", len(g.s.EquipDeck), deck, len(g.s.Players[nikki].Hand))
		}
		if h := g.s.Players[nikki].Hand[0]; h.Known || g.cs.kindOf(h.Card).ID != kept {
			t.Fatalf("kept %+v", h)
		}
	})
	t.Run("search", func(t *testing.T) {
		g := city(t, nikki, Crowd{green: 2}, map[int]string{3: "b20"}, func(s *state) {
			s.Players[nikki].Hand = handOf(s, g0(t).cs, map[string]int{"beer": 1})
		})
		g, lines := play(t, g, nikki, "use 3a g1")
		if !mentions(lines, "Nikki puts a Beer card into the box.") {
			t.Fatalf("her only card is boxed at once: %q", lines)
		}
		if v := g.View(nikki).(*View); v.Choice == nil || len(v.Choice.Cards) != len(g.s.EquipDeck) {
			t.Fatal("the searcher does not see the deck")
		}
		g, _ = play(t, g, nikki, "take map")
		if h := g.s.Players[nikki].Hand; len(h) != 1 || g.cs.kindOf(h[0].Card).ID != "map" {
			t.Fatalf("hand %+v", h)
		}
	})
	t.Run("churches", func(t *testing.T) {
		merciful := city(t, travis, Crowd{blue: 1, yellow: 1}, map[int]string{3: "b18"}, func(s *state) { s.Players[travis].Plunderer = 6 })
		merciful, _ = play(t, merciful, travis, "use 2b b1")
		if p := merciful.s.Players[travis]; p.Plunderer != 4 || p.Score != 10 {
			t.Fatalf("Church Merciful: plunderer %d, score %d; want 4 and no points", p.Plunderer, p.Score)
		}
		vengeful := city(t, travis, Crowd{green: 1, blue: 3, yellow: 1}, map[int]string{3: "b19", 4: "b05"}, func(s *state) { s.Players[travis].Plunderer = 9 })
		for _, m := range []string{"use 3a b1", "use 4a b1", "use 4a b1"} {
			vengeful, _ = play(t, vengeful, travis, m)
		}
		if p := vengeful.s.Players[travis]; p.Plunderer != 3 || p.Score != 10+5*2+1 {
			t.Fatalf("Church Vengeful: plunderer %d, score %d; want 3 and 5×2 + 1", p.Plunderer, p.Score)
		}
		g := with(table(t), func(s *state) {
			quietRoundEnd(s)
			build(s, g0(t).cs, travis, "b18", 3)
		})
		g, _ = step(g, func(g *Game, log *eventLog) { g.endRound(log) })
		if sc := g.s.Players[travis].Score; sc != 20 {
			t.Fatalf("Church Merciful pays %d at the round's end, want 10", sc-10)
		}
	})
	t.Run("builder's yard", func(t *testing.T) {
		g := city(t, travis, Crowd{}, map[int]string{3: "b17", 4: "b05"}, nil)
		// 4 HQ + 2 Watchtower + 2 Yard + 3 Barracks + 3 military buildings
		if sh := g.shelter(travis); sh != 4+2+2+3+3 {
			t.Fatalf("shelter %d", sh)
		}
	})
	t.Run("city order and skipped seats", func(t *testing.T) {
		g := with(table(t), func(s *state) {
			s.Start = frank
			inCity(s, ani, Crowd{green: 1})
			s.Areas[areaCity].Bids = append(s.Areas[areaCity].Bids, b(frank, Crowd{}))
			s.Order = nil
			s.Players[ani].Plunderer = 4
		})
		g, lines := step(g, func(g *Game, log *eventLog) { g.startCity(log); g.advance(log) })
		if a := g.ToAct(); len(a) != 1 || int(a[0].Seat) != ani || !mentions(lines, "Frank is done in the city.") {
			t.Fatalf("actors %+v after %q", a, lines)
		}
	})
}

func TestEndOfRound(t *testing.T) {
	t.Run("damage past the last field", func(t *testing.T) {
		g := with(table(t), func(s *state) {
			quietRoundEnd(s)
			s.Players[nikki].Plunderer, s.Players[nikki].Damage = 6, 7
		})
		g, _ = step(g, func(g *Game, log *eventLog) { g.endRound(log) })
		if p := g.s.Players[nikki]; p.Damage != 9 || p.Score < 10-3-7 || p.Score > 10-3 {
			t.Fatalf("damage %d, score %d", p.Damage, p.Score)
		}
	})
	t.Run("a leader set aside may leave", func(t *testing.T) {
		g := with(table(t), func(s *state) {
			quietRoundEnd(s)
			s.Players[ani].Reserve[purple], s.Players[ani].Aside = 0, 1
			s.Players[ani].Damage = 8
			give(s, ani, Crowd{green: 1})
		})
		g, _ = step(g, func(g *Game, log *eventLog) { g.endRound(log) })
		if !hasMove(g, ani, "release p1") {
			t.Fatalf("Ani may %v", notations(g, ani))
		}
		g, _ = play(t, g, ani, "release p1")
		if g.s.Players[ani].Aside != 0 {
			t.Fatal("the leader set aside stayed")
		}
	})
	t.Run("intermediate scoring", func(t *testing.T) {
		g := with(table(t), func(s *state) {
			quietRoundEnd(s)
			s.Round = 3
			s.Players[frank].Plunderer = 5
		})
		old := []int{g.s.Areas[0].Tile, g.s.Areas[1].Tile, g.s.Areas[2].Tile}
		g, lines := step(g, func(g *Game, log *eventLog) { g.endRound(log) })
		for a := range areas {
			if slices.Contains(old, g.s.Areas[a].Tile) {
				t.Fatal("a bid tile stayed after round 3")
			}
		}
		if !mentions(lines, "Frank (intermediate scoring") || !mentions(lines, "plunderer marker 5 → 1") {
			t.Fatalf("events %q", lines)
		}
	})
}

func TestFinalTies(t *testing.T) {
	g := with(table(t), func(s *state) {
		s.Round = 6
		for i := range s.Players {
			s.Players[i].Chosen = s.Players[i].Private[0]
			s.Players[i].Score, s.Players[i].Damage, s.Players[i].Plunderer = 50, 2, 1
			s.Players[i].Reserve = Crowd{}
		}
		s.Box = s.Box.Add(Crowd{green: 20, purple: 4})
		s.Players[nikki].Hand = handOf(s, g0(t).cs, map[string]int{"gasoline": 1})
		s.Players[ani].Hand = handOf(s, g0(t).cs, map[string]int{"beer": 2})
		s.Players[frank].Hand = handOf(s, g0(t).cs, map[string]int{"beer": 1, "gasoline": 1})
	})
	g = with(g, func(s *state) {
		for i := range s.Players {
			for j := range s.Players[i].Private {
				s.Players[i].Private[j] = s.Public[0]
			}
			s.Players[i].Chosen = s.Public[0]
		}
		s.Public[1] = s.Public[0]
	})
	g, _ = step(g, func(g *Game, log *eventLog) { g.finalScoring(log) })
	st := g.Status()
	// Ani: beer 2 = 3, Frank: beer 1 + gasoline 1 = 3, Nikki: gasoline 1 = 2.
	if !st.Finished || !slices.Equal(st.Winners, []games.Seat{frank, ani}) {
		t.Fatalf("winners %v with scores %v; Frank and Ani tie on points and cards", st.Winners, st.Scores)
	}
}

func TestFinalChoiceIsSimultaneous(t *testing.T) {
	g := playUntil(t, func(g *Game) bool { return g.s.Phase == phaseFinal })
	a := g.ToAct()
	if len(a) != 4 || a[0].Kind != games.Simultaneous {
		t.Fatalf("actors %+v", a)
	}
	for _, m := range g.LegalMoves(a[0].Seat) {
		if !m.Private {
			t.Fatalf("%q is public", m.Notation)
		}
	}
	d, ok := g.DefaultMove(a[0].Seat)
	if !ok {
		t.Fatal("no default")
	}
	best := 0
	for _, tile := range g.s.Players[a[0].Seat].Private {
		best = max(best, g.tileScore(int(a[0].Seat), tile))
	}
	if g.tileScore(int(a[0].Seat), g.scoringIndex(strings.TrimPrefix(d, "score "))) != best {
		t.Fatalf("default %q is not the better tile", d)
	}
}

// playUntil plays a fixed random game until done reports true.
func playUntil(t *testing.T, done func(g *Game) bool) *Game {
	t.Helper()
	gg, _, _ := Definition.Create(4, nil, 77)
	g := gg.(*Game)
	for n := 0; !done(g); n++ {
		if g.s.Phase == phaseOver {
			t.Fatal("the game ended first")
		}
		seat := g.ToAct()[0].Seat
		ms := g.LegalMoves(seat)
		g, _ = play(t, g, int(seat), ms[n%len(ms)].Notation)
	}
	return g
}
