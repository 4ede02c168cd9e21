package xenoshyft

import (
	"fmt"
	"strings"

	"github.com/playbychat/pbc/games"
)

// ToAct implements games.Game.
func (g *Game) ToAct() []games.Actor {
	s := g.s
	var out []games.Actor
	switch s.Phase {
	case PhaseDivision:
		for i, p := range s.Players {
			if p.Division == "" {
				out = append(out, games.Actor{Seat: games.Seat(i), Kind: games.Simultaneous,
					Prompt: msgs.Text("PromptDivision"), Decision: PhaseDivision.String()})
			}
		}
	case PhaseSupply, PhaseDeploy, PhaseCollect:
		prompt := map[Phase]games.Text{
			PhaseSupply:  msgs.Text("PromptSupply"),
			PhaseDeploy:  msgs.Text("PromptDeploy"),
			PhaseCollect: msgs.Text("PromptCollect"),
		}[s.Phase]
		decision := fmt.Sprintf("round%d:%s", s.Round, s.Phase)
		for i, p := range s.Players {
			if !p.Ready {
				out = append(out, games.Actor{Seat: games.Seat(i), Kind: games.Simultaneous, Prompt: prompt, Decision: decision})
			}
		}
	case PhaseCombat:
		if s.Pending != nil {
			return []games.Actor{{Seat: s.Pending.Seat, Kind: games.Reaction, Prompt: msgs.Text("PromptOrder"),
				Decision: orderDecision(s)}}
		}
		if !s.Combat.Window {
			return nil
		}
		li := s.Combat.Order[s.Combat.Index]
		decision := reactionDecision(s, li)
		for i, p := range s.Players {
			if !p.Passed {
				out = append(out, games.Actor{Seat: games.Seat(i), Kind: games.Reaction, Prompt: msgs.Text("PromptReaction", li+1),
					Decision: decision})
			}
		}
	}
	return out
}

// reactionDecision is the Decision key of the reaction window in lane li:
// one window per fight, named by the enemy it was opened for and its number
// in the combat phase (an enemy that survives a fight meets the next troop
// in a new window; a troop killed by a play inside the window changes
// nothing).
func reactionDecision(s *state, li int) string {
	return fmt.Sprintf("round%d:combat:lane%d:c%d:w%d:react", s.Round, li+1, s.Combat.WindowFor, s.Combat.Opened)
}

// orderDecision is the Decision key of choosing which waiting reveal
// effect comes first: named by the revealed enemies still waiting, so
// that each choice of a longer order is a decision of its own.
func orderDecision(s *state) string {
	ids := make([]string, len(s.Pending.Enemies))
	for i, id := range s.Pending.Enemies {
		ids[i] = fmt.Sprintf("c%d", id)
	}
	return fmt.Sprintf("round%d:combat:lane%d:order:%s", s.Round, s.Combat.Order[s.Combat.Index]+1, strings.Join(ids, "+"))
}

// DefaultMove implements games.Defaulter: a reaction window closes with a
// pass when a player's time runs out. Other phases wait.
func (g *Game) DefaultMove(seat games.Seat) (string, bool) {
	s := g.s
	if s.Phase == PhaseCombat && s.Pending != nil {
		if seat == s.Pending.Seat {
			return fmt.Sprintf("first c%d", s.Pending.Enemies[0]), true
		}
		return "", false
	}
	if s.Phase == PhaseCombat && s.Combat.Window && int(seat) >= 0 && int(seat) < s.Seats && !s.Players[seat].Passed {
		return "pass", true
	}
	return "", false
}

// Seats implements games.Game.
func (g *Game) Seats() int { return g.s.Seats }

// Status implements games.Game.
func (g *Game) Status() games.Status {
	s := g.s
	switch s.Result {
	case "won":
		winners := make([]games.Seat, s.Seats)
		for i := range winners {
			winners[i] = games.Seat(i)
		}
		return games.Status{Finished: true, Winners: winners, Summary: msgs.Text("SummaryWon", s.BaseHP, s.BaseMax)}
	case "lost":
		return games.Status{Finished: true, Summary: msgs.Text("SummaryLost", s.Round)}
	}
	return games.Status{Summary: msgs.Text("SummaryRound", s.Round, s.wave(), s.BaseHP, s.BaseMax)}
}

