package armageddon

import (
	"fmt"
	"strings"

	"github.com/playbychat/pbc/games"
)

// View is what one seat (or a spectator) may see of a game. Renderers
// type-assert games.View to *View. The survivors behind another seat's
// screen (unless the screens are open), other hands' secret cards, private
// scoring tiles and the order of decks and the bag never appear in it
// until the game is over.
type View struct {
	Seat        games.Seat // the viewer, or games.Spectator
	Seats       int
	Round       int // 1..Rounds
	Rounds      int
	Phase       string // bid, bidtiles, explore, build, city, shelter, final, over
	PhaseTitle  games.Text
	ScreensOpen bool
	Start       int // the start player
	// Actors are the seats that must act now, with what they are asked.
	Actors []games.Actor
	// Advance is the plunderers' advance of each round;
	// IntermediateAfter the round after which the first public tile
	// scores.
	Advance           []int
	IntermediateAfter int
	Public            []TileView // the two public scoring tiles
	Areas             []AreaView // Explore, Build, City
	Equipment         []OfferView
	Buildings         []BuildingOfferView
	// Placing is the building taken that its player is about to build
	// or box, with its tile; nil otherwise.
	Placing         *BuildingOfferView
	Bag             int // survivors in the bag
	EquipDeck       int
	BuildDecks      [2]int // cards left of levels 1 and 2
	TileStack       int
	PlundererFields int
	DamageFields    []games.Text // the effects of each damage field
	DamageTrack     []DamageField
	LeaderField     int // the damage field that sets the leader aside, 0 if none
	ScoreLap        int
	Players         []PlayerView
	// Hand, PrivateTiles and Choice are the viewer's own; nil for a
	// spectator.
	Hand         []CardView
	PrivateTiles []TileView
	Choice       *ChoiceView
	Finished     bool
	Winners      []int
	Final        []FinalView // the final scoring by seat, once over

	// cs is the game's content (public: the box's list) for the policy.
	cs *CardSet
}

// TileView is a scoring tile.
type TileView struct {
	ID   string
	Text games.Text // "4 points per engineer"
	// Kind and Key say what it counts: survivor + colour letter, building
	// + type, equipment + kind id ("vehicle": every part), cards.
	Kind, Key string
	// KeyName names an equipment Key: "Map", "Landkarte".
	KeyName games.Text
	Amount  int
	Scored  bool // the public tile of the intermediate scoring, once scored
	// Now is what the tile would pay the viewer now (seats' views only).
	Now int
}

// AreaView is a bid area with its tile and the bids from the top field.
type AreaView struct {
	Key   string // explore, build, city
	Name  games.Text
	Tile  BidTileView
	Bids  []BidView
	Order []int // Explore and Build: the seats in pick order (bids resolved)
}

// BidTileView is a bid tile.
type BidTileView struct {
	ID           string
	Bonus, Malus EffectView
}

// EffectView is an effect of a tile: its kind and number, and its text.
type EffectView struct {
	Kind   string
	Amount int
	Text   games.Text
}

// BidView is one bid: its survivors lie openly on the board.
type BidView struct {
	Seat      int
	Survivors Crowd
}

// OfferView is an equipment card of the display with its survivors.
type OfferView struct {
	Card      CardView
	Survivors Crowd
	Taken     bool
}

// BuildingOfferView is a building card of the display with its tile.
type BuildingOfferView struct {
	Building BuildingView
	Tile     *EffectView // nil without a tile
	Taken    bool
}

// CardView is an equipment card.
type CardView struct {
	Kind    string // equipment kind id
	Name    games.Text
	Vehicle string // the vehicle of a part, else empty
}

// BuildingView is a building in a city or the display.
type BuildingView struct {
	ID      string
	Name    games.Text
	Text    games.Text // the full card text
	Type    string
	Level   int
	Shelter int
	Star    int
	Upgrade string
	Printed string
	Actions []ActionView
	Passive []PassiveView
}

// PassiveView is a building's lasting ability.
type PassiveView struct {
	Kind   string // workers_wild, unused_shelter_vp, fight_vp, tower_site, shelter_per_type
	Amount int
	First  int    // fight_vp: the plunderers per round it applies to, 0 all
	Type   string // shelter_per_type: the building type
	Text   games.Text
}

