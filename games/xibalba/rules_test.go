package xibalba

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/rng"
)

// ruleCase is one rule of the manual: a position, moves played in it, the
// moves that must (legal) or must not (illegal) be listed afterwards, and a
// check of the resulting state and events.
type ruleCase struct {
	name    string
	fixture string
	setup   func(s *state) // changes the fixture can't express
	moves   []string
	legal   []string
	illegal []string
	check   func(t *testing.T, s *state, ev []games.Event)
}

func runRuleCases(t *testing.T, cases []ruleCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := games.Game(fixture(t, tc.fixture))
			if tc.setup != nil {
				g = edit(g, tc.setup)
			}
			g, ev := play(t, g, tc.moves...)
			seat := st(g).Current
			if b := st(g).Turn.Block; b != nil {
				seat = b.Defender
			}
			for _, m := range tc.legal {
				if !hasMove(g, seat, m) {
					t.Errorf("%q is not listed: %v", m, notations(g.LegalMoves(seat)))
				}
			}
			for _, m := range tc.illegal {
				if hasMove(g, seat, m) {
					t.Errorf("%q is listed", m)
				}
				if _, _, err := games.PlayText(g, seat, m); err == nil {
					t.Errorf("Apply(%q) accepted it", m)
				} else if _, ok := games.AsRuleError(err); !ok {
					t.Errorf("Apply(%q) = %v, want a rule error", m, err)
				}
			}
			if tc.check != nil {
				tc.check(t, st(g), ev)
			}
		})
	}
}

func dieFaces(ds []die) string { return strings.Join(faceList(ds), " ") }

// TestRulesDice covers the dice phase: pool limits, cards changing the
// pool and the re-rolls, forced dice-phase effects.
func TestRulesDice(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{
			name: "a pool card allows seven dice, still at most four of a type",
			fixture: `
seats 2
turn p1 pool
p1 faction=rebels f1=c10
p2 faction=rouge`,
			legal:   []string{"pool 4r3a", "pool 3r4a"},
			illegal: []string{"pool 4r2a", "pool 5r2a", "pool 2r5a"},
		},
		{
			name: "dice-phase cards resolve after the pool, in the player's order, before any roll",
			fixture: `
seats 2
turn p1 pool
p1 faction=rebels warhost=s09 f1=c05
p2 faction=rouge`,
			moves:   []string{"p1: pool 4r2a"},
			legal:   []string{"resolve s09", "resolve c05"},
			illegal: []string{"keep all", "reroll 1", "end"},
			check: func(t *testing.T, s *state, _ []games.Event) {
				if s.Phase != PhaseDice || s.Turn.HasRolled {
					t.Errorf("phase %s, rolled %v", s.Phase, s.Turn.HasRolled)
				}
			},
		},
		{
			name: "extra dice never make more than four of a type",
			fixture: `
seats 2
turn p1 dice
p1 faction=rebels warhost=s09 f1=c05
p2 faction=rouge
pending s09 c05`,
			moves: []string{"p1: resolve c05"}, // s09 is the last card and resolves by itself
			check: func(t *testing.T, s *state, _ []games.Event) {
				// The fixture's pool is empty: c05 adds a resource die,
				// s09 an attack die.
				if s.Turn.Resource != 1 || s.Turn.Attack != 1 || len(s.Turn.Pending) != 0 || s.Phase != PhaseRoll {
					t.Errorf("pool %dr%da, pending %v, phase %s", s.Turn.Resource, s.Turn.Attack, s.Turn.Pending, s.Phase)
				}
			},
		},
		{
			name: "a full type stays at four",
			fixture: `
seats 2
turn p1 pool
p1 faction=rebels warhost=s09
p2 faction=rouge`,
			moves: []string{"p1: pool 2r4a"},
			check: func(t *testing.T, s *state, _ []games.Event) {
				if s.Turn.Attack != 4 || len(s.Turn.Rolled) != 6 {
					t.Errorf("%d attack dice, %d rolled", s.Turn.Attack, len(s.Turn.Rolled))
				}
			},
		},
		{
			name: "cards add re-rolls, permanent and dice-phase alike",
			fixture: `
seats 2
turn p1 pool
p1 faction=rebels level=2 f1=c04 f2=t10
p2 faction=rouge`,
			moves: []string{"p1: pool 4r2a"}, // t10: one resource die less, one re-roll more
			check: func(t *testing.T, s *state, _ []games.Event) {
				if s.Turn.Rerolls != 4 || s.Turn.Resource != 3 || len(s.Turn.Rolled) != 5 {
					t.Errorf("%d re-rolls, %d resource dice, %d rolled; want 4, 3, 5", s.Turn.Rerolls, s.Turn.Resource, len(s.Turn.Rolled))
				}
			},
		},
		{
			name: "after the last re-roll every die is kept",
			fixture: `
seats 2
turn p1 roll
p1 faction=rebels
p2 faction=rouge
kept r2
rolled blank atk
rerolls 1`,
			moves: []string{"p1: reroll 1"},
			check: func(t *testing.T, s *state, _ []games.Event) {
				if s.Phase != PhaseAction || len(s.Turn.Kept) != 3 || len(s.Turn.Rolled) != 0 || s.Turn.Kept[1].Face != faceAttack {
					t.Errorf("phase %s, kept %s, rolled %s", s.Phase, dieFaces(s.Turn.Kept), dieFaces(s.Turn.Rolled))
				}
			},
		},
	})
}

