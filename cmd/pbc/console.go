package main

import (
	"bufio"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"hash/fnv"
	"io"
	"log/slog"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/playbychat/pbc/bot"
	"github.com/playbychat/pbc/bot/component"
	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/images"
	_ "github.com/playbychat/pbc/images/all" // every board renderer
)

func init() {
	subcommands["console"] = subcommand{
		summary: "play a game locally without Discord, reading commands from stdin",
		run:     runConsole,
	}
}

// consoleChannel is the one channel (and guild) of the console.
const consoleChannel = "console"

// consoleConfig is what a console session is run with.
type consoleConfig struct {
	dbPath string
	pngDir string // "" makes a temporary directory
	lang   string // "en" or "de": the locale of every user
	json   bool
	// random replaces crypto/rand for seed secrets and dice (--seed).
	random io.Reader
	render bot.Renderer // nil draws with images.Render
	clock  bot.Clock    // nil is the wall clock
	in     io.Reader
	// hints receives the start hints (how to type, where tables are kept,
	// how to start fresh; see printHints); nil for none.
	hints io.Writer
	// interactive prints a prompt; otherwise each input line is echoed so
	// that a transcript shows what was asked.
	interactive bool
	// web is the address of the table pages; "" for none. A script's
	// session then serves them until interrupted.
	web string
	out io.Writer
	log *slog.Logger
}

// runConsole is the console subcommand; run falls back to it when no bot
// token is set.
func runConsole(ctx context.Context, args []string) int {
	fs := flag.NewFlagSet("console", flag.ContinueOnError)
	dbPath := fs.String("db", "pbc-console.db", `SQLite file of the console's tables, or ":memory:"`)
	seed := fs.Uint64("seed", 0, "fix the random source (game seeds, dice) for a reproducible session")
	pngDir := fs.String("png-dir", "", "directory for board images (default: a new temporary directory)")
	asJSON := fs.Bool("json", false, "print one JSON object per message")
	lang := fs.String("lang", "en", "language of the users: en or de")
	script := fs.String("script", "", "read the lines from this file instead of stdin")
	webAddr := fs.String("web", "", "serve the tables in a browser on this address (e.g. 127.0.0.1:8081) and print their links")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 || (*lang != "en" && *lang != "de") {
		fmt.Fprintln(os.Stderr, "usage: pbc console [--db path|:memory:] [--seed S] [--png-dir DIR] [--json] [--lang en|de] [--script FILE] [--web ADDR]")
		return 2
	}
	cfg := consoleConfig{dbPath: *dbPath, pngDir: *pngDir, lang: *lang, json: *asJSON, web: *webAddr, in: os.Stdin, out: os.Stdout,
		log: slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))}
	cfg.hints = os.Stderr // not stdout, which stays a transcript
	fs.Visit(func(f *flag.Flag) {
		if f.Name == "seed" {
			cfg.random = seededReader(*seed)
		}
	})
	if *script != "" {
		f, err := os.Open(*script)
		if err != nil {
			fmt.Fprintf(os.Stderr, "console: %v\n", err)
			return 1
		}
		defer f.Close()
		cfg.in = f
	} else if st, err := os.Stdin.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
		cfg.interactive = true
	}
	if err := runConsoleSession(ctx, cfg); err != nil {
		fmt.Fprintf(os.Stderr, "console: %v\n", err)
		return 1
	}
	return 0
}

// seededReader is a deterministic stream of random bytes made from seed.
func seededReader(seed uint64) io.Reader {
	var key [32]byte
	binary.LittleEndian.PutUint64(key[:], seed)
	return rand.NewChaCha8(key)
}

// errConsoleLines is returned when some input lines could not be read or
// handled; the session went on past them.
var errConsoleLines = errors.New("some lines failed")

