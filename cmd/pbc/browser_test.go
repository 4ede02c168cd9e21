package main

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/playbychat/pbc/bot/web"
	"github.com/playbychat/pbc/db"
)

// chromiumPath is where Debian's chromium package installs the browser.
const chromiumPath = "/usr/bin/chromium"

// TestBrowser plays the Xenoshyft script and opens a XIBALBA table in a
// console, serves their pages, and drives them in headless Chromium: the
// public page of the finished game at 400 and 1280 px wide, where the
// replay slider redraws the board and the board zooms; a tap on a piece of
// the XIBALBA board with the mouse and with a finger on a phone, which
// shows the piece's text; and a private page.
// Screenshots (of the window) go to the test's temporary directory, or to
// $PBC_SCREENSHOTS when set.
func TestBrowser(t *testing.T) {
	if _, err := os.Stat(chromiumPath); err != nil {
		t.Skipf("%s is missing: install the Debian package chromium (apt-get install -y chromium)", chromiumPath)
	}
	if testing.Short() {
		t.Skip("plays a whole game and starts a browser")
	}
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "console.db")
	script, err := os.ReadFile(xenoshyftScript)
	if err != nil {
		t.Fatal(err)
	}
	lines := string(script) + "@alice /game new game:xibalba players:2\n@bob /game join\n@alice /game start\n"
	var out bytes.Buffer
	if err := runConsoleSession(context.Background(), consoleConfig{
		dbPath: dbPath, pngDir: dir, lang: "en", json: true, random: seededReader(1),
		render: xenoshyftRender(), in: strings.NewReader(lines), out: &out, log: testLogger(t),
	}); err != nil {
		t.Fatalf("%v\n%s", err, tail(out.String(), 20))
	}
	store, err := db.OpenStore(dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	pages, err := web.New(web.Config{Store: store, Secret: []byte("browser-test-secret-0123456789"), Log: testLogger(t)})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(pages)
	defer srv.Close()
	shots := os.Getenv("PBC_SCREENSHOTS")
	if shots == "" {
		shots = dir
	}

	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromiumPath),
		chromedp.Flag("headless", true),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.NoFirstRun,
		chromedp.UserDataDir(filepath.Join(dir, "chromium")),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	browser, cancel := chromedp.NewContext(actx)
	defer cancel()
	var mu sync.Mutex // mu protects pageErrors
	var pageErrors []string
	if err := chromedp.Listen(browser, func(ev any) {
		if e, ok := ev.(*runtime.EventExceptionThrown); ok {
			mu.Lock()
			pageErrors = append(pageErrors, e.ExceptionDetails.Text)
			mu.Unlock()
		}
	}); err != nil {
		t.Fatalf("start %s: %v", chromiumPath, err)
	}
	// run runs steps with a deadline; the browser outlives it.
	run := func(t *testing.T, steps ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		ctx, cancel := context.WithTimeout(browser, time.Minute)
		defer cancel()
		if err := chromedp.Do(ctx, steps...); err != nil {
			t.Fatal(err)
		}
	}
	value := func(t *testing.T, expr string) string {
		t.Helper()
		ctx, cancel := context.WithTimeout(browser, time.Minute)
		defer cancel()
		v, err := chromedp.Run(ctx, chromedp.Evaluate[string](expr))
		if err != nil {
			t.Fatalf("%s: %v", expr, err)
		}
		return v
	}
	shot := func(t *testing.T, name string, width int64) {
		t.Helper()
		ctx, cancel := context.WithTimeout(browser, time.Minute)
		defer cancel()
		data, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatal(err)
		}
		saveShot(t, shots, name, data, width)
	}

	for _, width := range []int64{400, 1280} {
		t.Run(fmt.Sprintf("public %dpx", width), func(t *testing.T) {
			run(t,
				chromedp.EmulateViewport(width, 900),
				chromedp.Navigate(srv.URL+pages.PublicLink(1)),
				chromedp.WaitVisible(chromedp.ID("board")),
				waitImage("board"),
			)
			// Only the zoomed board may scroll sideways, inside its frame.
			if w := value(t, `document.documentElement.scrollWidth + " in " + document.documentElement.clientWidth`); !sameWidth(w) {
				t.Errorf("the page is %s px wide in a %d px window", w, width)
			}
			run(t,
				chromedp.SetValue(chromedp.ID("move"), "5"),
				void(chromedp.Evaluate[bool](`document.getElementById("move").dispatchEvent(new Event("input"))`)),
				void(chromedp.Poll[bool](`document.getElementById("board").src.includes("move=5")`, chromedp.WithPollingTimeout(10*time.Second))),
				waitImage("board"),
			)
			if out := value(t, `document.getElementById("move-out").textContent`); out != "5" {
				t.Errorf("the slider's label says %q, want 5", out)
			}
			transform := value(t, `(function () {
				var v = document.getElementById("viewport"), r = v.getBoundingClientRect();
				v.dispatchEvent(new WheelEvent("wheel", {deltaY: -100, clientX: r.left + 10, clientY: r.top + 10, bubbles: true, cancelable: true}));
				return document.getElementById("stage").style.transform;
			})()`)
			if !strings.Contains(transform, "scale(1.2)") {
				t.Errorf("a wheel turn left the board at transform %q", transform)
			}
			shot(t, fmt.Sprintf("public-%d.png", width), width)
		})
	}
	t.Run("tap a piece", func(t *testing.T) {
		run(t,
			chromedp.EmulateViewport(1280, 900),
			chromedp.Navigate(srv.URL+pages.PublicLink(2)),
			chromedp.WaitVisible(chromedp.ID("board")),
			waitImage("board"),
		)
		piece := value(t, `document.querySelector("#regions a").getAttribute("data-piece")`)
		run(t,
			chromedp.Click(chromedp.CSS("#regions a")),
			chromedp.WaitVisible(chromedp.ID("tip")),
		)
		tip := value(t, `document.getElementById("tip").textContent`)
		if !strings.Contains(tip, piece) || len(tip) < len(piece)+10 {
			t.Errorf("tapping %s shows %q, not its text", piece, tip)
		}
		shot(t, "tap-1280.png", 1280)
	})
	t.Run("tap a piece on a phone", func(t *testing.T) {
		run(t,
			chromedp.EmulateViewport(400, 900, chromedp.EmulateTouch),
			chromedp.Navigate(srv.URL+pages.PublicLink(2)),
			chromedp.WaitVisible(chromedp.ID("board")),
			waitImage("board"),
		)
		// The middle of the last marked piece, in the window's pixels.
		ctx, cancel := context.WithTimeout(browser, time.Minute)
		defer cancel()
		at, err := chromedp.Run(ctx, chromedp.Evaluate[struct {
			Piece string
			X, Y  float64
		}](`(function () {
			var all = document.querySelectorAll("#regions a"), a = all[all.length - 1];
			a.scrollIntoView({block: "center"});
			var r = a.getBoundingClientRect();
			return {Piece: a.getAttribute("data-piece"), X: r.left + r.width / 2, Y: r.top + r.height / 2};
		})()`))
		if err != nil {
			t.Fatal(err)
		}
		run(t, tapAt(at.X, at.Y), chromedp.WaitVisible(chromedp.ID("tip")))
		tip := value(t, `document.getElementById("tip").textContent`)
		listed := value(t, fmt.Sprintf(`document.getElementById(%q).textContent`, "piece-"+at.Piece))
		body := value(t, fmt.Sprintf(`document.querySelector(%q).textContent`, "#piece-"+at.Piece+" dd"))
		if tip != listed || strings.TrimSpace(body) == "" {
			t.Errorf("tapping %s shows %q, want its listed text %q", at.Piece, tip, listed)
		}
		shot(t, "tap-400.png", 400)
		run(t, chromedp.Click(chromedp.ID("tip")), chromedp.WaitNotVisible(chromedp.ID("tip")))
	})
	t.Run("private page", func(t *testing.T) {
		run(t,
			chromedp.EmulateViewport(400, 900),
			chromedp.Navigate(srv.URL+pages.SeatLink(2, 0, consoleUserID("alice"), 0)),
			chromedp.WaitVisible(chromedp.ID("board")),
			waitImage("board"),
		)
		if seat := value(t, `document.querySelector(".seat").textContent`); !strings.Contains(seat, "alice") {
			t.Errorf("the private page is of %q, want alice's seat", seat)
		}
		shot(t, "private-400.png", 400)
	})
	mu.Lock()
	defer mu.Unlock()
	if len(pageErrors) > 0 {
		t.Errorf("the pages threw: %v", pageErrors)
	}
}