// TestRulesAttacks covers entering the ark, attacks, critical hits, blocks
// and base attacks.
func TestRulesAttacks(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{
			name: "entering the empty ark costs one plain symbol; then only bases are attacked",
			fixture: `
seats 2
turn p1 action
p1 faction=rebels warhost=s23,s01
p2 faction=rouge
ark empty
kept crit atk`,
			moves:   []string{"p1: enter"},
			legal:   []string{"attack p2 1"},
			illegal: []string{"attack ark 1", "enter", "attack p1 1"},
			check: func(t *testing.T, s *state, _ []games.Event) {
				if s.Ark.Card != "s01" || s.Ark.Owner != 0 || s.Ark.Life != 2+2 || dieFaces(s.Turn.Kept) != "crit" {
					t.Errorf("ark %+v, kept %s", s.Ark, dieFaces(s.Turn.Kept))
				}
			},
		},
		{
			name: "ark life is capped at 10 in apocalypse mode, also with four players",
			fixture: `
seats 4 apocalypse
turn p1 action
p1 faction=rebels warhost=s45 f1=t09
p2 faction=rouge
p3 faction=djinns
p4 faction=empire
ark empty
kept atk`,
			moves: []string{"p1: enter"}, // resistance 6 + 1 (t09) + 4 players
			check: func(t *testing.T, s *state, _ []games.Event) {
				if s.Ark.Life != 10 {
					t.Errorf("ark life %d, want 10", s.Ark.Life)
				}
			},
		},
		{
			name: "ark life is capped at 10 with two players",
			fixture: `
seats 2
turn p1 action
p1 faction=rebels warhost=s45 f1=t09
p2 faction=rouge
ark s01 p2 1
kept atk`,
			moves: []string{"p1: attack ark 1"}, // resistance 6 + 1 + 2 players = 9
			check: func(t *testing.T, s *state, _ []games.Event) {
				if s.Ark.Card != "s45" || s.Ark.Life != 9 {
					t.Errorf("ark %+v, want s45 with 9", s.Ark)
				}
			},
		},
		{
			name: "a critical hit adds 1 to the soldier's power (German example: power 4 + crit = 5)",
			fixture: `
seats 3
turn p1 action
p1 faction=rebels
p2 faction=rouge
p3 faction=chaac policy=never
ark s12 p1 10
kept crit atk`,
			moves: []string{"p1: attack p3 1"},
			check: func(t *testing.T, s *state, ev []games.Event) {
				if !eventsContain(ev, "with power 5") || dieFaces(s.Turn.Kept) != "atk" {
					t.Errorf("kept %s, events %v", dieFaces(s.Turn.Kept), ev)
				}
			},
		},
		{
			name: "an attack may use any number of its critical hits",
			fixture: `
seats 2
turn p1 action
p1 faction=rebels
p2 faction=rouge policy=never
ark s12 p1 10
kept atk crit atk crit`,
			legal:   []string{"attack p2 2", "attack p2 2 1crit", "attack p2 2 plain", "attack p2 3 plain", "attack p2 4"},
			illegal: []string{"attack p2 3 1crit", "attack p2 2 2crit", "attack p2 2 0crit", "attack p2 4 plain"},
		},
		{
			name: "an attack with one of two critical hits keeps the other",
			fixture: `
seats 2
turn p1 action
p1 faction=rebels
p2 faction=rouge policy=never
ark s12 p1 10
kept atk crit atk crit`,
			moves: []string{"p1: attack p2 2 1crit"},
			check: func(t *testing.T, s *state, ev []games.Event) {
				if dieFaces(s.Turn.Kept) != "atk crit" || !eventsContain(ev, "with power 9") {
					t.Errorf("kept %s, events %v", dieFaces(s.Turn.Kept), ev)
				}
			},
		},
		{
			name: "a base resisting the attack loses nothing",
			fixture: `
seats 2
turn p1 action
p1 faction=rebels
p2 faction=chaac para=5 f1=c01
ark s01 p1 5
kept atk`,
			moves: []string{"p1: attack p2 1"}, // power 1 against resistance 4
			check: func(t *testing.T, s *state, ev []games.Event) {
				if s.Bases[1].Paragon != 5 || len(s.Bases[1].Fields[0]) != 1 || !eventsContain(ev, "resists") {
					t.Errorf("defender: paragon %d, field %v", s.Bases[1].Paragon, s.Bases[1].Fields[0])
				}
			},
		},
		{
			name: "a blocker with higher resistance survives and the attack counts as blocked",
			fixture: `
seats 2
turn p1 action
p1 faction=rebels
p2 faction=rouge para=5 warhost=s45 f1=c01
ark s12 p1 5
kept atk`,
			moves: []string{"p1: attack p2 1", "p2: block"}, // power 4 against resistance 6
			check: func(t *testing.T, s *state, ev []games.Event) {
				if top(s.Bases[1].Warhost) != "s45" || s.Bases[1].Paragon != 5 || len(s.Bases[1].Fields[0]) != 1 || eventsContain(ev, "destroying a soldier") {
					t.Errorf("defender %+v", s.Bases[1])
				}
			},
		},
		{
			name: "an unblockable soldier hits without a block decision",
			fixture: `
seats 2
turn p1 action
p1 faction=rebels
p2 faction=rouge warhost=s45 f1=c01
ark s06 p1 5
kept atk atk`,
			moves: []string{"p1: attack p2 2"}, // power 4 against resistance 3
			check: func(t *testing.T, s *state, ev []games.Event) {
				if s.Turn.Block != nil || len(s.Bases[1].Fields[0]) != 0 || !eventsContain(ev, "succeeds") {
					t.Errorf("block %+v, field %v", s.Turn.Block, s.Bases[1].Fields[0])
				}
			},
		},
		{
			name: "with two add-on piles the attacker chooses the card destroyed",
			fixture: `
seats 2
turn p1 action
p1 faction=rebels
p2 faction=rouge level=2 f1=c01 f2=t01
ark s12 p1 5
kept atk atk r1`,
			moves:   []string{"p1: attack p2 2"},
			legal:   []string{"destroy f1", "destroy f2"},
			illegal: []string{"gather", "end", "destroy f3"},
		},
		{
			name: "the chosen add-on card is destroyed",
			fixture: `
seats 2
turn p1 action
p1 faction=rebels
p2 faction=rouge level=2 f1=c01 f2=t01
ark s12 p1 5
kept atk atk r1`,
			moves: []string{"p1: attack p2 2", "p1: destroy f2"},
			legal: []string{"gather", "end"},
			check: func(t *testing.T, s *state, _ []games.Event) {
				if len(s.Bases[1].Fields[0]) != 1 || len(s.Bases[1].Fields[1]) != 0 || top(s.Decks[2].Discard) != "t01" {
					t.Errorf("defender fields %v", s.Bases[1].Fields)
				}
			},
		},
		{
			name: "a soldier's attack effect resolves after every attack",
			fixture: `
seats 2
turn p1 action
p1 faction=rebels res=0 warhost=s05
p2 faction=rouge
ark s45 none 10
kept atk atk`,
			moves: []string{"p1: attack ark 1", "p1: attack ark 1"},
			check: func(t *testing.T, s *state, _ []games.Event) {
				if s.Bases[0].Resources != 2 {
					t.Errorf("resources %d, want 2", s.Bases[0].Resources)
				}
			},
		},
		{
			name: "the ark controller loots at the end of another player's turn",
			fixture: `
seats 2
turn p2 action
p1 faction=rebels
p2 faction=rouge
ark s12 p1 5
kept r1`,
			moves: []string{"p2: end"},
			check: func(t *testing.T, s *state, ev []games.Event) {
				if !eventsContain(ev, "{p0} rolls 3 paragon dice (controlling the ark)") || s.Current != 0 {
					t.Errorf("current %d, events %v", s.Current, ev)
				}
			},
		},
	})
}

