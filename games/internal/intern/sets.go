package intern

import (
	"errors"
	"fmt"
	"slices"
	"sync"
)

// Sets keeps the content sets an engine has loaded, by fingerprint, and
// the one new games are created with: a restored state names its set by
// fingerprint and finds it here as long as this process loaded it. It is
// safe for concurrent use; make it with NewSets.
type Sets[T any] struct {
	what string // names the content in errors, e.g. "xibalba: card set"

	mu     sync.RWMutex // protects the fields below
	byFP   map[string]T
	active T
	// why explains why there is no set for new games (none loaded yet,
	// or the embedded data missing or invalid); nil once there is one.
	why error
}

// NewSets returns an empty registry; what names its content in errors
// ("xibalba: card set").
func NewSets[T any](what string) *Sets[T] {
	return &Sets[T]{what: what, byFP: map[string]T{}, why: errors.New(what + ": none loaded")}
}

// Keep returns the set already kept under fp, or keeps v under fp and
// returns it, so that equal data loaded twice shares one set.
func (s *Sets[T]) Keep(fp string, v T) T {
	s.mu.Lock()
	defer s.mu.Unlock()
	if old, ok := s.byFP[fp]; ok {
		return old
	}
	s.byFP[fp] = v
	return v
}

// Use keeps v under fp and makes it the set new games are created with.
// Games already running keep theirs.
func (s *Sets[T]) Use(fp string, v T) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.byFP[fp] = v
	s.active, s.why = v, nil
}

// Fail records why there is no set for new games (the embedded data could
// not be loaded); Active reports it.
func (s *Sets[T]) Fail(why error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var zero T
	s.active, s.why = zero, why
}

// Active returns the set new games use, or why there is none.
func (s *Sets[T]) Active() (T, error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.active, s.why
}

// Lookup returns the set kept under fp, or an error naming the sets this
// process has.
func (s *Sets[T]) Lookup(fp string) (T, error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	v, ok := s.byFP[fp]
	if !ok {
		known := make([]string, 0, len(s.byFP))
		for k := range s.byFP {
			known = append(known, k)
		}
		slices.Sort(known)
		return v, fmt.Errorf("%s %s is not loaded in this process (loaded: %v)", s.what, fp, known)
	}
	return v, nil
}
