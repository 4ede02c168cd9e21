package bot

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"runtime/debug"
	"strings"
	"time"

	lru "github.com/hashicorp/golang-lru/v2"

	"github.com/playbychat/pbc/bot/component"
	"github.com/playbychat/pbc/bot/dice"
	"github.com/playbychat/pbc/bot/feed"
	"github.com/playbychat/pbc/bot/outbox"
	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
)

// Renderer draws a view as a PNG with its alt text; images.Render has this
// signature. names are the seats' display names; changes are the lines that
// say what changed this turn (in lang, names filled in), for the picture's
// headline strip, or nil.
type Renderer func(view games.View, names []string, lang games.Lang, changes []string) (png []byte, alt string, err error)

// Clock tells the time; tests use a fake one.
type Clock interface {
	Now() time.Time
}

type systemClock struct{}

func (systemClock) Now() time.Time { return time.Now() }

// Config is what a Bot is made from. Store and Discord are required; every
// other field has a default (see defaultConfig).
type Config struct {
	Store   Store
	Discord Discord
	// Render draws boards; nil posts text only.
	Render Renderer
	// Panels draws the phone panels a board post carries and /game board
	// view: shows; nil for none.
	Panels PanelRenderer
	// Clock is the time source of reminders and the move log.
	Clock Clock
	// ReminderEvery is the reminder interval for guilds and tables that set
	// none.
	ReminderEvery time.Duration
	// QuietStart and QuietEnd are the quiet hours (hours 0-23 of each
	// player's time zone, without reminders) of guilds that never saved
	// settings; equal hours (the zero value) or a negative start mean none.
	QuietStart, QuietEnd int
	// ThreadMode opens new tables in a thread in guilds that never saved
	// settings.
	ThreadMode bool
	// ReminderPoll is how often RunReminders looks for due reminders.
	ReminderPoll time.Duration
	// DeliveryPoll is how often RunDeliveries looks for messages to retry.
	DeliveryPoll time.Duration
	// DeliveryBackoff is the wait after a delivery's first failure (other
	// than a rate limit); it doubles with every further one, up to ten
	// minutes.
	DeliveryBackoff time.Duration
	Logger          *slog.Logger
	// Random provides seed secrets, dice and commitment nonces.
	Random io.Reader
	// CachedGames is the number of tables whose game is kept in memory
	// between interactions.
	CachedGames int
	// Pages links board posts and /hand to the tables' pages in a
	// browser (package bot/web); nil for none.
	Pages PageLinks
}

// defaultConfig holds the defaults of the optional Config fields.
func defaultConfig() Config {
	return Config{
		Clock:           systemClock{},   // the wall clock
		ReminderEvery:   24 * time.Hour,  // a play-by-chat day
		ReminderPoll:    time.Minute,     // reminders are at most a minute late
		DeliveryPoll:    time.Second,     // a retry is at most a second late
		DeliveryBackoff: 2 * time.Second, // a failed request is tried again soon
		Logger:          slog.Default(),  // the process logger
		Random:          rand.Reader,     // crypto/rand
		CachedGames:     512,             // some 25 MB of the largest games' states
	}
}

// Sizes of the per-process caches. Each entry is some 100 bytes, so each
// cache stays under a few megabytes however long the process runs.
const (
	// dmWarnedSize bounds the (table, user) pairs told that their DMs are
	// closed; a user evicted is told once more at their next blocked DM.
	dmWarnedSize = 4096
	// langsSize bounds the users whose language is cached; an evicted
	// user's language is read from the store again.
	langsSize = 4096
	// commitmentsSize bounds the private rolls remembered for /roll
	// reveal; a reveal of an older one is told to compare with the
	// earlier post, as after a restart.
	commitmentsSize = 16384
)

// Bot handles interactions for every table. It is safe for concurrent use;
// two moves racing on one table are settled by the store's version check.
type Bot struct {
	store   Store
	discord Discord
	render  Renderer
	panels  PanelRenderer
	pages   PageLinks // nil without table pages
	clock   Clock
	// reminderEvery is the reminder interval of tables and guilds that
	// set none.
	reminderEvery time.Duration
	// guildDefaults are the settings of guilds that never saved any.
	guildDefaults db.GuildSettings
	poll          time.Duration
	log           *slog.Logger
	random        io.Reader
	// outbox delivers what changes owe Discord.
	outbox *outbox.Worker

	// cache holds the last loaded game of the tables used most recently,
	// each valid for one version: a bot with thousands of running tables
	// keeps a bounded number in memory and restores the others from their
	// snapshots.
	cache *lru.Cache[int64, cachedGame]

	// The caches below are bounded (see their sizes) and safe for
	// concurrent use; an evicted entry costs little (see each size).

	// dmWarned marks users who know they must use /hand at a table: told
	// once in its channel that their DMs are closed, or seen using /hand.
	dmWarned *lru.Cache[tableUser, struct{}]
	// langs caches the language each user last used, for their DMs (the
	// store keeps their locale across restarts).
	langs *lru.Cache[string, games.Lang]
	// commitments are the most recent private rolls made since start, by
	// commitment.
	commitments *lru.Cache[string, struct{}]
}

