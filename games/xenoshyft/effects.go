package xenoshyft

import (
	"slices"

	"github.com/playbychat/pbc/games"
)

// source is who an effect comes from and where it acts.
type source struct {
	Seat    games.Seat `json:"seat"`    // the controlling player (lane owner for enemies)
	Lane    int        `json:"lane"`    // the lane of "lane" targets
	Troop   int        `json:"troop"`   // the troop card using an ability, or noCard
	Enemy   int        `json:"enemy"`   // the enemy card whose effect it is, or noCard
	Chosen  int        `json:"chosen"`  // the chosen card, or noCard
	Instant bool       `json:"instant"` // an instant played from hand
	// Player marks a player's instant or ability: its simultaneous reveal
	// effects are ordered by that player.
	Player bool `json:"player"`
}

// divisionSum adds the amounts of a seat's unlocked division abilities of
// one kind.
func (g *Game) divisionSum(seat int, kind string) int {
	return g.divisionSumTrait(seat, kind, "")
}

func (g *Game) divisionSumTrait(seat int, kind, trait string) int {
	p := g.s.Players[seat]
	if p.Division == "" {
		return 0
	}
	total := 0
	for w, a := range g.cs.division(p.Division).Abilities {
		if w < g.s.wave() && a.Kind == kind && (a.Trait == "" || a.Trait == trait) {
			total += a.Amount
		}
	}
	return total
}

// divisionActive returns the seat's unlocked once-per-round ability.
func (g *Game) divisionActive(seat int) *Ability {
	p := g.s.Players[seat]
	if p.Division == "" {
		return nil
	}
	for w, a := range g.cs.division(p.Division).Abilities {
		if w < g.s.wave() && a.Kind == "active" {
			return a.Use
		}
	}
	return nil
}

// troopStat adds up one stat of troop t in lane li: the troop card's value,
// the values of its weapon and armour, and the division's lane bonus of
// kind laneBonus. troopValue and itemValue read the stat off the cards.
func (g *Game) troopStat(li int, t troop, laneBonus string, troopValue func(*TroopType) int, itemValue func(*ItemType) int) int {
	v := troopValue(g.cs.troop(g.s.Cards[t.ID].Key)) + g.divisionSum(li, laneBonus)
	if t.Weapon != noCard {
		v += itemValue(g.cs.item(g.s.Cards[t.Weapon].Key))
	}
	if t.Armour != noCard {
		v += itemValue(g.cs.item(g.s.Cards[t.Armour].Key))
	}
	return v
}

// troopAttack is a troop's attack, with this round's boosts.
func (g *Game) troopAttack(li int, t troop) int {
	return g.troopStat(li, t, "lane_attack",
		func(c *TroopType) int { return c.Attack + t.Boost },
		func(c *ItemType) int { return c.Attack })
}

// troopHP is a troop's hit points, before damage.
func (g *Game) troopHP(li int, t troop) int {
	return g.troopStat(li, t, "lane_hp",
		func(c *TroopType) int { return c.HP },
		func(c *ItemType) int { return c.HP })
}

// troopArmor is the damage prevented from each enemy attack on a troop.
func (g *Game) troopArmor(li int, t troop) int {
	return g.troopStat(li, t, "lane_armor",
		func(c *TroopType) int { return c.Armor },
		func(c *ItemType) int { return c.Armor })
}

// findTroop returns the lane and position of a troop card.
func (s *state) findTroop(id int) (int, int, bool) {
	for li, l := range s.Lanes {
		for j, t := range l.Troops {
			if t.ID == id {
				return li, j, true
			}
		}
	}
	return 0, 0, false
}

// findEquipped returns the lane and position of the troop carrying an item.
func (s *state) findEquipped(id int) (int, int, bool) {
	for li, l := range s.Lanes {
		for j, t := range l.Troops {
			if t.Weapon == id || t.Armour == id {
				return li, j, true
			}
		}
	}
	return 0, 0, false
}

// slot returns the troop's place for equipment of a kind ("weapon" or
// "armour") and the place of its fresh marker.
func (t *troop) slot(kind string) (*int, *int) {
	if kind == "weapon" {
		return &t.Weapon, &t.WeaponFresh
	}
	return &t.Armour, &t.ArmourFresh
}

// findEnemy returns the lane and position of an enemy card.
func (s *state) findEnemy(id int) (int, int, bool) {
	for li, l := range s.Lanes {
		for j, e := range l.Enemies {
			if e.ID == id {
				return li, j, true
			}
		}
	}
	return 0, 0, false
}