// runConsoleSession reads lines until the input ends and hands each one to
// the bot.
func runConsoleSession(ctx context.Context, cfg consoleConfig) error {
	c, err := openConsole(cfg)
	if err != nil {
		return err
	}
	defer c.close()
	if c.web != nil {
		defer c.web.serve(ctx, c)()
	}

	lines := make(chan string)
	readErr := make(chan error, 1)
	if cfg.hints != nil {
		if err := c.printHints(ctx, cfg.hints); err != nil {
			return err
		}
	}
	go func() {
		sc := bufio.NewScanner(cfg.in)
		sc.Buffer(make([]byte, 64*1024), 1<<20)
		for sc.Scan() {
			select {
			case lines <- sc.Text():
			case <-ctx.Done():
				return
			}
		}
		readErr <- sc.Err()
		close(lines)
	}()
	failed := 0
	for {
		if cfg.interactive {
			fmt.Fprint(cfg.out, "> ")
		}
		var line string
		var ok bool
		select {
		case line, ok = <-lines:
		case <-ctx.Done():
			return nil // interrupted: the session simply ends
		}
		if !ok {
			break
		}
		if err := c.handleLine(ctx, line); err != nil {
			failed++
			c.printError(err)
		}
		if err := c.printLinks(ctx); err != nil {
			return err
		}
	}
	if err := <-readErr; err != nil {
		return fmt.Errorf("read input: %w", err)
	}
	if cfg.web != "" && !cfg.interactive {
		c.printLine("serving the table pages until interrupted")
		<-ctx.Done()
	}
	if failed > 0 {
		return fmt.Errorf("%w: %d", errConsoleLines, failed)
	}
	return nil
}

// The console's hints, in the language of its users (--lang).
var (
	hintHowTo = games.T("pbc console: each line names who acts, then a command, e.g.",
		"pbc console: Jede Zeile nennt, wer handelt, dann einen Befehl, z. B.")
	hintMove = games.T("  @alice /move action:<move>   (@alice !complete /move action: lists her moves)   @alice /help",
		"  @alice /move action:<Zug>   (@alice !complete /move action: listet ihre Züge)   @alice /help")
	hintMemory = games.T("Tables live in memory only and end with this session. Ctrl-D ends.",
		"Die Tische liegen nur im Speicher und enden mit dieser Sitzung. Strg-D beendet.")
	hintKept = games.T("Tables are kept in %s: the next run goes on where this one stops. Ctrl-D ends.",
		"Die Tische werden in %s gespeichert: Der nächste Lauf macht weiter, wo dieser aufhört. Strg-D beendet.")
	hintEarlier = games.T("%s holds table %d (%s, %s) from an earlier run. To start fresh: its creator types /game abandon, "+
		"or run with --db :memory: or another file, or delete %s.",
		"%s enthält Tisch %d (%s, %s) aus einem früheren Lauf. Neu anfangen: Sein Ersteller tippt /game abandon, "+
			"oder starte mit --db :memory: oder einer anderen Datei, oder lösche %s.")
)

// printHints tells a person at the console how to type, that the tables
// are kept in the database file, and how to start fresh; when the file
// already holds a game in the console's channel, which one it is.
func (c *console) printHints(ctx context.Context, w io.Writer) error {
	lang := games.Lang(c.cfg.lang)
	fmt.Fprintln(w, hintHowTo.In(lang))
	fmt.Fprintln(w, "  @alice /game new game:xibalba players:2   @bob /game join   @alice /game start")
	fmt.Fprintln(w, hintMove.In(lang))
	if c.cfg.dbPath == ":memory:" {
		fmt.Fprintln(w, hintMemory.In(lang))
		return nil
	}
	fmt.Fprintf(w, hintKept.In(lang)+"\n", c.cfg.dbPath)
	t, err := c.store.ActiveTable(ctx, consoleChannel)
	if errors.Is(err, db.ErrNotFound) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("console: active table: %w", err)
	}
	fmt.Fprintf(w, hintEarlier.In(lang)+"\n", c.cfg.dbPath, t.ID, t.Game, t.Status, c.cfg.dbPath)
	return nil
}

