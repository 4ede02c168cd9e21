package armageddon

import (
	"slices"
	"testing"
)

// The worked examples of the manual, in its order. Travis, Nikki, Frank
// and Ani sit at seats 0-3.

// "Zu Beginn der zweiten Runde setzen alle Spieler ... ihren Spielmarker
// auf der Plündererleiste um zwei Felder nach rechts."
func TestExampleRoundTwoAdvance(t *testing.T) {
	g := with(table(t), func(s *state) {
		for i := range s.Players {
			s.Players[i].Damage = 2 // the damage track adds nothing
		}
	})
	next, _ := step(g, func(g *Game, log *eventLog) { g.startRound(log) })
	if next.s.Round != 2 {
		t.Fatalf("round %d", next.s.Round)
	}
	for seat, p := range next.s.Players {
		if p.Plunderer != 3 {
			t.Errorf("seat %d plunderer marker on %d, want 1 + 2 = 3", seat, p.Plunderer)
		}
	}
}

// "Travis wertet seine Schadensleiste aus und muss seinen Spielmarker auf
// der Plündererleiste um ein Feld nach rechts versetzen. Ebenfalls
// verliert er zwei Punkte."
func TestExampleDamageEvaluation(t *testing.T) {
	g := with(table(t), func(s *state) { s.Players[travis].Damage = 5 })
	next, _ := step(g, func(g *Game, log *eventLog) { g.evaluateDamage(travis, false, log) })
	p := next.s.Players[travis]
	if p.Plunderer != 2 || p.Score != 8 {
		t.Fatalf("plunderer %d, score %d; want 2 and 10 - 2 = 8", p.Plunderer, p.Score)
	}
}

// lastBid sets up round 1's bidding with every bid placed but the last
// one, which is seat's in the area left.
func lastBid(t *testing.T, start int, bids [areas][]bid) *Game {
	return with(table(t), func(s *state) {
		s.Start = start
		n := 0
		for a, list := range bids {
			for _, b := range list {
				s.Players[b.Seat].Reserve = s.Players[b.Seat].Reserve.Sub(b.Survivors)
			}
			s.Areas[a].Bids = list
			n += len(list)
		}
		s.Step = n
	})
}

func b(seat int, c Crowd) bid { return bid{Seat: seat, Survivors: c} }

// "Nikki gibt als letzte Spielerin ihr drittes Gebot ab. Sie muss im
// Bietbereich Erkunden ein Gebot abgeben ... Sie entscheidet sich, keine
// Überlebenden zu bieten."
func TestExampleForcedLastBid(t *testing.T) {
	g1 := Crowd{green: 1}
	g := lastBid(t, frank, [areas][]bid{
		{b(frank, g1), b(ani, g1), b(travis, g1)},
		{b(frank, g1), b(ani, g1), b(travis, g1), b(nikki, g1)},
		{b(nikki, g1), b(frank, g1), b(ani, g1), b(travis, g1)},
	})
	for _, n := range notations(g, nikki) {
		if n[:11] != "bid explore" {
			t.Fatalf("Nikki may play %q; her last bid must go to Explore", n)
		}
	}
	refused(t, g, nikki, "bid city 0")
	next, _ := play(t, g, nikki, "bid explore 0")
	if next.s.Phase != phaseExplore {
		t.Fatalf("phase %v after the last bid, want explore", next.s.Phase)
	}
}

