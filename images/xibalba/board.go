package xibalba

import "github.com/playbychat/pbc/images"

// board is everything the picture shows, already in the viewer's language
// and with seat names filled in. It is built from a view by fromView and
// keeps the drawing code independent of the engine's types.
type board struct {
	Round      int
	Target     int  // paragon needed to win
	Apocalypse bool // red-side boards: one card per deck, ark life capped at 10
	// MarketTall gives the market the room for every face-up card's effect,
	// while the player to act chooses dice or acts (what to buy).
	MarketTall bool
	ToAct      int // seat whose turn it is; -1 when the game is over
	Winner     int // the winning seat, or -1
	Viewer     int // the seat the view was made for, or -1
	Phase      string
	Status     string // one line under the title: result, or who must decide
	Names      []string
	Ark        ark
	Bases      []base
	Decks      []deck
	Dice       dice
	Block      *block
	Pending    []string  // cards whose forced effects the player must resolve, as "c12 Name"
	Factions   []faction // factions still free to choose (faction phase)
	// Reorg lists the re-organizing player's piles, one a line with every
	// card id top first ("f2: c07 c03"); empty unless re-organizing.
	Reorg []string
}

// faction is a faction still free to choose: its id as typed in
// "faction rebels" and its name.
type faction struct{ ID, Name string }

type ark struct {
	Occupant   *soldier
	Controller int // seat, or -1 for the neutral start soldier / an empty ark
	Life, Cap  int
}

type soldier struct {
	ID                     string // card id as typed in moves ("use s05")
	Name                   string
	Power, Resist, Paragon int
	Effect                 string
	Short                  string // Effect in at most 100 characters, for the board
}

type base struct {
	Seat         int
	Faction      string
	Level        int // 1..4
	Resistance   int
	Productivity int
	Resources    int
	Paragon      int
	Target       int      // paragon this seat needs to win
	Active       *soldier // top of the warhost
	Warhost      int      // cards in the warhost pile
	Fields       []field  // the four add-on fields
	InArk        bool     // one of this seat's soldiers holds the ark
}

type field struct {
	Index  int // 1-4 as in the notation "f2"; 0 for a row standing for several locked fields
	Locked bool
	Top    string // name of the top card; empty for a free field
	ID     string // card id of the top card
	Effect string // effect text of the top card
	Short  string // Effect in at most 100 characters, for the board
	Kind   string // deck of the pile: civilian or structure
	Depth  int    // cards in the pile; for a locked row, the fields it stands for
}

type deck struct {
	Kind    string // soldier, civilian, structure, event
	Name    string
	FaceUp  []offer
	Deck    int
	Discard int
}

// offer is a face-up card for sale, or an Empty slot.
type offer struct {
	Empty   bool
	ID      string // card id, for "/card s12"
	Name    string
	Cost    int
	Soldier *soldier // soldier values, drawn as icons
	Effect  string   // the effect text
	Short   string   // Effect in at most 100 characters, for the board
}

type dice struct {
	Seat    int   // whose dice; -1 hides the panel's owner
	Pool    []die // in the dice pool, still to be rolled
	Kept    []die // in the action pool
	Rolled  []die // the last roll, not yet kept, in the order of their numbers
	Rerolls int   // re-rolls left
	Choose  int   // dice the pool must hold, while it is being chosen
	Spent   bool  // rolled this turn, and nothing left in any pool
}

type die struct {
	Kind images.DieKind
	Face images.Face
	No   int // the die's number while it may be re-rolled ("reroll #2"), 0 for none
}

// number is d's number, the n-th of its row when it has none.
func (d die) number(n int) int {
	if d.No > 0 {
		return d.No
	}
	return n
}

type block struct {
	Attacker, Defender int
	Power              int
	Blocker            string // the defender's active soldier, if any
	Survives           bool   // the blocker's resistance beats the power
}
