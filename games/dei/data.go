package dei

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/internal/intern"
	"github.com/playbychat/pbc/games/internal/strictjson"
)

//go:embed data/cards.json data/map.json data/rules.json
var dataFS embed.FS

// The colours of outposts, cubes, feats and improved actions.
const (
	Red   = "red"
	Blue  = "blue"
	Green = "green"
)

var colours = []string{Red, Blue, Green}

// The drones.
const (
	Hunter      = "hunter"
	Transporter = "transporter"
	Harvester   = "harvester"
	Teleporter  = "teleporter"
)

var droneKeys = []string{Hunter, Transporter, Harvester, Teleporter}

// The leaders, whose powers the engine knows by key.
const (
	Corvo   = "corvo"
	Abraham = "abraham"
	Aria    = "aria"
	Z13     = "z13"
)

var leaderKeys = []string{Corvo, Abraham, Aria, Z13}

// The eighteen feats (badges), six per colour, whose effects the engine
// knows by key.
const (
	FeatBombardier  = "bombardier"
	FeatBarricade   = "barricade"
	FeatScout       = "scout"
	FeatUndercover  = "undercover"
	FeatSniper      = "sniper"
	FeatCaravan     = "caravan"
	FeatEngineer    = "engineer"
	FeatSprinter    = "sprinter"
	FeatLandingPod  = "landingpod"
	FeatTunneller   = "tunneller"
	FeatRaid        = "raid"
	FeatPilot       = "pilot"
	FeatRecycling   = "recycling"
	FeatAltEnergy   = "altenergy"
	FeatParcelBot   = "parcelbot"
	FeatProspector  = "prospector"
	FeatDroneEng    = "droneeng"
	FeatTradingPost = "tradingpost"
)

var featColour = map[string]string{
	FeatBombardier: Red, FeatBarricade: Red, FeatScout: Red, FeatUndercover: Red, FeatSniper: Red, FeatCaravan: Red,
	FeatEngineer: Blue, FeatSprinter: Blue, FeatLandingPod: Blue, FeatTunneller: Blue, FeatRaid: Blue, FeatPilot: Blue,
	FeatRecycling: Green, FeatAltEnergy: Green, FeatParcelBot: Green, FeatProspector: Green, FeatDroneEng: Green, FeatTradingPost: Green,
}

// The candy boost kinds.
const (
	CandyDeploy  = "deploy"
	CandyCamp    = "camp"
	CandyMove    = "move"
	CandyLift    = "lift"
	CandyCollect = "collect"
	CandyBridge  = "bridge"
	CandyTech    = "tech"
	CandyOutpost = "outpost"
)

var candyKinds = []string{CandyDeploy, CandyCamp, CandyMove, CandyLift, CandyCollect, CandyBridge, CandyTech, CandyOutpost}

// The action kinds of cards (Action.Do).
const (
	DoDeploy  = "deploy"
	DoMove    = "move"
	DoCollect = "collect"
	DoBuild   = "build"
	DoDrone   = "drone"
	DoCopy    = "copy"
	DoVP      = "vp"
	DoTech    = "tech"
	DoEnergy  = "energy"
)

// The building kinds.
const (
	Camp   = "camp"
	Bridge = "bridge"
	Lift   = "lift"
)

var buildingKinds = []string{Camp, Bridge, Lift}

// The things a mission counts (Mission.Count).
const (
	CountTech        = "tech"
	CountEnergy      = "energy"
	CountDroneCards  = "drone_cards"
	CountBuildings   = "buildings"
	CountScrappers   = "scrappers"
	CountCubes       = "cubes"
	CountColourCubes = "colour_cubes"
	CountGarrisons   = "garrisons"
	CountCandy       = "candy"
	CountMarketCards = "market_cards"
)

var missionCounts = []string{CountTech, CountEnergy, CountDroneCards, CountBuildings, CountScrappers, CountCubes,
	CountColourCubes, CountGarrisons, CountCandy, CountMarketCards}

