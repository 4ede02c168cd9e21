package rng

import (
	"encoding/json"
	"testing"
)

func TestDeterministicAndRestorable(t *testing.T) {
	a, b := New(42), New(42)
	for i := 0; i < 100; i++ {
		if a.Uint64() != b.Uint64() {
			t.Fatal("same seed gave different numbers")
		}
	}
	data, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	var c Source
	if err := json.Unmarshal(data, &c); err != nil {
		t.Fatal(err)
	}
	if a.Intn(1000) != c.Intn(1000) {
		t.Error("restored generator diverged")
	}
	if New(1).Uint64() == New(2).Uint64() {
		t.Error("different seeds gave the same first number")
	}
}

func TestIntnIsRoughlyUniform(t *testing.T) {
	s := New(7)
	const n, draws = 6, 60000
	var counts [n]int
	for i := 0; i < draws; i++ {
		v := s.Intn(n)
		if v < 0 || v >= n {
			t.Fatalf("Intn(%d) = %d", n, v)
		}
		counts[v]++
	}
	for face, c := range counts {
		if c < draws/n*9/10 || c > draws/n*11/10 {
			t.Errorf("face %d drawn %d times of %d", face, c, draws)
		}
	}
}

func TestShuffleIsAPermutation(t *testing.T) {
	s := New(3)
	xs := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	s.Shuffle(len(xs), func(i, j int) { xs[i], xs[j] = xs[j], xs[i] })
	seen := map[int]bool{}
	moved := false
	for i, x := range xs {
		seen[x] = true
		moved = moved || x != i
	}
	if len(seen) != 10 || !moved {
		t.Errorf("shuffle result %v", xs)
	}
}

func BenchmarkIntn(b *testing.B) {
	s := New(1)
	for i := 0; i < b.N; i++ {
		s.Intn(6)
	}
}
