package db

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/playbychat/pbc/db/dbtest"
	"github.com/playbychat/pbc/games"
)

// testGame is registered so that Join can find a game maximum.
const testGame = "dbtest"

func init() {
	games.Register(&games.Definition{ID: testGame, Name: games.Text{EN: "DB test", DE: "DB-Test"}, MinSeats: 1, MaxSeats: 3})
}

// t0 is the test clock's time; stored times must come back equal in UTC.
var t0 = time.Date(2026, 3, 14, 15, 9, 26, 535897932, time.FixedZone("CET", 3600))

// newStore opens a new, empty store of backend b for this test only.
func newStore(t testing.TB, b dbtest.Backend) *Store {
	t.Helper()
	return openStore(t, b.Scratch(t))
}

func openStore(t testing.TB, dsn string) *Store {
	t.Helper()
	s, err := OpenStore(dsn)
	if err != nil {
		t.Fatalf("OpenStore(%q): %v", dsn, err)
	}
	s.now = func() time.Time { return t0 }
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return s
}

func seat(i int) Seat {
	return Seat{Seat: i, UserID: fmt.Sprintf("u%d", i), Name: fmt.Sprintf("User %d", i)}
}

// createTable makes an Open table in channel with u0 seated.
func createTable(t testing.TB, s *Store, channel string, maxSeats int) int64 {
	t.Helper()
	tb := Table{GuildID: "g1", ChannelID: channel, Game: testGame, MaxSeats: maxSeats, Seed: 7}
	id, err := s.CreateTable(context.Background(), &tb, []Seat{seat(0)})
	if err != nil {
		t.Fatalf("CreateTable: %v", err)
	}
	return id
}

// startedTable makes a Running table with seats u0..u(n-1) at version n.
func startedTable(t testing.TB, s *Store, channel string, n int) int64 {
	t.Helper()
	ctx := context.Background()
	id := createTable(t, s, channel, n)
	seats := []Seat{seat(0)}
	for i := 1; i < n; i++ {
		if err := s.Join(ctx, id, seat(i)); err != nil {
			t.Fatalf("Join: %v", err)
		}
		seats = append(seats, seat(i))
	}
	if err := s.Start(ctx, id, n-1, seats, Snapshot{State: []byte("s0"), Hash: "h0"}); err != nil {
		t.Fatalf("Start: %v", err)
	}
	return id
}

func snap(n int) Snapshot {
	return Snapshot{Moves: n, State: fmt.Appendf(nil, "state %d", n), Hash: fmt.Sprintf("h%d", n)}
}

// commit commits move number n (1-based) at version v.
func commit(t testing.TB, s *Store, id int64, v, n int) {
	t.Helper()
	m := Move{Seat: n % 2, UserID: fmt.Sprintf("u%d", n%2), Notation: fmt.Sprintf("m%d", n)}
	if err := s.CommitMove(context.Background(), id, v, m, snap(n), false); err != nil {
		t.Fatalf("CommitMove %d: %v", n, err)
	}
}

func mustTable(t testing.TB, s *Store, id int64) Table {
	t.Helper()
	tb, err := s.Table(context.Background(), id)
	if err != nil {
		t.Fatalf("Table(%d): %v", id, err)
	}
	return tb
}

func mustSeats(t testing.TB, s *Store, id int64) []Seat {
	t.Helper()
	seats, err := s.Seats(context.Background(), id)
	if err != nil {
		t.Fatalf("Seats(%d): %v", id, err)
	}
	return seats
}

func mustMoves(t testing.TB, s *Store, id int64) []Move {
	t.Helper()
	ms, err := s.Moves(context.Background(), id)
	if err != nil {
		t.Fatalf("Moves(%d): %v", id, err)
	}
	return ms
}

// checkErr fails unless err matches want (nil means no error expected).
func checkErr(t *testing.T, err, want error) {
	t.Helper()
	switch {
	case want == nil && err != nil:
		t.Fatalf("unexpected error: %v", err)
	case want != nil && !errors.Is(err, want):
		t.Fatalf("error = %v, want %v", err, want)
	}
}

func TestCreateTableRoundTrip(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, b dbtest.Backend) {
		s := newStore(t, b)
		ctx := context.Background()
		in := Table{
			GuildID: "g1", ChannelID: "c1", Game: testGame,
			Options:  map[string]string{"variant": "short", "lang": "de"},
			MaxSeats: 2, Seed: 1<<63 + 12345, SeedSecret: "secret", Commitment: "abc123",
			ReminderEvery: 36 * time.Hour,
		}
		creator := seat(0)
		creator.Seat = 2 // ignored: the creator sits at seat 0
		id, err := s.CreateTable(ctx, &in, []Seat{creator})
		if err != nil {
			t.Fatalf("CreateTable: %v", err)
		}
		want := in
		want.ID, want.Status, want.Version, want.CreatorID = id, Open, 0, "u0"
		want.CreatedAt, want.UpdatedAt = t0.UTC(), t0.UTC()
		if !reflect.DeepEqual(in, want) {
			t.Errorf("CreateTable filled in\n%+v, want\n%+v", in, want)
		}
		got := mustTable(t, s, id)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("Table\n%+v, want\n%+v", got, want)
		}
		active, err := s.ActiveTable(ctx, "c1")
		if err != nil || active.ID != id {
			t.Errorf("ActiveTable(c1) = %d, %v; want %d", active.ID, err, id)
		}
		if seats := mustSeats(t, s, id); !reflect.DeepEqual(seats, []Seat{seat(0)}) {
			t.Errorf("Seats = %+v, want creator at seat 0", seats)
		}
		if ms := mustMoves(t, s, id); len(ms) != 0 {
			t.Errorf("Moves of a new table = %+v", ms)
		}
	})
}

