package fakediscord

import (
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"
)

// body is what the bot sends in a message, response or edit.
type body struct {
	Type int `json:"type"` // interaction callbacks only
	// Data is the message of an interaction callback.
	Data *body `json:"data"`

	Content *string `json:"content"`
	// Embeds replace the message's embeds when present.
	Embeds          *[]Embed        `json:"embeds"`
	Components      json.RawMessage `json:"components"`
	Flags           int             `json:"flags"`
	AllowedMentions *struct {
		Parse []string `json:"parse"`
		Users []string `json:"users"`
	} `json:"allowed_mentions"`
	Attachments []struct {
		// ID is a string, as Discord's API description has it; a number
		// is refused (see decodeBody).
		ID          string `json:"id"`
		Description string `json:"description"`
	} `json:"attachments"`
	Choices []struct {
		Name  string `json:"name"`
		Value any    `json:"value"`
	} `json:"choices"`
	// Nonce (a string or an integer) with EnforceNonce makes a repeated
	// post answer with the first message.
	Nonce        json.RawMessage `json:"nonce"`
	EnforceNonce bool            `json:"enforce_nonce"`

	files []File
}

const ephemeralFlag = 1 << 6

// readBody decodes a JSON or multipart (payload_json + files[n]) body;
// a Standalone fake keeps only the size of the files.
func (f *Fake) readBody(r *http.Request) (*body, error) {
	var b body
	mediaType, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if mediaType != "multipart/form-data" {
		data, err := io.ReadAll(r.Body)
		if err != nil {
			return nil, err
		}
		if len(data) == 0 {
			return &b, nil
		}
		return &b, json.Unmarshal(data, &b)
	}
	mr := multipart.NewReader(r.Body, params["boundary"])
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		data, err := io.ReadAll(part)
		if err != nil {
			return nil, err
		}
		switch name := part.FormName(); {
		case name == "payload_json":
			if err := json.Unmarshal(data, &b); err != nil {
				return nil, fmt.Errorf("payload_json: %w", err)
			}
		case strings.HasPrefix(name, "files["):
			file := File{Name: part.FileName(), ContentType: part.Header.Get("Content-Type"), Data: data, Size: len(data)}
			if f.slim {
				file.Data = nil
			}
			b.files = append(b.files, file)
		default:
			return nil, fmt.Errorf("unexpected part %q", name)
		}
	}
	// Alt texts arrive in attachments, by file index.
	msg := &b
	if b.Data != nil {
		msg = b.Data
		msg.files = b.files
	}
	for _, a := range msg.Attachments {
		n, err := strconv.Atoi(a.ID)
		if err == nil && n >= 0 && n < len(msg.files) {
			msg.files[n].Description = a.Description
		}
	}
	return &b, nil
}

type rawComponent struct {
	Type        int            `json:"type"`
	CustomID    string         `json:"custom_id"`
	Label       string         `json:"label"`
	Style       int            `json:"style"`
	Disabled    bool           `json:"disabled"`
	Placeholder string         `json:"placeholder"`
	URL         string         `json:"url"`
	Options     []Option       `json:"options"`
	MinValues   *int           `json:"min_values"`
	MaxValues   *int           `json:"max_values"`
	Components  []rawComponent `json:"components"`
}

func parseRows(raw json.RawMessage) ([][]Component, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	var rows []rawComponent
	if err := json.Unmarshal(raw, &rows); err != nil {
		return nil, fmt.Errorf("components: %w", err)
	}
	ids := map[string]bool{}
	for _, row := range rows {
		for _, c := range row.Components {
			if c.CustomID == "" && c.Style == linkStyle {
				continue // a link button has no custom_id
			}
			if ids[c.CustomID] {
				return nil, fmt.Errorf("components: custom_id %q twice in one message", c.CustomID)
			}
			ids[c.CustomID] = true
		}
	}
	out := make([][]Component, 0, len(rows))
	for _, row := range rows {
		if row.Type != 1 {
			return nil, fmt.Errorf("components: top-level type %d is not an action row", row.Type)
		}
		if err := checkRow(row); err != nil {
			return nil, err
		}
		var cs []Component
		for _, c := range row.Components {
			cs = append(cs, Component{
				Type: c.Type, CustomID: c.CustomID, Label: c.Label, Style: c.Style, URL: c.URL,
				Disabled: c.Disabled, Placeholder: c.Placeholder, Options: c.Options,
				MinValues: valueOr(c.MinValues, 1), MaxValues: valueOr(c.MaxValues, 1),
			})
		}
		out = append(out, cs)
	}
	return out, nil
}

