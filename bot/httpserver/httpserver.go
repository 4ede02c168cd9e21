// Package httpserver is the transport of "pbc serve": an HTTP endpoint for
// Discord's outgoing interaction webhooks. It verifies each request's
// Ed25519 signature and timestamp, answers PINGs itself, and hands every
// other interaction to the bot, which answers through the REST callback
// and webhook endpoints (files cannot travel in the HTTP response body).
package httpserver

import (
	"context"
	"crypto/ed25519"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/playbychat/pbc/bot"
	"github.com/playbychat/pbc/bot/discordapi"
)

// Config configures the endpoint.
type Config struct {
	// PublicKey is the application's public key from the developer portal.
	PublicKey ed25519.PublicKey
	// Client answers through the REST API; a session without a gateway
	// connection is enough.
	Client  *discordapi.Client
	Handler discordapi.Handler
	// HandlerTimeout bounds one interaction's handling (default 30 s).
	HandlerTimeout time.Duration
	// MaxAge is the replay window: requests whose signed timestamp is
	// further from now are refused (default 5 minutes).
	MaxAge time.Duration
	// Ephemeral tells whether a deferred reply to in should be ephemeral.
	Ephemeral func(in *bot.Interaction) bool
	Log       *slog.Logger
}

// maxBody bounds a request body; interactions are a few KiB.
const maxBody = 1 << 20

// Server is the http.Handler of the interactions endpoint.
type Server struct {
	cfg      Config
	log      *slog.Logger
	now      func() time.Time
	inflight sync.WaitGroup
}

var _ http.Handler = (*Server)(nil)

// New checks cfg and returns the endpoint.
func New(cfg Config) (*Server, error) {
	if len(cfg.PublicKey) != ed25519.PublicKeySize {
		return nil, errors.New("httpserver: public key missing or of the wrong size")
	}
	if cfg.Client == nil || cfg.Handler == nil {
		return nil, errors.New("httpserver: Config needs a Client and a Handler")
	}
	if cfg.HandlerTimeout == 0 {
		cfg.HandlerTimeout = 30 * time.Second
	}
	if cfg.MaxAge == 0 {
		cfg.MaxAge = 5 * time.Minute
	}
	log := cfg.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Server{cfg: cfg, log: log, now: time.Now}, nil
}

// Wait blocks until the interactions being handled are done; call it
// after http.Server.Shutdown.
func (s *Server) Wait() { s.inflight.Wait() }

// ServeHTTP handles one interaction request.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxBody)
	if !discordgo.VerifyInteraction(r, s.cfg.PublicKey) || !s.fresh(r.Header.Get("X-Signature-Timestamp")) {
		http.Error(w, "invalid request signature", http.StatusUnauthorized)
		return
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "bad body", http.StatusBadRequest)
		return
	}
	var i discordgo.Interaction
	if err := json.Unmarshal(body, &i); err != nil {
		http.Error(w, "bad interaction", http.StatusBadRequest)
		return
	}
	if i.Type == discordgo.InteractionPing {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"type":1}`)
		return
	}
	s.inflight.Add(1)
	// The handler outlives this request: it answers through REST.
	resp, done := s.cfg.Client.Serve(context.WithoutCancel(r.Context()), s.cfg.Handler, &i, s.cfg.HandlerTimeout, s.cfg.Ephemeral)
	if resp == nil {
		s.inflight.Done()
		http.Error(w, "unsupported interaction", http.StatusBadRequest)
		return
	}
	go func() { <-done; s.inflight.Done() }()
	// Discord wants this request answered after the callback was made.
	select {
	case <-resp.Acked():
		w.WriteHeader(http.StatusAccepted)
	case <-done:
		select {
		case <-resp.Acked():
			w.WriteHeader(http.StatusAccepted)
		default:
			http.Error(w, "interaction not answered", http.StatusInternalServerError)
		}
	case <-r.Context().Done():
	}
}

// fresh tells whether the signed timestamp (Unix seconds) is within the
// replay window.
func (s *Server) fresh(ts string) bool {
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return false
	}
	age := s.now().Sub(time.Unix(sec, 0))
	return age <= s.cfg.MaxAge && age >= -s.cfg.MaxAge
}
