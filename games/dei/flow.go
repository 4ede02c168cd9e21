package dei

import (
	"slices"

	"github.com/playbychat/pbc/games"
)

// startRound begins round r... with the current start player.
func (g *Game) startRound(log *eventLog) {
	s := g.s
	s.Round++
	s.Phase = 1
	s.Order = seatsFrom(s.Start, s.Seats)
	log.add(msgs.Text("RoundBegins", s.Round, seatRef(s.Start)), s.Start)
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
		log.add(msgs.Text("PhasePlans", s.Phase))
		return
	}
	s.Stage = stageAct
	g.beginTurn(log)
}

// beginTurn opens the action phase of the seat whose turn it is.
func (g *Game) beginTurn(log *eventLog) {
	s := g.s
	s.Cur = &turn{Open: none, Actions: []action{}}
	log.add(msgs.Text("TurnBegins", s.Round, s.Phase, seatRef(s.acting())), s.acting())
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
	log.add(msgs.Text("HasPlanned", seatRef(seat)), seat)
	log.private(seat, msgs.Text("YouPlan", g.cardName(cards[0]), g.cardName(cards[1])))
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
		log.add(msgs.Text("Confrontation"))
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
		log.add(msgs.Text("NoMissionLeft", seatRef(seat)), seat)
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
	log.add(msgs.Text("CleanUp"))
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
		log.add(msgs.Text("FewestActsLast", seatRef(last)), last)
		return
	}
	s.Start = last
	log.add(msgs.Text("FewestStarts", seatRef(last)), last)
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
	log.add(msgs.Text("FinalScoring", seatRef(seat), sum, f.Outposts, f.Feats, f.Tech, f.Energy), seat)
}

// endGame adds the VP of every player's market cards and ends the game.
func (g *Game) endGame(log *eventLog) {
	s := g.s
	for _, seat := range seatsFrom(s.Start, s.Seats) {
		p := &s.Players[seat]
		n := g.cardVP(seat)
		p.Final.Cards = n
		p.VP += n
		log.add(msgs.Text("MarketVP", seatRef(seat), n, p.VP), seat)
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
	var names []games.Text
	for i, v := range scores {
		if v == best {
			winners = append(winners, games.Seat(i))
			names = append(names, same(seatRef(i)))
		}
	}
	if len(names) > 1 {
		return games.Status{Finished: true, Winners: winners, Scores: scores, Summary: msgs.Text("SharedWin", joinAnd(names), best)}
	}
	return games.Status{Finished: true, Winners: winners, Scores: scores, Summary: msgs.Text("Wins", names[0], best)}
}

// progress is the one-line state of a running game.
func (g *Game) progress() games.Text {
	s := g.s
	switch s.Stage {
	case stageFaction:
		return msgs.Text("ProgressFactions")
	case stagePlace:
		return msgs.Text("ProgressPlace")
	case stageDraft:
		return msgs.Text("ProgressDraft")
	case stageMissions:
		return msgs.Text("ProgressMissions", s.Round)
	}
	return msgs.Text("ProgressPhase", s.Round, s.Phase)
}

// prompt says what the acting seat must do now.
func (g *Game) prompt() games.Text {
	s := g.s
	switch s.Stage {
	case stageFaction:
		return msgs.Text("PromptFaction")
	case stagePlace:
		return msgs.Text("PromptPlace")
	case stageDraft:
		return msgs.Text("PromptDraft")
	case stageMissions:
		return msgs.Text("PromptMission")
	}
	t := s.Cur
	switch {
	case t == nil:
		return games.Text{}
	case t.Closing:
		return msgs.Text("PromptMission")
	case t.Task != nil && !t.Task.Landed:
		return msgs.Text("PromptFly")
	case t.Task != nil:
		return msgs.Text("PromptPower")
	case t.Buying:
		return msgs.Text("PromptBuy")
	}
	played := len(s.Players[s.acting()].Pad[s.Phase-1])
	if played < cardsPerPhase {
		return msgs.Text("PromptPlay", played+1)
	}
	return msgs.Text("PromptEndPhase")
}
