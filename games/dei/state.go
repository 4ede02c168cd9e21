package dei

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/internal/strictjson"
	"github.com/playbychat/pbc/games/rng"
)

// stage is the phase of the game; its value is stored in the state.
type stage string

// The stages of a game.
const (
	stageFaction  stage = "faction"  // players choose factions in turn
	stagePlace    stage = "place"    // players place their first figures in turn
	stageDraft    stage = "draft"    // option 2: feats are drafted
	stagePlan     stage = "plan"     // option 3: everyone plans two cards at once
	stageAct      stage = "act"      // an action phase, one player's turn at a time
	stageMissions stage = "missions" // option 4: missions after everyone's third phase
	stageOver     stage = "over"
)

// name is the stage's name for a player.
func (st stage) name() games.Text {
	switch st {
	case stageFaction:
		return msgs.Text("StageFaction")
	case stagePlace:
		return msgs.Text("StagePlace")
	case stageDraft:
		return msgs.Text("StageDraft")
	case stagePlan:
		return msgs.Text("StagePlan")
	case stageAct:
		return msgs.Text("StageAct")
	case stageMissions:
		return msgs.Text("StageMissions")
	}
	return msgs.Text("StageOver")
}

// Supplies and counts from the manual.
const (
	techSupply       = 60
	energySupply     = 40
	scrappersPerSeat = 15
	startTech        = 1 // on each pad at the start
	startEnergy      = 1
	buildingsPerKind = 3
	markersPerSeat   = 4
	rounds           = 4
	phases           = 3
	cardsPerPhase    = 2
	noSeat           = -1
	none             = -1
)

// areaState is what lies in an area.
type areaState struct {
	// Figs holds the scrappers of each seat (leaders are kept apart).
	Figs   []int `json:"f"`
	Tech   int   `json:"t,omitempty"`
	Energy int   `json:"e,omitempty"`
}

// outpost is an outpost on the map; Owner is the seat whose pad holds its
// cube, or noSeat while the cube lies on the tile.
type outpost struct {
	Area   int    `json:"area"`
	Colour string `json:"colour"`
	Owner  int    `json:"owner"`
}

// drone is a drone on the map.
type drone struct {
	Key  string `json:"key"`
	Area int    `json:"area"`
}

// market is a market board: its face-down deck and the face-up slots,
// leftmost first (none for an empty slot).
type market struct {
	Deck  []int `json:"deck"`
	Slots []int `json:"slots"`
}

// lift is a lift built by a player.
type lift struct {
	Ground int `json:"g"`
	Roof   int `json:"r"`
}

// padCard is a card on a player's pad this round.
type padCard struct {
	Card int  `json:"card"`
	Down bool `json:"down,omitempty"`
	// Candy is the candy marker laid on the card, or none.
	Candy int `json:"candy"`
}

// player is one seat's faction, figures, pad and supplies.
type player struct {
	Faction string `json:"faction,omitempty"`
	// Leader is the leader's area, none before the figures are placed.
	Leader int `json:"leader"`
	// Supply is the scrappers not on the map.
	Supply   int          `json:"supply"`
	Hand     []int        `json:"hand"`
	Pad      [][]padCard  `json:"pad"` // per action phase of the round
	Recycled []int        `json:"recycled"`
	Tech     int          `json:"tech"`
	Energy   int          `json:"energy"`
	VP       int          `json:"vp"`
	Candy    []int        `json:"candy"`
	Feats    []int        `json:"feats"`  // feat indices, one per colour once dealt
	Earned   []bool       `json:"earned"` // parallel to Feats
	Marks    []int        `json:"marks"`  // mission slots (column*2+row) holding a marker
	Camps    []int        `json:"camps"`
	Lifts    []lift       `json:"lifts"`
	Bridges  []int        `json:"bridges"` // bridge spots
	Plan     []int        `json:"plan,omitempty"`
	Scored   bool         `json:"scored,omitempty"` // the provisional final scoring is done
	Final    *finalScores `json:"final,omitempty"`
}

