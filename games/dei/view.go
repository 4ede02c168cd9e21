package dei

import (
	"fmt"
	"slices"
	"strings"

	"github.com/playbychat/pbc/games"
)

// View is what one seat (or a spectator) may see of a game. Renderers
// type-assert games.View to *View.
type View struct {
	Seat  games.Seat // the viewer, or games.Spectator
	Seats int
	// Board is the map: areas with their ids, shapes and neighbours. It
	// holds nothing hidden.
	Board  *Board
	Stage  string
	Round  int // 1-4, 0 during setup
	Phase  int // 1-3
	Start  int // the start player
	Acting int // the seat whose turn it is, -1 if none (or everyone plans)
	// Options in force.
	Planning, Confrontation, Rebellion, NoChoice, Draft bool
	Areas                                               []AreaView
	Outposts                                            []OutpostView
	Drones                                              []DroneView
	SharedBridges                                       []int // bridge spots with a shared bridge
	Markets                                             []MarketView
	// Missions holds the 8 mission slots: column (round) = slot/2.
	Missions []MissionView
	Players  []PlayerView
	// Turn is the acting player's phase in progress, nil if none.
	Turn *TurnView
	// DraftStack lists the feats the viewer may draft now (option 2).
	DraftStack   []FeatView
	DraftColour  string
	CandySupply  int
	TechSupply   int
	EnergySupply int
	Finished     bool
	Winners      []int
	// Prompt says what the acting seat must do.
	Prompt games.Text
	// Offer lists the factions while they are chosen, in the data's
	// order (nil after): what a seat chooses from, since the markets are
	// still closed. StartStock is what every faction starts with.
	Offer      []FactionOffer
	StartStock games.Text
}

// FactionOffer is a faction on offer in the faction choice.
type FactionOffer struct {
	Key  string
	Name games.Text
	// Leader is the leader's name, Power the leader's ability in short
	// (at most 80 characters per language).
	Leader, Power games.Text
	// Drone is the faction's drone as a word: "Hunter", "Jäger-Drohne".
	Drone games.Text
	// Seat is the seat that chose the faction, -1 while it is free.
	Seat int
}

// AreaView is what lies in an area.
type AreaView struct {
	Figs    []int // scrappers per seat
	Leaders []int // seats whose leader stands here
	Tech    int
	Energy  int
	Holder  int   // the majority holder, -1 if none
	Camps   []int // seats owning a camp here (the neutral camp is Board.Areas[i].Camp)
}

// OutpostView is an outpost and who holds its cube (-1: on the tile).
type OutpostView struct {
	Area   int
	Colour string
	Owner  int
}

// DroneView is a drone on the map.
type DroneView struct {
	Key  string
	Name games.Text
	Area int
	// Faction is the faction whose drone it is, "" if none at the table.
	Faction string
}

// MarketView is a market board.
type MarketView struct {
	Key    string
	Name   games.Text
	Colour string // "" for the black market
	Deck   int    // cards left face down
	Slots  []SlotView
}

// SlotView is one face-up slot of a market.
type SlotView struct {
	Card      *CardView // nil if empty
	Requires  int       // outposts of the market's colour needed
	Surcharge int       // black market: tech added (negative: given back)
}

// CardView is a card's face.
type CardView struct {
	ID   string
	Name games.Text
	Text games.Text // the full text: cost, VP, actions
	// Actions lists the card's actions, separated by commas; Acts are the
	// same actions as data, for the bot's policy.
	Actions games.Text
	Acts    []Action
	Kind    string // faction, market or drone
	Market  string
	Drone   string
	Tech    int
	Energy  int
	VP      int
}

// MissionView is a mission in its slot.
type MissionView struct {
	Slot   int
	Round  int // the column
	ID     string
	Name   games.Text
	Count  string
	Colour string
	OnTime Value
	Late   Value
	Marks  []int // seats with a marker on it
	Empty  bool  // no mission in the slot (option 1)
}

// FeatView is a feat tile; Known is false for an opponent's unearned feat.
type FeatView struct {
	Key    string
	Name   games.Text
	Text   games.Text
	Colour string
	Earned bool
	Known  bool
}

