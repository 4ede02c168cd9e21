package bot

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/playbychat/pbc/bot/component"
	"github.com/playbychat/pbc/bot/feed"
	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
)

// move makes seat's move m (one of s.legalMoves(seat), resolved once
// from the click or the typed text) at a running table, answering the
// caller ephemerally with what only they may see (their private events
// and, when they have private choices next, their view with those
// choices: they get no DM for their own move), and announces it. A seat
// acting in a simultaneous phase does not depend on the others' timing:
// when another seat's move got in first, its move is resolved again on
// the new state and retried.
func (b *Bot) move(c *call, s *session, seat games.Seat, m games.Move) error {
	var (
		events []games.Event
		out    []db.Delivery
	)
	for attempt := 1; ; attempt++ {
		var err error
		events, out, err = b.commit(c.ctx, s, seat, m, games.Text{}, true)
		if err == nil {
			break
		}
		if !errors.Is(err, db.ErrConflict) || attempt == maxMoveAttempts || !simultaneous(s.game, seat) {
			return err
		}
		t, terr := b.store.Table(c.ctx, s.table.ID)
		if terr != nil {
			return &internalError{s.table.ID, fmt.Errorf("reload table: %w", terr)}
		}
		if t.Status != db.Running {
			return err
		}
		if s, terr = b.load(c.ctx, t); terr != nil {
			return terr
		}
		if !simultaneous(s.game, seat) {
			return err
		}
		if m, terr = resolveText(s, seat, m.Notation); terr != nil {
			return terr
		}
	}
	if err := b.answerMove(c, s, seat, m, events); err != nil {
		return err
	}
	b.flush(c.ctx, out)
	b.playBots(c.ctx, s)
	return nil
}

// resolveText finds the legal move of seat that text names, once; typed
// text that names none is refused with the best reason there is (see
// games.Resolve): out of turn, whose turn it is (also when the seat has
// standing choices to make at any time), else the engine's own reason,
// its seat placeholders filled with the table's names.
func resolveText(s *session, seat games.Seat, text string) (games.Move, error) {
	m, err := games.Resolve(s.game, seat, s.legalMoves(seat), text)
	switch {
	case err == nil && m.Role.Walks():
		// An old record's menu step (games.Menu.OldStep) replays, but is
		// never made anew: the bot walks menus without committing.
		return games.Move{}, refuse(msgUnknownMove, text)
	case err == nil:
		return m, nil
	case errors.Is(err, games.ErrIllegalMove):
		return games.Move{}, refuse(msgUnknownMove, text)
	case errors.Is(err, games.ErrNotYourTurn):
		if _, acting := games.MustAct(s.game, seat); !acting {
			return games.Move{}, s.ruleError(games.NotYourTurn(s.game))
		}
	}
	if re, ok := games.AsRuleError(err); ok {
		return games.Move{}, s.ruleError(re)
	}
	return games.Move{}, err
}

// ruleError is re with the seat placeholders of its reason filled with
// the table's names, still a case of re (errors.Is).
func (s *session) ruleError(re *games.RuleError) *games.RuleError {
	of := re.Of
	if of == nil {
		of = re
	}
	return &games.RuleError{Reason: s.formatText(re.Reason), Of: of}
}

// answerMove answers the mover of a committed move (made, with its
// events), so that a game of clicks leaves no pile of private replies. A
// click on the channel's own buttons is only acknowledged when the move
// showed the mover nothing for them alone and leaves them no private
// choice: the live message shows what it did. Otherwise the mover is told
// privately what only they see, or else what the move did (a /move gets
// a line, never a bare "done"), with their view and choices when some
// are private. A click on an ephemeral view (from "Choose privately" or
// /hand) turns that view into the answer, with the mover's view and
// choices now: one private panel, kept up to date.
func (b *Bot) answerMove(c *call, s *session, seat games.Seat, made games.Move, events []games.Event) error {
	var own, public []string
	for _, e := range events {
		switch {
		case e.To != nil && e.VisibleTo(seat):
			own = append(own, s.format(e.Text.In(c.lang)))
		case e.VisibleTo(games.Spectator):
			public = append(public, s.format(e.Text.In(c.lang)))
		}
	}
	onChannel := c.in.Kind == ComponentInteraction && c.in.GuildID != "" && !c.in.Ephemeral
	if onChannel && len(own) == 0 && !s.hasPrivateChoices(seat) {
		return c.r.Acknowledge(c.ctx)
	}
	if c.in.Kind == ComponentInteraction && c.in.GuildID == "" && !c.in.Ephemeral {
		// A click on the mover's panel: the change edits the panel.
		return c.r.Acknowledge(c.ctx)
	}
	text := strings.Join(own, "\n")
	switch {
	case text != "":
	case len(public) > 0:
		text = strings.Join(public, "\n")
	default:
		made.Label = s.formatText(made.Label)
		text = tr(c.lang, msgMoveDone, component.Label(made, c.lang))
	}
	if c.in.Kind == ComponentInteraction && c.in.Ephemeral {
		msg := b.handMessage(c.ctx, s, seat, c.lang)
		msg.Content = clip(text + "\n\n" + msg.Content)
		return c.r.Update(c.ctx, msg)
	}
	return c.reply(b.moveAnswer(c, s, seat, text))
}

