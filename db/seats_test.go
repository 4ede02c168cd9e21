package db

import (
	"context"
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/playbychat/pbc/db/dbtest"
)

// TestTableStampsStartAndEnd checks started_at and ended_at: zero before,
// the store's clock at Start and at the move that finishes the game or the
// abandon.
func TestTableStampsStartAndEnd(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, b dbtest.Backend) {
		ctx := context.Background()
		s := newStore(t, b)
		id := createTable(t, s, "c1", 2)
		if tb := mustTable(t, s, id); !tb.StartedAt.IsZero() || !tb.EndedAt.IsZero() {
			t.Fatalf("an open table has times started %v, ended %v", tb.StartedAt, tb.EndedAt)
		}
		finished := startedTable(t, s, "c2", 2)
		if tb := mustTable(t, s, finished); !tb.StartedAt.Equal(t0) || !tb.EndedAt.IsZero() {
			t.Fatalf("after Start: started %v, ended %v; want %v and zero", tb.StartedAt, tb.EndedAt, t0)
		}
		later := t0.Add(90 * time.Minute)
		s.now = func() time.Time { return later }
		if err := s.CommitMove(ctx, finished, 2, Move{Seat: 0, UserID: "u0", Notation: "win"}, snap(1), true); err != nil {
			t.Fatal(err)
		}
		if tb := mustTable(t, s, finished); !tb.StartedAt.Equal(t0) || !tb.EndedAt.Equal(later) {
			t.Errorf("after the last move: started %v, ended %v; want %v, %v", tb.StartedAt, tb.EndedAt, t0, later)
		}
		if err := s.SetStatus(ctx, id, mustTable(t, s, id).Version, Abandoned); err != nil {
			t.Fatal(err)
		}
		if tb := mustTable(t, s, id); !tb.StartedAt.IsZero() || !tb.EndedAt.Equal(later) {
			t.Errorf("abandoned before the start: started %v, ended %v", tb.StartedAt, tb.EndedAt)
		}
	})
}

// TestSeatStateRoundTrip checks that a start keeps the bot flag, away flag,
// times and missed reminders of the seats it is given.
func TestSeatStateRoundTrip(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, b dbtest.Backend) {
		ctx := context.Background()
		s := newStore(t, b)
		id := createTable(t, s, "c1", 3)
		if err := s.Join(ctx, id, seat(1)); err != nil {
			t.Fatal(err)
		}
		seats := []Seat{
			seat(0),
			{Seat: 1, UserID: "u1", Name: "User 1", Away: true, ActingSince: t0, RemindAt: t0.Add(time.Hour), Missed: 2},
			{Seat: 2, Name: "Bot", Bot: true},
		}
		if err := s.Start(ctx, id, 1, seats, snap(0)); err != nil {
			t.Fatal(err)
		}
		got := mustSeats(t, s, id)
		want := append([]Seat(nil), seats...)
		want[1].ActingSince, want[1].RemindAt = t0.UTC(), t0.Add(time.Hour).UTC()
		if !reflect.DeepEqual(got, want) {
			t.Errorf("seats = %+v\nwant %+v", got, want)
		}
	})
}

func TestMoveWaitRoundTrip(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, b dbtest.Backend) {
		ctx := context.Background()
		s := newStore(t, b)
		id := startedTable(t, s, "c1", 2)
		moves := []Move{
			{Seat: 0, UserID: "u0", Notation: "a", Wait: 3*time.Hour + 20*time.Second, Waited: true},
			{Seat: 0, UserID: "u0", Notation: "b"},
			{Seat: 1, UserID: "u1", Notation: "c", Waited: true},
		}
		for i, m := range moves {
			if err := s.CommitMove(ctx, id, 2+i, m, snap(i+1), false); err != nil {
				t.Fatal(err)
			}
		}
		got := mustMoves(t, s, id)
		for i, m := range got {
			if m.Wait != moves[i].Wait || m.Waited != moves[i].Waited {
				t.Errorf("move %d: wait %v (%v), want %v (%v)", i+1, m.Wait, m.Waited, moves[i].Wait, moves[i].Waited)
			}
		}
	})
}

