package xibalba

import (
	"fmt"
	"strings"

	"github.com/playbychat/pbc/games"
)

// step is the part of a turn the game is in: its phase, or within the
// action phase a step that a move opened. It decides who acts, the prompt,
// the moves offered and the refusal of a move made out of its step.
type step string

// The steps of a turn: each phase, and the steps within the action phase.
const (
	stepFaction = step(PhaseFaction)
	stepEffect  = step(PhaseEffect)
	stepPool    = step(PhasePool)
	stepDice    = step(PhaseDice)
	stepRoll    = step(PhaseRoll)
	stepAction  = step(PhaseAction)
	stepOver    = step(PhaseOver)

	stepBlock   step = "block"   // the defender decides whether to block
	stepDestroy step = "destroy" // the attacker chooses an add-on card to destroy
	stepReorg   step = "reorg"   // the current player re-organizes their piles
)

// stepNow is the step of the turn the game is in.
func (g *game) stepNow() step {
	t := &g.s.Turn
	switch {
	case t.Block != nil:
		return stepBlock
	case g.s.Phase == PhaseAction && t.Destroy >= 0:
		return stepDestroy
	case g.s.Phase == PhaseAction && t.Reorg:
		return stepReorg
	}
	return step(g.s.Phase)
}

// stepPrompts ask the acting seat for the move of each step.
var stepPrompts = map[step]games.Text{
	stepFaction: msgs.Text("FactionPrompt"),
	stepEffect:  msgs.Text("EffectPrompt"),
	stepPool:    msgs.Text("PoolPrompt"),
	stepDice:    msgs.Text("DicePrompt"),
	stepRoll:    msgs.Text("RollPrompt"),
	stepAction:  msgs.Text("ActionPrompt"),
	stepDestroy: msgs.Text("DestroyPrompt"),
	stepReorg:   msgs.Text("ReorgPrompt"),
}

// ToAct implements games.Game: the defender reacts in the block step, the
// current player acts in every other.
func (g *game) ToAct() []games.Actor {
	s := g.s
	switch st := g.stepNow(); st {
	case stepOver:
		return nil
	case stepBlock:
		return []games.Actor{{Seat: s.Turn.Block.Defender, Kind: games.Reaction, Decision: g.blockDecision(),
			Prompt: msgs.Text("BlockPrompt", s.Turn.Block.Power)}}
	default:
		return []games.Actor{{Seat: s.Current, Kind: games.Turn, Prompt: stepPrompts[st]}}
	}
}

// blockDecision is the Decision key of the pending block window: the
// round, the attacker and the dice left in the action pool, which every
// attack spends, so that two attacks of one turn open two windows.
func (g *game) blockDecision() string {
	s := g.s
	return fmt.Sprintf("%s:r%d:%s:d%d", stepBlock, s.Round, seatArg(s.Turn.Block.Attacker), len(s.Turn.Kept))
}

// Seats implements games.Game.
func (g *game) Seats() int { return g.s.Seats }

// Status implements games.Game.
func (g *game) Status() games.Status {
	s := g.s
	st := games.Status{Finished: g.over(), Scores: make([]int, s.Seats)}
	parts := make([]string, s.Seats)
	for i, b := range s.Bases {
		st.Scores[i] = b.Paragon
		parts[i] = fmt.Sprintf("%s %d", games.Seatf(games.Seat(i)), b.Paragon)
	}
	if g.over() {
		st.Winners = []games.Seat{s.Winner}
		st.Summary = msgs.Text("WinsSummary", games.Seatf(s.Winner), paragonText(s.Bases[s.Winner].Paragon))
		return st
	}
	sum := strings.Join(parts, ", ")
	st.Summary = msgs.Text("RoundSummary", s.Round, s.Target, sum)
	return st
}

// DefaultMove implements games.Defaulter: only a pending block decision has
// a default, taken from the defender's standing choice ("ask" counts as
// "block only if the blocker survives").
func (g *game) DefaultMove(seat games.Seat) (string, bool) {
	pa := g.s.Turn.Block
	if g.over() || pa == nil || seat != pa.Defender {
		return "", false
	}
	switch g.s.Bases[seat].Policy {
	case PolicyAlways:
		return "block", true
	case PolicyNever:
		return "noblock", true
	}
	if g.resistance(top(g.s.Bases[seat].Warhost), seat, false) > pa.Power {
		return "block", true
	}
	return "noblock", true
}

// gainParagon adds paragon (capped) and ends the game when the target is
// reached.
func (g *game) gainParagon(seat games.Seat, n int) {
	if n <= 0 || g.over() {
		return
	}
	b := &g.s.Bases[seat]
	b.Paragon = min(table.MaxParagon, b.Paragon+n)
	if b.Paragon >= g.s.Target {
		g.s.Winner = seat
		g.s.Phase = PhaseOver
		g.s.Turn.Block, g.s.Turn.Destroy = nil, -1
		g.s.Turn.Pending, g.s.Turn.Reorg = nil, false
		g.emit(false, msgs.Text("Wins", games.Seatf(seat), paragonText(b.Paragon)), seat)
	}
}

