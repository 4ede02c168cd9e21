package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"log/slog"
	mrand "math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/db/dbtest"
	"github.com/playbychat/pbc/internal/fakediscord"
	"github.com/playbychat/pbc/internal/testgame"
)

// The players of the shared-database tests.
var (
	sharedAlice = fakediscord.User{ID: "51", Name: "Alice"}
	sharedBob   = fakediscord.User{ID: "52", Name: "Bob"}
)

// sharedConfig writes the configuration of a pbc serve process that
// talks to f and keeps its tables in the database dsn.
func sharedConfig(t *testing.T, f *fakediscord.Fake, dsn string, pub ed25519.PublicKey) string {
	t.Helper()
	return writeConfig(t, fmt.Sprintf("token_env: %s\napi_base_url: %s\napplication_id: %q\nguild_id: %q\n"+
		"database: %q\npublic_key: %s\nlog: {level: error}\n",
		testTokenEnv, f.URL(), fakediscord.AppID, testWhere.GuildID, dsn, hex.EncodeToString(pub)))
}

// configAndListener loads the configuration at path and opens a listener
// on a free loopback port.
func configAndListener(t *testing.T, path string) (Config, net.Listener) {
	t.Helper()
	cfg, err := loadConfig(path)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	return cfg, ln
}

// startServe runs pbc serve in this process with the configuration at
// path until the test ends, and returns its base URL.
func startServe(t *testing.T, path string) string {
	t.Helper()
	cfg, ln := configAndListener(t, path)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- serve(ctx, cfg, slog.New(slog.DiscardHandler), ln) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("serve: %v", err)
		}
	})
	return "http://" + ln.Addr().String()
}

// serveChildEnv names the configuration file of TestServeChild.
const serveChildEnv = "PBC_SERVE_CHILD_CONFIG"

// TestServeChild is the child process of TestServeProcessKilled: pbc serve
// with the configuration named by PBC_SERVE_CHILD_CONFIG, which prints
// "listening ADDR" and serves until it is killed. It is skipped when run
// directly.
func TestServeChild(t *testing.T) {
	path := os.Getenv(serveChildEnv)
	if path == "" {
		t.Skip("only runs as the child of TestServeProcessKilled")
	}
	testgame.Register()
	cfg, ln := configAndListener(t, path)
	fmt.Printf("listening %s\n", ln.Addr())
	if err := serve(context.Background(), cfg, slog.New(slog.DiscardHandler), ln); err != nil {
		t.Fatal(err)
	}
}

// startServeChild starts pbc serve in a child process and returns it with
// its base URL.
func startServeChild(t *testing.T, path string) (*exec.Cmd, string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestServeChild$", "-test.count=1", "-test.timeout=5m")
	cmd.Env = append(os.Environ(), serveChildEnv+"="+path)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	lines := bufio.NewScanner(out)
	for lines.Scan() {
		if addr, ok := strings.CutPrefix(lines.Text(), "listening "); ok {
			go io.Copy(io.Discard, out)
			return cmd, "http://" + addr
		}
	}
	cmd.Wait()
	t.Fatalf("the serve child never listened; stderr:\n%s", stderr.String())
	return nil, ""
}

// balancer is a round-robin load balancer in front of pbc serve
// processes. A backend that cannot be reached is dropped and the request
// answered 502, as a load balancer's health check would soon do.
type balancer struct {
	mu       sync.Mutex // protects the fields below
	backends []string
	next     int
	// gather holds requests until this many have arrived, then lets them
	// go on together; 0 lets each go at once.
	gather   int
	arrived  int
	released chan struct{}
	failed   int // requests a backend did not answer
	// trap, when set, is called soon after the next request has been
	// forwarded to trapped, while that backend handles it.
	trapped string
	trap    func()
}

// onNextRequest calls f soon after the next request to backend has been
// forwarded: the backend is handling it then.
func (lb *balancer) onNextRequest(backend string, f func()) {
	lb.mu.Lock()
	defer lb.mu.Unlock()
	lb.trapped, lb.trap = backend, f
}

// together makes the next n requests wait for each other, so that they
// reach the backends at the same moment.
func (lb *balancer) together(n int) {
	lb.mu.Lock()
	defer lb.mu.Unlock()
	lb.gather, lb.arrived, lb.released = n, 0, make(chan struct{})
}

// wait blocks a request until its group has arrived (see together).
func (lb *balancer) wait() {
	lb.mu.Lock()
	if lb.gather == 0 {
		lb.mu.Unlock()
		return
	}
	lb.arrived++
	released := lb.released
	if lb.arrived == lb.gather {
		lb.gather = 0
		close(released)
	}
	lb.mu.Unlock()
	select {
	case <-released:
	case <-time.After(10 * time.Second): // a request of the group was lost
	}
}

func (lb *balancer) pick() (string, bool) {
	lb.mu.Lock()
	defer lb.mu.Unlock()
	if len(lb.backends) == 0 {
		return "", false
	}
	b := lb.backends[lb.next%len(lb.backends)]
	lb.next++
	return b, true
}

