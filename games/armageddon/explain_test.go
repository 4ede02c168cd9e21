package armageddon

import (
	"errors"
	"strings"
	"testing"

	"github.com/playbychat/pbc/games"
)

// placing is the table with seat about to place building id, just taken.
func placing(t *testing.T, seat int, id string) *Game {
	return with(table(t), func(s *state) {
		s.Phase, s.Order, s.Step = phaseBuild, []int{seat}, 0
		s.Pending = &pending{Kind: pendPlace, Seat: seat, Card: g0(t).cs.building[id], Tile: none}
	})
}

// TestRefusalReasons checks the reasons typed text is refused with, as
// games.Resolve gives them to the player, in English and German.
func TestRefusalReasons(t *testing.T) {
	bidder := table(t).bidder()
	for _, tc := range []struct {
		name   string
		g      func(t *testing.T) *Game
		seat   int
		text   string
		en, de string
	}{
		{"gibberish", table, bidder, "fly away", "Unknown move. Now you can write, for example: `bid explore 0`.", "Unbekannter Zug"},
		{"another phase's move", table, bidder, "done", "Not possible now (place a bid): for example `bid explore 0`.", "Das geht jetzt nicht (bieten)"},
		{"survivors not behind the screen", table, bidder, "bid city b9", "You do not have those survivors behind your screen: you have ", "hinter deinem Sichtschirm: Du hast "},
		{"a second bid in one area", func(t *testing.T) *Game {
			return with(table(t), func(s *state) { s.Areas[areaCity].Bids = []bid{{Seat: bidder}} })
		}, bidder, "bid city 0", "You have already bid in City.", "Du hast in Stadt schon geboten."},
		{"written otherwise", func(t *testing.T) *Game {
			return with(table(t), func(s *state) { s.Players[bidder].Reserve = Crowd{green: 1, blue: 1} })
		}, bidder, "bid city b1,g1", "Write that move as `bid city g1,b1`.", "Schreibe diesen Zug als `bid city g1,b1`."},
		{"no such display card", func(t *testing.T) *Game {
			return with(table(t), func(s *state) { s.Phase, s.Order, s.Step = phaseExplore, []int{nikki}, 0 })
		}, nikki, "take 9", "There is no card 9: the display has 4.", "Es gibt keine Karte 9: Die Auslage hat 4."},
		{"an upgrade off its building", func(t *testing.T) *Game { return placing(t, nikki, "b01") }, nikki, "build 3",
			"Command Post is an upgrade of the Headquarters: it goes only on space 1.", "Kommandoposten ist eine Aufwertung des Hauptquartiers"},
		{"a building on an upgrade's space", func(t *testing.T) *Game { return placing(t, nikki, "b05") }, nikki, "build 1",
			"Barracks cannot go on spaces 1 and 2", "Kaserne kann nicht auf Platz 1 oder 2"},
		{"the last space before the Extension", func(t *testing.T) *Game { return placing(t, nikki, "b05") }, nikki, "build 8",
			"Space 8 is free only once the Extension is built.", "Platz 8 ist erst frei"},
		{"no building there", func(t *testing.T) *Game { return city(t, nikki, Crowd{green: 3}, nil, nil) }, nikki, "use 5a g1",
			"There is no building on space 5.", "Auf Platz 5 steht kein Gebäude."},
		{"an action used up", func(t *testing.T) *Game {
			return city(t, nikki, Crowd{green: 3}, nil, func(s *state) { s.Players[nikki].Uses[0][0] = 1 })
		}, nikki, "use 1a g1", "The action of Headquarters is used up this round (1×).", "Die Aktion von Hauptquartier ist in dieser Runde verbraucht (1×)."},
		{"a payment the city survivors cannot make", func(t *testing.T) *Game {
			return city(t, nikki, Crowd{green: 3}, nil, nil)
		}, nikki, "use 1a b1", "Your free city survivors (3 workers) cannot pay it that way; they can pay `g1`.", "möglich ist `g1`."},
		{"nothing to repair", func(t *testing.T) *Game {
			return city(t, nikki, Crowd{yellow: 1}, nil, func(s *state) { s.Players[nikki].Damage = 1 })
		}, nikki, "repair y1", "Your damage marker is on field 1: there is nothing to repair.", "nichts zu reparieren"},
		{"a card not in the hand", func(t *testing.T) *Game {
			return with(table(t), func(s *state) {
				s.Players[nikki].Hand = []handCard{{Card: 0}}
				s.Pending = &pending{Kind: pendDiscard, Seat: nikki, Count: 1, Card: none, Tile: none}
			})
		}, nikki, "discard gasoline", "You have no Gasoline card in your hand.", "Du hast keine Karte „Benzin“ auf der Hand."},
		{"an unknown kind of card", func(t *testing.T) *Game {
			return with(table(t), func(s *state) {
				s.Players[nikki].Hand = []handCard{{Card: 0}}
				s.Pending = &pending{Kind: pendDiscard, Seat: nikki, Count: 1, Card: none, Tile: none}
			})
		}, nikki, "discard caviar", `There is no equipment "caviar"; the kinds are beer, gasoline`, `Es gibt keine Ausrüstung "caviar"`},
		{"too few survivors returned", func(t *testing.T) *Game {
			return with(table(t), func(s *state) {
				s.Phase = phaseShelter
				s.Players[nikki].Short = 2
			})
		}, nikki, "release g1", "Return exactly 2 survivors you have.", "Gib genau 2 Überlebende zurück, die du hast."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := tc.g(t)
			seat := games.Seat(tc.seat)
			_, err := games.Resolve(g, seat, g.LegalMoves(seat), tc.text)
			re, ok := games.AsRuleError(err)
			if !ok || errors.Is(err, games.ErrIllegalMove) {
				t.Fatalf("%q: error %v, want the rules' reason", tc.text, err)
			}
			if !strings.Contains(re.Reason.EN, tc.en) || !strings.Contains(re.Reason.DE, tc.de) {
				t.Errorf("%q refused with\n%q\n%q\nwant\n%q\n%q", tc.text, re.Reason.EN, re.Reason.DE, tc.en, tc.de)
			}
		})
	}
}

// TestRefusalOutOfTurn checks that a seat not asked is told whose turn it
// is, not a rule of a move it cannot make.
func TestRefusalOutOfTurn(t *testing.T) {
	g := table(t)
	other := (g.bidder() + 1) % g.s.Seats
	_, err := games.Resolve(g, games.Seat(other), g.LegalMoves(games.Seat(other)), "bid city 0")
	if !errors.Is(err, games.ErrNotYourTurn) {
		t.Fatalf("error %v, want not your turn", err)
	}
}

// FuzzParseMove checks that parsing never panics and that a parsed move
// reads back from its canonical notation as the same move.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"bid city g2,p1", "take 2", "take beer", "build box", "build 8", "use 3a g1 b", "swap bid y",
		"release g1,b2", "score s01", "done", "use 9a g1", "bid city g1,g1", "use a g1", "extension 0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		m, ok := parseMove(text)
		if !ok {
			return
		}
		again, ok := parseMove(m.notation())
		if !ok || again != m {
			t.Fatalf("%q parses as %+v, its notation %q as %+v", text, m, m.notation(), again)
		}
	})
}
