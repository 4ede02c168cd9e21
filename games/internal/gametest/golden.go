// Package gametest holds checks that the engines' tests share.
package gametest

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/playbychat/pbc/games"
)

// golden is a recorded game with its final public board.
type golden struct {
	Record games.Record `json:"record"`
	Final  string       `json:"final"` // English description of the final public view
}

// GoldenReplay checks the game recorded at path: it replays the record and
// compares that it finishes, its state hash and its final public board
// with those recorded. With update it first records anew the game that
// play plays (its record and its final state).
func GoldenReplay(t testing.TB, path string, update bool, play func() (games.Record, games.Game)) {
	t.Helper()
	if update {
		rec, end := play()
		data, err := json.MarshalIndent(golden{Record: rec, Final: end.View(games.Spectator).Describe(games.English)}, "", " ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, append(data, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update)", err)
	}
	var want golden
	if err := json.Unmarshal(data, &want); err != nil {
		t.Fatal(err)
	}
	end, err := games.Replay(want.Record)
	if err != nil {
		t.Fatal(err)
	}
	if !end.Status().Finished {
		t.Error("the recorded game did not finish")
	}
	if h, _ := games.Hash(end); h != want.Record.Hash {
		t.Errorf("hash %s, want %s", h, want.Record.Hash)
	}
	if got := end.View(games.Spectator).Describe(games.English); got != want.Final {
		t.Errorf("final board:\n%s\nwant:\n%s", got, want.Final)
	}
}
