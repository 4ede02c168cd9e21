package bot

import (
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/playbychat/pbc/bot/catchup"
	"github.com/playbychat/pbc/bot/command"
	"github.com/playbychat/pbc/bot/component"
	"github.com/playbychat/pbc/bot/export"
	"github.com/playbychat/pbc/bot/feed"
	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
)

// newTable handles /game new: it opens a table in this channel, or in a new
// thread when asked or when the guild's thread mode is on. The dice seed is
// fixed now and its commitment posted, before anybody joins.
func (b *Bot) newTable(c *call) error {
	if c.in.User.Bot {
		return refuse(msgBotAccount, c.in.User.Name)
	}
	req, err := parseNewTable(c)
	if err != nil {
		return err
	}
	thread, err := b.wantsThread(c)
	if err != nil {
		return err
	}
	def, lang := req.def, req.lang
	channel := c.in.ChannelID
	if thread {
		name := component.Truncate(tr(lang, msgThreadName, def.Name.In(lang), c.in.User.Name), 100)
		// Outside the outbox (see Discord): the table needs the thread's id.
		channel, err = b.discord.StartThread(c.ctx, c.in.ChannelID, name)
		if err != nil {
			return fmt.Errorf("start thread: %w", err)
		}
	}
	secret, seed, commitment, err := newSeed(b.random)
	if err != nil {
		return err
	}
	t := &db.Table{
		GuildID: c.in.GuildID, ChannelID: channel, Game: def.ID, Options: req.raw, MaxSeats: req.maxSeats,
		CreatorID: c.in.User.ID, Seed: seed, SeedSecret: secret, Commitment: commitment, Lang: string(lang), Board: req.board,
	}
	// players:N is the table's size; without it, any count the game takes.
	lo := def.MinSeats
	if req.maxSeats > 0 {
		lo = req.maxSeats
	}
	// The opening is public: in the table's language, as its posts.
	text := tr(lang, msgOpened, c.in.User.Name, def.Name.In(lang), playerCount(lang, lo, req.seats), commitment)
	if req.bots > 0 {
		text += "\n" + tr(lang, msgBotsSeated, trn(lang, msgBotSeats, req.bots, req.bots))
	}
	// The table, its seats and a thread's opening post are one change.
	seated := []db.Seat{{UserID: c.in.User.ID, Name: c.in.User.Name}}
	for i := range req.bots {
		seated = append(seated, db.Seat{Name: botName(games.Seat(i + 1)), Bot: true})
	}
	var out []db.Delivery
	if thread {
		out = append(out, postTo(*t, Message{Content: text}, false))
	}
	if _, err := b.store.CreateTable(c.ctx, t, seated, out...); err != nil {
		if thread {
			// The thread was opened for this table alone.
			if derr := b.discord.DeleteThread(c.ctx, channel); derr != nil {
				b.log.ErrorContext(c.ctx, "delete the thread of a table not created", "thread", channel, "err", derr)
			}
		}
		if errors.Is(err, db.ErrConflict) {
			return refuse(msgChannelBusy)
		}
		return fmt.Errorf("create table: %w", err)
	}
	if !thread {
		return c.reply(Message{Content: text})
	}
	b.flush(c.ctx, out)
	return c.reply(Message{Content: tr(lang, msgOpenedThread, def.Name.In(lang), "<#"+channel+">")})
}

// newTableRequest is what /game new asks for, checked.
type newTableRequest struct {
	def *games.Definition
	// maxSeats is players:N (0 when not given); seats the table's most.
	maxSeats, seats int
	bots            int
	raw             map[string]string
	lang            games.Lang
	board           string
}

