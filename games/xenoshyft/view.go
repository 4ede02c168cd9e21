package xenoshyft

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/playbychat/pbc/games"
)

// View is what one seat (or a spectator) may see of a Xenoshyft game. It is
// built by Game.View; renderers type-assert games.View to *View.
type View struct {
	Seat    games.Seat // the viewer, or games.Spectator
	Seats   int
	Round   int // 1..9
	Wave    int // 1..3
	Phase   Phase
	Step    games.Text // what the table is doing now, e.g. "Combat in lane 2: reaction"
	BaseHP  int
	BaseMax int
	// FirstLane is the lane whose combat comes first this round.
	FirstLane int
	// ActiveLane is the lane now in combat, or -1 outside combat.
	ActiveLane int
	Lanes      []LaneView   // one per seat, index = lane number - 1
	Troops     []StackView  // troop stacks on the wave board, "t1".."tN"
	Items      []StackView  // the nine item stacks, "i1".."i9"
	Resources  []StackView  // resource card piles (1, 3, 6)
	Encounter  []PileView   // encounter decks of waves 1..3
	Players    []PlayerView // one per seat
	// Hand is the viewer's own hand; nil for a spectator. Other hands are
	// never included (except cards a player showed with "show hand", which
	// appear in that player's PlayerView.Shown).
	Hand []CardView
	// OrderPending lists revealed enemies whose reveal effects wait for
	// the player OrderSeat to choose which comes first ("first c55").
	OrderPending []int
	OrderSeat    games.Seat
	Finished     bool
	Won          bool
}

// LaneView is one player's row: troop zones on the right, enemy zones on
// the left. Index 0 of both slices is the first (front) zone.
type LaneView struct {
	Number  int        // 1-based lane number used in notations ("lane2")
	Owner   games.Seat // the seat owning the lane
	Troops  []TroopView
	Enemies []EnemyView
	// State is "waiting", "fighting", "overrun", "held" (no enemies left)
	// or "fallen" (overrun finished).
	State string
}

// TroopView is a troop in a troop zone with its equipment.
type TroopView struct {
	Card        CardView
	Attack      int // current attack with equipment and bonuses
	HP          int // current hit points with equipment and bonuses
	Damage      int // damage markers
	Shield      int // damage still prevented this round
	Weapon      *CardView
	Armour      *CardView
	AbilityUsed bool // an ability marker lies on the troop
	// Fresh marks a troop placed during this deployment phase.
	Fresh bool
}

// EnemyView is an enemy in an enemy zone. A face-down enemy shows only its
// wave (the card back).
type EnemyView struct {
	// ID is the card id once revealed, -1 while face down (an id would
	// give the card away).
	ID int
	// Ref is the enemy's place as typed in moves: "e2.1" is lane 2's front.
	Ref      string
	FaceUp   bool
	Wave     int
	Card     *CardView // nil while face down
	Attack   int
	HP       int
	Damage   int
	Boss     bool
	Overflow bool // an extra enemy beyond the four zones
}

// CardView is one card's face.
type CardView struct {
	ID     int    // physical card id, as in "c17"
	Ref    string // "c17"
	Key    string // card type key from the card set
	Kind   string // troop, enemy, item, resource
	Name   games.Text
	Text   games.Text // rules text
	Cost   int
	Attack int
	HP     int
	Value  int      // resource value
	Wave   int      // troops: first wave it may be bought; enemies: wave
	Traits []string // item traits: weapon, armour, instant, medical, technology
}

// StackView is a pile on the board the players may buy from.
type StackView struct {
	Ref   string // notation handle: "t3", "i5", "r6"
	Card  CardView
	Count int
	// Locked is set for troops not yet available in the current wave.
	Locked bool
}

// PileView is a face-down pile.
type PileView struct {
	Wave    int
	Deck    int
	Discard int
	Active  bool
}

