// Package web serves the table in a browser: a public page per table (the
// board from the spectator's view with zoom and replay, who must act, the
// public log and every visible piece's whole text) and a private page per
// seat, reached only by a signed link, made from that seat's view alone.
//
// Pages are rendered on the server with html/template; the style sheet and
// the little script (zoom and pan of the board, the replay slider) are
// embedded in the binary. Every response carries a strict
// Content-Security-Policy and forbids framing and referrers; each client
// address is rate limited; only GET and HEAD are served.
package web

import (
	"bytes"
	"context"
	"embed"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	lru "github.com/hashicorp/golang-lru/v2"

	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
)

//go:embed assets
var assets embed.FS

// Config configures a Server. Zero fields take the defaults documented
// on each.
type Config struct {
	// Store is where tables are read from (read-only).
	Store Store
	// Secret keys the private links (at least 16 bytes).
	Secret []byte
	// BaseURL is the address the pages are reached at from outside, such
	// as "https://pbc.example.org"; links are made from it. Default: none
	// (links are paths only).
	BaseURL string
	// Render draws a view; default RenderBoard.
	Render RenderFunc
	// Rate is the sustained number of requests per second one client
	// address may make (default 10), Burst how many it may make at once
	// (default 60).
	Rate  float64
	Burst int
	// BehindProxy says that a reverse proxy on this host forwards the
	// requests: the rate limit then counts per address the proxy names
	// last in X-Forwarded-For for a request from loopback, instead of
	// per connection (which would put every client in the proxy's
	// bucket). Default false: forwarding headers are not trusted.
	BehindProxy bool
	// LinkTTL is how long a private link made by SeatLink stays valid
	// (default 30 days).
	LinkTTL time.Duration
	// Now is the clock (default time.Now).
	Now func() time.Time
	// Log receives internal failures (default slog.Default()).
	Log *slog.Logger
}

// Limits on what one response may carry.
const (
	maxPage  = 4 << 20  // bytes of one HTML page
	maxImage = 16 << 20 // bytes of one board PNG
	// maxTimelines and maxBoards bound the caches of replayed tables and
	// drawn boards.
	maxTimelines = 32
	maxBoards    = 64
)

// Server is the http.Handler of the pages.
type Server struct {
	cfg    Config
	signer *Signer
	mux    *http.ServeMux
	limit  *limiter
	boards *lru.Cache[boardKey, *Board]

	mu        sync.Mutex // mu protects timelines
	timelines map[int64]*timeline
}

var _ http.Handler = (*Server)(nil)

