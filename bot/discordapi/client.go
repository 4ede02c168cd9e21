package discordapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
	lru "github.com/hashicorp/golang-lru/v2"

	"github.com/playbychat/pbc/bot"
)

// NewSession returns a discordgo session for the bot token. When baseURL
// is not empty, every REST call and the gateway lookup go there instead of
// https://discord.com (a REST proxy, or a fake in tests).
func NewSession(token, baseURL string) (*discordgo.Session, error) {
	s, err := discordgo.New("Bot " + strings.TrimPrefix(token, "Bot "))
	if err != nil {
		return nil, fmt.Errorf("discordapi: new session: %w", err)
	}
	// Discord answers over HTTP/2, one connection for every request; a
	// REST proxy (or a fake) on HTTP/1.1 needs a connection per request in
	// flight, which the default pool of two idle ones would close again.
	pool := http.DefaultTransport.(*http.Transport).Clone()
	pool.MaxIdleConnsPerHost = maxIdleConns
	var next http.RoundTripper = pool
	if baseURL != "" {
		base, err := url.Parse(baseURL)
		if err != nil {
			return nil, fmt.Errorf("discordapi: api base url: %w", err)
		}
		next = &Rewriter{Base: base, Next: next}
	}
	s.Client = &http.Client{Timeout: s.Client.Timeout, Transport: scopeTransport{next}}
	return s, nil
}

// maxIdleConns is the number of idle connections kept to Discord (or to
// the REST proxy of api_base_url).
const maxIdleConns = 64

// limitScope is where scopeTransport notes whether a 429 was global.
type limitScope struct{ global bool }

type scopeKey struct{}

// scopeTransport notes in the request context's limitScope whether a 429
// answer was a global rate limit: discordgo's RateLimitError does not say.
type scopeTransport struct{ next http.RoundTripper }

// RoundTrip implements http.RoundTripper.
func (t scopeTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := t.next.RoundTrip(r)
	if err == nil && resp.StatusCode == http.StatusTooManyRequests {
		if scope, ok := r.Context().Value(scopeKey{}).(*limitScope); ok {
			scope.global = resp.Header.Get("X-RateLimit-Global") == "true" || resp.Header.Get("X-RateLimit-Scope") == "global"
		}
	}
	return resp, err
}

// Rewriter is an http.RoundTripper that sends requests for discord.com
// to Base instead, keeping the path below Base's path.
type Rewriter struct {
	Base *url.URL
	Next http.RoundTripper
}

// RoundTrip implements http.RoundTripper.
func (rw *Rewriter) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.URL.Host != "discord.com" {
		return rw.Next.RoundTrip(r)
	}
	r = r.Clone(r.Context())
	r.URL.Scheme = rw.Base.Scheme
	r.URL.Host = rw.Base.Host
	r.URL.Path = strings.TrimSuffix(rw.Base.Path, "/") + r.URL.Path
	r.URL.RawPath = ""
	r.Host = ""
	return rw.Next.RoundTrip(r)
}

// Client sends messages through the REST API. It implements bot.Discord
// and creates the Responder for each interaction.
type Client struct {
	s   *discordgo.Session
	log *slog.Logger

	// BlockedFor is how long a user whose DMs failed with "cannot send
	// messages to this user" is not tried again. Failing requests count
	// towards Discord's invalid-request limit.
	BlockedFor time.Duration
	// DeferAfter is how long a handler may take before its interaction is
	// deferred; Discord wants the first response within three seconds.
	DeferAfter time.Duration
	// MaxRetryAfter is the longest rate-limit wait that is waited out;
	// longer ones fail the request.
	MaxRetryAfter time.Duration

	now func() time.Time

	// The caches below are bounded (see their sizes) and safe for
	// concurrent use.

	// dmChannels caches user id -> DM channel id.
	dmChannels *lru.Cache[string, string]
	// blocked maps user ids to when their DMs failed.
	blocked *lru.Cache[string, time.Time]
}

// The bounds of the client's caches. Each entry is a user the bot sent a
// DM; the least recently used go first.
const (
	// dmChannelsSize bounds the DM channels remembered: an evicted one
	// costs one request to open it again.
	dmChannelsSize = 1024
	// blockedSize bounds the users remembered as not taking DMs: an
	// evicted one costs one failed request, as after BlockedFor.
	blockedSize = 1024
)

var _ bot.Discord = (*Client)(nil)

