package xenoshyft

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/internal/intern"
	"github.com/playbychat/pbc/games/internal/strictjson"
	"github.com/playbychat/pbc/games/rng"
)

// Phase is the step of a round the table is in. It is encoded by its key
// ("supply"), so that the state JSON reads as before the enum.
type Phase uint8

// The phases of a round (plus the division choice before the first round
// and the end of the game).
const (
	PhaseDivision Phase = iota + 1 // every seat chooses a division, all at once
	PhaseSupply                    // purchases, all at once
	PhaseDeploy                    // troops and equipment, all at once
	PhaseCombat                    // the lanes fight in turn, with reaction windows
	PhaseCollect                   // discarding and rearranging, all at once
	PhaseOver                      // the game has ended
)

var phaseKeys = map[Phase]string{
	PhaseDivision: "division", PhaseSupply: "supply", PhaseDeploy: "deploy",
	PhaseCombat: "combat", PhaseCollect: "collect", PhaseOver: "over",
}

// String returns the phase's key, as the state JSON and decision keys
// write it.
func (p Phase) String() string { return phaseKeys[p] }

// MarshalText encodes the phase by its key.
func (p Phase) MarshalText() ([]byte, error) {
	k, ok := phaseKeys[p]
	if !ok {
		return nil, fmt.Errorf("xenoshyft: no phase %d", p)
	}
	return []byte(k), nil
}

// UnmarshalText reads a phase key.
func (p *Phase) UnmarshalText(b []byte) error {
	for ph, k := range phaseKeys {
		if k == string(b) {
			*p = ph
			return nil
		}
	}
	return fmt.Errorf("xenoshyft: unknown phase %q", b)
}

// Card kinds.
const (
	kindResource = "resource"
	kindTroop    = "troop"
	kindEnemy    = "enemy"
	kindItem     = "item"
)

const (
	rounds      = 9
	handSize    = 6
	laneZones   = 4
	hpPerPlayer = 15
	noCard      = -1
)

// card is one physical card: its kind and type key.
type card struct {
	Kind string `json:"k"`
	Key  string `json:"t"`
}

// troop is a troop card in a troop zone.
type troop struct {
	ID     int  `json:"id"`
	Damage int  `json:"dmg,omitempty"`
	Weapon int  `json:"wpn"`
	Armour int  `json:"arm"`
	Shield int  `json:"shield,omitempty"`
	Boost  int  `json:"boost,omitempty"`
	Used   bool `json:"used,omitempty"`
	// Fresh, WeaponFresh and ArmourFresh hold 1 + the seat that placed the
	// card during this deployment phase (0: not fresh), for recall.
	Fresh       int `json:"fresh,omitempty"`
	WeaponFresh int `json:"wfresh,omitempty"`
	ArmourFresh int `json:"afresh,omitempty"`
	// HitBy is the enemy card that last damaged the troop, for "when this
	// enemy kills a troop".
	HitBy int `json:"hit"`
}

// enemy is an enemy card in an enemy zone.
type enemy struct {
	ID     int  `json:"id"`
	Damage int  `json:"dmg,omitempty"`
	Up     bool `json:"up,omitempty"`
	Boost  int  `json:"boost,omitempty"`
	// HitBy is the troop card whose attack last damaged the enemy.
	HitBy int `json:"hit"`
}

// lane is one player's row.
type lane struct {
	Troops  []troop `json:"troops"`
	Enemies []enemy `json:"enemies"`
	State   string  `json:"state"`
}

// player is one seat's cards and standing choices.
type player struct {
	Division string `json:"division"`
	Deck     []int  `json:"deck"`
	Hand     []int  `json:"hand"`
	Discard  []int  `json:"discard"`
	Shown    []int  `json:"shown,omitempty"`
	Ready    bool   `json:"ready,omitempty"`
	Passed   bool   `json:"passed,omitempty"`
	Autopass bool   `json:"autopass,omitempty"`
	Spent    int    `json:"spent,omitempty"`
	Bought   []int  `json:"bought,omitempty"`
	DivUsed  bool   `json:"divused,omitempty"`
}

// pile is an encounter deck with its discard pile.
type pile struct {
	Deck    []int `json:"deck"`
	Discard []int `json:"discard"`
}

// combat tracks the combat phase.
type combat struct {
	Order []int `json:"order"` // lanes in combat order
	Index int   `json:"index"` // position in Order
	// ReactedTo is the front enemy for whose fight the reaction step is
	// over; noCard when the next fight still needs its reaction step.
	ReactedTo int `json:"reacted"`
	// Window is set while a reaction window waits for players; WindowFor
	// is the front enemy it was opened for.
	Window    bool `json:"window,omitempty"`
	WindowFor int  `json:"windowfor"`
	// Opened counts the reaction windows opened in this combat phase: it
	// names the open window in its Decision key, which stays the same
	// while the window is open whatever happens to the troops.
	Opened int `json:"opened,omitempty"`
}