// reveal turns face-down enemies up and runs their reveal effects, front
// to back and lane by lane, then removes the dead.
func (g *Game) reveal(ids []int, log *eventLog) {
	for _, id := range g.flip(ids, log) {
		g.runReveal(id, log)
	}
	g.settle(log)
}

// flip turns face-down enemies up and returns those it turned.
func (g *Game) flip(ids []int, log *eventLog) []int {
	s := g.s
	var fresh []int
	for _, id := range ids {
		l, j, ok := s.findEnemy(id)
		if !ok || s.Lanes[l].Enemies[j].Up {
			continue
		}
		s.Lanes[l].Enemies[j].Up = true
		fresh = append(fresh, id)
		e := g.cs.enemy(s.Cards[id].Key)
		if e.Text == (games.Text{}) {
			log.add(msgs.Text("Revealed", l+1, e.Name, e.Attack, e.HP), true)
		} else {
			log.add(msgs.Text("RevealedWithText", l+1, e.Name, e.Attack, e.HP, e.Text), true)
		}
	}
	return fresh
}

// runReveal runs the reveal effects of one revealed enemy.
func (g *Game) runReveal(id int, log *eventLog) {
	l, _, ok := g.s.findEnemy(id)
	if !ok {
		return
	}
	src := source{Seat: games.Seat(l), Lane: l, Troop: noCard, Enemy: id, Chosen: noCard}
	for _, eff := range g.cs.enemy(g.s.Cards[id].Key).Reveal {
		g.effect(src, eff, log)
	}
}

// effect runs one effect step. Kills are resolved by settle afterwards.
func (g *Game) effect(src source, e Effect, log *eventLog) {
	s := g.s
	l := &s.Lanes[src.Lane]
	amount := e.Amount
	switch e.Do {
	case "damage":
		g.effectDamage(src, e, log)
	case "heal":
		if e.Target == "base" {
			s.BaseHP = min(s.BaseMax, s.BaseHP+amount)
			log.add(msgs.Text("BaseRepaired", s.BaseHP), false)
			return
		}
		for _, id := range g.troopTargets(src, e.Target) {
			li, j, _ := s.findTroop(id)
			t := &s.Lanes[li].Troops[j]
			healed := min(t.Damage, amount)
			t.Damage -= healed
			log.add(msgs.Text("Heals", g.cardName(id), healed), false)
		}
	case "prevent":
		for _, id := range g.troopTargets(src, e.Target) {
			li, j, _ := s.findTroop(id)
			s.Lanes[li].Troops[j].Shield += amount
			log.add(msgs.Text("Prevents", g.cardName(id), amount), false)
		}
	case "boost":
		if e.Target == "self" && src.Enemy != noCard {
			if li, j, ok := s.findEnemy(src.Enemy); ok {
				s.Lanes[li].Enemies[j].Boost += amount
			}
			return
		}
		for _, id := range g.troopTargets(src, e.Target) {
			li, j, _ := s.findTroop(id)
			s.Lanes[li].Troops[j].Boost += amount
			log.add(msgs.Text("Boosted", g.cardName(id), amount), false)
		}
	case "draw":
		g.draw(src.Seat, amount, log)
	case "discard":
		p := &s.Players[src.Seat]
		for range amount {
			if len(p.Hand) == 0 {
				break
			}
			id := p.Hand[s.RNG.Intn(len(p.Hand))]
			p.Hand = remove(p.Hand, id)
			p.Discard = append(p.Discard, id)
			log.add(msgs.Text("DiscardsAtRandom", games.Seatf(src.Seat), g.cardName(id)), true, src.Seat)
		}
	case "burn":
		for _, id := range g.selectTroops(src.Lane, e.Target) {
			g.burnTroop(id, log)
		}
	case "send_back":
		if len(l.Troops) > 1 {
			t := l.Troops[0]
			l.Troops = append(slices.Delete(l.Troops, 0, 1), t)
			log.add(msgs.Text("SentBack", g.cardName(t.ID)), false)
		}
	case "summon":
		joined := 0
		for range amount {
			id, ok := g.drawEnemy(log)
			if !ok {
				break
			}
			l.Enemies = append(l.Enemies, enemy{ID: id, HitBy: noCard})
			joined++
		}
		if joined > 0 {
			log.add(msgs.Count("EnemiesJoin", joined, joined, src.Lane+1), false)
		}
	}
}

