package bot

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
)

// One post per turn. A table's channel shows one live message at a time:
// the newest post, carrying the current decision's buttons. While a turn
// goes on, each move edits it quietly (what happened since it was posted,
// who must act, the next buttons); a new post pings only who newly must
// act, once per turn or phase:
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
// is what pings again). The table's board setting makes every move a board post
// (db.BoardMove) or leaves images out (db.BoardOff).

// feed follows a table's turn and its live message. It is derived from
// the move log (deriveFeed) and kept with the cached game.
type feed struct {
	// key names the turn or phase in progress: "turn:<seat>",
	// "sim:<decision>" (games.Actor.Decision), or "" between phases.
	key string
	// turn holds the public lines of the turn so far, the summary of the
	// board post that ends it.
	turn []line
	// live is what the live message shows.
	live liveMsg
	// pinged are the seats pinged during the turn or phase: none is
	// pinged twice for it (the reminder pings again).
	pinged []games.Seat
}

// liveMsg is what the live message was posted with.
type liveMsg struct {
	head   []line        // its lines, above who must act
	actors []games.Actor // who had to act when it was posted
	since  int           // turn[since:] happened since it was posted
	posted bool          // there is a live message
}

// line is a public line of a turn. Minor lines are bookkeeping that the
// board's headline strip leaves out (the post itself shows every line):
// a move's own declaration when it only ends a turn, passes or confirms
// ("X passes."), and the opening of the turn that comes next ("Y's
// turn."), which the strip's "who acts now" shows anyway.
type line struct {
	games.Text
	// seats are the seats the text names (games.Event.Seats).
	seats []games.Seat
	minor bool
}

// lines makes plain lines of texts that name no seat the feed cares
// about.
func lines(texts ...games.Text) []line {
	out := make([]line, len(texts))
	for i, t := range texts {
		out[i] = line{Text: t}
	}
	return out
}

// postKind is what a change owes the channel.
type postKind int

const (
	editPost  postKind = iota // quietly edit the live message
	pingPost                  // a text post pinging who newly must act within the turn
	boardPost                 // a board post: a new turn or phase, or the end
)

