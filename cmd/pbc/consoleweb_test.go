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
			in: strings.NewReader("@alice /game new game:xibalba players:2\n@bob /game join\n@alice /game start\n@bob /hand\n"),
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
	links := map[string]*regexp.Regexp{
		"public link":        regexp.MustCompile(`table 1: (http://127\.0\.0\.1:\d+/t/1/\S+)`),
		"bob's private link": regexp.MustCompile(`table 1 seat 2 \(bob\): (http://\S+/s/1/1\.\S+)`),
		"board post button":  regexp.MustCompile(`\[link\] Table page: (http://\S+/t/1/\S+)`),
		"/hand button":       regexp.MustCompile(`\[link\] Your page \(private link\): (http://\S+/s/1/1\.\S+)`),
	}
	for name, re := range links {
		m := re.FindStringSubmatch(text)
		if m == nil {
			t.Errorf("no %s in:\n%s", name, text)
			continue
		}
		res, err := http.Get(m[1])
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusOK || !strings.Contains(string(body), "XIBALBA") {
			t.Errorf("%s %s: status %d\n%s", name, m[1], res.StatusCode, body)
		}
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}