// effectDamage runs a damage effect on its targets.
func (g *Game) effectDamage(src source, e Effect, log *eventLog) {
	s := g.s
	l := &s.Lanes[src.Lane]
	amount := e.Amount
	if src.Instant && e.Target != "base" {
		amount += g.divisionSum(int(src.Seat), "instant_bonus")
	}
	var enemies []int
	switch e.Target {
	case "chosen":
		enemies = []int{src.Chosen}
	case "front_enemy":
		if len(l.Enemies) > 0 {
			enemies = []int{l.Enemies[0].ID}
		}
	case "lane_enemies":
		for _, en := range l.Enemies {
			enemies = append(enemies, en.ID)
		}
	case "self":
		if src.Enemy != noCard {
			enemies = []int{src.Enemy}
		}
	case "base":
		s.BaseHP = max(0, s.BaseHP-amount)
		log.add(msgs.Text("BaseDamaged", amount, s.BaseHP), false)
		return
	default:
		g.damageTroops(src, g.selectTroops(src.Lane, e.Target), amount, log)
		return
	}
	g.damageEnemies(src, enemies, amount, log)
}

// troopTargets resolves the troops of a heal, prevent or boost effect.
func (g *Game) troopTargets(src source, target string) []int {
	switch target {
	case "chosen":
		if _, _, ok := g.s.findTroop(src.Chosen); ok {
			return []int{src.Chosen}
		}
		return nil
	case "self":
		if src.Troop != noCard {
			return []int{src.Troop}
		}
		return nil
	}
	return g.selectTroops(src.Lane, target)
}

// selectTroops picks troops of a lane by an automatic selector.
func (g *Game) selectTroops(li int, target string) []int {
	l := g.s.Lanes[li]
	if len(l.Troops) == 0 {
		return nil
	}
	switch target {
	case "first_troop":
		return []int{l.Troops[0].ID}
	case "last_troop":
		return []int{l.Troops[len(l.Troops)-1].ID}
	case "first_two_troops":
		ids := []int{l.Troops[0].ID}
		if len(l.Troops) > 1 {
			ids = append(ids, l.Troops[1].ID)
		}
		return ids
	case "all_troops":
		ids := make([]int, len(l.Troops))
		for i, t := range l.Troops {
			ids[i] = t.ID
		}
		return ids
	case "strongest_troop":
		best := 0
		for i, t := range l.Troops {
			if g.troopAttack(li, t) > g.troopAttack(li, l.Troops[best]) {
				best = i
			}
		}
		return []int{l.Troops[best].ID}
	}
	return nil
}

// damageTroops deals effect damage to troops; shields absorb it first.
func (g *Game) damageTroops(src source, ids []int, amount int, log *eventLog) {
	s := g.s
	for _, id := range ids {
		li, j, ok := s.findTroop(id)
		if !ok {
			continue
		}
		t := &s.Lanes[li].Troops[j]
		absorbed := min(t.Shield, amount)
		t.Shield -= absorbed
		t.Damage += amount - absorbed
		if amount-absorbed > 0 {
			// The last damage decides who killed the troop: damage from
			// no enemy (a death effect, an instant) credits none.
			t.HitBy = src.Enemy
		}
		log.add(msgs.Text("TakesDamagePrevented", g.cardName(id), amount-absorbed, absorbed), false)
	}
}

// damageEnemies deals effect damage to enemies. Damaged face-down enemies
// are revealed and their reveal effects run. When a player's card reveals
// several enemies with reveal effects at once, that player orders them:
// the game waits in s.Pending.
func (g *Game) damageEnemies(src source, ids []int, amount int, log *eventLog) {
	s := g.s
	var down []int
	for _, id := range ids {
		li, j, ok := s.findEnemy(id)
		if !ok {
			continue
		}
		e := &s.Lanes[li].Enemies[j]
		e.Damage += amount
		e.HitBy = noCard
		if !e.Up {
			down = append(down, id)
		}
		log.add(msgs.Text("HiddenEnemyDamaged", li+1, amount), false)
	}
	if len(down) == 0 {
		return
	}
	var withEffects []int
	for _, id := range g.flip(down, log) {
		if len(g.cs.enemy(s.Cards[id].Key).Reveal) > 0 {
			withEffects = append(withEffects, id)
		}
	}
	if src.Player && len(withEffects) > 1 && s.Phase == PhaseCombat {
		s.Pending = &pending{Seat: src.Seat, Enemies: withEffects}
		log.add(msgs.Text("ChoosesOrder", games.Seatf(src.Seat)), false, src.Seat)
		return
	}
	for _, id := range withEffects {
		g.runReveal(id, log)
		g.settleTroops(log)
	}
}

// settle removes every eliminated troop and enemy (damage >= hit points),
// runs their triggers, and repeats until nothing more dies. Cards behind
// move up (advance).
func (g *Game) settle(log *eventLog) { g.settleSome(log, true) }

