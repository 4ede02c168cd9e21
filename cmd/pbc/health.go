package main

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"time"
)

// healthPath is where run (on health_listen) and serve (on listen) answer
// health checks.
const healthPath = "/healthz"

// pinger is the store's health check.
type pinger interface {
	Ping(ctx context.Context) error
}

// healthHandler answers GET /healthz: 200 "ok" when the database answers
// and ready (the gateway's shards, or nil) reports no error, else 503
// saying which failed; the details go to the log only.
func healthHandler(store pinger, ready func() error, log *slog.Logger) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET "+healthPath, func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
		defer cancel()
		if err := store.Ping(ctx); err != nil {
			log.Warn("health check: database", "err", err)
			http.Error(w, "database unavailable", http.StatusServiceUnavailable)
			return
		}
		if ready != nil {
			if err := ready(); err != nil {
				log.Warn("health check: gateway", "err", err)
				http.Error(w, "gateway not connected", http.StatusServiceUnavailable)
				return
			}
		}
		w.Write([]byte("ok\n"))
	})
	return mux
}

// serveHealth answers health checks on ln until ctx ends; the returned
// channel is closed when it has stopped.
func serveHealth(ctx context.Context, ln net.Listener, h http.Handler, log *slog.Logger) <-chan struct{} {
	done := make(chan struct{})
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	go func() {
		<-ctx.Done()
		srv.Close()
	}()
	go func() {
		defer close(done)
		log.Info("answering health checks", "addr", ln.Addr().String(), "path", healthPath)
		if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
			log.Error("health checks stopped", "err", err)
		}
	}()
	return done
}
