// Package feed decides what a table's channel shows of each change: the
// pure logic of its live message. One post per turn. A table's channel
// shows one live message at a time: the newest post, carrying the current
// decision's buttons. While a turn goes on, each move edits it quietly
// (what happened since it was posted, who must act, the next buttons); a
// new post pings only who newly must act, once per turn or phase:
//
//   - a board post (image, the summary of the whole turn or phase that
//     ended) when the turn passes to another seat, a simultaneous phase
//     opens or closes, and at the end of the game;
//   - a text post when someone not yet pinged during the turn must decide
//     within it (a reaction such as a block);
//   - an edit otherwise (the turn's holder getting the decision back, the
//     next reaction window of a combat); in a simultaneous phase the edit
//     counts who is ready.
//
// Each new post first restores the previous live message to what it was
// posted with, without buttons. The mover is never pinged; a seat pinged
// during a turn or phase is not pinged again before it ends (the reminder
// is what pings again). The table's board setting makes every move a board
// post (db.BoardMove) or leaves images out (db.BoardOff): the bot applies
// it, and builds, stores and sends the messages (bot/announce.go).
//
// Everything here is decided from typed facts: who must act and on what
// decision (games.Actor.Decision), a move's role (games.Move.Role) and
// the seats an event names (games.Event.Seats), never from display text.
package feed

import (
	"slices"
	"strconv"

	"github.com/playbychat/pbc/bot/text"
	"github.com/playbychat/pbc/games"
)

// msgPlayed is the line of a move whose events are all private.
const msgPlayed text.Msg = "Played"

// Feed follows a table's turn and its live message. The bot derives it
// from the move log and keeps it with the cached game.
type Feed struct {
	// key names the turn or phase in progress: "turn:<seat>",
	// "sim:<decision>" (games.Actor.Decision), or "" between phases.
	key string
	// turn holds the public lines of the turn so far, the summary of the
	// board post that ends it.
	turn []Line
	// Live is what the live message shows.
	Live Live
	// pinged are the seats pinged during the turn or phase: none is
	// pinged twice for it (the reminder pings again).
	pinged []games.Seat
}

// Live is what the live message was posted with.
type Live struct {
	Head   []Line        // its lines, above who must act
	Actors []games.Actor // who had to act when it was posted
	Posted bool          // there is a live message
	since  int           // turn[since:] happened since it was posted
}

// Since are the lines of the turn that happened since the live message
// was posted, which an edit adds below its head.
func (f Feed) Since() []Line { return f.turn[min(f.Live.since, len(f.turn)):] }

// Line is a public line of a turn. Minor lines are bookkeeping that the
// board's headline strip leaves out (the post itself shows every line):
// a move's own declaration when it only ends a turn, passes or confirms
// ("X passes."), and the opening of the turn that comes next ("Y's
// turn."), which the strip's "who acts now" shows anyway.
type Line struct {
	games.Text
	// Seats are the seats the text names (games.Event.Seats).
	Seats []games.Seat
	Minor bool
}

// Lines makes plain lines of texts that name no seat the feed cares
// about.
func Lines(texts ...games.Text) []Line {
	out := make([]Line, len(texts))
	for i, t := range texts {
		out[i] = Line{Text: t}
	}
	return out
}

// PostKind is what a change owes the channel.
type PostKind int

// The post kinds.
const (
	EditPost  PostKind = iota // quietly edit the live message
	PingPost                  // a text post pinging who newly must act within the turn
	BoardPost                 // a board post: a new turn or phase, or the end
)

// Step returns the feed after a change from prev (nil at the start) to
// next that mover made (Spectator for none) with the public lines, what the
// change owes the channel, and the seats to ping. Seats the bot plays
// (bots) open no board and are never pinged: the bot answers a reaction asked of them at
// once, in an edit, rather than after a post for nobody.
func (f Feed) Step(prev, next games.Game, mover games.Seat, lines []Line, bots func(games.Seat) bool) (Feed, PostKind, []games.Seat) {
	key, opens := turnChange(f.key, prev, next)
	if opens && prev != nil && onlyBots(next, bots) {
		// A turn or phase that only the bot plays opens no board: the bot
		// makes its moves at once, and the next board (where a person
		// must act, or the end) tells them all, so a person at a table of
		// bots gets one board per turn of theirs.
		opens = false
	}
	out := Feed{key: key, Live: f.Live}
	if !opens {
		out.pinged = f.pinged
	}
	var pings []games.Seat
	for _, seat := range NewlyActing(prev, next, mover) {
		if !slices.Contains(out.pinged, seat) && !bots(seat) {
			pings = append(pings, seat)
		}
	}
	out.pinged = append(slices.Clone(out.pinged), pings...)
	switch {
	case opens:
		out.Live = Live{Head: append(slices.Clone(f.turn), handOver(lines, actingSeats(next))...), Actors: next.ToAct(), Posted: true}
		return out, BoardPost, pings
	case len(pings) > 0:
		out.turn = append(slices.Clone(f.turn), lines...)
		out.Live = Live{Head: slices.Clone(lines), Actors: next.ToAct(), since: len(out.turn), Posted: true}
		return out, PingPost, pings
	}
	out.turn = append(slices.Clone(f.turn), lines...)
	return out, EditPost, nil
}

// onlyBots reports whether every seat that must act in g (someone must) is
// played by the bot.
func onlyBots(g games.Game, bots func(games.Seat) bool) bool {
	actors := g.ToAct()
	for _, a := range actors {
		if !bots(a.Seat) {
			return false
		}
	}
	return len(actors) > 0
}

