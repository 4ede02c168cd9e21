package xibalba

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/rng"
)

// Phase is a phase of a XIBALBA game. Its value is stored in the state and
// shown in View.Phase; within the action phase, a turn's step tells more
// (see step).
type Phase string

// Phases of a XIBALBA game, as found in View.Phase.
const (
	PhaseFaction Phase = "faction" // players choose factions (option factions=choose)
	PhaseEffect  Phase = "effect"  // effect phase: forced effect-phase card effects
	PhasePool    Phase = "pool"    // dice phase: choose the dice pool
	PhaseDice    Phase = "dice"    // dice phase: forced dice-phase card effects
	PhaseRoll    Phase = "roll"    // dice phase: keep dice or re-roll
	PhaseAction  Phase = "action"  // action phase
	PhaseOver    Phase = "over"    // the game has ended
)

// Block policies a player may set in advance (notation "policy block=...").
const (
	PolicyAsk     = "ask"
	PolicyAlways  = "always"
	PolicyNever   = "never"
	PolicySurvive = "survive" // block only if the blocker survives
)

// die is one rolled die.
type die struct {
	Kind string `json:"k"`
	Face string `json:"f"`
}

// base is one player's board.
type base struct {
	Faction   string   `json:"faction"`
	Level     int      `json:"level"`
	Resources int      `json:"resources"`
	Paragon   int      `json:"paragon"`
	Warhost   []string `json:"warhost"` // bottom to top
	// Fields are the add-on piles, bottom to top.
	Fields [4][]string `json:"fields"`
	Policy string      `json:"policy"`
}

// pile is one deck with its discard pile and face-up slots.
type pile struct {
	Draw    []string `json:"draw"`    // top is last
	Discard []string `json:"discard"` // top is last
	FaceUp  []string `json:"face_up"` // "" is an empty slot
}

// arkState is the contested ark.
type arkState struct {
	Card  string     `json:"card"`  // "" when empty
	Owner games.Seat `json:"owner"` // -1 when empty or neutral
	Life  int        `json:"life"`
}

// pendingAttack is a base attack waiting for the defender's block decision.
type pendingAttack struct {
	Attacker games.Seat `json:"attacker"`
	Defender games.Seat `json:"defender"`
	Card     string     `json:"card"`
	Power    int        `json:"power"`
}

// turnState is what lasts for the current player's turn only.
type turnState struct {
	Pending  []string `json:"pending"` // cards with forced effects left
	Resource int      `json:"resource"`
	Attack   int      `json:"attack"`
	Rolled   []die    `json:"rolled"`
	Kept     []die    `json:"kept"` // the action pool
	// Numbers are, while the player may re-roll, the numbers the turn's
	// roll gave the dice of Rolled and then of Kept (see dieNumbers); nil
	// while they are 1, 2, 3, … in that order, as before any re-roll, and
	// in states saved before dice kept their numbers across a re-roll.
	Numbers     []int          `json:"numbers,omitempty"`
	Rerolls     int            `json:"rerolls"`
	RerollBonus int            `json:"reroll_bonus"`
	HasRolled   bool           `json:"has_rolled"`
	Used        []string       `json:"used"` // cards used this turn
	Upgraded    bool           `json:"upgraded"`
	Reorg       bool           `json:"reorg"`
	Block       *pendingAttack `json:"block"`
	Destroy     games.Seat     `json:"destroy"` // defender whose add-on to destroy, or -1
}

// dieNumbers returns the numbers of the dice of Rolled and of Kept (see
// Numbers). The slices are new or full, so that appending to them copies.
func (t *turnState) dieNumbers() (rolled, kept []int) {
	n := len(t.Rolled) + len(t.Kept)
	nos := t.Numbers
	if len(nos) != n {
		nos = make([]int, n)
		for i := range nos {
			nos[i] = i + 1
		}
	}
	r := len(t.Rolled)
	return nos[:r:r], nos[r:n:n]
}