// ActionView is a building's action with this round's activations.
type ActionView struct {
	Ref  string // "3a", as in "use 3a"
	Text games.Text
	// Kind and Amount are the effect's kind (fight, vp, draw, ...) and
	// number.
	Kind   string
	Amount int
	Type   string // vp_per_type: the building type
	Cost   []string
	Uses   int
	Used   int
}

// PlayerView is what everyone sees of a seat.
type PlayerView struct {
	Seat  int
	Score int
	// Top marks the marker on top of its score field among equal scores.
	Top       bool
	Plunderer int
	Damage    int
	// Aside is the number of leaders set aside beside the damage track.
	Aside     int
	Shelter   int
	Survivors int // everything the seat owns (screen, bids, city, aside)
	// Reserve is what lies behind the screen; nil when hidden from the
	// viewer.
	Reserve   *Crowd
	HandCount int
	// Known are the cards of the hand everyone saw taken from the
	// display; the whole hand for its owner and once the game is over.
	Known     []CardView
	City      [citySpaces]*BuildingView
	Extension bool
	House     int
	// CityFree and CityUsed are the city survivors free and placed on
	// cards this round.
	CityFree, CityUsed Crowd
	Short              int  // survivors to return for want of shelter
	Chosen             bool // has chosen the final private tile
	// PrivateTiles are revealed once the game is over, with the chosen one.
	PrivateTiles []TileView
	ChosenTile   string
}

// ChoiceView is the viewer's own pending decision with what only they
// see: the cards drawn to keep from, the deck to search.
type ChoiceView struct {
	Kind   string
	Prompt games.Text
	Cards  []CardView
}

// tileText is the tile's effect, or "no tile".
func (o BuildingOfferView) tileText() games.Text {
	if o.Tile == nil {
		return noTile
	}
	return o.Tile.Text
}

// DamageField is one damage field's effects at the end of a round, for
// the board's icons: points, plunderers added, the leader set aside.
type DamageField struct {
	VP, Plunderers int
	LeaderAside    bool
}

// FinalView is a seat's final scoring: Before is the score before it, so
// that Before and the parts add up to Total.
type FinalView struct {
	Before, Public, Private, Equipment, Damage, Plunderer, Total int
}

// GameID implements games.View.
func (v *View) GameID() string { return ID }

// Viewer implements games.View.
func (v *View) Viewer() games.Seat { return v.Seat }

// View implements games.Game.
func (g *Game) View(seat games.Seat) games.View {
	s, cs := g.s, g.cs
	viewer := int(seat)
	if viewer < 0 || viewer >= s.Seats {
		viewer, seat = none, games.Spectator
	}
	over := s.Phase == phaseOver
	v := &View{
		Seat: seat, Seats: s.Seats, Round: s.Round, Rounds: cs.Board.Rounds, Phase: s.Phase.String(),
		PhaseTitle: phaseTitle(s.Phase), ScreensOpen: s.Open, Start: s.Start, Actors: g.ToAct(),
		Advance: cs.Board.Advance, IntermediateAfter: cs.Board.IntermediateAfter,
		Bag: s.Bag.Total(), EquipDeck: len(s.EquipDeck), TileStack: len(s.TileStack),
		BuildDecks: [2]int{len(s.BuildDecks[0]), len(s.BuildDecks[1])}, PlundererFields: cs.Board.PlundererFields,
		LeaderField: cs.leaderField(), ScoreLap: cs.Board.ScoreLap, Finished: over, cs: cs,
	}
	for i, t := range s.Public {
		tv := g.tileView(t)
		tv.Scored = i == 0 && s.Round > cs.Board.IntermediateAfter
		v.Public = append(v.Public, tv)
	}
	v.DamageFields = damageFields(cs)
	for _, field := range cs.Board.DamageTrack {
		var d DamageField
		for _, e := range field {
			switch e.Kind {
			case effVP:
				d.VP += e.Amount
			case effPlunderer:
				d.Plunderers += e.Amount
			case effLeaderAside:
				d.LeaderAside = true
			}
		}
		v.DamageTrack = append(v.DamageTrack, d)
	}
	v.Areas = g.areaViews()
	g.displayViews(v)
	top := g.startPlayerOf()
	for seat := range s.Players {
		v.Players = append(v.Players, g.playerView(seat, viewer, over, top))
	}
	if viewer != none {
		g.privateView(v, viewer)
	}
	if over {
		for _, w := range g.Status().Winners {
			v.Winners = append(v.Winners, int(w))
		}
		for _, f := range s.Final {
			v.Final = append(v.Final, FinalView{Before: f.Total - f.Public - f.Private - f.Equipment - f.Damage - f.Plunderer,
				Public: f.Public, Private: f.Private, Equipment: f.Equipment, Damage: f.Damage, Plunderer: f.Plunderer, Total: f.Total})
		}
	}
	return v
}

