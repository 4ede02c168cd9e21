package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"time"

	"github.com/playbychat/pbc/bot/web"
)

// WebConfig configures the table pages (package bot/web): off while
// Listen is empty.
type WebConfig struct {
	// Listen is the address the pages are served on, e.g. ":8081"; empty
	// for none.
	Listen string `yaml:"listen"`
	// BaseURL is the address players reach the pages at, e.g.
	// "https://pbc.example.org"; the links are made from it.
	BaseURL string `yaml:"base_url"`
	// Secret keys the private links of the seats (at least 16
	// characters). Changing it voids every link given out.
	Secret string `yaml:"secret"`
	// BehindProxy makes the rate limit trust X-Forwarded-For from a
	// proxy on this host (see web.Config.BehindProxy).
	BehindProxy bool `yaml:"behind_proxy"`
}

// validate checks the web settings when the pages are on.
func (w WebConfig) validate() error {
	if w.Listen == "" {
		return nil
	}
	if _, _, err := net.SplitHostPort(w.Listen); err != nil {
		return fmt.Errorf("web.listen: %q is not host:port", w.Listen)
	}
	u, err := url.Parse(w.BaseURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("web.base_url: %q is not an http(s) URL", w.BaseURL)
	}
	if len(w.Secret) < 16 {
		return errors.New("web.secret: must have at least 16 characters")
	}
	return nil
}

// startWeb serves the table pages of store on ln until stop is called,
// which shuts the server down and waits for it.
func startWeb(ctx context.Context, ln net.Listener, pages *web.Server, log *slog.Logger) (stop func()) {
	srv := &http.Server{
		Handler:           pages,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       60 * time.Second,
		MaxHeaderBytes:    16 << 10,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	wctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		go func() {
			<-wctx.Done()
			sctx, c := context.WithTimeout(context.Background(), 5*time.Second)
			defer c()
			srv.Shutdown(sctx)
		}()
		if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
			log.Error("web pages", "err", err)
		}
	}()
	log.Info("serving table pages", "addr", ln.Addr().String())
	return func() {
		cancel()
		<-done
	}
}

// webPages serves pages on wc.Listen; nil pages (the pages are off) serve
// nothing. stop ends them.
func webPages(ctx context.Context, wc WebConfig, pages *web.Server, log *slog.Logger) (stop func(), err error) {
	if pages == nil {
		return func() {}, nil
	}
	ln, err := net.Listen("tcp", wc.Listen)
	if err != nil {
		return nil, fmt.Errorf("web.listen: %w", err)
	}
	return startWeb(ctx, ln, pages, log), nil
}
