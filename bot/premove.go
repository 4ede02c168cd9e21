package bot

import (
	"context"
	"errors"
	"slices"
	"strings"

	"github.com/playbychat/pbc/bot/command"
	"github.com/playbychat/pbc/bot/component"
	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
)

// Answers given ahead (pre-moves). A person whose seat need not act may
// queue the answer to its next decision with /premove set action:<move>,
// with suggestions from what the seat could do at its last decision. The
// answer is private: only the seat's own panel and /hand list it, and only
// its panel says what became of it (a dropped answer also wakes the seat,
// with a notice that says why). When the seat must act again, playQueued
// plays it through the normal commit path if it is legal then, and drops it
// (with a private word why) if not, if something was revealed to the seat
// since it was queued, or if a move before it was taken back.

// premoveCommand handles /premove set action:<move> and /premove cancel.
func (b *Bot) premoveCommand(c *call) error {
	s, seat, err := b.seatedSession(c)
	if err != nil {
		return err
	}
	if c.in.Subcommand == "cancel" {
		return b.cancelPremove(c, s, seat)
	}
	if _, acting := games.MustAct(s.game, seat); acting {
		return refuse(msgPremoveYourTurn)
	}
	text := c.in.Options.String(command.OptAction)
	if text == "" {
		return refuse(msgPremoveUsage)
	}
	last, err := b.lastDecision(c.ctx, s, seat)
	if err != nil {
		return err
	}
	notation := games.NormalizeNotation(text)
	if m, ok := games.Match(last.moves, text); ok {
		notation = m.Notation
	}
	p := db.Premove{TableID: s.table.ID, Seat: int(seat), UserID: c.in.User.ID, Decision: last.key, Notation: notation,
		Moves: s.moves, Created: b.clock.Now()}
	if err := b.store.SetPremove(c.ctx, p); err != nil {
		return &internalError{s.table.ID, err}
	}
	b.refreshPanel(c.ctx, s, seat)
	return c.private(msgPremoveQueued, notation)
}

// cancelPremove takes back the answer seat queued at s.
func (b *Bot) cancelPremove(c *call, s *session, seat games.Seat) error {
	p, ok, err := b.queued(c.ctx, s, seat)
	if err != nil {
		return err
	}
	if ok {
		err = b.store.TakePremove(c.ctx, s.table.ID, int(seat))
	}
	if !ok || errors.Is(err, db.ErrNotFound) {
		return refuse(msgPremoveNone)
	}
	if err != nil {
		return &internalError{s.table.ID, err}
	}
	b.refreshPanel(c.ctx, s, seat)
	return c.private(msgPremoveCancelled, p.Notation)
}

// queued returns the answer seat's player queued at s, if any.
func (b *Bot) queued(ctx context.Context, s *session, seat games.Seat) (db.Premove, bool, error) {
	ps, err := b.store.Premoves(ctx, s.table.ID)
	if err != nil {
		return db.Premove{}, false, &internalError{s.table.ID, err}
	}
	for _, p := range ps {
		if p.Seat == int(seat) {
			return p, true, nil
		}
	}
	return db.Premove{}, false, nil
}

// premoves are the answers queued at s's table; on a failure, logged,
// none (a panel then leaves its queued answer out until the next change).
func (b *Bot) premoves(ctx context.Context, s *session) []db.Premove {
	ps, err := b.store.Premoves(ctx, s.table.ID)
	if err != nil {
		b.log.ErrorContext(ctx, "queued answers", "table", s.table.ID, "err", err)
		return nil
	}
	return ps
}

// queuedNote is the line /hand adds for the answer seat queued at s ("" for
// none); it is only ever shown to the seat's player.
func (b *Bot) queuedNote(ctx context.Context, s *session, seat games.Seat, lang games.Lang) string {
	p, ok, err := b.queued(ctx, s, seat)
	if err != nil {
		b.log.ErrorContext(ctx, "queued answer", "table", s.table.ID, "err", err)
		return ""
	}
	if !ok {
		return ""
	}
	return "\n" + tr(lang, msgPremoveListed, p.Notation)
}

// decision is a seat's last decision: its key and the seat's moves then.
type decision struct {
	key   string
	moves []games.Move
}

