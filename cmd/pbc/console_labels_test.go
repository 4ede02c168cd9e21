package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestConsoleNoCutLabels plays the whole scripted Armageddon and Xenoshyft
// games in German (the longer texts) and checks what a player chooses from:
// no button label, select option label or option description ends cut with
// "…" (a card text's own "1, 2, …" is not a cut), and every option with a
// description says more than its label.
func TestConsoleNoCutLabels(t *testing.T) {
	for _, tc := range []struct {
		name   string
		script string
	}{
		{"armageddon", armageddonScript},
		{"xenoshyft", xenoshyftScript},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, err := os.Open(tc.script)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			var out bytes.Buffer
			err = runConsoleSession(context.Background(), consoleConfig{
				dbPath: ":memory:", pngDir: t.TempDir(), lang: "de", json: true, random: seededReader(1),
				render: stubRender, in: f, out: &out, log: testLogger(t),
			})
			if err != nil {
				t.Fatalf("%v\n%s", err, tail(out.String(), 40))
			}
			cut := func(s string) bool { return strings.HasSuffix(s, "…") }
			options := 0
			for _, m := range decodeMessages(t, out.Bytes()) {
				for _, b := range m.Buttons {
					if cut(b.Label) {
						t.Errorf("button label cut: %q", b.Label)
					}
				}
				for _, s := range m.Selects {
					for _, o := range s.Options {
						options++
						if cut(o.Label) || cut(o.Description) {
							t.Errorf("option cut: %q (%q)", o.Label, o.Description)
						}
						if o.Description != "" && o.Description == o.Label {
							t.Errorf("option %q repeats its label as description", o.Label)
						}
					}
				}
			}
			if options == 0 {
				t.Fatal("no select options in the whole game: nothing checked")
			}
		})
	}
}

// TestConsoleHintsGerman checks that the start hints speak the users'
// language (--lang de): how to type, that the file is kept, and how to
// start fresh when it holds a game.
func TestConsoleHintsGerman(t *testing.T) {
	path := filepath.Join(t.TempDir(), "console.db")
	first, _ := testConsole(t, false, path)
	run(t, first, "@alice /game new game:sealedbids players:2")
	c, err := openConsole(consoleConfig{dbPath: path, pngDir: t.TempDir(), lang: "de", random: seededReader(1),
		render: stubRender, out: io.Discard, log: testLogger(t)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := c.close(); err != nil {
			t.Error(err)
		}
	})
	var hints bytes.Buffer
	if err := c.printHints(context.Background(), &hints); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Jede Zeile nennt, wer handelt", "werden in " + path + " gespeichert", "enthält Tisch 1 (sealedbids, open)", "Neu anfangen", "/game abandon"} {
		if !strings.Contains(hints.String(), want) {
			t.Errorf("German hints lack %q:\n%s", want, &hints)
		}
	}
	for _, english := range []string{"each line", "kept in", "start fresh"} {
		if strings.Contains(hints.String(), english) {
			t.Errorf("German hints say %q:\n%s", english, &hints)
		}
	}
}