// PadView is a card on a player's pad; Card is nil for a hidden face-down
// card.
type PadView struct {
	Card  *CardView
	Down  bool
	Candy string
}

// PlayerView is what everyone may see of a player, plus the viewer's own
// secrets.
type PlayerView struct {
	Seat       int
	Faction    string
	Name       games.Text // the faction's name
	Leader     games.Text
	LeaderKey  string
	LeaderArea int
	Drone      string
	VP         int
	Tech       int
	Energy     int
	Supply     int      // scrappers not on the map
	Candy      []string // candy kinds held
	Cubes      [3]int   // outposts held: red, blue, green
	Feats      []FeatView
	// Hand is nil when the viewer may not see it (option 3); HandSize is
	// always set.
	Hand     []CardView
	HandSize int
	// Plan lists the planned cards for their owner; Planned says whether a
	// plan is made.
	Plan      []CardView
	Planned   bool
	Pad       [][]PadView
	Recycled  []CardView // nil when hidden; RecycledN counts them
	RecycledN int
	Marks     []int // mission slots
	Camps     []int
	Lifts     [][2]int
	Bridges   []int
	Final     *FinalView
}

// FinalView is a player's final scoring.
type FinalView struct {
	Outposts, Feats, Tech, Energy, Cards int
}

// TurnView is the acting player's phase in progress.
type TurnView struct {
	Seat    int
	Open    *CardView // the card whose actions are open
	Actions []games.Text
	Buying  bool
	Closing bool
	// Drone is the drone being activated, "" if none; Steps its flight
	// left, Landed once it uses its power.
	Drone  string
	Steps  int
	Landed bool
}

// GameID implements games.View.
func (v *View) GameID() string { return "dei" }

// Viewer implements games.View.
func (v *View) Viewer() games.Seat { return v.Seat }

// marketViews are the markets with their face-up cards.
func (g *Game) marketViews() []MarketView {
	var out []MarketView
	for mi, m := range g.s.Markets {
		mk := &g.c.Markets[mi]
		mv := MarketView{Key: mk.Key, Name: mk.Name, Colour: mk.Colour, Deck: len(m.Deck)}
		for slot, card := range m.Slots {
			sv := SlotView{}
			if mk.Colour != "" {
				sv.Requires = mk.Requires[slot]
			} else {
				sv.Surcharge = mk.Surcharge[slot]
			}
			if card != none {
				sv.Card = g.cardView(card)
			}
			mv.Slots = append(mv.Slots, sv)
		}
		out = append(out, mv)
	}
	return out
}

// offer lists the factions with the seat that chose each.
func (g *Game) offer() []FactionOffer {
	out := make([]FactionOffer, len(g.c.Factions))
	for i, f := range g.c.Factions {
		out[i] = FactionOffer{Key: f.Key, Name: f.Name, Leader: f.Leader.Name, Power: *f.Leader.Summary,
			Drone: droneWord(g.c.drone(f.Drone).Name), Seat: -1}
		for seat, p := range g.s.Players {
			if p.Faction == f.Key {
				out[i].Seat = seat
			}
		}
	}
	return out
}

func (g *Game) cardView(card int) *CardView {
	c := &g.c.Cards[card]
	return &CardView{ID: c.ID, Name: c.Name, Text: g.cardText(card), Actions: g.c.actionList(card, false), Acts: slices.Clone(c.Actions), Kind: c.Kind, Market: c.Market, Drone: c.Drone,
		Tech: c.Tech, Energy: c.Energy, VP: c.VP}
}