// "Nikki hat zusammen mit Ani das höchste Gebot abgegeben. Da Nikki ihr
// Gebot jedoch früher als Ani gemacht hat, erhält sie den Bonus und nimmt
// sich eine Ausrüstungskarte vom Stapel. Frank hat das niedrigste Gebot
// und muss als Malus seinen Schadensmarker um ein Feld nach rechts
// verschieben."
func TestExampleBidTies(t *testing.T) {
	g := lastBid(t, ani, [areas][]bid{
		{b(nikki, Crowd{green: 3}), b(ani, Crowd{green: 2, purple: 1}), b(travis, Crowd{green: 2})},
		{b(ani, Crowd{}), b(travis, Crowd{}), b(nikki, Crowd{}), b(frank, Crowd{})},
		{b(ani, Crowd{}), b(travis, Crowd{}), b(nikki, Crowd{}), b(frank, Crowd{})},
	})
	g = with(g, func(s *state) { setBidTile(s, g.cs, areaExplore, "a7") })
	next, lines := play(t, g, frank, "bid explore g1")
	if n := len(next.s.Players[nikki].Hand); n != 1 {
		t.Errorf("Nikki holds %d cards, want the bonus card", n)
	}
	if len(next.s.Players[ani].Hand) != 0 {
		t.Error("Ani, tied but later, got the bonus")
	}
	if d := next.s.Players[frank].Damage; d != 4 {
		t.Errorf("Frank's damage marker on %d, want 3 + 1", d)
	}
	if want := []int{nikki, ani, travis, frank}; !slices.Equal(next.s.Order, want) {
		t.Errorf("explore order %v, want %v", next.s.Order, want)
	}
	if !mentions(lines, "Nikki draws 1 equipment card") {
		t.Errorf("events %q", lines)
	}
}

// "Travis beginnt und wählt die Waffen-Ausrüstungskarte sowie den
// Ingenieur und den Soldaten. Der Plünderer geht zurück in den Beutel und
// er setzt seinen Spielmarker auf der Plündererleiste um ein Feld weiter."
func TestExampleExplore(t *testing.T) {
	g := with(table(t), func(s *state) {
		s.Areas[areaExplore].Bids = []bid{b(frank, Crowd{}), b(travis, Crowd{}), b(nikki, Crowd{}), b(ani, Crowd{})}
		s.Areas[areaExplore].Bids[1].Survivors[green] = 4
		s.Areas[areaExplore].Bids[2].Survivors[green] = 3
		s.Areas[areaExplore].Bids[0].Survivors[green] = 2
		s.Areas[areaExplore].Bids[3].Survivors[green] = 1
		for _, bd := range s.Areas[areaExplore].Bids {
			s.Players[bd.Seat].Reserve = s.Players[bd.Seat].Reserve.Sub(bd.Survivors)
		}
		s.Bag = s.Bag.Add(s.Display[0].Survivors)
		s.EquipDeck = append(s.EquipDeck, s.Display[0].Card)
		weapon := equip(s, g0(t).cs, "weapon", 1)[0].Card
		s.Display[0] = displayCard{Card: weapon, Survivors: Crowd{red: 1, blue: 1, yellow: 1}}
		s.Bag = s.Bag.Sub(s.Display[0].Survivors)
	})
	g, _ = step(g, func(g *Game, log *eventLog) {
		g.s.Phase, g.s.Step = phaseBidTiles, 2*areas
		g.advance(log)
	})
	if want := []int{travis, nikki, frank, ani}; !slices.Equal(g.s.Order, want) {
		t.Fatalf("explore order %v, want %v", g.s.Order, want)
	}
	bagRed := g.s.Bag[red]
	next, _ := play(t, g, travis, "take 1")
	p := next.s.Players[travis]
	if p.Reserve[blue] != 1 || p.Reserve[yellow] != 1 || p.Reserve[red] != 0 {
		t.Errorf("Travis's screen %s", p.Reserve)
	}
	if p.Plunderer != 2 || next.s.Bag[red] != bagRed+1 {
		t.Errorf("plunderer marker %d, bag reds %d (was %d)", p.Plunderer, next.s.Bag[red], bagRed)
	}
	if h := p.Hand[len(p.Hand)-1]; next.cs.kindOf(h.Card).ID != "weapon" || !h.Known {
		t.Errorf("Travis's new card %+v", h)
	}
}

var defaultGame *Game

// g0 is a game to read the card set from.
func g0(t *testing.T) *Game {
	if defaultGame == nil {
		defaultGame = table(t)
	}
	return defaultGame
}

// tileOfKind returns a building tile id of kind id still in the stack.
func tileOfKind(s *state, cs *CardSet, id string) int {
	for _, tl := range s.TileStack {
		if cs.tileOf(tl).ID == id {
			return tl
		}
	}
	return none
}