func TestCreateTableNilOptions(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, b dbtest.Backend) {
		s := newStore(t, b)
		id := createTable(t, s, "c1", 0)
		if got := mustTable(t, s, id).Options; got == nil || len(got) != 0 {
			t.Errorf("Options = %#v, want empty map", got)
		}
	})
}

func TestNotFound(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, b dbtest.Backend) {
		s := newStore(t, b)
		ctx := context.Background()
		const missing = 999
		calls := []struct {
			name string
			call func() error
		}{
			{"Table", func() error { _, err := s.Table(ctx, missing); return err }},
			{"ActiveTable", func() error { _, err := s.ActiveTable(ctx, "nowhere"); return err }},
			{"Seats", func() error { _, err := s.Seats(ctx, missing); return err }},
			{"Moves", func() error { _, err := s.Moves(ctx, missing); return err }},
			{"LatestSnapshot", func() error { _, err := s.LatestSnapshot(ctx, missing); return err }},
			{"Join", func() error { return s.Join(ctx, missing, seat(1)) }},
			{"Leave", func() error { return s.Leave(ctx, missing, "u0") }},
			{"Start", func() error { return s.Start(ctx, missing, 0, []Seat{seat(0)}, snap(0)) }},
			{"CommitMove", func() error { return s.CommitMove(ctx, missing, 0, Move{}, snap(1), false) }},
			{"UndoLast", func() error { return s.UndoLast(ctx, missing, 0, snap(0)) }},
			{"ReplaceSeat", func() error { return s.ReplaceSeat(ctx, missing, 0, 0, "u9", "User 9") }},
			{"SetStatus", func() error { return s.SetStatus(ctx, missing, 0, Abandoned) }},
			{"SetTableReminderEvery", func() error { return s.SetTableReminderEvery(ctx, missing, time.Hour) }},
			{"SetReminder", func() error { return s.SetReminder(ctx, missing, t0) }},
		}
		for _, c := range calls {
			t.Run(c.name, func(t *testing.T) {
				err := c.call()
				checkErr(t, err, ErrNotFound)
				if errors.Is(err, ErrConflict) {
					t.Errorf("error %v is also ErrConflict", err)
				}
			})
		}
	})
}

func TestActiveTableOnePerChannel(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, b dbtest.Backend) {
		s := newStore(t, b)
		ctx := context.Background()
		first := createTable(t, s, "c1", 0)
		other := createTable(t, s, "c2", 0)

		_, err := s.CreateTable(ctx, &Table{GuildID: "g1", ChannelID: "c1", Game: testGame}, []Seat{seat(5)})
		checkErr(t, err, ErrChannelBusy)
		checkErr(t, err, ErrConflict)

		// Start it: a Running table still blocks the channel.
		if err := s.Start(ctx, first, 0, []Seat{seat(0)}, snap(0)); err != nil {
			t.Fatalf("Start: %v", err)
		}
		_, err = s.CreateTable(ctx, &Table{GuildID: "g1", ChannelID: "c1", Game: testGame}, []Seat{seat(5)})
		checkErr(t, err, ErrChannelBusy)

		// Abandoned, it frees the channel.
		if err := s.SetStatus(ctx, first, 1, Abandoned); err != nil {
			t.Fatalf("SetStatus: %v", err)
		}
		if _, err := s.ActiveTable(ctx, "c1"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("ActiveTable after abandon: %v, want ErrNotFound", err)
		}
		second := createTable(t, s, "c1", 0)
		for ch, want := range map[string]int64{"c1": second, "c2": other} {
			got, err := s.ActiveTable(ctx, ch)
			if err != nil || got.ID != want {
				t.Errorf("ActiveTable(%s) = %d, %v; want %d", ch, got.ID, err, want)
			}
		}
	})
}