func TestSetTableClock(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, b dbtest.Backend) {
		ctx := context.Background()
		s := newStore(t, b)
		id := createTable(t, s, "c1", 2)
		tb := mustTable(t, s, id)
		if tb.TurnDays != 0 || tb.AbsenceAfter != 0 || tb.Vacation != VacationBot {
			t.Fatalf("new table clock %d, absence %d, vacation %q", tb.TurnDays, tb.AbsenceAfter, tb.Vacation)
		}
		if err := s.SetTableClock(ctx, id, 3, 2, VacationWait); err != nil {
			t.Fatal(err)
		}
		got := mustTable(t, s, id)
		if got.TurnDays != 3 || got.AbsenceAfter != 2 || got.Vacation != VacationWait || got.Version != tb.Version {
			t.Errorf("after SetTableClock: %+v", got)
		}
		for _, bad := range []struct {
			days, after int
			vacation    string
		}{{-1, 0, VacationBot}, {0, -1, VacationBot}, {1, 1, "sleep"}} {
			if err := s.SetTableClock(ctx, id, bad.days, bad.after, bad.vacation); err == nil {
				t.Errorf("SetTableClock(%d, %d, %q) accepted", bad.days, bad.after, bad.vacation)
			}
		}
		if err := s.SetTableClock(ctx, id+1, 1, 1, VacationBot); !errors.Is(err, ErrNotFound) {
			t.Errorf("SetTableClock of a missing table: %v", err)
		}
		// A new table takes the clock it is created with.
		nt := Table{GuildID: "g1", ChannelID: "c2", Game: testGame, TurnDays: 2, AbsenceAfter: 3, Vacation: VacationWait}
		nid, err := s.CreateTable(ctx, &nt, []Seat{seat(0)})
		if err != nil {
			t.Fatal(err)
		}
		if got := mustTable(t, s, nid); got.TurnDays != 2 || got.AbsenceAfter != 3 || got.Vacation != VacationWait {
			t.Errorf("created with a clock: %+v", got)
		}
	})
}

func TestUserPrefs(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, b dbtest.Backend) {
		ctx := context.Background()
		s := newStore(t, b)
		p, err := s.UserPrefs(ctx, "u1")
		if err != nil || p != (UserPrefs{UserID: "u1"}) {
			t.Fatalf("prefs of a new user: %+v, %v", p, err)
		}
		if err := s.SetUserZone(ctx, "u1", "Europe/Berlin"); err != nil {
			t.Fatal(err)
		}
		// A zone saved before any locale leaves the locale unknown.
		if _, err := s.UserLocale(ctx, "u1"); !errors.Is(err, ErrNotFound) {
			t.Errorf("locale after saving only a zone: %v, want ErrNotFound", err)
		}
		if err := s.SetUserLocale(ctx, "u1", "de"); err != nil {
			t.Fatal(err)
		}
		if err := s.SetUserQuiet(ctx, "u1", true, 22, 7); err != nil {
			t.Fatal(err)
		}
		away := t0.Add(72 * time.Hour)
		if err := s.SetUserAway(ctx, "u1", away); err != nil {
			t.Fatal(err)
		}
		want := UserPrefs{UserID: "u1", Locale: "de", Zone: "Europe/Berlin", QuietSet: true, QuietStart: 22, QuietEnd: 7, AwayUntil: away.UTC()}
		if p, err := s.UserPrefs(ctx, "u1"); err != nil || p != want {
			t.Errorf("UserPrefs = %+v, %v\nwant %+v", p, err, want)
		}
		// Saving the locale again keeps the rest.
		if err := s.SetUserLocale(ctx, "u1", "en-GB"); err != nil {
			t.Fatal(err)
		}
		want.Locale = "en-GB"
		if p, _ := s.UserPrefs(ctx, "u1"); p != want {
			t.Errorf("after a new locale: %+v", p)
		}
		if err := s.SetUserQuiet(ctx, "u1", true, -1, -1); err != nil {
			t.Fatal(err)
		}
		if p, _ := s.UserPrefs(ctx, "u1"); !p.QuietSet || p.QuietStart != -1 {
			t.Errorf("no quiet hours of one's own: %+v", p)
		}
		if err := s.SetUserQuiet(ctx, "u1", false, 0, 0); err != nil {
			t.Fatal(err)
		}
		if err := s.SetUserAway(ctx, "u1", time.Time{}); err != nil {
			t.Fatal(err)
		}
		if p, _ := s.UserPrefs(ctx, "u1"); p.QuietSet || !p.AwayUntil.IsZero() || p.Zone != "Europe/Berlin" {
			t.Errorf("after dropping quiet hours and the vacation: %+v", p)
		}
		if err := s.SetUserQuiet(ctx, "u1", true, 24, 7); err == nil {
			t.Error("quiet hour 24 accepted")
		}
	})
}