// finalScores records a player's final scoring for the view.
type finalScores struct {
	Outposts int `json:"outposts"`
	Feats    int `json:"feats"`
	Tech     int `json:"tech"`
	Energy   int `json:"energy"`
	Cards    int `json:"cards"`
}

// action is an action waiting on the open card.
type action struct {
	Action
	// Sprint marks the extra move the Sprinter feat gives; it gives no
	// further one.
	Sprint bool `json:"sprint,omitempty"`
}

// task is a drone activation in progress: its flight, then its power.
type task struct {
	Drone  int  `json:"drone"` // index in state.Drones
	Steps  int  `json:"steps"` // flight steps left
	Landed bool `json:"landed,omitempty"`
	// Done counts what the power did: kills, resources, scrappers.
	Done int `json:"done,omitempty"`
	// Hit lists the seats the Hunter struck.
	Hit []int `json:"hit,omitempty"`
	// Roof is set once the Teleporter sent a scrapper to a roof.
	Roof bool `json:"roof,omitempty"`
}

// turn is the state of the acting player's action phase.
type turn struct {
	// Open is the position on this phase's pad of the card whose actions
	// are being taken, none if no card is open.
	Open    int      `json:"open"`
	Actions []action `json:"actions"`
	Task    *task    `json:"task,omitempty"`
	// Buying is set after a card went face down: a purchase must follow.
	Buying bool `json:"buying,omitempty"`
	// Prefix is where an old record's menu steps (see Game.OldStep) left
	// the menu; kept in the state so that such records replay to the same
	// hashes, read by nothing.
	Prefix  string `json:"prefix,omitempty"`
	Parcel  bool   `json:"parcel,omitempty"`  // the Parcel bot was used this phase
	Alt     bool   `json:"alt,omitempty"`     // Alternative energy was used this phase
	Abraham bool   `json:"abraham,omitempty"` // Abraham's free collect was taken
	// Closing is set once the player ended the phase and must choose a
	// mission.
	Closing bool `json:"closing,omitempty"`
}

// draft is the feat draft of option 2.
type draft struct {
	Colour string   `json:"colour,omitempty"` // the stack being drafted; empty before its first pick
	Stack  []int    `json:"stack"`
	Order  []int    `json:"order"` // seats in drafting order
	Pick   int      `json:"pick"`  // position in Order
	Done   []string `json:"done"`  // colours drafted
}

// state is the full game state. Everything in it is encoded by
// MarshalState; the board is rebuilt from the content and the layout.
type state struct {
	Content string        `json:"content"`
	Seats   int           `json:"seats"`
	Options games.Options `json:"options"`
	RNG     rng.Source    `json:"rng"`
	Rows    int           `json:"rows"`
	Cols    int           `json:"cols"`
	Tiles   []Placed      `json:"tiles"`
	Stage   stage         `json:"stage"`
	Round   int           `json:"round"`
	Phase   int           `json:"phase"`
	Start   int           `json:"start"`
	// Order is the seats in turn order for the current stage; Turn is the
	// position of the seat acting.
	Order    []int       `json:"order"`
	Turn     int         `json:"turn"`
	Areas    []areaState `json:"areas"`
	Outposts []outpost   `json:"outposts"`
	Drones   []drone     `json:"drones"`
	// SharedBridges holds the bridge spot of each shared bridge on the
	// map.
	SharedBridges []int    `json:"shared"`
	Markets       []market `json:"markets"`
	// Missions holds the mission in each slot (column*2+row), none if
	// empty.
	Missions []int `json:"missions"`
	// CandySupply holds the candy markers face down in the supply.
	CandySupply []int    `json:"candy"`
	Players     []player `json:"players"`
	Cur         *turn    `json:"cur,omitempty"`
	Draft       *draft   `json:"draft,omitempty"`
	// FeatBox holds the feats not dealt; Box the cards out of the game
	// (drone cards of absent drones).
	FeatBox []int `json:"featbox"`
	Box     []int `json:"box"`
	// TechSupply and EnergySupply are the resources in the general supply.
	TechSupply   int `json:"techsupply"`
	EnergySupply int `json:"energysupply"`
}