func TestJoin(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, b dbtest.Backend) {
		ctx := context.Background()
		tests := []struct {
			name     string
			maxSeats int
			setup    func(t *testing.T, s *Store, id int64)
			join     Seat
			want     error
			seats    int // seats after the join
		}{
			{name: "free seat", maxSeats: 2, join: seat(1), seats: 2},
			{name: "twice", maxSeats: 2, join: Seat{UserID: "u0", Name: "again"}, want: ErrAlreadySeated, seats: 1},
			{
				name: "full", maxSeats: 2, join: seat(2), want: ErrTableFull, seats: 2,
				setup: func(t *testing.T, s *Store, id int64) {
					if err := s.Join(ctx, id, seat(1)); err != nil {
						t.Fatal(err)
					}
				},
			},
			{
				name: "game maximum when MaxSeats is 0", maxSeats: 0, join: seat(3), want: ErrTableFull, seats: 3,
				setup: func(t *testing.T, s *Store, id int64) {
					for i := 1; i < 3; i++ {
						if err := s.Join(ctx, id, seat(i)); err != nil {
							t.Fatal(err)
						}
					}
				},
			},
			{
				name: "started", maxSeats: 3, join: seat(1), want: ErrWrongStatus, seats: 1,
				setup: func(t *testing.T, s *Store, id int64) {
					if err := s.Start(ctx, id, 0, []Seat{seat(0)}, snap(0)); err != nil {
						t.Fatal(err)
					}
				},
			},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				s := newStore(t, b)
				id := createTable(t, s, "c1", tt.maxSeats)
				if tt.setup != nil {
					tt.setup(t, s, id)
				}
				before := mustTable(t, s, id).Version
				err := s.Join(ctx, id, tt.join)
				checkErr(t, err, tt.want)
				if tt.want != nil && !errors.Is(err, ErrConflict) {
					t.Errorf("error %v is not ErrConflict", err)
				}
				seats := mustSeats(t, s, id)
				if len(seats) != tt.seats {
					t.Fatalf("seats after join = %+v, want %d", seats, tt.seats)
				}
				wantVersion := before
				if tt.want == nil {
					wantVersion++
					if last := seats[len(seats)-1]; last.UserID != tt.join.UserID || last.Seat != len(seats)-1 {
						t.Errorf("joined seat = %+v", last)
					}
				}
				if v := mustTable(t, s, id).Version; v != wantVersion {
					t.Errorf("version = %d, want %d", v, wantVersion)
				}
			})
		}
	})
}

func TestLeave(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, b dbtest.Backend) {
		ctx := context.Background()
		tests := []struct {
			name  string
			user  string
			want  error
			seats []string // users by seat afterwards
		}{
			{name: "first renumbers", user: "u0", seats: []string{"u1", "u2"}},
			{name: "middle renumbers", user: "u1", seats: []string{"u0", "u2"}},
			{name: "last", user: "u2", seats: []string{"u0", "u1"}},
			{name: "not seated", user: "u9", want: ErrNotFound, seats: []string{"u0", "u1", "u2"}},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				s := newStore(t, b)
				id := createTable(t, s, "c1", 3)
				for i := 1; i < 3; i++ {
					if err := s.Join(ctx, id, seat(i)); err != nil {
						t.Fatal(err)
					}
				}
				checkErr(t, s.Leave(ctx, id, tt.user), tt.want)
				seats := mustSeats(t, s, id)
				var users []string
				for i, st := range seats {
					if st.Seat != i {
						t.Errorf("seats[%d].Seat = %d", i, st.Seat)
					}
					users = append(users, st.UserID)
				}
				if !reflect.DeepEqual(users, tt.seats) {
					t.Errorf("seats = %v, want %v", users, tt.seats)
				}
				wantVersion := 2
				if tt.want == nil {
					wantVersion = 3
				}
				if v := mustTable(t, s, id).Version; v != wantVersion {
					t.Errorf("version = %d, want %d", v, wantVersion)
				}
			})
		}
		t.Run("started", func(t *testing.T) {
			s := newStore(t, b)
			id := startedTable(t, s, "c1", 2)
			checkErr(t, s.Leave(ctx, id, "u1"), ErrWrongStatus)
			if n := len(mustSeats(t, s, id)); n != 2 {
				t.Errorf("%d seats after refused leave, want 2", n)
			}
		})
	})
}

func TestStart(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, b dbtest.Backend) {
		ctx := context.Background()
		tests := []struct {
			name     string
			version  int
			seats    []Seat
			snap     Snapshot
			want     error // errors.Is target; nil = success
			anyError bool  // an error that is neither conflict nor not-found
		}{
			{name: "reseated", version: 1, seats: []Seat{{Seat: 0, UserID: "u1", Name: "User 1"}, {Seat: 1, UserID: "u0", Name: "User 0"}}, snap: snap(0)},
			{name: "stale version", version: 0, seats: []Seat{seat(0), seat(1)}, snap: snap(0), want: ErrConflict},
			{name: "snapshot after moves", version: 1, seats: []Seat{seat(0), seat(1)}, snap: snap(1), anyError: true},
			{name: "misnumbered seats", version: 1, seats: []Seat{seat(1), seat(0)}, snap: snap(0), anyError: true},
			{name: "no seats", version: 1, snap: snap(0), anyError: true},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				s := newStore(t, b)
				id := createTable(t, s, "c1", 2)
				if err := s.Join(ctx, id, seat(1)); err != nil {
					t.Fatal(err)
				}
				err := s.Start(ctx, id, tt.version, tt.seats, tt.snap)
				if tt.anyError {
					if err == nil || errors.Is(err, ErrConflict) || errors.Is(err, ErrNotFound) {
						t.Fatalf("error = %v, want a plain error", err)
					}
				} else {
					checkErr(t, err, tt.want)
				}
				got := mustTable(t, s, id)
				if err != nil {
					if got.Status != Open || got.Version != 1 {
						t.Errorf("refused start changed the table: %s v%d", got.Status, got.Version)
					}
					if _, err := s.LatestSnapshot(ctx, id); !errors.Is(err, ErrNotFound) {
						t.Errorf("refused start left a snapshot (%v)", err)
					}
					return
				}
				if got.Status != Running || got.Version != 2 {
					t.Errorf("started table is %s v%d, want running v2", got.Status, got.Version)
				}
				if seats := mustSeats(t, s, id); !reflect.DeepEqual(seats, tt.seats) {
					t.Errorf("seats = %+v, want %+v", seats, tt.seats)
				}
				sn, err := s.LatestSnapshot(ctx, id)
				if err != nil || !reflect.DeepEqual(sn, tt.snap) {
					t.Errorf("LatestSnapshot = %+v, %v; want %+v", sn, err, tt.snap)
				}
			})
		}
		t.Run("twice", func(t *testing.T) {
			s := newStore(t, b)
			id := startedTable(t, s, "c1", 1)
			checkErr(t, s.Start(ctx, id, 1, []Seat{seat(0)}, snap(0)), ErrWrongStatus)
		})
	})
}

