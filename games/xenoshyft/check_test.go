package xenoshyft

import (
	"errors"
	"testing"
)

// TestCheckInvariants breaks a game in one place per case and checks that
// CheckInvariants finds it.
func TestCheckInvariants(t *testing.T) {
	tests := []struct {
		name  string
		spoil func(s *state)
	}{
		{"a card in two places", func(s *state) { s.Players[0].Hand = append(s.Players[0].Hand, s.Players[1].Hand[0]) }},
		{"a card nowhere", func(s *state) { s.Players[0].Hand = s.Players[0].Hand[1:] }},
		{"a card that does not exist", func(s *state) { s.Box = append(s.Box, len(s.Cards)) }},
		{"base above its maximum", func(s *state) { s.BaseHP = s.BaseMax + 1 }},
		{"negative spending", func(s *state) { s.Players[1].Spent = -1 }},
		{"a window outside combat", func(s *state) { s.Combat.Window = true }},
		{"an enemy in a hand", func(s *state) {
			e := &s.Encounter[0]
			s.Players[0].Hand = append(s.Players[0].Hand, e.Deck[len(e.Deck)-1])
			e.Deck = e.Deck[:len(e.Deck)-1]
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := supplyGame(t)
			if err := g.CheckInvariants(); err != nil {
				t.Fatalf("fresh game: %v", err)
			}
			tc.spoil(g.s)
			if err := g.CheckInvariants(); !errors.Is(err, ErrInvariant) {
				t.Errorf("CheckInvariants = %v, want ErrInvariant", err)
			}
		})
	}
}