// parseNewTable reads and checks the options of /game new: the game, the
// table's size, the game's options, the bots and the table's settings.
func parseNewTable(c *call) (newTableRequest, error) {
	def, ok := games.Lookup(c.in.Options.String(command.OptGame))
	if !ok {
		return newTableRequest{}, refuse(msgUnknownGame, c.in.Options.String(command.OptGame))
	}
	req := newTableRequest{def: def, seats: def.MaxSeats}
	if p := c.in.Options.String(command.OptPlayers); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n < def.MinSeats || n > def.MaxSeats {
			return req, refuse(msgPlayersRange, def.Name.In(c.lang), playerCount(c.lang, def.MinSeats, def.MaxSeats))
		}
		req.maxSeats, req.seats = n, n
	}
	raw, err := games.ParseOptions(c.in.Options.String(command.OptOptions))
	if err != nil {
		return req, err
	}
	if _, err := def.ResolveOptions(raw, req.seats); err != nil {
		return req, err
	}
	req.raw = raw
	if v := c.in.Options.String(command.OptBots); v != "" {
		if req.bots, err = strconv.Atoi(v); err != nil || req.bots < 0 || req.bots >= req.seats {
			return req, refuse(msgBadBots, req.seats-1)
		}
	}
	lang, board, err := tableSettings(c, localeLang(c.in.GuildLocale), db.BoardTurn)
	if err != nil {
		return req, err
	}
	if c.in.GuildLocale == "" && c.in.Options.String(command.OptLanguage) == "" {
		lang = c.lang
	}
	req.lang, req.board = lang, board
	return req, nil
}

// wantsThread reports whether /game new opens its table in a new thread
// (thread:, else the guild's thread mode); a table in this channel is
// refused while the channel has one.
func (b *Bot) wantsThread(c *call) (bool, error) {
	settings, err := b.guildSettings(c.ctx, c.in.GuildID)
	if err != nil {
		return false, err
	}
	thread := settings.ThreadMode
	if c.in.Options.Has(command.OptThread) {
		thread = c.in.Options.Bool(command.OptThread)
	}
	// A table in a new thread leaves this channel's table alone.
	if !thread {
		if _, err := b.store.ActiveTable(c.ctx, c.in.ChannelID); err == nil {
			return false, refuse(msgChannelBusy)
		} else if !errors.Is(err, db.ErrNotFound) {
			return false, fmt.Errorf("active table of %s: %w", c.in.ChannelID, err)
		}
	}
	return thread, nil
}

// playerCount says how many players a table takes: "2 players", or "2 to
// 4 players".
func playerCount(lang games.Lang, lo, hi int) string {
	if lo == hi {
		return trn(lang, msgPlayerCount, lo, lo)
	}
	return tr(lang, msgPlayerRange, lo, hi)
}

// startHeadline is what opens a table's first board: the game and the
// players, then the commitment to its random seed, a minor line that the
// board's headline strip leaves out (it is for checking, not for playing).
func startHeadline(s *session) []feed.Line {
	players := make([]string, len(s.seats))
	for i, st := range s.seats {
		players[i] = seatLine(st)
	}
	list := strings.Join(players, ", ")
	return []feed.Line{
		{Text: textf(msgStarted, s.def.Name, list)},
		{Text: textf(msgStartedCommitment, s.table.Commitment), Minor: true},
	}
}

// newSeed draws a 32-byte secret and derives the game seed (the first 8
// bytes of SHA-256(secret)) and the public commitment (hex SHA-256(secret)).
func newSeed(random io.Reader) (secret string, seed uint64, commitment string, err error) {
	buf := make([]byte, 32)
	if _, err := io.ReadFull(random, buf); err != nil {
		return "", 0, "", fmt.Errorf("seed secret: %w", err)
	}
	secret = hex.EncodeToString(buf)
	seed, commitment = export.DeriveSeed(buf)
	return secret, seed, commitment, nil
}