func TestBotSeats(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, b dbtest.Backend) {
		ctx := context.Background()
		s := newStore(t, b)
		id := createTable(t, s, "c1", 3)
		for i := 1; i <= 2; i++ {
			if err := s.Join(ctx, id, Seat{Name: "Bot", Bot: true, UserID: "ignored"}); err != nil {
				t.Fatalf("bot %d joins: %v", i, err)
			}
		}
		seats := mustSeats(t, s, id)
		if len(seats) != 3 || !seats[1].Bot || !seats[2].Bot || seats[1].UserID != "" || seats[0].Bot {
			t.Fatalf("seats after two bots joined: %+v", seats)
		}
		if err := s.Start(ctx, id, 2, seats, snap(0)); err != nil {
			t.Fatal(err)
		}
		// A person takes a bot's seat, and the bot takes a person's.
		if err := s.ReplaceSeat(ctx, id, 3, 1, "u7", "User 7"); err != nil {
			t.Fatal(err)
		}
		if err := s.SetSeatAway(ctx, id, 0, true); err != nil {
			t.Fatal(err)
		}
		if err := s.ReplaceSeat(ctx, id, 4, 0, "", "Bot"); err != nil {
			t.Fatal(err)
		}
		got := mustSeats(t, s, id)
		want := []Seat{{Seat: 0, Name: "Bot", Bot: true}, {Seat: 1, UserID: "u7", Name: "User 7"}, {Seat: 2, Name: "Bot", Bot: true}}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("seats %+v\nwant %+v", got, want)
		}
		if err := s.SetSeatAway(ctx, id, 9, true); !errors.Is(err, ErrNotFound) {
			t.Errorf("SetSeatAway of a missing seat: %v", err)
		}
	})
}

func TestSeatTimesAndAway(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, b dbtest.Backend) {
		ctx := context.Background()
		s := newStore(t, b)
		id := startedTable(t, s, "c1", 2)
		version := mustTable(t, s, id).Version
		due := t0.Add(24 * time.Hour)
		if err := s.SetSeatTimes(ctx, id, SeatTimes{Seat: 0, ActingSince: t0, RemindAt: due, Missed: 2}, SeatTimes{Seat: 1}); err != nil {
			t.Fatal(err)
		}
		if err := s.SetSeatAway(ctx, id, 1, true); err != nil {
			t.Fatal(err)
		}
		got := mustSeats(t, s, id)
		if !got[0].ActingSince.Equal(t0) || !got[0].RemindAt.Equal(due) || got[0].Missed != 2 || got[0].Away {
			t.Errorf("seat 0: %+v", got[0])
		}
		if !got[1].Away || !got[1].ActingSince.IsZero() || !got[1].RemindAt.IsZero() {
			t.Errorf("seat 1: %+v", got[1])
		}
		if v := mustTable(t, s, id).Version; v != version {
			t.Errorf("version %d after reminder state and away, want %d", v, version)
		}
		if err := s.SetSeatTimes(ctx, id, SeatTimes{Seat: 5}); !errors.Is(err, ErrNotFound) {
			t.Errorf("SetSeatTimes of a missing seat: %v", err)
		}
	})
}