// NewClient wraps a session. log receives the errors no caller sees.
func NewClient(s *discordgo.Session, log *slog.Logger) *Client {
	dmChannels, err := lru.New[string, string](dmChannelsSize)
	if err != nil {
		panic(fmt.Sprintf("discordapi: DM channel cache: %v", err)) // only for a size below 1
	}
	blocked, err := lru.New[string, time.Time](blockedSize)
	if err != nil {
		panic(fmt.Sprintf("discordapi: blocked DM cache: %v", err))
	}
	return &Client{
		s:             s,
		log:           logger(log),
		BlockedFor:    15 * time.Minute,
		DeferAfter:    2 * time.Second,
		MaxRetryAfter: 10 * time.Second,
		now:           time.Now,
		dmChannels:    dmChannels,
		blocked:       blocked,
	}
}

// Session returns the underlying discordgo session.
func (c *Client) Session() *discordgo.Session { return c.s }

// maxRateLimitRetries bounds how often one request waits out a 429.
const maxRateLimitRetries = 3

// request sends body (JSON, or multipart with files) and returns the
// response body. bucket is the rate-limit bucket; a 429 is waited out up
// to MaxRetryAfter and maxRateLimitRetries times, never beyond ctx.
func (c *Client) request(ctx context.Context, method, uri, bucket string, body any, fs []bot.File) ([]byte, error) {
	return c.send(ctx, method, uri, bucket, body, fs, true)
}

// deliver sends like request, for the bot's outbox, which retries by
// itself: a 429 returns a *bot.RateLimitError at once, and a refusal for
// good (any other 4xx) wraps bot.ErrRejected.
func (c *Client) deliver(ctx context.Context, method, uri, bucket string, body any, fs []bot.File) ([]byte, error) {
	scope := &limitScope{}
	resp, err := c.send(context.WithValue(ctx, scopeKey{}, scope), method, uri, bucket, body, fs, false)
	var (
		rl   *discordgo.RateLimitError
		rest *discordgo.RESTError
	)
	switch {
	case errors.As(err, &rl):
		return nil, &bot.RateLimitError{RetryAfter: rl.RetryAfter, Global: scope.global}
	case errors.As(err, &rest) && rest.Response != nil && rest.Response.StatusCode >= 400 && rest.Response.StatusCode < 500:
		return nil, fmt.Errorf("%w: %w", bot.ErrRejected, err)
	}
	return resp, err
}

// send is request and deliver; wait says whether to wait out 429s.
func (c *Client) send(ctx context.Context, method, uri, bucket string, body any, fs []bot.File, wait bool) ([]byte, error) {
	var (
		contentType string
		b           []byte
		err         error
	)
	switch {
	case len(fs) > 0:
		contentType, b, err = discordgo.MultipartBodyWithJSON(body, files(fs))
	case body != nil:
		contentType = "application/json"
		b, err = json.Marshal(body)
	}
	if err != nil {
		return nil, fmt.Errorf("discordapi: encode %s %s: %w", method, redact(uri), err)
	}
	for attempt := 0; ; attempt++ {
		resp, err := c.s.RequestRaw(method, uri, contentType, b, bucket, 0,
			discordgo.WithContext(ctx), discordgo.WithRetryOnRatelimit(false))
		var rl *discordgo.RateLimitError
		if errors.As(err, &rl) && wait && attempt < maxRateLimitRetries && rl.RetryAfter <= c.MaxRetryAfter {
			c.log.Warn("rate limited", "url", redact(uri), "retry_after", rl.RetryAfter)
			t := time.NewTimer(rl.RetryAfter)
			select {
			case <-ctx.Done():
				t.Stop()
				return nil, fmt.Errorf("discordapi: %s %s: %w", method, redact(uri), ctx.Err())
			case <-t.C:
			}
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("discordapi: %s %s: %w", method, redact(uri), err)
		}
		return resp, nil
	}
}

// redact removes interaction tokens from a URL for errors and logs.
func redact(uri string) string {
	parts := strings.Split(uri, "/")
	for n, p := range parts {
		if len(p) > 60 {
			parts[n] = "<token>"
		}
	}
	return strings.Join(parts, "/")
}