// --- turn flow ---

func (g *game) startTurn(seat games.Seat) {
	s := g.s
	s.Current = seat
	if seat == s.Starter {
		s.Round++
	}
	s.Turn = turnState{Destroy: -1}
	s.Phase = PhaseEffect
	if p := g.productivity(seat); p > 0 {
		g.gainResources(seat, p)
		g.emit(false, msgs.Text("TurnWithProductivity", games.Seatf(seat), resourcesText(p)), seat)
	} else {
		g.emit(false, msgs.Text("Turn", games.Seatf(seat)), seat)
	}
	s.Turn.Pending = g.cardsWithTiming(seat, TimingEffect)
	g.advance()
}

func (g *game) cardsWithTiming(seat games.Seat, timing string) []string {
	var out []string
	for _, id := range g.activeCards(seat) {
		for _, e := range g.card(id).Effects {
			if e.Timing == timing {
				out = append(out, id)
				break
			}
		}
	}
	return out
}

// advance makes every step that needs no decision: empty effect lists, a
// single forced effect without a choice, the only possible pool, the
// initial roll, the end of the dice phase and of a turn without any action.
func (g *game) advance() {
	s := g.s
	for !g.over() {
		switch s.Phase {
		case PhaseEffect, PhaseDice:
			if len(s.Turn.Pending) == 1 {
				if ch := g.choices(s.Current, g.forcedEffects(s.Turn.Pending[0])); len(ch) == 1 {
					g.resolvePending(s.Turn.Pending[0], ch[0])
					continue
				}
			}
			if len(s.Turn.Pending) > 0 {
				return
			}
			if s.Phase == PhaseEffect {
				s.Phase = PhasePool
				continue
			}
			g.initialRoll()
		case PhasePool:
			pools := g.pools()
			if len(pools) != 1 {
				return
			}
			g.choosePool(pools[0][0], pools[0][1])
		case PhaseRoll:
			if len(s.Turn.Rolled) > 0 && s.Turn.Rerolls > 0 {
				return
			}
			g.endRoll()
		case PhaseAction:
			if s.Turn.Block != nil || s.Turn.Destroy >= 0 || s.Turn.Reorg {
				return
			}
			for _, m := range g.actionMoves(s.Current) {
				if m.Group != "end" {
					return
				}
			}
			g.endTurn()
		default:
			return
		}
	}
}

// pools lists the legal pool compositions (resource, attack).
func (g *game) pools() [][2]int {
	n := g.poolSize(g.s.Current)
	var out [][2]int
	for r := table.MaxPerType; r >= 0; r-- {
		a := n - r
		if a >= 0 && a <= table.MaxPerType {
			out = append(out, [2]int{r, a})
		}
	}
	return out
}

func (g *game) choosePool(r, a int) {
	s := g.s
	s.Turn.Resource, s.Turn.Attack = r, a
	s.Phase = PhaseDice
	s.Turn.Pending = g.cardsWithTiming(s.Current, TimingDice)
	g.emit(false, msgs.Text("TakesPool", games.Seatf(s.Current), resourceDiceText(r), attackDiceText(a)), s.Current)
}

func (g *game) initialRoll() {
	s := g.s
	s.Turn.Rerolls = max(0, table.Rerolls+g.ownerSum(s.Current, "extra_reroll", nil)+s.Turn.RerollBonus)
	s.Turn.Rolled = append(g.roll(dieResource, s.Turn.Resource), g.roll(dieAttack, s.Turn.Attack)...)
	s.Turn.HasRolled = true
	s.Phase = PhaseRoll
	g.emit(true, msgs.Text("RollsPool", games.Seatf(s.Current), numberedFaces(s.Turn.Rolled, nil)), s.Current)
}

func (g *game) endTurn() {
	s := g.s
	seat := s.Current
	s.Turn.Kept, s.Turn.Rolled, s.Turn.Numbers = nil, nil, nil
	if s.Ark.Owner >= 0 && s.Ark.Card != "" {
		owner := s.Ark.Owner
		n := g.rollParagon(owner, g.card(s.Ark.Card).Paragon, msgs.Text("WhyArk"))
		n += g.ownerSum(owner, "ark_loot_bonus", nil)
		if s.Apocalypse {
			if s.Ark.Life <= table.ApocalypseLowLife {
				n += table.ApocalypseBonusLow
			} else {
				n += table.ApocalypseBonusHigh
			}
		}
		if n > 0 {
			g.emit(false, msgs.Text("LootsFromArk", games.Seatf(owner), paragonText(n)), owner)
			g.gainParagon(owner, n)
		}
		if g.over() {
			return
		}
	}
	g.startTurn((seat + 1) % games.Seat(s.Seats))
}