// TestRulesActions covers purchases, events, discarding and the common
// actions.
func TestRulesActions(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{
			name: "locked add-on fields take no cards",
			fixture: `
seats 2
turn p1 action
p1 faction=rebels res=10
p2 faction=rouge
display civilian c01`,
			legal:   []string{"buy civilian 1 f1"},
			illegal: []string{"buy civilian 1 f2", "buy civilian 1 f4"},
		},
		{
			name: "an upgrade unlocks the next field",
			fixture: `
seats 2
turn p1 action
p1 faction=rebels res=10 f1=t01
p2 faction=rouge
display civilian c01`,
			moves:   []string{"p1: upgrade"},
			legal:   []string{"buy civilian 1 f2"},
			illegal: []string{"buy civilian 1 f1", "buy civilian 1 f3", "upgrade"},
		},
		{
			name: "an upgrade needs its cost",
			fixture: `
seats 2
turn p1 action
p1 faction=rebels res=2
p2 faction=rouge
kept blank`,
			illegal: []string{"upgrade"},
		},
		{
			name: "level 4 is the last",
			fixture: `
seats 2
turn p1 action
p1 faction=rebels level=4 res=20
p2 faction=rouge
kept blank`,
			illegal: []string{"upgrade"},
		},
		{
			name: "an event resolves at once and goes to its discard pile",
			fixture: `
seats 2
turn p1 action
p1 faction=rebels res=5
p2 faction=rouge
display event e01`,
			moves: []string{"p1: buy event 1"}, // costs 2, gives 3
			check: func(t *testing.T, s *state, _ []games.Event) {
				if s.Bases[0].Resources != 6 || top(s.Decks[3].Discard) != "e01" || slices.Contains(s.Decks[3].FaceUp, "") || slices.Contains(s.Decks[3].FaceUp, "e01") {
					t.Errorf("resources %d, event discard %v, display %v", s.Bases[0].Resources, s.Decks[3].Discard, s.Decks[3].FaceUp)
				}
			},
		},
		{
			name: "an event aimed at an enemy's add-on destroys it",
			fixture: `
seats 2
turn p1 action
p1 faction=rebels res=5
p2 faction=rouge f1=c01
display event e05`,
			moves: []string{"p1: buy event 1 p2 f1"},
			check: func(t *testing.T, s *state, _ []games.Event) {
				if len(s.Bases[1].Fields[0]) != 0 || !slices.Contains(s.Decks[1].Discard, "c01") {
					t.Errorf("p2 field 1: %v", s.Bases[1].Fields[0])
				}
			},
		},
		{
			name: "an empty deck reshuffles its discard pile",
			fixture: `
seats 2
turn p1 action
p1 faction=rebels res=10
p2 faction=rouge
display soldier s23`,
			setup: func(s *state) {
				p := &s.Decks[0]
				p.Draw, p.Discard = nil, p.Draw
			},
			moves: []string{"p1: discard soldier 1"}, // s23 too is shuffled into the new deck
			check: func(t *testing.T, s *state, ev []games.Event) {
				p := s.Decks[0]
				if p.FaceUp[0] == "" || len(p.Discard) != 0 || len(p.Draw) != 64-1-2 || !eventsContain(ev, "discard pile is shuffled") {
					t.Errorf("display %v, %d in the deck, %d discarded", p.FaceUp, len(p.Draw), len(p.Discard))
				}
			},
		},
		{
			name: "weapon technology turns exactly one attack symbol into a critical hit",
			fixture: `
seats 2
turn p1 action
p1 faction=rebels res=5
p2 faction=rouge
kept atk atk`,
			moves: []string{"p1: weapontech"},
			check: func(t *testing.T, s *state, _ []games.Event) {
				if dieFaces(s.Turn.Kept) != "crit atk" || s.Bases[0].Resources != 2 {
					t.Errorf("kept %s, resources %d", dieFaces(s.Turn.Kept), s.Bases[0].Resources)
				}
			},
		},
		{
			name: "tactical assault rolls one attack die into the action pool",
			fixture: `
seats 2
turn p1 action
p1 faction=rebels res=5
p2 faction=rouge
kept r1`,
			moves: []string{"p1: assault"},
			check: func(t *testing.T, s *state, _ []games.Event) {
				if len(s.Turn.Kept) != 2 || s.Turn.Kept[1].Kind != dieAttack || s.Bases[0].Resources != 2 {
					t.Errorf("kept %+v, resources %d", s.Turn.Kept, s.Bases[0].Resources)
				}
			},
		},
		{
			name: "harvest rolls one paragon die into the action pool, cheaper with a card",
			fixture: `
seats 2
turn p1 action
p1 faction=rebels res=5 f1=c08
p2 faction=rouge
kept r1`,
			moves: []string{"p1: harvest"},
			check: func(t *testing.T, s *state, _ []games.Event) {
				if len(s.Turn.Kept) != 2 || s.Turn.Kept[1].Kind != dieParagon || s.Bases[0].Resources != 2 {
					t.Errorf("kept %+v, resources %d", s.Turn.Kept, s.Bases[0].Resources)
				}
			},
		},
		{
			name: "pharmaceuticals heal 2 up to the cap",
			fixture: `
seats 2
turn p1 action
p1 faction=rebels res=6
p2 faction=rouge
ark s12 p1 9
kept r1`,
			moves:   []string{"p1: pharma"},
			illegal: []string{"pharma"},
			check: func(t *testing.T, s *state, _ []games.Event) {
				if s.Ark.Life != 10 || s.Bases[0].Resources != 3 {
					t.Errorf("ark life %d, resources %d", s.Ark.Life, s.Bases[0].Resources)
				}
			},
		},
		{
			name: "re-organizing is paid once for any number of changes",
			fixture: `
seats 2
turn p1 action
p1 faction=rebels level=2 res=3 warhost=s01,s23 f1=c01,c13
p2 faction=rouge
kept r1`,
			moves: []string{"p1: reorganize", "p1: move s01 top", "p1: move c01 top", "p1: move c13 f2", "p1: done"},
			check: func(t *testing.T, s *state, _ []games.Event) {
				b := s.Bases[0]
				if b.Resources != 2 || top(b.Warhost) != "s01" || !slices.Equal(b.Fields[0], []string{"c01"}) || !slices.Equal(b.Fields[1], []string{"c13"}) {
					t.Errorf("base after re-organizing: %+v", b)
				}
			},
		},
		{
			name: "the turn ends by itself when nothing but ending is left; productivity starts the next",
			fixture: `
seats 2
turn p1 action
p1 faction=rebels res=0
p2 faction=rouge level=2 res=0
kept r1 blank`,
			moves: []string{"p1: gather"},
			check: func(t *testing.T, s *state, _ []games.Event) {
				if s.Current != 1 || s.Bases[1].Resources != 1 || len(s.Turn.Kept) != 0 {
					t.Errorf("current %d, p2 resources %d, kept %s", s.Current, s.Bases[1].Resources, dieFaces(s.Turn.Kept))
				}
			},
		},
		{
			name: "paragon stops at 40",
			fixture: `
seats 2
turn p1 action
p1 faction=rebels para=34
p2 faction=rouge
kept p2 p2 p2`,
			moves: []string{"p1: loot"},
			check: func(t *testing.T, s *state, _ []games.Event) {
				if s.Bases[0].Paragon != 40 || s.Winner != 0 {
					t.Errorf("paragon %d, winner %d", s.Bases[0].Paragon, s.Winner)
				}
			},
		},
	})
}