// valueOr returns *p, or def when p is nil.
func valueOr(p *int, def int) int {
	if p == nil {
		return def
	}
	return *p
}

// linkStyle is the style of a link button.
const linkStyle = 5

// checkRow applies Discord's component limits to one action row.
func checkRow(row rawComponent) error {
	buttons, selects := 0, 0
	for _, c := range row.Components {
		switch c.Type {
		case 2:
			buttons++
			if n := utf8.RuneCountInString(c.Label); n > 80 {
				return fmt.Errorf("components: button label of %d characters, more than 80", n)
			}
		case 3:
			selects++
			n := len(c.Options)
			if n < 1 || n > 25 {
				return fmt.Errorf("components: select menu %q with %d options, want 1-25", c.CustomID, n)
			}
			lo, hi := valueOr(c.MinValues, 1), valueOr(c.MaxValues, 1)
			if lo < 0 || lo > 25 || hi < 1 || hi > 25 || lo > hi || hi > n {
				return fmt.Errorf("components: select menu %q chooses %d to %d of %d options", c.CustomID, lo, hi, n)
			}
			for _, o := range c.Options {
				if utf8.RuneCountInString(o.Label) > 100 || utf8.RuneCountInString(o.Value) > 100 || utf8.RuneCountInString(o.Description) > 100 {
					return fmt.Errorf("components: select option %q longer than 100 characters", o.Value)
				}
			}
		default:
			return fmt.Errorf("components: type %d in an action row", c.Type)
		}
		if c.Type == 2 && c.Style == linkStyle {
			// A link button opens its url and sends no interaction.
			if c.URL == "" || c.CustomID != "" {
				return fmt.Errorf("components: link button %q with url %q and custom_id %q, want a url and no custom_id", c.Label, c.URL, c.CustomID)
			}
			continue
		}
		if n := utf8.RuneCountInString(c.CustomID); n < 1 || n > 100 {
			return fmt.Errorf("components: custom_id of %d characters, want 1-100", n)
		}
	}
	if buttons > 5 || selects > 1 || (buttons > 0 && selects > 0) || buttons+selects == 0 {
		return fmt.Errorf("components: a row holds 1-5 buttons or one select menu, not %d buttons and %d menus", buttons, selects)
	}
	return nil
}

// apply sets the message fields present in b onto m: a new message, or an
// edit that keeps what b leaves out (attachments only change with files).
func (m *Message) apply(b *body) error {
	if n := len(b.files); n > maxAttachments {
		return fmt.Errorf("%d files, more than %d", n, maxAttachments)
	}
	if b.Flags&componentsV2Flag != 0 || m.V2 {
		return m.applyV2(b)
	}
	if b.Content != nil {
		m.Content = *b.Content
	}
	if b.Components != nil {
		rows, err := parseRows(b.Components)
		if err != nil {
			return err
		}
		m.Rows = rows
	}
	if len(b.files) > 0 || b.Attachments != nil {
		m.Files = b.files
	}
	if b.Embeds != nil {
		if err := checkEmbeds(*b.Embeds); err != nil {
			return err
		}
		m.Embeds = *b.Embeds
	}
	if b.AllowedMentions != nil {
		m.MentionUsers, m.MentionParse = b.AllowedMentions.Users, b.AllowedMentions.Parse
	}
	if n := utf8.RuneCountInString(m.Content); n > 2000 {
		return fmt.Errorf("content has %d characters, more than 2000", n)
	}
	if len(m.Rows) > 5 {
		return fmt.Errorf("%d component rows, more than 5", len(m.Rows))
	}
	return nil
}

