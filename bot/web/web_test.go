package web

import (
	"context"
	"fmt"
	"html"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
	_ "github.com/playbychat/pbc/games/all"
	"github.com/playbychat/pbc/images"
	_ "github.com/playbychat/pbc/images/all"
)

// fakeStore is an in-memory Store of tables.
type fakeStore struct {
	mu     sync.Mutex // mu protects the fields below
	tables map[int64]db.Table
	seats  map[int64][]db.Seat
	moves  map[int64][]db.Move
}

func newFakeStore() *fakeStore {
	return &fakeStore{tables: map[int64]db.Table{}, seats: map[int64][]db.Seat{}, moves: map[int64][]db.Move{}}
}

func (f *fakeStore) Table(_ context.Context, id int64) (db.Table, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	t, ok := f.tables[id]
	if !ok {
		return db.Table{}, fmt.Errorf("table %d: %w", id, db.ErrNotFound)
	}
	return t, nil
}

func (f *fakeStore) Seats(_ context.Context, id int64) ([]db.Seat, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]db.Seat(nil), f.seats[id]...), nil
}

func (f *fakeStore) Moves(_ context.Context, id int64) ([]db.Move, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]db.Move(nil), f.moves[id]...), nil
}

// put stores a table with its seats and log; the version is the log's
// length plus one.
func (f *fakeStore) put(t db.Table, seats []db.Seat, moves []db.Move) {
	f.mu.Lock()
	defer f.mu.Unlock()
	t.Version = len(moves) + 1
	f.tables[t.ID], f.seats[t.ID], f.moves[t.ID] = t, seats, moves
}

// played is a whole game played by the bot policies.
type played struct {
	table db.Table
	seats []db.Seat
	moves []db.Move
	// private are the notations of the moves played that were marked
	// Private (secret choices).
	private []string
}

// playGame plays a game of def with n seats to its end (or limit moves)
// with the bot's choices from seed.
func playGame(t testing.TB, id string, n int, options map[string]string, seed uint64, limit int) played {
	t.Helper()
	def, ok := games.Lookup(id)
	if !ok {
		t.Fatalf("no game %q", id)
	}
	g, _, err := def.Create(n, options, seed)
	if err != nil {
		t.Fatal(err)
	}
	p := played{table: db.Table{ID: 7, Game: id, Options: options, Seed: seed, Status: db.Running}}
	for i := range n {
		p.seats = append(p.seats, db.Seat{Seat: i, UserID: fmt.Sprintf("u%d", i), Name: fmt.Sprintf("Name%d", i)})
	}
	r := rand.New(rand.NewPCG(seed, 1))
	for len(p.moves) < limit && !g.Status().Finished {
		actors := g.ToAct()
		if len(actors) == 0 {
			break
		}
		seat := actors[0].Seat
		m, ok := def.BotMove(g, seat, r)
		if !ok {
			t.Fatalf("seat %d has no move", seat)
		}
		if m.Private {
			p.private = append(p.private, m.Notation)
		}
		next, _, err := games.Play(g, seat, m)
		if err != nil {
			t.Fatalf("move %d %q: %v", len(p.moves)+1, m.Notation, err)
		}
		g = next
		p.moves = append(p.moves, db.Move{N: len(p.moves) + 1, Seat: int(seat), UserID: fmt.Sprintf("u%d", seat), Notation: m.Notation})
	}
	if g.Status().Finished {
		p.table.Status = db.Finished
	}
	return p
}

// altRender draws nothing (a one-byte PNG) but returns the real alt text
// of the view, so that page tests stay fast and still see every text the
// page is made of.
func altRender(v games.View, names []string, lang games.Lang) (*Board, error) {
	return &Board{PNG: []byte{0}, Alt: images.For(v.GameID()).Alt(v, names, lang), Width: 10, Height: 10}, nil
}

var testSecret = []byte("0123456789abcdef0123456789abcdef")

