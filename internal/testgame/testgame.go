// Package testgame is "Sealed Bids", a small game used only by tests. It
// exercises what the shipped games may not: hidden hands, simultaneous secret
// choices revealed at once, and a reaction window with a default move.
//
// Rules: every seat is dealt a hidden hand of number cards from a shuffled
// deck. Each round all seats secretly and simultaneously play one card
// ("play 7"); a played card is final. When all have played, the cards are
// revealed and the highest card wins a point. The seat with the lowest card
// may then "challenge" (a coin flip: on heads it takes the point from the
// winner, on tails it loses one of its own) or "pass". After the last round
// the most points win.
//
// The game is never registered in the shipped binary: tests call Register.
package testgame

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/rng"
)

// ID is the game's Definition.ID.
const ID = "sealedbids"

// QuietID is the Definition.ID of a variant in which the round's loser may
// not challenge: every reaction window offers only a pass, a forced move
// (games.Forced) the platform plays without waking the seat.
const QuietID = "sealedbids-quiet"

// phase is the step of a round.
type phase int

const (
	bidding  phase = iota // every seat without a bid must play a card
	reaction              // the round's loser may challenge or pass
	over                  // the game has ended
)

// deckSize is the number of cards (1..deckSize) in the deck.
const deckSize = 20

var (
	registerOnce sync.Once
	definition   = &games.Definition{
		ID:       ID,
		Name:     games.T("Sealed Bids", "Verdeckte Gebote"),
		MinSeats: 2,
		MaxSeats: 4,
		Options: []games.OptionSpec{{
			Key:     "rounds",
			Name:    games.T("Rounds", "Runden"),
			Help:    games.T("Number of rounds.", "Anzahl der Runden."),
			Kind:    games.IntOption,
			Default: func(int) string { return "3" },
			Min:     1,
			Max:     4,
		}},
		Rules: []games.Topic{
			{
				Key:   "overview",
				Title: games.T("Overview", "Überblick"),
				Body: games.T("Each round every player secretly plays one card; the highest card wins a point.",
					"Jede Runde spielt jeder verdeckt eine Karte; die höchste Karte gewinnt einen Punkt."),
			},
			{
				Key:   "challenge",
				Title: games.T("Challenge", "Herausforderung"),
				Body: games.T("The player with the lowest card may challenge: heads takes the winner's point, tails costs a point.",
					"Wer die niedrigste Karte hat, darf herausfordern: Kopf nimmt dem Sieger den Punkt, Zahl kostet einen Punkt."),
			},
		},
		New:     newGame,
		Restore: restore,
	}
)

// quietDefinition is the variant of QuietID: the same game, options and
// rules topics.
var quietDefinition = func() *games.Definition {
	d := *definition
	d.ID = QuietID
	d.Name = games.T("Sealed Bids (quiet)", "Verdeckte Gebote (leise)")
	d.New = func(setup games.Setup) (games.Game, error) {
		g, err := newGame(setup)
		if err != nil {
			return nil, err
		}
		g.(*game).s.Quiet = true
		return g, nil
	}
	return &d
}()

// Definition returns the game's definition.
func Definition() *games.Definition { return definition }

// Register adds the game to the games registry once; later calls do nothing.
func Register() {
	registerOnce.Do(func() {
		games.Register(definition)
		games.Register(quietDefinition)
	})
}

// state is the full game state. Its JSON encoding is the saved state.
type state struct {
	Rounds int         `json:"rounds"`
	Round  int         `json:"round"` // 1-based
	Phase  phase       `json:"phase"`
	Hands  [][]int     `json:"hands"`
	Bids   []int       `json:"bids"`  // 0 = not yet played this round
	Last   []int       `json:"last"`  // the cards revealed in the last round
	Score  []int       `json:"score"` // points per seat
	Loser  games.Seat  `json:"loser"` // who may react in the reaction phase
	Winner games.Seat  `json:"winner"`
	Played int         `json:"played"` // cards played in total
	RNG    *rng.Source `json:"rng"`
	Quiet  bool        `json:"quiet,omitempty"` // the QuietID variant: no challenge
}