func TestCommitMove(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, b dbtest.Backend) {
		ctx := context.Background()
		s := newStore(t, b)
		id := startedTable(t, s, "c1", 2) // version 2
		at := time.Date(2026, 1, 2, 3, 4, 5, 6, time.FixedZone("X", -7200))
		m1 := Move{Seat: 0, UserID: "u0", Notation: "draw", At: at, Reveal: true}
		if err := s.CommitMove(ctx, id, 2, m1, snap(1), false); err != nil {
			t.Fatalf("CommitMove 1: %v", err)
		}
		m2 := Move{N: 2, Seat: 1, UserID: "u1", Notation: "pass"}
		if err := s.CommitMove(ctx, id, 3, m2, snap(2), false); err != nil {
			t.Fatalf("CommitMove 2: %v", err)
		}
		want := []Move{
			{N: 1, Seat: 0, UserID: "u0", Notation: "draw", At: at.UTC(), Reveal: true},
			{N: 2, Seat: 1, UserID: "u1", Notation: "pass", At: t0.UTC()},
		}
		if got := mustMoves(t, s, id); !reflect.DeepEqual(got, want) {
			t.Fatalf("Moves =\n%+v, want\n%+v", got, want)
		}

		refused := []struct {
			name     string
			version  int
			move     Move
			snap     Snapshot
			want     error
			anyError bool
		}{
			{name: "stale version", version: 3, move: Move{Notation: "late"}, snap: snap(3), want: ErrConflict},
			{name: "future version", version: 9, move: Move{Notation: "late"}, snap: snap(3), want: ErrConflict},
			{name: "wrong number", version: 4, move: Move{N: 7, Notation: "x"}, snap: snap(3), anyError: true},
			{name: "snapshot behind log", version: 4, move: Move{Notation: "x"}, snap: snap(2), anyError: true},
		}
		for _, tt := range refused {
			t.Run(tt.name, func(t *testing.T) {
				err := s.CommitMove(ctx, id, tt.version, tt.move, tt.snap, false)
				if tt.anyError {
					if err == nil || errors.Is(err, ErrConflict) {
						t.Fatalf("error = %v, want a plain error", err)
					}
				} else {
					checkErr(t, err, tt.want)
				}
				if got := mustMoves(t, s, id); len(got) != 2 {
					t.Errorf("refused move changed the log: %+v", got)
				}
				if v := mustTable(t, s, id).Version; v != 4 {
					t.Errorf("version = %d, want 4", v)
				}
				if sn, err := s.LatestSnapshot(ctx, id); err != nil || sn.Moves != 2 {
					t.Errorf("LatestSnapshot = %+v, %v; want move 2", sn, err)
				}
			})
		}

		t.Run("finishing move", func(t *testing.T) {
			if err := s.SetReminder(ctx, id, t0.Add(time.Hour)); err != nil {
				t.Fatal(err)
			}
			if err := s.CommitMove(ctx, id, 4, Move{Seat: 0, UserID: "u0", Notation: "win"}, snap(3), true); err != nil {
				t.Fatalf("finishing CommitMove: %v", err)
			}
			got := mustTable(t, s, id)
			if got.Status != Finished || got.Version != 5 {
				t.Errorf("table is %s v%d, want finished v5", got.Status, got.Version)
			}
			if rs, err := s.Reminders(ctx); err != nil || len(rs) != 0 {
				t.Errorf("Reminders after finish = %+v, %v; want none", rs, err)
			}
			err := s.CommitMove(ctx, id, 5, Move{Notation: "after"}, snap(4), false)
			checkErr(t, err, ErrWrongStatus)
		})

		t.Run("open table", func(t *testing.T) {
			open := createTable(t, s, "c2", 2)
			checkErr(t, s.CommitMove(ctx, open, 0, Move{Notation: "x"}, snap(1), false), ErrWrongStatus)
		})
	})
}

