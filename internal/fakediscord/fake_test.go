package fakediscord

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"slices"
	"strings"
	"testing"
)

// do sends a request to the fake and returns status and body.
func do(t *testing.T, f *Fake, method, path, contentType string, body []byte, auth bool) (int, map[string]any) {
	t.Helper()
	req, err := http.NewRequest(method, f.URL()+path, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if auth {
		req.Header.Set("Authorization", "Bot "+Token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	var out map[string]any
	json.Unmarshal(data, &out)
	return resp.StatusCode, out
}

func newCommand(t *testing.T, f *Fake) *Interaction {
	t.Helper()
	f.UseFunc(func([]byte) {})
	return f.Command(Where{GuildID: "1", ChannelID: "2"}, User{ID: "3", Name: "Ada"}, "hand", "")
}

func TestCallbacks(t *testing.T) {
	f := New(t)
	in := newCommand(t, f)
	cb := "/api/v9/interactions/" + in.ID + "/" + in.Token + "/callback"
	edit := "/api/v9/webhooks/" + AppID + "/" + in.Token + "/messages/@original"
	for _, step := range []struct {
		name, method, path, body string
		status, code             int
	}{
		{"edit before any response", http.MethodPatch, edit, `{"content":"x"}`, http.StatusNotFound, 10008},
		{"follow-up before any response", http.MethodPost, "/api/v9/webhooks/" + AppID + "/" + in.Token, `{"content":"x"}`, http.StatusNotFound, 10015},
		{"unknown interaction", http.MethodPost, "/api/v9/interactions/9/nope/callback", `{"type":4,"data":{"content":"x"}}`, http.StatusNotFound, 10062},
		{"update on a command", http.MethodPost, cb, `{"type":7,"data":{"content":"x"}}`, http.StatusBadRequest, 50035},
		{"too long", http.MethodPost, cb, `{"type":4,"data":{"content":"` + string(bytes.Repeat([]byte("a"), 2001)) + `"}}`, http.StatusBadRequest, 50035},
		{"deferral", http.MethodPost, cb, `{"type":5,"data":{"flags":64}}`, http.StatusNoContent, 0},
		{"second ack", http.MethodPost, cb, `{"type":4,"data":{"content":"x"}}`, http.StatusBadRequest, 40060},
		{"edit fills the deferral", http.MethodPatch, edit, `{"content":"done"}`, http.StatusOK, 0},
	} {
		status, body := do(t, f, step.method, step.path, "application/json", []byte(step.body), false)
		if status != step.status || (step.code != 0 && body["code"] != float64(step.code)) {
			t.Fatalf("%s: status %d body %v, want %d code %d", step.name, status, body, step.status, step.code)
		}
	}
	r := f.Replies(in)
	if len(r) != 1 || r[0].Content != "done" || !r[0].Ephemeral || r[0].Deferred || in.ResponseType != 5 {
		t.Errorf("replies %+v, type %d", r, in.ResponseType)
	}
}

func TestMultipartMessage(t *testing.T) {
	f := New(t)
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	h := textproto.MIMEHeader{}
	h.Set("Content-Disposition", `form-data; name="payload_json"`)
	p, _ := w.CreatePart(h)
	io.WriteString(p, `{"content":"board","attachments":[{"id":"0","description":"alt"}],`+
		`"components":[{"type":1,"components":[{"type":2,"custom_id":"a","label":"A","style":1}]}]}`)
	fw, _ := w.CreateFormFile("files[0]", "board.png")
	fw.Write([]byte("png"))
	w.Close()
	status, body := do(t, f, http.MethodPost, "/api/v9/channels/5/messages", w.FormDataContentType(), buf.Bytes(), true)
	if status != http.StatusOK || body["id"] == nil {
		t.Fatalf("status %d body %v", status, body)
	}
	m := f.Messages("5")
	if len(m) != 1 || len(m[0].Files) != 1 || m[0].Files[0].Description != "alt" || string(m[0].Files[0].Data) != "png" {
		t.Fatalf("messages %+v", m)
	}
	if b, ok := m[0].Button("A"); !ok || b.CustomID != "a" {
		t.Errorf("button %+v %v", b, ok)
	}
}

func TestChannelMessageEdit(t *testing.T) {
	f := New(t)
	status, posted := do(t, f, http.MethodPost, "/api/v9/channels/5/messages", "application/json",
		[]byte(`{"content":"board","components":[{"type":1,"components":[{"type":2,"custom_id":"a","label":"A","style":1}]}]}`), true)
	if status != http.StatusOK {
		t.Fatalf("post: status %d body %v", status, posted)
	}
	id := posted["id"].(string)
	for _, step := range []struct {
		name, path, body string
		auth             bool
		status, code     int
	}{
		{"without token", "/api/v9/channels/5/messages/" + id, `{"components":[]}`, false, http.StatusUnauthorized, 0},
		{"unknown message", "/api/v9/channels/5/messages/999", `{"components":[]}`, true, http.StatusNotFound, codeUnknownMessage},
		{"other channel", "/api/v9/channels/6/messages/" + id, `{"components":[]}`, true, http.StatusNotFound, codeUnknownMessage},
		{"invalid components", "/api/v9/channels/5/messages/" + id, `{"components":[{"type":1,"components":[]}]}`, true, http.StatusBadRequest, codeInvalidForm},
		{"clear components", "/api/v9/channels/5/messages/" + id, `{"components":[]}`, true, http.StatusOK, 0},
	} {
		status, body := do(t, f, http.MethodPatch, step.path, "application/json", []byte(step.body), step.auth)
		if status != step.status || (step.code != 0 && body["code"] != float64(step.code)) {
			t.Fatalf("%s: status %d body %v, want %d code %d", step.name, status, body, step.status, step.code)
		}
	}
	m := f.Messages("5")
	if len(m) != 1 || len(m[0].Rows) != 0 || m[0].Content != "board" || m[0].Edits != 1 {
		t.Errorf("messages after the edits %+v", m)
	}
}

func TestAuthAndBlockedDMs(t *testing.T) {
	f := New(t)
	if status, _ := do(t, f, http.MethodPost, "/api/v9/channels/5/messages", "application/json", []byte(`{"content":"x"}`), false); status != http.StatusUnauthorized {
		t.Errorf("without token: status %d", status)
	}
	f.SetDMBlocked("7", true)
	status, ch := do(t, f, http.MethodPost, "/api/v9/users/@me/channels", "application/json", []byte(`{"recipient_id":"7"}`), true)
	if status != http.StatusOK {
		t.Fatalf("DM channel: %d", status)
	}
	status, body := do(t, f, http.MethodPost, "/api/v9/channels/"+ch["id"].(string)+"/messages", "application/json", []byte(`{"content":"x"}`), true)
	if status != http.StatusForbidden || body["code"] != float64(50007) {
		t.Errorf("blocked DM: status %d body %v", status, body)
	}
	if len(f.DMs("7")) != 0 {
		t.Errorf("blocked DM recorded")
	}
}

func TestCommandChecks(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		ok         bool
	}{
		{"valid", `[{"name":"game","description":"Play","options":[{"name":"new","type":1,"description":"Open",` +
			`"options":[{"name":"game","type":3,"description":"Which","required":true},{"name":"players","type":4,"description":"How many"}]}]}]`, true},
		{"upper case name", `[{"name":"Game","description":"Play"}]`, false},
		{"empty description", `[{"name":"game","description":""}]`, false},
		{"long German description", `[{"name":"game","description":"Play","description_localizations":{"de":"` +
			string(bytes.Repeat([]byte("x"), 101)) + `"}}]`, false},
		{"required after optional", `[{"name":"game","description":"Play","options":[` +
			`{"name":"a","type":3,"description":"A"},{"name":"b","type":3,"description":"B","required":true}]}]`, false},
		{"duplicate command", `[{"name":"game","description":"Play"},{"name":"game","description":"Play"}]`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := New(t)
			status, body := do(t, f, http.MethodPut, "/api/v9/applications/"+AppID+"/commands", "application/json", []byte(tc.body), true)
			if (status == http.StatusOK) != tc.ok {
				t.Errorf("status %d body %v", status, body)
			}
		})
	}
}

func TestComponentChecks(t *testing.T) {
	button := func(id string) string { return `{"type":2,"custom_id":"` + id + `","label":"L","style":1}` }
	for _, tc := range []struct {
		name, components string
		ok               bool
	}{
		{"five buttons", `[{"type":1,"components":[` + button("a") + `,` + button("b") + `,` + button("c") + `,` + button("d") + `,` + button("e") + `]}]`, true},
		{"six buttons", `[{"type":1,"components":[` + button("a") + `,` + button("b") + `,` + button("c") + `,` + button("d") + `,` + button("e") + `,` + button("f") + `]}]`, false},
		{"duplicate custom id", `[{"type":1,"components":[` + button("a") + `]},{"type":1,"components":[` + button("a") + `]}]`, false},
		{"long custom id", `[{"type":1,"components":[` + button(string(bytes.Repeat([]byte("x"), 101))) + `]}]`, false},
		{"empty row", `[{"type":1,"components":[]}]`, false},
		{"select without options", `[{"type":1,"components":[{"type":3,"custom_id":"s","options":[]}]}]`, false},
		{"multi-select", `[{"type":1,"components":[{"type":3,"custom_id":"s","min_values":1,"max_values":2,"options":[{"value":"a","label":"A"},{"value":"b","label":"B"}]}]}]`, true},
		{"multi-select of nothing", `[{"type":1,"components":[{"type":3,"custom_id":"s","min_values":0,"max_values":1,"options":[{"value":"a","label":"A"}]}]}]`, true},
		{"max values above options", `[{"type":1,"components":[{"type":3,"custom_id":"s","min_values":1,"max_values":3,"options":[{"value":"a","label":"A"},{"value":"b","label":"B"}]}]}]`, false},
		{"min above max", `[{"type":1,"components":[{"type":3,"custom_id":"s","min_values":2,"max_values":1,"options":[{"value":"a","label":"A"},{"value":"b","label":"B"}]}]}]`, false},
		{"five rows", rows(5, button), true},
		{"six rows", rows(6, button), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := New(t)
			status, body := do(t, f, http.MethodPost, "/api/v9/channels/5/messages", "application/json",
				[]byte(`{"content":"x","components":`+tc.components+`}`), true)
			if (status == http.StatusOK) != tc.ok {
				t.Errorf("status %d body %v", status, body)
			}
		})
	}
}