// game implements games.Game on a state.
type game struct{ s state }

var (
	_ games.Game      = (*game)(nil)
	_ games.Defaulter = (*game)(nil)
	_ games.Checker   = (*game)(nil)
)

func newGame(setup games.Setup) (games.Game, error) {
	rounds := setup.Options.Int("rounds")
	if rounds < 1 {
		rounds = 3
	}
	handSize := rounds + 1
	if setup.Seats*handSize > deckSize {
		return nil, games.Violation("Not enough cards for that many rounds.", "Nicht genug Karten für so viele Runden.")
	}
	src := rng.New(setup.Seed)
	deck := make([]int, deckSize)
	for i := range deck {
		deck[i] = i + 1
	}
	src.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	s := state{
		Rounds: rounds,
		Round:  1,
		Phase:  bidding,
		Hands:  make([][]int, setup.Seats),
		Bids:   make([]int, setup.Seats),
		Score:  make([]int, setup.Seats),
		Loser:  games.Spectator,
		Winner: games.Spectator,
		RNG:    src,
	}
	for seat := range s.Hands {
		hand := slices.Clone(deck[seat*handSize : (seat+1)*handSize])
		slices.Sort(hand)
		s.Hands[seat] = hand
	}
	return &game{s: s}, nil
}

func restore(data []byte) (games.Game, error) {
	var s state
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("restore sealed bids: %w", err)
	}
	if s.RNG == nil || len(s.Hands) < 2 || len(s.Bids) != len(s.Hands) || len(s.Score) != len(s.Hands) {
		return nil, fmt.Errorf("restore sealed bids: incomplete state")
	}
	return &game{s: s}, nil
}

func (g *game) clone() *game {
	c := g.s
	c.Hands = make([][]int, len(g.s.Hands))
	for i, h := range g.s.Hands {
		c.Hands[i] = slices.Clone(h)
	}
	c.Bids = slices.Clone(g.s.Bids)
	c.Last = slices.Clone(g.s.Last)
	c.Score = slices.Clone(g.s.Score)
	r := *g.s.RNG
	c.RNG = &r
	return &game{s: c}
}

// Seats implements games.Game.
func (g *game) Seats() int { return len(g.s.Hands) }

// ToAct implements games.Game.
func (g *game) ToAct() []games.Actor {
	switch g.s.Phase {
	case bidding:
		var out []games.Actor
		for seat, bid := range g.s.Bids {
			if bid == 0 {
				out = append(out, games.Actor{
					Seat:     games.Seat(seat),
					Kind:     games.Simultaneous,
					Prompt:   games.T("Play a card in secret.", "Spiele verdeckt eine Karte."),
					Decision: "bid:" + strconv.Itoa(g.s.Round),
				})
			}
		}
		return out
	case reaction:
		return []games.Actor{{
			Seat:     g.s.Loser,
			Kind:     games.Reaction,
			Prompt:   games.T("Challenge the round's result or pass?", "Das Rundenergebnis herausfordern oder passen?"),
			Decision: "challenge:" + strconv.Itoa(g.s.Round),
		}}
	}
	return nil
}