// step returns the feed after a change from prev (nil at the start) to
// next that mover made (Spectator for none) with the public lines, what the
// change owes the channel, and the seats to ping. Seats the bot plays
// (bots) open no board and are never pinged: the bot answers a reaction asked of them at
// once, in an edit, rather than after a post for nobody.
func (f feed) step(prev, next games.Game, mover games.Seat, lines []line, bots func(games.Seat) bool) (feed, postKind, []games.Seat) {
	key, opens := turnChange(f.key, prev, next)
	if opens && prev != nil && onlyBots(next, bots) {
		// A turn or phase that only the bot plays opens no board: the bot
		// makes its moves at once, and the next board (where a person
		// must act, or the end) tells them all, so a person at a table of
		// bots gets one board per turn of theirs.
		opens = false
	}
	out := feed{key: key, live: f.live}
	if !opens {
		out.pinged = f.pinged
	}
	var pings []games.Seat
	for _, seat := range newlyActing(prev, next, mover) {
		if !slices.Contains(out.pinged, seat) && !bots(seat) {
			pings = append(pings, seat)
		}
	}
	out.pinged = append(slices.Clone(out.pinged), pings...)
	switch {
	case opens:
		out.live = liveMsg{head: append(slices.Clone(f.turn), handOver(lines, actingSeats(next))...), actors: next.ToAct(), posted: true}
		return out, boardPost, pings
	case len(pings) > 0:
		out.turn = append(slices.Clone(f.turn), lines...)
		out.live = liveMsg{head: slices.Clone(lines), actors: next.ToAct(), since: len(out.turn), posted: true}
		return out, pingPost, pings
	}
	out.turn = append(slices.Clone(f.turn), lines...)
	return out, editPost, nil
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

// reset returns the feed after a change that posts a new live message
// with head, whatever step decided (every move under db.BoardMove, an
// undo).
func (f feed) reset(next games.Game, head []line) feed {
	f.live = liveMsg{head: slices.Clone(head), actors: next.ToAct(), since: len(f.turn), posted: true}
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

// newlyActing lists the seats that must act in next on a decision they
// did not have in prev (nil: the start), the mover left out: the seats to
// ping.
func newlyActing(prev, next games.Game, mover games.Seat) []games.Seat {
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

// moveLines are the public lines of seat's move m with its events:
// headline (if any; it names the mover) and the public events, or "X
// moved." when there are neither but its events are all private (a move
// without events, a menu step, says nothing). The first event line of a
// procedural move (games.Role.Procedural: one that ends a turn, passes,
// confirms or cancels) is minor when it names the mover alone: it is the
// move's own declaration, and what matters is what followed.
func moveLines(seat games.Seat, m games.Move, headline games.Text, events []games.Event) []line {
	var out []line
	mover := []games.Seat{seat}
	if headline.EN != "" {
		out = append(out, line{Text: headline, seats: mover})
	}
	declared := false
	for _, e := range events {
		if !e.VisibleTo(games.Spectator) {
			continue
		}
		l := line{Text: e.Text, seats: e.Seats}
		if !declared && m.Role.Procedural() && slices.Equal(e.Seats, mover) {
			l.minor = true
		}
		declared = true
		out = append(out, l)
	}
	if len(out) == 0 && len(events) > 0 {
		out = []line{{Text: textf(msgPlayed, games.Seatf(seat)), seats: mover}}
	}
	return out
}

// quietMove reports whether a move is nobody's business but its mover's:
// a standing choice (setting) that showed nothing public, changed nobody's
// decision and did not end the game. The channel's decision and the
// reminder stay as they are.
func quietMove(prev, next games.Game, setting bool, events []games.Event) bool {
	public := slices.ContainsFunc(events, func(e games.Event) bool { return e.VisibleTo(games.Spectator) })
	return setting && !public && !next.Status().Finished && sameActors(prev, next)
}

// handOver returns the lines of the change that opened a new turn or
// phase with its trailing lines about the seats acting now marked minor:
// the opening of what comes next ("Y's turn.", the effects that start
// it), not what happened. Only lines naming a seat count: a line naming
// none may be an outcome ("Lane 2 holds.").
func handOver(ls []line, acting []games.Seat) []line {
	ls = slices.Clone(ls)
	for i := len(ls) - 1; i >= 0; i-- {
		named := ls[i].seats
		if len(named) == 0 || slices.ContainsFunc(named, func(s games.Seat) bool { return !slices.Contains(acting, s) }) {
			break
		}
		ls[i].minor = true
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

// headlineChanges are the lines for the board's headline strip: the
// lines that are not minor, or all of them when every one is (the strip
// keeps the newest that fit).
func headlineChanges(ls []line) []games.Text {
	var out, all []games.Text
	for _, l := range ls {
		all = append(all, l.Text)
		if !l.minor {
			out = append(out, l.Text)
		}
	}
	if len(out) == 0 {
		return all
	}
	return out
}

// feedOf returns s's feed, deriving it from the log when it is not cached.
func (b *Bot) feedOf(ctx context.Context, s *session) (feed, error) {
	if s.feed != nil {
		return *s.feed, nil
	}
	moves, err := b.readMoves(ctx, s.table.ID)
	if err != nil {
		return feed{}, err
	}
	_, f, r, err := replayFeed(s, moves)
	if err != nil {
		return feed{}, err
	}
	s.feed, s.recent = &f, r
	return f, nil
}

// replayFeed rebuilds the game, the feed and the recent moves of a table
// from its setup and moves.
func replayFeed(s *session, moves []db.Move) (games.Game, feed, *recent, error) {
	g, _, err := s.def.Create(len(s.seats), s.table.Options, s.table.Seed)
	if err != nil {
		return nil, feed{}, nil, &internalError{s.table.ID, fmt.Errorf("set up for replay: %w", err)}
	}
	// Who the bot plays is read as it is now: a seat it played for an
	// absent player may have been pinged when live, which only decides
	// whether one more post opened within that turn.
	f, _, _ := feed{}.step(nil, g, games.Spectator, startHeadline(s), botAnswers(s, g))
	past := make([]pastMove, 0, min(len(moves), recentMoves))
	for i, m := range moves {
		seat := games.Seat(m.Seat)
		made, err := games.Resolve(g, seat, g.LegalMoves(seat), m.Notation)
		if err != nil {
			return nil, feed{}, nil, &internalError{s.table.ID, fmt.Errorf("replay move %d: %w", m.N, err)}
		}
		next, events, err := games.Play(g, seat, made)
		if err != nil {
			return nil, feed{}, nil, &internalError{s.table.ID, fmt.Errorf("replay move %d: %w", m.N, err)}
		}
		// As when it was made (commitMove), but for a default move's
		// headline, which the log does not keep.
		if !quietMove(g, next, made.Group == games.SettingGroup, events) {
			f, _, _ = f.step(g, next, seat, moveLines(seat, made, games.Text{}, events), botAnswers(s, next))
		}
		if i >= len(moves)-recentMoves {
			past = append(past, pastMove{Move: m, events: events})
		}
		g = next
	}
	return g, f, &recent{moves: past, all: len(moves) <= recentMoves}, nil
}

// announce returns the deliveries a change of s's game from prev (nil at
// the start) owes the channel and the players, given the feed before it,
// and the feed after it. mover made the change and is answered directly
// (Spectator for none); lines are its public lines. Seats the bot answers
// (botAnswers) and seats whose queued answer is played at once
// (queuedAnswers) are not woken.
func (b *Bot) announce(ctx context.Context, s *session, before feed, prev games.Game, mover games.Seat, lines []line, events []games.Event) ([]db.Delivery, feed) {
	newly := newlyActing(prev, s.game, mover)
	// A seat whose queued answer is played at once is not woken for it.
	queued := b.queuedAnswers(ctx, s, newly)
	bots := botAnswers(s, s.game)
	answered := func(seat games.Seat) bool { return queued[seat] || bots(seat) }
	after, kind, pings := before.step(prev, s.game, mover, lines, answered)
	if s.table.Board == db.BoardMove && kind != boardPost {
		after, kind = after.reset(s.game, lines), boardPost
	}
	var out []db.Delivery
	if kind == editPost {
		out = append(out, editLive(s.table, b.liveMessage(ctx, s, after, false)))
	} else {
		if before.live.posted {
			out = append(out, editLive(s.table, b.closedMessage(s, before)))
		}
		m := b.liveMessage(ctx, s, after, kind == boardPost && s.table.Board != db.BoardOff)
		m.Mentions = s.userIDs(pings)
		out = append(out, postTo(s.table, m, true))
	}
	newly = slices.DeleteFunc(newly, func(seat games.Seat) bool { return queued[seat] })
	return append(out, b.panelDeliveries(ctx, s, mover, events, newly, pings)...), after
}

// liveMessage is the live message of f: its lines, what happened since it
// was posted, who must act now (how many are ready, in a simultaneous
// phase), the public components of the decision and, with image, the board.
func (b *Bot) liveMessage(ctx context.Context, s *session, f feed, image bool) Message {
	lang := tableLang(s.table)
	var msg Message
	var lines []string
	for _, t := range f.live.head {
		lines = append(lines, s.format(t.In(lang)))
	}
	for _, t := range f.turn[min(f.live.since, len(f.turn)):] {
		lines = append(lines, "> "+s.format(t.In(lang)))
	}
	var tail []string
	if st := s.status(); st.Finished {
		summary := s.format(st.Summary.In(lang))
		// The result stands once, in bold, after the lines that led to it
		// (an engine may log it as its last event too).
		lines = slices.DeleteFunc(lines, func(l string) bool { return strings.TrimPrefix(l, "> ") == summary })
		tail = []string{"**" + summary + "**", tr(lang, msgExportHint, s.table.ID)}
	} else {
		actors := s.game.ToAct()
		if total := len(f.live.actors); total > len(actors) && allKind(f.live.actors, games.Simultaneous) && allKind(actors, games.Simultaneous) {
			tail = append(tail, tr(lang, msgReady, total-len(actors), total))
		}
		tail = append(tail, s.actorsLine(actors, lang))
		msg.Rows = publicRows(s, lang)
	}
	msg.Content = joinClipped(lines, tail)
	msg.Rows = b.withPageLink(s, msg.Rows, lang)
	if image {
		// The picture's headline strip shows what changed: the lines the
		// post leads with that matter, without markup.
		var changes []string
		for _, t := range headlineChanges(f.live.head) {
			changes = append(changes, strings.ReplaceAll(s.format(t.In(lang)), "**", ""))
		}
		if f, ok := b.image(ctx, s, games.Spectator, lang, "board.png", changes); ok {
			msg.Files = append([]File{f}, b.panelFiles(ctx, s, lang)...)
		}
	}
	return msg
}

// closedMessage is the live message of f as it was posted, without its
// components: what it becomes when a newer one replaces it.
func (b *Bot) closedMessage(s *session, f feed) Message {
	lang := tableLang(s.table)
	var lines []string
	for _, t := range f.live.head {
		lines = append(lines, s.format(t.In(lang)))
	}
	var tail []string
	if len(f.live.actors) > 0 {
		tail = []string{s.actorsLine(f.live.actors, lang)}
	}
	return Message{Content: joinClipped(lines, tail)}
}

// allKind reports whether every actor (at least one) acts with kind k.
func allKind(actors []games.Actor, k games.ActKind) bool {
	return len(actors) > 0 && !slices.ContainsFunc(actors, func(a games.Actor) bool { return a.Kind != k })
}

// contentLimit is Discord's limit on a message's text.
const contentLimit = 2000

// joinClipped joins lines and tail, one per line, leaving out the oldest
// lines (an ellipsis line stands for them) when the whole would not fit a
// message.
func joinClipped(lines, tail []string) string {
	room := contentLimit
	for _, l := range tail {
		room -= utf8.RuneCountInString(l) + 1
	}
	first := len(lines) // the oldest line kept
	for first > 0 {
		n := utf8.RuneCountInString(lines[first-1]) + 1
		if n > room-2 { // 2: the ellipsis line
			break
		}
		room -= n
		first--
	}
	var out []string
	if first > 0 {
		out = append(out, "…")
	}
	out = append(append(out, lines[first:]...), tail...)
	return clip(strings.Join(out, "\n"))
}

// userIDs returns the user ids of seats.
func (s *session) userIDs(seats []games.Seat) []string {
	var ids []string
	for _, seat := range seats {
		if u, ok := s.userOf(seat); ok {
			ids = append(ids, u.UserID)
		}
	}
	return ids
}
