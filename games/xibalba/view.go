package xibalba

import (
	"fmt"
	"slices"
	"strings"

	"github.com/playbychat/pbc/games"
)

// View is what one seat (or a spectator) sees of a XIBALBA game. The board
// renderer draws from it. Fields are only ever added, never renamed.
type View struct {
	For        games.Seat `json:"for"`
	Seats      int        `json:"seats"`
	Target     int        `json:"target"` // paragon needed to win
	Apocalypse bool       `json:"apocalypse"`
	Round      int        `json:"round"` // counts the starting player's turns
	Current    games.Seat `json:"current"`
	Phase      Phase      `json:"phase"`
	Starter    games.Seat `json:"starter"`
	Ark        ArkView    `json:"ark"`
	Bases      []BaseView `json:"bases"`
	Decks      []DeckView `json:"decks"` // soldier, civilian, structure, event
	// Dice is the current player's dice; nil during faction choice.
	Dice *DiceView `json:"dice,omitempty"`
	// Pending lists the card ids whose forced effects the current player
	// must still resolve (effect and dice phase).
	Pending []string `json:"pending,omitempty"`
	// Block is the attack waiting for the defender's block decision.
	Block *BlockView `json:"block,omitempty"`
	// Destroy is set while the attacker must pick the add-on card a
	// successful base attack destroys: the defender's seat.
	Destroy *games.Seat `json:"destroy,omitempty"`
	// Reorganizing is set while the current player re-organizes (paid).
	Reorganizing bool `json:"reorganizing,omitempty"`
	// Upgraded is set once the current player upgraded this round.
	Upgraded bool `json:"upgraded,omitempty"`
	// Factions lists the factions still free to choose (faction phase).
	Factions []FactionView `json:"factions,omitempty"`
	// Events are the last move's events the viewer may see.
	Events []games.Event `json:"events,omitempty"`
	// Winner is the winning seat, or -1 while the game runs.
	Winner games.Seat `json:"winner"`
}

// CardView is one card as shown on the board. For soldiers Power and
// Resistance are the current values with every bonus applied; the printed
// values are in BasePower and BaseResistance.
type CardView struct {
	ID   string     `json:"id"`
	Deck string     `json:"deck"`
	Name games.Text `json:"name"`
	Text games.Text `json:"text"`
	// Short is Text in at most 100 characters per language (Card.ShortText),
	// for boards with little room.
	Short          games.Text `json:"short,omitzero"`
	Cost           int        `json:"cost"`
	Faction        string     `json:"faction,omitempty"`
	Power          int        `json:"power,omitempty"`
	Resistance     int        `json:"resistance,omitempty"`
	Paragon        int        `json:"paragon,omitempty"`
	BasePower      int        `json:"base_power,omitempty"`
	BaseResistance int        `json:"base_resistance,omitempty"`
	// Timings lists the distinct effect timings on the card, for icons.
	Timings []string `json:"timings,omitempty"`
}

// ArkView is the contested ark.
type ArkView struct {
	Occupant *CardView `json:"occupant,omitempty"`
	Life     int       `json:"life"`
	Cap      int       `json:"cap"` // most life points an occupant may have
	// Controller is the seat controlling the ark, or -1 when it is empty or
	// held by the neutral soldier placed at setup.
	Controller games.Seat `json:"controller"`
}

// BaseView is one player's base.
type BaseView struct {
	Seat         games.Seat `json:"seat"`
	Faction      string     `json:"faction,omitempty"` // empty until chosen
	FactionName  games.Text `json:"faction_name"`
	Board        int        `json:"board,omitempty"`
	Level        int        `json:"level"`
	Resistance   int        `json:"resistance"`
	Productivity int        `json:"productivity"`
	Resources    int        `json:"resources"`
	Paragon      int        `json:"paragon"`
	Target       int        `json:"target"`
	// UpgradeCost is the cost of the next level, 0 at level 4.
	UpgradeCost int `json:"upgrade_cost"`
	// ActionCosts are the faction's common action costs after discounts.
	ActionCosts map[string]int `json:"action_costs,omitempty"`
	// Active is the top soldier of the warhost.
	Active       *CardView `json:"active,omitempty"`
	WarhostDepth int       `json:"warhost_depth"`
	// Warhost lists the warhost pile bottom to top (piles are face up).
	Warhost []CardView  `json:"warhost,omitempty"`
	Fields  []FieldView `json:"fields"` // always 4
	// Policy is the standing block decision; shown to its owner only.
	Policy string `json:"policy,omitempty"`
}

