package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a bytes.Buffer safe for one writer and one reader.
type syncBuffer struct {
	mu  sync.Mutex // mu protects buf
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestConsoleWeb runs a console session with --web: it prints the table's
// public link and each seat's private link, the board post carries the
// public link as a link button and /hand the private one, and the server
// answers both until the session is interrupted.
func TestConsoleWeb(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	out := &syncBuffer{}
	done := make(chan error, 1)
	go func() {
		done <- runConsoleSession(ctx, consoleConfig{
			dbPath: ":memory:", pngDir: t.TempDir(), lang: "en", random: seededReader(1), web: "127.0.0.1:0",
			render: stubRender, out: out, log: testLogger(t),
			in: strings.NewReader("@alice /game new game:xibalba players:2\n@bob /game join\n@alice /game start\n@bob /hand\n@bob /hand new_link:true\n"),
		})
	}()
	deadline := time.Now().Add(time.Minute)
	for !strings.Contains(out.String(), "serving the table pages until interrupted") {
		if time.Now().After(deadline) {
			t.Fatalf("the session did not finish its script:\n%s", out.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	text := out.String()
	if !strings.Contains(text, "Your earlier private page links are void") {
		t.Errorf("/hand new_link:true does not say the old links are void:\n%s", text)
	}
	handButton := regexp.MustCompile(`\[link\] Your page \(private link\): (http://\S+/s/1/1\.\S+)`)
	links := []struct {
		name   string
		re     *regexp.Regexp
		nth    int // which match: 0 the first, -1 the last
		status int
	}{
		{"public link", regexp.MustCompile(`table 1: (http://127\.0\.0\.1:\d+/t/1/\S+)`), 0, http.StatusOK},
		{"bob's private link, voided since", regexp.MustCompile(`table 1 seat 2 \(bob\): (http://\S+/s/1/1\.\S+)`), 0, http.StatusForbidden},
		{"board post button", regexp.MustCompile(`\[link\] Table page: (http://\S+/t/1/\S+)`), 0, http.StatusOK},
		{"first /hand button, voided since", handButton, 0, http.StatusForbidden},
		{"/hand new_link button", handButton, -1, http.StatusOK},
	}
	for _, l := range links {
		all := l.re.FindAllStringSubmatch(text, -1)
		if len(all) == 0 {
			t.Errorf("no %s in:\n%s", l.name, text)
			continue
		}
		m := all[0]
		if l.nth < 0 {
			m = all[len(all)-1]
		}
		res, err := http.Get(m[1])
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != l.status || (l.status == http.StatusOK && !strings.Contains(string(body), "XIBALBA")) {
			t.Errorf("%s %s: status %d, want %d\n%s", l.name, m[1], res.StatusCode, l.status, body)
		}
	}
	if all := handButton.FindAllString(text, -1); len(all) != 2 || all[0] == all[1] {
		t.Errorf("/hand buttons %q, want two different links", all)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}