// New checks cfg and returns the server.
func New(cfg Config) (*Server, error) {
	if cfg.Store == nil {
		return nil, errors.New("web: no store")
	}
	signer, err := NewSigner(cfg.Secret)
	if err != nil {
		return nil, err
	}
	if cfg.Render == nil {
		cfg.Render = RenderBoard
	}
	if cfg.Rate <= 0 {
		cfg.Rate = 10
	}
	if cfg.Burst <= 0 {
		cfg.Burst = 60
	}
	if cfg.LinkTTL <= 0 {
		cfg.LinkTTL = 30 * 24 * time.Hour
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	cfg.BaseURL = strings.TrimRight(cfg.BaseURL, "/")
	boards, err := lru.New[boardKey, *Board](maxBoards)
	if err != nil {
		return nil, fmt.Errorf("web: %w", err)
	}
	s := &Server{cfg: cfg, signer: signer, mux: http.NewServeMux(), boards: boards,
		limit: newLimiter(cfg.Rate, cfg.Burst, cfg.Now), timelines: map[int64]*timeline{}}
	s.mux.HandleFunc("GET /static/{file}", s.static)
	s.mux.HandleFunc("GET /t/{table}/{key}", s.publicPage)
	s.mux.HandleFunc("GET /t/{table}/{key}/board.png", s.publicBoard)
	s.mux.HandleFunc("GET /s/{table}/{token}", s.privatePage)
	s.mux.HandleFunc("GET /s/{table}/{token}/board.png", s.privateBoard)
	return s, nil
}

// PublicLink returns the address of a table's public page. It carries the
// table's key (see Signer.TableKey): without it, the page is not found.
func (s *Server) PublicLink(table int64) string { return s.cfg.BaseURL + s.tablePath(table) }

// tablePath is the path of a table's public page; the pages link to each
// other by path, so that they work behind any address.
func (s *Server) tablePath(table int64) string {
	return "/t/" + strconv.FormatInt(table, 10) + "/" + s.signer.TableKey(table)
}

// SeatLink returns the private link of seat at table for the user who
// holds it at the seat's link generation (db.Seat.LinkGen), valid for the
// configured time from now.
func (s *Server) SeatLink(table int64, seat int, userID string, linkGen int) string {
	return s.cfg.BaseURL + "/s/" + strconv.FormatInt(table, 10) + "/" +
		s.signer.Token(table, seat, Holder{UserID: userID, LinkGen: linkGen}, s.cfg.Now().Add(s.cfg.LinkTTL))
}

// csp is the Content-Security-Policy of every response: only the server's
// own style sheet, script and images; no inline code, no framing, no
// plugins, forms only to the server.
const csp = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; object-src 'none'; " +
	"base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// ServeHTTP sets the security headers, refuses methods other than GET and
// HEAD, applies the rate limit and routes the request.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Security-Policy", csp)
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Frame-Options", "DENY")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cross-Origin-Resource-Policy", "same-origin")
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		h.Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	if !s.limit.allow(clientAddr(r, s.cfg.BehindProxy)) {
		h.Set("Retry-After", "1")
		http.Error(w, "too many requests", http.StatusTooManyRequests)
		return
	}
	s.mux.ServeHTTP(w, r)
}

// clientAddr is the address a request came from, without its port.
// Forwarding headers are trusted only behind a proxy, and only from
// loopback: anyone may set them. A proxy appends the address it saw, so
// the last one counts.
func clientAddr(r *http.Request, behindProxy bool) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	if ip := net.ParseIP(host); behindProxy && ip != nil && ip.IsLoopback() {
		if fwd := r.Header.Values("X-Forwarded-For"); len(fwd) > 0 {
			list := strings.Split(fwd[len(fwd)-1], ",")
			if last := strings.TrimSpace(list[len(list)-1]); last != "" {
				return last
			}
		}
	}
	return host
}

// static serves the embedded style sheet and script.
func (s *Server) static(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("file")
	var ctype string
	switch {
	case strings.HasSuffix(name, ".css"):
		ctype = "text/css; charset=utf-8"
	case strings.HasSuffix(name, ".js"):
		ctype = "text/javascript; charset=utf-8"
	default:
		http.NotFound(w, r)
		return
	}
	data, err := assets.ReadFile("assets/" + name)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", ctype)
	w.Header().Set("Cache-Control", "public, max-age=3600")
	w.Write(data)
}

// errForbidden answers a private link that is not valid, whatever the
// reason, so that the answer reveals nothing.
var errForbidden = errors.New("forbidden")

// errNoTable answers a table that does not exist.
var errNoTable = errors.New("no such table")

