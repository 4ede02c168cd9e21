package bot

import (
	"testing"

	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
)

// roundGame is a state of a game with rounds and combats, for the
// standing choices: who acts, with which moves.
type roundGame struct {
	round  int
	span   string // the combat under way, "" for none
	acting []games.Seat
	moves  []games.Move // every acting seat's
}

var (
	_ games.Rounder = (*roundGame)(nil)
	_ games.Spanner = (*roundGame)(nil)
)

func (g *roundGame) Seats() int { return 2 }
func (g *roundGame) ToAct() []games.Actor {
	var out []games.Actor
	for _, s := range g.acting {
		out = append(out, games.Actor{Seat: s, Kind: games.Reaction, Decision: "react"})
	}
	return out
}
func (g *roundGame) LegalMoves(seat games.Seat) []games.Move {
	for _, s := range g.acting {
		if s == seat {
			return g.moves
		}
	}
	return nil
}
func (g *roundGame) Apply(games.Seat, games.Move) (games.Game, []games.Event, error) {
	return nil, nil, games.ErrIllegalMove
}
func (g *roundGame) View(games.Seat) games.View    { return nil }
func (g *roundGame) Status() games.Status          { return games.Status{} }
func (g *roundGame) MarshalState() ([]byte, error) { return nil, nil }
func (g *roundGame) Round() int                    { return g.round }
func (g *roundGame) Span(games.Seat) string        { return g.span }

// TestStandingChoices checks, for each standing choice the bot applies,
// the move the bot makes for seat 1 (autoMove): the choice set, applied
// while its round or combat lasts, over at its end, cancelled, and void
// once the seat changed hands.
func TestStandingChoices(t *testing.T) {
	pass := games.Move{Notation: "pass", Role: games.RolePass}
	play := games.Move{Notation: "play 3"}
	setting := games.Move{Notation: "autopass on", Group: games.SettingGroup}
	choice := func(kind, scope string) db.SeatChoice {
		return db.SeatChoice{TableID: 1, Seat: 1, Kind: kind, Scope: scope, UserID: "u2"}
	}
	inCombat := func(round int, span string, moves ...games.Move) *roundGame {
		return &roundGame{round: round, span: span, acting: []games.Seat{0, 1}, moves: moves}
	}
	tests := []struct {
		name    string
		choices []db.SeatChoice
		seatTo  string // the user holding seat 1; "" for u2
		g       *roundGame
		want    string // the move the bot makes for seat 1, "" for none
	}{
		{"no choice: a real choice is asked", nil, "", inCombat(2, "", play, pass), ""},
		{"no choice: a lone pass is forced", nil, "", inCombat(2, "", pass, setting), "pass"},
		{"round: passes a real choice", []db.SeatChoice{choice(choiceRound, "2")}, "", inCombat(2, "", play, pass, setting), "pass"},
		{"round: over when the round ends", []db.SeatChoice{choice(choiceRound, "2")}, "", inCombat(3, "", play, pass), ""},
		{"round: nothing to pass", []db.SeatChoice{choice(choiceRound, "2")}, "", inCombat(2, "", play), ""},
		{"round: void once the seat changed hands", []db.SeatChoice{choice(choiceRound, "2")}, "u3", inCombat(2, "", play, pass), ""},
		{"round: not acting", []db.SeatChoice{choice(choiceRound, "2")}, "", &roundGame{round: 2, acting: []games.Seat{0}, moves: []games.Move{play, pass}}, ""},
		{"combat: passes a real choice", []db.SeatChoice{choice(choiceCombat, "r2:combat")}, "", inCombat(2, "r2:combat", play, pass), "pass"},
		{"combat: over when the combat ends", []db.SeatChoice{choice(choiceCombat, "r2:combat")}, "", inCombat(2, "", play, pass), ""},
		{"combat: over in the next combat", []db.SeatChoice{choice(choiceCombat, "r2:combat")}, "", inCombat(3, "r3:combat", play, pass), ""},
		{"ask: a lone pass is asked", []db.SeatChoice{choice(choiceAsk, "")}, "", inCombat(2, "", pass), ""},
		{"ask: another seat's choice changes nothing", []db.SeatChoice{{TableID: 1, Seat: 0, Kind: choiceAsk, UserID: "u1"}}, "", inCombat(2, "", pass), "pass"},
		{"ask beside round: the round's pass is made", []db.SeatChoice{choice(choiceAsk, ""), choice(choiceRound, "2")}, "", inCombat(2, "", play, pass), "pass"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			holder := tt.seatTo
			if holder == "" {
				holder = "u2"
			}
			s := &session{table: db.Table{ID: 1}, seats: []db.Seat{{Seat: 0, UserID: "u1"}, {Seat: 1, UserID: holder}},
				game: tt.g, choices: tt.choices}
			m, ok := s.autoMove(tt.g, 1)
			if ok != (tt.want != "") || m.Notation != tt.want {
				t.Errorf("autoMove = %q, %v; want %q", m.Notation, ok, tt.want)
			}
			if got := botAnswers(s, tt.g)(1); got != (tt.want != "") {
				t.Errorf("botAnswers = %v, want %v (the seat is woken unless the bot answers)", got, tt.want != "")
			}
		})
	}
}

// TestChoiceMenu checks the options the standing-choices menu offers: each
// kind that can last for something now, to set it or, set, to cancel it.
func TestChoiceMenu(t *testing.T) {
	tests := []struct {
		name    string
		choices []db.SeatChoice
		g       *roundGame
		want    []string
	}{
		{"before the first round", nil, &roundGame{}, []string{"!set:ask"}},
		{"in a round", nil, &roundGame{round: 1}, []string{"!set:round", "!set:ask"}},
		{"in a combat", nil, &roundGame{round: 1, span: "c"}, []string{"!set:round", "!set:combat", "!set:ask"}},
		{"set, to cancel", []db.SeatChoice{{Seat: 1, Kind: choiceRound, Scope: "1", UserID: "u2"}, {Seat: 1, Kind: choiceAsk, UserID: "u2"}},
			&roundGame{round: 1, span: "c"}, []string{"!drop:round", "!set:combat", "!drop:ask"}},
		{"a past round's, to set anew", []db.SeatChoice{{Seat: 1, Kind: choiceRound, Scope: "1", UserID: "u2"}},
			&roundGame{round: 2}, []string{"!set:round", "!set:ask"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := &session{seats: []db.Seat{{Seat: 0, UserID: "u1"}, {Seat: 1, UserID: "u2"}}, game: tt.g, choices: tt.choices}
			var got []string
			for _, o := range s.choiceOptions(1, games.English) {
				got = append(got, o.Value)
				set, kind, ok := parseChoiceValue(o.Value)
				if !ok || kind == "" || set != (o.Value[1:4] == "set") {
					t.Errorf("option %q reads as %v %q %v", o.Value, set, kind, ok)
				}
			}
			if len(got) != len(tt.want) {
				t.Fatalf("options %v, want %v", got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("options %v, want %v", got, tt.want)
				}
			}
		})
	}
	for _, bad := range []string{"autopass on", "!set:", "!keep:round", "!set:turn"} {
		if _, _, ok := parseChoiceValue(bad); ok {
			t.Errorf("%q reads as a standing choice", bad)
		}
	}
}
