// Package schedule computes when a player is reminded: in the player's own
// time zone (an IANA name such as "Europe/Berlin"), outside their quiet
// hours, with daylight-saving changes taken from the zone database that
// this package embeds in the binary (time/tzdata), so that a host without
// /usr/share/zoneinfo computes the same times.
//
// Every function is pure: the current time is an argument.
package schedule

import (
	"errors"
	"fmt"
	"strings"
	"time"
	_ "time/tzdata" // the zone database, embedded: reminders must not depend on the host's
)

// ErrUnknownZone is returned by Zone for a name the zone database lacks.
var ErrUnknownZone = errors.New("unknown time zone")

// Zone returns the location of an IANA zone name; "" is UTC. Names are
// matched exactly as the database spells them, and also without regard to
// case ("europe/berlin"), as people type them.
func Zone(name string) (*time.Location, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return time.UTC, nil
	}
	if canonical, ok := zoneByFold[strings.ToLower(name)]; ok {
		name = canonical
	}
	// LoadLocation also reads files and $ZONEINFO; only the names we list
	// are accepted, so that a path such as "../../etc/x" never reaches it.
	if !knownZone(name) {
		return nil, fmt.Errorf("%w %q", ErrUnknownZone, name)
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		return nil, fmt.Errorf("%w %q: %w", ErrUnknownZone, name, err)
	}
	return loc, nil
}

// Quiet is a daily window of local hours without reminders: from Start
// (inclusive) to End (exclusive), each an hour 0-23 of the player's zone,
// wrapping past midnight when Start > End ("22-7"). Start == End, or a
// negative hour, means no quiet hours.
type Quiet struct {
	Start, End int
}

// NoQuiet is the window of a player without quiet hours.
var NoQuiet = Quiet{Start: -1, End: -1}

// Enabled reports whether q is a window at all.
func (q Quiet) Enabled() bool {
	return q.Start >= 0 && q.End >= 0 && q.Start <= 23 && q.End <= 23 && q.Start != q.End
}

// contains reports whether the local hour h lies in q.
func (q Quiet) contains(h int) bool {
	if q.Start < q.End {
		return h >= q.Start && h < q.End
	}
	return h >= q.Start || h < q.End
}

// String writes q as "22-7", or "off".
func (q Quiet) String() string {
	if !q.Enabled() {
		return "off"
	}
	return fmt.Sprintf("%d-%d", q.Start, q.End)
}

// OutOfQuiet returns t if it lies outside q in loc, and otherwise the
// instant q ends: the first moment the local clock shows q.End o'clock
// after t. When that hour does not exist on that day (the clock jumps over
// it in spring), the window ends with the jump.
func OutOfQuiet(t time.Time, loc *time.Location, q Quiet) time.Time {
	if !q.Enabled() {
		return t
	}
	local := t.In(loc)
	if !q.contains(local.Hour()) {
		return t
	}
	day := local
	if local.Hour() >= q.End {
		day = local.AddDate(0, 0, 1)
	}
	return wallHour(day.Year(), day.Month(), day.Day(), q.End, loc)
}

// wallHour returns the first instant at which the clock of loc shows
// hour:00 or later on the given day. time.Date leaves the answer for a
// time inside a spring-forward gap unspecified (it gives 03:00 in Berlin
// but 01:00 in New York for 02:00), so a time in a gap is moved to the
// jump itself.
func wallHour(year int, month time.Month, day, hour int, loc *time.Location) time.Time {
	t := time.Date(year, month, day, hour, 0, 0, 0, loc)
	want := time.Date(year, month, day, hour, 0, 0, 0, time.UTC)
	got := time.Date(t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second(), 0, time.UTC)
	switch {
	case got.Before(want):
		// Normalized to before the gap: the gap begins where this zone
		// period ends.
		_, end := t.ZoneBounds()
		return end
	case got.After(want):
		// Normalized to after the gap: it ends where this period starts.
		start, _ := t.ZoneBounds()
		return start
	}
	return t
}

// Next returns when a player's next reminder is due, counting from: every
// later, moved out of the quiet window q of the player's zone loc. An
// interval of whole days advances by calendar days in loc, so a daily
// reminder keeps its local time across a daylight-saving change; any other
// interval is elapsed time. A non-positive interval counts as one day.
func Next(from time.Time, every time.Duration, loc *time.Location, q Quiet) time.Time {
	if every <= 0 {
		every = 24 * time.Hour
	}
	var due time.Time
	if every%(24*time.Hour) == 0 {
		due = from.In(loc).AddDate(0, 0, int(every/(24*time.Hour)))
	} else {
		due = from.Add(every)
	}
	return OutOfQuiet(due, loc, q).UTC()
}