// View implements games.Game.
func (g *Game) View(seat games.Seat) games.View {
	s := g.s
	viewer := int(seat)
	planning := s.Options.Bool(OptPlanning)
	v := &View{Seat: seat, Seats: s.Seats, Board: g.b, Stage: string(s.Stage), Round: s.Round, Phase: s.Phase, Start: s.Start,
		Acting: s.acting(), Planning: planning, Confrontation: s.Options.Bool(OptConfrontation),
		Rebellion: s.Options.Bool(OptRebellion), NoChoice: s.Options.Bool(OptNoChoice), Draft: s.Options.Bool(OptDraft),
		SharedBridges: slices.Clone(s.SharedBridges), CandySupply: len(s.CandySupply),
		TechSupply: s.TechSupply, EnergySupply: s.EnergySupply, Finished: s.Stage == stageOver, Prompt: g.prompt()}
	if s.Stage == stagePlan {
		v.Acting = -1
	}
	if s.Stage == stageFaction {
		v.Offer, v.StartStock = g.offer(), msgs.Text("StartStock", resCount(startTech, true), resCount(startEnergy, false), scrappersPerSeat, cardsPerFaction)
	}
	v.Areas = make([]AreaView, len(s.Areas))
	for i, a := range s.Areas {
		av := AreaView{Figs: slices.Clone(a.Figs), Tech: a.Tech, Energy: a.Energy, Holder: g.holder(i)}
		for o, p := range s.Players {
			if p.Leader == i {
				av.Leaders = append(av.Leaders, o)
			}
			for _, c := range p.Camps {
				if c == i {
					av.Camps = append(av.Camps, o)
				}
			}
		}
		v.Areas[i] = av
	}
	for _, o := range s.Outposts {
		v.Outposts = append(v.Outposts, OutpostView(o))
	}
	for _, d := range s.Drones {
		dv := DroneView{Key: d.Key, Name: g.c.drone(d.Key).Name, Area: d.Area}
		for _, p := range s.Players {
			if f := g.c.faction(p.Faction); f != nil && f.Drone == d.Key {
				dv.Faction = f.Key
			}
		}
		v.Drones = append(v.Drones, dv)
	}
	v.Markets = g.marketViews()
	for slot, mi := range s.Missions {
		mv := MissionView{Slot: slot, Round: slot/2 + 1, Empty: mi == none}
		if mi != none {
			m := &g.c.Missions[mi]
			mv.ID, mv.Name, mv.Count, mv.Colour, mv.OnTime, mv.Late = m.ID, m.Name, m.Count, m.Colour, m.OnTime, m.Late
		}
		for o, p := range s.Players {
			if slices.Contains(p.Marks, slot) {
				mv.Marks = append(mv.Marks, o)
			}
		}
		v.Missions = append(v.Missions, mv)
	}
	for i := range s.Players {
		v.Players = append(v.Players, g.playerView(i, viewer))
	}
	if t := s.Cur; t != nil {
		tv := &TurnView{Seat: s.acting(), Buying: t.Buying, Closing: t.Closing}
		if t.Open != none {
			tv.Open = g.cardView(s.Players[tv.Seat].Pad[s.Phase-1][t.Open].Card)
		}
		for _, a := range t.Actions {
			tv.Actions = append(tv.Actions, actionText(a.Action))
		}
		if t.Task != nil {
			tv.Drone, tv.Steps, tv.Landed = s.Drones[t.Task.Drone].Key, t.Task.Steps, t.Task.Landed
		}
		v.Turn = tv
	}
	if d := s.Draft; d != nil && viewer == s.acting() {
		v.DraftColour = d.Colour
		for _, m := range g.draftMoves(viewer) {
			f := g.c.featIdx[m.Key]
			v.DraftStack = append(v.DraftStack, g.featView(f, false, true))
		}
	}
	if v.Finished {
		for _, w := range g.Status().Winners {
			v.Winners = append(v.Winners, int(w))
		}
	}
	return v
}

func (g *Game) featView(f int, earned, known bool) FeatView {
	ft := &g.c.Feats[f]
	if !known {
		return FeatView{Colour: ft.Colour}
	}
	return FeatView{Key: ft.Key, Name: ft.Name, Text: ft.Text, Colour: ft.Colour, Earned: earned, Known: true}
}