// testServer serves store with a fixed clock.
func testServer(t *testing.T, store Store, render RenderFunc, now time.Time) *Server {
	t.Helper()
	s, err := New(Config{Store: store, Secret: testSecret, BaseURL: "https://pbc.example", Render: render,
		Rate: 1000, Burst: 100000, Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// get makes one request of s and returns the response and its body.
func get(t *testing.T, s http.Handler, method, target string, header map[string]string) (*http.Response, string) {
	t.Helper()
	req := httptest.NewRequest(method, target, nil)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	res := rec.Result()
	body, _ := io.ReadAll(res.Body)
	return res, string(body)
}

// path returns the path of a link made by the server.
func path(link string) string { return strings.TrimPrefix(link, "https://pbc.example") }

var now = time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)

func TestHandlers(t *testing.T) {
	store := newFakeStore()
	p := playGame(t, "xibalba", 2, nil, 3, 30)
	store.put(p.table, p.seats, p.moves)
	store.put(db.Table{ID: 8, Game: "xibalba", Status: db.Open}, p.seats[:1], nil)
	s := testServer(t, store, altRender, now)
	private := path(s.SeatLink(7, 1, "u1", 0))
	pub, open := path(s.PublicLink(7)), path(s.PublicLink(8))
	tests := []struct {
		name, method, target string
		header               map[string]string
		code                 int
		ctype                string
		contains             []string
		lacks                []string
	}{
		{name: "public page", method: "GET", target: pub, code: 200, ctype: "text/html; charset=utf-8",
			contains: []string{"XIBALBA", "Name0", "/static/app.js", `type="range"`, `max="30"`},
			lacks:    []string{"Your seat", "/p/", "<script>", "style="}},
		{name: "replay step", method: "GET", target: pub + "?move=3", code: 200, ctype: "text/html; charset=utf-8",
			contains: []string{`value="3"`, "board.png?lang=en&amp;move=3"}},
		{name: "head", method: "HEAD", target: pub, code: 200, ctype: "text/html; charset=utf-8"},
		{name: "board", method: "GET", target: pub + "/board.png?move=2", code: 200, ctype: "image/png"},
		{name: "style", method: "GET", target: "/static/style.css", code: 200, ctype: "text/css; charset=utf-8"},
		{name: "script", method: "GET", target: "/static/app.js", code: 200, ctype: "text/javascript; charset=utf-8"},
		{name: "no such asset", method: "GET", target: "/static/page.html", code: 404},
		{name: "no such table", method: "GET", target: path(s.PublicLink(99)), code: 404},
		{name: "not a table", method: "GET", target: "/t/x/" + s.signer.TableKey(7), code: 404},
		{name: "without key", method: "GET", target: "/t/7", code: 404},
		{name: "key of another table", method: "GET", target: "/t/7/" + s.signer.TableKey(8), code: 404},
		{name: "board without key", method: "GET", target: "/t/7/x/board.png", code: 404},
		{name: "open table", method: "GET", target: open, code: 200, contains: []string{"has not started"}},
		{name: "post refused", method: "POST", target: pub, code: 405},
		{name: "german by browser", method: "GET", target: pub, header: map[string]string{"Accept-Language": "fr, de-DE;q=0.8, en;q=0.5"},
			code: 200, contains: []string{`lang="de"`, "Verlauf"}},
		{name: "english by switch", method: "GET", target: pub + "?lang=en", header: map[string]string{"Accept-Language": "de"},
			code: 200, contains: []string{`lang="en"`, "Log", "?lang=de"}},
		{name: "private page", method: "GET", target: private, code: 200, contains: []string{"Your seat: Name1"},
			lacks: []string{"<script>", "style="}},
		{name: "private board", method: "GET", target: private + "/board.png", code: 200, ctype: "image/png"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, body := get(t, s, tc.method, tc.target, tc.header)
			if res.StatusCode != tc.code {
				t.Fatalf("%s %s: status %d, want %d\n%s", tc.method, tc.target, res.StatusCode, tc.code, body)
			}
			checkSecurityHeaders(t, res)
			if tc.ctype != "" && res.Header.Get("Content-Type") != tc.ctype {
				t.Errorf("content type %q, want %q", res.Header.Get("Content-Type"), tc.ctype)
			}
			if tc.method == "HEAD" && body != "" {
				t.Errorf("HEAD has a body of %d bytes", len(body))
			}
			for _, want := range tc.contains {
				if !strings.Contains(body, want) {
					t.Errorf("body lacks %q:\n%s", want, body)
				}
			}
			for _, unwanted := range tc.lacks {
				if strings.Contains(body, unwanted) {
					t.Errorf("body has %q:\n%s", unwanted, body)
				}
			}
		})
	}
}

// checkSecurityHeaders checks the headers every response carries.
func checkSecurityHeaders(t *testing.T, res *http.Response) {
	t.Helper()
	for k, want := range map[string]string{
		"Content-Security-Policy": csp,
		"Referrer-Policy":         "no-referrer",
		"X-Frame-Options":         "DENY",
		"X-Content-Type-Options":  "nosniff",
	} {
		if got := res.Header.Get(k); got != want {
			t.Errorf("%s: %q, want %q", k, got, want)
		}
	}
	if c := res.Header.Get("Content-Security-Policy"); !strings.Contains(c, "default-src 'self'") ||
		!strings.Contains(c, "frame-ancestors 'none'") || strings.Contains(c, "unsafe") {
		t.Errorf("CSP %q is not strict", c)
	}
}

func TestPrivateLinkRefused(t *testing.T) {
	store := newFakeStore()
	p := playGame(t, "xibalba", 2, nil, 3, 10)
	store.put(p.table, p.seats, p.moves)
	s := testServer(t, store, altRender, now)
	valid := path(s.SeatLink(7, 0, "u0", 0))
	sign := func(table int64, seat int, user string, exp time.Time) string {
		return "/s/7/" + s.signer.Token(table, seat, Holder{UserID: user}, exp)
	}
	tampered := []byte(valid)
	tampered[len(tampered)-3] ^= 1
	tests := []struct{ name, target string }{
		{"tampered signature", string(tampered)},
		{"other seat's number", strings.Replace(valid, "/7/0.", "/7/1.", 1)},
		{"later expiry", regexp.MustCompile(`/7/0\.\d+`).ReplaceAllString(valid, "/7/0.9999999999")},
		{"expired", sign(7, 0, "u0", now.Add(-time.Second))},
		{"expires now", sign(7, 0, "u0", now)},
		{"signed for another table", sign(6, 0, "u0", now.Add(time.Hour))},
		{"signed for another user", sign(7, 0, "u1", now.Add(time.Hour))},
		{"signed for a later link generation", "/s/7/" + s.signer.Token(7, 0, Holder{UserID: "u0", LinkGen: 1}, now.Add(time.Hour))},
		{"malformed", "/s/7/abc"},
		{"unknown table", strings.Replace(valid, "/s/7/", "/s/99/", 1)},
		{"board of tampered", string(tampered) + "/board.png"},
	}
	_, forbidden := get(t, s, "GET", "/s/7/x", nil)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, body := get(t, s, "GET", tc.target, nil)
			if res.StatusCode != http.StatusForbidden {
				t.Fatalf("%s: status %d, want 403", tc.target, res.StatusCode)
			}
			if body != forbidden {
				t.Errorf("403 body %q differs from the bare one %q", body, forbidden)
			}
			checkSecurityHeaders(t, res)
		})
	}
	t.Run("voided by the player", func(t *testing.T) {
		if res, _ := get(t, s, "GET", valid, nil); res.StatusCode != 200 {
			t.Fatalf("valid link: status %d", res.StatusCode)
		}
		seats := append([]db.Seat(nil), p.seats...)
		seats[0].LinkGen = 1
		store.put(p.table, seats, p.moves)
		defer store.put(p.table, p.seats, p.moves)
		if res, body := get(t, s, "GET", valid, nil); res.StatusCode != http.StatusForbidden || body != forbidden {
			t.Errorf("link of the voided generation: status %d", res.StatusCode)
		}
		if res, _ := get(t, s, "GET", path(s.SeatLink(7, 0, "u0", 1)), nil); res.StatusCode != 200 {
			t.Errorf("link of the new generation: status %d", res.StatusCode)
		}
	})
	t.Run("replaced seat", func(t *testing.T) {
		if res, _ := get(t, s, "GET", valid, nil); res.StatusCode != 200 {
			t.Fatalf("valid link: status %d", res.StatusCode)
		}
		seats := append([]db.Seat(nil), p.seats...)
		seats[0].UserID = "u9"
		store.put(p.table, seats, p.moves)
		if res, body := get(t, s, "GET", valid, nil); res.StatusCode != http.StatusForbidden || body != forbidden {
			t.Fatalf("link of a replaced seat: status %d", res.StatusCode)
		}
		seats[0].Bot, seats[0].UserID = true, "u0"
		store.put(p.table, seats, p.moves)
		if res, _ := get(t, s, "GET", valid, nil); res.StatusCode != http.StatusForbidden {
			t.Fatalf("link of a seat the bot took over: status %d", res.StatusCode)
		}
	})
}

