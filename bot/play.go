package bot

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
)

// move makes a move for the caller at a running table, answering them
// ephemerally with what only they may see (their private events and, when
// their view is private, that view with their next choices: they get no DM
// for their own move), and announces it. A seat acting
// in a simultaneous phase does not depend on the others' timing: when
// another seat's move got in first, its move is retried on the new state.
func (b *Bot) move(c *call, s *session, ref string) error {
	seat, ok := s.seatOf(c.in.User.ID)
	if !ok {
		return refuse(msgNotSeated)
	}
	if strings.HasPrefix(ref, "#") {
		m, ok := ResolveMoveRef(ref, s.game.LegalMoves(seat))
		if !ok {
			return refuse(msgStale)
		}
		ref = m.Notation
	}
	var events []games.Event
	for attempt := 1; ; attempt++ {
		var err error
		events, err = b.commitMove(c.ctx, s, seat, ref, c.lang, "", true)
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
	}
	var own []string
	for _, e := range events {
		if e.To != nil && e.VisibleTo(seat) {
			own = append(own, s.format(e.Text.In(c.lang)))
		}
	}
	text := tr(c.lang, msgMoveDone)
	if len(own) > 0 {
		text = strings.Join(own, "\n")
	}
	return c.reply(b.moveAnswer(c, s, seat, text))
}

// moveAnswer is the private answer to a change seat made: text, followed
// by its view with its next choices when that view is private (it gets no
// DM about its own change).
func (b *Bot) moveAnswer(c *call, s *session, seat games.Seat, text string) Message {
	msg := Message{Content: clip(text)}
	if hidesInfo(s.game, seat) {
		msg = b.handMessage(c.ctx, s, seat, c.lang)
		msg.Content = clip(text + "\n\n" + msg.Content)
	}
	msg.Ephemeral = true
	return msg
}

// sameActors reports whether a and b wait for the same seats for the same
// reasons.
func sameActors(a, b games.Game) bool {
	return slices.EqualFunc(a.ToAct(), b.ToAct(), func(x, y games.Actor) bool {
		return x.Seat == y.Seat && x.Kind == y.Kind && x.Prompt == y.Prompt
	})
}

// maxMoveAttempts bounds the retries of a simultaneous move.
const maxMoveAttempts = 3

// simultaneous reports whether seat acts in a simultaneous phase of g.
func simultaneous(g games.Game, seat games.Seat) bool {
	a, ok := games.MustAct(g, seat)
	return ok && a.Kind == games.Simultaneous
}

// commitMove plays notation for seat on s.game, commits it with the table's
// version and announces the result under headline (by default "X moved"
// when the move has no public event). answered says that the mover is
// answered directly (with its private view), so that it gets no DM.
// s is updated to the new state.
// errInvariantBroken is logged when a move leaves a game in a state its
// own checker rejects; the move is not committed.
var errInvariantBroken = errors.New("the engine's invariants are broken (replay the table to see why)")