// BlackMarket is the key of the market without outposts.
const BlackMarket = "black"

// Action is one action printed on a card. Which fields a kind reads is
// listed in data/FORMAT.md.
type Action struct {
	Do string `json:"do"`
	// Colour makes a deploy, move or collect an improved one: red
	// (tactics), blue (logistics) or green (machines).
	Colour string `json:"colour,omitempty"`
	// What limits a build to one building kind.
	What string `json:"what,omitempty"`
	// Drone and Bonus: the drone a drone action activates and its extra
	// movement.
	Drone string `json:"drone,omitempty"`
	Bonus int    `json:"bonus,omitempty"`
	// N is the amount of a vp, tech or energy action.
	N int `json:"n,omitempty"`
	// PerOutpost repeats the action once per controlled outpost of
	// PerColour ("any" for every colour).
	PerOutpost bool   `json:"per_outpost,omitempty"`
	PerColour  string `json:"per_colour,omitempty"`
}

// Leader is a faction's leader.
type Leader struct {
	Key  string     `json:"key"`
	Name games.Text `json:"name"`
	Text games.Text `json:"text"`
	// Summary is the power in at most 80 characters per language, shown
	// where a faction is chosen; required.
	Summary *games.Text `json:"summary,omitempty"`
}

// Faction is one of the four factions with its eight starting cards.
type Faction struct {
	Key    string     `json:"key"`
	Name   games.Text `json:"name"`
	Leader Leader     `json:"leader"`
	// Drone is the drone shown on one of the faction's cards; it belongs
	// to the faction (Undercover operator) and stays on the map with 2
	// or 3 players.
	Drone string `json:"drone"`
	Cards []Card `json:"cards"`
}

// Drone is one of the Purebred drones.
type Drone struct {
	Key  string     `json:"key"`
	Name games.Text `json:"name"`
	Text games.Text `json:"text"`
	// Summary is the text in at most 100 characters per language; required
	// where Text is longer.
	Summary *games.Text `json:"summary,omitempty"`
}

// Market is one of the four market boards.
type Market struct {
	Key    string     `json:"key"`
	Name   games.Text `json:"name"`
	Colour string     `json:"colour,omitempty"` // empty for the black market
	// Requires is, for an outpost market, the outposts of its colour a
	// buyer must control for the card in each slot, leftmost first.
	Requires []int `json:"requires,omitempty"`
	// Surcharge is, for the black market, the tech added to the price in
	// each slot; a negative value is tech given back after paying.
	Surcharge []int `json:"surcharge,omitempty"`
}

// Card is a faction, market or drone card.
type Card struct {
	ID      string     `json:"id"`
	Name    games.Text `json:"name"`
	Market  string     `json:"market,omitempty"` // market cards: the market key
	Drone   string     `json:"drone,omitempty"`  // drone cards (and a faction's drone card): the drone
	Tech    int        `json:"tech,omitempty"`
	Energy  int        `json:"energy,omitempty"`
	VP      int        `json:"vp,omitempty"`
	Actions []Action   `json:"actions"`

	// Filled in on load.
	Faction string `json:"-"`
	Kind    string `json:"-"` // faction, market or drone
}

// Card kinds.
const (
	KindFaction = "faction"
	KindMarket  = "market"
	KindDrone   = "drone"
)

// Value is what a mission pays: VP for every Per counted.
type Value struct {
	VP  int `json:"vp"`
	Per int `json:"per"`
}

// Mission is a Purebred contract.
type Mission struct {
	ID     string     `json:"id"`
	Name   games.Text `json:"name"`
	Count  string     `json:"count"`
	Colour string     `json:"colour,omitempty"` // colour_cubes only
	OnTime Value      `json:"on_time"`
	Late   Value      `json:"late"`
}