// checkEmbeds applies Discord's limits on a message's embeds: at most 10,
// each with a title of at most 256 characters, a description of at most
// 4096 and at most 25 fields, each field with a name (1-256 characters)
// and a value (1-1024); 6000 characters in all.
func checkEmbeds(es []Embed) error {
	if len(es) > 10 {
		return fmt.Errorf("embeds: %d, more than 10", len(es))
	}
	total := 0
	for i, e := range es {
		title, desc := utf8.RuneCountInString(e.Title), utf8.RuneCountInString(e.Description)
		if title > 256 || desc > 4096 {
			return fmt.Errorf("embeds[%d]: title of %d or description of %d characters, more than 256 or 4096", i, title, desc)
		}
		if len(e.Fields) > 25 {
			return fmt.Errorf("embeds[%d]: %d fields, more than 25", i, len(e.Fields))
		}
		total += title + desc
		for j, f := range e.Fields {
			name, value := utf8.RuneCountInString(f.Name), utf8.RuneCountInString(f.Value)
			if name < 1 || name > 256 || value < 1 || value > 1024 {
				return fmt.Errorf("embeds[%d].fields[%d]: name of %d and value of %d characters, want 1-256 and 1-1024", i, j, name, value)
			}
			total += name + value
		}
	}
	if total > 6000 {
		return fmt.Errorf("embeds: %d characters in all, more than 6000", total)
	}
	return nil
}

// Discord's JSON error codes that the fake answers with.
const (
	codeUnknownMessage     = 10008
	codeUnknownWebhook     = 10015
	codeUnknownInteraction = 10062
	codeAlreadyAcked       = 40060
	codeMissingAccess      = 50001
	codeCannotDM           = 50007
	codeInvalidForm        = 50035
)