func TestUndoLast(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, b dbtest.Backend) {
		ctx := context.Background()
		s := newStore(t, b)
		id := startedTable(t, s, "c1", 2) // version 2
		checkErr(t, s.UndoLast(ctx, id, 2, snap(0)), ErrNotFound)
		for n := 1; n <= 3; n++ {
			commit(t, s, id, n+1, n)
		}
		// version 5, three moves
		checkErr(t, s.UndoLast(ctx, id, 4, snap(2)), ErrConflict)
		if err := s.UndoLast(ctx, id, 5, snap(3)); err == nil || errors.Is(err, ErrConflict) {
			t.Errorf("undo with a snapshot of move 3: %v, want a plain error", err)
		}
		if err := s.UndoLast(ctx, id, 5, snap(2)); err != nil {
			t.Fatalf("UndoLast: %v", err)
		}
		ms := mustMoves(t, s, id)
		if len(ms) != 2 || ms[1].Notation != "m2" {
			t.Errorf("moves after undo = %+v", ms)
		}
		if sn, err := s.LatestSnapshot(ctx, id); err != nil || !reflect.DeepEqual(sn, snap(2)) {
			t.Errorf("LatestSnapshot after undo = %+v, %v", sn, err)
		}
		if v := mustTable(t, s, id).Version; v != 6 {
			t.Errorf("version = %d, want 6", v)
		}
		// The log goes on from the shortened end.
		commit(t, s, id, 6, 3)
		if ms := mustMoves(t, s, id); len(ms) != 3 || ms[2].N != 3 {
			t.Errorf("moves after undo and redo = %+v", ms)
		}
	})
}

func TestReplaceSeat(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, b dbtest.Backend) {
		ctx := context.Background()
		s := newStore(t, b)
		id := startedTable(t, s, "c1", 2) // version 2
		checkErr(t, s.ReplaceSeat(ctx, id, 1, 1, "u9", "User 9"), ErrConflict)
		checkErr(t, s.ReplaceSeat(ctx, id, 2, 5, "u9", "User 9"), ErrNotFound)
		if err := s.ReplaceSeat(ctx, id, 2, 1, "u9", "User 9"); err != nil {
			t.Fatalf("ReplaceSeat: %v", err)
		}
		want := []Seat{seat(0), {Seat: 1, UserID: "u9", Name: "User 9"}}
		if got := mustSeats(t, s, id); !reflect.DeepEqual(got, want) {
			t.Errorf("seats = %+v, want %+v", got, want)
		}
		if v := mustTable(t, s, id).Version; v != 3 {
			t.Errorf("version = %d, want 3", v)
		}
		if err := s.SetStatus(ctx, id, 3, Abandoned); err != nil {
			t.Fatal(err)
		}
		checkErr(t, s.ReplaceSeat(ctx, id, 4, 1, "u8", "User 8"), ErrWrongStatus)
	})
}

func TestSetStatus(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, b dbtest.Backend) {
		ctx := context.Background()
		tests := []struct {
			name     string
			start    bool
			to       Status
			want     error
			anyError bool
		}{
			{name: "abandon open", to: Abandoned},
			{name: "abandon running", start: true, to: Abandoned},
			{name: "finish running", start: true, to: Finished},
			{name: "finish open", to: Finished, want: ErrWrongStatus},
			{name: "running directly", to: Running, anyError: true},
			{name: "open again", start: true, to: Open, anyError: true},
			{name: "unknown", to: "paused", anyError: true},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				s := newStore(t, b)
				id := createTable(t, s, "c1", 1)
				if tt.start {
					if err := s.Start(ctx, id, 0, []Seat{seat(0)}, snap(0)); err != nil {
						t.Fatal(err)
					}
				}
				before := mustTable(t, s, id)
				if err := s.SetReminder(ctx, id, t0); err != nil {
					t.Fatal(err)
				}
				err := s.SetStatus(ctx, id, before.Version, tt.to)
				if tt.anyError {
					if err == nil || errors.Is(err, ErrConflict) {
						t.Fatalf("error = %v, want a plain error", err)
					}
				} else {
					checkErr(t, err, tt.want)
				}
				got := mustTable(t, s, id)
				rs, rerr := s.Reminders(ctx)
				if rerr != nil {
					t.Fatal(rerr)
				}
				if err != nil {
					if got.Status != before.Status || got.Version != before.Version || len(rs) != 1 {
						t.Errorf("refused change: %s v%d with %d reminders", got.Status, got.Version, len(rs))
					}
					return
				}
				if got.Status != tt.to || got.Version != before.Version+1 || len(rs) != 0 {
					t.Errorf("after change: %s v%d with %d reminders; want %s v%d with none",
						got.Status, got.Version, len(rs), tt.to, before.Version+1)
				}
				checkErr(t, s.SetStatus(ctx, id, got.Version, Abandoned), ErrWrongStatus)
			})
		}
		t.Run("stale version", func(t *testing.T) {
			s := newStore(t, b)
			id := createTable(t, s, "c1", 1)
			checkErr(t, s.SetStatus(ctx, id, 3, Abandoned), ErrConflict)
			if got := mustTable(t, s, id); got.Status != Open {
				t.Errorf("status = %s, want open", got.Status)
			}
		})
	})
}