// PlayerView is the public information about a seat.
type PlayerView struct {
	Seat      games.Seat
	Lane      int // 1-based lane number
	Division  games.Text
	Abilities []games.Text // unlocked division abilities, cumulative
	HandSize  int
	Deck      int
	Discard   int
	Ready     bool // declared ready in supply or deployment
	Passed    bool // has passed in the open reaction window
	Autopass  bool // standing choice to pass unless acting
	// Budget and Spent are the xenosathem available and already spent in
	// the supply phase; only filled for the viewer's own seat.
	Budget int
	Spent  int
	// Shown lists the hand the player made public with "show hand".
	Shown []CardView
}

// GameID implements games.View.
func (v *View) GameID() string { return "xenoshyft" }

// Viewer implements games.View.
func (v *View) Viewer() games.Seat { return v.Seat }

// Describe renders the view as plain text.
func (v *View) Describe(lang games.Lang) string {
	var b strings.Builder
	b.WriteString(msgs.Text("DescribeHeader", v.Round, v.Wave, v.BaseHP, v.BaseMax).In(lang) + "\n")
	if s := v.Step.In(lang); s != "" {
		b.WriteString(s + "\n")
	}
	if len(v.OrderPending) > 0 {
		refs := make([]string, len(v.OrderPending))
		for i, id := range v.OrderPending {
			refs[i] = fmt.Sprintf("c%d", id)
		}
		b.WriteString(msgs.Text("DescribeOrder", games.Seatf(v.OrderSeat), strings.Join(refs, ", ")).In(lang) + "\n")
	}
	for _, l := range v.Lanes {
		b.WriteString(msgs.Text("DescribeLane", l.Number, games.Seatf(l.Owner), laneStates[l.State]).In(lang) + "\n")
		for i := len(l.Enemies) - 1; i >= 0; i-- {
			e := l.Enemies[i]
			if !e.FaceUp {
				b.WriteString("  " + msgs.Text("DescribeFaceDown", e.Ref, e.Wave).In(lang) + "\n")
				continue
			}
			fmt.Fprintf(&b, "  %s %s %d/%d", e.Ref, e.Card.Name.In(lang), e.Attack, e.HP)
			if e.Damage > 0 {
				fmt.Fprintf(&b, " -%d", e.Damage)
			}
			b.WriteString("\n")
		}
		for i, t := range l.Troops {
			fmt.Fprintf(&b, "  T%d %s %s %d/%d", i+1, t.Card.Ref, t.Card.Name.In(lang), t.Attack, t.HP)
			if t.Damage > 0 {
				fmt.Fprintf(&b, " -%d", t.Damage)
			}
			if t.Shield > 0 {
				b.WriteString(" " + msgs.Text("DescribeShield", t.Shield).In(lang))
			}
			if t.Weapon != nil {
				fmt.Fprintf(&b, " +%s", t.Weapon.Name.In(lang))
			}
			if t.Armour != nil {
				fmt.Fprintf(&b, " +%s", t.Armour.Name.In(lang))
			}
			if t.AbilityUsed {
				b.WriteString(" *")
			}
			b.WriteString("\n")
		}
	}
	var items []string
	for _, s := range v.Items {
		items = append(items, fmt.Sprintf("%s %s ×%d (%d)", s.Ref, s.Card.Name.In(lang), s.Count, s.Card.Cost))
	}
	b.WriteString(msgs.Text("DescribeItems").In(lang) + " " + strings.Join(items, "; "))
	var troops []string
	for _, s := range v.Troops {
		lock := ""
		if s.Locked {
			lock = " " + msgs.Text("DescribeFromWave", s.Card.Wave).In(lang)
		}
		troops = append(troops, fmt.Sprintf("%s %s%s ×%d (%d)", s.Ref, s.Card.Name.In(lang), lock, s.Count, s.Card.Cost))
	}
	b.WriteString("\n" + msgs.Text("DescribeTroops").In(lang) + " " + strings.Join(troops, "; ") + "\n")
	for _, p := range v.Players {
		parts := []string{msgs.Text("DescribePlayer", games.Seatf(p.Seat), p.Division, p.HandSize, p.Deck, p.Discard).In(lang)}
		if p.Ready {
			parts = append(parts, msgs.Text("DescribeReady").In(lang))
		}
		if p.Passed {
			parts = append(parts, msgs.Text("DescribePassed").In(lang))
		}
		if p.Autopass {
			parts = append(parts, msgs.Text("DescribeAutopass").In(lang))
		}
		if p.Seat == v.Seat && v.Phase == PhaseSupply {
			parts = append(parts, fmt.Sprintf("%d/%d Xenosathem", p.Spent, p.Budget))
		}
		b.WriteString(strings.Join(parts, " · ") + "\n")
	}
	if v.Hand != nil {
		cards := make([]string, len(v.Hand))
		for i, c := range v.Hand {
			cards[i] = c.Ref + " " + c.Name.In(lang)
		}
		b.WriteString(msgs.Text("DescribeHand").In(lang) + " " + strings.Join(cards, "; ") + "\n")
	}
	return b.String()
}