// damageFields are the damage track's fields in words.
func damageFields(cs *CardSet) []games.Text {
	var out []games.Text
	for i, field := range cs.Board.DamageTrack {
		parts := make([]games.Text, len(field))
		for j, e := range field {
			parts[j] = effectText(e)
		}
		if i == 1 && len(parts) == 0 {
			parts = append(parts, nothing)
		}
		out = append(out, games.Join(parts, ", "))
	}
	return out
}

// areaViews are the bid areas with their tiles, bids and, once their
// phase has come, their order.
func (g *Game) areaViews() []AreaView {
	s, cs := g.s, g.cs
	var out []AreaView
	for a := range s.Areas {
		t := cs.BidTiles[s.Areas[a].Tile]
		av := AreaView{Key: areaKeys[a], Name: areaNames[a], Tile: BidTileView{ID: t.ID, Bonus: effectView(t.Bonus), Malus: effectView(t.Malus)}}
		for _, b := range s.Areas[a].Bids {
			av.Bids = append(av.Bids, BidView(b))
		}
		if (a == areaExplore && s.Phase >= phaseExplore) || (a == areaBuild && s.Phase >= phaseBuild) {
			av.Order = g.bidOrder(a)
		}
		out = append(out, av)
	}
	return out
}

// displayViews fills in the equipment and building displays and the
// building being placed.
func (g *Game) displayViews(v *View) {
	s, cs := g.s, g.cs
	for _, d := range s.Display {
		o := OfferView{Survivors: d.Survivors, Taken: d.Card == none}
		if d.Card != none {
			o.Card = g.cardView(d.Card)
		}
		v.Equipment = append(v.Equipment, o)
	}
	tile := func(t int) *EffectView {
		if t == none {
			return nil
		}
		e := effectView(cs.tileOf(t).Effect)
		return &e
	}
	for _, d := range s.BuildDisplay {
		o := BuildingOfferView{Taken: d.Card == none}
		if d.Card != none {
			o.Building = g.buildingView(none, none, d.Card)
			o.Tile = tile(d.Tile)
		}
		v.Buildings = append(v.Buildings, o)
	}
	if pd := s.Pending; pd != nil && pd.Kind == pendPlace {
		v.Placing = &BuildingOfferView{Building: g.buildingView(none, none, pd.Card), Tile: tile(pd.Tile)}
	}
}

// privateView fills in what only viewer sees: its hand, its private
// tiles, what the tiles would score it now and its pending choice.
func (g *Game) privateView(v *View, viewer int) {
	s := g.s
	p := s.Players[viewer]
	for _, h := range p.Hand {
		v.Hand = append(v.Hand, g.cardView(h.Card))
	}
	for _, t := range p.Private {
		tv := g.tileView(t)
		tv.Now = g.tileScore(viewer, t)
		v.PrivateTiles = append(v.PrivateTiles, tv)
	}
	for i, t := range s.Public {
		v.Public[i].Now = g.tileScore(viewer, t)
	}
	if pd := s.Pending; pd != nil && pd.Seat == viewer {
		c := &ChoiceView{Kind: pd.Kind, Prompt: promptPending(pd.Kind)}
		switch pd.Kind {
		case pendKeep:
			for _, card := range pd.Cards {
				c.Cards = append(c.Cards, g.cardView(card))
			}
		case pendSearchTake:
			for _, card := range s.EquipDeck {
				c.Cards = append(c.Cards, g.cardView(card))
			}
		}
		v.Choice = c
	}
}