// rigged returns g with its generator reseeded so that seat's move leads
// to a state passing want, for rules that depend on a roll.
func rigged(t *testing.T, g games.Game, seat games.Seat, move string, want func(before, after *state) bool) games.Game {
	t.Helper()
	for seed := uint64(1); seed < 1000; seed++ {
		try := edit(g, func(s *state) { s.RNG = *rng.New(seed) })
		next, _, err := games.PlayText(try, seat, move)
		if err != nil {
			t.Fatalf("%s: %v", move, err)
		}
		if want(st(try), st(next)) {
			return edit(g, func(s *state) { s.RNG = *rng.New(seed) })
		}
	}
	t.Fatalf("no roll makes %q pass", move)
	return nil
}

func gainsParagon(seat games.Seat) func(before, after *state) bool {
	return func(before, after *state) bool { return after.Bases[seat].Paragon > before.Bases[seat].Paragon }
}

// TestRulesVictory: the game ends the moment the target is reached, in
// the middle of a move.
func TestRulesVictory(t *testing.T) {
	t.Run("paragon for destroying the ark soldier wins before the attacker enters", func(t *testing.T) {
		g := games.Game(fixture(t, `
seats 2
turn p1 action
p1 faction=rebels para=34 warhost=s12
p2 faction=rouge
ark s01 p2 1
kept atk atk`))
		g = rigged(t, g, 0, "attack ark 1", gainsParagon(0))
		g, _ = play(t, g, "p1: attack ark 1")
		s := st(g)
		if s.Winner != 0 || s.Ark.Card != "" || top(s.Bases[0].Warhost) != "s12" || len(g.LegalMoves(0)) != 0 {
			t.Errorf("winner %d, ark %+v, warhost %v", s.Winner, s.Ark, s.Bases[0].Warhost)
		}
	})
	t.Run("the end-of-turn ark loot wins before the next turn", func(t *testing.T) {
		g := games.Game(fixture(t, `
seats 2
turn p1 action
p1 faction=rebels para=34
p2 faction=rouge level=2 res=0
ark s12 p1 5
kept r1`))
		g = rigged(t, g, 0, "end", gainsParagon(0))
		g, _ = play(t, g, "p1: end")
		s := st(g)
		if s.Winner != 0 || s.Current != 0 || s.Bases[1].Resources != 0 || len(g.ToAct()) != 0 {
			t.Errorf("winner %d, current %d, p2 resources %d", s.Winner, s.Current, s.Bases[1].Resources)
		}
	})
	t.Run("paragon looted from a base wins before an add-on is destroyed", func(t *testing.T) {
		g := games.Game(fixture(t, `
seats 2
turn p1 action
p1 faction=rebels para=34
p2 faction=rouge para=5 f1=c01
ark s12 p1 5
kept atk`))
		g = rigged(t, g, 0, "attack p2 1", gainsParagon(0))
		g, _ = play(t, g, "p1: attack p2 1")
		if s := st(g); s.Winner != 0 || len(s.Bases[1].Fields[0]) != 1 {
			t.Errorf("winner %d, p2 field %v", s.Winner, s.Bases[1].Fields[0])
		}
	})
	t.Run("stealing from each enemy stops when the game is won", func(t *testing.T) {
		g := fixture(t, `
seats 3
turn p1 action
p1 faction=rebels para=24
p2 faction=rouge para=5
p3 faction=djinns para=5
kept r1`)
		g.resolve(0, "", []Effect{{Timing: TimingImmediate, Kind: "steal_paragon", Amount: 1, Target: TargetEachEnemy}}, noChoice)
		if s := g.s; s.Winner != 0 || s.Bases[1].Paragon != 4 || s.Bases[2].Paragon != 5 {
			t.Errorf("winner %d, paragon %d/%d/%d", s.Winner, s.Bases[0].Paragon, s.Bases[1].Paragon, s.Bases[2].Paragon)
		}
	})
}