// openConsole opens the store and makes the bot of a console session.
func openConsole(cfg consoleConfig) (*console, error) {
	if cfg.pngDir == "" {
		dir, err := os.MkdirTemp("", "pbc-console-")
		if err != nil {
			return nil, fmt.Errorf("png dir: %w", err)
		}
		cfg.pngDir = dir
		fmt.Fprintf(os.Stderr, "pbc console: board images go to %s\n", dir)
	} else if err := os.MkdirAll(cfg.pngDir, 0o755); err != nil {
		return nil, fmt.Errorf("png dir: %w", err)
	}
	store, err := db.OpenStore(cfg.dbPath)
	if err != nil {
		return nil, err
	}
	if cfg.render == nil {
		cfg.render = images.Render
	}
	c := &console{cfg: cfg, store: store, users: map[string]bot.User{}}
	var pages bot.PageLinks
	if cfg.web != "" {
		if c.web, err = listenConsoleWeb(cfg.web, store, cfg.log); err != nil {
			return nil, errors.Join(err, store.Close())
		}
		pages = c.web.pages
	}
	c.bot, err = bot.New(bot.Config{
		Store:   store,
		Discord: consoleDiscord{c},
		Render:  cfg.render,
		Clock:   cfg.clock,
		Logger:  cfg.log,
		Random:  cfg.random,
		Pages:   pages,
	})
	if err != nil {
		return nil, errors.Join(err, store.Close())
	}
	return c, nil
}

// console turns lines into interactions and prints what the bot sends.
type console struct {
	cfg   consoleConfig
	store *db.Store
	bot   *bot.Bot
	web   *consoleWeb // nil without --web

	mu           sync.Mutex          // mu protects the fields below and the output
	users        map[string]bot.User // by lower-case name
	manager      string              // id of the first user, who runs the server
	interactions int
	posts        int
	files        int
	threads      int
}

func (c *console) close() error { return c.store.Close() }

// handleLine runs one input line through the bot.
func (c *console) handleLine(ctx context.Context, line string) error {
	l, ok, err := parseConsoleLine(line)
	if err != nil {
		return fmt.Errorf("%w\n%s", err, consoleUsage)
	}
	if !ok {
		return nil
	}
	if !c.cfg.interactive {
		c.echo(line)
	}
	in := c.interaction(l)
	return c.bot.Handle(ctx, in, &consoleResponder{c: c, user: in.User, channel: in.ChannelID})
}

// interaction makes the bot.Interaction of a parsed line.
func (c *console) interaction(l consoleLine) *bot.Interaction {
	c.mu.Lock()
	defer c.mu.Unlock()
	u := c.user(l.User)
	c.interactions++
	locale := "en-US"
	if c.cfg.lang == "de" {
		locale = "de"
	}
	channel := consoleChannel
	if l.Channel != "" {
		channel = l.Channel
	}
	in := &bot.Interaction{
		Kind:       l.Kind,
		ID:         "console-" + strconv.Itoa(c.interactions),
		GuildID:    consoleChannel,
		ChannelID:  channel,
		User:       u,
		Locale:     locale,
		Manager:    u.ID == c.manager,
		Command:    l.Command,
		Subcommand: l.Subcommand,
		Options:    l.Options,
		CustomID:   l.CustomID,
		Values:     l.Values,
	}
	if l.Kind == bot.AutocompleteInteraction {
		in.Focused = l.Focused
	}
	// An option value "@name" names a user (user:@dave): Discord sends
	// the user's id and resolves the user.
	for k, v := range l.Options {
		if name, ok := strings.CutPrefix(v, "@"); ok && checkName(name) == nil {
			named := c.user(name)
			if in.Users == nil {
				in.Users = map[string]bot.User{}
			}
			in.Users[named.ID] = named
			in.Options[k] = named.ID
		}
	}
	return in
}

// user returns the user called name, making it up on first mention; the
// first user is the server's manager. c.mu must be held.
func (c *console) user(name string) bot.User {
	key := strings.ToLower(name)
	u, known := c.users[key]
	if !known {
		u = bot.User{ID: consoleUserID(key), Name: name}
		c.users[key] = u
		if c.manager == "" {
			c.manager = u.ID
		}
	}
	return u
}

// consoleUserID derives a stable snowflake-like user id from a name.
func consoleUserID(name string) string {
	h := fnv.New64a()
	h.Write([]byte(name))
	return strconv.FormatUint(h.Sum64()%1e18+1e17, 10)
}