func TestRunningTablesAndReminderInterval(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, be dbtest.Backend) {
		ctx := context.Background()
		s := newStore(t, be)
		a := startedTable(t, s, "c1", 1)
		createTable(t, s, "c2", 1)
		b := startedTable(t, s, "c3", 1)
		c := startedTable(t, s, "c4", 1)
		if err := s.SetStatus(ctx, c, 1, Abandoned); err != nil {
			t.Fatal(err)
		}
		if err := s.SetTableReminderEvery(ctx, b, 90*time.Minute); err != nil {
			t.Fatalf("SetTableReminderEvery: %v", err)
		}
		ts, err := s.RunningTables(ctx)
		if err != nil {
			t.Fatalf("RunningTables: %v", err)
		}
		var ids []int64
		for _, tb := range ts {
			ids = append(ids, tb.ID)
		}
		if !reflect.DeepEqual(ids, []int64{a, b}) {
			t.Fatalf("RunningTables = %v, want %v", ids, []int64{a, b})
		}
		if ts[1].ReminderEvery != 90*time.Minute || ts[1].Version != 1 {
			t.Errorf("table %d: every %v v%d, want 1h30m v1 (interval is not versioned)", b, ts[1].ReminderEvery, ts[1].Version)
		}
	})
}

func TestReminders(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, be dbtest.Backend) {
		ctx := context.Background()
		s := newStore(t, be)
		a := startedTable(t, s, "c1", 1)
		b := startedTable(t, s, "c2", 1)
		c := startedTable(t, s, "c3", 1)
		for id, due := range map[int64]time.Time{a: t0.Add(2 * time.Hour), b: t0.Add(-time.Hour), c: t0} {
			if err := s.SetReminder(ctx, id, due); err != nil {
				t.Fatalf("SetReminder(%d): %v", id, err)
			}
		}
		// Setting again replaces: a is now due first.
		if err := s.SetReminder(ctx, a, t0.Add(-2*time.Hour)); err != nil {
			t.Fatal(err)
		}
		all := []Reminder{{a, t0.Add(-2 * time.Hour).UTC()}, {b, t0.Add(-time.Hour).UTC()}, {c, t0.UTC()}}
		steps := []struct {
			name string
			now  time.Time
			want []Reminder
		}{
			{"before all", t0.Add(-3 * time.Hour), nil},
			{"some due", t0.Add(-time.Minute), all[:2]},
			{"due exactly now", t0, all},
			{"later", t0.Add(24 * time.Hour), all},
		}
		for _, st := range steps {
			t.Run(st.name, func(t *testing.T) {
				got, err := s.DueReminders(ctx, st.now)
				if err != nil || !reflect.DeepEqual(got, st.want) {
					t.Errorf("DueReminders(%v) = %+v, %v; want %+v", st.now, got, err, st.want)
				}
			})
		}
		if got, err := s.Reminders(ctx); err != nil || !reflect.DeepEqual(got, all) {
			t.Errorf("Reminders = %+v, %v; want %+v", got, err, all)
		}
		for range 2 { // clearing is idempotent
			if err := s.ClearReminder(ctx, b); err != nil {
				t.Fatalf("ClearReminder: %v", err)
			}
		}
		if got, err := s.Reminders(ctx); err != nil || !reflect.DeepEqual(got, []Reminder{all[0], all[2]}) {
			t.Errorf("Reminders after clear = %+v, %v", got, err)
		}
	})
}

// TestRescheduleReminder: of two processes that found one reminder due,
// the first to reschedule it sends it; the other's claim fails and
// enqueues nothing, as does a claim after a move set the reminder anew.
func TestRescheduleReminder(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, be dbtest.Backend) {
		ctx := context.Background()
		dsn := be.DSN(t)
		s, other := openStore(t, dsn), openStore(t, dsn)
		id := startedTable(t, s, "c1", 1)
		due := t0.Add(-time.Minute)
		if err := s.SetReminder(ctx, id, due); err != nil {
			t.Fatal(err)
		}
		found, err := other.DueReminders(ctx, t0)
		if err != nil || len(found) != 1 {
			t.Fatalf("DueReminders = %+v, %v", found, err)
		}
		next := t0.Add(24 * time.Hour)
		if err := s.RescheduleReminder(ctx, id, due, next, post(id, "reminder", false)); err != nil {
			t.Fatalf("the first claim: %v", err)
		}
		if err := other.RescheduleReminder(ctx, id, found[0].Due, next.Add(time.Second), post(id, "reminder again", false)); !errors.Is(err, ErrConflict) {
			t.Fatalf("the second claim: %v, want ErrConflict", err)
		}
		if n, err := s.PendingDeliveries(ctx); err != nil || n != 1 {
			t.Errorf("%d deliveries pending (%v), want the first claim's one", n, err)
		}
		if rs, err := s.Reminders(ctx); err != nil || len(rs) != 1 || !rs[0].Due.Equal(next) {
			t.Errorf("Reminders = %+v, %v; want due %v", rs, err, next)
		}
		// A move set the reminder anew: the claim of the old one fails.
		if err := s.SetReminder(ctx, id, t0.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		if err := s.RescheduleReminder(ctx, id, next, next.Add(time.Hour)); !errors.Is(err, ErrConflict) {
			t.Errorf("a claim of a reminder set anew: %v, want ErrConflict", err)
		}
		if err := s.ClearReminder(ctx, id); err != nil {
			t.Fatal(err)
		}
		if err := s.RescheduleReminder(ctx, id, t0.Add(time.Hour), next); !errors.Is(err, ErrConflict) {
			t.Errorf("a claim of a cleared reminder: %v, want ErrConflict", err)
		}
	})
}