func (b *Bot) join(c *call) error {
	if c.in.User.Bot {
		return refuse(msgBotAccount, c.in.User.Name)
	}
	t, err := b.activeTable(c)
	if err != nil {
		return err
	}
	if t.Status != db.Open {
		return refuse(msgAlreadyStarted)
	}
	err = b.store.Join(c.ctx, t.ID, db.Seat{UserID: c.in.User.ID, Name: c.in.User.Name})
	switch {
	case errors.Is(err, db.ErrAlreadySeated):
		return refuse(msgAlreadySeated)
	case errors.Is(err, db.ErrTableFull):
		return refuse(msgTableFull)
	case errors.Is(err, db.ErrConflict):
		return refuse(msgAlreadyStarted)
	case err != nil:
		return &internalError{t.ID, fmt.Errorf("join: %w", err)}
	}
	seats, err := b.store.Seats(c.ctx, t.ID)
	if err != nil {
		return &internalError{t.ID, fmt.Errorf("seats: %w", err)}
	}
	return c.reply(Message{Content: tr(tableLang(t), msgJoined, c.in.User.Name, len(seats))})
}

func (b *Bot) leave(c *call) error {
	t, err := b.activeTable(c)
	if err != nil {
		return err
	}
	if t.Status != db.Open {
		return refuse(msgCannotLeaveRunning)
	}
	err = b.store.Leave(c.ctx, t.ID, c.in.User.ID)
	switch {
	case errors.Is(err, db.ErrNotFound):
		return refuse(msgNotSeated)
	case errors.Is(err, db.ErrConflict):
		return refuse(msgCannotLeaveRunning)
	case err != nil:
		return &internalError{t.ID, fmt.Errorf("leave: %w", err)}
	}
	return c.reply(Message{Content: tr(tableLang(t), msgLeft, c.in.User.Name)})
}

// start handles /game start: the creator (or a manager) starts the game
// with the seated players.
func (b *Bot) start(c *call) error {
	t, err := b.activeTable(c)
	if err != nil {
		return err
	}
	if t.Status != db.Open {
		return refuse(msgAlreadyStarted)
	}
	if !isCreatorOrManager(c, t) {
		return refuse(msgCreatorOnly)
	}
	s, err := b.load(c.ctx, t)
	if err != nil {
		return err
	}
	// A table of bots alone would play itself out; players:N asks for N.
	if !slices.ContainsFunc(s.seats, func(st db.Seat) bool { return !st.Bot }) {
		return refuse(msgNoPerson)
	}
	if missing := t.MaxSeats - len(s.seats); missing > 0 {
		return refuseCount(msgWaitingFor, missing, t.MaxSeats, missing)
	}
	g, _, err := s.def.Create(len(s.seats), t.Options, t.Seed)
	if err != nil {
		return err
	}
	snap, err := snapshot(t.ID, g, 0)
	if err != nil {
		return err
	}
	headline := startHeadline(s)
	ns := *s
	ns.table.Version++
	ns.table.Status = db.Running
	ns.game, ns.moves = g, 0
	// The seats that must act first do so from now on (the answer times
	// of /stats).
	now := b.clock.Now()
	ns.seats = slices.Clone(s.seats)
	for i := range ns.seats {
		if _, acting := games.MustAct(g, games.Seat(ns.seats[i].Seat)); acting {
			ns.seats[i].ActingSince = now
		}
	}
	// The setup's public events (XIBALBA's roll for the starting player)
	// follow the headline.
	ls := headline
	if o, ok := g.(games.Opener); ok {
		for _, e := range o.Opening() {
			if e.VisibleTo(games.Spectator) {
				ls = append(ls, feed.Line{Text: e.Text, Seats: e.Seats})
			}
		}
	}
	out, f := b.announce(c.ctx, &ns, feed.Feed{}, nil, games.Spectator, ls, nil)
	if err := b.store.Start(c.ctx, t.ID, t.Version, ns.seats, snap, out...); err != nil {
		if errors.Is(err, db.ErrConflict) {
			return refuse(msgStale)
		}
		return &internalError{t.ID, fmt.Errorf("start: %w", err)}
	}
	ns.feed, ns.recent = &f, &recent{all: true}
	b.remember(&ns)
	b.replan(c.ctx, &ns, slices.Clone(ns.seats), nil)
	if err := c.reply(Message{Content: tr(c.lang, msgStartedAck), Ephemeral: true}); err != nil {
		return err
	}
	b.flush(c.ctx, out)
	b.playBots(c.ctx, &ns)
	return nil
}