// Reset returns the feed after a change that posts a new live message
// with head, whatever Step decided (every move under db.BoardMove, an
// undo).
func (f Feed) Reset(next games.Game, head []Line) Feed {
	f.Live = Live{Head: slices.Clone(head), Actors: next.ToAct(), since: len(f.turn), Posted: true}
	return f
}

// turnChange returns the key of next's turn or phase and whether a board
// is due: at the start and the end, when the turn passes to another seat,
// and when a simultaneous phase opens or closes. Reactions keep the key:
// they interrupt a turn or phase without ending it.
func turnChange(key string, prev, next games.Game) (string, bool) {
	if next.Status().Finished {
		return "", true
	}
	if a, ok := actorOfKind(next, games.Turn); ok {
		k := "turn:" + strconv.Itoa(int(a.Seat))
		return k, prev == nil || k != key
	}
	n, nok := actorOfKind(next, games.Simultaneous)
	var p games.Actor
	pok := false
	if prev != nil {
		p, pok = actorOfKind(prev, games.Simultaneous)
	}
	switch {
	case nok && (!pok || p.Decision != n.Decision):
		return "sim:" + n.Decision, true // a phase opens
	case nok:
		return key, false
	case pok:
		return "", true // the phase closed
	}
	return key, prev == nil
}

// actorOfKind returns the first actor of g with kind k.
func actorOfKind(g games.Game, k games.ActKind) (games.Actor, bool) {
	for _, a := range g.ToAct() {
		if a.Kind == k {
			return a, true
		}
	}
	return games.Actor{}, false
}

// NewlyActing lists the seats that must act in next on a decision they
// did not have in prev (nil: the start), the mover left out: the seats to
// ping.
func NewlyActing(prev, next games.Game, mover games.Seat) []games.Seat {
	var before []games.Actor
	if prev != nil {
		before = prev.ToAct()
	}
	var out []games.Seat
	for _, a := range next.ToAct() {
		if a.Seat == mover || slices.Contains(out, a.Seat) {
			continue
		}
		if slices.ContainsFunc(before, func(b games.Actor) bool { return sameDecision(a, b) }) {
			continue
		}
		out = append(out, a.Seat)
	}
	return out
}

// MoveLines are the public lines of seat's move m with its events:
// headline (if any; it names the mover) and the public events, or "X
// moved." when there are neither but its events are all private (a move
// without events, a menu step, says nothing). The first event line of a
// procedural move (games.Role.Procedural: one that ends a turn, passes,
// confirms or cancels) is minor when it names the mover alone: it is the
// move's own declaration, and what matters is what followed.
func MoveLines(seat games.Seat, m games.Move, headline games.Text, events []games.Event) []Line {
	var out []Line
	mover := []games.Seat{seat}
	if headline.EN != "" {
		out = append(out, Line{Text: headline, Seats: mover})
	}
	declared := false
	for _, e := range events {
		if !e.VisibleTo(games.Spectator) {
			continue
		}
		l := Line{Text: e.Text, Seats: e.Seats}
		if !declared && m.Role.Procedural() && slices.Equal(e.Seats, mover) {
			l.Minor = true
		}
		declared = true
		out = append(out, l)
	}
	if len(out) == 0 && len(events) > 0 {
		out = []Line{{Text: text.Textf(msgPlayed, games.Seatf(seat)), Seats: mover}}
	}
	return out
}

// QuietMove reports whether a move is nobody's business but its mover's:
// a standing choice (setting) that showed nothing public, changed nobody's
// decision and did not end the game. The channel's decision and the
// reminder stay as they are.
func QuietMove(prev, next games.Game, setting bool, events []games.Event) bool {
	public := slices.ContainsFunc(events, func(e games.Event) bool { return e.VisibleTo(games.Spectator) })
	return setting && !public && !next.Status().Finished && sameActors(prev, next)
}

// handOver returns the lines of the change that opened a new turn or
// phase with its trailing lines about the seats acting now marked minor:
// the opening of what comes next ("Y's turn.", the effects that start
// it), not what happened. Only lines naming a seat count: a line naming
// none may be an outcome ("Lane 2 holds.").
func handOver(ls []Line, acting []games.Seat) []Line {
	ls = slices.Clone(ls)
	for i := len(ls) - 1; i >= 0; i-- {
		named := ls[i].Seats
		if len(named) == 0 || slices.ContainsFunc(named, func(s games.Seat) bool { return !slices.Contains(acting, s) }) {
			break
		}
		ls[i].Minor = true
	}
	return ls
}

// actingSeats lists the seats that must act in g.
func actingSeats(g games.Game) []games.Seat {
	var out []games.Seat
	for _, a := range g.ToAct() {
		out = append(out, a.Seat)
	}
	return out
}

// Headline are the texts for the board's headline strip of lines: the
// lines that are not minor, or all of them when every one is (the strip
// keeps the newest that fit).
func Headline(ls []Line) []games.Text {
	var out, all []games.Text
	for _, l := range ls {
		all = append(all, l.Text)
		if !l.Minor {
			out = append(out, l.Text)
		}
	}
	if len(out) == 0 {
		return all
	}
	return out
}

// sameActors reports whether a and b wait for the same seats on the same
// decisions.
func sameActors(a, b games.Game) bool {
	return slices.EqualFunc(a.ToAct(), b.ToAct(), sameDecision)
}

// sameDecision reports whether x and y are the same seat asked the same
// decision: its kind and its key (games.Actor.Decision), never the
// wording of its prompt.
func sameDecision(x, y games.Actor) bool {
	return x.Seat == y.Seat && x.Kind == y.Kind && x.Decision == y.Decision
}