func TestGuildSettings(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, b dbtest.Backend) {
		ctx := context.Background()
		s := newStore(t, b)
		got, err := s.GuildSettings(ctx, "g1")
		if err != nil || got != DefaultGuildSettings("g1") {
			t.Fatalf("GuildSettings of a new guild = %+v, %v; want defaults", got, err)
		}
		if got.ReminderEvery != 24*time.Hour || got.QuietStart != -1 {
			t.Errorf("defaults = %+v", got)
		}
		saves := []struct {
			name string
			in   GuildSettings
			ok   bool
		}{
			{"quiet nights", GuildSettings{GuildID: "g1", ReminderEvery: 12 * time.Hour, QuietStart: 22, QuietEnd: 7, ThreadMode: true}, true},
			{"overwrite", GuildSettings{GuildID: "g1", ReminderEvery: time.Hour, QuietStart: -1, QuietEnd: -1}, true},
			{"hour out of range", GuildSettings{GuildID: "g1", ReminderEvery: time.Hour, QuietStart: 24, QuietEnd: 7}, false},
			{"negative interval", GuildSettings{GuildID: "g1", ReminderEvery: -time.Hour, QuietStart: -1, QuietEnd: -1}, false},
		}
		want := DefaultGuildSettings("g1")
		for _, sv := range saves {
			t.Run(sv.name, func(t *testing.T) {
				err := s.SaveGuildSettings(ctx, sv.in)
				if (err == nil) != sv.ok {
					t.Fatalf("SaveGuildSettings(%+v) = %v, want ok %v", sv.in, err, sv.ok)
				}
				if sv.ok {
					want = sv.in
					want.Saved = true
				}
				if got, err := s.GuildSettings(ctx, "g1"); err != nil || got != want {
					t.Errorf("GuildSettings = %+v, %v; want %+v", got, err, want)
				}
			})
		}
		if got, err := s.GuildSettings(ctx, "g2"); err != nil || got != DefaultGuildSettings("g2") {
			t.Errorf("another guild = %+v, %v; want defaults", got, err)
		}
	})
}

func TestMemoryStoresAreSeparate(t *testing.T) {
	sqlite := dbtest.Backends()[0]
	a, b := newStore(t, sqlite), newStore(t, sqlite)
	createTable(t, a, "c1", 0)
	if _, err := b.ActiveTable(context.Background(), "c1"); !errors.Is(err, ErrNotFound) {
		t.Errorf("second memory store sees the first one's table (%v)", err)
	}
}

func TestRestart(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, b dbtest.Backend) {
		ctx := context.Background()
		path := b.DSN(t)
		s, err := OpenStore(path)
		if err != nil {
			t.Fatal(err)
		}
		s.now = func() time.Time { return t0 }
		running := startedTable(t, s, "c1", 2)
		for n := 1; n <= 5; n++ {
			commit(t, s, running, n+1, n)
		}
		open := createTable(t, s, "c2", 3)
		if err := s.SetReminder(ctx, running, t0.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		gs := GuildSettings{GuildID: "g1", ReminderEvery: 6 * time.Hour, QuietStart: 1, QuietEnd: 5}
		if err := s.SaveGuildSettings(ctx, gs); err != nil {
			t.Fatal(err)
		}
		wantTable := mustTable(t, s, running)
		wantMoves := mustMoves(t, s, running)
		if err := s.Close(); err != nil {
			t.Fatalf("Close: %v", err)
		}

		s = openStore(t, path)
		if got := mustTable(t, s, running); !reflect.DeepEqual(got, wantTable) {
			t.Errorf("table after restart =\n%+v, want\n%+v", got, wantTable)
		}
		if got := mustMoves(t, s, running); !reflect.DeepEqual(got, wantMoves) || len(got) != 5 {
			t.Errorf("moves after restart = %+v, want %+v", got, wantMoves)
		}
		if ts, err := s.RunningTables(ctx); err != nil || len(ts) != 1 || ts[0].ID != running {
			t.Errorf("RunningTables after restart = %+v, %v", ts, err)
		}
		if got, err := s.ActiveTable(ctx, "c2"); err != nil || got.ID != open {
			t.Errorf("open table after restart = %+v, %v", got, err)
		}
		if rs, err := s.Reminders(ctx); err != nil || !reflect.DeepEqual(rs, []Reminder{{running, t0.Add(time.Hour).UTC()}}) {
			t.Errorf("reminders after restart = %+v, %v", rs, err)
		}
		if sn, err := s.LatestSnapshot(ctx, running); err != nil || !reflect.DeepEqual(sn, snap(5)) {
			t.Errorf("snapshot after restart = %+v, %v", sn, err)
		}
		gs.Saved = true
		if got, err := s.GuildSettings(ctx, "g1"); err != nil || got != gs {
			t.Errorf("guild settings after restart = %+v, %v", got, err)
		}
		commit(t, s, running, wantTable.Version, 6)
	})
}