func (b *Bot) status(c *call) error {
	t, err := b.activeTable(c)
	if err != nil {
		return err
	}
	s, err := b.load(c.ctx, t)
	if err != nil {
		return err
	}
	if err := b.comeBack(c, s); err != nil {
		return err
	}
	var lines []string
	lines = append(lines, tr(c.lang, msgStatusHead, s.def.Name.In(c.lang), statusName(t.Status, c.lang)))
	for _, st := range s.seats {
		lines = append(lines, seatLine(st))
	}
	if s.game != nil {
		lines = append(lines, s.format(s.game.Status().Summary.In(c.lang)))
		if !s.game.Status().Finished {
			lines = append(lines, s.actorsLine(s.game.ToAct(), c.lang))
		}
	}
	lines = append(lines, tr(c.lang, msgCommitment, t.Commitment))
	return c.reply(Message{Content: clip(strings.Join(lines, "\n")), Ephemeral: true})
}

func statusName(s db.Status, lang games.Lang) string {
	switch s {
	case db.Open:
		return tr(lang, msgStatusOpen)
	case db.Running:
		return tr(lang, msgStatusRunning)
	case db.Finished:
		return tr(lang, msgStatusFinished)
	}
	return tr(lang, msgStatusAbandoned)
}

// board shows the public board in answer to the caller: in the channel,
// in the table's language, for a player (with the components of the
// decision when the caller must make it), or only to a spectator.
func (b *Bot) board(c *call) error {
	s, err := b.runningSession(c)
	if err != nil {
		return err
	}
	if c.in.Options.Has(command.OptView) {
		return b.boardPart(c, s)
	}
	lang := tableLang(s.table)
	seat, seated := s.seatOf(c.in.User.ID)
	if !seated {
		lang = c.lang
	}
	msg := Message{Content: clip(s.actorsLine(s.game.ToAct(), lang)), Ephemeral: !seated}
	if _, acting := games.MustAct(s.game, seat); seated && acting {
		msg.Rows = publicRows(s, lang)
	}
	if f, ok := b.image(c.ctx, s, games.Spectator, lang, "board.png", nil); ok {
		msg.Files = []File{f}
	}
	return c.reply(msg)
}

// moveLog shows the last moves as the caller may see them: the public events
// of each move, plus the caller's own private ones; with since:mine, the
// digest of what happened since the caller's last move. Notations are
// never shown, as a secret choice's notation is private.
func (b *Bot) moveLog(c *call) error {
	s, err := b.runningSession(c)
	if err != nil {
		return err
	}
	if since := c.in.Options.String(command.OptSince); c.in.Options.Has(command.OptSince) {
		if since != "mine" {
			return refuse(msgBadSince)
		}
		seat, ok := s.seatOf(c.in.User.ID)
		if !ok {
			return refuse(msgNotSeated)
		}
		entries, err := b.since(c.ctx, s, seat, c.in.User.ID)
		if err != nil {
			return err
		}
		return c.reply(Message{Content: clip(catchup.Format(entries, s.names(), c.lang, 0, logChars)), Ephemeral: true})
	}
	moves, err := b.readMoves(c.ctx, s.table.ID)
	if err != nil {
		return err
	}
	viewer, _ := s.seatOf(c.in.User.ID)
	var lines []string
	if _, err := replay(s, moves, func(m db.Move, events []games.Event) {
		var texts []string
		for _, e := range events {
			if e.VisibleTo(viewer) || e.VisibleTo(games.Spectator) {
				texts = append(texts, s.format(e.Text.In(c.lang)))
			}
		}
		lines = append(lines, fmt.Sprintf("%d. %s", m.N, strings.Join(texts, " ")))
	}); err != nil {
		return err
	}
	if len(lines) == 0 {
		return c.private(msgLogEmpty)
	}
	// Keep the newest lines that fit one message.
	out, size := []string{}, 0
	for i := len(lines) - 1; i >= 0 && size+len(lines[i]) < 1900; i-- {
		out = append([]string{lines[i]}, out...)
		size += len(lines[i]) + 1
	}
	return c.reply(Message{Content: clip(strings.Join(out, "\n")), Ephemeral: true})
}