func (lb *balancer) drop(backend string) {
	lb.mu.Lock()
	defer lb.mu.Unlock()
	for i, b := range lb.backends {
		if b == backend {
			lb.backends = append(lb.backends[:i], lb.backends[i+1:]...)
			return
		}
	}
}

func (lb *balancer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	lb.wait()
	backend, ok := lb.pick()
	if !ok {
		http.Error(w, "no backend", http.StatusBadGateway)
		return
	}
	req, err := http.NewRequestWithContext(r.Context(), r.Method, backend+r.URL.Path, bytes.NewReader(body))
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	req.Header = r.Header.Clone()
	lb.mu.Lock()
	if lb.trap != nil && lb.trapped == backend {
		time.AfterFunc(time.Duration(mrand.IntN(4000))*time.Microsecond, lb.trap)
		lb.trap = nil
	}
	lb.mu.Unlock()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		lb.drop(backend)
		lb.mu.Lock()
		lb.failed++
		lb.mu.Unlock()
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	w.Header().Set("Content-Type", resp.Header.Get("Content-Type"))
	w.WriteHeader(resp.StatusCode)
	io.Copy(w, resp.Body)
}

// sharedTable is a Sealed Bids table of Alice and Bob played through the
// fake Discord against pbc serve processes on one database.
type sharedTable struct {
	t      *testing.T
	f      *fakediscord.Fake
	ctx    context.Context
	lb     *balancer
	store  *db.Store // a store of the test's own on the shared database
	rounds int
}