// startPlayerOf is, for every score, the seat whose marker lies on top;
// it returns for each seat whether it is on top of its field.
func (g *Game) startPlayerOf() []bool {
	top := make([]bool, g.s.Seats)
	for i, p := range g.s.Players {
		top[i] = true
		for j, q := range g.s.Players {
			if j != i && q.Score == p.Score && q.Arrival > p.Arrival {
				top[i] = false
			}
		}
	}
	return top
}

func (g *Game) playerView(seat, viewer int, over bool, top []bool) PlayerView {
	s := g.s
	p := s.Players[seat]
	pv := PlayerView{
		Seat: seat, Score: p.Score, Top: top[seat], Plunderer: p.Plunderer, Damage: p.Damage, Aside: p.Aside,
		Shelter: g.shelter(seat), Survivors: s.survivors(seat).Total(), HandCount: len(p.Hand),
		Extension: p.Extension, House: p.House, Short: p.Short, Chosen: p.Chosen != none,
	}
	if s.Open || seat == viewer || over {
		r := p.Reserve
		pv.Reserve = &r
	}
	for _, h := range p.Hand {
		if h.Known || seat == viewer || over {
			pv.Known = append(pv.Known, g.cardView(h.Card))
		}
	}
	for sp, b := range p.City {
		if b != none {
			bv := g.buildingView(seat, sp, b)
			pv.City[sp] = &bv
		}
	}
	if cb, _, ok := s.bidOf(seat, areaCity); ok && s.Phase == phaseCity {
		pv.CityUsed = p.Used
		pv.CityFree = cb.Survivors.Sub(p.Used)
	}
	if over {
		for _, t := range p.Private {
			pv.PrivateTiles = append(pv.PrivateTiles, g.tileView(t))
		}
		if p.Chosen != none {
			pv.ChosenTile = g.cs.ScoringTiles[p.Chosen].ID
		}
	}
	return pv
}

func effectView(e Effect) EffectView {
	return EffectView{Kind: e.Kind, Amount: e.Amount, Text: effectText(e)}
}

func (g *Game) cardView(card int) CardView {
	k := g.cs.kindOf(card)
	return CardView{Kind: k.ID, Name: k.Name, Vehicle: k.Scoring.Vehicle}
}

func (g *Game) tileView(t int) TileView {
	st := g.cs.ScoringTiles[t]
	key := st.Colour + st.Type + st.Equipment
	tv := TileView{ID: st.ID, Text: g.cs.scoringText(st), Kind: st.Kind, Key: key, Amount: st.Amount}
	if k, ok := g.cs.equipment[st.Equipment]; ok {
		tv.KeyName = g.cs.Equipment[k].Name
	}
	return tv
}

// buildingView shows building b; in a city (seat, sp) with this round's
// activations.
func (g *Game) buildingView(seat, sp, b int) BuildingView {
	bd := &g.cs.Buildings[b]
	bv := BuildingView{ID: bd.ID, Name: bd.Name, Text: g.cs.buildingText(bd), Type: bd.Type, Level: bd.Level,
		Shelter: bd.Shelter, Star: bd.Star, Upgrade: bd.Upgrade, Printed: bd.Printed}
	for ai, a := range bd.Actions {
		av := ActionView{Text: effectText(a.Effect), Kind: a.Effect.Kind, Amount: a.Effect.Amount, Type: a.Effect.Type, Cost: a.Cost, Uses: a.Uses}
		if seat != none {
			av.Ref = fmt.Sprintf("%d%c", sp+1, 'a'+ai)
			av.Used = g.s.Players[seat].Uses[sp][ai]
		}
		bv.Actions = append(bv.Actions, av)
	}
	for _, p := range bd.Passives {
		bv.Passive = append(bv.Passive, PassiveView{Kind: p.Kind, Amount: p.Amount, First: p.First, Type: p.Type, Text: passiveText(p)})
	}
	return bv
}