// startRound runs the draw phase and the free resource card of the supply
// phase, then waits for purchases.
func (g *Game) startRound(log *eventLog) {
	s := g.s
	w := s.wave()
	log.add(msgs.Text("RoundBegins", s.Round, w), false)
	for i := range s.Players {
		p := &s.Players[i]
		p.Shown = nil
		want := handSize + g.divisionSum(i, "hand_size")
		if n := want - len(p.Hand); n > 0 {
			g.draw(games.Seat(i), n, log)
		}
	}
	value := map[int]int{1: 1, 2: 3, 3: 6}[w]
	for i := range s.Players {
		for r, rt := range g.cs.Resources {
			if rt.Value == value && len(s.ResPiles[r]) > 0 {
				s.Players[i].Hand = append(s.Players[i].Hand, takeLast(&s.ResPiles[r]))
				break
			}
		}
		s.Players[i].Ready, s.Players[i].Spent, s.Players[i].Bought = false, 0, nil
	}
	log.add(msgs.Text("SupplyBegins", value), false)
	s.Phase = PhaseSupply
}

// draw draws n cards for seat, reshuffling the discard pile when the deck
// runs out.
func (g *Game) draw(seat games.Seat, n int, log *eventLog) {
	s := g.s
	p := &s.Players[seat]
	var drawn []int
	for range n {
		if len(p.Deck) == 0 {
			if len(p.Discard) == 0 {
				break
			}
			p.Deck, p.Discard = p.Discard, nil
			g.shuffle(p.Deck)
			log.add(msgs.Text("ShufflesDiscard", games.Seatf(seat)), true, seat)
		}
		id := p.Deck[len(p.Deck)-1]
		p.Deck = p.Deck[:len(p.Deck)-1]
		p.Hand = append(p.Hand, id)
		drawn = append(drawn, id)
	}
	if len(drawn) == 0 {
		return
	}
	log.add(msgs.Text("Draws", games.Seatf(seat), msgs.Count("Cards", len(drawn), len(drawn))), false, seat)
	log.private(seat, msgs.Text("YouDraw", g.names(drawn)))
}

// allReady reports whether every player has declared ready.
func (s *state) allReady() bool {
	for _, p := range s.Players {
		if !p.Ready {
			return false
		}
	}
	return true
}

// endSupply pays the purchases and starts the deployment.
func (g *Game) endSupply(log *eventLog) {
	s := g.s
	for i := range s.Players {
		p := &s.Players[i]
		need := max(0, p.Spent-g.divisionSum(i, "extra_resource"))
		pay := g.payment(p.Hand, need)
		paid := 0
		for _, id := range pay {
			paid += g.resourceValue(id)
			p.Hand = remove(p.Hand, id)
			p.Discard = append(p.Discard, id)
		}
		if p.Spent > 0 {
			log.add(msgs.Text("Spends", games.Seatf(games.Seat(i)), p.Spent, paid), false, games.Seat(i))
		}
		p.Spent, p.Bought, p.Ready = 0, nil, false
	}
	s.Phase = PhaseDeploy
	log.add(msgs.Text("DeployBegins"), false)
}

// payment picks the resource cards in hand that pay need with the least
// value, then the fewest cards.
func (g *Game) payment(hand []int, need int) []int {
	if need <= 0 {
		return nil
	}
	var res []int
	for _, id := range hand {
		if g.s.Cards[id].Kind == kindResource {
			res = append(res, id)
		}
	}
	best, bestSum := []int(nil), -1
	for mask := 1; mask < 1<<len(res); mask++ {
		sum, n := 0, 0
		for i := range res {
			if mask&(1<<i) != 0 {
				sum += g.resourceValue(res[i])
				n++
			}
		}
		if sum < need {
			continue
		}
		if bestSum < 0 || sum < bestSum || (sum == bestSum && n < len(best)) {
			best, bestSum = nil, sum
			for i := range res {
				if mask&(1<<i) != 0 {
					best = append(best, res[i])
				}
			}
		}
	}
	return best
}

func (g *Game) resourceValue(id int) int {
	c := g.s.Cards[id]
	if c.Kind != kindResource {
		return 0
	}
	return g.cs.Resources[g.cs.resIdx[c.Key]].Value
}

// budget is the xenosathem a player may spend in this supply phase.
func (g *Game) budget(seat int) int {
	total := g.divisionSum(seat, "extra_resource")
	for _, id := range g.s.Players[seat].Hand {
		total += g.resourceValue(id)
	}
	return total
}