// rows returns n action rows of one button each.
func rows(n int, button func(string) string) string {
	var rs []string
	for i := range n {
		rs = append(rs, `{"type":1,"components":[`+button(fmt.Sprint("r", i))+`]}`)
	}
	return "[" + strings.Join(rs, ",") + "]"
}

// TestPinged checks that only a message's creation notifies, and only the
// users allowed and mentioned.
func TestPinged(t *testing.T) {
	for _, c := range []struct {
		name, post, edit string
		want             []string
	}{
		{"allowed and mentioned", `{"content":"Now: <@11> <@12>","allowed_mentions":{"parse":[],"users":["11"]}}`, "", []string{"11"}},
		{"no allowed_mentions pings every mention", `{"content":"Now: <@11>, <@!12>"}`, "", []string{"11", "12"}},
		{"parse users", `{"content":"<@13>","allowed_mentions":{"parse":["users"]}}`, "", []string{"13"}},
		{"allowed but not mentioned", `{"content":"Now: Bot 2","allowed_mentions":{"parse":[],"users":["11"]}}`, "", nil},
		{"an edit keeps the post's pings", `{"content":"<@11>","allowed_mentions":{"parse":[],"users":["11"]}}`,
			`{"content":"<@11> <@12>","allowed_mentions":{"parse":[],"users":["12"]}}`, []string{"11"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := New(t)
			status, posted := do(t, f, http.MethodPost, "/api/v9/channels/5/messages", "application/json", []byte(c.post), true)
			if status != http.StatusOK {
				t.Fatalf("post: status %d body %v", status, posted)
			}
			if c.edit != "" {
				if status, body := do(t, f, http.MethodPatch, "/api/v9/channels/5/messages/"+posted["id"].(string), "application/json", []byte(c.edit), true); status != http.StatusOK {
					t.Fatalf("edit: status %d body %v", status, body)
				}
			}
			if m := f.Messages("5"); len(m) != 1 || !slices.Equal(m[0].Pinged, c.want) {
				t.Errorf("pinged %v, want %v", m[0].Pinged, c.want)
			}
		})
	}
}

