package bot

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"github.com/playbychat/pbc/bot/component"
	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
)

// Standing choices the bot applies (issue 15, docs/pacing.md). A person
// may tell the bot, for their seat alone, to pass for them for the rest
// of the round (games.Rounder) or of the combat (games.Spanner), or to ask
// them even when their only move is a pass (the opt-out of automatic
// passes, see forced.go). They live in the store (db.SeatChoice), not in
// the engine: they apply to every game alike, change nothing in the game
// but which moves the bot makes, and the passes made for them are
// ordinary moves of the record. Each is set and cancelled from the
// standing-choices menu of the seat's private view (its DMs, /hand),
// listed in /hand, and never shown to anyone else: the channel shows a
// pass made for it as the seat's own pass.

// The kinds of standing choice (db.SeatChoice.Kind).
const (
	// choiceAsk turns automatic passes off: the seat is asked even when
	// its only move is forced (games.Forced).
	choiceAsk = "ask"
	// choiceRound passes for the seat until the round ends; its scope is
	// the round's number.
	choiceRound = "round"
	// choiceCombat passes for the seat until the combat ends; its scope is
	// the combat's name.
	choiceCombat = "combat"
)

// choiceKinds are the kinds, in the order the menu and /hand show them.
var choiceKinds = []string{choiceRound, choiceCombat, choiceAsk}

// choiceValuePrefix starts the value of a standing-choice option in the
// settings menu: "!set:round", "!drop:ask". No move notation starts so.
const choiceValuePrefix = "!"

// Texts of the standing choices.
const (
	msgChoiceSetRound     msg = "ChoiceSetRound"
	msgChoiceSetCombat    msg = "ChoiceSetCombat"
	msgChoiceSetAsk       msg = "ChoiceSetAsk"
	msgChoiceDropRound    msg = "ChoiceDropRound"
	msgChoiceDropCombat   msg = "ChoiceDropCombat"
	msgChoiceDropAsk      msg = "ChoiceDropAsk"
	msgChoiceOnRound      msg = "ChoiceOnRound"
	msgChoiceOnCombat     msg = "ChoiceOnCombat"
	msgChoiceOnAsk        msg = "ChoiceOnAsk"
	msgChoiceOffRound     msg = "ChoiceOffRound"
	msgChoiceOffCombat    msg = "ChoiceOffCombat"
	msgChoiceOffAsk       msg = "ChoiceOffAsk"
	msgChoiceListedRound  msg = "ChoiceListedRound"
	msgChoiceListedCombat msg = "ChoiceListedCombat"
	msgChoiceListedAsk    msg = "ChoiceListedAsk"
	msgChoiceNotNow       msg = "ChoiceNotNow"
	msgUndoChosen         msg = "UndoChosen"
)

// choiceTexts are the texts of one kind: the menu's option to set it and
// to cancel it, the answer to each, and the line /hand lists it with.
var choiceTexts = map[string]struct{ set, drop, on, off, listed msg }{
	choiceRound:  {msgChoiceSetRound, msgChoiceDropRound, msgChoiceOnRound, msgChoiceOffRound, msgChoiceListedRound},
	choiceCombat: {msgChoiceSetCombat, msgChoiceDropCombat, msgChoiceOnCombat, msgChoiceOffCombat, msgChoiceListedCombat},
	choiceAsk:    {msgChoiceSetAsk, msgChoiceDropAsk, msgChoiceOnAsk, msgChoiceOffAsk, msgChoiceListedAsk},
}

// loadChoices reads the standing choices of s's table into s.
func (b *Bot) loadChoices(ctx context.Context, s *session) error {
	cs, err := b.store.SeatChoices(ctx, s.table.ID)
	if err != nil {
		return &internalError{s.table.ID, err}
	}
	s.choices = cs
	return nil
}

// scopeOf is the scope a choice of kind takes for seat in g: the round's
// number, the combat's name, "" for choiceAsk; ok is false when the kind
// has nothing to last for now (a game without rounds, before the first,
// outside a combat).
func scopeOf(g games.Game, seat games.Seat, kind string) (string, bool) {
	switch kind {
	case choiceRound:
		r, ok := g.(games.Rounder)
		if !ok || r.Round() == 0 {
			return "", false
		}
		return strconv.Itoa(r.Round()), true
	case choiceCombat:
		sp, ok := g.(games.Spanner)
		if !ok {
			return "", false
		}
		name := sp.Span(seat)
		return name, name != ""
	case choiceAsk:
		return "", true
	}
	return "", false
}

// holds reports whether seat's player has a standing choice of kind that
// holds in g: made by the person who holds the seat now, and for the
// round or combat g is in.
func (s *session) holds(g games.Game, seat games.Seat, kind string) bool {
	u, ok := s.userOf(seat)
	if !ok {
		return false
	}
	scope, applies := scopeOf(g, seat, kind)
	for _, c := range s.choices {
		if c.Seat == int(seat) && c.Kind == kind && c.UserID == u.UserID && applies && c.Scope == scope {
			return true
		}
	}
	return false
}