// destination is where a message goes, as printed before it.
type destination struct {
	kind      string // "channel", "dm", "ephemeral", "update", "edit" or "autocomplete"
	target    string // channel name or user name
	inReplyTo string // user whose interaction is answered, if any
	message   string // the number of the post an edit changes
}

func (d destination) String() string {
	var s string
	switch d.kind {
	case "channel":
		s = "[channel #" + d.target + "]"
		if d.message != "" {
			s += " message " + d.message
		}
	case "dm":
		s = "[DM to @" + d.target + "]"
		if d.message != "" {
			s += " message " + d.message
		}
	case "ephemeral":
		s = "[ephemeral to @" + d.target + "]"
	case "update":
		s = "[update in #" + d.target + "]"
	case "edit":
		s = "[edit #" + d.target + " message " + d.message + "]"
	default:
		s = "[" + d.kind + " for @" + d.target + "]"
	}
	switch {
	case d.inReplyTo == "" || d.kind == "ephemeral" || d.kind == "autocomplete":
	case d.kind == "update":
		s += " after @" + d.inReplyTo + "'s click"
	default:
		s += " reply to @" + d.inReplyTo
	}
	return s
}

// consoleResponder answers one interaction on the console.
type consoleResponder struct {
	c       *console
	user    bot.User
	channel string // where the interaction happened
}

var _ bot.Responder = (*consoleResponder)(nil)

func (r *consoleResponder) Reply(_ context.Context, m bot.Message) error {
	d := destination{kind: "channel", target: r.channel, inReplyTo: r.user.Name}
	if m.Ephemeral {
		d = destination{kind: "ephemeral", target: r.user.Name}
	}
	return r.c.print(d, m)
}

func (r *consoleResponder) Update(_ context.Context, m bot.Message) error {
	return r.c.print(destination{kind: "update", target: r.channel, inReplyTo: r.user.Name}, m)
}

// Acknowledge shows nothing: the console types commands, never clicks.
func (r *consoleResponder) Acknowledge(context.Context) error { return nil }

func (r *consoleResponder) Autocomplete(_ context.Context, choices []bot.Choice) error {
	return r.c.printChoices(destination{kind: "autocomplete", target: r.user.Name}, choices)
}

// consoleDiscord sends the bot's posts, DMs, threads and edits to the
// console.
type consoleDiscord struct{ c *console }

var _ bot.Discord = consoleDiscord{}

// Post prints m as "[channel #name] message N", numbered for the edits
// that may follow.
func (d consoleDiscord) Post(_ context.Context, channelID string, m bot.Message) (string, error) {
	d.c.mu.Lock()
	d.c.posts++
	n := strconv.Itoa(d.c.posts)
	d.c.mu.Unlock()
	if err := d.c.print(destination{kind: "channel", target: channelID, message: n}, m); err != nil {
		return "", err
	}
	return "console-msg-" + n, nil
}

func (d consoleDiscord) DM(_ context.Context, userID string, m bot.Message) error {
	return d.c.print(destination{kind: "dm", target: d.c.userName(userID)}, m)
}

// DMPost prints m like DM, numbered like a post for the edits that may
// follow.
func (d consoleDiscord) DMPost(_ context.Context, userID string, m bot.Message) (string, string, error) {
	d.c.mu.Lock()
	d.c.posts++
	n := strconv.Itoa(d.c.posts)
	d.c.mu.Unlock()
	if err := d.c.print(destination{kind: "dm", target: d.c.userName(userID), message: n}, m); err != nil {
		return "", "", err
	}
	return "dm-" + userID, "console-msg-" + n, nil
}

func (d consoleDiscord) DeleteThread(_ context.Context, threadID string) error {
	d.c.printLine(fmt.Sprintf("[thread #%s deleted]", threadID))
	return nil
}

func (d consoleDiscord) StartThread(_ context.Context, channelID, name string) (string, error) {
	d.c.mu.Lock()
	d.c.threads++
	id := fmt.Sprintf("%s-thread-%d", channelID, d.c.threads)
	d.c.mu.Unlock()
	d.c.printLine(fmt.Sprintf("[thread #%s %q opened in #%s; act in it with @name #%s ...]", id, name, channelID, id))
	return id, nil
}