// TestAttachmentIDIsString: Discord's API description types attachment ids
// as strings; the fake refuses a number, as a strict server may.
func TestAttachmentIDIsString(t *testing.T) {
	f := New(t)
	for _, tc := range []struct {
		name, id string
		status   int
	}{
		{"string", `"0"`, http.StatusOK},
		{"number", `0`, http.StatusBadRequest},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			w := multipart.NewWriter(&buf)
			h := textproto.MIMEHeader{}
			h.Set("Content-Disposition", `form-data; name="payload_json"`)
			p, _ := w.CreatePart(h)
			io.WriteString(p, `{"content":"board","attachments":[{"id":`+tc.id+`,"description":"alt"}]}`)
			fw, _ := w.CreateFormFile("files[0]", "board.png")
			fw.Write([]byte("png"))
			w.Close()
			status, body := do(t, f, http.MethodPost, "/api/v9/channels/5/messages", w.FormDataContentType(), buf.Bytes(), true)
			if status != tc.status {
				t.Fatalf("status %d body %v, want %d", status, body, tc.status)
			}
		})
	}
}

// TestEmbedLimits checks that the fake refuses embeds as Discord does.
func TestEmbedLimits(t *testing.T) {
	field := func(name string, n int) EmbedField { return EmbedField{Name: name, Value: strings.Repeat("x", n)} }
	many := func(n, size int) []EmbedField {
		var fs []EmbedField
		for i := range n {
			fs = append(fs, field(fmt.Sprint(i), size))
		}
		return fs
	}
	tests := []struct {
		name   string
		embeds []Embed
		ok     bool
	}{
		{name: "a panel", embeds: []Embed{{Title: "Hand", Fields: many(5, 200)}}, ok: true},
		{name: "11 embeds", embeds: make([]Embed, 11)},
		{name: "26 fields", embeds: []Embed{{Fields: many(26, 10)}}},
		{name: "a value of 1025 characters", embeds: []Embed{{Fields: []EmbedField{field("n", 1025)}}}},
		{name: "an empty value", embeds: []Embed{{Fields: []EmbedField{field("n", 0)}}}},
		{name: "more than 6000 characters in all", embeds: []Embed{{Fields: many(6, 1000)}, {Description: strings.Repeat("y", 1)}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := checkEmbeds(tt.embeds); (err == nil) != tt.ok {
				t.Errorf("checkEmbeds = %v, want ok %v", err, tt.ok)
			}
		})
	}
}
