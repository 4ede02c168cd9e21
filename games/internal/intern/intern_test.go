package intern

import (
	"errors"
	"strconv"
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
