package intern

import (
	"errors"
	"strconv"
	"strings"
	"testing"
)

func TestLoaded(t *testing.T) {
	var l Loaded[*int]
	calls := 0
	load := func(data []byte) (*int, error) {
		calls++
		n, err := strconv.Atoi(string(data))
		return &n, err
	}
	a, err := l.Load([]byte("7"), load)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := l.Load([]byte("7"), load)
	if a != b || calls != 1 {
		t.Errorf("the same data loaded twice gave %p and %p after %d loads, want one shared copy", a, b, calls)
	}
	if c, _ := l.Load([]byte("8"), load); c == a || *c != 8 {
		t.Errorf("other data gave %d", *c)
	}
	if _, err := l.Load([]byte("x"), load); err == nil {
		t.Error("bad data loaded")
	}
	if _, err := l.Load([]byte("x"), func([]byte) (*int, error) { return nil, errors.New("again") }); err == nil {
		t.Error("a failed load was kept")
	}
	for i := range 2 * maxEntries {
		l.Load([]byte(strconv.Itoa(100+i)), load)
	}
	if len(l.byData) != maxEntries {
		t.Errorf("%d entries kept, want at most %d", len(l.byData), maxEntries)
	}
}

func TestSets(t *testing.T) {
	s := NewSets[*int]("test: set")
	if _, err := s.Active(); err == nil {
		t.Error("a new registry has a set for new games")
	}
	one, two := 1, 2
	if got := s.Keep("a", &one); got != &one {
		t.Errorf("Keep of a new fingerprint returned %p, want %p", got, &one)
	}
	if got := s.Keep("a", &two); got != &one {
		t.Errorf("Keep of a known fingerprint returned %p, want the kept %p", got, &one)
	}
	s.Use("b", &two)
	if v, err := s.Active(); err != nil || v != &two {
		t.Errorf("Active after Use: %v, %v", v, err)
	}
	if v, err := s.Lookup("a"); err != nil || v != &one {
		t.Errorf("Lookup(a): %v, %v", v, err)
	}
	if _, err := s.Lookup("c"); err == nil || !strings.Contains(err.Error(), "loaded: [a b]") {
		t.Errorf("Lookup of an unknown fingerprint: %v", err)
	}
	why := errors.New("embedded data invalid")
	s.Fail(why)
	if v, err := s.Active(); v != nil || !errors.Is(err, why) {
		t.Errorf("Active after Fail: %v, %v", v, err)
	}
	if v, err := s.Lookup("b"); err != nil || v != &two {
		t.Errorf("a failed default forgets loaded sets: %v, %v", v, err)
	}
}