// TestRulesSetup checks the setup for every number of players and mode.
func TestRulesSetup(t *testing.T) {
	for seats := 2; seats <= 4; seats++ {
		for _, apoc := range []bool{false, true} {
			name := strconv.Itoa(seats) + "p"
			if apoc {
				name += "/apocalypse"
			}
			t.Run(name, func(t *testing.T) {
				g, err := newWithSet(testSet, games.Setup{Seats: seats, Seed: uint64(seats), Options: games.Options{OptApocalypse: strconv.FormatBool(apoc)}})
				if err != nil {
					t.Fatal(err)
				}
				s := g.s
				for i, b := range s.Bases {
					if b.Resources != seats || b.Paragon != 0 || b.Level != 1 || len(b.Warhost) != 0 || len(slices.Concat(b.Fields[:]...)) != 0 {
						t.Errorf("seat %d starts with %+v", i, b)
					}
				}
				faceUp, cap := 2, 20
				if apoc {
					faceUp = 1
				}
				if apoc || seats == 2 {
					cap = 10
				}
				for di, p := range s.Decks {
					if len(p.FaceUp) != faceUp || slices.Contains(p.FaceUp, "") || len(p.Discard) != 0 {
						t.Errorf("%s display %v, discard %v", deckNames[di], p.FaceUp, p.Discard)
					}
				}
				if want := min(cap, testSet.Card(s.Ark.Card).Resistance+seats); s.Ark.Owner != -1 || s.Ark.Life != want {
					t.Errorf("ark %+v, want a neutral soldier with %d life", s.Ark, want)
				}
				if len(s.Decks[0].Draw) != 64-1-faceUp {
					t.Errorf("%d soldiers left in the deck", len(s.Decks[0].Draw))
				}
				if s.Target != table.TargetDefault[seats] || s.Current != s.Starter || s.Round != 1 || s.Phase != PhasePool {
					t.Errorf("target %d, current %d, starter %d, round %d, phase %s", s.Target, s.Current, s.Starter, s.Round, s.Phase)
				}
			})
		}
	}
}