// Describe renders the view as plain text.
func (v *View) Describe(lang games.Lang) string {
	w := wording(lang)
	tr := w.tr
	var b strings.Builder
	fmt.Fprintf(&b, "%s %d/%d · %s · %s %s\n", tr(msgs.Text("DescribeRound")), v.Round, v.Rounds, tr(v.PhaseTitle),
		tr(msgs.Text("DescribeStartPlayer")), games.Seatf(games.Seat(v.Start)))
	for _, a := range v.Actors {
		fmt.Fprintf(&b, "%s: %s\n", games.Seatf(a.Seat), tr(a.Prompt))
	}
	for i, t := range v.Public {
		state := ""
		if t.Scored {
			state = tr(msgs.Text("DescribeScored"))
		}
		fmt.Fprintf(&b, "%s %d: %s %s%s\n", tr(msgs.Text("DescribePublicTile")), i+1, t.ID, tr(t.Text), state)
	}
	for _, a := range v.Areas {
		bids := make([]string, len(a.Bids))
		for i, bd := range a.Bids {
			bids[i] = games.Seatf(games.Seat(bd.Seat)) + " " + bd.Survivors.String()
		}
		fmt.Fprintf(&b, "%s [%s: %s %s / %s %s]: %s\n", tr(a.Name), a.Tile.ID, tr(msgs.Text("DescribeBonus")), tr(a.Tile.Bonus.Text),
			tr(msgs.Text("DescribeMalus")), tr(a.Tile.Malus.Text), strings.Join(bids, "; "))
	}
	v.describeDisplays(&b, w)
	fmt.Fprintf(&b, "\n%s %d · %s %d · %s %d/%d\n", tr(msgs.Text("DescribeBag")), v.Bag, tr(msgs.Text("DescribeEquipmentDeck")), v.EquipDeck,
		tr(msgs.Text("DescribeBuildingDecks")), v.BuildDecks[0], v.BuildDecks[1])
	for _, p := range v.Players {
		v.describePlayer(&b, w, p)
	}
	if v.Hand != nil || v.PrivateTiles != nil {
		hand := tr(msgs.Text("DescribeNoCards"))
		if len(v.Hand) > 0 {
			hand = countedNames(v.Hand, w)
		}
		fmt.Fprintf(&b, "%s %s\n", tr(msgs.Text("DescribeHand")), hand)
		for _, t := range v.PrivateTiles {
			fmt.Fprintf(&b, "%s %s %s\n", tr(msgs.Text("DescribePrivateTile")), t.ID, tr(t.Text))
		}
	}
	if c := v.Choice; c != nil && len(c.Cards) > 0 {
		names := make([]string, len(c.Cards))
		for i, card := range c.Cards {
			names[i] = tr(card.Name)
		}
		fmt.Fprintf(&b, "%s %s\n", tr(c.Prompt)+":", strings.Join(names, ", "))
	}
	if v.Finished {
		for seat, f := range v.Final {
			fmt.Fprintf(&b, "%s: %s %d, %s %d, %s %d, %s %d, %s %d, %s %d = %d\n", games.Seatf(games.Seat(seat)),
				tr(msgs.Text("DescribeBefore")), f.Before, tr(msgs.Text("DescribePublic")), f.Public, tr(msgs.Text("DescribePrivate")), f.Private, tr(msgEquipment), f.Equipment,
				tr(describeDamage), f.Damage, tr(msgPlundererToll), f.Plunderer, f.Total)
		}
	}
	return b.String()
}

// Catalog implements games.Catalog: every building, equipment kind and
// tile of the card set with its whole text.
func (g *Game) Catalog() []games.Card { return g.cs.Catalog() }

// Catalog lists every piece of the set with its whole text, and a
// summary where that text is longer than a select option's description.
func (cs *CardSet) Catalog() []games.Card {
	var out []games.Card
	add := func(id string, name, body, short games.Text) {
		out = append(out, games.Card{ID: id, Name: name, Body: body, Summary: summary(body, short)})
	}
	for i := range cs.Buildings {
		b := &cs.Buildings[i]
		add(b.ID, b.Name, cs.buildingText(b), cs.buildingSummary(b))
	}
	for _, e := range cs.Equipment {
		add(e.ID, e.Name, cs.equipmentText(e), cs.equipmentSummary(e))
	}
	for _, t := range cs.BidTiles {
		add(t.ID, msgs.Text("BidTileName", t.ID),
			msgs.Text("BidTileText",
				effectText(t.Bonus), effectText(t.Malus)), bidTileSummary(t))
	}
	for _, t := range cs.BuildingTiles {
		add(t.ID, msgs.Text("BuildingTileName", t.ID),
			msgs.Text("BuildingTileText", t.Count, effectText(t.Effect)),
			msgs.Text("BuildingTileSummary", shortEffect(t.Effect)))
	}
	for _, t := range cs.ScoringTiles {
		add(t.ID, msgs.Text("ScoringTileName", t.ID), cs.scoringText(t), games.Text{})
	}
	return out
}