type cachedGame struct {
	version int
	game    games.Game
	moves   int
	feed    *feed.Feed            // nil until needed
	recent  *recent               // known with feed
	pieces  map[string]games.Card // nil until needed
}

type tableUser struct {
	table int64
	user  string
}

// New returns a Bot for cfg.
func New(cfg Config) (*Bot, error) {
	if cfg.Store == nil || cfg.Discord == nil {
		return nil, errors.New("bot: Config needs a Store and a Discord")
	}
	def := defaultConfig()
	if cfg.Clock == nil {
		cfg.Clock = def.Clock
	}
	if cfg.ReminderEvery <= 0 {
		cfg.ReminderEvery = def.ReminderEvery
	}
	if cfg.ReminderPoll <= 0 {
		cfg.ReminderPoll = def.ReminderPoll
	}
	if cfg.DeliveryPoll <= 0 {
		cfg.DeliveryPoll = def.DeliveryPoll
	}
	if cfg.DeliveryBackoff <= 0 {
		cfg.DeliveryBackoff = def.DeliveryBackoff
	}
	if cfg.Logger == nil {
		cfg.Logger = def.Logger
	}
	if cfg.Random == nil {
		cfg.Random = def.Random
	}
	if cfg.CachedGames <= 0 {
		cfg.CachedGames = def.CachedGames
	}
	cache, err := lru.New[int64, cachedGame](cfg.CachedGames)
	if err != nil {
		return nil, fmt.Errorf("bot: game cache: %w", err)
	}
	dmWarned, err := lru.New[tableUser, struct{}](dmWarnedSize)
	if err != nil {
		return nil, fmt.Errorf("bot: dm warnings: %w", err)
	}
	langs, err := lru.New[string, games.Lang](langsSize)
	if err != nil {
		return nil, fmt.Errorf("bot: user languages: %w", err)
	}
	commitments, err := lru.New[string, struct{}](commitmentsSize)
	if err != nil {
		return nil, fmt.Errorf("bot: roll commitments: %w", err)
	}
	quietStart, quietEnd := cfg.QuietStart, cfg.QuietEnd
	if quietStart < 0 || quietEnd < 0 || quietStart == quietEnd || quietStart > 23 || quietEnd > 23 {
		quietStart, quietEnd = -1, -1
	}
	b := &Bot{
		guildDefaults: db.GuildSettings{
			ReminderEvery: cfg.ReminderEvery, QuietStart: quietStart, QuietEnd: quietEnd, ThreadMode: cfg.ThreadMode,
		},
		store:         cfg.Store,
		discord:       cfg.Discord,
		render:        cfg.Render,
		panels:        cfg.Panels,
		pages:         cfg.Pages,
		clock:         cfg.Clock,
		reminderEvery: cfg.ReminderEvery,
		poll:          cfg.ReminderPoll,
		log:           cfg.Logger,
		random:        cfg.Random,
		cache:         cache,
		dmWarned:      dmWarned,
		langs:         langs,
		commitments:   commitments,
	}
	b.outbox = outbox.New(outbox.Config{
		Store: cfg.Store, Sender: sender{discord: cfg.Discord, panelDM: b.deliverPanelDM}, Clock: cfg.Clock, Logger: cfg.Logger,
		Backoff: cfg.DeliveryBackoff, Poll: cfg.DeliveryPoll, Blocked: b.dmBlocked,
	})
	return b, nil
}

// call is one interaction being handled.
type call struct {
	ctx  context.Context
	in   *Interaction
	r    Responder
	lang games.Lang
}

// reply answers the interaction.
func (c *call) reply(m Message) error { return c.r.Reply(c.ctx, m) }

// private answers the interaction with an ephemeral text.
func (c *call) private(m msg, args ...any) error {
	return c.reply(Message{Content: clip(tr(c.lang, m, args...)), Ephemeral: true})
}

// userError is a refusal shown to the user (ephemerally, in their language);
// nothing has changed.
type userError struct {
	msg   msg
	args  []any
	count *int  // the count whose plural form the message takes; nil for none
	cause error // what led to the refusal, such as db.ErrConflict; may be nil
}

func (e *userError) Error() string { return e.in(games.English) }

// in is the refusal in lang.
func (e *userError) in(lang games.Lang) string {
	if e.count != nil {
		return trn(lang, e.msg, *e.count, e.args...)
	}
	return tr(lang, e.msg, e.args...)
}
func (e *userError) Unwrap() error { return e.cause }

// refuse returns a userError.
func refuse(m msg, args ...any) error { return &userError{msg: m, args: args} }

// refuseCount returns a userError whose message takes the plural form
// that agrees with n.
func refuseCount(m msg, n int, args ...any) error { return &userError{msg: m, args: args, count: &n} }