// inBuild puts seat first to pick from a building display whose first
// card is building id with a tile of kind tile.
func inBuild(t *testing.T, g *Game, seat int, id, tile string) *Game {
	return with(g, func(s *state) {
		build(s, g.cs, seat, id, 3)    // take the card out of the decks
		s.Players[seat].City[2] = none // and off the city again
		level := g.cs.Buildings[s.BuildDisplay[0].Card].Level - 1
		s.BuildDecks[level] = append(s.BuildDecks[level], s.BuildDisplay[0].Card)
		s.BuildDisplay[0].Card = building(g, id)
		tl := tileOfKind(s, g.cs, tile)
		s.TileStack = slices.DeleteFunc(s.TileStack, func(x int) bool { return x == tl })
		s.TileStack = append(s.TileStack, s.BuildDisplay[0].Tile)
		s.BuildDisplay[0].Tile = tl
		// Another seat picks next, so the table stops after seat's turn.
		s.Phase, s.Step, s.Order = phaseBuild, 0, []int{seat, (seat + 1) % s.Seats}
	})
}

// "Nikki wählt die Hauptquartier-Aufwertung und muss sie auf ihrem alten
// Hauptquartier ablegen. Durch das Gebäudeplättchen setzt sie ihren
// Spielmarker auf der Plündererleiste ein Feld nach links und erhält
// dadurch 1 Punkt."
func TestExampleHeadquartersUpgrade(t *testing.T) {
	g := inBuild(t, table(t), nikki, "b01", "t1")
	g = with(g, func(s *state) { s.Players[nikki].Plunderer = 3 })
	g, _ = play(t, g, nikki, "take 1")
	if got := notations(g, nikki); !slices.Equal(got, []string{"build 1", "build box"}) {
		t.Fatalf("the upgrade may go to %v, want only over the Headquarters", got)
	}
	next, _ := play(t, g, nikki, "build 1")
	p := next.s.Players[nikki]
	if p.City[0] != building(g, "b01") || p.Plunderer != 2 || p.Score != 11 {
		t.Fatalf("space 1 holds %d, plunderer %d, score %d", p.City[0], p.Plunderer, p.Score)
	}
}

// "Ani hat 4 Überlebende geboten, die sie nun auf ihrem Stadttableau für
// verschiedene Aktionen einsetzen kann."
func TestExampleCityBidOfFour(t *testing.T) {
	g := with(table(t), func(s *state) {
		inCity(s, ani, Crowd{green: 2, blue: 1, yellow: 1})
		s.Players[ani].Plunderer, s.Players[ani].Damage = 6, 5
	})
	if n := g.s.free(ani).Total(); n != 4 {
		t.Fatalf("%d free city survivors, want 4", n)
	}
	for i, m := range []string{"use 1a g1", "use 2a g1", "use 2b b1", "repair y1"} {
		if g.s.Phase != phaseCity {
			t.Fatalf("the city turn ended after %d of 4 actions", i)
		}
		g, _ = play(t, g, ani, m)
	}
	if g.s.Phase == phaseCity {
		t.Fatal("Ani's city turn goes on with no survivor left")
	}
}

// "Travis hat einen Arbeiter und einen Soldaten eingesetzt und hat somit die
// Extension gebaut."
func TestExampleExtension(t *testing.T) {
	g := with(table(t), func(s *state) { inCity(s, travis, Crowd{green: 1, blue: 1, yellow: 1}) })
	before := g.shelter(travis)
	g, _ = play(t, g, travis, "extension g1,b1")
	p := g.s.Players[travis]
	if !p.Extension || p.City[citySpaces-1] != g.cs.printedIndex(printedExtension) || g.shelter(travis) != before+2 {
		t.Fatalf("extension %v, space 8 %d, shelter %d (was %d)", p.Extension, p.City[citySpaces-1], g.shelter(travis), before)
	}
	for _, n := range notations(g, travis) {
		if n[:4] == "exte" {
			t.Fatalf("a second Extension is offered: %q", n)
		}
	}
}

