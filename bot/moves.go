package bot

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/playbychat/pbc/bot/command"
	"github.com/playbychat/pbc/bot/component"
	"github.com/playbychat/pbc/bot/schedule"
	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
)

// component handles a click on a button or a choice in a select menu.
func (b *Bot) component(c *call) error {
	id, err := component.Parse(c.in.CustomID)
	if err != nil {
		return refuse(msgStale)
	}
	t, err := b.store.Table(c.ctx, id.Table)
	if errors.Is(err, db.ErrNotFound) {
		return refuse(msgStale)
	}
	if err != nil {
		return &internalError{id.Table, fmt.Errorf("table: %w", err)}
	}
	if t.Status != db.Running {
		return refuse(msgStale)
	}
	s, err := b.load(c.ctx, t)
	if err != nil {
		return err
	}
	seat, seated := s.seatOf(c.in.User.ID)
	if !seated {
		return refuse(msgNotSeated)
	}
	if err := b.comeBack(c, s); err != nil {
		return err
	}
	if id.Kind == component.ChoosePrivately {
		if len(s.legalMoves(seat)) == 0 {
			return refuse(msgNothingToChoose)
		}
		msg := b.handMessage(c.ctx, s, seat, c.lang)
		msg.Ephemeral = true
		return c.reply(msg)
	}
	if id.Kind == component.SettingSelect {
		return b.settingChoice(c, s, seat)
	}
	// A click counts while the seat's own decision is the one its
	// component was made for, whatever others did meanwhile.
	if id.Decision != s.fingerprint(seat) {
		return decisionChanged(s, seat)
	}
	switch id.Kind {
	case component.PickSelect:
		return b.pickChoice(c, s, seat, id.Pick)
	case component.MenuStep:
		return b.menuStep(c, s, seat, id.Path)
	}
	ref := id.Move
	if id.Kind == component.MoveSelect {
		if len(c.in.Values) != 1 {
			return refuse(msgStale)
		}
		ref = c.in.Values[0]
		if offset, ok := component.PageOffset(ref); ok {
			return b.morePage(c, s, seat, offset)
		}
		if path, ok := component.MenuPath(ref); ok {
			return b.menuStep(c, s, seat, path)
		}
	}
	m, ok := component.ResolveMoveRef(ref, s.legalMoves(seat))
	if !ok {
		return notAvailable(s, seat)
	}
	return b.move(c, s, seat, m)
}

// morePage answers a click on "Next page…" of a "More moves…" menu with
// the moves of the decision from offset on, privately: on the clicked
// message when it is private already, else in a reply only the clicker
// sees.
func (b *Bot) morePage(c *call, s *session, seat games.Seat, offset int) error {
	private := c.in.Ephemeral || c.in.GuildID == ""
	rows, last, ok := s.layout(seat, c.lang, private, "").Page(offset)
	if !ok {
		return refuse(msgStale)
	}
	msg := Message{Content: tr(c.lang, msgMorePage, offset+1, last), Rows: rows, Ephemeral: true}
	if c.in.Ephemeral {
		return c.r.Update(c.ctx, msg)
	}
	return c.reply(msg)
}

// menuStep answers a click on a step of seat's menu (games.Menu) with the
// level at path, privately: on the clicked message when it is private
// already, else in a reply only the clicker sees. Nothing is committed: a
// step is no move, and the table and everyone's buttons stay as they are.
func (b *Bot) menuStep(c *call, s *session, seat games.Seat, path string) error {
	if _, ok := s.menuLevel(seat, path); !ok {
		return notAvailable(s, seat)
	}
	msg := Message{Content: s.menuHeading(seat, path, c.lang), Rows: decisionRowsAt(s, seat, c.lang, true, path), Ephemeral: true}
	if c.in.Ephemeral {
		return c.r.Update(c.ctx, msg)
	}
	return c.reply(msg)
}

