package bot

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/playbychat/pbc/bot/feed"
	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
)

// What a change owes the channel is decided by package feed; the
// messages are built, stored and sent here.

// feedOf returns s's feed, deriving it from the log when it is not cached.
func (b *Bot) feedOf(ctx context.Context, s *session) (feed.Feed, error) {
	if s.feed != nil {
		return *s.feed, nil
	}
	moves, err := b.readMoves(ctx, s.table.ID)
	if err != nil {
		return feed.Feed{}, err
	}
	_, f, r, err := replayFeed(s, moves)
	if err != nil {
		return feed.Feed{}, err
	}
	s.feed, s.recent = &f, r
	return f, nil
}

// replayFeed rebuilds the game, the feed and the recent moves of a table
// from its setup and moves.
func replayFeed(s *session, moves []db.Move) (games.Game, feed.Feed, *recent, error) {
	g, _, err := s.def.Create(len(s.seats), s.table.Options, s.table.Seed)
	if err != nil {
		return nil, feed.Feed{}, nil, &internalError{s.table.ID, fmt.Errorf("set up for replay: %w", err)}
	}
	// Who the bot plays is read as it is now: a seat it played for an
	// absent player may have been pinged when live, which only decides
	// whether one more post opened within that turn.
	f, _, _ := feed.Feed{}.Step(nil, g, games.Spectator, startHeadline(s), botAnswers(s, g))
	past := make([]pastMove, 0, min(len(moves), recentMoves))
	for i, m := range moves {
		seat := games.Seat(m.Seat)
		made, err := games.Resolve(g, seat, g.LegalMoves(seat), m.Notation)
		if err != nil {
			return nil, feed.Feed{}, nil, &internalError{s.table.ID, fmt.Errorf("replay move %d: %w", m.N, err)}
		}
		next, events, err := games.Play(g, seat, made)
		if err != nil {
			return nil, feed.Feed{}, nil, &internalError{s.table.ID, fmt.Errorf("replay move %d: %w", m.N, err)}
		}
		// As when it was made (commitMove), but for a default move's
		// headline, which the log does not keep.
		if !feed.QuietMove(g, next, made.Group == games.SettingGroup, events) {
			f, _, _ = f.Step(g, next, seat, feed.MoveLines(seat, made, games.Text{}, events), botAnswers(s, next))
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
func (b *Bot) announce(ctx context.Context, s *session, before feed.Feed, prev games.Game, mover games.Seat, lines []feed.Line, events []games.Event) ([]db.Delivery, feed.Feed) {
	newly := feed.NewlyActing(prev, s.game, mover)
	// A seat whose queued answer is played at once is not woken for it.
	queued := b.queuedAnswers(ctx, s, newly)
	bots := botAnswers(s, s.game)
	answered := func(seat games.Seat) bool { return queued[seat] || bots(seat) }
	after, kind, pings := before.Step(prev, s.game, mover, lines, answered)
	if s.table.Board == db.BoardMove && kind != feed.BoardPost {
		after, kind = after.Reset(s.game, lines), feed.BoardPost
	}
	var out []db.Delivery
	if kind == feed.EditPost {
		out = append(out, editLive(s.table, b.liveMessage(ctx, s, after, false)))
	} else {
		if before.Live.Posted {
			out = append(out, editLive(s.table, s.closedMessage(before)))
		}
		m := b.liveMessage(ctx, s, after, kind == feed.BoardPost && s.table.Board != db.BoardOff)
		m.Mentions = s.userIDs(pings)
		out = append(out, postTo(s.table, m, true))
	}
	newly = slices.DeleteFunc(newly, func(seat games.Seat) bool { return queued[seat] })
	return append(out, b.panelDeliveries(ctx, s, mover, events, newly, pings)...), after
}

// liveMessage is the live message of f: its lines, what happened since it
// was posted, who must act now (how many are ready, in a simultaneous
// phase), the public components of the decision and, with image, the board.
func (b *Bot) liveMessage(ctx context.Context, s *session, f feed.Feed, image bool) Message {
	lang := tableLang(s.table)
	var msg Message
	var lines []string
	for _, t := range f.Live.Head {
		lines = append(lines, s.format(t.In(lang)))
	}
	for _, t := range f.Since() {
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
		if total := len(f.Live.Actors); total > len(actors) && allKind(f.Live.Actors, games.Simultaneous) && allKind(actors, games.Simultaneous) {
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
		for _, t := range feed.Headline(f.Live.Head) {
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
func (s *session) closedMessage(f feed.Feed) Message {
	lang := tableLang(s.table)
	var lines []string
	for _, t := range f.Live.Head {
		lines = append(lines, s.format(t.In(lang)))
	}
	var tail []string
	if len(f.Live.Actors) > 0 {
		tail = []string{s.actorsLine(f.Live.Actors, lang)}
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