// endDeploy deals the enemies and starts the combat.
func (g *Game) endDeploy(log *eventLog) {
	s := g.s
	for i := range s.Players {
		s.Players[i].Ready = false
	}
	for li := range s.Lanes {
		l := &s.Lanes[li]
		for j := range l.Troops {
			l.Troops[j].Fresh, l.Troops[j].WeaponFresh, l.Troops[j].ArmourFresh = 0, 0, 0
		}
		n := laneZones - len(l.Enemies)
		for range n {
			id, ok := g.drawEnemy(log)
			if !ok {
				break
			}
			l.Enemies = append(l.Enemies, enemy{ID: id, HitBy: noCard})
		}
		l.State = "waiting"
	}
	log.add(msgs.Text("SwarmAdvances"), false)
	s.Phase = PhaseCombat
	s.Combat = combat{ReactedTo: noCard, WindowFor: noCard}
	for i := range s.Seats {
		s.Combat.Order = append(s.Combat.Order, (s.FirstLane+i)%s.Seats)
	}
	g.runCombat(log)
}

// drawEnemy takes the top card of the current wave's encounter deck,
// reshuffling its discards when it is empty.
func (g *Game) drawEnemy(log *eventLog) (int, bool) {
	s := g.s
	p := &s.Encounter[s.wave()-1]
	if len(p.Deck) == 0 {
		if len(p.Discard) == 0 {
			return 0, false
		}
		p.Deck, p.Discard = p.Discard, nil
		g.shuffle(p.Deck)
		log.add(msgs.Text("EncounterReshuffled"), true)
	}
	return takeLast(&p.Deck), true
}

// runCombat drives the combat phase until a reaction window needs the
// players, the game ends, or the combat phase is over.
func (g *Game) runCombat(log *eventLog) {
	s := g.s
	for s.Phase == PhaseCombat {
		if s.BaseHP <= 0 {
			g.lose(log)
			return
		}
		if s.Combat.Window {
			return
		}
		if s.Combat.Index >= len(s.Combat.Order) {
			g.endCombat(log)
			return
		}
		li := s.Combat.Order[s.Combat.Index]
		l := &s.Lanes[li]
		if len(l.Enemies) == 0 {
			if l.State != "fallen" {
				l.State = "held"
				log.add(msgs.Text("LaneHolds", li+1), false)
			}
			s.Combat.Index++
			s.Combat.ReactedTo = noCard
			continue
		}
		if len(l.Troops) == 0 {
			if l.State != "overrun" {
				log.add(msgs.Text("LaneIsOverrun", li+1), false)
			}
			l.State = "overrun"
		} else if l.State == "waiting" {
			l.State = "fighting"
		}
		front := l.Enemies[0]
		if !front.Up {
			g.reveal([]int{front.ID}, log)
			continue
		}
		if s.Combat.ReactedTo != front.ID {
			if g.openWindow(front.ID) {
				log.add(msgs.Text("ReactionStep", li+1), false)
				return
			}
			s.Combat.ReactedTo = front.ID
			continue
		}
		if len(l.Troops) == 0 {
			e := g.cs.enemy(s.Cards[front.ID].Key)
			power := e.Attack + front.Boost
			s.BaseHP = max(0, s.BaseHP-power)
			l.Enemies = l.Enemies[1:]
			g.discardEnemy(front.ID)
			l.State = "fallen"
			log.add(msgs.Text("BreaksThrough", e.Name, li+1, power, s.BaseHP), false)
			s.Combat.ReactedTo = noCard
			if len(l.Enemies) > 0 {
				l.State = "overrun"
			}
			continue
		}
		g.fight(li, log)
		s.Combat.ReactedTo = noCard
	}
}

// openWindow opens the reaction step for the fight against the enemy; it
// reports false when every player passes by standing choice.
func (g *Game) openWindow(enemyID int) bool {
	s := g.s
	open := false
	for i := range s.Players {
		s.Players[i].Passed = s.Players[i].Autopass
		if !s.Players[i].Passed {
			open = true
		}
	}
	s.Combat.Window = open
	s.Combat.WindowFor = enemyID
	if open {
		s.Combat.Opened++
	}
	return open
}

// closeWindowIfDone ends the reaction step when everyone has passed or the
// enemy it was opened for is gone.
func (g *Game) closeWindowIfDone(log *eventLog) {
	s := g.s
	if !s.Combat.Window || s.Pending != nil {
		return
	}
	li := s.Combat.Order[s.Combat.Index]
	l := s.Lanes[li]
	if len(l.Enemies) == 0 || l.Enemies[0].ID != s.Combat.WindowFor {
		s.Combat.Window = false
		s.Combat.WindowFor = noCard
		g.runCombat(log)
		return
	}
	for _, p := range s.Players {
		if !p.Passed {
			return
		}
	}
	s.Combat.Window = false
	s.Combat.ReactedTo = s.Combat.WindowFor
	s.Combat.WindowFor = noCard
	g.runCombat(log)
}

