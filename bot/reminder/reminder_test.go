package reminder

import (
	"testing"
	"time"

	"github.com/playbychat/pbc/db"
)

var t0 = time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC)

func TestDue(t *testing.T) {
	next := t0.Add(24 * time.Hour)
	for _, tc := range []struct {
		name       string
		table      db.Table
		seat       db.Seat
		want       Outcome
		wantMissed int
		wantAway   bool
	}{
		{name: "no limits: a ping counts", seat: db.Seat{ActingSince: t0.AddDate(0, 0, -1)}, want: Ping, wantMissed: 1},
		{name: "within the table clock: not counted", table: db.Table{TurnDays: 3, AbsenceAfter: 1},
			seat: db.Seat{ActingSince: t0.AddDate(0, 0, -1)}, want: Ping},
		{name: "the clock counts from the end of a vacation", table: db.Table{TurnDays: 3, AbsenceAfter: 1},
			seat: db.Seat{ActingSince: t0.AddDate(0, 0, -10), Prefs: db.UserPrefs{AwayUntil: t0.AddDate(0, 0, -1)}}, want: Ping},
		{name: "reaching the limit warns", table: db.Table{TurnDays: 1, AbsenceAfter: 2},
			seat: db.Seat{ActingSince: t0.AddDate(0, 0, -2), Missed: 1}, want: Warn, wantMissed: 2},
		{name: "past the limit hands over", table: db.Table{TurnDays: 1, AbsenceAfter: 2},
			seat: db.Seat{ActingSince: t0.AddDate(0, 0, -3), Missed: 2}, want: HandOver, wantAway: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := tc.seat
			got := Due(tc.table, &st, t0, next)
			if got != tc.want || st.Missed != tc.wantMissed || st.Away != tc.wantAway {
				t.Errorf("Due = %v, missed %d, away %v; want %v, %d, %v", got, st.Missed, st.Away, tc.want, tc.wantMissed, tc.wantAway)
			}
			if wantAt := next; tc.wantAway {
				if !st.RemindAt.IsZero() {
					t.Errorf("a seat handed over is reminded at %v", st.RemindAt)
				}
			} else if !st.RemindAt.Equal(wantAt) {
				t.Errorf("reminded at %v, want %v", st.RemindAt, wantAt)
			}
		})
	}
}

func TestInterval(t *testing.T) {
	for _, tc := range []struct {
		name   string
		policy Policy
		want   time.Duration
	}{
		{"the table's", Policy{Table: db.Table{ReminderEvery: time.Hour}, Guild: db.GuildSettings{ReminderEvery: 2 * time.Hour}, Every: 3 * time.Hour}, time.Hour},
		{"the server's", Policy{Guild: db.GuildSettings{ReminderEvery: 2 * time.Hour}, Every: 3 * time.Hour}, 2 * time.Hour},
		{"the bot's", Policy{Every: 3 * time.Hour}, 3 * time.Hour},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.policy.Interval(); got != tc.want {
				t.Errorf("Interval = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestNextInTheirZone(t *testing.T) {
	p := Policy{Every: 12 * time.Hour, Guild: db.GuildSettings{QuietStart: 22, QuietEnd: 7}}
	// 12:00 UTC is 13:00 in Berlin; 12 hours later is 01:00, quiet until 07:00 (06:00 UTC).
	next, err := p.Next(db.Seat{Prefs: db.UserPrefs{Zone: "Europe/Berlin"}}, t0)
	if err != nil || !next.Equal(time.Date(2026, 3, 3, 6, 0, 0, 0, time.UTC)) {
		t.Errorf("Next = %v, %v; want 06:00 UTC, out of the quiet hours in Berlin", next, err)
	}
	if _, err := p.Next(db.Seat{Prefs: db.UserPrefs{Zone: "Mars/Olympus"}}, t0); err == nil {
		t.Error("an unknown zone gave no error")
	}
}

func TestChangedAndNextDue(t *testing.T) {
	base := []db.Seat{{Seat: 0}, {Seat: 1, RemindAt: t0}}
	next := []db.Seat{{Seat: 0, Missed: 1, RemindAt: t0.Add(time.Hour)}, {Seat: 1, RemindAt: t0}}
	if got := Changed(base, next); len(got) != 1 || got[0].Seat != 0 {
		t.Errorf("Changed = %+v, want seat 0 alone", got)
	}
	if got := NextDue(next); !got.Equal(t0) {
		t.Errorf("NextDue = %v, want %v", got, t0)
	}
	if got := NextDue([]db.Seat{{Seat: 0}}); !got.IsZero() {
		t.Errorf("NextDue without reminders = %v", got)
	}
}
