package dei

import (
	"fmt"
	"slices"

	"github.com/playbychat/pbc/games"
)

// startRound begins round r... with the current start player.
func (g *Game) startRound(log *eventLog) {
	s := g.s
	s.Round++
	s.Phase = 1
	s.Order = seatsFrom(s.Start, s.Seats)
	log.add(games.T(fmt.Sprintf("Round %d begins; %s is the start player.", s.Round, seatRef(s.Start)),
		fmt.Sprintf("Runde %d beginnt; %s ist Startspieler.", s.Round, seatRef(s.Start))), s.Start)
	g.startPhase(log)
}

// startPhase begins an action phase: under option 3 everyone plans first.
func (g *Game) startPhase(log *eventLog) {
	s := g.s
	s.Turn = 0
	for i := range s.Players {
		s.Players[i].Plan = nil
	}
	if s.Options.Bool(OptPlanning) {
		s.Stage = stagePlan
		log.add(games.T(fmt.Sprintf("Action phase %d: everyone plans two cards.", s.Phase),
			fmt.Sprintf("Aktionsphase %d: Alle planen zwei Karten.", s.Phase)))
		return
	}
	s.Stage = stageAct
	g.beginTurn(log)
}

// beginTurn opens the action phase of the seat whose turn it is.
func (g *Game) beginTurn(log *eventLog) {
	s := g.s
	s.Cur = &turn{Open: none, Actions: []action{}}
	log.add(games.T(fmt.Sprintf("Round %d, action phase %d: %s's turn.", s.Round, s.Phase, seatRef(s.acting())),
		fmt.Sprintf("Runde %d, Aktionsphase %d: %s ist am Zug.", s.Round, s.Phase, seatRef(s.acting()))), s.acting())
}

// plan records a player's two planned cards (option 3); once everyone has
// planned, the turns begin.
func (g *Game) plan(seat int, cards []int, log *eventLog) {
	s := g.s
	p := &s.Players[seat]
	p.Plan = slices.Clone(cards)
	for _, c := range cards {
		p.Hand = slices.DeleteFunc(p.Hand, func(h int) bool { return h == c })
	}
	log.add(games.T(seatRef(seat)+" has planned.", seatRef(seat)+" hat geplant."), seat)
	log.private(seat, games.T("You plan "+g.cardName(cards[0]).EN+" and "+g.cardName(cards[1]).EN+".",
		"Du planst "+g.cardName(cards[0]).DE+" und "+g.cardName(cards[1]).DE+"."))
	for _, o := range s.Players {
		if len(o.Plan) == 0 {
			return
		}
	}
	s.Stage = stageAct
	g.beginTurn(log)
}

// finishTurn passes the action phase on; in round 4 (without option 4) the
// player's provisional final scoring comes first.
func (g *Game) finishTurn(seat int, log *eventLog) {
	s := g.s
	if s.Round == rounds && s.Phase == phases && !s.Options.Bool(OptConfrontation) {
		g.finalScore(seat, log)
	}
	s.Cur = nil
	s.Turn++
	if s.Turn < len(s.Order) {
		g.beginTurn(log)
		return
	}
	s.Phase++
	if s.Phase <= phases {
		g.startPhase(log)
		return
	}
	if s.Options.Bool(OptConfrontation) {
		s.Stage = stageMissions
		s.Turn = -1
		log.add(games.T("Confrontation: missions in turn order.", "Konfrontation: Aufträge in Spielerreihenfolge."))
		g.nextMission(log)
		return
	}
	g.endRound(log)
}

// nextMission moves the mission choice of option 4 to the next player who
// has one to make.
func (g *Game) nextMission(log *eventLog) {
	s := g.s
	for s.Turn++; s.Turn < len(s.Order); s.Turn++ {
		seat := s.Order[s.Turn]
		if len(g.openMissions(seat)) > 0 {
			return
		}
		log.add(games.T(seatRef(seat)+" has no mission left to fulfil.", seatRef(seat)+" hat keinen Auftrag mehr zu erfüllen."), seat)
	}
	if s.Round == rounds {
		for _, seat := range s.Order {
			g.finalScore(seat, log)
		}
	}
	g.endRound(log)
}