// LegalMoves implements games.Game.
func (g *game) LegalMoves(seat games.Seat) []games.Move {
	if seat < 0 || int(seat) >= g.Seats() {
		return nil
	}
	switch g.s.Phase {
	case bidding:
		if g.s.Bids[seat] != 0 {
			return nil
		}
		moves := make([]games.Move, 0, len(g.s.Hands[seat]))
		for _, c := range g.s.Hands[seat] {
			moves = append(moves, games.Move{
				Notation: "play " + strconv.Itoa(c),
				Label:    games.T("Play "+strconv.Itoa(c), "Spiele "+strconv.Itoa(c)),
				Group:    "play",
				Primary:  true,
				// The card names what is in the hand.
				Private: true,
			})
		}
		return moves
	case reaction:
		if seat != g.s.Loser {
			return nil
		}
		pass := games.Move{Notation: "pass", Label: games.T("Pass", "Passen"), Group: "react", Primary: true, Role: games.RolePass}
		if g.s.Quiet {
			return []games.Move{pass}
		}
		return []games.Move{
			{Notation: "challenge", Label: games.T("Challenge", "Herausfordern"), Group: "react", Primary: true},
			pass,
		}
	}
	return nil
}

// Apply implements games.Game.
func (g *game) Apply(seat games.Seat, m games.Move) (games.Game, []games.Event, error) {
	return g.applyNotation(seat, m.Notation)
}

// applyNotation plays the move written in notation for seat.
func (g *game) applyNotation(seat games.Seat, notation string) (games.Game, []games.Event, error) {
	if g.s.Phase == over {
		return nil, nil, games.ErrGameOver
	}
	if seat < 0 || int(seat) >= g.Seats() {
		return nil, nil, games.ErrNotYourTurn
	}
	verb, arg, _ := strings.Cut(games.NormalizeNotation(notation), " ")
	next := g.clone()
	switch {
	case g.s.Phase == bidding && verb == "play":
		card, err := strconv.Atoi(arg)
		if err != nil {
			return nil, nil, games.ErrIllegalMove
		}
		events, err := next.play(seat, card)
		return next, events, err
	case g.s.Phase == reaction && (verb == "challenge" && !g.s.Quiet || verb == "pass") && arg == "":
		if seat != g.s.Loser {
			return nil, nil, games.ErrNotYourTurn
		}
		events := next.react(verb == "challenge")
		return next, events, nil
	case g.s.Phase == reaction && seat != g.s.Loser:
		return nil, nil, games.ErrNotYourTurn
	}
	return nil, nil, games.ErrIllegalMove
}

func (g *game) play(seat games.Seat, card int) ([]games.Event, error) {
	if g.s.Bids[seat] != 0 {
		return nil, games.Violation("You have already played a card this round.", "Du hast diese Runde schon eine Karte gespielt.")
	}
	i := slices.Index(g.s.Hands[seat], card)
	if i < 0 {
		return nil, games.Violation(fmt.Sprintf("You do not hold a %d.", card), fmt.Sprintf("Du hast keine %d auf der Hand.", card))
	}
	g.s.Hands[seat] = slices.Delete(g.s.Hands[seat], i, i+1)
	g.s.Bids[seat] = card
	g.s.Played++
	events := []games.Event{
		{Text: games.T(games.Seatf(seat)+" has played a card.", games.Seatf(seat)+" hat eine Karte gespielt."), Seats: []games.Seat{seat}},
		{Text: games.T(fmt.Sprintf("You played %d.", card), fmt.Sprintf("Du hast %d gespielt.", card)), To: []games.Seat{seat}},
	}
	if slices.Contains(g.s.Bids, 0) {
		return events, nil
	}
	return append(events, g.reveal()), nil
}

// reveal ends the bidding of a round: it shows all cards, scores the winner
// and opens the loser's reaction window.
func (g *game) reveal() games.Event {
	winner, loser := games.Seat(0), games.Seat(0)
	parts := make([]string, len(g.s.Bids))
	seats := make([]games.Seat, len(g.s.Bids))
	for seat, bid := range g.s.Bids {
		seats[seat] = games.Seat(seat)
		if bid > g.s.Bids[winner] {
			winner = games.Seat(seat)
		}
		if bid < g.s.Bids[loser] {
			loser = games.Seat(seat)
		}
		parts[seat] = games.Seatf(games.Seat(seat)) + " " + strconv.Itoa(bid)
	}
	list := strings.Join(parts, ", ")
	g.s.Last = g.s.Bids
	g.s.Bids = make([]int, len(g.s.Hands))
	g.s.Score[winner]++
	g.s.Winner, g.s.Loser = winner, loser
	g.s.Phase = reaction
	return games.Event{
		Text: games.T(
			fmt.Sprintf("Round %d: %s. %s wins the round.", g.s.Round, list, games.Seatf(winner)),
			fmt.Sprintf("Runde %d: %s. %s gewinnt die Runde.", g.s.Round, list, games.Seatf(winner))),
		Reveal: true,
		Seats:  seats,
	}
}