// TestTimelineAt checks that the game after n moves, replayed from the
// nearest checkpoint, is the game replayed from the start.
func TestTimelineAt(t *testing.T) {
	p := playGame(t, "xibalba", 2, nil, 5, 2*checkpointEvery+3)
	store := newFakeStore()
	store.put(p.table, p.seats, p.moves)
	tl, err := load(context.Background(), store, store.tables[7], p.seats)
	if err != nil {
		t.Fatal(err)
	}
	def, _ := games.Lookup("xibalba")
	for _, n := range []int{0, 1, checkpointEvery - 1, checkpointEvery, checkpointEvery + 1, 2 * checkpointEvery, len(p.moves), len(p.moves) + 5} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			g, at, err := tl.at(n)
			if err != nil {
				t.Fatal(err)
			}
			want, _, _ := def.Create(2, nil, 5)
			for _, m := range p.moves[:at] {
				if want, _, err = games.PlayText(want, games.Seat(m.Seat), m.Notation); err != nil {
					t.Fatal(err)
				}
			}
			if at != min(n, len(p.moves)) {
				t.Errorf("at(%d) is after %d moves", n, at)
			}
			h1, _ := games.Hash(g)
			h2, _ := games.Hash(want)
			if h1 != h2 {
				t.Errorf("at(%d): state %s, replayed from the start %s", n, h1, h2)
			}
		})
	}
}