// Feat is a badge tile.
type Feat struct {
	Key    string     `json:"key"`
	Colour string     `json:"colour"`
	Name   games.Text `json:"name"`
	Text   games.Text `json:"text"`
	// Summary is the text in at most 100 characters per language; required
	// where Text is longer.
	Summary *games.Text `json:"summary,omitempty"`
}

// CandyKind is one kind of candy boost marker.
type CandyKind struct {
	Kind  string     `json:"kind"`
	Count int        `json:"count"`
	Name  games.Text `json:"name"`
}

// cardsFile is data/cards.json.
type cardsFile struct {
	Factions    []Faction   `json:"factions"`
	Drones      []Drone     `json:"drones"`
	Markets     []Market    `json:"markets"`
	MarketCards []Card      `json:"market_cards"`
	DroneCards  []Card      `json:"drone_cards"`
	Missions    []Mission   `json:"missions"`
	Feats       []Feat      `json:"feats"`
	Candy       []CandyKind `json:"candy"`
}

// withoutSummaries is a copy of f without the summaries: they only shorten
// texts for menus, so the fingerprint leaves them out and a table stored
// before a summary was written or reworded restores with the new files.
func (f cardsFile) withoutSummaries() cardsFile {
	f.Factions, f.Drones, f.Feats = slices.Clone(f.Factions), slices.Clone(f.Drones), slices.Clone(f.Feats)
	for i := range f.Factions {
		f.Factions[i].Leader.Summary = nil
	}
	for i := range f.Drones {
		f.Drones[i].Summary = nil
	}
	for i := range f.Feats {
		f.Feats[i].Summary = nil
	}
	return f
}

// The longest summaries, in characters per language: Discord's limit for
// a select option's description, and a leader's, which the faction's
// summary follows with the leader's name.
const (
	summaryMax       = 100
	leaderSummaryMax = 80
)

// checkSummary checks the summary of a text: at most limit characters per
// language, whole (no "…"); required where the text is longer than
// summaryMax, or always where need is set.
func checkSummary(where string, text games.Text, sum *games.Text, limit int, need bool) error {
	if sum == nil {
		if need || utf8.RuneCountInString(text.EN) > summaryMax || utf8.RuneCountInString(text.DE) > summaryMax {
			return invalid("%s: needs a summary of at most %d characters per language", where, limit)
		}
		return nil
	}
	if err := needText(where+" summary", *sum); err != nil {
		return err
	}
	for _, s := range []string{sum.EN, sum.DE} {
		if utf8.RuneCountInString(s) > limit || strings.Contains(s, "…") {
			return invalid("%s: summary %q is longer than %d characters or cut", where, s, limit)
		}
	}
	return nil
}

// Content is a validated set of the game's printed content: the cards,
// missions, feats and candy of data/cards.json and the districts and
// layouts of data/map.json. A game keeps the fingerprint of the content it
// was created with; see UseContent.
type Content struct {
	Factions []Faction
	Drones   []Drone
	Markets  []Market
	// Cards lists every card: the factions' cards in faction order, then
	// the market cards, then the drone cards. A card's index here is its
	// number in the state.
	Cards     []Card
	Missions  []Mission
	Feats     []Feat
	Candy     []CandyKind
	Districts []District
	Layouts   []Layout
	// Fingerprint identifies the content (hex of a SHA-256 of its
	// canonical JSON).
	Fingerprint string

	cardIdx     map[string]int
	featIdx     map[string]int
	missionIdx  map[string]int
	districtIdx map[string]int
	// candyKind[i] is the kind of candy marker i.
	candyKind []string
	// texts[i] is card i's full text.
	texts []games.Text
	// boards caches the boards built from the districts, by layout.
	boards sync.Map
}

// ErrInvalidData is wrapped by every validation error of LoadContent.
var ErrInvalidData = errors.New("invalid D.E.I. data")

func invalid(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrInvalidData, fmt.Sprintf(format, args...))
}