// waitImage waits until the image of element id has loaded.
func waitImage(id string) chromedp.Action[chromedp.Void] {
	return void(chromedp.Poll[bool](fmt.Sprintf(`document.getElementById(%q).complete && document.getElementById(%q).naturalWidth > 0`, id, id),
		chromedp.WithPollingTimeout(30*time.Second)))
}

// sameWidth reports whether "W in C" has W <= C.
func sameWidth(s string) bool {
	var w, c int
	_, err := fmt.Sscanf(s, "%d in %d", &w, &c)
	return err == nil && w <= c
}

// void runs a and drops its value, to run it among other steps.
func void[T any](a chromedp.Action[T]) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := a(ctx, t)
		return err
	})
}

// tapAt touches the window at x, y (CSS pixels) with one finger and lifts
// it, as a phone's tap; the page needs touch emulation on.
func tapAt(x, y float64) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		for _, p := range []input.DispatchTouchEventParams{
			{Type: input.DispatchTouchEventTypeTouchStart, TouchPoints: []*input.TouchPoint{{X: x, Y: y}}},
			{Type: input.DispatchTouchEventTypeTouchEnd, TouchPoints: []*input.TouchPoint{}},
		} {
			if _, err := cdp.Call(ctx, t, input.DispatchTouchEvent, p); err != nil {
				return fmt.Errorf("touch %s at %.0f,%.0f: %w", p.Type, x, y, err)
			}
		}
		return nil
	})
}

// saveShot checks that a screenshot is a picture of the window's width and
// writes it to dir.
func saveShot(t *testing.T, dir, name string, shot []byte, width int64) {
	t.Helper()
	cfg, err := png.DecodeConfig(bytes.NewReader(shot))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if int64(cfg.Width) > width || int64(cfg.Width) < width-20 { // less a scroll bar
		t.Errorf("%s is %d px wide, want %d", name, cfg.Width, width)
	}
	if len(shot) < 1000 {
		t.Errorf("%s has only %d bytes", name, len(shot))
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, shot, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot %s", path)
}
