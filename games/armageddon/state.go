package armageddon

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/internal/strictjson"
	"github.com/playbychat/pbc/games/rng"
)

// phase is the step of a round the table is in.
type phase int

// The phases of a round, then the final choice and the end. Preparation,
// the bid tiles' automatic effects and the end of a round run inside moves.
const (
	phaseBid      phase = iota + 1 // open bids, one seat after the other
	phaseBidTiles                  // bonus and malus of the bid tiles
	phaseExplore                   // picks from the equipment display in bid order
	phaseBuild                     // picks from the building display in bid order
	phaseCity                      // each seat's city actions, from the start player
	phaseShelter                   // seats short of shelter release survivors, all at once
	phaseFinal                     // every seat chooses a private scoring tile, all at once
	phaseOver
)

var phaseNames = map[phase]string{
	phaseBid: "bid", phaseBidTiles: "bidtiles", phaseExplore: "explore", phaseBuild: "build",
	phaseCity: "city", phaseShelter: "shelter", phaseFinal: "final", phaseOver: "over",
}

func (p phase) String() string { return phaseNames[p] }

// The bid areas, in the order their tiles and results are resolved.
const (
	areaExplore = iota
	areaBuild
	areaCity
	areas
)

var areaKeys = [areas]string{"explore", "build", "city"}

// none marks an empty place (no card, no building, no choice).
const none = -1

// Pending decision kinds: a step inside another step that one seat must
// decide before the table goes on.
const (
	pendPlace      = "place"       // where to build the building card just taken
	pendDiscard    = "discard"     // box equipment cards (malus, tile)
	pendSwap       = "swap"        // the Swap tile
	pendKeep       = "keep"        // keep cards of those drawn
	pendSearchBox  = "search_box"  // box a card before searching the deck
	pendSearchTake = "search_take" // take any card of the deck
)

// bid is a seat's marker in a bid area with the survivors placed with it.
type bid struct {
	Seat      int   `json:"seat"`
	Survivors Crowd `json:"s"`
}

// area is a bid area: its tile and the bids from the topmost field down.
type area struct {
	Tile int   `json:"tile"` // bid tile index
	Bids []bid `json:"bids"`
}

// displayCard is an equipment card of the display with its survivors.
type displayCard struct {
	Card      int   `json:"card"` // equipment card id, none once taken
	Survivors Crowd `json:"s"`
}

// displayBuilding is a building card of the display with its tile.
type displayBuilding struct {
	Card int `json:"card"` // building index, none once taken
	Tile int `json:"tile"` // building tile id, none if the stack ran out
}

// handCard is an equipment card in a hand.
type handCard struct {
	Card int `json:"card"`
	// Known marks a card taken from the display: everyone saw it.
	Known bool `json:"known,omitempty"`
}

// player is one seat's pieces.
type player struct {
	Reserve Crowd `json:"reserve"` // behind the screen
	// Aside counts the leaders set aside beside the damage track.
	Aside int `json:"aside,omitempty"`
	Score int `json:"score"`
	// Arrival orders markers on the same score field: the highest lies on
	// top.
	Arrival   int        `json:"arrival"`
	Plunderer int        `json:"plunderer"` // field of the plunderer track, 1..
	Damage    int        `json:"damage"`    // field of the damage track, 1..
	Hand      []handCard `json:"hand"`
	Private   []int      `json:"private"` // private scoring tile indices
	Chosen    int        `json:"chosen"`  // the private tile chosen at the end, none before
	// City holds the building index on each space, none when empty; the
	// last space stays empty until the Extension is built.
	City      [citySpaces]int `json:"city"`
	Extension bool            `json:"ext,omitempty"`
	// House is the extra shelter of House tiles until the next round;
	// HouseTiles are those tiles.
	House      int   `json:"house,omitempty"`
	HouseTiles []int `json:"houseTiles,omitempty"`
	// Used are the city survivors placed on cards this round; the free
	// ones are the city bid's survivors minus these.
	Used Crowd `json:"used"`
	// Uses counts this round's activations per space and action.
	Uses [citySpaces][2]int `json:"uses"`
	// Fought counts the plunderers fought this round by fight actions.
	Fought int `json:"fought,omitempty"`
	// Short is the number of survivors still to release for want of
	// shelter; Released those released, whose points are lost when every
	// seat has answered.
	Short    int `json:"short,omitempty"`
	Released int `json:"released,omitempty"`
}

// pending is a decision one seat must take before the table goes on.
type pending struct {
	Kind string `json:"kind"`
	Seat int    `json:"seat"`
	// Card and Tile are the building card and tile taken (place).
	Card int `json:"card"`
	Tile int `json:"tile"`
	// Cards are the cards drawn to choose from (keep).
	Cards []int `json:"cards,omitempty"`
	// Count is how many cards are still to box (discard) or keep (keep).
	Count int `json:"count,omitempty"`
}

