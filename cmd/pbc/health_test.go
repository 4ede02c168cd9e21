package main

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
)

// pingFunc is a pinger for tests.
type pingFunc func(ctx context.Context) error

func (f pingFunc) Ping(ctx context.Context) error { return f(ctx) }

func TestHealthHandler(t *testing.T) {
	down := errors.New("down")
	up := func(context.Context) error { return nil }
	tests := []struct {
		name   string
		ping   pingFunc
		ready  func() error
		method string
		status int
		body   string
	}{
		{"all well", up, func() error { return nil }, http.MethodGet, http.StatusOK, "ok\n"},
		{"no gateway to check", up, nil, http.MethodGet, http.StatusOK, "ok\n"},
		{"database down", func(context.Context) error { return down }, nil, http.MethodGet,
			http.StatusServiceUnavailable, "database unavailable\n"},
		{"shard disconnected", up, func() error { return down }, http.MethodGet,
			http.StatusServiceUnavailable, "gateway not connected\n"},
		{"not a GET", up, nil, http.MethodPost, http.StatusMethodNotAllowed, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := healthHandler(tt.ping, tt.ready, slog.New(slog.DiscardHandler))
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(tt.method, healthPath, nil))
			body, _ := io.ReadAll(rec.Body)
			if rec.Code != tt.status || (tt.body != "" && string(body) != tt.body) {
				t.Errorf("%s %s = %d %q, want %d %q", tt.method, healthPath, rec.Code, body, tt.status, tt.body)
			}
		})
	}
}