// standingPass returns the pass the bot makes for seat in g by its
// "pass for the rest of this round / combat": seat must act, one of them
// holds, and seat may pass (a move of RolePass). It passes real choices
// too: that is what it is for.
func (s *session) standingPass(g games.Game, seat games.Seat) (games.Move, bool) {
	if _, acting := games.MustAct(g, seat); !acting {
		return games.Move{}, false
	}
	if !s.holds(g, seat, choiceRound) && !s.holds(g, seat, choiceCombat) {
		return games.Move{}, false
	}
	for _, m := range s.movesIn(g)(seat) {
		if m.Role == games.RolePass && m.Group != games.SettingGroup {
			return m, true
		}
	}
	return games.Move{}, false
}

// autoMove returns the move the bot makes for a person's seat that must
// act in g (a state of s's game) without asking it: the pass of a
// standing choice (standingPass), or else its forced move (forcedMove)
// unless the seat turned automatic passes off.
func (s *session) autoMove(g games.Game, seat games.Seat) (games.Move, bool) {
	if m, ok := s.standingPass(g, seat); ok {
		return m, true
	}
	if s.holds(g, seat, choiceAsk) {
		return games.Move{}, false
	}
	return forcedMove(g, seat, s.movesIn(g))
}

// choiceOptions are the options of the standing-choices menu for seat
// now, in lang: for each kind that can last for something now, to set it
// or, when it holds, to cancel it.
func (s *session) choiceOptions(seat games.Seat, lang games.Lang) []SelectOption {
	if _, ok := s.userOf(seat); !ok || s.status().Finished {
		return nil
	}
	var out []SelectOption
	for _, kind := range choiceKinds {
		if _, applies := scopeOf(s.game, seat, kind); !applies {
			continue
		}
		texts, verb := choiceTexts[kind], "set:"
		label := tr(lang, texts.set)
		if s.holds(s.game, seat, kind) {
			label, verb = tr(lang, texts.drop), "drop:"
		}
		out = append(out, SelectOption{Value: choiceValuePrefix + verb + kind, Label: component.Truncate(label, 100)})
	}
	return out
}

// choicesNote is the text /hand adds for seat's standing choices that
// hold now ("" for none); it is only ever shown to the seat's player.
func (s *session) choicesNote(seat games.Seat, lang games.Lang) string {
	var lines []string
	for _, kind := range choiceKinds {
		if s.holds(s.game, seat, kind) {
			lines = append(lines, tr(lang, choiceTexts[kind].listed))
		}
	}
	if len(lines) == 0 {
		return ""
	}
	return "\n" + strings.Join(lines, "\n")
}

// parseChoiceValue reads the value of a standing-choice option: whether
// it sets (or else cancels) a choice, and of which kind.
func parseChoiceValue(value string) (set bool, kind string, ok bool) {
	rest, ok := strings.CutPrefix(value, choiceValuePrefix)
	if !ok {
		return false, "", false
	}
	verb, kind, _ := strings.Cut(rest, ":")
	if _, known := choiceTexts[kind]; !known || (verb != "set" && verb != "drop") {
		return false, "", false
	}
	return verb == "set", kind, true
}

// standingChoice sets or cancels seat's standing choice of kind, as its
// player chose in the menu, and answers privately; a pass it makes due now
// is made at once.
func (b *Bot) standingChoice(c *call, s *session, seat games.Seat, set bool, kind string) error {
	texts := choiceTexts[kind]
	if !set {
		err := b.store.DropSeatChoice(c.ctx, s.table.ID, int(seat), kind)
		if err != nil && !errors.Is(err, db.ErrNotFound) {
			return &internalError{s.table.ID, err}
		}
		if err := c.private(texts.off); err != nil {
			return err
		}
		if err := b.loadChoices(c.ctx, s); err != nil {
			return err
		}
		// Without "ask", a forced move is the bot's again.
		b.playBots(c.ctx, s)
		return nil
	}
	scope, ok := scopeOf(s.game, seat, kind)
	if !ok {
		return refuse(msgChoiceNotNow)
	}
	choice := db.SeatChoice{TableID: s.table.ID, Seat: int(seat), Kind: kind, Scope: scope, UserID: c.in.User.ID,
		Created: b.clock.Now()}
	if err := b.store.SetSeatChoice(c.ctx, choice); err != nil {
		return &internalError{s.table.ID, err}
	}
	if err := c.private(texts.on); err != nil {
		return err
	}
	if err := b.loadChoices(c.ctx, s); err != nil {
		return err
	}
	b.playBots(c.ctx, s)
	return nil
}