// TestStartingPlayerTies: all roll two paragon dice, the highest starts,
// only the tied leaders roll again.
func TestStartingPlayerTies(t *testing.T) {
	ties := 0
	for seed := uint64(0); seed < 60; seed++ {
		g, err := newWithSet(testSet, games.Setup{Seats: 4, Seed: seed, Options: games.Options{}})
		if err != nil {
			t.Fatal(err)
		}
		var seats, sums []int
		for _, e := range g.s.Log {
			var seat, sum int
			rest, ok := strings.CutPrefix(e.Text.EN, "Starting player roll: {p")
			if !ok {
				continue
			}
			seat = int(rest[0] - '0')
			_, total, _ := strings.Cut(rest, " = ")
			for _, c := range strings.TrimSuffix(total, ".") {
				sum = sum*10 + int(c-'0')
			}
			seats, sums = append(seats, seat), append(sums, sum)
		}
		// Split the rolls into rounds: round 1 is every seat; each later
		// round is exactly the leaders of the one before.
		round := []int{0, 1, 2, 3}
		i := 0
		for {
			if !slices.Equal(seats[i:i+len(round)], round) {
				t.Fatalf("seed %d: round of %v rolled by %v", seed, round, seats[i:])
			}
			best := slices.Max(sums[i : i+len(round)])
			var leaders []int
			for k, seat := range round {
				if sums[i+k] == best {
					leaders = append(leaders, seat)
				}
			}
			i += len(round)
			if len(leaders) == 1 {
				if int(g.s.Starter) != leaders[0] || i != len(seats) {
					t.Fatalf("seed %d: starter %d, leader %d, %d extra rolls", seed, g.s.Starter, leaders[0], len(seats)-i)
				}
				break
			}
			ties++
			round = leaders
		}
	}
	if ties == 0 {
		t.Error("no tie in 60 games: the test proves nothing")
	}
}

