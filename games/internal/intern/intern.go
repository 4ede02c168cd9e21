// Package intern shares the content an engine loads: Sets keeps its loaded
// sets by fingerprint and the one new games use; Loaded shares what an
// engine loads from a saved state:
// games restored from the same data (a card set a state carries) get one
// copy of it instead of one each, which a bot holding thousands of
// restored games would otherwise keep many times over. Loaded content
// must never change.
package intern

import (
	"crypto/sha256"
	"sync"
)

// maxEntries bounds the content kept: a deployment has its built-in set
// and a few replacements at most.
const maxEntries = 16

// Loaded keeps content of type T by the SHA-256 of the data it was loaded
// from. The zero value is ready to use; it is safe for concurrent use.
type Loaded[T any] struct {
	mu sync.Mutex // protects byData
	// byData holds what load made of data, by the data's hash.
	byData map[[sha256.Size]byte]T
}

// Load returns what load made of the same data before, or calls it and
// keeps the result (when fewer than maxEntries are kept). A failed load is
// not kept.
func (l *Loaded[T]) Load(data []byte, load func([]byte) (T, error)) (T, error) {
	sum := sha256.Sum256(data)
	l.mu.Lock()
	v, ok := l.byData[sum]
	l.mu.Unlock()
	if ok {
		return v, nil
	}
	v, err := load(data)
	if err != nil {
		return v, err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if kept, ok := l.byData[sum]; ok {
		return kept, nil
	}
	if l.byData == nil {
		l.byData = map[[sha256.Size]byte]T{}
	}
	if len(l.byData) < maxEntries {
		l.byData[sum] = v
	}
	return v, nil
}