func TestEndedTables(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, b dbtest.Backend) {
		ctx := context.Background()
		s := newStore(t, b)
		open := createTable(t, s, "c1", 2)
		if err := s.SetStatus(ctx, open, 0, Abandoned); err != nil { // never started: no stats
			t.Fatal(err)
		}
		running := startedTable(t, s, "c2", 2)
		finished := startedTable(t, s, "c3", 2)
		if err := s.CommitMove(ctx, finished, 2, Move{Seat: 0, UserID: "u0", Notation: "win"}, snap(1), true); err != nil {
			t.Fatal(err)
		}
		abandoned := startedTable(t, s, "c4", 2)
		if err := s.SetStatus(ctx, abandoned, 2, Abandoned); err != nil {
			t.Fatal(err)
		}
		other := Table{GuildID: "g2", ChannelID: "c5", Game: testGame}
		if _, err := s.CreateTable(ctx, &other, []Seat{seat(0)}); err != nil {
			t.Fatal(err)
		}
		ts, err := s.EndedTables(ctx, "g1")
		if err != nil {
			t.Fatal(err)
		}
		var ids []int64
		for _, tb := range ts {
			ids = append(ids, tb.ID)
		}
		if want := []int64{finished, abandoned}; !reflect.DeepEqual(ids, want) {
			t.Errorf("ended tables %v, want %v (not %d open-abandoned, %d running)", ids, want, open, running)
		}
	})
}

// TestUpdateSeats saves away flags and reminder state with the table's
// next reminder and a delivery in one write, without a version change,
// and refuses a write computed on an older version.
func TestUpdateSeats(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, b dbtest.Backend) {
		ctx := context.Background()
		s := newStore(t, b)
		id := startedTable(t, s, "c1", 2)
		version := mustTable(t, s, id).Version
		due := t0.Add(24 * time.Hour)
		away := Seat{Seat: 1, Away: true, ActingSince: t0, Missed: 3}
		reminded := Seat{Seat: 0, ActingSince: t0, RemindAt: due, Missed: 1}
		post := Delivery{GuildID: "g1", TableID: id, Kind: PostDelivery, Channel: "c1", Message: []byte("reminder")}
		if err := s.UpdateSeats(ctx, id, version, []Seat{reminded, away}, time.Time{}, due, post); err != nil {
			t.Fatal(err)
		}
		got := mustSeats(t, s, id)
		if g := got[0]; g.Away || !g.ActingSince.Equal(t0) || !g.RemindAt.Equal(due) || g.Missed != 1 {
			t.Errorf("seat 0: %+v", g)
		}
		if g := got[1]; !g.Away || !g.RemindAt.IsZero() || g.Missed != 3 || g.UserID != "u1" {
			t.Errorf("seat 1: %+v", g)
		}
		if rs, err := s.Reminders(ctx); err != nil || len(rs) != 1 || !rs[0].Due.Equal(due) {
			t.Errorf("reminders %+v (%v), want one at %v", rs, err, due)
		}
		if n, err := s.PendingDeliveries(ctx); err != nil || n != 1 {
			t.Errorf("%d pending deliveries (%v), want 1", n, err)
		}
		if v := mustTable(t, s, id).Version; v != version {
			t.Errorf("version %d, want %d", v, version)
		}
		// No reminder: the pending one goes.
		if err := s.UpdateSeats(ctx, id, version, nil, time.Time{}, time.Time{}); err != nil {
			t.Fatal(err)
		}
		if rs, err := s.Reminders(ctx); err != nil || len(rs) != 0 {
			t.Errorf("reminders %+v (%v), want none", rs, err)
		}
		commit(t, s, id, version, 1)
		err := s.UpdateSeats(ctx, id, version, []Seat{{Seat: 0}}, time.Time{}, due, post)
		checkErr(t, err, ErrConflict)
		if got := mustSeats(t, s, id); !got[0].RemindAt.Equal(due) {
			t.Errorf("a stale update changed seat 0: %+v", got[0])
		}
		if n, err := s.PendingDeliveries(ctx); err != nil || n != 1 {
			t.Errorf("%d pending deliveries after a stale update (%v), want 1", n, err)
		}
		err = s.UpdateSeats(ctx, id, version+1, []Seat{{Seat: 7}}, time.Time{}, due)
		checkErr(t, err, ErrNotFound)
		// A claim of a reminder due at another time changes nothing.
		if err := s.UpdateSeats(ctx, id, version+1, nil, time.Time{}, due); err != nil {
			t.Fatal(err)
		}
		later := due.Add(time.Hour)
		err = s.UpdateSeats(ctx, id, version+1, []Seat{{Seat: 0, RemindAt: later}}, t0, later, post)
		checkErr(t, err, ErrConflict)
		if rs, err := s.Reminders(ctx); err != nil || len(rs) != 1 || !rs[0].Due.Equal(due) {
			t.Errorf("reminders after a failed claim %+v (%v), want one at %v", rs, err, due)
		}
		if err := s.UpdateSeats(ctx, id, version+1, []Seat{{Seat: 0, RemindAt: later}}, due, later, post); err != nil {
			t.Fatal(err)
		}
		if rs, err := s.Reminders(ctx); err != nil || len(rs) != 1 || !rs[0].Due.Equal(later) {
			t.Errorf("reminders after a claim %+v (%v), want one at %v", rs, err, later)
		}
	})
}