// "Travis benutzt zwei Ingenieure und versetzt damit seinen Schadensmarker
// um zwei Felder nach links."
func TestExampleRepairTwoEngineers(t *testing.T) {
	g := with(table(t), func(s *state) {
		inCity(s, travis, Crowd{yellow: 2})
		s.Players[travis].Damage = 5
	})
	g, _ = play(t, g, travis, "repair y1")
	g, _ = play(t, g, travis, "repair y1")
	if d := g.s.Players[travis].Damage; d != 3 {
		t.Fatalf("damage marker on %d, want 5 - 2", d)
	}
}

// "Travis benutzt seine Überlebenden, um 2 Punkte zu erhalten und
// insgesamt 4 Plünderer zu bekämpfen."
func TestExampleFightFour(t *testing.T) {
	g := with(table(t), func(s *state) {
		build(s, g0(t).cs, travis, "b05", 3) // Barracks: 2×: soldier → fight 2
		inCity(s, travis, Crowd{green: 1, blue: 2, yellow: 1})
		s.Players[travis].Plunderer = 6
	})
	for _, m := range []string{"use 1a g1", "use 3a b1", "use 3a b1"} {
		g, _ = play(t, g, travis, m)
	}
	p := g.s.Players[travis]
	if p.Plunderer != 2 || p.Score != 10+2+4 {
		t.Fatalf("plunderer %d, score %d; want 6 - 4 and 10 + 2 + 4", p.Plunderer, p.Score)
	}
}

// "Nikki benutzt einen Arbeiter und einen Soldaten, um insgesamt 3
// Plünderer zu bekämpfen. Sie setzt ihren Spielmarker auf der
// Plündererleiste um 3 Felder nach links und erhält 3 Punkte."
func TestExampleFightThree(t *testing.T) {
	g := with(table(t), func(s *state) {
		inCity(s, nikki, Crowd{green: 1, blue: 1, yellow: 1}) // the engineer keeps her turn going
		s.Players[nikki].Plunderer = 5
	})
	g, _ = play(t, g, nikki, "use 2a g1")
	g, _ = play(t, g, nikki, "use 2b b1")
	p := g.s.Players[nikki]
	if p.Plunderer != 2 || p.Score != 13 {
		t.Fatalf("plunderer %d, score %d; want 5 - 3 and 10 + 3", p.Plunderer, p.Score)
	}
}

// quietRoundEnd makes the next round's preparation change no score and no
// damage marker.
func quietRoundEnd(s *state) {
	for i := range s.Players {
		s.Players[i].Damage, s.Players[i].Plunderer = 2, 1
	}
	s.Phase, s.Order, s.Step = phaseCity, nil, 0
}

// "Ani konnte 3 Plünderer nicht abwehren und muss daher ihren
// Schadensmarker um drei Felder nach rechts verschieben."
func TestExampleThreeNotRepelled(t *testing.T) {
	g := with(table(t), func(s *state) {
		quietRoundEnd(s)
		s.Players[ani].Plunderer, s.Players[ani].Damage = 4, 3
	})
	next, _ := step(g, func(g *Game, log *eventLog) { g.endRound(log) })
	if d := next.s.Players[ani].Damage; d != 6 {
		t.Fatalf("damage marker on %d, want 3 + 3", d)
	}
}

// "Frank hat insgesamt 9 Unterkunftspunkte aber 10 Überlebende. Er
// entscheidet sich einen Arbeiter zurück in den Beutel zu legen und
// verliert 2 Punkte."
func TestExampleShelterShortfall(t *testing.T) {
	g := with(table(t), func(s *state) {
		quietRoundEnd(s)
		build(s, g0(t).cs, frank, "b05", 3) // Barracks: shelter 3, 4 + 2 + 3 = 9
		give(s, frank, Crowd{green: 3, blue: 1})
	})
	if sh, n := g.shelter(frank), g.s.survivors(frank).Total(); sh != 9 || n != 10 {
		t.Fatalf("shelter %d, survivors %d", sh, n)
	}
	g, _ = step(g, func(g *Game, log *eventLog) { g.endRound(log) })
	if g.s.Phase != phaseShelter || g.s.Players[frank].Short != 1 {
		t.Fatalf("phase %v, Frank short %d", g.s.Phase, g.s.Players[frank].Short)
	}
	got := notations(g, frank)
	slices.Sort(got)
	if want := []string{"release b1", "release g1", "release p1"}; !slices.Equal(got, want) {
		t.Fatalf("Frank may release %v, want any one of his survivors %v", got, want)
	}
	next, lines := play(t, g, frank, "release g1")
	if p := next.s.Players[frank]; p.Score != 8 || p.Reserve[green] != 7 || next.s.survivors(frank).Total() != 9 {
		t.Fatalf("score %d, screen %s", p.Score, p.Reserve)
	}
	if !mentions(lines, "Frank returns 1 worker to the bag") {
		t.Fatalf("events %q", lines)
	}
}