// endRound runs the clean-up: face-down cards are recycled, the others go
// back to hand, candy boosts return to the supply, the start player passes
// on. After round 4 the game ends instead.
func (g *Game) endRound(log *eventLog) {
	s := g.s
	if s.Round == rounds {
		g.endGame(log)
		return
	}
	for i := range s.Players {
		p := &s.Players[i]
		for ph := range p.Pad {
			for _, pc := range p.Pad[ph] {
				if pc.Down {
					p.Recycled = append(p.Recycled, pc.Card)
				} else {
					p.Hand = append(p.Hand, pc.Card)
				}
				if pc.Candy != none {
					s.CandySupply = append(s.CandySupply, pc.Candy)
				}
			}
			p.Pad[ph] = []padCard{}
		}
		slices.Sort(p.Hand)
		slices.Sort(p.Recycled)
	}
	slices.Sort(s.CandySupply)
	log.add(games.T("Clean-up: face-down cards are recycled, the others return to hand.",
		"Aufräumen: Verdeckte Karten werden entsorgt, die anderen kommen zurück auf die Hand."))
	s.Start = (s.Start + 1) % s.Seats
	if s.Seats == 3 && s.Round+1 == rounds {
		g.lastPlacedStarts(log)
	}
	g.startRound(log)
}

// lastPlacedStarts applies the 3-player rule for round 4: the player with
// the fewest VP starts (a tie goes to the first of them from the regular
// start player on); under option 4 the player on their left starts, so
// that they act last.
func (g *Game) lastPlacedStarts(log *eventLog) {
	s := g.s
	last := s.Start
	for _, seat := range seatsFrom(s.Start, s.Seats) {
		if s.Players[seat].VP < s.Players[last].VP {
			last = seat
		}
	}
	if s.Options.Bool(OptConfrontation) {
		s.Start = (last + 1) % s.Seats
		log.add(games.T(fmt.Sprintf("%s has the fewest VP and will act last in round 4.", seatRef(last)),
			fmt.Sprintf("%s hat die wenigsten SP und handelt in Runde 4 als Letzter.", seatRef(last))), last)
		return
	}
	s.Start = last
	log.add(games.T(fmt.Sprintf("%s has the fewest VP and starts round 4.", seatRef(last)),
		fmt.Sprintf("%s hat die wenigsten SP und beginnt Runde 4.", seatRef(last))), last)
}

// finalScore adds a player's provisional final scoring: outposts, feats,
// tech and energy.
func (g *Game) finalScore(seat int, log *eventLog) {
	p := &g.s.Players[seat]
	if p.Scored {
		return
	}
	f := &finalScores{Outposts: g.cubes(seat, ""), Feats: featScore(g.earnedFeats(seat)), Tech: p.Tech / 2, Energy: p.Energy}
	p.Final = f
	p.Scored = true
	sum := f.Outposts + f.Feats + f.Tech + f.Energy
	p.VP += sum
	log.add(games.T(fmt.Sprintf("Final scoring for %s: %d VP (outposts %d, feats %d, tech %d, energy %d).", seatRef(seat), sum, f.Outposts, f.Feats, f.Tech, f.Energy),
		fmt.Sprintf("Schlusswertung für %s: %d SP (Außenposten %d, Abzeichen %d, Technologie %d, Energie %d).", seatRef(seat), sum, f.Outposts, f.Feats, f.Tech, f.Energy)), seat)
}

// endGame adds the VP of every player's market cards and ends the game.
func (g *Game) endGame(log *eventLog) {
	s := g.s
	for _, seat := range seatsFrom(s.Start, s.Seats) {
		p := &s.Players[seat]
		n := g.cardVP(seat)
		p.Final.Cards = n
		p.VP += n
		log.add(games.T(fmt.Sprintf("%s adds %d VP from market cards: %d in all.", seatRef(seat), n, p.VP),
			fmt.Sprintf("%s zählt %d SP aus Marktkarten: insgesamt %d.", seatRef(seat), n, p.VP)), seat)
	}
	s.Stage = stageOver
	s.Cur = nil
	st := g.Status()
	winners := make([]int, len(st.Winners))
	for i, w := range st.Winners {
		winners[i] = int(w)
	}
	log.add(st.Summary, winners...)
}

