package eventlog

import (
	"slices"
	"testing"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/rng"
)

func TestEvents(t *testing.T) {
	text := games.T("x", "x")
	const mover, other = games.Seat(0), games.Seat(1)
	tests := []struct {
		name string
		log  func(*Log)
		draw bool
		want []bool // Reveal of each event
	}{
		{"public event", func(l *Log) { l.Add(text, mover) }, false, []bool{false}},
		{"public event of a move that drew", func(l *Log) { l.Add(text, mover); l.Note(mover, text) }, true, []bool{true, true}},
		{"face-down thing turned up", func(l *Log) { l.Add(text); l.Reveal(text) }, false, []bool{false, true}},
		{"note to the mover of its own choice", func(l *Log) { l.Note(mover, text) }, false, []bool{false}},
		{"note to another seat", func(l *Log) { l.Note(other, text) }, false, []bool{true}},
		{"cards shown to the mover", func(l *Log) { l.Show(mover, text) }, false, []bool{true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var l Log
			tt.log(&l)
			before := *rng.New(1)
			after := before
			if tt.draw {
				after.Intn(6)
			}
			events := l.Events(mover, before, after)
			var got []bool
			for _, e := range events {
				got = append(got, e.Reveal)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("Reveal %v, want %v", got, tt.want)
			}
		})
	}
}

func TestSeatsOnce(t *testing.T) {
	var l Log
	l.Add(games.T("x", "x"), 2, 0, 2)
	l.Add(games.T("y", "y"))
	events := l.Events(0, rng.Source{}, rng.Source{})
	if got := events[0].Seats; !slices.Equal(got, []games.Seat{2, 0}) {
		t.Errorf("seats %v, want [2 0]", got)
	}
	if events[1].Seats != nil {
		t.Errorf("seats %v, want none", events[1].Seats)
	}
}