// fight repeats attacks between the front troop and the front enemy of the
// lane until one of them (or both) is eliminated.
func (g *Game) fight(li int, log *eventLog) {
	s := g.s
	l := &s.Lanes[li]
	tID, eID := l.Troops[0].ID, l.Enemies[0].ID
	et := g.cs.enemy(s.Cards[eID].Key)
	tt := g.cs.troop(s.Cards[tID].Key)
	log.add(msgs.Text("Fights", li+1, tt.Name, et.Name), false)
	for {
		l = &s.Lanes[li]
		if s.BaseHP <= 0 || len(l.Troops) == 0 || len(l.Enemies) == 0 || l.Troops[0].ID != tID || l.Enemies[0].ID != eID {
			return
		}
		t, e := &l.Troops[0], &l.Enemies[0]
		toEnemy := max(0, g.troopAttack(li, *t)-et.Armor)
		power := et.Attack + e.Boost
		targets := 1
		if et.Cleave {
			targets = min(2, len(l.Troops))
		}
		changed := toEnemy > 0
		for k := range targets {
			tr := &l.Troops[k]
			dmg := max(0, power-g.troopArmor(li, *tr))
			absorbed := min(tr.Shield, dmg)
			tr.Shield -= absorbed
			tr.Damage += dmg - absorbed
			if dmg > 0 {
				tr.HitBy = eID
				changed = true
			}
		}
		e.Damage += toEnemy
		if toEnemy > 0 {
			e.HitBy = tID
		}
		if !changed {
			// Neither side can hurt the other: the swarm pushes through
			// and the troop is lost (ruling, see docs/rules/xenoshyft.md).
			t.Damage = g.troopHP(li, *t)
			t.HitBy = eID
			log.add(msgs.Text("Stalemate"), false)
		}
		g.settle(log)
	}
}

// endCombat ends the combat phase: victory after round 9, else collection.
func (g *Game) endCombat(log *eventLog) {
	s := g.s
	s.Combat = combat{ReactedTo: noCard, WindowFor: noCard}
	if s.Round >= rounds {
		s.Phase = PhaseOver
		s.Result = "won"
		hp := hitPointsText(s.BaseHP)
		log.add(msgs.Text("MissionSucceeds", hp), false)
		return
	}
	s.Phase = PhaseCollect
	for i := range s.Players {
		s.Players[i].Ready, s.Players[i].Passed = false, false
	}
	log.add(msgs.Text("CollectBegins"), false)
}

func (g *Game) lose(log *eventLog) {
	s := g.s
	s.Phase = PhaseOver
	s.Result = "lost"
	s.Combat.Window = false
	log.add(msgs.Text("BaseFallen"), false)
}

// endCollect closes the round: ability markers, base repair, item stacks,
// the wave track, and the next round.
func (g *Game) endCollect(log *eventLog) {
	s := g.s
	for li := range s.Lanes {
		l := &s.Lanes[li]
		for j := range l.Troops {
			l.Troops[j].Used, l.Troops[j].Shield, l.Troops[j].Boost = false, 0, 0
		}
		l.State = "waiting"
	}
	for i := range s.Players {
		s.Players[i].DivUsed, s.Players[i].Ready = false, false
		if n := g.divisionSum(i, "base_repair"); n > 0 && s.BaseHP < s.BaseMax {
			s.BaseHP = min(s.BaseMax, s.BaseHP+n)
			log.add(msgs.Text("RepairsBase", games.Seatf(games.Seat(i)), s.BaseHP), false, games.Seat(i))
		}
	}
	for i, slot := range s.Slots {
		if slot != noCard && len(s.ItemPiles[slot]) > 0 {
			continue
		}
		if len(s.Selection) == 0 {
			continue
		}
		s.Slots[i] = s.Selection[0]
		s.Selection = s.Selection[1:]
		it := g.cs.Items[s.Slots[i]]
		log.add(msgs.Text("StackRefilled", i+1, it.Name), true)
	}
	before := s.wave()
	s.Round++
	s.FirstLane = (s.FirstLane + 1) % s.Seats
	if w := s.wave(); w != before {
		log.add(msgs.Text("WaveBegins", w), false)
	}
	g.startRound(log)
}
