package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/playbychat/pbc/bot/export"
)

// consoleExport plays the short console script, which ends with /game
// export, and returns the exported file.
func consoleExport(t *testing.T) []byte {
	t.Helper()
	c, _ := testConsole(t, false, ":memory:")
	script, err := os.ReadFile(filepath.Join("testdata", "console-short.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for line := range strings.SplitSeq(string(script), "\n") {
		if err := c.handleLine(context.Background(), line); err != nil {
			t.Fatalf("%s: %v", line, err)
		}
	}
	files, _ := filepath.Glob(filepath.Join(c.cfg.pngDir, "*.json"))
	if len(files) != 1 {
		t.Fatalf("export files %v, want one", files)
	}
	data, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestVerifyExport(t *testing.T) {
	good := consoleExport(t)
	tamper := func(edit func(e map[string]any)) []byte {
		var e map[string]any
		dec := json.NewDecoder(bytes.NewReader(good))
		dec.UseNumber() // seeds exceed a float64's precision
		if err := dec.Decode(&e); err != nil {
			t.Fatal(err)
		}
		edit(e)
		data, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	tests := []struct {
		name string
		data []byte
		want error // nil: the export holds
	}{
		{name: "good", data: good},
		{name: "running", data: tamper(func(e map[string]any) { delete(e, "seed_secret") }), want: export.ErrIncomplete},
		{name: "other secret", data: tamper(func(e map[string]any) { e["seed_secret"] = strings.Repeat("ab", 32) }), want: export.ErrCommitment},
		{name: "other seed", data: tamper(func(e map[string]any) { e["seed"] = 12345 }), want: export.ErrSeed},
		{name: "move changed", data: tamper(func(e map[string]any) {
			moves := e["moves"].([]any)
			moves[len(moves)-1].(map[string]any)["move"] = "pass"
		}), want: export.ErrFinalHash},
		{name: "illegal move", data: tamper(func(e map[string]any) {
			e["moves"].([]any)[0].(map[string]any)["move"] = "play 99"
		}), want: export.ErrReplay},
		{name: "move dropped", data: tamper(func(e map[string]any) { e["moves"] = e["moves"].([]any)[1:] }), want: export.ErrReplay},
		{name: "hash changed", data: tamper(func(e map[string]any) { e["hash"] = strings.Repeat("0", 64) }), want: export.ErrFinalHash},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "export.json")
			if err := os.WriteFile(path, tt.data, 0o644); err != nil {
				t.Fatal(err)
			}
			e, err := verifyExport(tt.data)
			if !errors.Is(err, tt.want) || (tt.want == nil) != (err == nil) {
				t.Fatalf("err = %v, want %v", err, tt.want)
			}
			var out bytes.Buffer
			code := runVerify([]string{path}, nil, &out, &out)
			wantCode, wantPrefix := 1, "FAIL "+path+": "
			if tt.want == nil {
				wantCode, wantPrefix = 0, "OK "+path+": sealedbids, 2 seats"
				if e.Game != "sealedbids" || len(e.Moves) == 0 {
					t.Errorf("decoded export %+v", e)
				}
			}
			if code != wantCode || !strings.HasPrefix(out.String(), wantPrefix) {
				t.Errorf("exit %d, output %q; want %d, %q...", code, &out, wantCode, wantPrefix)
			}
		})
	}
}

func TestRunVerifyArgs(t *testing.T) {
	good := consoleExport(t)
	tests := []struct {
		name  string
		args  []string
		stdin string
		code  int
	}{
		{name: "no file", args: nil, code: 2},
		{name: "two files", args: []string{"a.json", "b.json"}, code: 2},
		{name: "help", args: []string{"-h"}, code: 2},
		{name: "missing file", args: []string{filepath.Join(t.TempDir(), "none.json")}, code: 1},
		{name: "stdin", args: []string{"-"}, stdin: string(good), code: 0},
		{name: "stdin not json", args: []string{"-"}, stdin: "nonsense", code: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			if code := runVerify(tt.args, strings.NewReader(tt.stdin), &out, &out); code != tt.code {
				t.Errorf("exit %d, want %d: %s", code, tt.code, &out)
			}
		})
	}
}