// lastDecision replays s's log to the state before seat's last move
// (standing choices aside) and returns the decision the seat answered
// there, without its standing choices; zero when the seat has not moved
// yet.
func (b *Bot) lastDecision(ctx context.Context, s *session, seat games.Seat) (decision, error) {
	log, err := b.readMoves(ctx, s.table.ID)
	if err != nil {
		return decision{}, err
	}
	var last decision
	err = replayLog(s.def, s.table, len(s.seats), log, func(st replayStep) bool {
		if games.Seat(st.m.Seat) == seat && st.move.Group != games.SettingGroup {
			a, _ := games.MustAct(st.before, seat)
			last = decision{key: a.Decision, moves: st.moves}
		}
		return true
	})
	if err != nil {
		return decision{}, &internalError{s.table.ID, err}
	}
	var out []games.Move
	for _, m := range last.moves {
		if m.Group != games.SettingGroup {
			out = append(out, m)
		}
	}
	last.moves = out
	return last, nil
}

// premoveChoices suggests the moves the caller's seat had at its last
// decision that hold what was typed, for /premove set action.
func (b *Bot) premoveChoices(c *call) []Choice {
	t, err := b.store.ActiveTable(c.ctx, c.in.ChannelID)
	if err != nil || t.Status != db.Running {
		return nil
	}
	s, err := b.load(c.ctx, t)
	if err != nil {
		return nil
	}
	seat, ok := s.seatOf(c.in.User.ID)
	if !ok {
		return nil
	}
	last, err := b.lastDecision(c.ctx, s, seat)
	if err != nil {
		b.log.ErrorContext(c.ctx, "premove suggestions", "table", t.ID, "err", err)
		return nil
	}
	typed := strings.ToLower(c.in.Options.String(command.OptAction))
	var out []Choice
	for _, m := range last.moves {
		label := s.format(m.Label.In(c.lang))
		if typed != "" && !strings.Contains(strings.ToLower(m.Notation), typed) && !strings.Contains(strings.ToLower(label), typed) {
			continue
		}
		out = append(out, Choice{Name: component.Truncate(label, 100), Value: m.Notation})
		if len(out) == component.MaxOptions {
			break
		}
	}
	return out
}

// playQueued plays the answer queued for a person's seat that must act
// now, through the normal commit path, or drops it; either way its player
// is told privately. It reports whether it committed a move (s is then the
// new state). An answer is dropped when its seat changed hands, when a
// move before it was taken back, when something was revealed to the seat
// since it was queued, or when it is not legal now. It waits while the
// seat's only move is forced (games.Forced: no decision), and while the
// seat is in the very decision it was queued after. Failures are logged.
func (b *Bot) playQueued(ctx context.Context, s *session) bool {
	if s.game == nil || s.table.Status != db.Running || s.status().Finished {
		return false
	}
	var persons []games.Actor
	for _, a := range s.game.ToAct() {
		if !s.botPlays(a.Seat) {
			persons = append(persons, a)
		}
	}
	if len(persons) == 0 {
		return false
	}
	queued, err := b.store.Premoves(ctx, s.table.ID)
	if err != nil {
		b.log.ErrorContext(ctx, "queued answers", "table", s.table.ID, "err", err)
		return false
	}
	for _, a := range persons {
		for _, p := range queued {
			if p.Seat != int(a.Seat) {
				continue
			}
			if _, forced := games.Forced(s.legalMoves(a.Seat)); forced {
				continue // no decision: the answer is for a later one
			}
			played, err := b.playPremove(ctx, s, a, p)
			if err != nil {
				b.log.ErrorContext(ctx, "queued answer", "table", s.table.ID, "seat", p.Seat, "err", err)
				return false
			}
			if played {
				return true
			}
		}
	}
	return false
}

