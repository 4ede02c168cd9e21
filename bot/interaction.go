// Package bot maps Discord interactions (slash commands, autocomplete,
// buttons and select menus) to game moves, per channel. It is independent of
// the transport: the gateway, the HTTP interactions endpoint and the local
// console all turn their input into an Interaction and give the handler a
// Responder for the reply and a Discord for everything else it sends.
package bot

import (
	"context"

	"github.com/playbychat/pbc/bot/command"
	"github.com/playbychat/pbc/bot/component"
	"github.com/playbychat/pbc/bot/outbox"
)

// InteractionKind is the sort of interaction received.
type InteractionKind int

// The interaction kinds the bot handles.
const (
	CommandInteraction InteractionKind = iota + 1
	AutocompleteInteraction
	ComponentInteraction
)

// User is the Discord user behind an interaction.
type User struct {
	ID   string
	Name string // display name, used in texts
	Bot  bool   // a bot account: it never takes a seat as a person
}

// Interaction is one incoming interaction, free of transport details.
type Interaction struct {
	Kind      InteractionKind
	ID        string
	GuildID   string // empty in DMs
	ChannelID string
	User      User
	Locale    string // the user's Discord locale, e.g. "de" or "en-US"
	// GuildLocale is the server's preferred locale (empty in DMs): the
	// default language of a new table.
	GuildLocale string
	// Manager is true when the member may manage the server (Manage Server
	// permission), which allows /game abandon and /game replace on any table.
	Manager bool

	// Command fields (CommandInteraction, AutocompleteInteraction).
	Command    string          // "game", "move", "hand", "roll", "rules"
	Subcommand string          // "new", "join", ... for /game
	Options    command.Options // option name -> value as typed
	Focused    string          // the option being autocompleted
	// Users are the users named in user options (such as /game replace
	// user:), by id, as resolved by Discord; optional, for display names.
	Users map[string]User

	// Component fields (ComponentInteraction).
	CustomID string
	Values   []string // chosen values of a select menu
	// Ephemeral is true when the clicked message is an ephemeral reply,
	// seen by the clicker only (a DM has no GuildID).
	Ephemeral bool
}

// The components of a message are package component's.
type (
	// ButtonStyle is the look of a button (component.ButtonStyle).
	ButtonStyle = component.ButtonStyle
	// Button is a clickable button (component.Button).
	Button = component.Button
	// SelectOption is one entry of a select menu (component.SelectOption).
	SelectOption = component.SelectOption
	// Select is a string select menu (component.Select).
	Select = component.Select
	// Row is one row of components (component.Row).
	Row = component.Row
)

// File is an attachment, such as a board image.
type File struct {
	Name        string // e.g. "board.png"
	ContentType string
	Data        []byte
	Alt         string // description (alt text) shown by Discord
}

// Embed is a block of a message with a title, a text and fields, such
// as a player's panel. Discord allows a title of 256 characters, a
// description of 4096 and 25 fields.
type Embed struct {
	Title       string
	Description string
	Fields      []EmbedField
}

// EmbedField is a named text of an embed: a name of at most 256
// characters and a value of at most 1024.
type EmbedField struct {
	Name   string
	Value  string
	Inline bool
}

// Message is one message the bot sends: a reply, a channel post or a DM.
type Message struct {
	Content string // at most 2000 characters
	// Embeds are at most 10, with at most 6000 characters in all.
	Embeds    []Embed
	Files     []File
	Rows      []Row // at most 5
	Ephemeral bool  // only for interaction replies: visible to the caller only
	// Mentions are the user ids this message may ping; other mentions in
	// Content are shown but do not notify.
	Mentions []string
	// Nonce makes a post or DM idempotent: Discord answers a second post
	// with the same nonce (within a few minutes) with the first message
	// instead of posting again. At most 25 characters; "" for none.
	Nonce string
}

// Choice is one autocomplete suggestion.
type Choice struct {
	Name  string // shown, at most 100 characters
	Value string // sent back as the option value, at most 100 characters
}

// Responder answers the interaction being handled. The first Reply is the
// interaction response; later ones are follow-ups. A transport may have
// deferred the response already; Reply then edits or follows up.
type Responder interface {
	Reply(ctx context.Context, m Message) error
	// Update replaces the message a component was clicked on (used to
	// disable the buttons of a decision that has been taken).
	Update(ctx context.Context, m Message) error
	// Acknowledge answers a component interaction with no message at all
	// (Discord's deferred update, type 6): the clicked message stays as
	// it is and the user only sees the click taken. It is for clicks whose
	// outcome the channel shows anyway; it does nothing once the
	// interaction has been answered.
	Acknowledge(ctx context.Context) error
	// Autocomplete sends up to 25 choices.
	Autocomplete(ctx context.Context, choices []Choice) error
}

// Discord sends what is not a reply to an interaction. The bot calls
// Post, Edit and DM only from its outbox (package bot/outbox, through
// sender in outbox.go), which retries until Discord confirms; a private
// roll's DM, which belongs to no table, goes there too. StartThread and
// DeleteThread are the exception: /game new (lifecycle.go) calls them
// directly, as it needs the thread's id before the table exists and
// deletes the thread if the table cannot be created. An implementation
// returns at once on a rate limit (*RateLimitError) instead of waiting,
// and wraps ErrRejected for requests Discord refuses for good.
type Discord interface {
	// Post sends m to a channel or thread and returns the message id.
	Post(ctx context.Context, channelID string, m Message) (string, error)
	// Edit replaces the text and components of the message messageID the
	// bot posted in channelID; its attachments are replaced only when m has
	// Files. Edits never ping.
	Edit(ctx context.Context, channelID, messageID string, m Message) error
	// DM sends m to a user privately. It returns ErrDMBlocked (wrapped) when
	// the user does not accept DMs from the bot.
	DM(ctx context.Context, userID string, m Message) error
	// DMPost sends m to a user privately as DM does and returns the DM
	// channel and the message id, which Edit takes to change it later (a
	// player's panel).
	DMPost(ctx context.Context, userID string, m Message) (channelID, messageID string, err error)
	// StartThread opens a public thread in channelID and returns its id.
	StartThread(ctx context.Context, channelID, name string) (string, error)
	// DeleteThread deletes a thread StartThread opened, as when the table
	// it was opened for could not be created.
	DeleteThread(ctx context.Context, threadID string) error
}

// ErrDMBlocked is returned by Discord.DM when the user cannot receive DMs
// from the bot (Discord error 50007); it is outbox.ErrDMBlocked.
var ErrDMBlocked = outbox.ErrDMBlocked

// ErrRejected is wrapped by Discord methods when Discord refused the
// request for good (an unknown channel or message, missing access, an
// invalid message): sending it again cannot succeed. It is
// outbox.ErrRejected.
var ErrRejected = outbox.ErrRejected

// RateLimitError is returned by Discord methods when Discord answered 429
// (see outbox.RateLimitError).
type RateLimitError = outbox.RateLimitError
