// Package games defines the contract every rules engine implements, and the
// registry through which the bot, the store and the tools find the engines.
//
// An engine is pure: it never imports Discord, SQL or image code. It is
// deterministic: all randomness comes from a generator kept in its state
// (package rng), so options + seats + seed + the move list replay to the
// identical state. Hidden information leaves an engine only through a View
// made for one seat (or for a spectator).
package games

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"slices"
)

// Seat is a player's position at the table, counted from 0.
type Seat int

// Spectator is the seat used to ask for the public view.
const Spectator Seat = -1

// ActKind says why a seat must act now.
type ActKind int

const (
	// Turn is an ordinary turn: one seat acts, the others wait.
	Turn ActKind = iota
	// Simultaneous means several seats act at once (secret choices, supply,
	// deployment); each one's moves are independent of the others' timing.
	Simultaneous
	// Reaction is an out-of-turn decision, such as a block or an instant
	// played during another player's combat.
	Reaction
)

// Actor is a seat that must act now, with the reason.
type Actor struct {
	Seat   Seat
	Kind   ActKind
	Prompt Text // what is being asked, e.g. "choose your dice pool"
	// Decision identifies the decision being asked, in words no player
	// reads: the same key for every seat of one simultaneous phase or
	// reaction window, another key when another phase or window opens
	// ("supply", "combat:lane2:block"). The platform groups, paces and
	// names decisions by it, never by the Prompt's wording. Empty means
	// the seat's ordinary turn.
	Decision string `json:",omitempty"`
}

// Role is what a move does for the flow of the game, as opposed to its
// effect on the board. The platform colours buttons, marks procedural log
// lines and paces decisions by it, never by the notation's wording.
type Role int

const (
	// RoleAction is an ordinary move with an effect of its own.
	RoleAction Role = iota
	// RoleEndTurn ends the mover's turn.
	RoleEndTurn
	// RolePass declines a decision: a reaction window, a bid, a phase in
	// which the seat does nothing more.
	RolePass
	// RoleConfirm confirms a choice made in steps, or declares the seat
	// ready or done.
	RoleConfirm
	// RoleCancel takes back a choice in progress.
	RoleCancel
	// RoleStep is one step down a Menu (a level of choices) with no
	// effect of its own: the bot walks it without committing anything.
	RoleStep
	// RoleAllot takes the share a set-up step hands each seat in turn (a
	// faction from those still free): public, hiding nothing, and a choice
	// only while there is more than one. A seat whose only move it is has
	// no decision (see Forced).
	RoleAllot
	// RoleBack is the step of a Menu back up to the level above, with no
	// effect of its own, like RoleStep.
	RoleBack
)

// Walks reports whether a move of role r walks a Menu (a step down or
// back up) rather than being a whole move.
func (r Role) Walks() bool { return r == RoleStep || r == RoleBack }

// Procedural reports whether a move of role r only moves the game along
// (ends a turn, passes, confirms, cancels) rather than doing something on
// the board.
func (r Role) Procedural() bool {
	return r == RoleEndTurn || r == RolePass || r == RoleConfirm || r == RoleCancel
}

// Move is one legal move of a seat.
type Move struct {
	// Notation is the canonical text of the move, e.g. "roll" or
	// "keep 1,3,4". Apply accepts exactly these strings.
	Notation string
	// Label is a short human label (at most 80 characters) for buttons,
	// select menus and autocomplete.
	Label Text
	// Group collects moves of one sort ("buy", "attack", "end"); the bot
	// uses it to lay out buttons and select menus. Group "setting" marks a
	// standing choice (block policy, autopass) that a seat may set at any
	// time: never part of a decision's buttons, offered privately instead.
	Group string
	// Primary marks the moves worth a button of their own; the rest go into a
	// select menu or autocomplete.
	Primary bool
	// Private marks a move whose notation or label reveals what only the
	// mover may see: a card in their hand, the survivors behind their
	// screen, a secret bid, a drawn card. The bot shows private moves only
	// to the mover (ephemerally or by DM), never as buttons, menus or text in
	// the channel; every other move may be offered publicly. Engines set it
	// per move, from what the move's text says, never by comparing views.
	Private bool
	// Shortcut marks a move that does at once what a path of other moves
	// also does (a whole "move g3 g4 2" where the menu offers "move …",
	// "move g3 …", "move g3 g4 …" step by step). The bot offers shortcuts
	// to typing and autocomplete only, never as buttons or select options,
	// so that the menus show the steps instead. Engines set it per move;
	// every shortcut must stay reachable through the moves that are not.
	Shortcut bool
	// Role is what the move does for the flow of the game (ends a turn,
	// passes, confirms, ...); RoleAction for an ordinary move.
	Role Role `json:",omitempty"`
	// Piece is the Catalog id of the card, tile, building, mission or
	// faction the move acts on ("" for none): the bot shows that piece's
	// text where the move is chosen (a select option's description), so
	// that nobody chooses blind.
	Piece string `json:",omitempty"`
	// Payload is the engine's own, already parsed form of the move, set by
	// LegalMoves and read by Apply so that a move is never parsed twice.
	// The platform never looks inside it, stores it or compares it; a
	// move rebuilt from its notation (a replay, typed input) gets it back
	// by being looked up in the legal list (see Resolve).
	Payload any `json:"-"`
}