func TestClientAddr(t *testing.T) {
	tests := []struct {
		name, remote, forwarded string
		behindProxy             bool
		want                    string
	}{
		{"direct", "192.0.2.1:4000", "", false, "192.0.2.1"},
		{"forwarding header ignored", "192.0.2.1:4000", "198.51.100.7", false, "192.0.2.1"},
		{"proxy on loopback", "127.0.0.1:4000", "203.0.113.5, 198.51.100.7", true, "198.51.100.7"},
		{"proxy without header", "[::1]:4000", "", true, "::1"},
		{"header from elsewhere", "192.0.2.1:4000", "198.51.100.7", true, "192.0.2.1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest("GET", "/", nil)
			r.RemoteAddr = tc.remote
			if tc.forwarded != "" {
				r.Header.Set("X-Forwarded-For", tc.forwarded)
			}
			if got := clientAddr(r, tc.behindProxy); got != tc.want {
				t.Errorf("clientAddr = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestRateLimit(t *testing.T) {
	store := newFakeStore()
	s, err := New(Config{Store: store, Secret: testSecret, Rate: 1, Burst: 3, Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []int{200, 200, 200, 429} {
		if res, _ := get(t, s, "GET", "/static/style.css", nil); res.StatusCode != want {
			t.Fatalf("request %d: status %d, want %d", i+1, res.StatusCode, want)
		}
	}
	req := httptest.NewRequest("GET", "/static/style.css", nil)
	req.RemoteAddr = "192.0.2.9:5555"
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	if rec.Code != 200 {
		t.Fatalf("another address: status %d, want 200", rec.Code)
	}
}

// secretWords match what only a seat's own view or events say, by game.
var secretWords = map[string]*regexp.Regexp{
	"armageddon": regexp.MustCompile(`Your hand|Your private tile|You draw|You keep|You take|You chose|deck holds|screen [gbyp]\d`),
	"dei":        regexp.MustCompile(`Your feats|You plan|You turn|You take|Your hand|Your plan`),
}

// privateLines are the lines of seat's description that the spectator's
// does not have.
func privateLines(g games.Game, seat games.Seat, names []string, lang games.Lang) []string {
	public := map[string]bool{}
	for _, l := range strings.Split(games.FormatSeats(g.View(games.Spectator).Describe(lang), names), "\n") {
		public[strings.TrimSpace(l)] = true
	}
	var out []string
	for _, l := range strings.Split(games.FormatSeats(g.View(seat).Describe(lang), names), "\n") {
		if l = strings.TrimSpace(l); l != "" && !public[l] {
			out = append(out, l)
		}
	}
	return out
}

// containsLine reports whether text has line whole: not as the start of
// a longer line.
func containsLine(text, line string) bool {
	for rest := text; ; {
		i := strings.Index(rest, line)
		if i < 0 {
			return false
		}
		if after := rest[i+len(line):]; after == "" || after[0] == '\n' || after[0] == '<' {
			return true
		}
		rest = rest[i+1:]
	}
}

// TestPagesHideOtherSeats replays whole games with hidden information:
// Armageddon with closed screens and D.E.I. The public page after every
// move, in both languages, shows no seat's private lines and no secret
// wording; every tenth move, each seat's private page shows its own
// private lines and none of the others'.
func TestPagesHideOtherSeats(t *testing.T) {
	for _, tc := range []struct {
		game    string
		seats   int
		options map[string]string
	}{
		{"armageddon", 3, map[string]string{"screens": "closed"}},
		{"dei", 3, nil},
	} {
		t.Run(tc.game, func(t *testing.T) {
			checkPagesHideOtherSeats(t, tc.game, tc.seats, tc.options)
		})
	}
}

func checkPagesHideOtherSeats(t *testing.T, game string, seats int, options map[string]string) {
	p := playGame(t, game, seats, options, 13, 2000)
	if p.table.Status != db.Finished {
		t.Fatalf("the game did not end in %d moves", len(p.moves))
	}
	store := newFakeStore()
	store.put(p.table, p.seats, p.moves)
	s := testServer(t, store, altRender, now)
	var names []string
	for _, st := range p.seats {
		names = append(names, st.Name)
	}
	def, _ := games.Lookup(game)
	g, _, err := def.Create(seats, p.table.Options, p.table.Seed)
	if err != nil {
		t.Fatal(err)
	}
	public, private := 0, 0
	for n := 0; n <= len(p.moves); n++ {
		if n > 0 {
			m := p.moves[n-1]
			if g, _, err = games.PlayText(g, games.Seat(m.Seat), m.Notation); err != nil {
				t.Fatal(err)
			}
		}
		if g.Status().Finished {
			break // everything is revealed at the end
		}
		secret := make([][]string, seats)
		for seat := range seats {
			secret[seat] = privateLines(g, games.Seat(seat), names, games.English)
		}
		for _, lang := range []games.Lang{games.English, games.German} {
			_, body := get(t, s, "GET", fmt.Sprintf("%s?move=%d&lang=%s", path(s.PublicLink(7)), n, lang), nil)
			text := html.UnescapeString(body)
			if !strings.Contains(text, fmt.Sprintf(`value="%d"`, n)) {
				t.Fatalf("move %d: the page is not the replay of that move:\n%s", n, text)
			}
			if loc := secretWords[game].FindString(text); loc != "" {
				t.Fatalf("move %d: the public page says %q:\n%s", n, loc, text)
			}
			for seat := range seats {
				for _, l := range privateLines(g, games.Seat(seat), names, lang) {
					if containsLine(text, l) {
						t.Fatalf("move %d (%s): the public page shows seat %d's line %q", n, lang, seat, l)
					}
				}
			}
			public++
		}
		if n%10 != 0 {
			continue
		}
		running := p.table
		running.Status = db.Running
		store.put(running, p.seats, p.moves[:n])
		for seat := range seats {
			_, body := get(t, s, "GET", path(s.SeatLink(7, seat, fmt.Sprintf("u%d", seat), 0))+"?lang=en", nil)
			text := html.UnescapeString(body)
			for _, l := range secret[seat] {
				if !strings.Contains(text, l) {
					t.Fatalf("move %d: seat %d's page lacks its own line %q", n, seat, l)
				}
			}
			for other := range seats {
				for _, l := range secret[other] {
					if other != seat && !slices.Contains(secret[seat], l) && containsLine(text, l) {
						t.Fatalf("move %d: seat %d's page shows seat %d's line %q", n, seat, other, l)
					}
				}
			}
			private++
		}
		store.put(p.table, p.seats, p.moves)
	}
	for seat := range seats {
		_, body := get(t, s, "GET", path(s.SeatLink(7, seat, fmt.Sprintf("u%d", seat), 0))+"?lang=en", nil)
		if !strings.Contains(body, "The whole record") {
			t.Errorf("seat %d: the private page after the end lacks the record", seat)
		}
	}
	if public < 2*50 || private == 0 {
		t.Fatalf("only %d public and %d private pages checked", public, private)
	}
	t.Logf("%d moves, %d public and %d private pages checked", len(p.moves), public, private)
}

// TestLogFilterByRound checks that the public log keeps the moves made in
// the chosen round (games.Rounder), alone and with a player, and that the
// page offers the rounds of the log.
func TestLogFilterByRound(t *testing.T) {
	p := playGame(t, "xibalba", 2, nil, 3, 400)
	store := newFakeStore()
	store.put(p.table, p.seats, p.moves)
	tl, err := load(context.Background(), store, store.tables[7], p.seats)
	if err != nil {
		t.Fatal(err)
	}
	if len(tl.rounds) != len(p.moves) || tl.rounds[len(tl.rounds)-1] < 2 {
		t.Fatalf("rounds of %d moves: %v, want one per move reaching round 2", len(p.moves), tl.rounds)
	}
	n := len(p.moves)
	// want lists the move numbers in round r (of seat, unless -1), newest first.
	want := func(r, seat int) []int {
		var out []int
		for i := n - 1; i >= 0; i-- {
			if tl.rounds[i] == r && (seat < 0 || p.moves[i].Seat == seat) {
				out = append(out, i+1)
			}
		}
		return out
	}
	numbers := func(log []logEntry) []int {
		var out []int
		for _, e := range log {
			out = append(out, e.N)
		}
		return out
	}
	tests := []struct {
		name   string
		filter logFilter
		want   []int
	}{
		{"round 1", logFilter{seat: -1, round: 1}, want(1, -1)},
		{"round 2", logFilter{seat: -1, round: 2}, want(2, -1)},
		{"a round not played", logFilter{seat: -1, round: 99}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := numbers(publicLog(tl, n, games.English, tc.filter)); !slices.Equal(got, tc.want) {
				t.Errorf("kept %v, want %v", got, tc.want)
			}
		})
	}
	t.Run("round 2 and seat 1", func(t *testing.T) {
		// Seat 1's moves of round 2, and the moves of round 2 naming it.
		got := numbers(publicLog(tl, n, games.English, logFilter{seat: 1, round: 2}))
		for _, m := range got {
			if tl.rounds[m-1] != 2 {
				t.Errorf("move %d of round %d kept", m, tl.rounds[m-1])
			}
		}
		for _, m := range want(2, 1) {
			if !slices.Contains(got, m) {
				t.Errorf("seat 1's move %d of round 2 dropped", m)
			}
		}
		if len(want(2, 1)) == 0 {
			t.Error("seat 1 made no move in round 2")
		}
	})
	s := testServer(t, store, altRender, now)
	res, body := get(t, s, "GET", path(s.PublicLink(7))+"?round=2&lang=en", nil)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("status %d", res.StatusCode)
	}
	if got := strings.Count(body, `<li value="`); got != len(want(2, -1)) {
		t.Errorf("page with round 2 lists %d moves, want %d", got, len(want(2, -1)))
	}
	for _, opt := range []string{`<option value="1">Round 1</option>`, `<option value="2" selected>Round 2</option>`} {
		if !strings.Contains(body, opt) {
			t.Errorf("page lacks %s", opt)
		}
	}
}

// TestPrivatePageMenu checks that a seat's private page lists what the
// bot's buttons offer: for a game laid out as a menu (D.E.I.'s action
// phase), its top level, steps included, rather than the first of its many
// whole moves.
func TestPrivatePageMenu(t *testing.T) {
	p := playGame(t, "dei", 2, nil, 13, 2000)
	def, _ := games.Lookup("dei")
	g, _, err := def.Create(2, nil, 13)
	if err != nil {
		t.Fatal(err)
	}
	store := newFakeStore()
	s := testServer(t, store, altRender, now)
	checked := 0
	for n, m := range p.moves {
		seat := games.Seat(m.Seat)
		if top, ok := g.(games.Menu).MenuLevel(seat, ""); ok && checked < 3 {
			running := p.table
			running.Status = db.Running
			store.put(running, p.seats, p.moves[:n])
			_, body := get(t, s, "GET", path(s.SeatLink(7, m.Seat, fmt.Sprintf("u%d", m.Seat), 0))+"?lang=en", nil)
			text := html.UnescapeString(body)
			for _, e := range top {
				if label := games.FormatSeats(e.Label.In(games.English), []string{"Name0", "Name1"}); !strings.Contains(text, label) {
					t.Errorf("move %d: seat %d's page lacks the menu entry %q", n, m.Seat, label)
				}
			}
			checked++
		}
		if g, _, err = games.PlayText(g, seat, m.Notation); err != nil {
			t.Fatal(err)
		}
	}
	if checked == 0 {
		t.Fatal("no decision laid out as a menu in the game")
	}
}
