package web

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"
	"time"
)

// BenchmarkPages measures the public page and a replay step of a whole
// three-player Armageddon game over loopback HTTP, with the real
// renderer, and reports the 50th and 99th percentile latencies. A replay
// step asks for the board after a move not drawn before (a cache miss:
// one picture drawn and encoded); the page is the latest move's, as a
// player reloading it gets it.
//
//	go test ./bot/web/ -run '^$' -bench Pages -benchtime 200x
func BenchmarkPages(b *testing.B) {
	p := playGame(b, "armageddon", 3, map[string]string{"screens": "closed"}, 13, 1000)
	store := newFakeStore()
	store.put(p.table, p.seats, p.moves)
	s, err := New(Config{Store: store, Secret: testSecret, Rate: 1e6, Burst: 1e6})
	if err != nil {
		b.Fatal(err)
	}
	srv := httptest.NewServer(s)
	defer srv.Close()
	page := srv.URL + s.PublicLink(7)
	fetch := func(b *testing.B, url string) time.Duration {
		start := time.Now()
		res, err := http.Get(url)
		if err != nil {
			b.Fatal(err)
		}
		_, err = io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if err != nil || res.StatusCode != http.StatusOK {
			b.Fatalf("%s: %d %v", url, res.StatusCode, err)
		}
		return time.Since(start)
	}
	report := func(b *testing.B, ds []time.Duration) {
		slices.Sort(ds)
		b.ReportMetric(float64(ds[len(ds)/2].Microseconds())/1000, "p50-ms")
		b.ReportMetric(float64(ds[len(ds)*99/100].Microseconds())/1000, "p99-ms")
	}
	b.Run("public page", func(b *testing.B) {
		fetch(b, page) // the first request replays the log
		var ds []time.Duration
		for b.Loop() {
			ds = append(ds, fetch(b, page))
		}
		report(b, ds)
	})
	b.Run("replay step", func(b *testing.B) {
		var ds []time.Duration
		n := 0
		for b.Loop() {
			// Moves in turn, each board drawn once: the cache keeps
			// fewer boards than the game has moves.
			n = (n + 1) % (len(p.moves) + 1)
			ds = append(ds, fetch(b, fmt.Sprintf("%s/board.png?move=%d", page, n)))
		}
		report(b, ds)
	})
}