// FieldView is one add-on field of a base.
type FieldView struct {
	Index    int        `json:"index"` // 1-4 as in the notation "f2"
	Unlocked bool       `json:"unlocked"`
	Top      *CardView  `json:"top,omitempty"`
	Depth    int        `json:"depth"`
	Cards    []CardView `json:"cards,omitempty"` // bottom to top
}

// DeckView is one deck with its face-up cards.
type DeckView struct {
	Deck string `json:"deck"`
	// FaceUp has one slot per face-up field (2, or 1 in apocalypse mode).
	FaceUp       []SlotView `json:"face_up"`
	DrawCount    int        `json:"draw_count"`
	DiscardCount int        `json:"discard_count"`
	DiscardTop   *CardView  `json:"discard_top,omitempty"`
}

// SlotView is one face-up card for sale. Card is nil for an empty slot.
type SlotView struct {
	Card *CardView `json:"card,omitempty"`
	// Cost is the printed cost; EffectiveCost is what the current player
	// pays (apocalypse mode and discounts applied).
	Cost          int `json:"cost"`
	EffectiveCost int `json:"effective_cost"`
}

// DiceView is the current player's dice.
type DiceView struct {
	Seat games.Seat `json:"seat"`
	// PoolSize is how many dice the pool must hold this turn.
	PoolSize int `json:"pool_size"`
	// Resource and Attack are the chosen pool composition (0 before).
	Resource int `json:"resource"`
	Attack   int `json:"attack"`
	// Rolled are the dice of the last roll not yet kept, in the order of
	// their numbers.
	Rolled []DieView `json:"rolled,omitempty"`
	// Kept is the action pool.
	Kept []DieView `json:"kept,omitempty"`
	// RerollsLeft counts the re-rolls still allowed.
	RerollsLeft int  `json:"rerolls_left"`
	HasRolled   bool `json:"has_rolled"`
}

// DieView is one die: Kind is resource, attack or paragon; Face is blank,
// r1, r2, r3, atk, crit, p1 or p2.
type DieView struct {
	Kind string `json:"kind"`
	Face string `json:"face"`
	// No is, while the player may re-roll, the number the turn's roll gave
	// the die, which it keeps across re-rolls (the notation's "reroll
	// #2,#5"); 0 otherwise.
	No int `json:"no,omitempty"`
}

// BlockView is an attack on a base waiting for the defender's decision.
type BlockView struct {
	Attacker games.Seat `json:"attacker"`
	Defender games.Seat `json:"defender"`
	Power    int        `json:"power"`
	Blocker  *CardView  `json:"blocker,omitempty"`
	// BlockerSurvives says whether the blocker's resistance beats the power.
	BlockerSurvives bool `json:"blocker_survives"`
}

// FactionView is a faction that may still be chosen.
type FactionView struct {
	ID    string     `json:"id"`
	Name  games.Text `json:"name"`
	Board int        `json:"board"`
}

var _ games.View = (*View)(nil)

// GameID implements games.View.
func (v *View) GameID() string { return "xibalba" }

// Viewer implements games.View.
func (v *View) Viewer() games.Seat { return v.For }