func (b *Bot) commitMove(ctx context.Context, s *session, seat games.Seat, notation string, lang games.Lang, headline string, answered bool) ([]games.Event, error) {
	prev := s.game
	m, ok := games.FindMove(prev, seat, notation)
	if ok {
		notation = m.Notation
	}
	setting := ok && m.Group == games.SettingGroup
	next, events, err := games.Play(prev, seat, notation)
	if err != nil {
		return nil, err
	}
	if checker, ok := next.(games.Checker); ok {
		if checker.CheckInvariants() != nil {
			// The checker's message describes the full state (deck order,
			// hands), which no log line may show: log only where it
			// happened. Replaying the stored game reproduces the details.
			return nil, &internalError{s.table.ID, fmt.Errorf("move %d by seat %d: %w", s.moves+1, seat, errInvariantBroken)}
		}
	}
	n := s.moves
	snap, err := snapshot(s.table.ID, next, n+1)
	if err != nil {
		return nil, err
	}
	user, _ := s.userOf(seat)
	rec := db.Move{N: n + 1, Seat: int(seat), UserID: user.UserID, Notation: notation, At: b.clock.Now()}
	for _, e := range events {
		rec.Reveal = rec.Reveal || e.Reveal
	}
	finished := next.Status().Finished
	if err := b.store.CommitMove(ctx, s.table.ID, s.table.Version, rec, snap, finished); err != nil {
		if errors.Is(err, db.ErrConflict) {
			return nil, &userError{msg: msgStale, cause: err}
		}
		return nil, &internalError{s.table.ID, fmt.Errorf("commit move: %w", err)}
	}
	s.table.Version++
	s.game, s.moves = next, n+1
	if setting {
		b.markSetting(s.table.ID, s.table.Version)
	}
	if finished {
		s.table.Status = db.Finished
		b.forget(s.table.ID)
	} else {
		b.remember(s)
	}
	public := slices.ContainsFunc(events, func(e games.Event) bool { return e.VisibleTo(games.Spectator) })
	if setting && !public && !finished && sameActors(prev, next) {
		// A standing choice that changed nothing public is the mover's
		// business: the channel's decision and the reminder stay as they
		// are.
		return events, nil
	}
	if headline == "" && !public {
		headline = tr(lang, msgPlayed, s.format(games.Seatf(seat)))
	}
	mover := games.Spectator
	if answered {
		mover = seat
	}
	b.announce(ctx, s, prev, mover, lang, headline, events)
	return events, nil
}

// announce posts the public result of a change (move, start, undo, ...) in
// the table's channel, sends private views by DM (see sendPrivateViews) and
// schedules the next reminder. prev is the game before the change (nil at
// the start); mover is the seat answered directly about the change, or
// Spectator. Failures are logged: the change is committed already.
func (b *Bot) announce(ctx context.Context, s *session, prev games.Game, mover games.Seat, lang games.Lang, headline string, events []games.Event) {
	lines := []string{}
	if headline != "" {
		lines = append(lines, headline)
	}
	for _, e := range events {
		if e.VisibleTo(games.Spectator) {
			lines = append(lines, s.format(e.Text.In(lang)))
		}
	}
	msg := b.boardMessage(ctx, s, lang, lines)
	if id, err := b.discord.Post(ctx, s.table.ChannelID, msg); err != nil {
		b.log.ErrorContext(ctx, "post board", "table", s.table.ID, "err", err)
	} else {
		live := ""
		if len(msg.Rows) > 0 {
			live = id
		}
		b.replaceBoard(ctx, s.table, live)
	}
	b.sendPrivateViews(ctx, s, prev, mover)
	b.schedule(ctx, s)
}

// replaceBoard makes id the table's board post with live components ("" for
// none) and clears the components of the one it replaces, so that only the
// latest board offers buttons; clicks on older ones would be refused as
// stale anyway. Clearing is best effort: a failure is only logged.
func (b *Bot) replaceBoard(ctx context.Context, t db.Table, id string) {
	b.mu.Lock()
	old := b.boards[t.ID]
	if id == "" {
		delete(b.boards, t.ID)
	} else {
		b.boards[t.ID] = id
	}
	b.mu.Unlock()
	if old == "" || old == id {
		return
	}
	if err := b.discord.ClearComponents(ctx, t.ChannelID, old); err != nil {
		b.log.WarnContext(ctx, "clear old board components", "table", t.ID, "message", old, "err", err)
	}
}

// boardMessage is the public state of the table: lines, the board image,
// who must act and the components for the next decision.
func (b *Bot) boardMessage(ctx context.Context, s *session, lang games.Lang, lines []string) Message {
	var msg Message
	g := s.game
	if st := g.Status(); st.Finished {
		lines = append(lines, "**"+s.format(st.Summary.In(lang))+"**", tr(lang, msgExportHint, s.table.ID))
	} else {
		waiting, mentions := s.actorsLine(lang)
		lines = append(lines, waiting)
		msg.Mentions = mentions
		msg.Rows = publicRows(s, lang)
	}
	msg.Content = clip(strings.Join(lines, "\n"))
	if f, ok := b.image(ctx, s, games.Spectator, lang, "board.png"); ok {
		msg.Files = []File{f}
	}
	return msg
}