// playPremove plays or drops p, the answer queued for a.Seat, which must
// act now in s, or leaves it queued (see playQueued).
func (b *Bot) playPremove(ctx context.Context, s *session, a games.Actor, p db.Premove) (bool, error) {
	why, wait, err := b.premoveObstacle(ctx, s, a, p)
	if err != nil || wait {
		return false, err
	}
	if err := b.store.TakePremove(ctx, s.table.ID, p.Seat); err != nil {
		if errors.Is(err, db.ErrNotFound) {
			return false, nil // another process took it
		}
		return false, err
	}
	user, ok := s.userOf(a.Seat)
	switch {
	case !ok || user.UserID != p.UserID:
		return false, nil // the seat changed hands: the answer was another person's
	case why != "":
		b.dropQueued(ctx, s, user, p, why)
		return false, nil
	}
	// The seat's panel, edited with the move, says it was played.
	s.noteQueued(a.Seat, queuedOutcome{notation: p.Notation})
	_, out, err := b.commitMove(ctx, s, a.Seat, p.Notation, games.Text{}, false)
	if err != nil {
		delete(s.outcomes, a.Seat)
		if errors.Is(err, db.ErrConflict) {
			// Another change got in first: keep the answer for whoever
			// plays the table on.
			return false, errors.Join(err, b.store.SetPremove(ctx, p))
		}
		return false, err
	}
	b.flush(ctx, out)
	return true, nil
}

// queuedOutcome is what became of a seat's queued answer during an
// interaction, for the seat's panel: played, or dropped and why.
type queuedOutcome struct {
	notation string
	why      msg // why it was dropped (see premoveObstacle); "" when played
}

// noteQueued notes what became of seat's queued answer, for its panel
// (see session.outcomes).
func (s *session) noteQueued(seat games.Seat, o queuedOutcome) {
	if s.outcomes == nil {
		s.outcomes = map[games.Seat]queuedOutcome{}
	}
	s.outcomes[seat] = o
}

// dropReasons are the panel's short forms of the reasons an answer is
// dropped, by the message that gives the reason in a notice.
var dropReasons = map[msg]msg{
	msgPremoveIllegal:  msgPanelDroppedIllegal,
	msgPremoveRevealed: msgPanelDroppedRevealed,
	msgPremoveUndone:   msgPanelDroppedUndone,
}

// queuedField is the field of seat's panel for its queued answer: what
// became of it during this interaction, else the answer queued (among
// those of its table); ok is false for neither.
func queuedField(s *session, seat games.Seat, queued []db.Premove, lang games.Lang) (f EmbedField, ok bool) {
	text := ""
	if o, noted := s.outcomes[seat]; noted {
		text = tr(lang, msgPanelPlayed, o.notation)
		if o.why != "" {
			text = tr(lang, msgPanelDropped, o.notation, tr(lang, dropReasons[o.why]))
		}
	} else if i := slices.IndexFunc(queued, func(p db.Premove) bool { return p.Seat == int(seat) }); i >= 0 {
		text = tr(lang, msgPremoveListed, queued[i].Notation)
	}
	if text == "" {
		return EmbedField{}, false
	}
	return EmbedField{Name: tr(lang, msgPanelQueued), Value: clipRunes(text, maxFieldValue)}, true
}

// dropLine is the line of seat's notice that says why its queued answer
// was dropped ("" for none dropped during this interaction).
func dropLine(s *session, seat games.Seat, lang games.Lang) string {
	o, ok := s.outcomes[seat]
	if !ok || o.why == "" {
		return ""
	}
	return tr(lang, o.why, o.notation, "<#"+s.table.ChannelID+">")
}

// queuedAnswers returns which of seats (those that newly must act in s,
// s.pending the move being announced) have a queued answer that playQueued
// will play at once: a person's seat whose only move is not forced, with
// an answer that passes every check of premoveObstacle. Such a seat is not
// woken (no ping, no DM with its choices); its panel says what was played
// for it. A seat whose answer will be dropped is woken as usual, and its
// panel and notice say why: queuedAnswers notes it in s.outcomes, and
// playQueued then drops the answer without telling again. Failures are
// logged, and the seat is woken.
func (b *Bot) queuedAnswers(ctx context.Context, s *session, seats []games.Seat) map[games.Seat]bool {
	if len(seats) == 0 {
		return nil
	}
	queued, err := b.store.Premoves(ctx, s.table.ID)
	if err != nil {
		b.log.ErrorContext(ctx, "queued answers", "table", s.table.ID, "err", err)
		return nil
	}
	out := map[games.Seat]bool{}
	for _, p := range queued {
		seat := games.Seat(p.Seat)
		a, acting := games.MustAct(s.game, seat)
		if !acting || !slices.Contains(seats, seat) || s.botPlays(seat) {
			continue
		}
		if _, forced := games.Forced(s.legalMoves(seat)); forced {
			continue
		}
		if user, ok := s.userOf(seat); !ok || user.UserID != p.UserID {
			continue
		}
		why, wait, err := b.premoveObstacle(ctx, s, a, p)
		if err != nil {
			b.log.ErrorContext(ctx, "queued answer", "table", s.table.ID, "seat", p.Seat, "err", err)
			continue
		}
		out[seat] = why == "" && !wait
		if why != "" {
			s.noteQueued(seat, queuedOutcome{notation: p.Notation, why: why})
		}
	}
	return out
}