// Describe implements games.View: the board as plain text.
func (v *View) Describe(lang games.Lang) string {
	var b strings.Builder
	line := func(t games.Text) {
		b.WriteString(t.In(lang))
		b.WriteString("\n")
	}
	mode := games.Text{}
	if v.Apocalypse {
		mode = msgs.Text("ApocalypseMode")
	}
	line(msgs.Text("DescribeHeader", v.Round, games.Seatf(v.Current), phaseNames[v.Phase], mode))
	if v.Winner >= 0 {
		line(msgs.Text("DescribeWinner", games.Seatf(v.Winner)))
	}
	switch {
	case v.Ark.Occupant == nil:
		line(msgs.Text("DescribeArkEmpty"))
	case v.Ark.Controller >= 0:
		line(msgs.Text("DescribeArk", cardLine(v.Ark.Occupant, lang), games.Seatf(v.Ark.Controller), v.Ark.Life, v.Ark.Cap))
	default:
		line(msgs.Text("DescribeArk", cardLine(v.Ark.Occupant, lang), msgs.Text("Neutral"), v.Ark.Life, v.Ark.Cap))
	}
	for _, bs := range v.Bases {
		line(msgs.Text("DescribeBase", games.Seatf(bs.Seat), bs.FactionName, bs.Level, bs.Resistance, bs.Productivity, bs.Resources, bs.Paragon, bs.Target))
		if bs.Active != nil {
			line(msgs.Text("DescribeWarhost", cardLine(bs.Active, lang), bs.WarhostDepth))
		}
		for _, f := range bs.Fields {
			if f.Top != nil {
				fmt.Fprintf(&b, "  f%d: %s (%d)\n", f.Index, cardLine(f.Top, lang), f.Depth)
			}
		}
	}
	for _, d := range v.Decks {
		fmt.Fprintf(&b, "%s (%d/%d):", deckName(d.Deck).In(lang), d.DrawCount, d.DiscardCount)
		for i, s := range d.FaceUp {
			if s.Card == nil {
				fmt.Fprintf(&b, " %d) -", i+1)
				continue
			}
			fmt.Fprintf(&b, " %d) %s [%d]", i+1, cardLine(s.Card, lang), s.EffectiveCost)
		}
		b.WriteString("\n")
	}
	if d := v.Dice; d != nil && (d.HasRolled || d.Resource+d.Attack > 0) {
		line(msgs.Text("DescribeDice", diceLine(d.Rolled, lang), diceLine(d.Kept, lang), d.RerollsLeft))
	}
	if len(v.Pending) > 0 {
		line(msgs.Text("DescribePending", strings.Join(v.Pending, ", ")))
	}
	if v.Destroy != nil {
		line(msgs.Text("DescribeDestroy", games.Seatf(v.Current), games.Seatf(*v.Destroy)))
	}
	if v.Block != nil {
		line(msgs.Text("DescribeBlock", games.Seatf(v.Block.Attacker), games.Seatf(v.Block.Defender), v.Block.Power))
	}
	for _, e := range v.Events {
		fmt.Fprintf(&b, "- %s\n", e.Text.In(lang))
	}
	return strings.TrimRight(b.String(), "\n")
}

func cardLine(c *CardView, lang games.Lang) string {
	if c.Deck == DeckSoldier {
		return fmt.Sprintf("%s %s %d/%d/%d", c.ID, c.Name.In(lang), c.Power, c.Resistance, c.Paragon)
	}
	return c.ID + " " + c.Name.In(lang)
}

func diceLine(ds []DieView, lang games.Lang) string {
	dice := make([]die, len(ds))
	for i, d := range ds {
		dice[i] = die{Kind: d.Kind, Face: d.Face}
	}
	return facesText(dice).In(lang)
}

// View implements games.Game. XIBALBA hides only the order of the decks and
// each player's standing block choice.
func (g *game) View(seat games.Seat) games.View {
	s := g.s
	v := &View{
		For: seat, Seats: s.Seats, Target: s.Target, Apocalypse: s.Apocalypse, Round: s.Round,
		Current: s.Current, Phase: s.Phase, Starter: s.Starter, Winner: s.Winner,
		Pending: slices.Clone(s.Turn.Pending), Reorganizing: s.Turn.Reorg, Upgraded: s.Turn.Upgraded,
	}
	v.Ark = ArkView{Life: s.Ark.Life, Cap: g.arkCap(), Controller: -1}
	if s.Ark.Card != "" {
		v.Ark.Occupant = g.cardView(s.Ark.Card, s.Ark.Owner, true)
		v.Ark.Controller = s.Ark.Owner
	}
	for i := range s.Bases {
		v.Bases = append(v.Bases, g.baseView(games.Seat(i), seat))
	}
	buyer := s.Current
	if s.Phase == PhaseFaction {
		buyer = -1
	}
	for di, p := range s.Decks {
		dv := DeckView{Deck: deckNames[di], DrawCount: len(p.Draw), DiscardCount: len(p.Discard)}
		if t := top(p.Discard); t != "" {
			dv.DiscardTop = g.cardView(t, -1, false)
		}
		for _, id := range p.FaceUp {
			sv := SlotView{}
			if id != "" {
				sv.Card = g.cardView(id, -1, false)
				sv.Cost = g.card(id).Cost
				sv.EffectiveCost = g.cardCost(buyer, id)
			}
			dv.FaceUp = append(dv.FaceUp, sv)
		}
		v.Decks = append(v.Decks, dv)
	}
	if s.Phase != PhaseFaction {
		d := &DiceView{Seat: s.Current, Resource: s.Turn.Resource, Attack: s.Turn.Attack,
			RerollsLeft: s.Turn.Rerolls, HasRolled: s.Turn.HasRolled, Rolled: dieViews(s.Turn.Rolled, nil), Kept: dieViews(s.Turn.Kept, nil)}
		if s.Phase == PhaseRoll {
			rolled, kept := s.Turn.dieNumbers()
			d.Rolled, d.Kept = dieViews(s.Turn.Rolled, rolled), dieViews(s.Turn.Kept, kept)
		}
		if !g.over() {
			d.PoolSize = g.poolSize(s.Current)
		}
		v.Dice = d
	}
	if pa := s.Turn.Block; pa != nil {
		blocker := top(s.Bases[pa.Defender].Warhost)
		v.Block = &BlockView{Attacker: pa.Attacker, Defender: pa.Defender, Power: pa.Power,
			Blocker: g.cardView(blocker, pa.Defender, false), BlockerSurvives: g.resistance(blocker, pa.Defender, false) > pa.Power}
	}
	if s.Turn.Destroy >= 0 {
		d := s.Turn.Destroy
		v.Destroy = &d
	}
	if s.Phase == PhaseFaction {
		for _, f := range g.freeFactions() {
			v.Factions = append(v.Factions, FactionView{ID: f.ID, Name: f.Name, Board: f.Board})
		}
	}
	// Only public events: XIBALBA's one private event (a seat's new
	// standing choice) reaches that seat in the answer to its own move, and
	// keeping it out leaves every seat's view equal to the spectator's, so
	// the bot keeps offering that seat's decisions as public buttons.
	for _, e := range s.Log {
		if e.To == nil {
			v.Events = append(v.Events, e)
		}
	}
	return v
}