// playerView is seat's public view, with its secrets if viewer is seat.
func (g *Game) playerView(seat, viewer int) PlayerView {
	s := g.s
	p := &s.Players[seat]
	own := seat == viewer
	planning := s.Options.Bool(OptPlanning)
	over := s.Stage == stageOver
	pv := PlayerView{Seat: seat, Faction: p.Faction, LeaderArea: p.Leader, VP: p.VP, Tech: p.Tech, Energy: p.Energy,
		Supply: p.Supply, HandSize: len(p.Hand) + len(p.Plan), Planned: len(p.Plan) > 0, Marks: slices.Clone(p.Marks),
		Camps: slices.Clone(p.Camps), Bridges: slices.Clone(p.Bridges), RecycledN: len(p.Recycled)}
	if f := g.c.faction(p.Faction); f != nil {
		pv.Name, pv.Leader, pv.LeaderKey, pv.Drone = f.Name, f.Leader.Name, f.Leader.Key, f.Drone
	}
	for _, m := range p.Candy {
		pv.Candy = append(pv.Candy, g.c.candyKind[m])
	}
	for i, c := range colours {
		pv.Cubes[i] = g.cubes(seat, c)
	}
	for i, f := range p.Feats {
		pv.Feats = append(pv.Feats, g.featView(f, p.Earned[i], own || p.Earned[i]))
	}
	if own || !planning || over {
		for _, c := range sortedInts(p.Hand) {
			pv.Hand = append(pv.Hand, *g.cardView(c))
		}
		for _, c := range p.Plan {
			pv.Plan = append(pv.Plan, *g.cardView(c))
		}
		for _, c := range p.Recycled {
			pv.Recycled = append(pv.Recycled, *g.cardView(c))
		}
		if pv.Hand == nil {
			pv.Hand = []CardView{}
		}
	}
	for _, ph := range p.Pad {
		var row []PadView
		for _, pc := range ph {
			pad := PadView{Down: pc.Down}
			if !pc.Down || own || !planning || over {
				pad.Card = g.cardView(pc.Card)
			}
			if pc.Candy != none {
				pad.Candy = g.c.candyKind[pc.Candy]
			}
			row = append(row, pad)
		}
		pv.Pad = append(pv.Pad, row)
	}
	for _, l := range p.Lifts {
		pv.Lifts = append(pv.Lifts, [2]int{l.Ground, l.Roof})
	}
	if p.Final != nil {
		f := FinalView(*p.Final)
		pv.Final = &f
	}
	return pv
}

