package xenoshyft

import (
	"fmt"
	"strings"

	"github.com/playbychat/pbc/games"
)

// View is what one seat (or a spectator) may see of a Xenoshyft game. It is
// built by Game.View; renderers type-assert games.View to *View.
type View struct {
	Seat    games.Seat // the viewer, or games.Spectator
	Seats   int
	Round   int // 1..9
	Wave    int // 1..3
	Phase   string
	Step    games.Text // what the table is doing now, e.g. "Combat in lane 2: reaction"
	BaseHP  int
	BaseMax int
	// FirstLane is the lane whose combat comes first this round.
	FirstLane int
	// ActiveLane is the lane now in combat, or -1 outside combat.
	ActiveLane int
	Lanes      []LaneView   // one per seat, index = lane number - 1
	Troops     []StackView  // troop stacks on the wave board, "t1".."tN"
	Items      []StackView  // the nine item stacks, "i1".."i9"
	Resources  []StackView  // resource card piles (1, 3, 6)
	Encounter  []PileView   // encounter decks of waves 1..3
	Players    []PlayerView // one per seat
	// Hand is the viewer's own hand; nil for a spectator. Other hands are
	// never included (except cards a player showed with "show hand", which
	// appear in that player's PlayerView.Shown).
	Hand []CardView
	// OrderPending lists revealed enemies whose reveal effects wait for
	// the player OrderSeat to choose which comes first ("first c55").
	OrderPending []int
	OrderSeat    games.Seat
	Finished     bool
	Won          bool
}

// LaneView is one player's row: troop zones on the right, enemy zones on
// the left. Index 0 of both slices is the first (front) zone.
type LaneView struct {
	Number  int        // 1-based lane number used in notations ("lane2")
	Owner   games.Seat // the seat owning the lane
	Troops  []TroopView
	Enemies []EnemyView
	// State is "waiting", "fighting", "overrun", "held" (no enemies left)
	// or "fallen" (overrun finished).
	State string
}

// TroopView is a troop in a troop zone with its equipment.
type TroopView struct {
	Card        CardView
	Attack      int // current attack with equipment and bonuses
	HP          int // current hit points with equipment and bonuses
	Damage      int // damage markers
	Shield      int // damage still prevented this round
	Weapon      *CardView
	Armour      *CardView
	AbilityUsed bool // an ability marker lies on the troop
	// Fresh marks a troop placed during this deployment phase.
	Fresh bool
}

// EnemyView is an enemy in an enemy zone. A face-down enemy shows only its
// wave (the card back).
type EnemyView struct {
	// ID is the card id once revealed, -1 while face down (an id would
	// give the card away).
	ID int
	// Ref is the enemy's place as typed in moves: "e2.1" is lane 2's front.
	Ref      string
	FaceUp   bool
	Wave     int
	Card     *CardView // nil while face down
	Attack   int
	HP       int
	Damage   int
	Boss     bool
	Overflow bool // an extra enemy beyond the four zones
}

// CardView is one card's face.
type CardView struct {
	ID     int    // physical card id, as in "c17"
	Ref    string // "c17"
	Key    string // card type key from the card set
	Kind   string // troop, enemy, item, resource
	Name   games.Text
	Text   games.Text // rules text
	Cost   int
	Attack int
	HP     int
	Value  int      // resource value
	Wave   int      // troops: first wave it may be bought; enemies: wave
	Traits []string // item traits: weapon, armour, instant, medical, technology
}

// StackView is a pile on the board the players may buy from.
type StackView struct {
	Ref   string // notation handle: "t3", "i5", "r6"
	Card  CardView
	Count int
	// Locked is set for troops not yet available in the current wave.
	Locked bool
}

// PileView is a face-down pile.
type PileView struct {
	Wave    int
	Deck    int
	Discard int
	Active  bool
}

// PlayerView is the public information about a seat.
type PlayerView struct {
	Seat      games.Seat
	Lane      int // 1-based lane number
	Division  games.Text
	Abilities []games.Text // unlocked division abilities, cumulative
	HandSize  int
	Deck      int
	Discard   int
	Ready     bool // declared ready in supply or deployment
	Passed    bool // has passed in the open reaction window
	Autopass  bool // standing choice to pass unless acting
	// Budget and Spent are the xenosathem available and already spent in
	// the supply phase; only filled for the viewer's own seat.
	Budget int
	Spent  int
	// Shown lists the hand the player made public with "show hand".
	Shown []CardView
}

