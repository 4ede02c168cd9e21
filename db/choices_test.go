package db

import (
	"context"
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/playbychat/pbc/db/dbtest"
)

// TestSeatChoices saves, replaces, lists and drops standing choices, and
// finds them again after a restart.
func TestSeatChoices(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, b dbtest.Backend) {
		ctx := context.Background()
		path := b.DSN(t)
		s := openStore(t, path)
		id := createTable(t, s, "c1", 0)
		at := time.Date(2026, 3, 4, 5, 6, 7, 8, time.UTC)
		round := SeatChoice{TableID: id, Seat: 1, Kind: "round", Scope: "2", UserID: "u2", Created: at}
		ask := SeatChoice{TableID: id, Seat: 1, Kind: "ask", UserID: "u2", Created: at}
		other := SeatChoice{TableID: id, Seat: 0, Kind: "round", Scope: "2", UserID: "u1", Created: at}
		for _, c := range []SeatChoice{round, ask, other} {
			if err := s.SetSeatChoice(ctx, c); err != nil {
				t.Fatal(err)
			}
		}
		later := round
		later.Scope = "3"
		if err := s.SetSeatChoice(ctx, later); err != nil {
			t.Fatal(err)
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		s = openStore(t, path)
		for _, tc := range []struct {
			name string
			drop []SeatChoice
			want []SeatChoice
		}{
			{name: "saved, seat 1's later round replacing its first", want: []SeatChoice{other, ask, later}},
			{name: "seat 0's dropped", drop: []SeatChoice{other}, want: []SeatChoice{ask, later}},
			{name: "all dropped", drop: []SeatChoice{ask, later}, want: nil},
		} {
			t.Run(tc.name, func(t *testing.T) {
				for _, c := range tc.drop {
					if err := s.DropSeatChoice(ctx, id, c.Seat, c.Kind); err != nil {
						t.Fatal(err)
					}
					if err := s.DropSeatChoice(ctx, id, c.Seat, c.Kind); !errors.Is(err, ErrNotFound) {
						t.Errorf("dropping seat %d's %s twice: %v, want ErrNotFound", c.Seat, c.Kind, err)
					}
				}
				got, err := s.SeatChoices(ctx, id)
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(got, tc.want) {
					t.Errorf("choices %+v, want %+v", got, tc.want)
				}
			})
		}
	})
}