// Describe implements games.View: the whole view as text.
func (v *View) Describe(lang games.Lang) string {
	var b strings.Builder
	switch {
	case v.Finished:
		b.WriteString(msgs.Text("DescGameOver").In(lang) + "\n")
	case v.Round == 0:
		b.WriteString(msgs.Text("DescSetup").In(lang) + "\n")
	default:
		b.WriteString(msgs.Text("DescRound", v.Round, v.Phase, seatRef(v.Start)).In(lang) + "\n")
	}
	if v.Acting >= 0 {
		b.WriteString(msgs.Text("DescActing", seatRef(v.Acting), v.Prompt).In(lang) + "\n")
	}
	for _, p := range v.Players {
		v.describePlayer(&b, p, lang)
	}
	if t := v.Turn; t != nil {
		if t.Open != nil {
			actions := msgs.Text("DescNone")
			if len(t.Actions) > 0 {
				actions = join(t.Actions, ", ")
			}
			b.WriteString(msgs.Text("DescOpen", t.Open.named(lang), actions).In(lang) + "\n")
		}
		if t.Drone != "" {
			b.WriteString(msgs.Text("DescDrone", t.Drone, t.Steps, t.Landed).In(lang) + "\n")
		}
		if t.Buying {
			b.WriteString(msgs.Text("DescBuying").In(lang) + "\n")
		}
	}
	b.WriteString(msgs.Text("DescMap").In(lang) + "\n")
	for i, a := range v.Areas {
		line := v.areaLine(i, a, lang)
		if line != "" {
			b.WriteString("  " + line + "\n")
		}
	}
	if len(v.Markets) > 0 { // none before the factions are dealt
		b.WriteString(msgs.Text("DescMarkets").In(lang) + "\n")
	}
	for _, m := range v.Markets {
		fmt.Fprintf(&b, "  %s (%s %d):", m.Name.In(lang), msgs.Text("DescDeck").In(lang), m.Deck)
		for _, sl := range m.Slots {
			if sl.Card == nil {
				b.WriteString(" –;")
				continue
			}
			fmt.Fprintf(&b, " %s [%s]", sl.Card.named(lang), resPair(sl.Card.Tech, sl.Card.Energy).In(lang))
			if m.Colour != "" && sl.Requires > 0 {
				fmt.Fprintf(&b, " %s %d", msgs.Text("DescNeedsOutposts").In(lang), sl.Requires)
			}
			if sl.Surcharge != 0 {
				fmt.Fprintf(&b, " %+d %s", sl.Surcharge, msgs.Text("Tech").In(lang))
			}
			b.WriteString(";")
		}
		b.WriteString("\n")
	}
	b.WriteString(msgs.Text("DescMissions").In(lang) + "\n")
	for _, m := range v.Missions {
		if m.Empty {
			continue
		}
		fmt.Fprintf(&b, "  %s %d: %s (%s) (%d/%d, %s %d/%d)", msgs.Text("DescRoundWord").In(lang), m.Round, m.Name.In(lang), m.ID,
			m.OnTime.VP, m.OnTime.Per, msgs.Text("DescLate").In(lang), m.Late.VP, m.Late.Per)
		for _, s := range m.Marks {
			b.WriteString(" " + seatRef(s))
		}
		b.WriteString("\n")
	}
	if len(v.Offer) > 0 {
		b.WriteString(msgs.Text("DescOffer").In(lang) + "\n")
		for _, f := range v.Offer {
			taken := ""
			if f.Seat >= 0 {
				taken = " · " + msgs.Text("DescChosenBy", seatRef(f.Seat)).In(lang)
			}
			b.WriteString("  " + msgs.Text("DescFaction", f.Name, f.Leader, f.Power, f.Drone).In(lang) + taken + "\n")
		}
		b.WriteString("  " + v.StartStock.In(lang) + "\n")
	}
	if len(v.DraftStack) > 0 {
		b.WriteString(msgs.Text("DescFeatsYouMayDraft").In(lang))
		for _, f := range v.DraftStack {
			fmt.Fprintf(&b, " %s (%s);", f.Name.In(lang), colourName(f.Colour).In(lang))
		}
		b.WriteString("\n")
	}
	return b.String()
}

// named is the card's name with its id, as labels and events name it:
// "Undercover operator (RV5)".
func (c *CardView) named(lang games.Lang) string { return c.Name.In(lang) + " (" + c.ID + ")" }

// cardList names cards with their ids.
func cardList(cs []CardView, lang games.Lang) string {
	out := make([]string, len(cs))
	for i := range cs {
		out[i] = cs[i].named(lang)
	}
	return strings.Join(out, ", ")
}