// tableOf reads the table named by the request, its seats, and its
// timeline (from the cache while the table's version is the same). A
// public request must carry the table's key; a table without it is not
// found, like a table that does not exist.
func (s *Server) tableOf(ctx context.Context, r *http.Request, public bool) (*timeline, []db.Seat, error) {
	id, err := strconv.ParseInt(r.PathValue("table"), 10, 64)
	if err != nil || id <= 0 || (public && !s.signer.VerifyTableKey(id, r.PathValue("key"))) {
		return nil, nil, errNoTable
	}
	t, err := s.cfg.Store.Table(ctx, id)
	if errors.Is(err, db.ErrNotFound) {
		return nil, nil, errNoTable
	}
	if err != nil {
		return nil, nil, err
	}
	seats, err := s.cfg.Store.Seats(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	s.mu.Lock()
	tl, ok := s.timelines[id]
	s.mu.Unlock()
	if ok && tl.table.Version == t.Version && tl.table.Status == t.Status && sameNames(tl.names, seats) {
		return tl, seats, nil
	}
	tl, err = load(ctx, s.cfg.Store, t, seats)
	if err != nil {
		return nil, nil, err
	}
	s.mu.Lock()
	if len(s.timelines) >= maxTimelines {
		for k := range s.timelines { // drop any one: a miss costs a replay
			delete(s.timelines, k)
			break
		}
	}
	s.timelines[id] = tl
	s.mu.Unlock()
	return tl, seats, nil
}

// sameNames reports whether seats still have the names of a timeline.
func sameNames(names []string, seats []db.Seat) bool {
	if len(names) != len(seats) {
		return false
	}
	for _, st := range seats {
		if st.Seat < 0 || st.Seat >= len(names) || names[st.Seat] != st.Name {
			return false
		}
	}
	return true
}

// seatOf checks the private link of the request against the seat's
// current holder and returns the seat, or errForbidden.
func (s *Server) seatOf(r *http.Request, table int64, seats []db.Seat) (int, error) {
	seat, err := s.signer.Verify(table, r.PathValue("token"), s.cfg.Now(), func(seat int) Holder {
		for _, st := range seats {
			if st.Seat == seat && !st.Bot {
				return Holder{UserID: st.UserID, LinkGen: st.LinkGen}
			}
		}
		return Holder{}
	})
	if err != nil {
		return 0, errForbidden
	}
	return seat, nil
}

// fail answers an error: 403 and 404 bare, anything else logged and
// answered with a short apology.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	switch {
	case errors.Is(err, errForbidden):
		http.Error(w, "forbidden", http.StatusForbidden)
	case errors.Is(err, errNoTable):
		http.NotFound(w, r)
	default:
		s.cfg.Log.Error("web page", "path", r.URL.Path, "err", err)
		http.Error(w, "sorry, something went wrong", http.StatusInternalServerError)
	}
}

// writeBounded writes body with its content type, or fails when it is
// larger than limit.
func (s *Server) writeBounded(w http.ResponseWriter, r *http.Request, ctype string, body []byte, limit int) {
	if len(body) > limit {
		s.fail(w, r, fmt.Errorf("web: response of %d bytes is over the limit of %d", len(body), limit))
		return
	}
	w.Header().Set("Content-Type", ctype)
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.Header().Set("Cache-Control", "no-store")
	if r.Method == http.MethodHead {
		return
	}
	w.Write(body)
}

// writePage executes the page template into a buffer and writes it.
func (s *Server) writePage(w http.ResponseWriter, r *http.Request, p *page) {
	var buf bytes.Buffer
	if err := pageTemplate.Execute(&buf, p); err != nil {
		s.fail(w, r, fmt.Errorf("web: page: %w", err))
		return
	}
	s.writeBounded(w, r, "text/html; charset=utf-8", buf.Bytes(), maxPage)
}

// moveParam reads ?move=N; latest when absent or not a number.
func moveParam(r *http.Request, latest int) int {
	n, err := strconv.Atoi(r.URL.Query().Get("move"))
	if err != nil {
		return latest
	}
	return max(0, min(n, latest))
}

// board returns the board of view v, drawn once per key.
func (s *Server) board(key boardKey, v games.View, names []string, lang games.Lang) (*Board, error) {
	if b, ok := s.boards.Get(key); ok {
		return b, nil
	}
	b, err := s.cfg.Render(v, names, lang)
	if err != nil {
		return nil, err
	}
	s.boards.Add(key, b)
	return b, nil
}

// boardKey names one drawn board: a table's version, a move of its log,
// the viewer and the language.
type boardKey struct {
	table   int64
	version int
	move    int
	viewer  games.Seat
	lang    games.Lang
}