// Event is something that happened while applying a move, for the log and
// the summary posted after the move.
type Event struct {
	// Text may contain seat placeholders {p0}..{p3}; see FormatSeats.
	Text Text
	// To lists the seats allowed to see the event; nil means everyone.
	To []Seat
	// Reveal is set when the move revealed hidden information or a random
	// result, by the one rule of package games/internal/eventlog: the move
	// drew from the state's generator, or showed a seat something it did
	// not know (a face-down thing turned up, a private event to another
	// seat than the mover); a note to the mover of its own choice is none.
	// Undo never goes back past such a move.
	Reveal bool
	// Seats are the seats the event is about, in the order its text names
	// them. The platform decides from them (whose line it is, which lines
	// open the next turn), never from the text.
	Seats []Seat `json:",omitempty"`
}

// VisibleTo reports whether seat may see the event. A spectator sees only
// public events.
func (e Event) VisibleTo(seat Seat) bool {
	if e.To == nil {
		return true
	}
	for _, s := range e.To {
		if s == seat {
			return true
		}
	}
	return false
}

// Status is whether a game runs, and its result once it has ended.
type Status struct {
	Finished bool
	// Winners are the winning seats; empty with Finished means everyone lost
	// (a cooperative defeat) or nobody won.
	Winners []Seat
	// Scores holds one score per seat where the game has scores.
	Scores []int
	// Summary describes the result or the current state in one line; may
	// contain seat placeholders.
	Summary Text
}

// View is the state of a game as one seat (or a spectator) may see it. Every
// message, image, log line and alt text is made from a View. Each engine has
// its own concrete view type; renderers type-assert it.
type View interface {
	// GameID is the Definition.ID of the game.
	GameID() string
	// Viewer is the seat the view was made for, or Spectator.
	Viewer() Seat
	// Describe renders the view as plain text (console, alt text, /hand).
	// It may contain seat placeholders.
	Describe(lang Lang) string
}

// Game is one running game. Implementations are immutable from the outside:
// Apply returns a new Game and leaves the receiver unchanged.
type Game interface {
	// Seats is the number of players.
	Seats() int
	// ToAct lists the seats that must act now; empty once the game is over.
	ToAct() []Actor
	// LegalMoves lists the moves seat may make now, in a stable order (the
	// same state always yields the same list). Empty if the seat may not act.
	LegalMoves(seat Seat) []Move
	// Apply plays m for seat on a copy of the game and returns the copy and
	// what happened. m is one of LegalMoves(seat) of this state, as the
	// platform resolved it (see Resolve and Play); an engine reads its
	// Payload rather than parsing its notation again. A move that breaks a
	// rule yields a *RuleError and no new game.
	Apply(seat Seat, m Move) (Game, []Event, error)
	// View returns what seat may see; Spectator gets the public view.
	View(seat Seat) View
	// Status reports whether the game is over and its result.
	Status() Status
	// MarshalState encodes the full state, generator included, so that
	// Definition.Restore rebuilds an identical game. The encoding must be
	// deterministic: it is hashed by Hash.
	MarshalState() ([]byte, error)
}

// Defaulter is implemented by games that have a move the platform may make
// for a seat whose time to act has expired (closing a reaction window with a
// pass, for example). Games without one simply keep waiting.
type Defaulter interface {
	DefaultMove(seat Seat) (notation string, ok bool)
}

// Explainer is implemented by games that can say why a text is not one of
// seat's legal moves now, with the rule's reason in the player's language
// ("You have 2 re-rolls left."). Resolve asks it before refusing with the
// generic ErrIllegalMove. Explain returns a *RuleError, or nil when it
// knows no better reason. It never changes the game.
type Explainer interface {
	Explain(seat Seat, text string) error
}

// Menu is implemented by games whose decisions offer more moves than one
// message's buttons hold: a seat's legal moves (whole moves only) are laid
// out as a menu of levels that the bot walks without committing anything;
// only a whole move chosen at some level is played. A path names a level:
// step codes separated by single spaces, one more per level down ("" is
// the top), short enough to travel in a custom ID.
type Menu interface {
	// MenuLevel lists the entries of seat's menu at path: whole moves, as
	// LegalMoves lists them, and steps down, each a Move with Role RoleStep
	// whose Notation is the path of the level it opens (never a legal
	// move); below the top, one of them leads back up (its path is
	// shorter than path). ok is false when seat's moves are not laid out as a menu now,
	// or path leads to no level.
	MenuLevel(seat Seat, path string) (entries []Move, ok bool)
	// OldStep returns the move that text names when it is a menu step of
	// records made before menus were walked in the bot (steps were
	// committed then), so that stored games still replay; ok is false for
	// any other text. Such a move is never listed.
	OldStep(seat Seat, text string) (Move, bool)
}