// moveAnswer is the private answer to a change seat made: text, followed
// by its view with its next choices when it has private ones (it gets no
// DM about its own change).
func (b *Bot) moveAnswer(c *call, s *session, seat games.Seat, text string) Message {
	msg := Message{Content: clip(text)}
	if s.hasPrivateChoices(seat) {
		msg = b.handMessage(c.ctx, s, seat, c.lang)
		msg.Content = clip(text + "\n\n" + msg.Content)
	}
	msg.Ephemeral = true
	return msg
}

// hasPrivateChoices reports whether some of seat's current choices (moves
// or picks, standing choices aside) reveal what only it may see: they are
// offered privately only.
func (s *session) hasPrivateChoices(seat games.Seat) bool {
	for _, m := range s.legalMoves(seat) {
		if m.Private && !m.Shortcut && m.Group != games.SettingGroup {
			return true
		}
	}
	if p, ok := s.game.(games.Picker); ok {
		for _, pick := range p.Picks(seat) {
			if pick.Private {
				return true
			}
		}
	}
	return false
}

// maxMoveAttempts bounds the retries of a simultaneous move.
const maxMoveAttempts = 3

// simultaneous reports whether seat acts in a simultaneous phase of g.
func simultaneous(g games.Game, seat games.Seat) bool {
	a, ok := games.MustAct(g, seat)
	return ok && a.Kind == games.Simultaneous
}

// errInvariantBroken is logged when a move leaves a game in a state its
// own checker rejects; the move is not committed.
var errInvariantBroken = errors.New("the engine's invariants are broken (replay the table to see why)")

// commitMove resolves notation among seat's legal moves (see resolveText)
// and commits it (see commit): the path of moves the bot makes itself
// (bot seats, defaults), which come as text.
func (b *Bot) commitMove(ctx context.Context, s *session, seat games.Seat, notation string, headline games.Text, answered bool) ([]games.Event, []db.Delivery, error) {
	m, err := resolveText(s, seat, notation)
	if err != nil {
		return nil, nil, err
	}
	return b.commit(ctx, s, seat, m, headline, answered)
}

