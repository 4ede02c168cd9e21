package fakediscord

import (
	"bytes"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"slices"
	"strings"
	"testing"
)

// multipartBody is a message body of payload and the named files.
func multipartBody(t *testing.T, payload string, files ...string) (contentType string, body []byte) {
	t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	h := textproto.MIMEHeader{}
	h.Set("Content-Disposition", `form-data; name="payload_json"`)
	p, err := w.CreatePart(h)
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(p, payload)
	for i, name := range files {
		fw, err := w.CreateFormFile(fmt.Sprintf("files[%d]", i), name)
		if err != nil {
			t.Fatal(err)
		}
		fw.Write([]byte("png"))
	}
	w.Close()
	return w.FormDataContentType(), buf.Bytes()
}

const (
	v2Text    = `{"type":10,"content":"Ana must act"}`
	v2Gallery = `{"type":12,"items":[{"media":{"url":"attachment://board.png"}},{"media":{"url":"attachment://phone-scores.png"}}]}`
	v2Row     = `{"type":1,"components":[{"type":2,"custom_id":"a","label":"A","style":1}]}`
)

// TestComponentsV2 posts Components V2 messages: a valid one is recorded
// with its text, gallery and buttons; Discord's refusals are refused.
func TestComponentsV2(t *testing.T) {
	files := []string{"board.png", "phone-scores.png"}
	eleven := strings.Repeat(`{"media":{"url":"attachment://board.png"}},`, 11)
	for _, tc := range []struct {
		name, payload string
		files         []string
		ok            bool
	}{
		{"text, gallery and buttons", `{"flags":32768,"components":[` + v2Text + `,` + v2Gallery + `,` + v2Row + `]}`, files, true},
		{"in a container", `{"flags":32768,"components":[{"type":17,"components":[` + v2Text + `,` + v2Gallery + `]},` + v2Row + `]}`, files, true},
		{"content", `{"flags":32768,"content":"x","components":[` + v2Text + `]}`, nil, false},
		{"embeds", `{"flags":32768,"embeds":[{"title":"x"}],"components":[` + v2Text + `]}`, nil, false},
		{"gallery of a missing file", `{"flags":32768,"components":[` + v2Gallery + `]}`, files[:1], false},
		{"gallery of eleven", `{"flags":32768,"components":[{"type":12,"items":[` + strings.TrimSuffix(eleven, ",") + `]}]}`, files[:1], false},
		{"empty gallery", `{"flags":32768,"components":[{"type":12,"items":[]}]}`, nil, false},
		{"a button at the top", `{"flags":32768,"components":[{"type":2,"custom_id":"a","label":"A","style":1}]}`, nil, false},
		{"a container in a container", `{"flags":32768,"components":[{"type":17,"components":[{"type":17,"components":[]}]}]}`, nil, false},
		{"text display without the flag", `{"components":[` + v2Text + `]}`, nil, false},
		{"eleven files", `{"content":"x"}`, slices.Repeat([]string{"a.png"}, 11), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := New(t)
			ct, body := multipartBody(t, tc.payload, tc.files...)
			status, got := do(t, f, http.MethodPost, "/api/v9/channels/5/messages", ct, body, true)
			if ok := status == http.StatusOK; ok != tc.ok {
				t.Fatalf("status %d %v, want ok %v", status, got, tc.ok)
			}
			if !tc.ok {
				if got["code"] != float64(codeInvalidForm) {
					t.Errorf("code %v, want %d", got["code"], codeInvalidForm)
				}
				return
			}
			m := f.Messages("5")
			want := []string{"attachment://board.png", "attachment://phone-scores.png"}
			if len(m) != 1 || !m[0].V2 || m[0].Content != "Ana must act" || !slices.Equal(m[0].Gallery, want) {
				t.Fatalf("recorded %+v", m)
			}
			if b, ok := m[0].Button("A"); !ok || b.CustomID != "a" {
				t.Errorf("button %+v %v", b, ok)
			}
		})
	}
}

// TestComponentsV2Edit checks that an edit of a V2 message stays V2: new
// text displays replace the text, content is refused.
func TestComponentsV2Edit(t *testing.T) {
	f := New(t)
	ct, body := multipartBody(t, `{"flags":32768,"components":[`+v2Text+`,`+v2Gallery+`]}`, "board.png", "phone-scores.png")
	status, posted := do(t, f, http.MethodPost, "/api/v9/channels/5/messages", ct, body, true)
	if status != http.StatusOK {
		t.Fatalf("post: %d %v", status, posted)
	}
	path := "/api/v9/channels/5/messages/" + posted["id"].(string)
	if status, got := do(t, f, http.MethodPatch, path, "application/json", []byte(`{"content":"closed"}`), true); status != http.StatusBadRequest {
		t.Errorf("content edit: status %d %v, want a refusal", status, got)
	}
	edit := `{"flags":32768,"components":[{"type":10,"content":"closed"},` + v2Gallery + `]}`
	if status, got := do(t, f, http.MethodPatch, path, "application/json", []byte(edit), true); status != http.StatusOK {
		t.Fatalf("edit: status %d %v", status, got)
	}
	if m := f.Messages("5"); len(m) != 1 || m[0].Content != "closed" || len(m[0].Files) != 2 || len(m[0].Gallery) != 2 {
		t.Errorf("after the edit: %+v", m)
	}
}