// Edit prints the new state of an earlier post: "[edit #channel message
// N]" and the message as it reads now (JSON: a message to "edit" whose
// target names the message).
func (d consoleDiscord) Edit(_ context.Context, channelID, messageID string, m bot.Message) error {
	n := strings.TrimPrefix(messageID, "console-msg-")
	if user, ok := strings.CutPrefix(channelID, "dm-"); ok {
		// A player's panel, edited: a DM as it reads now.
		return d.c.print(destination{kind: "dm", target: d.c.userName(user), message: n}, m)
	}
	return d.c.print(destination{kind: "edit", target: channelID, message: n}, m)
}

// userName returns the name of the user with id, or the id itself.
func (c *console) userName(id string) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, u := range c.users {
		if u.ID == id {
			return u.Name
		}
	}
	return id
}

// mentionPattern matches user, role and channel mentions in Discord markup.
var mentionPattern = regexp.MustCompile(`<(@!?|@&|#)(\d+|[\w-]+)>`)

// showMentions writes <@id> as @name and <#id> as #id.
func (c *console) showMentions(s string) string {
	return mentionPattern.ReplaceAllStringFunc(s, func(m string) string {
		sub := mentionPattern.FindStringSubmatch(m)
		if sub[1] == "#" {
			return "#" + sub[2]
		}
		return "@" + c.userName(sub[2])
	})
}

// consoleMessage is the JSON form of a printed message (--json).
type consoleMessage struct {
	To        string          `json:"to"` // channel, dm, ephemeral, update, autocomplete, edit
	Target    string          `json:"target"`
	Message   string          `json:"message,omitempty"` // the number of a post, or of the post an edit changes
	InReplyTo string          `json:"in_reply_to,omitempty"`
	Content   string          `json:"content,omitempty"`
	Embeds    []bot.Embed     `json:"embeds,omitempty"`   // a player's panel
	Mentions  []string        `json:"mentions,omitempty"` // user names the message pings
	Buttons   []consoleButton `json:"buttons,omitempty"`
	Selects   []consoleSelect `json:"selects,omitempty"`
	Files     []consoleFile   `json:"files,omitempty"`
	Choices   []bot.Choice    `json:"choices,omitempty"`
}

type consoleButton struct {
	CustomID string `json:"custom_id"`
	Label    string `json:"label"`
	Disabled bool   `json:"disabled,omitempty"`
	URL      string `json:"url,omitempty"` // a link button's address
}

type consoleSelect struct {
	CustomID    string                   `json:"custom_id"`
	Placeholder string                   `json:"placeholder,omitempty"`
	Options     []component.SelectOption `json:"options"`
	// MinValues and MaxValues bound a multi-select (both 0: pick one).
	MinValues int `json:"min_values,omitempty"`
	MaxValues int `json:"max_values,omitempty"`
}

type consoleFile struct {
	Path string `json:"path"`
	Alt  string `json:"alt,omitempty"`
}

// print writes m's files to the PNG directory and prints m.
func (c *console) print(d destination, m bot.Message) error {
	cm := consoleMessage{To: d.kind, Target: d.target, InReplyTo: d.inReplyTo, Message: d.message, Content: c.showMentions(m.Content), Embeds: m.Embeds}
	for _, id := range m.Mentions {
		cm.Mentions = append(cm.Mentions, c.userName(id))
	}
	for _, row := range m.Rows {
		for _, b := range row.Buttons {
			cm.Buttons = append(cm.Buttons, consoleButton{CustomID: b.CustomID, Label: b.Label, Disabled: b.Disabled, URL: b.URL})
		}
		if row.Select != nil {
			cm.Selects = append(cm.Selects, consoleSelect{CustomID: row.Select.CustomID, Placeholder: row.Select.Placeholder, Options: row.Select.Options,
				MinValues: row.Select.MinValues, MaxValues: row.Select.MaxValues})
		}
	}
	for _, f := range m.Files {
		path, err := c.writeFile(f)
		if err != nil {
			return err
		}
		cm.Files = append(cm.Files, consoleFile{Path: path, Alt: c.showMentions(f.Alt)})
	}
	return c.emit(d, cm)
}