// commit plays seat's move m (one of s.legalMoves(seat)) on s.game and
// commits it with the table's version, together with what it owes the
// channel and the players (see announce), which it returns for the
// caller to flush. headline, which names the mover, leads the public
// lines (by default "X moved." when the move has events but none public).
// answered says that the mover is answered directly, so that it gets no
// DM. s is updated to the new state.
func (b *Bot) commit(ctx context.Context, s *session, seat games.Seat, m games.Move, headline games.Text, answered bool) ([]games.Event, []db.Delivery, error) {
	prev := s.game
	setting := m.Group == games.SettingGroup
	notation := m.Notation
	next, events, err := games.Play(prev, seat, m)
	if err != nil {
		return nil, nil, err
	}
	if checker, ok := next.(games.Checker); ok {
		if checker.CheckInvariants() != nil {
			// The checker's message describes the full state (deck order,
			// hands), which no log line may show: log only where it
			// happened. Replaying the stored game reproduces the details.
			return nil, nil, &internalError{s.table.ID, fmt.Errorf("move %d by seat %d: %w", s.moves+1, seat, errInvariantBroken)}
		}
	}
	before, err := b.feedOf(ctx, s)
	if err != nil {
		return nil, nil, err
	}
	n := s.moves
	snap, err := snapshot(s.table.ID, next, n+1)
	if err != nil {
		return nil, nil, err
	}
	user, _ := s.userOf(seat)
	rec := db.Move{N: n + 1, Seat: int(seat), UserID: user.UserID, Notation: notation, At: b.clock.Now()}
	for _, e := range events {
		rec.Reveal = rec.Reveal || e.Reveal
	}
	seats := answerClock(s.seats, prev, next, seat, rec.At, &rec)
	finished := next.Status().Finished
	mover := games.Spectator
	if answered {
		mover = seat
	}
	quiet := feed.QuietMove(prev, next, setting, events)
	// The session after the move, for the messages it owes.
	ns := *s
	ns.table.Version++
	ns.game, ns.moves, ns.seats = next, n+1, seats
	after := before
	var out []db.Delivery
	if !quiet {
		ns.pending = &pastMove{Move: rec, events: events}
		out, after = b.announce(ctx, &ns, before, prev, mover, feed.MoveLines(seat, m, headline, events), events)
		ns.pending = nil
	}
	if err := b.store.CommitMove(ctx, s.table.ID, s.table.Version, rec, snap, finished, out...); err != nil {
		if errors.Is(err, db.ErrConflict) {
			return nil, nil, &userError{msg: msgStale, cause: err}
		}
		return nil, nil, &internalError{s.table.ID, fmt.Errorf("commit move: %w", err)}
	}
	ns.feed = &after
	if s.recent != nil {
		ns.recent = s.recent.with(pastMove{Move: rec, events: events})
	}
	*s = ns
	if finished {
		s.table.Status = db.Finished
		b.forget(s.table.ID)
	} else {
		b.remember(s)
	}
	if !quiet {
		// The move is stored: seats is what the store keeps of them.
		b.replan(ctx, s, slices.Clone(seats), func(st db.Seat) bool { return st.Seat == int(seat) })
	}
	return events, out, nil
}

// actorsLine says who must act (actors) and how.
func (s *session) actorsLine(actors []games.Actor, lang games.Lang) string {
	var parts []string
	byPrompt := map[string][]string{}
	var prompts []string
	for _, a := range actors {
		p := s.format(a.Prompt.In(lang))
		if _, seen := byPrompt[p]; !seen {
			prompts = append(prompts, p)
		}
		byPrompt[p] = append(byPrompt[p], s.mention(a.Seat))
	}
	for _, p := range prompts {
		line := strings.Join(byPrompt[p], ", ")
		if p != "" {
			line += ": " + p
		}
		parts = append(parts, line)
	}
	return tr(lang, msgToAct, strings.Join(parts, "; "))
}

// image renders seat's view with the lines that say what changed (nil for
// none); ok is false without a renderer or on failure.
func (b *Bot) image(ctx context.Context, s *session, seat games.Seat, lang games.Lang, name string, changes []string) (File, bool) {
	if b.render == nil {
		return File{}, false
	}
	png, alt, err := b.render(s.game.View(seat), s.names(), lang, changes)
	if err != nil {
		// The seat is logged, never the view: it may be private.
		b.log.ErrorContext(ctx, "render", "table", s.table.ID, "seat", int(seat), "err", err)
		return File{}, false
	}
	return File{Name: name, ContentType: "image/png", Data: png, Alt: s.format(alt)}, true
}

// publicRows builds the components of the decision shown in the channel:
// the one actor's moves that reveal nothing, as buttons and select menus,
// and a "Choose privately" button for its private ones; or only that
// button when several seats act at once (each sees its own choices).
func publicRows(s *session, lang games.Lang) []Row {
	actors := s.game.ToAct()
	if len(actors) == 0 {
		return nil
	}
	privately := Row{Buttons: []Button{{
		CustomID: component.ID{Kind: component.ChoosePrivately, Table: s.table.ID}.String(),
		Label:    tr(lang, msgChoosePrivately),
		Style:    component.Primary,
	}}}
	a := actors[0]
	if len(actors) > 1 || a.Kind == games.Simultaneous {
		return []Row{privately}
	}
	rows := decisionRows(s, a.Seat, lang, false)
	if s.hasPrivateChoices(a.Seat) {
		// decisionRows left a row for it.
		rows = append(rows, privately)
	}
	return rows
}

// decisionRows lays out seat's moves as components (see component.Lay),
// at the top of its menu when the game lays its moves out as one (see
// decisionRowsAt). In public (not private), a row is left for the
// "Choose privately" button when seat has private choices.
func decisionRows(s *session, seat games.Seat, lang games.Lang, private bool) []Row {
	return decisionRowsAt(s, seat, lang, private, "")
}