// "Travis bekommt 6 Punkte für seine zwei Gebäude mit festgelegten Punkten
// (5 + 1)."
func TestExampleStarBuildings(t *testing.T) {
	g := with(table(t), func(s *state) {
		quietRoundEnd(s)
		build(s, g0(t).cs, travis, "b21", 3) // Monument ★5
		build(s, g0(t).cs, travis, "b07", 4) // Vegetable Garden ★1
	})
	next, _ := step(g, func(g *Game, log *eventLog) { g.endRound(log) })
	if sc := next.s.Players[travis].Score; sc != 16 {
		t.Fatalf("score %d, want 10 + 5 + 1", sc)
	}
}

// "Nikki hat zwei Ingenieure und erhält 8 Punkte (4 + 4). Damit hat sie
// eine Runde auf der Punkteleiste abgeschlossen und erhält den +40
// Punktemarker. Ani erhält 4 Punkte und bekommt auch den +40
// Punktemarker. Frank und Travis haben keinen Ingenieur."
func TestExampleEngineerTileAndLap(t *testing.T) {
	g := with(table(t), func(s *state) {
		s.Public[0] = slices.IndexFunc(g0(t).cs.ScoringTiles, func(t ScoringTile) bool { return t.ID == "s03" })
		give(s, nikki, Crowd{yellow: 2})
		give(s, ani, Crowd{yellow: 1})
		for i := range s.Players {
			s.Players[i].Plunderer = 1
		}
		s.Players[nikki].Score, s.Players[ani].Score, s.Players[frank].Score = 35, 38, 20
	})
	next, lines := step(g, func(g *Game, log *eventLog) { g.intermediate(log) })
	p := next.s.Players
	if p[nikki].Score != 43 || p[ani].Score != 42 || p[frank].Score != 20 || p[travis].Score != 10 {
		t.Fatalf("scores %d %d %d %d", p[travis].Score, p[nikki].Score, p[frank].Score, p[ani].Score)
	}
	if !mentions(lines, "Nikki (intermediate scoring: public tile s03, plunderers): points 35 → 43, the +40 chip") ||
		!mentions(lines, "Ani (intermediate scoring: public tile s03, plunderers): points 38 → 42, the +40 chip") {
		t.Fatalf("events %q", lines)
	}
}

// "Travis rechnet seinen finalen Punktestand zusammen: 16 Punkte
// (öffentliches Wertungsplättchen) + 10 Punkte (privates
// Wertungsplättchen) + 12 Punkte Ausrüstungskarten + 2 Punkte
// (Schadensleiste) - 3 Punkte (Plündererleiste). Er erhält also ...
// insgesamt 37 Punkte und hat einen finalen Punktestand von 127."
func TestExampleFinalScoring(t *testing.T) {
	cs := g0(t).cs
	tile := func(id string) int {
		return slices.IndexFunc(cs.ScoringTiles, func(t ScoringTile) bool { return t.ID == id })
	}
	g := with(table(t), func(s *state) {
		s.Round = 6
		s.Public[1] = tile("s03") // 4 per engineer
		for i := range s.Players {
			s.Players[i].Chosen = s.Players[i].Private[0]
		}
		p := &s.Players[travis]
		p.Private[0], p.Chosen = tile("s01"), tile("s01") // 1 per worker
		give(s, travis, Crowd{green: 5, yellow: 4})
		p.Score, p.Damage, p.Plunderer = 90, 1, 4
		for _, k := range []struct {
			id string
			n  int
		}{{"beer", 3}, {"gasoline", 2}, {"bus_engine", 1}, {"truck_body", 1}} {
			p.Hand = append(p.Hand, equip(s, cs, k.id, k.n)...)
		}
	})
	next, _ := step(g, func(g *Game, log *eventLog) { g.finalScoring(log) })
	f := next.s.Final[travis]
	want := finalScore{Public: 16, Private: 10, Equipment: 12, Damage: 2, Plunderer: -3, Total: 127}
	if f != want {
		t.Fatalf("final %+v, want %+v", f, want)
	}
}