func (g *game) react(challenge bool) []games.Event {
	ev := games.Event{Seats: []games.Seat{g.s.Loser}}
	loser, winner := games.Seatf(g.s.Loser), games.Seatf(g.s.Winner)
	if challenge {
		ev.Reveal = true // a coin flip is a random result
		if g.s.RNG.Intn(2) == 0 {
			g.s.Score[g.s.Winner]--
			g.s.Score[g.s.Loser]++
			ev.Seats = append(ev.Seats, g.s.Winner)
			ev.Text = games.T(loser+" challenges: heads, and takes the point from "+winner+".",
				loser+" fordert heraus: Kopf, und nimmt "+winner+" den Punkt ab.")
		} else {
			g.s.Score[g.s.Loser]--
			ev.Text = games.T(loser+" challenges: tails, and loses a point.", loser+" fordert heraus: Zahl, und verliert einen Punkt.")
		}
	} else {
		ev.Text = games.T(loser+" passes.", loser+" passt.")
	}
	g.s.Loser, g.s.Winner = games.Spectator, games.Spectator
	if g.s.Round == g.s.Rounds {
		g.s.Phase = over
		st := g.Status()
		return []games.Event{ev, {Text: st.Summary, Seats: st.Winners}}
	}
	g.s.Round++
	g.s.Phase = bidding
	return []games.Event{ev}
}

// Status implements games.Game.
func (g *game) Status() games.Status {
	st := games.Status{Scores: slices.Clone(g.s.Score), Finished: g.s.Phase == over}
	if !st.Finished {
		st.Summary = games.T(fmt.Sprintf("Round %d of %d.", g.s.Round, g.s.Rounds), fmt.Sprintf("Runde %d von %d.", g.s.Round, g.s.Rounds))
		return st
	}
	best := slices.Max(g.s.Score)
	var names []string
	for seat, sc := range g.s.Score {
		if sc == best {
			st.Winners = append(st.Winners, games.Seat(seat))
			names = append(names, games.Seatf(games.Seat(seat)))
		}
	}
	who := strings.Join(names, ", ")
	st.Summary = games.T(fmt.Sprintf("Game over: %s won with %d points.", who, best),
		fmt.Sprintf("Spielende: %s gewinnt mit %d Punkten.", who, best))
	return st
}

// MarshalState implements games.Game.
func (g *game) MarshalState() ([]byte, error) {
	data, err := json.Marshal(g.s)
	if err != nil {
		return nil, fmt.Errorf("marshal sealed bids: %w", err)
	}
	return data, nil
}

// DefaultMove implements games.Defaulter: a reaction window closes with a pass.
func (g *game) DefaultMove(seat games.Seat) (string, bool) {
	if g.s.Phase == reaction && seat == g.s.Loser {
		return "pass", true
	}
	return "", false
}

// CheckInvariants implements games.Checker: no card is lost or duplicated.
func (g *game) CheckInvariants() error {
	seen := map[int]bool{}
	held := 0
	for _, h := range g.s.Hands {
		for _, c := range h {
			if seen[c] || c < 1 || c > deckSize {
				return fmt.Errorf("card %d duplicated or out of range", c)
			}
			seen[c] = true
		}
		held += len(h)
	}
	if want := len(g.s.Hands) * (g.s.Rounds + 1); held+g.s.Played != want {
		return fmt.Errorf("%d cards held + %d played, want %d", held, g.s.Played, want)
	}
	return nil
}

