package botplay

import (
	"math/rand/v2"
	"testing"

	"github.com/playbychat/pbc/games"
)

func TestBest(t *testing.T) {
	moves := []games.Move{{Notation: "a"}, {Notation: "b"}, {Notation: "c"}}
	score := map[string]float64{"a": 1, "b": 3, "c": 2}
	r := rand.New(rand.NewPCG(1, 2))
	for range 20 {
		if got := Best(moves, r, func(m games.Move) float64 { return score[m.Notation] }); got.Notation != "b" {
			t.Fatalf("Best = %q, want b", got.Notation)
		}
	}
	seen := map[string]bool{}
	for range 50 {
		seen[Best(moves, r, func(games.Move) float64 { return 0 }).Notation] = true
	}
	if len(seen) < 2 {
		t.Errorf("ties always went to %v: the generator breaks no ties", seen)
	}
	if got := Best(moves, r, func(games.Move) float64 { return -5 }); got.Notation == "" {
		t.Error("negative scores chose nothing")
	}
}

func TestDecisions(t *testing.T) {
	got := Decisions([]games.Move{{Notation: "end"}, {Notation: "policy x", Group: games.SettingGroup}, {Notation: "buy"}})
	if len(got) != 2 || got[0].Notation != "end" || got[1].Notation != "buy" {
		t.Errorf("Decisions = %v", got)
	}
}