// dieViews shows dice with their numbers nos, or none for nil.
func dieViews(ds []die, nos []int) []DieView {
	out := make([]DieView, len(ds))
	for i, d := range ds {
		out[i] = DieView{Kind: d.Kind, Face: d.Face}
		if nos != nil {
			out[i].No = nos[i]
		}
	}
	return out
}

func (g *game) cardView(id string, owner games.Seat, inArk bool) *CardView {
	c := g.card(id)
	cv := &CardView{ID: id, Deck: c.Deck, Name: c.Name, Text: c.Text, Short: c.ShortText(), Cost: c.Cost, Faction: c.Faction, Paragon: c.Paragon}
	if c.Deck == DeckSoldier {
		cv.BasePower, cv.BaseResistance = c.Power, c.Resistance
		cv.Power, cv.Resistance = g.power(id, owner, inArk), g.resistance(id, owner, inArk)
	}
	for _, e := range c.Effects {
		if !slices.Contains(cv.Timings, e.Timing) {
			cv.Timings = append(cv.Timings, e.Timing)
		}
	}
	return cv
}

func (g *game) baseView(seat, viewer games.Seat) BaseView {
	b := &g.s.Bases[seat]
	bv := BaseView{Seat: seat, Faction: b.Faction, Level: b.Level, Resources: b.Resources, Paragon: b.Paragon,
		Target: g.s.Target, WarhostDepth: len(b.Warhost)}
	if seat == viewer {
		bv.Policy = b.Policy
	}
	f := g.cs.factionBy[b.Faction]
	unlocked := 1
	if f != nil {
		bv.FactionName, bv.Board = f.Name, f.Board
		bv.Resistance, bv.Productivity = g.baseResistance(seat), g.productivity(seat)
		if b.Level < 4 {
			bv.UpgradeCost = f.Levels[b.Level].Cost
		}
		bv.ActionCosts = map[string]int{}
		for _, a := range commonActions {
			bv.ActionCosts[a] = g.actionCost(seat, a)
		}
		unlocked = g.fieldsUnlocked(seat)
	}
	for _, id := range b.Warhost {
		bv.Warhost = append(bv.Warhost, *g.cardView(id, seat, false))
	}
	if len(bv.Warhost) > 0 {
		bv.Active = &bv.Warhost[len(bv.Warhost)-1]
	}
	for fi, p := range b.Fields {
		fv := FieldView{Index: fi + 1, Unlocked: fi < unlocked, Depth: len(p)}
		for _, id := range p {
			fv.Cards = append(fv.Cards, *g.cardView(id, seat, false))
		}
		if len(fv.Cards) > 0 {
			fv.Top = &fv.Cards[len(fv.Cards)-1]
		}
		bv.Fields = append(bv.Fields, fv)
	}
	return bv
}