var (
	keyPattern    = regexp.MustCompile(`^[a-z][a-z0-9]{1,15}$`)
	cardIDPattern = regexp.MustCompile(`^[A-Z]{2}[0-9]{1,2}$`)
)

// The content counts the manual gives.
const (
	cardsPerFaction  = 8
	outpostCards     = 8  // per outpost market
	blackMarketCards = 12 // black market
	cardsPerDrone    = 3
	missionCount     = 12
	featsPerColour   = 6
	candyCount       = 16
	marketSlots      = 3
)

// LoadContent parses and validates the content of data/cards.json and
// data/map.json. Errors wrap ErrInvalidData and name the card, district or
// field at fault. The content is remembered for the life of the process
// under its fingerprint, so games created with it can be restored.
func LoadContent(cards, board []byte) (*Content, error) {
	var cf cardsFile
	if err := strictjson.Unmarshal(cards, &cf); err != nil {
		return nil, fmt.Errorf("%w: cards.json: %w", ErrInvalidData, err)
	}
	var mf mapFile
	if err := strictjson.Unmarshal(board, &mf); err != nil {
		return nil, fmt.Errorf("%w: map.json: %w", ErrInvalidData, err)
	}
	c := &Content{Factions: cf.Factions, Drones: cf.Drones, Markets: cf.Markets, Missions: cf.Missions,
		Feats: cf.Feats, Candy: cf.Candy, Districts: mf.Districts, Layouts: mf.Layouts,
		cardIdx: map[string]int{}, featIdx: map[string]int{}, missionIdx: map[string]int{}, districtIdx: map[string]int{}}
	for _, check := range []func() error{
		c.validateDrones,
		c.validateMarkets,
		func() error { return c.validateCards(cf.MarketCards, cf.DroneCards) },
		c.validateMissions,
		c.validateFeats,
		c.validateCandy,
		c.validateMap,
	} {
		if err := check(); err != nil {
			return nil, err
		}
	}
	for i := range c.Cards {
		c.texts = append(c.texts, c.describeCard(i))
	}
	canon, err := json.Marshal(struct {
		C cardsFile `json:"c"`
		M mapFile   `json:"m"`
	}{cf.withoutSummaries(), mf})
	if err != nil {
		return nil, fmt.Errorf("fingerprint content: %w", err)
	}
	sum := sha256.Sum256(canon)
	c.Fingerprint = hex.EncodeToString(sum[:8])
	return contents.Keep(c.Fingerprint, c), nil
}

func needText(where string, t games.Text) error {
	if t.EN == "" || t.DE == "" {
		return invalid("%s needs an English and a German text", where)
	}
	return nil
}

func (c *Content) validateDrones() error {
	if len(c.Drones) != len(droneKeys) {
		return invalid("drones: need %d drones, found %d", len(droneKeys), len(c.Drones))
	}
	for i, d := range c.Drones {
		if d.Key != droneKeys[i] {
			return invalid("drones: drone %d must be %q, not %q", i+1, droneKeys[i], d.Key)
		}
		if err := needText("drone "+d.Key+" name", d.Name); err != nil {
			return err
		}
		if err := needText("drone "+d.Key+" text", d.Text); err != nil {
			return err
		}
		if err := checkSummary("drone "+d.Key, d.Text, d.Summary, summaryMax, false); err != nil {
			return err
		}
	}
	return nil
}