// View implements games.Game. Other players' hands are never included.
func (g *Game) View(seat games.Seat) games.View {
	s := g.s
	v := &View{
		Seat: seat, Seats: s.Seats, Round: s.Round, Wave: s.wave(), Phase: s.Phase,
		BaseHP: s.BaseHP, BaseMax: s.BaseMax, FirstLane: s.FirstLane, ActiveLane: -1,
		Finished: s.Phase == PhaseOver, Won: s.Result == "won",
	}
	if s.Phase == PhaseCombat && s.Combat.Index < len(s.Combat.Order) {
		v.ActiveLane = s.Combat.Order[s.Combat.Index]
	}
	v.Step = g.stepText(v.ActiveLane)
	if s.Pending != nil {
		v.OrderPending, v.OrderSeat = slices.Clone(s.Pending.Enemies), s.Pending.Seat
	}
	for li, l := range s.Lanes {
		lv := LaneView{Number: li + 1, Owner: games.Seat(li), State: l.State}
		for _, t := range l.Troops {
			tv := TroopView{Card: g.cardView(t.ID), Attack: g.troopAttack(li, t), HP: g.troopHP(li, t),
				Damage: t.Damage, Shield: t.Shield, AbilityUsed: t.Used, Fresh: t.Fresh != 0}
			if t.Weapon != noCard {
				c := g.cardView(t.Weapon)
				tv.Weapon = &c
			}
			if t.Armour != noCard {
				c := g.cardView(t.Armour)
				tv.Armour = &c
			}
			lv.Troops = append(lv.Troops, tv)
		}
		for j, e := range l.Enemies {
			et := g.cs.enemy(s.Cards[e.ID].Key)
			ev := EnemyView{ID: noCard, Ref: fmt.Sprintf("e%d.%d", li+1, j+1), FaceUp: e.Up, Wave: et.Wave, Damage: e.Damage, Overflow: j >= laneZones}
			if e.Up {
				ev.ID = e.ID
				c := g.cardView(e.ID)
				ev.Card = &c
				ev.Attack, ev.HP, ev.Boss = et.Attack+e.Boost, et.HP, et.Boss
			}
			lv.Enemies = append(lv.Enemies, ev)
		}
		v.Lanes = append(v.Lanes, lv)
	}
	for n, ti := range g.troopStacks() {
		tt := g.cs.Troops[ti]
		sv := StackView{Ref: "t" + strconv.Itoa(n+1), Count: len(s.TroopPiles[ti]), Locked: tt.Wave > s.wave()}
		sv.Card = g.typeView(kindTroop, tt.Key)
		v.Troops = append(v.Troops, sv)
	}
	for n, slot := range s.Slots {
		sv := StackView{Ref: "i" + strconv.Itoa(n+1)}
		if slot != noCard {
			sv.Card = g.typeView(kindItem, g.cs.Items[slot].Key)
			sv.Count = len(s.ItemPiles[slot])
		}
		v.Items = append(v.Items, sv)
	}
	for i, r := range g.cs.Resources {
		v.Resources = append(v.Resources, StackView{Ref: "r" + strconv.Itoa(r.Value), Card: g.typeView(kindResource, r.Key), Count: len(s.ResPiles[i])})
	}
	for w, p := range s.Encounter {
		v.Encounter = append(v.Encounter, PileView{Wave: w + 1, Deck: len(p.Deck), Discard: len(p.Discard), Active: w+1 == s.wave()})
	}
	for i, p := range s.Players {
		pv := PlayerView{Seat: games.Seat(i), Lane: i + 1, HandSize: len(p.Hand), Deck: len(p.Deck), Discard: len(p.Discard),
			Ready: p.Ready, Passed: s.Phase == PhaseCombat && s.Combat.Window && p.Passed, Autopass: p.Autopass}
		if p.Division != "" {
			d := g.cs.division(p.Division)
			pv.Division = d.Name
			for w, a := range d.Abilities {
				if w < s.wave() {
					pv.Abilities = append(pv.Abilities, a.Text)
				}
			}
		}
		if games.Seat(i) == seat {
			pv.Budget, pv.Spent = g.budget(i), p.Spent
			v.Hand = make([]CardView, 0, len(p.Hand))
			for _, id := range p.Hand {
				v.Hand = append(v.Hand, g.cardView(id))
			}
		}
		for _, id := range p.Shown {
			// Only cards still in hand: played and discarded ones left it.
			if slices.Contains(p.Hand, id) {
				pv.Shown = append(pv.Shown, g.cardView(id))
			}
		}
		v.Players = append(v.Players, pv)
	}
	return v
}