func (v *View) describePlayer(b *strings.Builder, p PlayerView, lang games.Lang) {
	head := seatRef(p.Seat)
	if name := p.Name.In(lang); name != "" { // a faction is chosen
		head += " " + name + " (" + p.Leader.In(lang) + ")"
	}
	fmt.Fprintf(b, "%s: %d %s, %s, %s, %s %d/%d/%d, %s %d",
		head, p.VP, msgs.Text("DescVp").In(lang),
		resCount(p.Tech, true).In(lang), resCount(p.Energy, false).In(lang),
		msgs.Text("DescCubesRBG").In(lang), p.Cubes[0], p.Cubes[1], p.Cubes[2], msgs.Text("DescScrappersInSupply").In(lang), p.Supply)
	if len(p.Candy) > 0 {
		ids := make([]string, len(p.Candy))
		for i, k := range p.Candy {
			ids[i] = candyPiece(k)
		}
		fmt.Fprintf(b, ", %s %s", msgs.Text("DescCandyBoosts").In(lang), strings.Join(ids, ", "))
	}
	var feats []string
	for _, f := range p.Feats {
		switch {
		case !f.Known:
			feats = append(feats, "?("+colourName(f.Colour).In(lang)+")")
		case f.Earned:
			feats = append(feats, f.Name.In(lang)+"✓")
		default:
			feats = append(feats, f.Name.In(lang))
		}
	}
	if len(feats) > 0 {
		fmt.Fprintf(b, ", %s %s", msgs.Text("DescFeats").In(lang), strings.Join(feats, ", "))
	}
	fmt.Fprintf(b, ", %s %d/%d/%d", msgs.Text("DescStockCampsLiftsBridges").In(lang),
		buildingsPerKind-len(p.Camps), buildingsPerKind-len(p.Lifts), buildingsPerKind-len(p.Bridges))
	b.WriteString("\n")
	switch {
	case p.Hand != nil && len(p.Hand) == 0:
		fmt.Fprintf(b, "  %s: %s\n", msgs.Text("DescHand").In(lang), msgs.Text("DescNone").In(lang))
	case p.Hand != nil:
		fmt.Fprintf(b, "  %s: %s\n", msgs.Text("DescHand").In(lang), cardList(p.Hand, lang))
	default:
		fmt.Fprintf(b, "  %s: %d\n", msgs.Text("DescHand").In(lang), p.HandSize)
	}
	if len(p.Plan) > 0 {
		fmt.Fprintf(b, "  %s: %s\n", msgs.Text("DescPlan").In(lang), cardList(p.Plan, lang))
	}
	for ph, row := range p.Pad {
		if len(row) == 0 {
			continue
		}
		var cards []string
		for _, pc := range row {
			c := "?"
			if pc.Card != nil {
				c = pc.Card.named(lang)
			}
			if pc.Down {
				c += msgs.Text("DescDown").In(lang)
			}
			if pc.Candy != "" {
				c += "+" + pc.Candy
			}
			cards = append(cards, c)
		}
		fmt.Fprintf(b, "  %s %d: %s\n", msgs.Text("DescPhase").In(lang), ph+1, strings.Join(cards, ", "))
	}
	if p.Final != nil {
		fmt.Fprintf(b, "  %s: %s %d, %s %d, %s %d, %s %d, %s %d\n", msgs.Text("DescFinal").In(lang), msgs.Text("DescOutposts").In(lang), p.Final.Outposts,
			msgs.Text("DescFeats").In(lang), p.Final.Feats, msgs.Text("Tech").In(lang), p.Final.Tech, msgs.Text("DescEnergy").In(lang), p.Final.Energy,
			msgs.Text("DescCards").In(lang), p.Final.Cards)
	}
}

// areaLine describes an area with something in it, "" for an empty one.
func (v *View) areaLine(i int, a AreaView, lang games.Lang) string {
	var parts []string
	for s, n := range a.Figs {
		lead := slices.Contains(a.Leaders, s)
		switch {
		case n > 0 && lead:
			parts = append(parts, fmt.Sprintf("%s×%d+L", seatRef(s), n))
		case n > 0:
			parts = append(parts, fmt.Sprintf("%s×%d", seatRef(s), n))
		case lead:
			parts = append(parts, seatRef(s)+" L")
		}
	}
	if a.Holder >= 0 {
		parts = append(parts, msgs.Text("DescMajority", seatRef(a.Holder)).In(lang))
	}
	if a.Tech > 0 {
		parts = append(parts, resCount(a.Tech, true).In(lang))
	}
	if a.Energy > 0 {
		parts = append(parts, resCount(a.Energy, false).In(lang))
	}
	for _, o := range v.Outposts {
		if o.Area == i {
			if o.Owner < 0 {
				parts = append(parts, msgs.Text("DescOutpostFree", colourName(o.Colour)).In(lang))
				continue
			}
			parts = append(parts, msgs.Text("DescOutpost", colourName(o.Colour), seatRef(o.Owner)).In(lang))
		}
	}
	if v.Board.Areas[i].Camp {
		parts = append(parts, msgs.Text("DescNeutralCamp").In(lang))
	}
	for _, s := range a.Camps {
		parts = append(parts, msgs.Text("DescCamp", seatRef(s)).In(lang))
	}
	for _, d := range v.Drones {
		if d.Area == i {
			parts = append(parts, d.Name.In(lang))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return v.Board.Areas[i].ID + ": " + strings.Join(parts, ", ")
}