// TestRulesForcedEffects: every effect-phase card of the player resolves
// once, in the order the player picks, before the dice phase.
func TestRulesForcedEffects(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{
			name: "each card once, in any order, and nothing else first",
			fixture: `
seats 2
turn p1 effect
p1 faction=rebels level=3 res=0 f1=c01 f2=c02 f3=c13
p2 faction=rouge
pending c01 c02 c13`,
			moves:   []string{"p1: resolve c13"},
			legal:   []string{"resolve c01", "resolve c02"},
			illegal: []string{"resolve c13", "pool 4r2a", "end", "keep all"},
			check: func(t *testing.T, s *state, _ []games.Event) {
				if s.Bases[0].Resources != 2 || !slices.Equal(s.Turn.Pending, []string{"c01", "c02"}) {
					t.Errorf("resources %d, pending %v", s.Bases[0].Resources, s.Turn.Pending)
				}
			},
		},
		{
			name: "a forced effect with a target waits for the player's choice",
			fixture: `
seats 3
turn p1 effect
p1 faction=rebels f1=c07
p2 faction=rouge res=2
p3 faction=djinns res=2
pending c07`,
			legal:   []string{"resolve c07 p2", "resolve c07 p3"},
			illegal: []string{"resolve c07", "pool 4r2a"},
		},
		{
			name: "a card covered by an earlier effect lapses",
			fixture: `
seats 2
turn p1 effect
p1 faction=rebels level=2 res=0 para=3 f1=c01 f2=t07
p2 faction=rouge
pending c01 t07`,
			moves: []string{"p1: resolve t07"}, // a free civilian goes onto c01
			check: func(t *testing.T, s *state, _ []games.Event) {
				b := s.Bases[0]
				if len(b.Fields[0]) != 2 || b.Fields[0][0] != "c01" || b.Resources != 0 || b.Paragon != 2 || s.Phase != PhasePool {
					t.Errorf("field 1 %v, resources %d, paragon %d, phase %s", b.Fields[0], b.Resources, b.Paragon, s.Phase)
				}
			},
		},
	})
}