// undo takes back the caller's last move: only the last mover, only while
// no one has acted since, never past a revealing move or the start.
func (b *Bot) undo(c *call) error {
	s, err := b.runningSession(c)
	if err != nil {
		return err
	}
	moves, err := b.readMoves(c.ctx, s.table.ID)
	if err != nil {
		return err
	}
	if len(moves) == 0 {
		return refuse(msgUndoNothing)
	}
	last := moves[len(moves)-1]
	if last.UserID != c.in.User.ID {
		return refuse(msgUndoNotYours)
	}
	if last.Reveal {
		return refuse(msgUndoReveal)
	}
	before, err := b.feedOf(c.ctx, s)
	if err != nil {
		return err
	}
	prev := s.game
	g, f, r, err := replayFeed(s, moves[:len(moves)-1])
	if err != nil {
		return err
	}
	if _, chosen := s.standingPass(g, games.Seat(last.Seat)); chosen {
		// The bot passed by the seat's standing choice: undone, it would
		// pass again.
		return refuse(msgUndoChosen)
	}
	if _, auto := s.autoMove(g, games.Seat(last.Seat)); auto {
		// The bot made it: undone, it would be made again at once.
		return refuse(msgUndoForced)
	}
	snap, err := snapshot(s.table.ID, g, len(moves)-1)
	if err != nil {
		return err
	}
	seat := games.Seat(last.Seat)
	ns := *s
	ns.table.Version++
	ns.game, ns.moves = g, len(moves)-1
	// The undo posts a new live message (without pings: the undoer acts
	// again, and whoever the undone move made act no longer must).
	f = f.Reset(g, feed.Lines(textf(msgUndone, games.Seatf(seat))))
	var out []db.Delivery
	if before.Live.Posted {
		out = append(out, editLive(s.table, s.closedMessage(before)))
	}
	out = append(out, postTo(s.table, b.liveMessage(c.ctx, &ns, f, false), true))
	out = append(out, b.panelDeliveries(c.ctx, &ns, seat, nil, feed.NewlyActing(prev, g, seat), nil)...)
	if err := b.store.UndoLast(c.ctx, s.table.ID, s.table.Version, snap, out...); err != nil {
		if errors.Is(err, db.ErrConflict) {
			return refuse(msgStale)
		}
		return &internalError{s.table.ID, fmt.Errorf("undo: %w", err)}
	}
	ns.feed, ns.recent = &f, r
	*s = ns
	b.remember(s)
	b.restoreSeatTimes(c.ctx, s, moves[:len(moves)-1])
	b.replan(c.ctx, s, slices.Clone(s.seats), func(st db.Seat) bool { return st.Seat == int(seat) })
	// Like a mover, the caller sees its restored view in the answer, not
	// by DM.
	if err := c.reply(b.moveAnswer(c, s, seat, tr(c.lang, msgUndoAck))); err != nil {
		return err
	}
	b.flush(c.ctx, out)
	return nil
}

