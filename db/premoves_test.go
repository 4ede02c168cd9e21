package db

import (
	"context"
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/playbychat/pbc/db/dbtest"
)

// TestPremoves queues, replaces, lists and takes answers given ahead, and
// finds them again after a restart.
func TestPremoves(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, b dbtest.Backend) {
		ctx := context.Background()
		path := b.DSN(t)
		s := openStore(t, path)
		id := createTable(t, s, "c1", 0)
		at := time.Date(2026, 3, 4, 5, 6, 7, 8, time.UTC)
		first := Premove{TableID: id, Seat: 1, UserID: "u2", Decision: "supply", Notation: "play 5", Moves: 3, Created: at}
		other := Premove{TableID: id, Seat: 0, UserID: "u1", Notation: "pass", Moves: 4, Created: at}
		for _, p := range []Premove{first, other} {
			if err := s.SetPremove(ctx, p); err != nil {
				t.Fatal(err)
			}
		}
		second := first
		second.Notation, second.Moves = "play 7", 5
		if err := s.SetPremove(ctx, second); err != nil {
			t.Fatal(err)
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		s = openStore(t, path)
		for _, tc := range []struct {
			name string
			take []int
			want []Premove
		}{
			{name: "queued, the second answer of seat 1 replacing its first", want: []Premove{other, second}},
			{name: "seat 0's taken", take: []int{0}, want: []Premove{second}},
			{name: "all taken", take: []int{1}, want: nil},
		} {
			t.Run(tc.name, func(t *testing.T) {
				for _, seat := range tc.take {
					if err := s.TakePremove(ctx, id, seat); err != nil {
						t.Fatal(err)
					}
					if err := s.TakePremove(ctx, id, seat); !errors.Is(err, ErrNotFound) {
						t.Errorf("taking seat %d's answer twice: %v, want ErrNotFound", seat, err)
					}
				}
				got, err := s.Premoves(ctx, id)
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(got, tc.want) {
					t.Errorf("Premoves = %+v, want %+v", got, tc.want)
				}
			})
		}
	})
}