func (c *Content) validateMarkets() error {
	if len(c.Markets) != 4 {
		return invalid("markets: need 4 markets (three outpost markets and the black market), found %d", len(c.Markets))
	}
	seenColour := map[string]bool{}
	for i, m := range c.Markets {
		where := fmt.Sprintf("market %q", m.Key)
		if err := needText(where+" name", m.Name); err != nil {
			return err
		}
		if i == 3 {
			if m.Key != BlackMarket || m.Colour != "" || len(m.Requires) != 0 || len(m.Surcharge) != marketSlots {
				return invalid("markets: the fourth market must be %q with no colour and %d surcharges", BlackMarket, marketSlots)
			}
			continue
		}
		if !keyPattern.MatchString(m.Key) || m.Key == BlackMarket {
			return invalid("%s: key must be 2-16 lower-case letters or digits, not %q", where, BlackMarket)
		}
		if !slices.Contains(colours, m.Colour) || seenColour[m.Colour] {
			return invalid("%s: colour must be one of red, blue, green, each used once", where)
		}
		seenColour[m.Colour] = true
		if len(m.Requires) != marketSlots || len(m.Surcharge) != 0 {
			return invalid("%s: needs %d requirements and no surcharge", where, marketSlots)
		}
		for _, r := range m.Requires {
			if r < 0 || r > 5 {
				return invalid("%s: a requirement must be 0-5 outposts, not %d", where, r)
			}
		}
	}
	for _, s := range c.Markets[3].Surcharge {
		if s < -2 || s > 3 {
			return invalid("market black: a surcharge must be -2 to 3 tech, not %d", s)
		}
	}
	return nil
}

func (c *Content) market(key string) (int, bool) {
	for i, m := range c.Markets {
		if m.Key == key {
			return i, true
		}
	}
	return -1, false
}

func (c *Content) addCard(card Card) error {
	where := fmt.Sprintf("card %q", card.ID)
	if !cardIDPattern.MatchString(card.ID) {
		return invalid("%s: id must be two capital letters and a number, like TA3", where)
	}
	if _, dup := c.cardIdx[card.ID]; dup {
		return invalid("%s: id used twice", where)
	}
	if err := needText(where+" name", card.Name); err != nil {
		return err
	}
	if card.Tech < 0 || card.Energy < 0 || card.Tech+card.Energy > 8 || card.VP < 0 || card.VP > 6 {
		return invalid("%s: costs must be 0-8 resources in all and VP 0-6", where)
	}
	if len(card.Actions) == 0 || len(card.Actions) > 4 {
		return invalid("%s: needs 1-4 actions, has %d", where, len(card.Actions))
	}
	for j, a := range card.Actions {
		if err := validateAction(card, a); err != nil {
			return invalid("%s action %d: %v", where, j+1, err)
		}
	}
	c.cardIdx[card.ID] = len(c.Cards)
	c.Cards = append(c.Cards, card)
	return nil
}

func validateAction(card Card, a Action) error {
	improved := map[string][]string{DoDeploy: {Red, Green}, DoMove: {Red, Blue}, DoCollect: {Blue, Green}}
	if a.Colour != "" && !slices.Contains(improved[a.Do], a.Colour) {
		return fmt.Errorf("%s has no %q improved form", a.Do, a.Colour)
	}
	if a.What != "" && (a.Do != DoBuild || !slices.Contains(buildingKinds, a.What)) {
		return fmt.Errorf("what %q needs a build action and one of camp, bridge, lift", a.What)
	}
	if (a.Drone != "" || a.Bonus != 0) != (a.Do == DoDrone) {
		return errors.New("drone and bonus belong to drone actions only")
	}
	if a.Do == DoDrone && (!slices.Contains(droneKeys, a.Drone) || a.Bonus < 0 || a.Bonus > 2) {
		return fmt.Errorf("drone %q must be a drone with a bonus of 0-2", a.Drone)
	}
	gain := a.Do == DoVP || a.Do == DoTech || a.Do == DoEnergy
	if gain != (a.N > 0) || a.N > 4 {
		return errors.New("vp, tech and energy need n from 1 to 4; other actions no n")
	}
	if a.PerOutpost != (a.PerColour != "") {
		return errors.New("per_outpost needs per_colour and the other way round")
	}
	if a.PerOutpost && (!slices.Contains([]string{DoDeploy, DoMove, DoCollect, DoBuild}, a.Do) ||
		!slices.Contains(append([]string{"any"}, colours...), a.PerColour)) {
		return errors.New("per_outpost repeats deploy, move, collect or build, per outposts of red, blue, green or any")
	}
	switch a.Do {
	case DoDeploy, DoMove, DoCollect, DoBuild, DoDrone, DoCopy, DoVP, DoTech, DoEnergy:
	default:
		return fmt.Errorf("unknown action %q", a.Do)
	}
	if card.Kind == KindFaction && (a.Colour != "" || a.PerOutpost || a.Do == DoCopy || gain) {
		return errors.New("faction cards have standard actions only")
	}
	return nil
}