// actorsLine says who must act now and returns their user ids.
func (s *session) actorsLine(lang games.Lang) (string, []string) {
	var parts, mentions []string
	byPrompt := map[string][]string{}
	var prompts []string
	for _, a := range s.game.ToAct() {
		u, ok := s.userOf(a.Seat)
		if ok {
			mentions = append(mentions, u.UserID)
		}
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
	return tr(lang, msgToAct, strings.Join(parts, "; ")), mentions
}

// image renders seat's view; ok is false without a renderer or on failure.
func (b *Bot) image(ctx context.Context, s *session, seat games.Seat, lang games.Lang, name string) (File, bool) {
	if b.render == nil {
		return File{}, false
	}
	png, alt, err := b.render(s.game.View(seat), s.names(), lang, nil)
	if err != nil {
		// The seat is logged, never the view: it may be private.
		b.log.ErrorContext(ctx, "render", "table", s.table.ID, "seat", int(seat), "err", err)
		return File{}, false
	}
	return File{Name: name, ContentType: "image/png", Data: png, Alt: s.format(alt)}, true
}

// hidesInfo reports whether seat's view shows more than the spectator's:
// its moves may then not be shown publicly.
func hidesInfo(g games.Game, seat games.Seat) bool {
	return g.View(seat).Describe(games.English) != g.View(games.Spectator).Describe(games.English)
}

// publicRows builds the components for the next decision: buttons and
// select menus of the one actor's moves, or a "Choose privately" button when
// several seats act or the moves would show hidden information.
func publicRows(s *session, lang games.Lang) []Row {
	actors := s.game.ToAct()
	if len(actors) == 0 {
		return nil
	}
	a := actors[0]
	if len(actors) > 1 || a.Kind == games.Simultaneous || hidesInfo(s.game, a.Seat) {
		return []Row{{Buttons: []Button{{
			CustomID: CustomID{Kind: ChoosePrivately, Table: s.table.ID}.String(),
			Label:    tr(lang, msgChoosePrivately),
			Style:    Primary,
		}}}}
	}
	return decisionRows(s, a.Seat, lang, false)
}

// Component limits of a message.
const (
	maxRows          = 5
	maxButtonsPerRow = 5
	maxSelectOptions = 25
	maxLabel         = 80
	maxPlaceholder   = 150
)

// decisionRows lays out seat's moves as components. Primary moves become
// buttons (five per row); each games.Pick of the seat becomes a
// multi-select menu; the other moves (and primary moves that do not fit)
// go into one "More moves…" select, leaving out the moves a shown pick
// makes.
// Setting moves are shown only in a private message (private), in a select
// menu of their own.
func decisionRows(s *session, seat games.Seat, lang games.Lang, private bool) []Row {
	table, version := s.table.ID, s.table.Version
	var moves, settings []games.Move
	for _, m := range s.game.LegalMoves(seat) {
		if m.Group == games.SettingGroup {
			settings = append(settings, m)
		} else {
			moves = append(moves, m)
		}
	}
	rowsLeft := maxRows
	var settingRow *Row
	if private && len(settings) > 0 {
		settingRow = &Row{Select: moveSelect(CustomID{Kind: SettingSelect, Table: table, Version: version}, msgSettingsPlaceholder, settings, lang)}
		rowsLeft--
	}
	var pickRows []Row
	var prefixes []string
	if p, ok := s.game.(games.Picker); ok {
		for i, pick := range p.Picks(seat) {
			sel, ok := pickSelect(CustomID{Kind: PickSelect, Table: table, Version: version, Pick: i}, pick, lang)
			if !ok {
				continue
			}
			if len(pickRows) < rowsLeft-1 {
				pickRows = append(pickRows, Row{Select: sel})
				prefixes = append(prefixes, pick.Prefix+" ")
			}
		}
	}
	rowsLeft -= len(pickRows)
	var buttons []Button
	var more []games.Move
	for _, m := range moves {
		if m.Primary && len(buttons) < (rowsLeft-1)*maxButtonsPerRow {
			buttons = append(buttons, Button{CustomID: moveButtonID(table, version, m.Notation), Label: moveLabel(m, lang), Style: Secondary})
			continue
		}
		if !slices.ContainsFunc(prefixes, func(p string) bool { return strings.HasPrefix(m.Notation, p) }) {
			more = append(more, m)
		}
	}
	var rows []Row
	for len(buttons) > 0 {
		n := min(len(buttons), maxButtonsPerRow)
		rows = append(rows, Row{Buttons: buttons[:n]})
		buttons = buttons[n:]
	}
	rows = append(rows, pickRows...)
	if len(more) > 0 {
		rows = append(rows, Row{Select: moveSelect(CustomID{Kind: MoveSelect, Table: table, Version: version}, msgMorePlaceholder, more, lang)})
	}
	if settingRow != nil {
		rows = append(rows, *settingRow)
	}
	return rows
}

// moveLabel is the label of a move's button or select option.
func moveLabel(m games.Move, lang games.Lang) string {
	if label := truncate(m.Label.In(lang), maxLabel); label != "" {
		return label
	}
	return truncate(m.Notation, maxLabel)
}

// moveSelect is a single-choice select menu of (at most 25 of) moves.
func moveSelect(id CustomID, placeholder games.Text, moves []games.Move, lang games.Lang) *Select {
	sel := &Select{CustomID: id.String(), Placeholder: tr(lang, placeholder)}
	for _, m := range moves[:min(len(moves), maxSelectOptions)] {
		label := moveLabel(m, lang)
		desc := ""
		if m.Notation != label {
			desc = truncate(m.Notation, 100)
		}
		sel.Options = append(sel.Options, SelectOption{Value: MoveRef(m.Notation, maxCustomID), Label: label, Description: desc})
	}
	return sel
}

// pickSelect is the multi-select menu of a pick; ok is false for a pick that
// cannot be shown as one (no items, more than 25, or no valid count).
func pickSelect(id CustomID, p games.Pick, lang games.Lang) (*Select, bool) {
	n := len(p.Items)
	lo, hi := max(p.Min, 1), min(p.Max, n)
	if n == 0 || n > maxSelectOptions || lo > hi {
		return nil, false
	}
	sel := &Select{CustomID: id.String(), Placeholder: truncate(p.Label.In(lang), maxPlaceholder), MinValues: lo, MaxValues: hi}
	if sel.Placeholder == "" {
		sel.Placeholder = truncate(p.Prefix, maxPlaceholder)
	}
	for _, it := range p.Items {
		label := truncate(it.Label.In(lang), 100)
		if label == "" {
			label = truncate(it.Value, 100)
		}
		sel.Options = append(sel.Options, SelectOption{Value: it.Value, Label: label})
	}
	return sel, true
}

// truncate shortens s to at most n characters.
func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// sendPrivateViews sends each seat with a private view (one that differs
// from the spectator's) at most one DM about a change from prev (nil at the
// start): when the private part of its view changed, or when the seat newly
// has to act. Public changes alone (another seat has played) send none, and
// neither does the seat's own move: its answer holds its view already
// (mover). A seat whose DMs are closed is told once per table, in the
// channel, to use /hand.
func (b *Bot) sendPrivateViews(ctx context.Context, s *session, prev games.Game, mover games.Seat) {
	for _, u := range s.seats {
		seat := games.Seat(u.Seat)
		if seat == mover {
			continue
		}
		private := privatePart(s.game, seat)
		if private == "" {
			continue // nothing private to send
		}
		if prev != nil && privatePart(prev, seat) == private && !newlyActs(prev, s.game, seat) {
			continue
		}
		b.sendPrivateView(ctx, s, u)
	}
}

// privatePart is what seat's view says beyond the spectator's view: the
// lines of its description the public description lacks.
func privatePart(g games.Game, seat games.Seat) string {
	public := map[string]bool{}
	for _, line := range strings.Split(g.View(games.Spectator).Describe(games.English), "\n") {
		public[line] = true
	}
	var private []string
	for _, line := range strings.Split(g.View(seat).Describe(games.English), "\n") {
		if !public[line] {
			private = append(private, line)
		}
	}
	return strings.Join(private, "\n")
}

// newlyActs reports whether seat must act in next but did not in prev.
func newlyActs(prev, next games.Game, seat games.Seat) bool {
	_, before := games.MustAct(prev, seat)
	_, now := games.MustAct(next, seat)
	return now && !before
}

// sendPrivateView DMs a seat's private view to its user.
func (b *Bot) sendPrivateView(ctx context.Context, s *session, u db.Seat) {
	msg := b.handMessage(ctx, s, games.Seat(u.Seat), b.userLang(ctx, u.UserID))
	err := b.discord.DM(ctx, u.UserID, msg)
	switch {
	case errors.Is(err, ErrDMBlocked):
		b.warnDMBlocked(ctx, s, u.UserID)
	case err != nil:
		b.log.ErrorContext(ctx, "dm private view", "table", s.table.ID, "seat", u.Seat, "err", err)
	}
}

// warnDMBlocked tells a user once per table that they must use /hand.
func (b *Bot) warnDMBlocked(ctx context.Context, s *session, userID string) {
	key := tableUser{s.table.ID, userID}
	b.mu.Lock()
	warned := b.dmWarned[key]
	b.dmWarned[key] = true
	b.mu.Unlock()
	if warned {
		return
	}
	lang := tableLang(s.table)
	msg := Message{Content: tr(lang, msgDMBlocked, "<@"+userID+">"), Mentions: []string{userID}}
	if _, err := b.discord.Post(ctx, s.table.ChannelID, msg); err != nil {
		b.log.ErrorContext(ctx, "post dm warning", "table", s.table.ID, "err", err)
	}
}

// handMessage is seat's private view: its text, its image and, when the
// seat must act, its moves as components. It is only ever sent privately.
func (b *Bot) handMessage(ctx context.Context, s *session, seat games.Seat, lang games.Lang) Message {
	name := s.def.Name.In(lang)
	text := tr(lang, msgHandHeader, name, "<#"+s.table.ChannelID+">") + "\n" + s.format(s.game.View(seat).Describe(lang))
	msg := Message{Content: clip(text)}
	if f, ok := b.image(ctx, s, seat, lang, "hand.png"); ok {
		msg.Files = []File{f}
	}
	if !s.game.Status().Finished {
		msg.Rows = decisionRows(s, seat, lang, true)
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
	lang := games.LangFromLocale(locale)
	b.mu.Lock()
	old, known := b.langs[userID]
	b.langs[userID] = lang
	b.mu.Unlock()
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
	b.mu.Lock()
	l, ok := b.langs[userID]
	b.mu.Unlock()
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
	l = games.LangFromLocale(locale)
	b.mu.Lock()
	if _, set := b.langs[userID]; !set {
		b.langs[userID] = l
	}
	b.mu.Unlock()
	return l
}

// noteTableLang saves the caller's language as the language last used at
// t, for its reminders, when it changed.
func (b *Bot) noteTableLang(c *call, t *db.Table) {
	if t.Lang == string(c.lang) {
		return
	}
	if err := b.store.SetTableLang(c.ctx, t.ID, string(c.lang)); err != nil {
		b.log.ErrorContext(c.ctx, "save table language", "table", t.ID, "err", err)
		return
	}
	t.Lang = string(c.lang)
}

// tableLang is the language last used at a table (English before anyone
// used it).
func tableLang(t db.Table) games.Lang { return games.LangFromLocale(t.Lang) }