// setNumbers records the numbers of the dice of Rolled and of Kept; nil
// when they are 1, 2, 3, … in that order.
func (t *turnState) setNumbers(rolled, kept []int) {
	nos := slices.Concat(rolled, kept)
	for i, no := range nos {
		if no != i+1 {
			t.Numbers = nos
			return
		}
	}
	t.Numbers = nil
}

// state is the whole game. It is encoded as JSON by MarshalState.
type state struct {
	Set        string     `json:"set"` // card set fingerprint
	Seats      int        `json:"seats"`
	Target     int        `json:"target"`
	Apocalypse bool       `json:"apocalypse"`
	RNG        rng.Source `json:"rng"`
	Phase      Phase      `json:"phase"`
	Round      int        `json:"round"`
	Current    games.Seat `json:"current"`
	Starter    games.Seat `json:"starter"`
	Bases      []base     `json:"bases"`
	Decks      [4]pile    `json:"decks"`
	Ark        arkState   `json:"ark"`
	Turn       turnState  `json:"turn"`
	Winner     games.Seat `json:"winner"`
	// Log holds the events of the last move, for views, without their
	// Seats (see logged).
	Log []games.Event `json:"log"`
}

// logged returns events as the state keeps them: without Seats, so that
// the state's encoding, and with it the hash of every recorded game, is
// the one it was before events named their seats. The seats reach the
// platform with the events Apply returns; views show the texts only.
func logged(events []games.Event) []games.Event {
	out := slices.Clone(events)
	for i := range out {
		out[i].Seats = nil
	}
	return out
}

func (s *state) clone() *state {
	c := *s
	c.Bases = make([]base, len(s.Bases))
	for i, b := range s.Bases {
		b.Warhost = slices.Clone(b.Warhost)
		for f := range b.Fields {
			b.Fields[f] = slices.Clone(b.Fields[f])
		}
		c.Bases[i] = b
	}
	for i, p := range s.Decks {
		c.Decks[i] = pile{Draw: slices.Clone(p.Draw), Discard: slices.Clone(p.Discard), FaceUp: slices.Clone(p.FaceUp)}
	}
	c.Turn.Pending = slices.Clone(s.Turn.Pending)
	c.Turn.Rolled = slices.Clone(s.Turn.Rolled)
	c.Turn.Kept = slices.Clone(s.Turn.Kept)
	c.Turn.Numbers = slices.Clone(s.Turn.Numbers)
	c.Turn.Used = slices.Clone(s.Turn.Used)
	if s.Turn.Block != nil {
		b := *s.Turn.Block
		c.Turn.Block = &b
	}
	c.Log = nil
	return &c
}

// MarshalState implements games.Game.
func (g *game) MarshalState() ([]byte, error) {
	data, err := json.Marshal(g.s)
	if err != nil {
		return nil, fmt.Errorf("xibalba: marshal state: %w", err)
	}
	return data, nil
}

func restore(data []byte) (games.Game, error) {
	var s state
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("xibalba: restore: %w", err)
	}
	cs, err := sets.Lookup(s.Set)
	if err != nil {
		return nil, fmt.Errorf("xibalba: restore: %w", err)
	}
	return &game{s: &s, cs: cs}, nil
}

func (g *game) card(id string) *Card { return g.cs.Card(id) }

func (g *game) over() bool { return g.s.Winner >= 0 }

func (g *game) faction(seat games.Seat) *Faction { return g.cs.factionBy[g.s.Bases[seat].Faction] }

func (g *game) nameOf(id string) games.Text {
	c := g.card(id)
	return msgs.Text("CardWithID", c.Name, id)
}

func deckIndex(deck string) int {
	for i, d := range deckNames {
		if d == deck {
			return i
		}
	}
	return -1
}

func top(p []string) string {
	if len(p) == 0 {
		return ""
	}
	return p[len(p)-1]
}

func pop(p *[]string) string {
	c := top(*p)
	if c != "" {
		*p = (*p)[:len(*p)-1]
	}
	return c
}

func remove(p *[]string, id string) bool {
	i := slices.Index(*p, id)
	if i < 0 {
		return false
	}
	*p = slices.Delete(*p, i, i+1)
	return true
}