// decisionRowsAt is decisionRows at the level path of seat's menu, for a
// game that lays its moves out as one (games.Menu): the level's whole
// moves and its steps.
func decisionRowsAt(s *session, seat games.Seat, lang games.Lang, private bool, path string) []Row {
	return s.layout(seat, lang, private, path).Rows()
}

// layout lays out seat's decision at the level path of its menu (""
// for the top, or a game without a menu), its texts formatted with the
// table's names.
func (s *session) layout(seat games.Seat, lang games.Lang, private bool, path string) component.Layout {
	legal := s.legalMoves(seat)
	offered := legal
	if entries, ok := s.menuLevel(seat, path); ok {
		offered = entries
		for _, m := range legal {
			if m.Group == games.SettingGroup {
				offered = append(offered, m)
			}
		}
	}
	var picks []games.Pick
	if p, ok := s.game.(games.Picker); ok {
		picks = p.Picks(seat)
	}
	d := component.Decision{
		Table: s.table.ID, Fingerprint: s.fingerprint(seat), Path: path,
		Pieces:          s.pieceTexts(component.PiecesOf(offered, picks)),
		Private:         private,
		ChoosePrivately: !private && s.hasPrivateChoices(seat),
		Lang:            lang,
	}
	for _, m := range offered {
		m.Label = s.formatText(m.Label)
		d.Moves = append(d.Moves, m)
	}
	for _, p := range picks {
		d.Picks = append(d.Picks, s.formatPick(p))
	}
	if private {
		d.Choices = s.choiceOptions(seat, lang)
	}
	return component.Lay(d)
}

// dmBlockedWarning is the post telling a user once per table (since the
// start) that they must use /hand, their DMs being closed.
func (b *Bot) dmBlockedWarning(t db.Table, userID string) []db.Delivery {
	key := tableUser{t.ID, userID}
	warned, _ := b.dmWarned.ContainsOrAdd(key, struct{}{})
	if warned {
		return nil
	}
	msg := Message{Content: tr(tableLang(t), msgDMBlocked, "<@"+userID+">"), Mentions: []string{userID}}
	return []db.Delivery{postTo(t, msg, false)}
}

// handMessage is seat's panel (see panelMessage) with its whole view, as
// text (which the panel of a game without holdings shows already) and
// image: what /hand and the private answers show. It is only ever sent
// privately.
func (b *Bot) handMessage(ctx context.Context, s *session, seat games.Seat, lang games.Lang) Message {
	msg := b.panelMessage(ctx, s, seat, lang)
	if v := s.game.View(seat); isHolder(v) {
		msg.Content = clip(msg.Content + "\n" + s.format(v.Describe(lang)))
	}
	if f, ok := b.image(ctx, s, seat, lang, "hand.png", nil); ok {
		msg.Files = []File{f}
	}
	return msg
}

// noteUserLocale remembers the locale of an interaction's user for their
// DMs, saving it when their language changed (or was not known since the
// start). An interaction without a locale changes nothing.
func (b *Bot) noteUserLocale(ctx context.Context, userID, locale string) {
	if userID == "" || locale == "" {
		return
	}
	lang := localeLang(locale)
	old, known := b.langs.Peek(userID)
	b.langs.Add(userID, lang)
	if known && old == lang {
		return
	}
	if err := b.store.SetUserLocale(ctx, userID, locale); err != nil {
		b.log.ErrorContext(ctx, "save user locale", "user", userID, "err", err)
	}
}

// userLang is the language a user last spoke to the bot in: cached, or
// saved before a restart, or English.
func (b *Bot) userLang(ctx context.Context, userID string) games.Lang {
	l, ok := b.langs.Get(userID)
	if ok {
		return l
	}
	locale, err := b.store.UserLocale(ctx, userID)
	switch {
	case errors.Is(err, db.ErrNotFound):
		return games.English
	case err != nil:
		b.log.ErrorContext(ctx, "load user locale", "user", userID, "err", err)
		return games.English
	}
	l = localeLang(locale)
	b.langs.ContainsOrAdd(userID, l)
	return l
}

// tableLang is a table's language, of its posts and board images.
func tableLang(t db.Table) games.Lang { return localeLang(t.Lang) }

// menuLevel is the level at path of seat's menu, when s's game lays seat's
// moves out as one now (see games.Menu).
func (s *session) menuLevel(seat games.Seat, path string) ([]games.Move, bool) {
	menu, ok := s.game.(games.Menu)
	if !ok {
		return nil, false
	}
	return menu.MenuLevel(seat, path)
}