// Status implements games.Game.
func (g *Game) Status() games.Status {
	s := g.s
	scores := make([]int, s.Seats)
	for i, p := range s.Players {
		scores[i] = p.VP
	}
	if s.Stage != stageOver {
		return games.Status{Scores: scores, Summary: g.progress()}
	}
	best := slices.Max(scores)
	var winners []games.Seat
	var names []string
	for i, v := range scores {
		if v == best {
			winners = append(winners, games.Seat(i))
			names = append(names, seatRef(i))
		}
	}
	if len(names) > 1 {
		return games.Status{Finished: true, Winners: winners, Scores: scores, Summary: games.T(
			fmt.Sprintf("Game over: %s share the win with %d VP.", joinList(names), best),
			fmt.Sprintf("Spielende: %s teilen sich den Sieg mit %d SP.", joinListDE(names), best))}
	}
	return games.Status{Finished: true, Winners: winners, Scores: scores, Summary: games.T(
		fmt.Sprintf("Game over: %s wins with %d VP.", names[0], best),
		fmt.Sprintf("Spielende: %s gewinnt mit %d SP.", names[0], best))}
}

// progress is the one-line state of a running game.
func (g *Game) progress() games.Text {
	s := g.s
	switch s.Stage {
	case stageFaction:
		return games.T("Choosing factions.", "Fraktionswahl.")
	case stagePlace:
		return games.T("Placing the first figures.", "Die ersten Figuren werden aufgestellt.")
	case stageDraft:
		return games.T("Drafting feats.", "Abzeichen-Draft.")
	case stageMissions:
		return games.T(fmt.Sprintf("Round %d of 4: missions.", s.Round), fmt.Sprintf("Runde %d von 4: Aufträge.", s.Round))
	}
	return games.T(fmt.Sprintf("Round %d of 4, action phase %d.", s.Round, s.Phase),
		fmt.Sprintf("Runde %d von 4, Aktionsphase %d.", s.Round, s.Phase))
}

// prompt says what the acting seat must do now.
func (g *Game) prompt() games.Text {
	s := g.s
	switch s.Stage {
	case stageFaction:
		return games.T("Choose your faction.", "Wähle deine Fraktion.")
	case stagePlace:
		return games.T("Choose the camp for your leader.", "Wähle das Lager für deinen Anführer.")
	case stageDraft:
		return games.T("Take a feat from the stack.", "Nimm ein Abzeichen vom Stapel.")
	case stageMissions:
		return games.T("Choose a mission.", "Wähle einen Auftrag.")
	}
	t := s.Cur
	switch {
	case t == nil:
		return games.T("", "")
	case t.Closing:
		return games.T("Choose a mission.", "Wähle einen Auftrag.")
	case t.Task != nil && !t.Task.Landed:
		return games.T("Fly the drone, or land it.", "Fliege die Drohne oder lande sie.")
	case t.Task != nil:
		return games.T("Use the drone's power.", "Nutze die Fähigkeit der Drohne.")
	case t.Buying:
		return games.T("Buy a market card.", "Kaufe eine Marktkarte.")
	}
	played := len(s.Players[s.acting()].Pad[s.Phase-1])
	if played < cardsPerPhase {
		return games.T(fmt.Sprintf("Play card %d of 2 (or turn one face down to buy), or use the open card's actions.", played+1),
			fmt.Sprintf("Spiele Karte %d von 2 (oder lege eine verdeckt ab, um zu kaufen) oder nutze die Aktionen der offenen Karte.", played+1))
	}
	return games.T("Use the open card's actions, then end your phase.", "Nutze die Aktionen der offenen Karte und beende dann deine Phase.")
}