// TestSeatsCarryPrefs reads each seated user's preferences with the seats.
func TestSeatsCarryPrefs(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, b dbtest.Backend) {
		ctx := context.Background()
		s := newStore(t, b)
		id := startedTable(t, s, "c1", 3)
		if err := s.SetUserZone(ctx, "u1", "Europe/Berlin"); err != nil {
			t.Fatal(err)
		}
		if err := s.SetUserQuiet(ctx, "u1", true, 22, 7); err != nil {
			t.Fatal(err)
		}
		until := t0.Add(72 * time.Hour)
		if err := s.SetUserAway(ctx, "u2", until); err != nil {
			t.Fatal(err)
		}
		got := mustSeats(t, s, id)
		if p := got[0].Prefs; p != (UserPrefs{}) {
			t.Errorf("seat 0 (no preferences): %+v", p)
		}
		want1 := UserPrefs{UserID: "u1", Zone: "Europe/Berlin", QuietSet: true, QuietStart: 22, QuietEnd: 7}
		if p := got[1].Prefs; p != want1 {
			t.Errorf("seat 1: %+v, want %+v", p, want1)
		}
		if p := got[2].Prefs; p.UserID != "u2" || !p.AwayUntil.Equal(until) || p.QuietSet {
			t.Errorf("seat 2: %+v", p)
		}
		if p, err := s.UserPrefs(ctx, "u1"); err != nil || p != want1 {
			t.Errorf("UserPrefs(u1) = %+v (%v), want %+v", p, err, want1)
		}
	})
}

// TestUserTables lists the running tables where a user holds a seat.
func TestUserTables(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, b dbtest.Backend) {
		ctx := context.Background()
		s := newStore(t, b)
		a := startedTable(t, s, "c1", 2)
		startedTable(t, s, "c2", 1)
		createTable(t, s, "c3", 2) // open, u0 only
		ended := startedTable(t, s, "c4", 2)
		if err := s.SetStatus(ctx, ended, mustTable(t, s, ended).Version, Abandoned); err != nil {
			t.Fatal(err)
		}
		if err := s.SetSeatAway(ctx, a, 1, true); err != nil {
			t.Fatal(err)
		}
		ts, err := s.UserTables(ctx, "u1")
		if err != nil || len(ts) != 1 || ts[0].ID != a {
			t.Errorf("tables of u1: %+v (%v), want table %d", ts, err, a)
		}
		if ts, err := s.UserTables(ctx, "u0"); err != nil || len(ts) != 2 {
			t.Errorf("tables of u0: %d (%v), want 2", len(ts), err)
		}
	})
}

func TestBumpSeatLink(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, b dbtest.Backend) {
		ctx := context.Background()
		s := newStore(t, b)
		id := startedTable(t, s, "c1", 2)
		for _, want := range []int{1, 2} {
			gen, err := s.BumpSeatLink(ctx, id, 1)
			if err != nil || gen != want {
				t.Fatalf("BumpSeatLink = %d, %v; want %d", gen, err, want)
			}
		}
		got := mustSeats(t, s, id)
		if got[0].LinkGen != 0 || got[1].LinkGen != 2 {
			t.Errorf("link generations %d, %d; want 0, 2", got[0].LinkGen, got[1].LinkGen)
		}
		if _, err := s.BumpSeatLink(ctx, id, 9); !errors.Is(err, ErrNotFound) {
			t.Errorf("BumpSeatLink of a missing seat: %v", err)
		}
	})
}