// menuHeading is the text above a level of seat's menu: what seat is
// asked, and the step that opened the level (found among the entries of
// the level above, where the step back up leads).
func (s *session) menuHeading(seat games.Seat, path string, lang games.Lang) string {
	var head string
	if a, ok := games.MustAct(s.game, seat); ok {
		head = s.format(a.Prompt.In(lang))
	}
	entries, _ := s.menuLevel(seat, path)
	for _, up := range entries {
		if up.Role != games.RoleBack {
			continue
		}
		parent, _ := s.menuLevel(seat, up.Notation)
		for _, m := range parent {
			if m.Role == games.RoleStep && m.Notation == path {
				head = strings.TrimSpace(head + "\n**" + s.formatText(m.Label).In(lang) + "**")
			}
		}
	}
	return clip(head)
}

// decisionChanged is the refusal of a click made for a decision seat no
// longer has: whose turn it is when it need not act, else that its
// decision changed.
func decisionChanged(s *session, seat games.Seat) error {
	if _, acting := games.MustAct(s.game, seat); !acting {
		return s.ruleError(games.NotYourTurn(s.game))
	}
	return refuse(msgDecisionChanged)
}

// notAvailable is the refusal of a choice seat cannot make now: whose
// turn it is when seat need not act.
func notAvailable(s *session, seat games.Seat) error {
	if _, acting := games.MustAct(s.game, seat); !acting {
		return s.ruleError(games.NotYourTurn(s.game))
	}
	return refuse(msgStale)
}

// pickChoice plays the move made of the values chosen in the menu of seat's
// pick number index: one of seat's legal moves, or refused with the pick's
// rule or the engine's reason.
func (b *Bot) pickChoice(c *call, s *session, seat games.Seat, index int) error {
	picker, ok := s.game.(games.Picker)
	if !ok || len(c.in.Values) == 0 {
		return refuse(msgStale)
	}
	picks := picker.Picks(seat)
	if index >= len(picks) {
		return notAvailable(s, seat)
	}
	p := picks[index]
	notation := p.Notation(c.in.Values)
	m, legal := games.Match(s.legalMoves(seat), notation)
	if !legal && p.Rule.EN != "" {
		return &games.RuleError{Reason: p.Rule}
	}
	if !legal {
		var err error
		if m, err = resolveText(s, seat, notation); err != nil {
			return err
		}
	}
	return b.move(c, s, seat, m)
}

// settingChoice plays the setting move chosen in a settings menu, or sets
// a standing choice the bot applies (standing.go). Settings may be changed
// at any time, so the menu's version does not matter; a setting move must
// still be one of seat's setting moves now.
func (b *Bot) settingChoice(c *call, s *session, seat games.Seat) error {
	if len(c.in.Values) != 1 {
		return refuse(msgStale)
	}
	if set, kind, ok := parseChoiceValue(c.in.Values[0]); ok {
		return b.standingChoice(c, s, seat, set, kind) // one the bot applies
	}
	m, ok := component.ResolveMoveRef(c.in.Values[0], s.legalMoves(seat))
	if !ok || m.Group != games.SettingGroup {
		return refuse(msgStale)
	}
	return b.move(c, s, seat, m)
}

// moveCommand handles /move action:<text>.
func (b *Bot) moveCommand(c *call) error {
	s, seat, err := b.seatedSession(c)
	if err != nil {
		return err
	}
	action := c.in.Options.String(command.OptAction)
	if action == "" {
		return refuse(msgMoveUsage)
	}
	var m games.Move
	if strings.HasPrefix(action, "#") {
		// An autocompleted move whose notation was too long for a value.
		var ok bool
		if m, ok = component.ResolveMoveRef(action, s.legalMoves(seat)); !ok {
			return refuse(msgStale)
		}
	} else if m, err = resolveText(s, seat, action); err != nil {
		return err
	}
	return b.move(c, s, seat, m)
}