func handOf(s *state, cs *CardSet, kinds map[string]int) []handCard {
	var out []handCard
	for k, n := range kinds {
		out = append(out, equip(s, cs, k, n)...)
	}
	return out
}

// "Am Ende des Spiels hat Nikki 2, Frank 5 und Ani 1 Landkarte gesammelt.
// Frank erhält 8 Punkte und Nikki 4 Punkte. Ani geht leer aus."
func TestExampleMaps(t *testing.T) {
	cs := g0(t).cs
	g := with(table(t), func(s *state) {
		s.Players[nikki].Hand = handOf(s, cs, map[string]int{"map": 2})
		s.Players[frank].Hand = handOf(s, cs, map[string]int{"map": 5})
		s.Players[ani].Hand = handOf(s, cs, map[string]int{"map": 1})
	})
	if got := g.equipmentScores(); !slices.Equal(got, []int{0, 4, 8, 0}) {
		t.Fatalf("map scores %v, want Travis 0, Nikki 4, Frank 8, Ani 0", got)
	}
}

// "Travis hat 5 Fahrzeugteile gesammelt. ... für seine 3 Autoteile 9
// Punkte. ... zwei Teile von unterschiedlichen Fahrzeugtypen (Bus und
// Truck), hierfür erhält er 2 Punkte."
func TestExampleVehicles(t *testing.T) {
	cs := g0(t).cs
	g := with(table(t), func(s *state) {
		s.Players[travis].Hand = handOf(s, cs, map[string]int{"car_engine": 1, "car_wheels": 1, "car_body": 1, "bus_chassis": 1, "truck_wheels": 1})
	})
	if got := g.equipmentScores()[travis]; got != 11 {
		t.Fatalf("vehicle parts score %d, want 9 + 2", got)
	}
}

// "Der Spieler hat das Training Center gebaut und kann nun auch einen
// Arbeiter anstelle eines Ingenieurs einsetzen."
func TestExampleTrainingCenter(t *testing.T) {
	setup := func(tc bool) *Game {
		return with(table(t), func(s *state) {
			build(s, g0(t).cs, travis, "b08", 4) // Workshop: engineer → repair
			if tc {
				build(s, g0(t).cs, travis, "b03", 3)
			}
			inCity(s, travis, Crowd{green: 2})
			s.Players[travis].Damage = 5
		})
	}
	with, without := setup(true), setup(false)
	for _, m := range []string{"use 4a g1", "repair g1"} {
		if !hasMove(with, travis, m) {
			t.Errorf("with the Training Center %q is missing: %v", m, notations(with, travis))
		}
		if hasMove(without, travis, m) {
			t.Errorf("without the Training Center %q is offered", m)
		}
	}
	if !hasMove(without, travis, "repair g2") {
		t.Error("two workers repair without the Training Center")
	}
}

// "Der Spieler erhält für seine 2 überschüssigen Unterkünfte insgesamt 2
// Siegpunkte."
func TestExampleUnusedShelter(t *testing.T) {
	g := with(table(t), func(s *state) {
		quietRoundEnd(s)
		build(s, g0(t).cs, travis, "b26", 3) // Apartment Block: shelter 5
		give(s, travis, Crowd{green: 3})     // 9 survivors, 11 shelter
	})
	next, _ := step(g, func(g *Game, log *eventLog) { g.endRound(log) })
	if sc := next.s.Players[travis].Score; sc != 12 {
		t.Fatalf("score %d, want 10 + 2", sc)
	}
}