// state is the full game state; MarshalState encodes all of it.
type state struct {
	Seats int        `json:"seats"`
	Open  bool       `json:"open,omitempty"` // screens=open
	RNG   rng.Source `json:"rng"`
	Phase phase      `json:"phase"`
	Round int        `json:"round"`
	// Step is the position within the phase: bids placed (bid), the next
	// tile effect (bidtiles), the index into Order (explore, build, city).
	Step  int   `json:"step"`
	Start int   `json:"start"` // start player of the round
	Order []int `json:"order"` // seats in pick order (explore, build) or city order
	Clock int   `json:"clock"` // last score arrival number
	// Players is indexed by seat.
	Players []player     `json:"players"`
	Areas   [areas]area  `json:"areas"`
	Bag     Crowd        `json:"bag"`
	Box     Crowd        `json:"box"` // survivors out of the game
	Pending *pending     `json:"pending,omitempty"`
	Final   []finalScore `json:"final,omitempty"`

	EquipDeck    []int             `json:"equipDeck"` // top is last
	Display      []displayCard     `json:"display"`
	EquipBox     []int             `json:"equipBox"`
	BuildDecks   [2][]int          `json:"buildDecks"` // levels 1 and 2, top is last
	BuildDisplay []displayBuilding `json:"buildDisplay"`
	BuildBox     []int             `json:"buildBox"`
	TileStack    []int             `json:"tileStack"`
	TileBox      []int             `json:"tileBox"`
	BidStack     []int             `json:"bidStack"`
	BidBox       []int             `json:"bidBox"`
	// Public are the two public scoring tiles (intermediate, final);
	// ScoringBox the tiles out of the game.
	Public     []int `json:"public"`
	ScoringBox []int `json:"scoringBox"`
}

// finalScore is a seat's final scoring, step by step.
type finalScore struct {
	Public    int `json:"public"`
	Private   int `json:"private"`
	Equipment int `json:"equipment"`
	Damage    int `json:"damage"`
	Plunderer int `json:"plunderer"`
	Total     int `json:"total"`
}

func (s *state) clone() *state {
	c := *s
	c.Order = slices.Clone(s.Order)
	c.Players = make([]player, len(s.Players))
	for i, p := range s.Players {
		p.Hand = slices.Clone(p.Hand)
		p.Private = slices.Clone(p.Private)
		p.HouseTiles = slices.Clone(p.HouseTiles)
		c.Players[i] = p
	}
	for a := range s.Areas {
		c.Areas[a].Bids = slices.Clone(s.Areas[a].Bids)
	}
	if s.Pending != nil {
		p := *s.Pending
		p.Cards = slices.Clone(p.Cards)
		c.Pending = &p
	}
	c.Final = slices.Clone(s.Final)
	c.EquipDeck = slices.Clone(s.EquipDeck)
	c.Display = slices.Clone(s.Display)
	c.EquipBox = slices.Clone(s.EquipBox)
	for l := range s.BuildDecks {
		c.BuildDecks[l] = slices.Clone(s.BuildDecks[l])
	}
	c.BuildDisplay = slices.Clone(s.BuildDisplay)
	c.BuildBox = slices.Clone(s.BuildBox)
	c.TileStack = slices.Clone(s.TileStack)
	c.TileBox = slices.Clone(s.TileBox)
	c.BidStack = slices.Clone(s.BidStack)
	c.BidBox = slices.Clone(s.BidBox)
	c.Public = slices.Clone(s.Public)
	c.ScoringBox = slices.Clone(s.ScoringBox)
	return &c
}

// persisted is the encoding of a game: the fingerprint of its card set
// and its state. States saved before the registry carry the whole set
// instead (CardSet); restoring one loads the set into the registry.
type persisted struct {
	Set     string          `json:"set,omitempty"`
	CardSet json.RawMessage `json:"cardset,omitempty"`
	State   *state          `json:"state"`
}

func marshal(cs *CardSet, s *state) ([]byte, error) {
	data, err := json.Marshal(persisted{Set: cs.fingerprint, State: s})
	if err != nil {
		return nil, fmt.Errorf("armageddon: encode state: %w", err)
	}
	return data, nil
}

func restore(data []byte) (games.Game, error) {
	var p persisted
	if err := strictjson.Unmarshal(data, &p); err != nil {
		return nil, fmt.Errorf("armageddon: decode state: %w", err)
	}
	if p.State == nil || len(p.State.Players) != p.State.Seats {
		return nil, fmt.Errorf("armageddon: decode state: no state or wrong number of players")
	}
	var cs *CardSet
	var err error
	if p.CardSet != nil {
		cs, err = LoadCardSet(p.CardSet)
	} else {
		cs, err = sets.Lookup(p.Set)
	}
	if err != nil {
		return nil, fmt.Errorf("armageddon: restore: %w", err)
	}
	g := &Game{cs: cs, s: p.State}
	if err := g.CheckInvariants(); err != nil {
		return nil, fmt.Errorf("armageddon: restore: %w", err)
	}
	return g, nil
}

// survivors is everything a seat owns outside the city: behind the
// screen, set aside and in bids.
func (s *state) survivors(seat int) Crowd {
	p := s.Players[seat]
	c := p.Reserve
	c[purple] += p.Aside
	for _, a := range s.Areas {
		for _, b := range a.Bids {
			if b.Seat == seat {
				c = c.Add(b.Survivors)
			}
		}
	}
	return c
}

// bidOf returns seat's bid in area and its position, or false.
func (s *state) bidOf(seat, a int) (*bid, int, bool) {
	for i := range s.Areas[a].Bids {
		if s.Areas[a].Bids[i].Seat == seat {
			return &s.Areas[a].Bids[i], i, true
		}
	}
	return nil, 0, false
}

// free is what seat's city survivors still have available this round.
func (s *state) free(seat int) Crowd {
	b, _, ok := s.bidOf(seat, areaCity)
	if !ok {
		return Crowd{}
	}
	return b.Survivors.Sub(s.Players[seat].Used)
}
