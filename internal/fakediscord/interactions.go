package fakediscord

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"
)

// Interaction is an interaction sent to the bot.
type Interaction struct {
	ID        string
	Token     string
	Type      int // 2 command, 3 component, 4 autocomplete
	ChannelID string
	GuildID   string
	UserID    string
	// MessageID is the message a component was clicked on.
	MessageID string

	// Set as the bot answers (read them after a Wait).
	ResponseType int      // the callback type received
	Choices      []string // autocomplete values
	// HTTPStatus is the status of the delivery to an HTTP endpoint.
	HTTPStatus int
	// Shard is the gateway shard the interaction was dispatched to.
	Shard int
	// Err is why a Standalone fake could not deliver the interaction (a
	// fake in a test fails the test instead).
	Err error

	acked    bool
	visible  bool // the user has been shown an answer
	original *Message
}

// Opt is a command option as typed by the user.
type Opt struct {
	Name, Value string
	Focused     bool
}

// Where is the channel (and guild, "" for a DM) an interaction comes from.
type Where struct {
	GuildID, ChannelID string
	// GuildLocale is the server's preferred locale, sent with every
	// interaction in a guild ("en-US" when empty, as Discord's default).
	GuildLocale string
}

// Command sends /name [sub] options as user and returns the interaction.
func (f *Fake) Command(where Where, user User, name, sub string, opts ...Opt) *Interaction {
	return f.send(where, user, 2, commandData(name, sub, opts), "")
}

// Autocomplete sends an autocomplete request for the focused option.
func (f *Fake) Autocomplete(where Where, user User, name, sub string, opts ...Opt) *Interaction {
	return f.send(where, user, 4, commandData(name, sub, opts), "")
}

// Click presses a button (or picks values of a select menu) on msg.
func (f *Fake) Click(user User, msg Message, customID string, values ...string) *Interaction {
	f.mu.Lock()
	guild := ""
	if f.dmUsers[msg.ChannelID] == "" {
		guild = f.guildOf[msg.ChannelID]
	}
	f.mu.Unlock()
	data := map[string]any{"custom_id": customID, "component_type": 2}
	if len(values) > 0 {
		data["component_type"] = 3
		data["values"] = values
	}
	return f.send(Where{GuildID: guild, ChannelID: msg.ChannelID}, user, 3, data, msg.ID)
}

func commandData(name, sub string, opts []Opt) map[string]any {
	options := []map[string]any{}
	for _, o := range opts {
		options = append(options, map[string]any{"name": o.Name, "type": 3, "value": o.Value, "focused": o.Focused})
	}
	if sub != "" {
		options = []map[string]any{{"name": sub, "type": 1, "options": options}}
	}
	return map[string]any{"id": "300000000000000000", "name": name, "type": 1, "options": options}
}

// send builds the interaction and delivers it over the gateway or to the
// HTTP endpoint. Delivery failures fail the test (see fail).
func (f *Fake) send(where Where, user User, typ int, data map[string]any, messageID string) *Interaction {
	if f.t != nil {
		f.t.Helper()
	}
	f.mu.Lock()
	in := &Interaction{
		ID: f.newID(), Type: typ, ChannelID: where.ChannelID, GuildID: where.GuildID,
		UserID: user.ID, MessageID: messageID,
	}
	// Real tokens are long; the bot must keep them out of logs.
	in.Token = fmt.Sprintf("interaction-token-%s-%064d", in.ID, 0)
	f.interactions[in.Token] = in
	if where.GuildID != "" {
		if f.guildOf == nil {
			f.guildOf = map[string]string{}
		}
		f.guildOf[where.ChannelID] = where.GuildID
	}
	endpoint, key, deliver := f.endpoint, f.key, f.deliverFunc
	f.mu.Unlock()

	locale := user.Locale
	if locale == "" {
		locale = "en-US"
	}
	u := map[string]any{"id": user.ID, "username": user.Name, "global_name": user.Name}
	payload := map[string]any{
		"id": in.ID, "application_id": AppID, "type": typ, "token": in.Token, "version": 1,
		"channel_id": where.ChannelID, "locale": locale, "data": data,
	}
	if where.GuildID != "" {
		perms := "0"
		if user.Manager {
			perms = strconv.Itoa(1 << 5) // Manage Server
		}
		payload["guild_id"] = where.GuildID
		payload["member"] = map[string]any{"user": u, "permissions": perms, "nick": ""}
		payload["guild_locale"] = where.GuildLocale
		if where.GuildLocale == "" {
			payload["guild_locale"] = "en-US"
		}
	} else {
		payload["user"] = u
	}
	if messageID != "" {
		flags := 0
		f.mu.Lock()
		if m := f.byID(messageID); m != nil && m.Ephemeral {
			flags = ephemeralFlag
		}
		f.mu.Unlock()
		payload["message"] = map[string]any{"id": messageID, "channel_id": where.ChannelID, "content": "", "flags": flags}
	}
	var err error
	switch {
	case deliver != nil:
		var raw []byte
		if raw, err = json.Marshal(payload); err == nil {
			deliver(raw)
		}
	case endpoint != "":
		in.HTTPStatus, err = f.deliverHTTP(endpoint, key, in, payload)
	default:
		in.Shard, err = f.dispatch("INTERACTION_CREATE", where.GuildID, payload)
	}
	if err != nil {
		f.fail(in, err)
	}
	return in
}