func (s *state) clone() *state {
	c := *s
	c.Options = games.Options{}
	for k, v := range s.Options {
		c.Options[k] = v
	}
	c.Tiles = s.Tiles // never changes after setup
	c.Order = slices.Clone(s.Order)
	c.Areas = make([]areaState, len(s.Areas))
	for i, a := range s.Areas {
		a.Figs = slices.Clone(a.Figs)
		c.Areas[i] = a
	}
	c.Outposts = slices.Clone(s.Outposts)
	c.Drones = slices.Clone(s.Drones)
	c.SharedBridges = slices.Clone(s.SharedBridges)
	c.Markets = make([]market, len(s.Markets))
	for i, m := range s.Markets {
		c.Markets[i] = market{Deck: slices.Clone(m.Deck), Slots: slices.Clone(m.Slots)}
	}
	c.Missions = slices.Clone(s.Missions)
	c.CandySupply = slices.Clone(s.CandySupply)
	c.Players = make([]player, len(s.Players))
	for i, p := range s.Players {
		p.Hand = slices.Clone(p.Hand)
		p.Pad = make([][]padCard, len(s.Players[i].Pad))
		for j, ph := range s.Players[i].Pad {
			p.Pad[j] = slices.Clone(ph)
		}
		p.Recycled = slices.Clone(p.Recycled)
		p.Candy = slices.Clone(p.Candy)
		p.Feats = slices.Clone(p.Feats)
		p.Earned = slices.Clone(p.Earned)
		p.Marks = slices.Clone(p.Marks)
		p.Camps = slices.Clone(p.Camps)
		p.Lifts = slices.Clone(p.Lifts)
		p.Bridges = slices.Clone(p.Bridges)
		p.Plan = slices.Clone(p.Plan)
		if p.Final != nil {
			f := *p.Final
			p.Final = &f
		}
		c.Players[i] = p
	}
	if s.Cur != nil {
		t := *s.Cur
		t.Actions = slices.Clone(t.Actions)
		if t.Task != nil {
			k := *t.Task
			k.Hit = slices.Clone(k.Hit)
			t.Task = &k
		}
		c.Cur = &t
	}
	if s.Draft != nil {
		d := *s.Draft
		d.Stack = slices.Clone(d.Stack)
		d.Order = slices.Clone(d.Order)
		d.Done = slices.Clone(d.Done)
		c.Draft = &d
	}
	c.FeatBox = slices.Clone(s.FeatBox)
	c.Box = slices.Clone(s.Box)
	return &c
}

// acting returns the seat whose turn it is in a turn-based stage, or noSeat.
func (s *state) acting() int {
	switch s.Stage {
	case stageFaction, stagePlace, stageAct, stageMissions:
		if s.Turn < len(s.Order) {
			return s.Order[s.Turn]
		}
	case stageDraft:
		if s.Draft != nil && s.Draft.Pick < len(s.Draft.Order) {
			return s.Draft.Order[s.Draft.Pick]
		}
	}
	return noSeat
}

// MarshalState implements games.Game.
func (g *Game) MarshalState() ([]byte, error) {
	data, err := json.Marshal(g.s)
	if err != nil {
		return nil, fmt.Errorf("dei: encode state: %w", err)
	}
	return data, nil
}

// restore decodes MarshalState output.
func restore(data []byte) (games.Game, error) {
	var s state
	if err := strictjson.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("dei: decode state: %w", err)
	}
	c, err := contents.Lookup(s.Content)
	if err != nil {
		return nil, fmt.Errorf("dei: restore: %w", err)
	}
	b, err := c.NewBoard(s.Rows, s.Cols, s.Tiles)
	if err != nil {
		return nil, fmt.Errorf("dei: restore board: %w", err)
	}
	g := c.game(b, &s)
	if err := g.CheckInvariants(); err != nil {
		return nil, fmt.Errorf("dei: restore: %w", err)
	}
	return g, nil
}