func (g *Game) stepText(active int) games.Text {
	s := g.s
	switch s.Phase {
	case PhaseDivision:
		return msgs.Text("StepDivision")
	case PhaseSupply:
		return msgs.Text("StepSupply")
	case PhaseDeploy:
		return msgs.Text("StepDeploy")
	case PhaseCollect:
		return msgs.Text("StepCollect")
	case PhaseCombat:
		if s.Combat.Window {
			return msgs.Text("StepReaction", active+1)
		}
		return msgs.Text("StepCombat", active+1)
	}
	return g.Status().Summary
}

func (g *Game) cardView(id int) CardView {
	c := g.s.Cards[id]
	v := g.typeView(c.Kind, c.Key)
	v.ID = id
	v.Ref = "c" + strconv.Itoa(id)
	return v
}

func (g *Game) typeView(kind, key string) CardView {
	v := CardView{ID: noCard, Key: key, Kind: kind}
	switch kind {
	case kindResource:
		r := g.cs.Resources[g.cs.resIdx[key]]
		v.Name, v.Value = r.Name, r.Value
	case kindTroop:
		t := g.cs.troop(key)
		v.Name, v.Text, v.Cost, v.Attack, v.HP, v.Wave = t.Name, t.Text, t.Cost, t.Attack, t.HP, t.Wave
	case kindEnemy:
		e := g.cs.enemy(key)
		v.Name, v.Text, v.Attack, v.HP, v.Wave = e.Name, e.Text, e.Attack, e.HP, e.Wave
	case kindItem:
		it := g.cs.item(key)
		v.Name, v.Text, v.Cost, v.Attack, v.HP = it.Name, it.Text, it.Cost, it.Attack, it.HP
		v.Traits = append([]string{it.Kind}, it.Traits...)
	}
	return v
}

var _ games.Standing = (*View)(nil)

// Standing implements games.Standing: whether the viewer passes by itself.
func (v *View) Standing() []games.Text {
	if v.Seat < 0 || int(v.Seat) >= len(v.Players) {
		return nil
	}
	if v.Players[v.Seat].Autopass {
		return []games.Text{msgs.Text("LabelAutopassOn")}
	}
	return []games.Text{msgs.Text("LabelAutopassOff")}
}