// state is the full game state. Everything in it is encoded by
// MarshalState.
type state struct {
	Seats      int           `json:"seats"`
	Set        string        `json:"set"` // card set fingerprint
	Options    games.Options `json:"options"`
	RNG        rng.Source    `json:"rng"`
	Cards      []card        `json:"cards"`
	Phase      Phase         `json:"phase"`
	Round      int           `json:"round"`
	BaseHP     int           `json:"base"`
	BaseMax    int           `json:"basemax"`
	FirstLane  int           `json:"first"`
	Players    []player      `json:"players"`
	Lanes      []lane        `json:"lanes"`
	TroopPiles [][]int       `json:"troopPiles"` // by troop type index
	ItemPiles  [][]int       `json:"itemPiles"`  // by item type index
	Slots      []int         `json:"slots"`      // item type index per board slot, -1 empty
	Selection  []int         `json:"selection"`  // item selection cards left, item type indices
	ResPiles   [][]int       `json:"resPiles"`   // by resource type index
	Encounter  []pile        `json:"encounter"`  // waves 1..3 at index 0..2
	Box        []int         `json:"box"`
	Combat     combat        `json:"combat"`
	Result     string        `json:"result,omitempty"` // "won" or "lost"
	// Pending is set while a player orders simultaneous reveal effects.
	Pending *pending `json:"pending,omitempty"`
}

// pending holds the enemies whose reveal effects wait for an order, and
// what remains of the card that revealed them.
type pending struct {
	Seat    games.Seat `json:"seat"`
	Enemies []int      `json:"enemies"`
	Src     source     `json:"src"`
	Rest    []Effect   `json:"rest,omitempty"`
}

// legacySets are the card sets carried inline by states saved before the
// registry, one copy per set.
var legacySets intern.Loaded[*CardSet]

// persisted is the encoding of a game: the state, which names its card set
// by fingerprint. States saved before the registry carry the set inline in
// CardSet; restoring one registers that set.
type persisted struct {
	CardSet json.RawMessage `json:"cardset,omitempty"`
	State   *state          `json:"state"`
}

func (s *state) wave() int { return waveOf(s.Round) }

func waveOf(round int) int {
	if round < 1 {
		return 1
	}
	w := (round-1)/3 + 1
	return min(w, 3)
}

func (s *state) clone() *state {
	c := *s
	c.Options = games.Options{}
	for k, v := range s.Options {
		c.Options[k] = v
	}
	c.Cards = s.Cards // immutable after setup
	c.Players = make([]player, len(s.Players))
	for i, p := range s.Players {
		p.Deck = slices.Clone(p.Deck)
		p.Hand = slices.Clone(p.Hand)
		p.Discard = slices.Clone(p.Discard)
		p.Shown = slices.Clone(p.Shown)
		p.Bought = slices.Clone(p.Bought)
		c.Players[i] = p
	}
	c.Lanes = make([]lane, len(s.Lanes))
	for i, l := range s.Lanes {
		l.Troops = slices.Clone(l.Troops)
		l.Enemies = slices.Clone(l.Enemies)
		c.Lanes[i] = l
	}
	c.TroopPiles = clonePiles(s.TroopPiles)
	c.ItemPiles = clonePiles(s.ItemPiles)
	c.ResPiles = clonePiles(s.ResPiles)
	c.Slots = slices.Clone(s.Slots)
	c.Selection = slices.Clone(s.Selection)
	c.Encounter = make([]pile, len(s.Encounter))
	for i, p := range s.Encounter {
		c.Encounter[i] = pile{Deck: slices.Clone(p.Deck), Discard: slices.Clone(p.Discard)}
	}
	c.Box = slices.Clone(s.Box)
	c.Combat.Order = slices.Clone(s.Combat.Order)
	if s.Pending != nil {
		p := *s.Pending
		p.Enemies = slices.Clone(p.Enemies)
		p.Rest = slices.Clone(p.Rest)
		c.Pending = &p
	}
	return &c
}

func clonePiles(p [][]int) [][]int {
	out := make([][]int, len(p))
	for i, x := range p {
		out[i] = slices.Clone(x)
	}
	return out
}

// MarshalState implements games.Game.
func (g *Game) MarshalState() ([]byte, error) {
	data, err := json.Marshal(persisted{State: g.s})
	if err != nil {
		return nil, fmt.Errorf("xenoshyft: encode state: %w", err)
	}
	return data, nil
}

// restore decodes MarshalState output, or a state saved with its card set
// inline.
func restore(data []byte) (games.Game, error) {
	var p persisted
	if err := strictjson.Unmarshal(data, &p); err != nil {
		return nil, fmt.Errorf("xenoshyft: decode state: %w", err)
	}
	if p.State == nil {
		return nil, fmt.Errorf("xenoshyft: decode state: no state")
	}
	cs, err := p.cardSet()
	if err != nil {
		return nil, fmt.Errorf("xenoshyft: restore: %w", err)
	}
	g := &Game{cs: cs, s: p.State}
	if err := g.CheckInvariants(); err != nil {
		return nil, fmt.Errorf("xenoshyft: restore: %w", err)
	}
	return g, nil
}

// cardSet finds the card set of a decoded state: the one registered under
// its fingerprint, or the one it carries inline, loaded and registered.
func (p *persisted) cardSet() (*CardSet, error) {
	if len(p.CardSet) == 0 {
		return sets.Lookup(p.State.Set)
	}
	cs, err := legacySets.Load(p.CardSet, LoadCardSet)
	if err != nil {
		return nil, err
	}
	p.State.Set = cs.Fingerprint
	return cs, nil
}

func remove(ids []int, id int) []int {
	i := slices.Index(ids, id)
	if i < 0 {
		return ids
	}
	return slices.Delete(ids, i, i+1)
}
