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
// they have private choices next, their view with those choices: they get
// no DM for their own move), and announces it. A seat acting in a
// simultaneous phase does not depend on the others' timing: when another
// seat's move got in first, its move is retried on the new state.
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
	made, ok := games.FindMove(s.game, seat, ref)
	if !ok {
		if _, acting := games.MustAct(s.game, seat); acting {
			return refuse(msgUnknownMove, ref)
		}
		made = games.Move{Notation: ref}
	}
	var (
		events []games.Event
		out    []db.Delivery
	)
	for attempt := 1; ; attempt++ {
		var err error
		events, out, err = b.commitMove(c.ctx, s, seat, ref, games.Text{}, true)
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
	if err := b.answerMove(c, s, seat, made, events); err != nil {
		return err
	}
	b.flush(c.ctx, out)
	b.playBots(c.ctx, s)
	return nil
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
	if onChannel && len(own) == 0 && !hasPrivateChoices(s.game, seat) {
		return c.r.Acknowledge(c.ctx)
	}
	text := strings.Join(own, "\n")
	switch {
	case text != "":
	case len(public) > 0:
		text = strings.Join(public, "\n")
	default:
		made.Label = s.formatText(made.Label)
		text = tr(c.lang, msgMoveDone, moveLabel(made, c.lang))
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
	if hasPrivateChoices(s.game, seat) {
		msg = b.handMessage(c.ctx, s, seat, c.lang)
		msg.Content = clip(text + "\n\n" + msg.Content)
	}
	msg.Ephemeral = true
	return msg
}

// hasPrivateChoices reports whether some of seat's current choices (moves
// or picks, standing choices aside) reveal what only it may see: they are
// offered privately only.
func hasPrivateChoices(g games.Game, seat games.Seat) bool {
	for _, m := range g.LegalMoves(seat) {
		if m.Private && !m.Shortcut && m.Group != games.SettingGroup {
			return true
		}
	}
	if p, ok := g.(games.Picker); ok {
		for _, pick := range p.Picks(seat) {
			if pick.Private {
				return true
			}
		}
	}
	return false
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

// errInvariantBroken is logged when a move leaves a game in a state its
// own checker rejects; the move is not committed.
var errInvariantBroken = errors.New("the engine's invariants are broken (replay the table to see why)")

// commitMove plays notation for seat on s.game and commits it with the
// table's version, together with what it owes the channel and the players
// (see announce), which it returns for the caller to flush. headline leads the public lines
// (by default "X moved." when the move has events but none public). answered says
// that the mover is answered directly, so that it gets no DM. s is updated
// to the new state.
func (b *Bot) commitMove(ctx context.Context, s *session, seat games.Seat, notation string, headline games.Text, answered bool) ([]games.Event, []db.Delivery, error) {
	prev := s.game
	m, ok := games.FindMove(prev, seat, notation)
	if ok {
		notation = m.Notation
	}
	setting := ok && m.Group == games.SettingGroup
	if !ok {
		m = games.Move{Notation: notation}
	}
	next, events, err := games.PlayText(prev, seat, notation)
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
	quiet := quietMove(prev, next, setting, events)
	// The session after the move, for the messages it owes.
	ns := *s
	ns.table.Version++
	ns.game, ns.moves, ns.seats = next, n+1, seats
	after := before
	var out []db.Delivery
	if !quiet {
		ns.pending = &pastMove{Move: rec, events: events}
		out, after = b.announce(ctx, &ns, before, prev, mover, moveLines(seat, m, headline, events), events)
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
	if setting {
		b.markSetting(s.table.ID, s.table.Version)
	}
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
		CustomID: CustomID{Kind: ChoosePrivately, Table: s.table.ID}.String(),
		Label:    tr(lang, msgChoosePrivately),
		Style:    Primary,
	}}}
	a := actors[0]
	if len(actors) > 1 || a.Kind == games.Simultaneous {
		return []Row{privately}
	}
	rows := decisionRows(s, a.Seat, lang, false)
	if hasPrivateChoices(s.game, a.Seat) {
		rows = append(rows[:min(len(rows), maxRows-1)], privately)
	}
	return rows
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
// makes and shortcuts (typed or autocompleted only).
// Setting moves are shown only in a private message (private), in a select
// menu of their own; so are private moves and picks.
func decisionRows(s *session, seat games.Seat, lang games.Lang, private bool) []Row {
	table, version := s.table.ID, s.table.Version
	var moves, settings []games.Move
	for _, m := range s.game.LegalMoves(seat) {
		switch {
		case m.Group == games.SettingGroup:
			m.Label = s.formatText(m.Label)
			settings = append(settings, m)
		case m.Shortcut:
		case private || !m.Private:
			m.Label = s.formatText(m.Label)
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
			if pick.Private && !private {
				continue
			}
			pick = s.formatPick(pick)
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
			buttons = append(buttons, Button{CustomID: MoveButtonID(table, version, m.Notation), Label: moveLabel(m, lang), Style: moveStyle(m)})
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

// moveStyle tells moves apart by the colour of their buttons: ending a
// turn is red, passing grey, confirming (ready, done) green, any other
// move blue.
func moveStyle(m games.Move) ButtonStyle {
	verb, _, _ := strings.Cut(m.Notation, " ")
	switch {
	case m.Group == "end" || verb == "end":
		return Danger
	case m.Group == "pass" || verb == "pass":
		return Secondary
	case m.Group == "ready" || verb == "ready" || verb == "done" || verb == "confirm":
		return Success
	}
	return Primary
}

// moveLabel is the label of a move's button or select option.
func moveLabel(m games.Move, lang games.Lang) string {
	if label := truncate(m.Label.In(lang), maxLabel); label != "" {
		return label
	}
	return truncate(m.Notation, maxLabel)
}

// moveSelect is a single-choice select menu of (at most 25 of) moves.
func moveSelect(id CustomID, placeholder msg, moves []games.Move, lang games.Lang) *Select {
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

// privateDeliveries are the DMs a change owes the seats other than mover:
// a seat gets one when the change showed it something private (events
// for it alone), when it newly must act (newly) and some of its choices
// are private, so that it can make them from the DM, and when the change
// pings it (pinged) for its turn or a simultaneous decision (not for a
// reaction within another's turn) with what happened since its last move
// (the digest), if anything did. The DM carries the digest, those events and, for the first two,
// the seat's view with its choices. Whether a seat's view holds anything
// private is never guessed from its text: /hand shows any view at any
// time.
func (b *Bot) privateDeliveries(ctx context.Context, s *session, mover games.Seat, events []games.Event, newly, pinged []games.Seat) []db.Delivery {
	var out []db.Delivery
	for _, u := range s.seats {
		seat := games.Seat(u.Seat)
		if seat == mover || s.botPlaysSeat(u) {
			// A seat the bot plays gets nothing: its player catches up
			// when back (/hand, /game log since:mine).
			continue
		}
		var own []games.Text
		for _, e := range events {
			if e.To != nil && e.VisibleTo(seat) {
				own = append(own, e.Text)
			}
		}
		choices := slices.Contains(newly, seat) && hasPrivateChoices(s.game, seat)
		turn := ""
		if a, _ := games.MustAct(s.game, seat); slices.Contains(pinged, seat) && a.Kind != games.Reaction {
			turn = b.turnNotice(ctx, s, u, b.userLang(ctx, u.UserID))
		}
		if len(own) == 0 && !choices && turn == "" {
			continue
		}
		lang := b.userLang(ctx, u.UserID)
		var msg Message
		if len(own) > 0 || choices {
			msg = b.handMessage(ctx, s, seat, lang)
		}
		if len(own) > 0 {
			lines := make([]string, len(own))
			for i, t := range own {
				lines[i] = s.format(t.In(lang))
			}
			msg.Content = strings.Join(lines, "\n") + "\n\n" + msg.Content
		}
		if turn != "" {
			msg.Content = turn + "\n\n" + msg.Content
		}
		msg.Content = clip(strings.TrimSpace(msg.Content))
		out = append(out, dmTo(s.table, u.UserID, msg))
	}
	return out
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

// handMessage is seat's private view: its text, its image and, when the
// seat must act, its moves as components. It is only ever sent privately.
func (b *Bot) handMessage(ctx context.Context, s *session, seat games.Seat, lang games.Lang) Message {
	name := s.def.Name.In(lang)
	text := tr(lang, msgHandHeader, name, "<#"+s.table.ChannelID+">") + "\n" + s.format(s.game.View(seat).Describe(lang))
	msg := Message{Content: clip(text)}
	if f, ok := b.image(ctx, s, seat, lang, "hand.png", nil); ok {
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
	l = games.LangFromLocale(locale)
	b.langs.ContainsOrAdd(userID, l)
	return l
}

// tableLang is a table's language, of its posts and board images.
func tableLang(t db.Table) games.Lang { return games.LangFromLocale(t.Lang) }