// validateCards checks the factions' cards, the market cards and the drone
// cards, and adds them in that order.
func (c *Content) validateCards(marketCards, droneCards []Card) error {
	if len(c.Factions) != len(leaderKeys) {
		return invalid("factions: need %d factions, found %d", len(leaderKeys), len(c.Factions))
	}
	seenDrone := map[string]bool{}
	for i := range c.Factions {
		if err := c.validateFaction(i, seenDrone); err != nil {
			return err
		}
	}
	if err := c.validateMarketCards(marketCards); err != nil {
		return err
	}
	return c.validateDroneCards(droneCards)
}

// validateFaction checks faction i and adds its cards; seenDrone collects
// the factions' drones.
func (c *Content) validateFaction(i int, seenDrone map[string]bool) error {
	f := &c.Factions[i]
	where := fmt.Sprintf("faction %q", f.Key)
	if !keyPattern.MatchString(f.Key) {
		return invalid("%s: key must be 2-16 lower-case letters or digits", where)
	}
	if err := needText(where+" name", f.Name); err != nil {
		return err
	}
	if f.Leader.Key != leaderKeys[i] {
		return invalid("%s: leader must be %q (the leaders' powers come in the order corvo, abraham, aria, z13)", where, leaderKeys[i])
	}
	if err := needText(where+" leader name", f.Leader.Name); err != nil {
		return err
	}
	if err := needText(where+" leader text", f.Leader.Text); err != nil {
		return err
	}
	if err := checkSummary(where+" leader", f.Leader.Text, f.Leader.Summary, leaderSummaryMax, true); err != nil {
		return err
	}
	if !slices.Contains(droneKeys, f.Drone) || seenDrone[f.Drone] {
		return invalid("%s: drone must be one of the four drones, each faction another", where)
	}
	seenDrone[f.Drone] = true
	if len(f.Cards) != cardsPerFaction {
		return invalid("%s: needs %d cards, has %d", where, cardsPerFaction, len(f.Cards))
	}
	droneCards := 0
	for _, card := range f.Cards {
		card.Faction, card.Kind = f.Key, KindFaction
		if card.Market != "" || card.Tech != 0 || card.Energy != 0 || card.VP != 0 {
			return invalid("%s card %q: faction cards have no market, cost or VP", where, card.ID)
		}
		if card.Drone != "" {
			droneCards++
			if card.Drone != f.Drone {
				return invalid("%s card %q: shows drone %q, not the faction's %q", where, card.ID, card.Drone, f.Drone)
			}
		}
		for _, a := range card.Actions {
			if a.Do == DoDrone && a.Drone != card.Drone {
				return invalid("%s card %q: activates %q but shows %q", where, card.ID, a.Drone, card.Drone)
			}
		}
		if err := c.addCard(card); err != nil {
			return err
		}
	}
	if droneCards != 1 {
		return invalid("%s: exactly one card shows the faction's drone, found %d", where, droneCards)
	}
	return nil
}

