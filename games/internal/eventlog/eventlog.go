// Package eventlog is the event log every engine writes the events of a
// move to, and the one rule of which moves reveal something (undo never
// goes back past them).
//
// A move reveals when
//   - it drew from the state's random generator (a roll, a shuffle, a
//     random pick): Events compares the generator before and after;
//   - or it showed a seat something hidden that the seat did not know: an
//     event the engine logs with Reveal (a face-down card turned up, a deck
//     drawn from, a screen looked behind) or with Show, or any private
//     event to another seat than the mover.
//
// A private note to the mover about its own choice (Note) reveals nothing:
// the mover knew it. When a move reveals because it drew, every event of
// it is marked, so that the mark reaches each seat that saw a result.
package eventlog

import (
	"slices"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/rng"
)

// Log collects the events of one move in order. The zero value is ready
// to use.
type Log struct {
	events []games.Event
}

// Add logs a public event; seats are the seats its text names, in the
// order it first names them (each kept once).
func (l *Log) Add(t games.Text, seats ...games.Seat) {
	l.events = append(l.events, games.Event{Text: t, Seats: once(seats)})
}

// Reveal logs a public event that turns up something hidden before the
// move (a face-down card, the top of a deck, the survivors behind a
// screen).
func (l *Log) Reveal(t games.Text, seats ...games.Seat) {
	l.events = append(l.events, games.Event{Text: t, Reveal: true, Seats: once(seats)})
}

// Note logs an event only seat may see that tells it nothing hidden (its
// own choice repeated to it); it reveals only when seat is not the mover.
func (l *Log) Note(seat games.Seat, t games.Text, seats ...games.Seat) {
	l.events = append(l.events, games.Event{Text: t, To: []games.Seat{seat}, Seats: once(seats)})
}

// Show logs an event only seat may see that shows it something hidden
// (the cards it draws, the order of a deck).
func (l *Log) Show(seat games.Seat, t games.Text, seats ...games.Seat) {
	l.events = append(l.events, games.Event{Text: t, To: []games.Seat{seat}, Reveal: true, Seats: once(seats)})
}

// Events returns the events of a move by mover with the reveal rule
// applied; before and after are the state's generator before and after
// the move.
func (l *Log) Events(mover games.Seat, before, after rng.Source) []games.Event {
	return Mark(slices.Clone(l.events), mover, before != after)
}

// Mark applies the reveal rule to the events of a move by mover, in
// place, and returns them: drew reports whether the move drew from the
// state's generator; an event already marked Reveal stays marked. Engines
// that keep their events in a slice of their own call it; Log.Events
// calls it for the others.
func Mark(events []games.Event, mover games.Seat, drew bool) []games.Event {
	for i, e := range events {
		events[i].Reveal = e.Reveal || drew || (e.To != nil && !slices.Contains(e.To, mover))
	}
	return events
}

// once returns seats with each seat once, in order of first mention, or
// nil for none.
func once(seats []games.Seat) []games.Seat {
	var out []games.Seat
	for _, s := range seats {
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}