// internalError is a failure of the store, Discord or an engine, with the
// table it concerns.
type internalError struct {
	table int64
	err   error
}

func (e *internalError) Error() string { return fmt.Sprintf("table %d: %v", e.table, e.err) }
func (e *internalError) Unwrap() error { return e.err }

// Handle answers one interaction. Refusals (rule errors, permissions, stale
// buttons) are answered ephemerally in the user's language; internal errors
// are logged with the table id and answered with a short apology. Handle
// returns an error only when the answer itself could not be sent.
func (b *Bot) Handle(ctx context.Context, in *Interaction, r Responder) error {
	c := &call{ctx: ctx, in: in, r: r, lang: localeLang(in.Locale)}
	b.noteUserLocale(ctx, in.User.ID, in.Locale)
	err := b.safeDispatch(c)
	if err == nil {
		return nil
	}
	if re, ok := games.AsRuleError(err); ok {
		return c.reply(Message{Content: clip(re.Reason.In(c.lang)), Ephemeral: true})
	}
	var de *dice.Error
	if errors.As(err, &de) {
		return c.reply(Message{Content: clip(de.Reason.In(c.lang)), Ephemeral: true})
	}
	var ue *userError
	if errors.As(err, &ue) {
		return c.reply(Message{Content: clip(ue.in(c.lang)), Ephemeral: true})
	}
	var ie *internalError
	// The custom ID is logged without its move: a private button's move is
	// private.
	var clicked string
	if id, perr := component.Parse(in.CustomID); perr == nil {
		clicked = component.ID{Kind: id.Kind, Table: id.Table, Decision: id.Decision}.String()
	}
	attrs := []any{"err", err, "command", in.Command, "subcommand", in.Subcommand, "component", clicked, "channel", in.ChannelID}
	if errors.As(err, &ie) {
		attrs = append(attrs, "table", ie.table)
	}
	b.log.ErrorContext(ctx, "interaction failed", attrs...)
	if in.Kind == AutocompleteInteraction {
		return r.Autocomplete(ctx, nil)
	}
	return c.private(msgSorry)
}

// safeDispatch is dispatch with a panic (a bug in an engine, say) turned into
// an internal error, so that one bad interaction cannot stop the bot.
func (b *Bot) safeDispatch(c *call) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v\n%s", r, debug.Stack())
		}
	}()
	return b.dispatch(c)
}

func (b *Bot) dispatch(c *call) error {
	switch c.in.Kind {
	case ComponentInteraction:
		return b.component(c)
	case AutocompleteInteraction:
		if c.in.Command == "premove" {
			return c.r.Autocomplete(c.ctx, b.premoveChoices(c))
		}
		return b.autocomplete(c)
	case CommandInteraction:
	default:
		return fmt.Errorf("unknown interaction kind %d", c.in.Kind)
	}
	switch c.in.Command {
	case "game":
		return b.gameCommand(c)
	case "move":
		return b.moveCommand(c)
	case "hand":
		return b.handCommand(c)
	case "roll":
		return b.rollCommand(c)
	case "rules":
		return b.rulesCommand(c)
	case "stats":
		return b.statsCommand(c)
	case "card":
		return b.cardCommand(c)
	case "help":
		return b.helpCommand(c)
	case "premove":
		return b.premoveCommand(c)
	}
	return refuse(msgUnknownCommand, c.in.Command)
}

func (b *Bot) gameCommand(c *call) error {
	if c.in.GuildID == "" && c.in.Subcommand != "status" {
		return refuse(msgGuildOnly)
	}
	switch c.in.Subcommand {
	case "new":
		return b.newTable(c)
	case "join":
		return b.join(c)
	case "leave":
		return b.leave(c)
	case "start":
		return b.start(c)
	case "status":
		return b.status(c)
	case "board":
		return b.board(c)
	case "log":
		return b.moveLog(c)
	case "undo":
		return b.undo(c)
	case "abandon":
		return b.abandon(c)
	case "replace":
		return b.replace(c)
	case "export":
		return b.export(c)
	case "settings":
		return b.settings(c)
	case "vacation":
		return b.vacation(c)
	}
	return refuse(msgUnknownCommand, "game "+c.in.Subcommand)
}

// clip shortens s to Discord's 2000 characters. It cuts at the last line
// break that keeps at least half of the text, else at the last space, so
// that no word is cut, and marks the cut with "…".
func clip(s string) string {
	const limit = 2000
	if len(s) <= limit {
		return s
	}
	r := []rune(s)
	if len(r) <= limit {
		return s
	}
	kept := string(r[:limit-1])
	if i := strings.LastIndexByte(kept, '\n'); i >= len(kept)/2 {
		return kept[:i] + "\n…"
	}
	if i := strings.LastIndexByte(kept, ' '); i >= len(kept)/2 {
		return kept[:i] + " …"
	}
	return kept + "…"
}
