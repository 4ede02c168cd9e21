package main

import (
	"context"
	"crypto/rand"
	"fmt"
	"log/slog"
	"net"

	"github.com/playbychat/pbc/bot/web"
)

// consoleWeb serves the console's tables in a browser (console --web) and
// prints the links of each table once it runs: the public page and each
// seat's private page.
type consoleWeb struct {
	pages *web.Server
	ln    net.Listener
	// printed are the links already printed, by table, seat and holder.
	printed map[string]bool
}

// listenConsoleWeb listens on addr for the pages of store, keyed with a
// secret made for this session.
func listenConsoleWeb(addr string, store web.Store, log *slog.Logger) (*consoleWeb, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("web: %w", err)
	}
	secret := make([]byte, 32)
	rand.Read(secret)
	pages, err := web.New(web.Config{Store: store, Secret: secret, BaseURL: "http://" + ln.Addr().String(), Log: log})
	if err != nil {
		ln.Close()
		return nil, err
	}
	return &consoleWeb{pages: pages, ln: ln, printed: map[string]bool{}}, nil
}

// serve serves the pages until stop is called.
func (w *consoleWeb) serve(ctx context.Context, c *console) (stop func()) {
	c.printLine("table pages: http://" + w.ln.Addr().String())
	return startWeb(ctx, w.ln, w.pages, c.cfg.log)
}

// printLinks prints the links of running tables and of their seats' current
// holders that were not printed yet.
func (c *console) printLinks(ctx context.Context) error {
	if c.web == nil {
		return nil
	}
	tables, err := c.store.RunningTables(ctx)
	if err != nil {
		return fmt.Errorf("web links: %w", err)
	}
	for _, t := range tables {
		seats, err := c.store.Seats(ctx, t.ID)
		if err != nil {
			return fmt.Errorf("web links: %w", err)
		}
		c.printLink(fmt.Sprintf("%d", t.ID), fmt.Sprintf("table %d: %s", t.ID, c.web.pages.PublicLink(t.ID)))
		for _, st := range seats {
			if st.UserID == "" || st.Bot {
				continue
			}
			c.printLink(fmt.Sprintf("%d/%d/%s", t.ID, st.Seat, st.UserID), fmt.Sprintf("table %d seat %d (%s): %s",
				t.ID, st.Seat+1, st.Name, c.web.pages.SeatLink(t.ID, st.Seat, st.UserID, st.LinkGen)))
		}
	}
	return nil
}

// printLink prints line once per key.
func (c *console) printLink(key, line string) {
	if c.web.printed[key] {
		return
	}
	c.web.printed[key] = true
	c.printLine(line)
}