// validateMarketCards checks the market cards and adds them.
func (c *Content) validateMarketCards(marketCards []Card) error {
	perMarket := map[string]int{}
	for _, card := range marketCards {
		card.Kind = KindMarket
		if _, ok := c.market(card.Market); !ok {
			return invalid("card %q: unknown market %q", card.ID, card.Market)
		}
		if card.Drone != "" {
			return invalid("card %q: market cards show no drone (drone cards are listed apart)", card.ID)
		}
		if card.Tech+card.Energy == 0 {
			return invalid("card %q: a market card costs at least one resource", card.ID)
		}
		perMarket[card.Market]++
		if err := c.addCard(card); err != nil {
			return err
		}
	}
	for i, m := range c.Markets {
		want := outpostCards
		if i == 3 {
			want = blackMarketCards
		}
		if perMarket[m.Key] != want {
			return invalid("market %q: needs %d cards, has %d", m.Key, want, perMarket[m.Key])
		}
	}
	return nil
}

// validateDroneCards checks the drone cards and adds them.
func (c *Content) validateDroneCards(droneCards []Card) error {
	perDrone := map[string]int{}
	for _, card := range droneCards {
		card.Kind = KindDrone
		if card.Market != "" || !slices.Contains(droneKeys, card.Drone) {
			return invalid("drone card %q: needs a drone and no market", card.ID)
		}
		if card.Tech+card.Energy == 0 {
			return invalid("drone card %q: costs at least one resource", card.ID)
		}
		if !slices.ContainsFunc(card.Actions, func(a Action) bool { return a.Do == DoDrone && a.Drone == card.Drone }) {
			return invalid("drone card %q: must activate its drone %q", card.ID, card.Drone)
		}
		perDrone[card.Drone]++
		if err := c.addCard(card); err != nil {
			return err
		}
	}
	for _, d := range droneKeys {
		if perDrone[d] != cardsPerDrone {
			return invalid("drone %q: needs %d drone cards, has %d", d, cardsPerDrone, perDrone[d])
		}
	}
	return nil
}

func (c *Content) validateMissions() error {
	if len(c.Missions) != missionCount {
		return invalid("missions: need %d, found %d", missionCount, len(c.Missions))
	}
	for i, m := range c.Missions {
		where := fmt.Sprintf("mission %q", m.ID)
		if !cardIDPattern.MatchString(m.ID) {
			return invalid("%s: id must be two capital letters and a number, like MI3", where)
		}
		if _, dup := c.missionIdx[m.ID]; dup {
			return invalid("%s: id used twice", where)
		}
		if _, dup := c.cardIdx[m.ID]; dup {
			return invalid("%s: id is also a card's", where)
		}
		c.missionIdx[m.ID] = i
		if err := needText(where+" name", m.Name); err != nil {
			return err
		}
		if !slices.Contains(missionCounts, m.Count) {
			return invalid("%s: unknown count %q", where, m.Count)
		}
		if (m.Count == CountColourCubes) != slices.Contains(colours, m.Colour) {
			return invalid("%s: colour_cubes needs a colour, other counts none", where)
		}
		for _, v := range []Value{m.OnTime, m.Late} {
			if v.VP < 1 || v.VP > 6 || v.Per < 1 || v.Per > 4 {
				return invalid("%s: values need vp 1-6 per 1-4 counted", where)
			}
		}
	}
	return nil
}

func (c *Content) validateFeats() error {
	if len(c.Feats) != len(featColour) {
		return invalid("feats: need %d, found %d", len(featColour), len(c.Feats))
	}
	perColour := map[string]int{}
	for i, f := range c.Feats {
		where := fmt.Sprintf("feat %q", f.Key)
		want, known := featColour[f.Key]
		if !known {
			return invalid("%s: unknown feat (the engine knows the manual's eighteen)", where)
		}
		if _, dup := c.featIdx[f.Key]; dup {
			return invalid("%s: listed twice", where)
		}
		if f.Colour != want {
			return invalid("%s: colour must be %s", where, want)
		}
		c.featIdx[f.Key] = i
		perColour[f.Colour]++
		if err := needText(where+" name", f.Name); err != nil {
			return err
		}
		if err := needText(where+" text", f.Text); err != nil {
			return err
		}
		if err := checkSummary(where, f.Text, f.Summary, summaryMax, false); err != nil {
			return err
		}
	}
	for _, col := range colours {
		if perColour[col] != featsPerColour {
			return invalid("feats: need %d %s feats, found %d", featsPerColour, col, perColour[col])
		}
	}
	return nil
}

