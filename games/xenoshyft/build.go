package xenoshyft

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/playbychat/pbc/games"
)

// View implements games.Game. Other players' hands are never included.
func (g *Game) View(seat games.Seat) games.View {
	s := g.s
	v := &View{
		Seat: seat, Seats: s.Seats, Round: s.Round, Wave: s.wave(), Phase: s.Phase,
		BaseHP: s.BaseHP, BaseMax: s.BaseMax, FirstLane: s.FirstLane, ActiveLane: -1,
		Finished: s.Phase == phaseOver, Won: s.Result == "won",
	}
	if s.Phase == phaseCombat && s.Combat.Index < len(s.Combat.Order) {
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
			Ready: p.Ready, Passed: s.Phase == phaseCombat && s.Combat.Window && p.Passed, Autopass: p.Autopass}
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
	case phaseDivision:
		return games.T("Choosing divisions", "Divisionen werden gewählt")
	case phaseSupply:
		return games.T("Supply: buy troops and items", "Nachschub: Truppen und Gegenstände kaufen")
	case phaseDeploy:
		return games.T("Deployment: place and equip troops", "Aufstellung: Truppen aufstellen und ausrüsten")
	case phaseCollect:
		return games.T("Collection: discard and rearrange", "Sammelphase: abwerfen und neu ordnen")
	case phaseCombat:
		if s.Combat.Window {
			return games.T(fmt.Sprintf("Combat in lane %d: reaction", active+1), fmt.Sprintf("Kampf in Reihe %d: Reaktion", active+1))
		}
		return games.T(fmt.Sprintf("Combat in lane %d", active+1), fmt.Sprintf("Kampf in Reihe %d", active+1))
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
