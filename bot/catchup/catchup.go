// Package catchup tells a returning player what happened since their last
// move: a short digest made by replaying the table's record, from the
// public events and the player's own private ones only. The bot adds it to
// the ping that tells a player it is their turn, and /game log since:mine
// shows it on demand.
package catchup

import (
	"fmt"
	"strings"
	"time"

	"github.com/playbychat/pbc/games"
)

// Entry is one move since the reader's last move, as the reader may see it.
type Entry struct {
	N    int        // the move's number in the log, from 1
	Seat games.Seat // who moved
	At   time.Time
	// Bot is set for a move the bot made (a bot seat, a default move).
	Bot bool
	// Lines are the move's events the reader may see: the public ones and
	// those shown to the reader alone. Empty for a move that showed
	// nothing (a secret choice, say).
	Lines []games.Text
}

// Since replays rec and returns the moves after reader's last move (all
// moves when reader never moved), with only what reader may see of each.
// With user set, reader's last move is the last one that user made: the
// moves the bot made for the seat while its player was away are part of
// what they missed. It never looks at another seat's private events or at
// move notations, which may name a hidden card.
func Since(rec games.Record, reader games.Seat, user string) ([]Entry, error) {
	def, ok := games.Lookup(rec.Game)
	if !ok {
		return nil, fmt.Errorf("catch-up: unknown game %q", rec.Game)
	}
	from := 0
	for i, m := range rec.Moves {
		if m.Seat == reader && (user == "" || m.User == user) {
			from = i + 1
		}
	}
	g, _, err := def.Create(rec.Seats, rec.Options, rec.Seed)
	if err != nil {
		return nil, fmt.Errorf("catch-up: set up: %w", err)
	}
	var out []Entry
	for i, m := range rec.Moves {
		next, events, err := games.PlayText(g, m.Seat, m.Notation)
		if err != nil {
			return nil, fmt.Errorf("catch-up: move %d: %w", i+1, err)
		}
		g = next
		if i < from {
			continue
		}
		out = append(out, NewEntry(m, i+1, events, reader))
	}
	return out, nil
}

// NewEntry is the entry of m, the move numbered n, whose events were
// events, as reader may see it: the public events and those shown to
// reader alone.
func NewEntry(m games.RecordedMove, n int, events []games.Event, reader games.Seat) Entry {
	e := Entry{N: n, Seat: m.Seat, At: m.At, Bot: m.User == ""}
	for _, ev := range events {
		if ev.VisibleTo(reader) {
			e.Lines = append(e.Lines, ev.Text)
		}
	}
	return e
}

// The digest's own texts.
var (
	headline     = games.T("Since your last move:", "Seit deinem letzten Zug:")
	moved        = games.T("%s moved.", "%s ist gezogen.")
	botMark      = games.T("%s (bot)", "%s (Bot)")
	earlierOne   = games.T("…and %d earlier line (/game log).", "…und %d frühere Zeile (/game log).")
	earlierOther = games.T("…and %d earlier lines (/game log).", "…und %d frühere Zeilen (/game log).")
	nothing      = games.T("Nothing has happened since your last move.", "Seit deinem letzten Zug ist nichts passiert.")
)

// earlier is the line that stands for the n older lines left out.
func earlier(n int, lang games.Lang) string {
	return games.Count(n, earlierOne, earlierOther).In(lang)
}

// Format writes entries as a digest in lang of at most maxLines lines after
// its headline and at most maxChars characters in all (the newest lines
// kept; 0 for no limit), with seat placeholders replaced by names.
// Consecutive moves of one seat that showed nothing are one line.
func Format(entries []Entry, names []string, lang games.Lang, maxLines, maxChars int) string {
	if len(entries) == 0 {
		return nothing.In(lang)
	}
	var lines []string
	for i, e := range entries {
		if len(e.Lines) > 0 {
			for _, l := range e.Lines {
				lines = append(lines, "• "+games.FormatSeats(l.In(lang), names))
			}
			continue
		}
		// A silent move: one line per run of one seat's silent moves.
		if i > 0 && len(entries[i-1].Lines) == 0 && entries[i-1].Seat == e.Seat {
			continue
		}
		who := games.FormatSeats(games.Seatf(e.Seat), names)
		if e.Bot {
			who = fmt.Sprintf(botMark.In(lang), who)
		}
		lines = append(lines, "• "+fmt.Sprintf(moved.In(lang), who))
	}
	keep := len(lines)
	if maxLines > 0 {
		keep = min(keep, maxLines)
	}
	size := func(ls []string) int {
		n := len([]rune(headline.In(lang)))
		for _, l := range ls {
			n += 1 + len([]rune(l))
		}
		return n
	}
	for ; keep > 0 && maxChars > 0; keep-- {
		tail := lines[len(lines)-keep:]
		if keep < len(lines) {
			tail = append([]string{earlier(len(lines)-keep, lang)}, tail...)
		}
		if size(tail) <= maxChars {
			break
		}
	}
	out := []string{headline.In(lang)}
	if cut := len(lines) - keep; cut > 0 {
		out = append(out, earlier(cut, lang))
	}
	return strings.Join(append(out, lines[len(lines)-keep:]...), "\n")
}
