package main

import (
	"bytes"
	"context"
	"os"
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