// settleTroops removes only the dead troops: used between reveal effects
// that wait for their order, whose enemies must stay until all have run.
func (g *Game) settleTroops(log *eventLog) { g.settleSome(log, false) }

func (g *Game) settleSome(log *eventLog, enemies bool) {
	s := g.s
	for {
		died := false
		for li := range s.Lanes {
			l := &s.Lanes[li]
			for j := 0; j < len(l.Troops); j++ {
				t := l.Troops[j]
				if t.Damage < g.troopHP(li, t) {
					continue
				}
				died = true
				l.Troops = slices.Delete(l.Troops, j, j+1)
				j--
				g.discardTroop(li, t)
				log.add(msgs.Text("Eliminated", g.cardName(t.ID), li+1), false)
				if t.HitBy != noCard {
					killer := g.cs.enemy(s.Cards[t.HitBy].Key)
					kl := li
					if el, _, ok := s.findEnemy(t.HitBy); ok {
						kl = el
					}
					for _, eff := range killer.OnKill {
						g.effect(source{Seat: games.Seat(kl), Lane: kl, Troop: noCard, Enemy: t.HitBy, Chosen: noCard}, eff, log)
					}
				}
				l = &s.Lanes[li]
			}
			for j := 0; enemies && j < len(l.Enemies); j++ {
				e := l.Enemies[j]
				et := g.cs.enemy(s.Cards[e.ID].Key)
				if e.Damage < et.HP {
					continue
				}
				died = true
				l.Enemies = slices.Delete(l.Enemies, j, j+1)
				j--
				g.discardEnemy(e.ID)
				log.add(msgs.Text("Eliminated", et.Name, li+1), false)
				if e.HitBy != noCard {
					// The killing troop's trigger runs even if it died in the
					// same attack.
					for _, eff := range g.cs.troop(s.Cards[e.HitBy].Key).OnKill {
						g.effect(source{Seat: games.Seat(li), Lane: li, Troop: e.HitBy, Enemy: noCard, Chosen: noCard}, eff, log)
					}
				}
				for _, eff := range et.OnDeath {
					g.effect(source{Seat: games.Seat(li), Lane: li, Troop: noCard, Enemy: noCard, Chosen: noCard}, eff, log)
				}
				l = &s.Lanes[li]
			}
		}
		if !died {
			return
		}
	}
}

// discardTroop puts a dead troop and its equipment on the lane owner's
// discard pile.
func (g *Game) discardTroop(li int, t troop) {
	p := &g.s.Players[li]
	p.Discard = append(p.Discard, t.ID)
	if t.Weapon != noCard {
		p.Discard = append(p.Discard, t.Weapon)
	}
	if t.Armour != noCard {
		p.Discard = append(p.Discard, t.Armour)
	}
}

// burnTroop returns a troop to its stack (the box for the starter troop);
// its equipment goes to the lane owner's discard pile.
func (g *Game) burnTroop(id int, log *eventLog) {
	s := g.s
	li, j, ok := s.findTroop(id)
	if !ok {
		return
	}
	t := s.Lanes[li].Troops[j]
	s.Lanes[li].Troops = slices.Delete(s.Lanes[li].Troops, j, j+1)
	g.returnCard(id)
	p := &s.Players[li]
	if t.Weapon != noCard {
		p.Discard = append(p.Discard, t.Weapon)
	}
	if t.Armour != noCard {
		p.Discard = append(p.Discard, t.Armour)
	}
	log.add(msgs.Text("Burned", g.cardName(id), li+1), false)
}

// returnCard puts a burned card back on its original stack, or in the box
// when it has none.
func (g *Game) returnCard(id int) {
	s := g.s
	c := s.Cards[id]
	switch c.Kind {
	case kindTroop:
		tt := g.cs.troop(c.Key)
		if tt.Starter {
			s.Box = append(s.Box, id)
			return
		}
		i := g.cs.troopIdx[c.Key]
		s.TroopPiles[i] = append(s.TroopPiles[i], id)
	case kindItem:
		i := g.cs.itemIdx[c.Key]
		s.ItemPiles[i] = append(s.ItemPiles[i], id)
	case kindResource:
		i := g.cs.resIdx[c.Key]
		s.ResPiles[i] = append(s.ResPiles[i], id)
	default:
		s.Box = append(s.Box, id)
	}
}

// discardEnemy puts an enemy on the discard pile of its wave's deck.
func (g *Game) discardEnemy(id int) {
	w := g.cs.enemy(g.s.Cards[id].Key).Wave
	g.s.Encounter[w-1].Discard = append(g.s.Encounter[w-1].Discard, id)
}