// TestCreateTableAsOneChange checks that a table is created with all its
// first seats and messages, and that a refused creation leaves no message.
func TestCreateTableAsOneChange(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, b dbtest.Backend) {
		s := newStore(t, b)
		ctx := context.Background()
		robot := Seat{Seat: 7, UserID: "ignored", Name: "Bot 1", Bot: true}
		opening := Delivery{GuildID: "g1", Kind: PostDelivery, Channel: "c1", Message: []byte(`{"content":"opened"}`)}
		id, err := s.CreateTable(ctx, &Table{GuildID: "g1", ChannelID: "c1", Game: testGame}, []Seat{seat(0), robot}, opening)
		if err != nil {
			t.Fatalf("CreateTable: %v", err)
		}
		wantSeats := []Seat{seat(0), {Seat: 1, Name: "Bot 1", Bot: true}}
		if seats := mustSeats(t, s, id); !reflect.DeepEqual(seats, wantSeats) {
			t.Errorf("Seats = %+v, want %+v", seats, wantSeats)
		}
		d, err := s.NextDelivery(ctx, "c1")
		if err != nil || d.TableID != id || string(d.Message) != `{"content":"opened"}` {
			t.Fatalf("NextDelivery(c1) = %+v, %v; want the opening of table %d", d, err, id)
		}
		if err := s.Delivered(ctx, d.ID, "m1"); err != nil {
			t.Fatalf("Delivered: %v", err)
		}
		_, err = s.CreateTable(ctx, &Table{GuildID: "g1", ChannelID: "c1", Game: testGame}, []Seat{seat(5)}, opening)
		checkErr(t, err, ErrChannelBusy)
		if d, err := s.NextDelivery(ctx, "c1"); !errors.Is(err, ErrNotFound) {
			t.Errorf("after a refused creation NextDelivery(c1) = %+v, %v; want ErrNotFound", d, err)
		}
	})
}

// TestRelaxedTx checks that a relaxed transaction (an outbox mark)
// commits without waiting for the disk, that its connection waits for it
// again for the next write, also after a failure, and that a failing one
// changes nothing.
func TestRelaxedTx(t *testing.T) {
	query := map[string]string{"sqlite": "PRAGMA synchronous", "postgres": "SHOW synchronous_commit"}
	relaxed := map[string]string{"sqlite": "1", "postgres": "off"} // NORMAL
	durable := map[string]string{"sqlite": "2", "postgres": "on"}  // FULL
	dbtest.Each(t, func(t *testing.T, b dbtest.Backend) {
		s := openStore(t, b.DSN(t))
		s.db.SetMaxOpenConns(1) // the relaxed transaction's connection serves the next
		ctx := context.Background()
		read := func(r runner) string {
			t.Helper()
			var v string
			if err := r.QueryRowContext(ctx, query[b.Name]).Scan(&v); err != nil {
				t.Fatalf("%s: %v", query[b.Name], err)
			}
			return v
		}
		failed := errors.New("the transaction fails")
		for _, fail := range []bool{false, true} {
			var inside string
			err := s.inRelaxedTx(ctx, func(tx runner) error {
				inside = read(tx)
				if _, err := tx.ExecContext(ctx, `INSERT INTO user_prefs (user_id, locale, updated_at) VALUES (?, 'de', '')`, fmt.Sprint(fail)); err != nil {
					t.Fatal(err)
				}
				if fail {
					return failed
				}
				return nil
			})
			if fail != errors.Is(err, failed) {
				t.Fatalf("inRelaxedTx (failing %v) = %v", fail, err)
			}
			if inside != relaxed[b.Name] {
				t.Errorf("inside a relaxed transaction %s = %s, want %s", query[b.Name], inside, relaxed[b.Name])
			}
			for range 2 {
				if err := s.inTx(ctx, func(tx runner) error {
					if got := read(tx); got != durable[b.Name] {
						t.Errorf("in a transaction after a relaxed one %s = %s, want %s", query[b.Name], got, durable[b.Name])
					}
					return nil
				}); err != nil {
					t.Fatal(err)
				}
			}
			var n int
			if err := s.q.QueryRowContext(ctx, `SELECT COUNT(*) FROM user_prefs WHERE user_id = ?`, fmt.Sprint(fail)).Scan(&n); err != nil {
				t.Fatal(err)
			}
			if want := map[bool]int{false: 1, true: 0}[fail]; n != want {
				t.Errorf("after a relaxed transaction (failing %v) %d rows, want %d", fail, n, want)
			}
		}
	})
}