// TestRuleReasons: the reasons given for the rules players most often get
// wrong.
func TestRuleReasons(t *testing.T) {
	for _, tc := range []struct {
		name, fixture, move, want string
	}{
		{"forced effects first", fxEffectPhase, "pool 4r2a", "First resolve your effect phase cards, in any order: c01."},
		{"at most four of a type", "seats 2\nturn p1 pool\np1 faction=rebels\np2 faction=rouge", "pool 5r1a", "At most 4 dice of one type."},
		{"pool size", "seats 2\nturn p1 pool\np1 faction=rebels\np2 faction=rouge", "pool 3r2a", "Your dice pool holds exactly 6 dice."},
		{"kept dice stay", "seats 2\nturn p1 roll\np1 faction=rebels\np2 faction=rouge\nkept r2\nrolled blank atk\nrerolls 1", "reroll #3", "Only dice of the last roll (#1, #2) can be re-rolled; kept dice stay in your action pool."},
		{"kept dice stay, named by place", "seats 2\nturn p1 roll\np1 faction=rebels\np2 faction=rouge\nkept r2\nrolled blank atk\nrerolls 1", "reroll 3", "Only dice of the last roll (#1, #2) can be re-rolled; kept dice stay in your action pool."},
		{"the ark holder attacks bases", fxArkHolder, "attack ark 1", "Your soldier holds the ark: it may only attack enemy bases (attack p2 1)."},
		{"the warhost attacks the ark", "seats 2\nturn p1 action\np1 faction=rebels warhost=s01\np2 faction=rouge\nark s12 p2 5\nkept atk", "attack p2 1", "Only a soldier inside the ark attacks bases; from your warhost you attack the soldier in the ark."},
		{"the empty ark is entered", fxEmptyArk, "attack ark 1", "The ark is empty: move your active soldier in with one attack symbol (enter)."},
		{"the occupied ark is not entered", "seats 2\nturn p1 action\np1 faction=rebels warhost=s01\np2 faction=rouge\nark s12 p2 5\nkept atk", "enter", "The ark is occupied: destroy its soldier to enter."},
		{"no discarding the display in apocalypse", fxApocalypse, "discard soldier 1", "In apocalypse mode face-up cards cannot be discarded."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := fixture(t, tc.fixture)
			_, _, err := games.PlayText(g, g.s.Current, tc.move)
			re, ok := games.AsRuleError(err)
			if !ok || re.Reason.EN != tc.want || re.Reason.DE == "" {
				t.Errorf("Apply(%q) = %v, want %q", tc.move, err, tc.want)
			}
		})
	}
}

// TestExplainReasons checks the reasons Explain gives for typed text that
// is not a legal move, as a player reads them (through games.PlayText).
func TestExplainReasons(t *testing.T) {
	const roll = "seats 2\nturn p1 roll\np1 faction=rebels\np2 faction=rouge\nrolled r1 blank\nrerolls 1"
	for _, tc := range []struct {
		name, fixture string
		seat          games.Seat
		move, want    string
	}{
		{"unreadable text shows the notation", fxNoSoldier, 0, "fly away", `"fly away" is not a move; moves are written like "gather".`},
		{"out of turn names whose turn it is", fxNoSoldier, 1, "end", "It is not your turn: waiting for {p0}."},
		{"the standing choice already set", fxArkHolder, 0, "policy block=ask", "That is already your standing choice."},
		{"a move of another phase", roll, 0, "end", `"end" is not possible now (dice phase: keep or re-roll); try "keep all".`},
		{"more symbols than kept", fxArkHolder, 0, "attack p2 3", "Your action pool holds 2 symbols of attack."},
		{"more critical hits than kept", fxArkHolder, 0, "attack p2 2 2crit", "Your action pool holds 1 crit."},
		{"no attack on oneself", fxArkHolder, 0, "attack p1 1", "You cannot attack your own base."},
		{"no such player", fxArkHolder, 0, "attack p4 1", "There is no player 4 at this table."},
		{"a card that is not active", fxArkHolder, 0, "use s12", "Test Soldier 12 (s12) is not one of your active cards (the top cards of your piles and your soldier in the ark)."},
		{"an empty display slot", fxArkHolder, 0, "buy soldier 9", "There is no face-up card at soldiers 9."},
		{"no resource dice to gather", fxArkHolder, 0, "gather", "None of your kept dice shows resources."},
		{"a common action too dear", fxNoSoldier, 0, "harvest", "Harvest costs you 4 resources; you have 0."},
		{"pharmaceuticals without the ark", fxEmptyArk, 0, "pharma", "Pharmaceuticals heal only your own soldier in the ark."},
		{"nothing to re-organize", fxArkHolder, 0, "reorganize", "Re-organizing would change nothing: your piles have no card to move."},
		{"discarding an empty field", fxArkHolder, 0, "discard f2", "Your field 2 holds no card."},
		{"an add-on to a locked field", "seats 2\nturn p1 action\np1 faction=rebels res=20\np2 faction=rouge\ndisplay civilian c06 c07\nkept atk", 0, "buy civilian 1 f3", "Your field 3 is not unlocked yet."},
		{"an add-on without its field", "seats 2\nturn p1 action\np1 faction=rebels res=20\np2 faction=rouge\ndisplay civilian c06 c07\nkept atk", 0, "buy civilian 1", "Name the field for the card, e.g. f1."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := fixture(t, tc.fixture)
			_, _, err := games.PlayText(g, tc.seat, tc.move)
			re, ok := games.AsRuleError(err)
			if !ok || re.Reason.EN != tc.want || re.Reason.DE == "" || re.Reason.DE == re.Reason.EN {
				t.Errorf("PlayText(%q) = %v, want %q", tc.move, err, tc.want)
			}
		})
	}
}