func (c *Content) validateCandy() error {
	total := 0
	seen := map[string]bool{}
	for _, k := range c.Candy {
		if !slices.Contains(candyKinds, k.Kind) || seen[k.Kind] {
			return invalid("candy: unknown or repeated kind %q", k.Kind)
		}
		seen[k.Kind] = true
		if k.Count < 1 || k.Count > 4 {
			return invalid("candy %q: count must be 1-4", k.Kind)
		}
		if err := needText("candy "+k.Kind+" name", k.Name); err != nil {
			return err
		}
		for range k.Count {
			c.candyKind = append(c.candyKind, k.Kind)
		}
		total += k.Count
	}
	if total != candyCount {
		return invalid("candy: need %d markers, found %d", candyCount, total)
	}
	return nil
}

// faction returns the faction with key.
func (c *Content) faction(key string) *Faction {
	for i := range c.Factions {
		if c.Factions[i].Key == key {
			return &c.Factions[i]
		}
	}
	return nil
}

// factionCards returns the card indices of a faction's starting cards.
func (c *Content) factionCards(key string) []int {
	var out []int
	for i, card := range c.Cards {
		if card.Faction == key {
			out = append(out, i)
		}
	}
	return out
}

func (c *Content) drone(key string) *Drone {
	for i := range c.Drones {
		if c.Drones[i].Key == key {
			return &c.Drones[i]
		}
	}
	return nil
}

func (c *Content) candyName(kind string) games.Text {
	for _, k := range c.Candy {
		if k.Kind == kind {
			return k.Name
		}
	}
	return same(kind)
}

// contents holds the content loaded in this process and the one new games
// use.
var contents = intern.NewSets[*Content]("dei: content")

// UseContent makes c the content new games are created with. Games already
// running keep the content they were created with; Restore finds it by its
// fingerprint as long as it was loaded in this process.
func UseContent(c *Content) { contents.Use(c.Fingerprint, c) }

// DefaultContent returns the content new games use, or why there is none.
func DefaultContent() (*Content, error) { return contents.Active() }

// EmbeddedFile returns one of the shipped data files ("cards.json",
// "map.json"), for a group that replaces only the other one; nil if there
// is no such file.
func EmbeddedFile(name string) []byte {
	data, err := dataFS.ReadFile("data/" + name)
	if err != nil {
		return nil
	}
	return data
}

// EmbeddedContent loads the content shipped with the engine.
func EmbeddedContent() (*Content, error) {
	cards, err1 := dataFS.ReadFile("data/cards.json")
	board, err2 := dataFS.ReadFile("data/map.json")
	if err := errors.Join(err1, err2); err != nil {
		return nil, fmt.Errorf("dei: embedded data missing: %w", err)
	}
	return LoadContent(cards, board)
}

// loadTopics reads the rules topics of data/rules.json.
func loadTopics() ([]games.Topic, error) {
	data, err := dataFS.ReadFile("data/rules.json")
	if err != nil {
		return nil, fmt.Errorf("dei: rules topics: %w", err)
	}
	var topics []games.Topic
	if err := strictjson.Unmarshal(data, &topics); err != nil {
		return nil, fmt.Errorf("%w: rules.json: %w", ErrInvalidData, err)
	}
	for _, t := range topics {
		if t.Key == "" || t.Title.EN == "" || t.Title.DE == "" || t.Body.EN == "" || t.Body.DE == "" {
			return nil, invalid("rules.json: topic %q needs a key and English and German titles and bodies", t.Key)
		}
		if len([]rune(t.Body.EN)) > 1800 || len([]rune(t.Body.DE)) > 1800 {
			return nil, invalid("rules.json: topic %q is longer than 1800 characters", t.Key)
		}
	}
	return topics, nil
}