// describeDamage heads a seat's damage in a description.
var describeDamage = msgs.Text("DescribeDamage")

// wording is the language a description is written in.
type wording games.Lang

func (w wording) tr(t games.Text) string { return t.In(games.Lang(w)) }

// describeDisplays writes the equipment display, the building being
// placed and the building display.
func (v *View) describeDisplays(b *strings.Builder, w wording) {
	tr := w.tr
	var offers []string
	for i, o := range v.Equipment {
		if o.Taken {
			offers = append(offers, fmt.Sprintf("%d —", i+1))
			continue
		}
		offers = append(offers, fmt.Sprintf("%d %s (%s)", i+1, tr(o.Card.Name), o.Survivors))
	}
	fmt.Fprintf(b, "%s %s", tr(msgs.Text("DescribeEquipment")), strings.Join(offers, "; "))
	if o := v.Placing; o != nil {
		fmt.Fprintf(b, "\n%s %s · %s", tr(msgs.Text("DescribeBeingBuilt")), tr(o.Building.Name), tr(o.tileText()))
	}
	offers = offers[:0]
	for i, o := range v.Buildings {
		if o.Taken {
			offers = append(offers, fmt.Sprintf("%d —", i+1))
			continue
		}
		offers = append(offers, fmt.Sprintf("%d %s · %s", i+1, tr(o.Building.Name), tr(o.tileText())))
	}
	fmt.Fprintf(b, "\n%s %s", tr(msgs.Text("DescribeBuildings")), strings.Join(offers, "; "))
}

// countedNames lists the names of cards once each, in the order of their
// first card, with the number of copies where there are several:
// "Gasoline ×4, Beer, Map ×2".
func countedNames(cards []CardView, w wording) string {
	var names []string
	count := map[string]int{}
	for _, c := range cards {
		n := w.tr(c.Name)
		if count[n]++; count[n] == 1 {
			names = append(names, n)
		}
	}
	for i, n := range names {
		if count[n] > 1 {
			names[i] = fmt.Sprintf("%s ×%d", n, count[n])
		}
	}
	return strings.Join(names, ", ")
}

// describePlayer writes one seat's line and its city.
func (v *View) describePlayer(b *strings.Builder, w wording, p PlayerView) {
	tr := w.tr
	fmt.Fprintf(b, "%s: %d %s · %s %d · %s %d · %s %d/%d · %s %d", games.Seatf(games.Seat(p.Seat)), p.Score, tr(msgs.Text("DescribePoints")),
		tr(msgPlundererToll), p.Plunderer-1, tr(describeDamage), p.Damage,
		tr(msgs.Text("DescribeSurvivorsShelter")), p.Survivors, p.Shelter, tr(msgs.Text("DescribeCards")), p.HandCount)
	if p.Aside > 0 {
		b.WriteString(tr(msgs.Text("DescribeLeaderAside")))
	}
	if p.Reserve != nil {
		fmt.Fprintf(b, " · %s %s", tr(msgs.Text("DescribeScreen")), p.Reserve)
	}
	if p.Short > 0 {
		fmt.Fprintf(b, " · %s %d", tr(msgs.Text("DescribeMustReturn")), p.Short)
	}
	var city []string
	for sp, bv := range p.City {
		if bv != nil {
			city = append(city, fmt.Sprintf("%d %s", sp+1, tr(bv.Name)))
		}
	}
	if v.Phase == "city" && p.CityFree.Total()+p.CityUsed.Total() > 0 {
		city = append(city, fmt.Sprintf("%s %s, %s %s", tr(msgs.Text("DescribeCityFree")), p.CityFree, tr(msgs.Text("DescribeUsed")), p.CityUsed))
	}
	b.WriteString("\n  " + strings.Join(city, "; "))
	if len(p.Known) > 0 {
		fmt.Fprintf(b, "\n  %s %s", tr(msgs.Text("DescribeKnownCards")), countedNames(p.Known, w))
	}
	b.WriteString("\n")
}