// newSharedTable starts the fake Discord and a balancer and returns them
// with the configuration for serve processes on a new database of b.
func newSharedTable(t *testing.T, b dbtest.Backend, rounds int) (*sharedTable, *balancer, string) {
	t.Helper()
	testgame.Register()
	t.Setenv(testTokenEnv, fakediscord.Token)
	f := fakediscord.New(t)
	dsn := b.DSN(t)
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	path := sharedConfig(t, f, dsn, pub)
	lb := &balancer{}
	front := httptest.NewServer(lb)
	t.Cleanup(front.Close)
	f.UseHTTP(front.URL+interactionsPath, priv)
	store, err := db.OpenStore(dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	return &sharedTable{t: t, f: f, ctx: waitCtx(t), lb: lb, store: store, rounds: rounds}, lb, path
}

// command sends a command and waits for its answer; it reports whether the
// interaction was answered (not lost with a killed process).
func (s *sharedTable) command(u fakediscord.User, name, sub string, opts ...fakediscord.Opt) (fakediscord.Message, bool) {
	s.t.Helper()
	in := s.f.Command(testWhere, u, name, sub, opts...)
	if in.HTTPStatus != http.StatusOK && in.HTTPStatus != http.StatusAccepted {
		return fakediscord.Message{}, false
	}
	m, err := in.Wait(s.ctx, s.f)
	if err != nil {
		s.t.Fatalf("/%s %s by %s: %v", name, sub, u.Name, err)
	}
	if r := s.f.Replies(in); len(r) > 0 {
		m = r[len(r)-1]
	}
	return m, true
}

// must sends a command that must be answered.
func (s *sharedTable) must(u fakediscord.User, name, sub string, opts ...fakediscord.Opt) fakediscord.Message {
	s.t.Helper()
	m, ok := s.command(u, name, sub, opts...)
	if !ok {
		s.t.Fatalf("/%s %s by %s was not answered", name, sub, u.Name)
	}
	return m
}

// open opens the table and starts it with Alice and Bob.
func (s *sharedTable) open() db.Table {
	s.t.Helper()
	s.must(sharedAlice, "game", "new", fakediscord.Opt{Name: "game", Value: testgame.ID},
		fakediscord.Opt{Name: "options", Value: fmt.Sprintf("rounds=%d", s.rounds)})
	s.must(sharedBob, "game", "join")
	s.must(sharedAlice, "game", "start")
	tb, err := s.store.ActiveTable(s.ctx, testWhere.ChannelID)
	if err != nil || tb.Status != db.Running {
		s.t.Fatalf("table after /game start: %+v, %v", tb, err)
	}
	return tb
}

// legalMove asks autocomplete for a move of u starting with prefix.
func (s *sharedTable) legalMove(u fakediscord.User, prefix string) (string, bool) {
	s.t.Helper()
	in := s.f.Autocomplete(testWhere, u, "move", "", fakediscord.Opt{Name: "action", Value: prefix, Focused: true})
	if in.HTTPStatus != http.StatusOK && in.HTTPStatus != http.StatusAccepted {
		return "", false
	}
	if _, err := in.Wait(s.ctx, s.f); err != nil {
		s.t.Fatalf("autocomplete for %s: %v", u.Name, err)
	}
	if len(in.Choices) == 0 || !strings.HasPrefix(in.Choices[0], prefix) {
		return "", false
	}
	return in.Choices[0], true
}

// move is a move of a player.
type move struct {
	u        fakediscord.User
	notation string
}

// sendTogether sends moves at once: the balancer lets them go on to the
// processes together.
func (s *sharedTable) sendTogether(moves []move) {
	s.lb.together(len(moves))
	var wg sync.WaitGroup
	for _, m := range moves {
		wg.Go(func() { s.command(m.u, "move", "", fakediscord.Opt{Name: "action", Value: m.notation}) })
	}
	wg.Wait()
}

// playRound has both players bid and the round's loser pass, each move
// sent twice at once as a double click landing on two processes would. It
// returns false when the game has ended.
func (s *sharedTable) playRound() bool {
	s.t.Helper()
	for _, prefix := range []string{"play", "pass"} {
		var moves []move
		for _, u := range []fakediscord.User{sharedAlice, sharedBob} {
			if notation, ok := s.legalMove(u, prefix); ok {
				moves = append(moves, move{u, notation}, move{u, notation})
			}
		}
		s.sendTogether(moves)
	}
	tb, err := s.store.ActiveTable(s.ctx, testWhere.ChannelID)
	return err == nil && tb.Status == db.Running
}

// playToEnd plays rounds until the game ends; a round may need to be
// played again when moves were lost with a killed process.
func (s *sharedTable) playToEnd() {
	s.t.Helper()
	for range 3 * s.rounds {
		if !s.playRound() {
			return
		}
	}
	s.t.Fatalf("the game did not end within %d rounds", 3*s.rounds)
}

// waitDelivered waits until the outbox is empty: a move is answered
// before its posts go out.
func (s *sharedTable) waitDelivered() {
	s.t.Helper()
	for {
		n, err := s.store.PendingDeliveries(s.ctx)
		if err != nil {
			s.t.Fatal(err)
		}
		if n == 0 {
			return
		}
		select {
		case <-s.ctx.Done():
			s.t.Fatalf("%d messages undelivered", n)
		case <-time.After(5 * time.Millisecond):
		}
	}
}

// checkLog checks that the table finished with each seat's bid once per
// round and one reaction per round: no move was lost or doubled.
func (s *sharedTable) checkLog(id int64) {
	s.t.Helper()
	tb, err := s.store.Table(s.ctx, id)
	if err != nil {
		s.t.Fatal(err)
	}
	moves, err := s.store.Moves(s.ctx, id)
	if err != nil {
		s.t.Fatal(err)
	}
	bids, reactions := map[int]int{}, 0
	for _, m := range moves {
		if strings.HasPrefix(m.Notation, "play") {
			bids[m.Seat]++
		} else {
			reactions++
		}
	}
	if tb.Status != db.Finished || bids[0] != s.rounds || bids[1] != s.rounds || reactions != s.rounds {
		s.t.Errorf("table %s after %d rounds: bids per seat %v, %d reactions; want %d each", tb.Status, s.rounds, bids, reactions, s.rounds)
	}
	snap, err := s.store.LatestSnapshot(s.ctx, id)
	if err != nil || snap.Moves != len(moves) {
		s.t.Errorf("snapshot covers %d moves (%v), the log has %d", snap.Moves, err, len(moves))
	}
	if tb.Version != 2+len(moves) { // join, start and one per move
		s.t.Errorf("version %d after %d moves", tb.Version, len(moves))
	}
}

// TestServeProcessesShareDatabase runs two pbc serve instances on one
// database behind a round-robin load balancer and plays a game in which
// every move is sent twice at once, so that the two land on different
// processes: each is made exactly once, and each round is announced once.
func TestServeProcessesShareDatabase(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, b dbtest.Backend) {
		s, lb, path := newSharedTable(t, b, 3)
		lb.backends = []string{startServe(t, path), startServe(t, path)}
		tb := s.open()
		s.playToEnd()
		s.checkLog(tb.ID)
		s.waitDelivered()
		won := 0
		for _, m := range s.f.Messages(testWhere.ChannelID) {
			if m.Kind == fakediscord.Post && strings.Contains(m.Content, "wins the round") {
				won++
			}
		}
		if won != s.rounds {
			t.Errorf("%d round results posted, want %d", won, s.rounds)
		}
	})
}

// TestServeProcessKilled runs pbc serve in a child process and in this one
// on one database behind a load balancer, kills the child with SIGKILL
// while it handles a move, and plays the game to its end on the survivor
// (players send again what got no answer): no move is lost or made twice,
// and the log and its snapshot agree.
func TestServeProcessKilled(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, b dbtest.Backend) {
		s, lb, path := newSharedTable(t, b, 4)
		child, childURL := startServeChild(t, path)
		lb.backends = []string{childURL, startServe(t, path)}
		tb := s.open()
		s.playRound()
		killed := make(chan error, 1)
		lb.onNextRequest(childURL, func() { killed <- child.Process.Signal(syscall.SIGKILL) })
		s.playToEnd()
		if err := <-killed; err != nil {
			t.Fatalf("kill the child: %v", err)
		}
		s.checkLog(tb.ID)
		lb.mu.Lock()
		t.Logf("%d requests were lost with the killed process", lb.failed)
		lb.mu.Unlock()
	})
}
