package db

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/playbychat/pbc/db/dbtest"
)

// TestPanels records where panels were posted and the hash last queued,
// each keeping the other, per seat and user, across a restart.
func TestPanels(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, b dbtest.Backend) {
		ctx := context.Background()
		path := b.DSN(t)
		s := openStore(t, path)
		id := createTable(t, s, "c1", 0)
		if _, err := s.Panel(ctx, id, 0, "u1"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("Panel before any: %v, want ErrNotFound", err)
		}
		steps := []struct {
			name string
			set  func() error
			seat int
			user string
			want Panel
		}{
			{name: "hash first", set: func() error { return s.SetPanelHash(ctx, id, 0, "u1", "h1") },
				seat: 0, user: "u1", want: Panel{TableID: id, Seat: 0, UserID: "u1", Hash: "h1"}},
			{name: "posted, hash kept", set: func() error { return s.SetPanelMessage(ctx, id, 0, "u1", "dm1", "m7") },
				seat: 0, user: "u1", want: Panel{TableID: id, Seat: 0, UserID: "u1", ChannelID: "dm1", MessageID: "m7", Hash: "h1"}},
			{name: "new hash, message kept", set: func() error { return s.SetPanelHash(ctx, id, 0, "u1", "h2") },
				seat: 0, user: "u1", want: Panel{TableID: id, Seat: 0, UserID: "u1", ChannelID: "dm1", MessageID: "m7", Hash: "h2"}},
			{name: "the seat's new user has a panel of its own", set: func() error { return s.SetPanelMessage(ctx, id, 0, "u2", "dm2", "m9") },
				seat: 0, user: "u2", want: Panel{TableID: id, Seat: 0, UserID: "u2", ChannelID: "dm2", MessageID: "m9"}},
		}
		for _, st := range steps {
			t.Run(st.name, func(t *testing.T) {
				if err := st.set(); err != nil {
					t.Fatal(err)
				}
				got, err := s.Panel(ctx, id, st.seat, st.user)
				if err != nil {
					t.Fatal(err)
				}
				if got != st.want {
					t.Errorf("Panel = %+v, want %+v", got, st.want)
				}
			})
		}
		t.Run("a queued panel records its hash with it", func(t *testing.T) {
			d := Delivery{GuildID: "g1", TableID: id, Kind: DMDelivery, Channel: "u1", Message: []byte(`{}`),
				Panel: &Panel{TableID: id, Seat: 0, UserID: "u1", Hash: "h3"}}
			if err := s.Enqueue(ctx, d); err != nil {
				t.Fatal(err)
			}
			got, err := s.Panel(ctx, id, 0, "u1")
			if err != nil {
				t.Fatal(err)
			}
			if got.Hash != "h3" || got.MessageID != "m7" {
				t.Errorf("Panel after queueing = %+v, want hash h3 and message m7", got)
			}
		})
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		s = openStore(t, path)
		got, err := s.Panel(ctx, id, 0, "u1")
		if err != nil {
			t.Fatal(err)
		}
		if got.MessageID != "m7" || got.Hash != "h3" {
			t.Errorf("Panel after a restart = %+v, want message m7 and hash h3", got)
		}
		all, err := s.Panels(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		want := []Panel{
			{TableID: id, Seat: 0, UserID: "u1", ChannelID: "dm1", MessageID: "m7", Hash: "h3"},
			{TableID: id, Seat: 0, UserID: "u2", ChannelID: "dm2", MessageID: "m9"},
		}
		if !slices.Equal(all, want) {
			t.Errorf("Panels = %+v, want %+v", all, want)
		}
	})
}