// premoveObstacle says why p may not be played for a.Seat now (a message
// to its player, "" when it may), or that it waits: the seat is in the
// decision it was queued after.
func (b *Bot) premoveObstacle(ctx context.Context, s *session, a games.Actor, p db.Premove) (why msg, wait bool, err error) {
	log, err := b.readMoves(ctx, s.table.ID)
	if err != nil {
		return "", false, err
	}
	// A move taken back shortens the log; another made in its place
	// since is younger than the answer.
	if len(log) < p.Moves || (p.Moves > 0 && log[p.Moves-1].At.After(p.Created)) {
		return msgPremoveUndone, false, nil
	}
	if a.Decision != "" && a.Decision == p.Decision {
		return "", true, nil
	}
	revealed, err := revealedSince(s, log, p.Moves, a.Seat)
	if err != nil {
		return "", false, &internalError{s.table.ID, err}
	}
	if s.pending != nil {
		// The move being announced is not in the log yet.
		revealed = revealed || slices.ContainsFunc(s.pending.events, func(e games.Event) bool { return e.Reveal && e.VisibleTo(a.Seat) })
	}
	if revealed {
		return msgPremoveRevealed, false, nil
	}
	if _, ok := games.Match(s.legalMoves(a.Seat), p.Notation); !ok {
		return msgPremoveIllegal, false, nil
	}
	return "", false, nil
}

// revealedSince reports whether a move of log after its first since moves
// revealed something seat could see. Only moves stored with the Reveal
// flag are looked at closer, by replaying the log for their events.
func revealedSince(s *session, log []db.Move, since int, seat games.Seat) (bool, error) {
	flagged := false
	for _, m := range log[since:] {
		flagged = flagged || m.Reveal
	}
	if !flagged {
		return false, nil
	}
	revealed := false
	err := replayLog(s.def, s.table, len(s.seats), log, func(st replayStep) bool {
		if st.m.N > since {
			for _, e := range st.events {
				revealed = revealed || (e.Reveal && e.VisibleTo(seat))
			}
		}
		return !revealed
	})
	return revealed, err
}

// dropQueued tells u, whose seat must act at s, that its queued answer p
// was dropped and why: with its panel and a notice, unless the change
// that opened the decision did so already (queuedAnswers found the same).
func (b *Bot) dropQueued(ctx context.Context, s *session, u db.Seat, p db.Premove, why msg) {
	seat := games.Seat(u.Seat)
	o := queuedOutcome{notation: p.Notation, why: why}
	if s.outcomes[seat] == o {
		return
	}
	s.noteQueued(seat, o)
	lang := b.userLang(ctx, u.UserID)
	var out []db.Delivery
	if d, ok := panelDelivery(s, u, lang, b.shownPanels(ctx, s)[panelKey{u.Seat, u.UserID}], b.premoves(ctx, s)); ok {
		out = append(out, d)
	}
	turn := tr(lang, msgYourTurn, s.def.Name.In(lang), "<#"+s.table.ChannelID+">")
	out = append(out, panelNotice(s.table, u, turn+"\n"+dropLine(s, seat, lang)))
	if err := b.store.Enqueue(ctx, out...); err != nil {
		b.log.ErrorContext(ctx, "queued answer", "table", s.table.ID, "err", err)
		return
	}
	b.flush(ctx, out)
}
