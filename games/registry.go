package games

import (
	"fmt"
	"sort"
	"sync"
)

var (
	registryMu sync.RWMutex // registryMu protects registry
	registry   = map[string]*Definition{}
)

// Register makes a game available to the platform. Engines call it from an
// init function; registering the same id twice panics.
func Register(d *Definition) {
	registryMu.Lock()
	defer registryMu.Unlock()
	if _, dup := registry[d.ID]; dup {
		panic(fmt.Sprintf("games: %q registered twice", d.ID))
	}
	registry[d.ID] = d
}

// Lookup returns the game registered under id.
func Lookup(id string) (*Definition, bool) {
	registryMu.RLock()
	defer registryMu.RUnlock()
	d, ok := registry[id]
	return d, ok
}

// All returns every registered game, ordered by id.
func All() []*Definition {
	registryMu.RLock()
	defer registryMu.RUnlock()
	out := make([]*Definition, 0, len(registry))
	for _, d := range registry {
		out = append(out, d)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}