// fail fails the test with err, or sets in.Err in a Standalone fake.
func (f *Fake) fail(in *Interaction, err error) {
	if f.t == nil {
		in.Err = err
		return
	}
	f.t.Helper()
	f.t.Fatalf("fakediscord: %v", err)
}

// deliverHTTP posts a signed interaction and applies a response in the
// HTTP body like a callback; it returns the HTTP status.
func (f *Fake) deliverHTTP(endpoint string, key ed25519.PrivateKey, in *Interaction, payload any) (int, error) {
	data, err := json.Marshal(payload)
	if err != nil {
		return 0, err
	}
	req, err := SignedRequest(endpoint, key, time.Now(), data)
	if err != nil {
		return 0, err
	}
	resp, err := f.client.Do(req)
	if err != nil {
		return 0, fmt.Errorf("deliver: %w", err)
	}
	defer resp.Body.Close()
	respBody, err := io.ReadAll(resp.Body)
	if err != nil {
		return resp.StatusCode, fmt.Errorf("deliver: %w", err)
	}
	if resp.StatusCode == http.StatusOK && len(bytes.TrimSpace(respBody)) > 0 {
		var b body
		if err := json.Unmarshal(respBody, &b); err != nil {
			return resp.StatusCode, fmt.Errorf("response body %q: %w", respBody, err)
		}
		if status, _, msg := f.applyCallback(in.ID, in.Token, &b); status != http.StatusNoContent {
			return resp.StatusCode, fmt.Errorf("response body refused: %s", msg)
		}
	}
	return resp.StatusCode, nil
}

// SignedRequest builds a POST of body to endpoint signed the way Discord
// signs interactions, with the given timestamp.
func SignedRequest(endpoint string, key ed25519.PrivateKey, at time.Time, body []byte) (*http.Request, error) {
	ts := strconv.FormatInt(at.Unix(), 10)
	sig := ed25519.Sign(key, append([]byte(ts), body...))
	req, err := http.NewRequest(http.MethodPost, endpoint, bytes.NewReader(body))
	if err != nil {
		return nil, fmt.Errorf("fakediscord: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Signature-Ed25519", hex.EncodeToString(sig))
	req.Header.Set("X-Signature-Timestamp", ts)
	return req, nil
}

// Wait blocks until the user has been shown an answer to in (a response,
// choices, an update of the clicked message, a filled deferred response or
// a follow-up) or a component was acknowledged without one (type 6: a
// silent acknowledgement, or a deferral that a follow-up may still
// answer; Silent tells). It returns the original response (for
// components, the clicked message), if any.
func (in *Interaction) Wait(ctx context.Context, f *Fake) (Message, error) {
	var m Message
	err := f.WaitFor(ctx, func(f *Fake) bool {
		f.mu.Lock()
		defer f.mu.Unlock()
		if !in.visible && in.ResponseType != 6 {
			return false
		}
		if in.original != nil {
			m = in.original.clone()
		}
		return true
	})
	return m, err
}

// Silent reports whether in has been acknowledged (type 6) and shown
// nothing so far: no update of the clicked message, no follow-up.
func (f *Fake) Silent(in *Interaction) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return in.ResponseType == 6 && !in.visible
}

// Replies returns the messages the interaction produced (response and
// follow-ups), oldest first.
func (f *Fake) Replies(in *Interaction) []Message {
	var out []Message
	for _, m := range f.Messages("") {
		if m.Interaction == in.ID {
			out = append(out, m)
		}
	}
	return out
}
