package bot

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/playbychat/pbc/bot/schedule"
	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
)

// component handles a click on a button or a choice in a select menu.
func (b *Bot) component(c *call) error {
	id, err := ParseCustomID(c.in.CustomID)
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
	if id.Kind == ChoosePrivately {
		moves := s.game.LegalMoves(seat)
		if len(moves) == 0 {
			return refuse(msgNothingToChoose)
		}
		msg := b.handMessage(c.ctx, s, seat, c.lang)
		msg.Ephemeral = true
		return c.reply(msg)
	}
	if id.Kind == SettingSelect {
		return b.settingChoice(c, s, seat)
	}
	// A click made for an older version is stale, except for a seat in a
	// simultaneous phase (the others' moves do not change its choices) and
	// after setting moves only; a move it can no longer make is refused
	// below.
	if id.Version != t.Version && !simultaneous(s.game, seat) && !b.onlySettingsSince(t.ID, id.Version, t.Version) {
		return refuse(msgStale)
	}
	if id.Kind == PickSelect {
		return b.pickChoice(c, s, seat, id.Pick)
	}
	ref := id.Move
	if id.Kind == MoveSelect {
		if len(c.in.Values) != 1 {
			return refuse(msgStale)
		}
		ref = c.in.Values[0]
	}
	m, ok := ResolveMoveRef(ref, s.game.LegalMoves(seat))
	if !ok {
		return notAvailable(s.game, seat)
	}
	return b.move(c, s, m.Notation)
}

// notAvailable is the refusal of a choice seat cannot make now.
func notAvailable(g games.Game, seat games.Seat) error {
	if _, acting := games.MustAct(g, seat); !acting {
		return games.ErrNotYourTurn
	}
	return refuse(msgStale)
}

// pickChoice plays the move made of the values chosen in the menu of seat's
// pick number index; games.Play decides whether it is legal.
func (b *Bot) pickChoice(c *call, s *session, seat games.Seat, index int) error {
	picker, ok := s.game.(games.Picker)
	if !ok || len(c.in.Values) == 0 {
		return refuse(msgStale)
	}
	picks := picker.Picks(seat)
	if index >= len(picks) {
		return notAvailable(s.game, seat)
	}
	p := picks[index]
	notation := p.Notation(c.in.Values)
	if _, legal := games.FindMove(s.game, seat, notation); !legal && p.Rule.EN != "" {
		return &games.RuleError{Reason: p.Rule}
	}
	return b.move(c, s, notation)
}

// settingChoice plays the setting move chosen in a settings menu. Settings
// may be changed at any time, so the menu's version does not matter; the
// choice must still be one of seat's setting moves now.
func (b *Bot) settingChoice(c *call, s *session, seat games.Seat) error {
	if len(c.in.Values) != 1 {
		return refuse(msgStale)
	}
	m, ok := ResolveMoveRef(c.in.Values[0], s.game.LegalMoves(seat))
	if !ok || m.Group != games.SettingGroup {
		return refuse(msgStale)
	}
	return b.move(c, s, m.Notation)
}

// moveCommand handles /move action:<text>.
func (b *Bot) moveCommand(c *call) error {
	s, err := b.runningSession(c)
	if err != nil {
		return err
	}
	action := strings.TrimSpace(c.in.Options["action"])
	if action == "" {
		return refuse(msgMoveUsage)
	}
	return b.move(c, s, action)
}

// autocomplete suggests the caller's legal moves matching what they typed
// (for /move action) or the topics of the channel's game (for /rules).
func (b *Bot) autocomplete(c *call) error {
	var choices []Choice
	switch c.in.Command {
	case "move":
		choices = b.moveChoices(c)
	case "game":
		if c.in.Focused == "zone" {
			for _, z := range schedule.Suggest(c.in.Options["zone"], maxSelectOptions) {
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
	typed := strings.ToLower(strings.TrimSpace(c.in.Options[c.in.Focused]))
	moves := suggestionOrder(s.game.LegalMoves(seat))
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
		out = append(out, Choice{Name: truncate(name, 100), Value: MoveRef(m.Notation, maxCustomID)})
		if len(out) == maxSelectOptions {
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
// moves. A user who has used it is not told again that their DMs are closed.
func (b *Bot) handCommand(c *call) error {
	s, err := b.runningSession(c)
	if err != nil {
		return err
	}
	seat, ok := s.seatOf(c.in.User.ID)
	if !ok {
		return refuse(msgNotSeated)
	}
	b.dmWarned.Add(tableUser{s.table.ID, c.in.User.ID}, struct{}{})
	msg := b.handMessage(c.ctx, s, seat, c.lang)
	msg.Ephemeral = true
	msg.Content = clip(msg.Content + b.queuedNote(c.ctx, s, seat, c.lang))
	return c.reply(msg)
}