// Checker is implemented by games that can check their own invariants (card
// conservation, caps). Self-play and tests call it after every move.
type Checker interface {
	CheckInvariants() error
}

// Hash returns a stable hex SHA-256 of the game's full state.
func Hash(g Game) (string, error) {
	data, err := g.MarshalState()
	if err != nil {
		return "", fmt.Errorf("hash state: %w", err)
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:]), nil
}

// Setup is what a game is created from.
type Setup struct {
	Seats   int
	Options Options // already resolved against the Definition's specs
	Seed    uint64
}

// Topic is one entry of a game's rules help (/rules topic).
type Topic struct {
	Key   string // short id used by /rules, e.g. "attack"
	Title Text
	Body  Text // at most ~1800 characters per language (one Discord message)
}

// Definition describes a game to the platform.
type Definition struct {
	ID       string // stable id, e.g. "xibalba"
	Name     Text
	MinSeats int
	MaxSeats int
	Options  []OptionSpec
	Rules    []Topic
	// New sets a game up. It may return a *RuleError for an impossible
	// combination of options.
	New func(Setup) (Game, error)
	// Restore rebuilds a game from MarshalState output.
	Restore func(state []byte) (Game, error)
	// Policy plays a seat for the bot; nil for a game without one.
	Policy Policy
	// DataFiles names the content files a group may replace with those of
	// its own copy of the game ("cards", "factions"), as the
	// configuration's data section names them; nil for none.
	DataFiles []string
	// LoadData replaces the content new games use with a group's own data
	// files, by name (see DataFiles; a name left out keeps the built-in
	// file). It validates everything before it replaces anything, and
	// returns an error naming the file and the fault. Tables already
	// running keep the content they started with.
	LoadData func(files map[string][]byte) error
	// Cooperative marks a game the players win or lose together against
	// the game itself: Status.Winners is every seat or none. Ratings then
	// rate the table as one team against the game.
	Cooperative bool
}

// Policy chooses the move of a seat played by the bot. It sees only what a
// player in that seat would: the seat's own view and its legal moves (never
// standing choices, which the platform leaves out). moves is never empty;
// the result must be one of them. r is the bot's own generator, not the
// game's, so a policy's choices never change the game's random draws. A
// policy answers in well under a second.
type Policy func(view View, moves []Move, r *rand.Rand) Move

// BotMove picks the move the bot makes for seat in g: the game's Policy,
// which sees only the seat's own view and its legal moves without standing
// choices, or a uniformly random one of those moves for a game without a
// policy. ok is false when the seat has no move. A policy that answers with
// a move not offered to it is a bug of the engine; BotMove then plays a
// random move rather than stall.
func (d *Definition) BotMove(g Game, seat Seat, r *rand.Rand) (Move, bool) {
	var moves []Move
	for _, m := range g.LegalMoves(seat) {
		if m.Group != SettingGroup {
			moves = append(moves, m)
		}
	}
	if len(moves) == 0 {
		return Move{}, false
	}
	if d.Policy != nil {
		m := d.Policy(g.View(seat), moves, r)
		if slices.ContainsFunc(moves, func(o Move) bool { return o.Notation == m.Notation }) {
			return m, true
		}
	}
	return moves[r.IntN(len(moves))], true
}

// Create resolves raw options (nil for all defaults) and sets up a game.
func (d *Definition) Create(seats int, raw map[string]string, seed uint64) (Game, Options, error) {
	if seats < d.MinSeats || seats > d.MaxSeats {
		return nil, nil, Violation(
			fmt.Sprintf("%s needs %d to %d players, not %d.", d.Name.EN, d.MinSeats, d.MaxSeats, seats),
			fmt.Sprintf("%s braucht %d bis %d Spieler, nicht %d.", d.Name.DE, d.MinSeats, d.MaxSeats, seats))
	}
	opts, err := d.ResolveOptions(raw, seats)
	if err != nil {
		return nil, nil, err
	}
	g, err := d.New(Setup{Seats: seats, Options: opts, Seed: seed})
	if err != nil {
		return nil, nil, err
	}
	return g, opts, nil
}

// Card is the full text of one card, tile or other printed piece, as the
// /card lookup shows it. Pictures may shorten such texts; the lookup never
// does.
type Card struct {
	// ID is the short id printed on the pictures and used by the notation.
	ID   string
	Name Text
	// Body is the whole rules text (cost, values, effect).
	Body Text
	// Summary is the piece's effect in at most 100 characters per language
	// (Discord's limit for a select option's description), written to be
	// read whole, never cut; empty where Body fits.
	Summary Text
}

// Catalog is implemented by games whose pictures show cards, tiles or other
// pieces with texts too long to print whole. It lists every piece of the
// game's content (the box's list, not where the pieces are), so it reveals
// nothing hidden.
type Catalog interface {
	Catalog() []Card
}