func (c *console) printChoices(d destination, choices []bot.Choice) error {
	return c.emit(d, consoleMessage{To: d.kind, Target: d.target, Choices: choices})
}

// writeFile saves an attachment under a numbered name and returns its path.
func (c *console) writeFile(f bot.File) (string, error) {
	c.mu.Lock()
	c.files++
	n := c.files
	c.mu.Unlock()
	path := filepath.Join(c.cfg.pngDir, fmt.Sprintf("%04d-%s", n, filepath.Base(f.Name)))
	if err := os.WriteFile(path, f.Data, 0o644); err != nil {
		return "", fmt.Errorf("write %s: %w", f.Name, err)
	}
	return path, nil
}

// emit prints one message, as text or as JSON.
func (c *console) emit(d destination, m consoleMessage) error {
	if c.cfg.json {
		data, err := json.Marshal(m)
		if err != nil {
			return fmt.Errorf("encode message: %w", err)
		}
		c.printLine(string(data))
		return nil
	}
	var b strings.Builder
	b.WriteString(d.String())
	if m.Content != "" {
		for line := range strings.SplitSeq(strings.TrimRight(m.Content, "\n"), "\n") {
			b.WriteString("\n")
			if line != "" {
				b.WriteString("  " + line)
			}
		}
	}
	for _, e := range m.Embeds {
		if e.Title != "" {
			fmt.Fprintf(&b, "\n  == %s ==", e.Title)
		}
		for line := range strings.SplitSeq(e.Description, "\n") {
			if line != "" {
				b.WriteString("\n  " + line)
			}
		}
		for _, f := range e.Fields {
			fmt.Fprintf(&b, "\n  * %s: %s", f.Name, strings.ReplaceAll(f.Value, "\n", "\n    "))
		}
	}
	for _, btn := range m.Buttons {
		if btn.Disabled {
			fmt.Fprintf(&b, "\n  [button] %s (disabled)", btn.Label)
			continue
		}
		if btn.URL != "" {
			fmt.Fprintf(&b, "\n  [link] %s: %s", btn.Label, btn.URL)
			continue
		}
		fmt.Fprintf(&b, "\n  [button] %s: !click %s", btn.Label, btn.CustomID)
	}
	for _, s := range m.Selects {
		fmt.Fprintf(&b, "\n  [select] %s:", s.Placeholder)
		if s.MaxValues > 1 {
			fmt.Fprintf(&b, " (choose %d to %d: !select %s v1 | v2 ...)", s.MinValues, s.MaxValues, s.CustomID)
		}
		for _, o := range s.Options {
			desc := ""
			if o.Description != "" {
				desc = " (" + o.Description + ")"
			}
			fmt.Fprintf(&b, "\n    %s%s: !select %s %s", o.Label, desc, s.CustomID, o.Value)
		}
	}
	for _, f := range m.Files {
		fmt.Fprintf(&b, "\n  [file] %s", f.Path)
		if f.Alt != "" {
			fmt.Fprintf(&b, "\n    alt: %s", f.Alt)
		}
	}
	for _, ch := range m.Choices {
		fmt.Fprintf(&b, "\n  %s = %s", ch.Name, ch.Value)
	}
	c.printLine(b.String())
	return nil
}

// echo prints an input line read from a script or a pipe.
func (c *console) echo(line string) {
	if c.cfg.json {
		data, _ := json.Marshal(map[string]string{"input": strings.TrimSpace(line)})
		c.printLine(string(data))
		return
	}
	c.printLine("\n> " + strings.TrimSpace(line))
}

// printError reports a line that failed; the session goes on.
func (c *console) printError(err error) {
	if c.cfg.json {
		data, _ := json.Marshal(map[string]string{"error": err.Error()})
		c.printLine(string(data))
		return
	}
	c.printLine("error: " + err.Error())
}

func (c *console) printLine(s string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	fmt.Fprintln(c.cfg.out, s)
}