// autocomplete suggests the caller's legal moves matching what they typed
// (for /move action) or the topics of the channel's game (for /rules).
func (b *Bot) autocomplete(c *call) error {
	var choices []Choice
	switch c.in.Command {
	case "move":
		choices = b.moveChoices(c)
	case "game":
		if command.OptionName(c.in.Focused) == command.OptZone {
			for _, z := range schedule.Suggest(c.in.Options.String(command.OptZone), component.MaxOptions) {
				choices = append(choices, Choice{Name: z, Value: z})
			}
		}
	case "rules":
		choices = b.topicChoices(c)
	case "card":
		choices = b.cardChoices(c)
	}
	return c.r.Autocomplete(c.ctx, choices)
}

// moveChoices lists at most 25 legal moves of the caller containing the
// typed text in their notation or label.
func (b *Bot) moveChoices(c *call) []Choice {
	t, err := b.store.ActiveTable(c.ctx, c.in.ChannelID)
	if err != nil || t.Status != db.Running {
		return nil
	}
	s, err := b.load(c.ctx, t)
	if err != nil {
		b.log.ErrorContext(c.ctx, "autocomplete load", "table", t.ID, "err", err)
		return nil
	}
	seat, ok := s.seatOf(c.in.User.ID)
	if !ok {
		return nil
	}
	typed := strings.ToLower(c.in.Options.String(command.OptionName(c.in.Focused)))
	moves := suggestionOrder(slices.Clone(s.legalMoves(seat)))
	var out []Choice
	for _, m := range moves {
		label := s.formatText(m.Label).In(c.lang)
		if typed != "" && !strings.Contains(strings.ToLower(m.Notation), typed) && !strings.Contains(strings.ToLower(label), typed) {
			continue
		}
		name := m.Notation
		if label != "" && !strings.EqualFold(label, m.Notation) {
			name = label + " — " + m.Notation
		}
		out = append(out, Choice{Name: component.Truncate(name, 100), Value: component.MoveRef(m.Notation, component.MaxID)})
		if len(out) == component.MaxOptions {
			break
		}
	}
	return out
}

// suggestionOrder sorts moves as /move suggests them: the decision at
// hand before the standing choices, and within it the primary moves (those
// shown as buttons, such as ending a step) before the others. A player who
// always takes the first suggestion then always advances the game: the
// other moves of a step may be repeated without end (XIBALBA lets a seat
// re-organize its piles card by card for as long as it likes).
func suggestionOrder(moves []games.Move) []games.Move {
	rank := func(m games.Move) int {
		switch {
		case m.Group == games.SettingGroup:
			return 2
		case m.Primary:
			return 0
		}
		return 1
	}
	slices.SortStableFunc(moves, func(a, b games.Move) int { return cmp.Compare(rank(a), rank(b)) })
	return moves
}

// handCommand shows the caller's private view, ephemerally, with their
// moves and the link to their private page; with new_link, their earlier
// private links are void first. A user who has used it is not told again
// that their DMs are closed.
func (b *Bot) handCommand(c *call) error {
	s, seat, err := b.seatedSession(c)
	if err != nil {
		return err
	}
	voided := c.in.Options.Bool(command.OptNewLink) && b.pages != nil
	if voided {
		if err := b.voidSeatLinks(c.ctx, s, seat); err != nil {
			return err
		}
	}
	b.dmWarned.Add(tableUser{s.table.ID, c.in.User.ID}, struct{}{})
	msg := b.handMessage(c.ctx, s, seat, c.lang)
	msg.Rows = b.withSeatLink(s, seat, c.in.User.ID, msg.Rows, c.lang)
	msg.Ephemeral = true
	msg.Content = clip(msg.Content + b.queuedNote(c.ctx, s, seat, c.lang) + s.choicesNote(seat, c.lang))
	if voided {
		msg.Content = clip(tr(c.lang, msgLinksVoided) + "\n" + msg.Content)
	}
	return c.reply(msg)
}