// apiError answers like Discord's REST API refusing a request: status with
// a JSON body holding code and msg.
func apiError(w http.ResponseWriter, status, code int, msg string) {
	writeJSON(w, status, map[string]any{"code": code, "message": msg})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

func messageJSON(m *Message) map[string]any {
	return map[string]any{
		"id": m.ID, "channel_id": m.ChannelID, "content": m.Content,
		"author": map[string]any{"id": BotUserID, "username": "pbc", "bot": true},
	}
}

// gatewayURL answers GET /gateway and GET /gateway/bot, with the
// recommended shard count and the identify limits.
func (f *Fake) gatewayURL(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	shards := max(f.recommendedShards, 1)
	f.mu.Unlock()
	writeJSON(w, http.StatusOK, map[string]any{
		"url":    "ws" + strings.TrimPrefix(f.srv.URL, "http") + "/ws",
		"shards": shards,
		"session_start_limit": map[string]any{
			"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1,
		},
	})
}

func (f *Fake) callback(w http.ResponseWriter, r *http.Request) {
	b, err := f.readBody(r)
	if err != nil {
		apiError(w, http.StatusBadRequest, codeInvalidForm, err.Error())
		return
	}
	status, code, msg := f.applyCallback(r.PathValue("id"), r.PathValue("token"), b)
	if status != http.StatusNoContent {
		apiError(w, status, code, msg)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// applyCallback records an interaction response; it returns 204 or an
// error status with Discord's code and message.
func (f *Fake) applyCallback(id, token string, b *body) (status, code int, msg string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	in, ok := f.interactions[token]
	if !ok || in.ID != id {
		return http.StatusNotFound, codeUnknownInteraction, "Unknown interaction"
	}
	if in.acked {
		return http.StatusBadRequest, codeAlreadyAcked, "Interaction has already been acknowledged."
	}
	data := b.Data
	if data == nil {
		data = &body{}
	}
	data.files = b.files
	switch b.Type {
	case 4, 5:
		if in.Type == 4 {
			return http.StatusBadRequest, codeInvalidForm, "autocomplete interactions take type 8"
		}
		m := &Message{
			ID: f.newID(), ChannelID: in.ChannelID, Kind: Response, Interaction: in.ID, UserID: in.UserID,
			Deferred: b.Type == 5, Ephemeral: data.Flags&ephemeralFlag != 0,
		}
		if f.dmUsers[in.ChannelID] != "" {
			m.DMUser = f.dmUsers[in.ChannelID]
		}
		if err := m.apply(data); err != nil {
			return http.StatusBadRequest, codeInvalidForm, err.Error()
		}
		if !m.Deferred {
			m.ping()
		}
		f.add(m)
		in.original = m
	case 6, 7:
		if in.Type != 3 {
			return http.StatusBadRequest, codeInvalidForm, "only component interactions take types 6 and 7"
		}
		m := f.byID(in.MessageID)
		if m == nil {
			return http.StatusNotFound, codeUnknownMessage, "Unknown Message"
		}
		if b.Type == 7 {
			if err := m.apply(data); err != nil {
				return http.StatusBadRequest, codeInvalidForm, err.Error()
			}
			m.Edits++
		}
		in.original = m
	case 8:
		if in.Type != 4 {
			return http.StatusBadRequest, codeInvalidForm, "only autocomplete interactions take type 8"
		}
		if len(data.Choices) > 25 {
			return http.StatusBadRequest, codeInvalidForm, "more than 25 choices"
		}
		in.Choices = []string{}
		for _, c := range data.Choices {
			in.Choices = append(in.Choices, fmt.Sprint(c.Value))
		}
	default:
		return http.StatusBadRequest, codeInvalidForm, fmt.Sprintf("response type %d not supported", b.Type)
	}
	in.acked = true
	in.visible = b.Type != 5 && b.Type != 6
	in.ResponseType = b.Type
	f.notify()
	return http.StatusNoContent, 0, ""
}

// byID returns the message with the given id, or nil; f.mu must be held.
func (f *Fake) byID(id string) *Message { return f.byMessageID[id] }

// webhookMessage finds the message of an interaction: "@original" or a
// follow-up id. f.mu must be held.
func (f *Fake) webhookMessage(r *http.Request) (*Interaction, *Message) {
	in, ok := f.interactions[r.PathValue("token")]
	if !ok || r.PathValue("app") != AppID {
		return nil, nil
	}
	id := r.PathValue("msg")
	if id == "@original" {
		return in, in.original
	}
	m := f.byID(id)
	if m == nil || m.Interaction != in.ID {
		return in, nil
	}
	return in, m
}

func (f *Fake) webhookEdit(w http.ResponseWriter, r *http.Request) {
	b, err := f.readBody(r)
	if err != nil {
		apiError(w, http.StatusBadRequest, codeInvalidForm, err.Error())
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	in, m := f.webhookMessage(r)
	if in == nil {
		apiError(w, http.StatusNotFound, codeUnknownWebhook, "Unknown Webhook")
		return
	}
	if m == nil || m.Deleted {
		apiError(w, http.StatusNotFound, codeUnknownMessage, "Unknown Message")
		return
	}
	if err := m.apply(b); err != nil {
		apiError(w, http.StatusBadRequest, codeInvalidForm, err.Error())
		return
	}
	if m.Deferred {
		m.ping() // a deferred response's content notifies as a new message would
	}
	m.Deferred = false
	m.Edits++
	in.visible = true
	f.notify()
	writeJSON(w, http.StatusOK, messageJSON(m))
}

func (f *Fake) webhookDelete(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	_, m := f.webhookMessage(r)
	if m == nil || m.Deleted {
		apiError(w, http.StatusNotFound, codeUnknownMessage, "Unknown Message")
		return
	}
	m.Deleted = true
	f.notify()
	w.WriteHeader(http.StatusNoContent)
}

func (f *Fake) followUp(w http.ResponseWriter, r *http.Request) {
	b, err := f.readBody(r)
	if err != nil {
		apiError(w, http.StatusBadRequest, codeInvalidForm, err.Error())
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	in, ok := f.interactions[r.PathValue("token")]
	if !ok || r.PathValue("app") != AppID {
		apiError(w, http.StatusNotFound, codeUnknownWebhook, "Unknown Webhook")
		return
	}
	if !in.acked {
		apiError(w, http.StatusNotFound, codeUnknownWebhook, "Unknown Webhook")
		return
	}
	m := &Message{
		ID: f.newID(), ChannelID: in.ChannelID, Kind: FollowUp, Interaction: in.ID, UserID: in.UserID,
		Ephemeral: b.Flags&ephemeralFlag != 0, DMUser: f.dmUsers[in.ChannelID],
	}
	if err := m.apply(b); err != nil {
		apiError(w, http.StatusBadRequest, codeInvalidForm, err.Error())
		return
	}
	m.ping()
	f.add(m)
	in.visible = true
	f.notify()
	if r.URL.Query().Get("wait") != "true" {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	writeJSON(w, http.StatusOK, messageJSON(m))
}

func (f *Fake) channelMessage(w http.ResponseWriter, r *http.Request) {
	b, err := f.readBody(r)
	if err != nil {
		apiError(w, http.StatusBadRequest, codeInvalidForm, err.Error())
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	ch := r.PathValue("channel")
	user := f.dmUsers[ch]
	if user != "" && f.dmBlocked[user] {
		apiError(w, http.StatusForbidden, codeCannotDM, "Cannot send messages to this user")
		return
	}
	if b.Flags&ephemeralFlag != 0 {
		apiError(w, http.StatusBadRequest, codeInvalidForm, "channel messages cannot be ephemeral")
		return
	}
	nonce := strings.Trim(string(b.Nonce), `"`)
	if len(nonce) > 25 {
		apiError(w, http.StatusBadRequest, codeInvalidForm, "nonce longer than 25 characters")
		return
	}
	key := ch + "\x00" + nonce
	if first, ok := f.nonces[key]; ok && b.EnforceNonce && nonce != "" {
		writeJSON(w, http.StatusOK, messageJSON(first))
		return
	}
	m := &Message{ID: f.newID(), ChannelID: ch, Kind: Post, DMUser: user}
	if err := m.apply(b); err != nil {
		apiError(w, http.StatusBadRequest, codeInvalidForm, err.Error())
		return
	}
	m.ping()
	if b.EnforceNonce && nonce != "" {
		f.nonces[key] = m
	}
	f.add(m)
	f.notify()
	writeJSON(w, http.StatusOK, messageJSON(m))
}

func (f *Fake) channelMessageEdit(w http.ResponseWriter, r *http.Request) {
	b, err := f.readBody(r)
	if err != nil {
		apiError(w, http.StatusBadRequest, codeInvalidForm, err.Error())
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	m := f.byID(r.PathValue("msg"))
	if m == nil || m.Deleted || m.ChannelID != r.PathValue("channel") || m.Ephemeral {
		apiError(w, http.StatusNotFound, codeUnknownMessage, "Unknown Message")
		return
	}
	if err := m.apply(b); err != nil {
		apiError(w, http.StatusBadRequest, codeInvalidForm, err.Error())
		return
	}
	m.Edits++
	f.notify()
	writeJSON(w, http.StatusOK, messageJSON(m))
}

func (f *Fake) thread(w http.ResponseWriter, r *http.Request) {
	var b struct {
		Name string `json:"name"`
		Type int    `json:"type"`
	}
	if err := json.NewDecoder(r.Body).Decode(&b); err != nil || b.Name == "" || len(b.Name) > 100 {
		apiError(w, http.StatusBadRequest, codeInvalidForm, "Invalid Form Body")
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	th := Thread{ID: f.newID(), ParentID: r.PathValue("channel"), Name: b.Name}
	f.threads = append(f.threads, th)
	f.notify()
	writeJSON(w, http.StatusCreated, map[string]any{
		"id": th.ID, "parent_id": th.ParentID, "name": th.Name, "type": 11,
	})
}

func (f *Fake) dmChannel(w http.ResponseWriter, r *http.Request) {
	var b struct {
		RecipientID string `json:"recipient_id"`
	}
	if err := json.NewDecoder(r.Body).Decode(&b); err != nil || b.RecipientID == "" {
		apiError(w, http.StatusBadRequest, codeInvalidForm, "Invalid Form Body")
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	ch, ok := f.dmChannels[b.RecipientID]
	if !ok {
		ch = f.newID()
		f.dmChannels[b.RecipientID] = ch
		f.dmUsers[ch] = b.RecipientID
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"id": ch, "type": 1, "recipients": []map[string]any{{"id": b.RecipientID}},
	})
}

func (f *Fake) bulkOverwrite(w http.ResponseWriter, r *http.Request) {
	data, err := io.ReadAll(r.Body)
	if err != nil {
		apiError(w, http.StatusBadRequest, codeInvalidForm, "Invalid Form Body")
		return
	}
	var cmds []map[string]any
	var typed []command
	if json.Unmarshal(data, &cmds) != nil || json.Unmarshal(data, &typed) != nil {
		apiError(w, http.StatusBadRequest, codeInvalidForm, "Invalid Form Body")
		return
	}
	if err := checkCommands(typed); err != nil {
		apiError(w, http.StatusBadRequest, codeInvalidForm, "Invalid Form Body: "+err.Error())
		return
	}
	if r.PathValue("app") != AppID {
		apiError(w, http.StatusForbidden, codeMissingAccess, "Missing Access")
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, c := range cmds {
		c["id"] = f.newID()
		c["application_id"] = AppID
		c["version"] = "1"
	}
	f.commands[r.PathValue("guild")] = cmds
	f.notify()
	writeJSON(w, http.StatusOK, cmds)
}

func (f *Fake) application(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{"id": AppID, "name": "pbc", "bot_public": false})
}