// GameID implements games.View.
func (v *View) GameID() string { return "xenoshyft" }

// Viewer implements games.View.
func (v *View) Viewer() games.Seat { return v.Seat }

// Describe renders the view as plain text.
func (v *View) Describe(lang games.Lang) string {
	de := lang == games.German
	tr := func(en, ger string) string {
		if de {
			return ger
		}
		return en
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s %d/9 · %s %d · %s %d/%d\n", tr("Round", "Runde"), v.Round, tr("Wave", "Welle"), v.Wave,
		tr("Base", "Basis"), v.BaseHP, v.BaseMax)
	if s := v.Step.In(lang); s != "" {
		b.WriteString(s + "\n")
	}
	if len(v.OrderPending) > 0 {
		refs := make([]string, len(v.OrderPending))
		for i, id := range v.OrderPending {
			refs[i] = fmt.Sprintf("c%d", id)
		}
		fmt.Fprintf(&b, tr("%s orders the reveal effects of %s.\n", "%s ordnet die Aufdeck-Effekte von %s.\n"),
			games.Seatf(v.OrderSeat), strings.Join(refs, ", "))
	}
	for _, l := range v.Lanes {
		fmt.Fprintf(&b, "%s %d (%s) [%s]\n", tr("Lane", "Reihe"), l.Number, games.Seatf(l.Owner), laneStates[l.State].In(lang))
		for i := len(l.Enemies) - 1; i >= 0; i-- {
			e := l.Enemies[i]
			if !e.FaceUp {
				fmt.Fprintf(&b, "  %s ? (%s %d)\n", e.Ref, tr("wave", "Welle"), e.Wave)
				continue
			}
			fmt.Fprintf(&b, "  %s %s %d/%d", e.Ref, e.Card.Name.In(lang), e.Attack, e.HP)
			if e.Damage > 0 {
				fmt.Fprintf(&b, " -%d", e.Damage)
			}
			b.WriteString("\n")
		}
		for i, t := range l.Troops {
			fmt.Fprintf(&b, "  T%d %s %s %d/%d", i+1, t.Card.Ref, t.Card.Name.In(lang), t.Attack, t.HP)
			if t.Damage > 0 {
				fmt.Fprintf(&b, " -%d", t.Damage)
			}
			if t.Shield > 0 {
				fmt.Fprintf(&b, " (%s %d)", tr("shield", "Schutz"), t.Shield)
			}
			if t.Weapon != nil {
				fmt.Fprintf(&b, " +%s", t.Weapon.Name.In(lang))
			}
			if t.Armour != nil {
				fmt.Fprintf(&b, " +%s", t.Armour.Name.In(lang))
			}
			if t.AbilityUsed {
				b.WriteString(" *")
			}
			b.WriteString("\n")
		}
	}
	b.WriteString(tr("Items:", "Gegenstände:"))
	for _, s := range v.Items {
		fmt.Fprintf(&b, " %s %s ×%d (%d);", s.Ref, s.Card.Name.In(lang), s.Count, s.Card.Cost)
	}
	b.WriteString("\n" + tr("Troops:", "Truppen:"))
	for _, s := range v.Troops {
		lock := ""
		if s.Locked {
			lock = "!"
		}
		fmt.Fprintf(&b, " %s %s%s ×%d (%d);", s.Ref, s.Card.Name.In(lang), lock, s.Count, s.Card.Cost)
	}
	b.WriteString("\n")
	for _, p := range v.Players {
		fmt.Fprintf(&b, "%s %s: %s %d, %s %d, %s %d", games.Seatf(p.Seat), p.Division.In(lang),
			tr("hand", "Hand"), p.HandSize, tr("deck", "Deck"), p.Deck, tr("discard", "Ablage"), p.Discard)
		if p.Ready {
			b.WriteString(tr(" ready", " bereit"))
		}
		if p.Passed {
			b.WriteString(tr(" passed", " gepasst"))
		}
		if p.Autopass {
			b.WriteString(" autopass")
		}
		if p.Seat == v.Seat && v.Phase == "supply" {
			fmt.Fprintf(&b, " · %d/%d Xenosathem", p.Spent, p.Budget)
		}
		b.WriteString("\n")
	}
	if v.Hand != nil {
		b.WriteString(tr("Your hand:", "Deine Hand:"))
		for _, c := range v.Hand {
			fmt.Fprintf(&b, " %s %s;", c.Ref, c.Name.In(lang))
		}
		b.WriteString("\n")
	}
	return b.String()
}