// abandon ends the channel's table without a result.
func (b *Bot) abandon(c *call) error {
	t, err := b.activeTable(c)
	if err != nil {
		return err
	}
	if !isCreatorOrManager(c, t) {
		return refuse(msgCreatorOnly)
	}
	// The live message loses its buttons.
	var out []db.Delivery
	if t.Status == db.Running {
		s, err := b.load(c.ctx, t)
		if err != nil {
			return err
		}
		f, err := b.feedOf(c.ctx, s)
		if err != nil {
			return err
		}
		if f.Live.Posted {
			out = append(out, editLive(t, s.closedMessage(f)))
		}
	}
	if err := b.store.SetStatus(c.ctx, t.ID, t.Version, db.Abandoned, out...); err != nil {
		if errors.Is(err, db.ErrConflict) {
			return refuse(msgStale)
		}
		return &internalError{t.ID, fmt.Errorf("abandon: %w", err)}
	}
	b.forget(t.ID)
	if err := c.reply(Message{Content: tr(tableLang(t), msgAbandoned, c.in.User.Name)}); err != nil {
		return err
	}
	b.flush(c.ctx, out)
	return nil
}

// replace gives a seat to another user: by seat number, or by naming the
// player who leaves (option "player").
func (b *Bot) replace(c *call) error {
	s, err := b.runningSession(c)
	if err != nil {
		return err
	}
	if !isCreatorOrManager(c, s.table) {
		return refuse(msgCreatorOnly)
	}
	newUser := c.in.Options.User(command.OptUser)
	toBot := c.in.Options.Bool(command.OptBot) || newUser == botUser
	if toBot {
		newUser = ""
	}
	if newUser == "" && !toBot {
		return refuse(msgReplaceUsage)
	}
	if u := c.in.Users[newUser]; u.Bot && !toBot {
		// A bot account never answers: the table would wait on it for ever.
		return refuse(msgBotAccount, u.Name)
	}
	if _, seated := s.seatOf(newUser); seated && !toBot {
		return refuse(msgReplaceSeated)
	}
	seat := games.Spectator
	if n, err := strconv.Atoi(c.in.Options.String(command.OptSeat)); err == nil {
		seat = games.Seat(n - 1)
	} else if old, ok := s.seatOf(c.in.Options.String(command.OptPlayer)); ok {
		seat = old
	}
	old, ok := s.seatAt(seat)
	if !ok {
		return refuse(msgReplaceUsage)
	}
	if toBot && old.Bot {
		return refuse(msgAlreadyBot)
	}
	name, who := botName(seat), botName(seat)
	if !toBot {
		if name = c.in.Users[newUser].Name; name == "" {
			name = "<@" + newUser + ">"
		}
		who = "<@" + newUser + ">"
	}
	ns := *s
	ns.table.Version++
	ns.seats = slices.Clone(s.seats)
	for i := range ns.seats {
		if ns.seats[i].Seat == int(seat) {
			ns.seats[i].UserID, ns.seats[i].Name, ns.seats[i].Bot, ns.seats[i].Away = newUser, name, toBot, false
		}
	}
	var out []db.Delivery
	if !toBot {
		// The new player gets the seat's panel, and a notice when its
		// private choices wait.
		out = append(out, b.panelDeliveries(c.ctx, &ns, games.Spectator, nil, []games.Seat{seat}, nil)...)
	}
	if err := b.store.ReplaceSeat(c.ctx, s.table.ID, s.table.Version, int(seat), newUser, name, out...); err != nil {
		if errors.Is(err, db.ErrConflict) {
			return refuse(msgStale)
		}
		return &internalError{s.table.ID, fmt.Errorf("replace seat %d: %w", seat, err)}
	}
	b.forget(s.table.ID)
	reply := Message{Content: tr(tableLang(s.table), msgReplaced, old.Name, who, int(seat)+1)}
	if !toBot {
		reply.Mentions = []string{newUser}
	}
	if err := c.reply(reply); err != nil {
		return err
	}
	b.flush(c.ctx, out)
	b.playBots(c.ctx, &ns)
	return nil
}

// msgBotAccount refuses a bot account a seat.
const msgBotAccount msg = "BotAccount"

// botUser is the user option value that names the bot in /game replace
// (user:bot in the console; Discord sends the bot's own user id, which
// only the transport knows, so bot:true says it there).
const botUser = "bot"

// botName is the name of a seat the bot plays for good.
func botName(seat games.Seat) string { return fmt.Sprintf("Bot %d", int(seat)+1) }