// View implements games.Game.
func (g *game) View(seat games.Seat) games.View {
	v := &View{
		Quiet:  g.s.Quiet,
		Seat:   seat,
		Round:  g.s.Round,
		Rounds: g.s.Rounds,
		Score:  slices.Clone(g.s.Score),
		Last:   slices.Clone(g.s.Last),
		Counts: make([]int, len(g.s.Hands)),
		Ready:  make([]bool, len(g.s.Hands)),
		Over:   g.s.Phase == over,
		Loser:  g.s.Loser,
	}
	for i, h := range g.s.Hands {
		v.Counts[i] = len(h)
		v.Ready[i] = g.s.Bids[i] != 0
	}
	if seat >= 0 && int(seat) < len(g.s.Hands) {
		v.Hand = slices.Clone(g.s.Hands[seat])
		v.Bid = g.s.Bids[seat]
	}
	return v
}

// View is what one seat (or a spectator) sees of a Sealed Bids game.
type View struct {
	Quiet  bool // the QuietID variant
	Seat   games.Seat
	Round  int
	Rounds int
	Score  []int
	Last   []int  // cards revealed in the previous round, per seat
	Counts []int  // cards in hand per seat
	Ready  []bool // whether a seat has played this round
	Hand   []int  // the viewer's own hand; nil for a spectator
	Bid    int    // the viewer's own card this round; 0 if none
	Over   bool
	Loser  games.Seat // the seat that may react, or Spectator
}

// GameID implements games.View.
func (v *View) GameID() string {
	if v.Quiet {
		return QuietID
	}
	return ID
}

// Viewer implements games.View.
func (v *View) Viewer() games.Seat { return v.Seat }

// Describe implements games.View.
func (v *View) Describe(lang games.Lang) string {
	de := lang == games.German
	var b strings.Builder
	if de {
		fmt.Fprintf(&b, "Runde %d von %d.\n", v.Round, v.Rounds)
	} else {
		fmt.Fprintf(&b, "Round %d of %d.\n", v.Round, v.Rounds)
	}
	for seat := range v.Score {
		p := games.Seatf(games.Seat(seat))
		if de {
			fmt.Fprintf(&b, "%s: %d Punkte, %d Karten", p, v.Score[seat], v.Counts[seat])
		} else {
			fmt.Fprintf(&b, "%s: %d points, %d cards", p, v.Score[seat], v.Counts[seat])
		}
		if len(v.Last) == len(v.Score) {
			if de {
				fmt.Fprintf(&b, ", zuletzt %d", v.Last[seat])
			} else {
				fmt.Fprintf(&b, ", last %d", v.Last[seat])
			}
		}
		switch {
		case v.Over:
		case v.Ready[seat] && de:
			b.WriteString(", hat gespielt")
		case v.Ready[seat]:
			b.WriteString(", has played")
		case v.Loser == games.Seat(seat) && de:
			b.WriteString(", darf herausfordern")
		case v.Loser == games.Seat(seat):
			b.WriteString(", may challenge")
		}
		b.WriteString("\n")
	}
	if v.Hand != nil {
		cards := make([]string, len(v.Hand))
		for i, c := range v.Hand {
			cards[i] = strconv.Itoa(c)
		}
		if de {
			fmt.Fprintf(&b, "Deine Hand: %s\n", strings.Join(cards, " "))
		} else {
			fmt.Fprintf(&b, "Your hand: %s\n", strings.Join(cards, " "))
		}
		if v.Bid != 0 {
			if de {
				fmt.Fprintf(&b, "Deine Karte diese Runde: %d\n", v.Bid)
			} else {
				fmt.Fprintf(&b, "Your card this round: %d\n", v.Bid)
			}
		}
	}
	return strings.TrimRight(b.String(), "\n")
}