// Post sends m to a channel and returns the message id. With a nonce,
// Discord answers a repeated post with the first message (enforce_nonce).
func (c *Client) Post(ctx context.Context, channelID string, m bot.Message) (string, error) {
	uri := discordgo.EndpointChannelMessages(channelID)
	resp, err := c.deliver(ctx, http.MethodPost, uri, uri, newPayload(m, false), m.Files)
	if err != nil {
		return "", err
	}
	var msg struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal(resp, &msg); err != nil {
		return "", fmt.Errorf("discordapi: post to %s: %w", channelID, err)
	}
	return msg.ID, nil
}

// Edit replaces the text and components of a message in a channel; its
// attachments only when m has files.
func (c *Client) Edit(ctx context.Context, channelID, messageID string, m bot.Message) error {
	uri := discordgo.EndpointChannelMessage(channelID, messageID)
	p := newPayload(m, false)
	p.AllowedMentions.Users = []string{} // an edit never pings
	_, err := c.deliver(ctx, http.MethodPatch, uri, discordgo.EndpointChannelMessage(channelID, ""), p, m.Files)
	return err
}

// DM sends m to a user's DM channel. It fails fast with bot.ErrDMBlocked
// for users whose DMs failed within BlockedFor.
func (c *Client) DM(ctx context.Context, userID string, m bot.Message) error {
	_, _, err := c.DMPost(ctx, userID, m)
	return err
}

// DMPost sends m to a user's DM channel like DM and returns the channel
// and the message id.
func (c *Client) DMPost(ctx context.Context, userID string, m bot.Message) (channelID, messageID string, err error) {
	since, blocked := c.blocked.Get(userID)
	if blocked && c.now().Sub(since) >= c.BlockedFor {
		c.blocked.Remove(userID)
		blocked = false
	}
	if blocked {
		return "", "", fmt.Errorf("discordapi: DM to %s: %w", userID, bot.ErrDMBlocked)
	}
	ch, err := c.dmChannel(ctx, userID)
	var id string
	if err == nil {
		id, err = c.Post(ctx, ch, m)
	}
	if isDMBlocked(err) {
		c.blocked.Add(userID, c.now())
		return "", "", fmt.Errorf("discordapi: DM to %s: %w (%w)", userID, bot.ErrDMBlocked, err)
	}
	if err != nil {
		return "", "", fmt.Errorf("discordapi: DM to %s: %w", userID, err)
	}
	return ch, id, nil
}

func (c *Client) dmChannel(ctx context.Context, userID string) (string, error) {
	if ch, ok := c.dmChannels.Get(userID); ok {
		return ch, nil
	}
	uri := discordgo.EndpointUserChannels("@me")
	resp, err := c.deliver(ctx, http.MethodPost, uri, uri, map[string]string{"recipient_id": userID}, nil)
	if err != nil {
		return "", err
	}
	var channel struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal(resp, &channel); err != nil {
		return "", fmt.Errorf("discordapi: DM channel for %s: %w", userID, err)
	}
	c.dmChannels.Add(userID, channel.ID)
	return channel.ID, nil
}

// DeleteThread deletes a thread.
func (c *Client) DeleteThread(ctx context.Context, threadID string) error {
	uri := discordgo.EndpointChannel(threadID)
	if _, err := c.request(ctx, http.MethodDelete, uri, uri, nil, nil); err != nil {
		return fmt.Errorf("discordapi: delete thread %s: %w", threadID, err)
	}
	return nil
}

// isDMBlocked tells whether err is Discord refusing a DM.
func isDMBlocked(err error) bool {
	var rest *discordgo.RESTError
	if !errors.As(err, &rest) {
		return false
	}
	if rest.Message != nil && rest.Message.Code == discordgo.ErrCodeCannotSendMessagesToThisUser {
		return true
	}
	return rest.Response != nil && rest.Response.StatusCode == http.StatusForbidden
}

// threadArchiveMinutes is how long a quiet thread stays open: one week.
const threadArchiveMinutes = 10080

// StartThread opens a public thread in channelID.
func (c *Client) StartThread(ctx context.Context, channelID, name string) (string, error) {
	uri := discordgo.EndpointChannelThreads(channelID)
	body := discordgo.ThreadStart{
		Name:                name,
		AutoArchiveDuration: threadArchiveMinutes,
		Type:                discordgo.ChannelTypeGuildPublicThread,
	}
	resp, err := c.request(ctx, http.MethodPost, uri, uri, body, nil)
	if err != nil {
		return "", err
	}
	var ch struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal(resp, &ch); err != nil {
		return "", fmt.Errorf("discordapi: thread in %s: %w", channelID, err)
	}
	return ch.ID, nil
}
