// Package rng is the deterministic random generator kept inside game states.
// Its whole state is one exported field, so it survives JSON encoding and a
// restored game continues with the same numbers.
package rng

// Source is a SplitMix64 generator. The zero value is usable but every game
// should start from New(seed).
type Source struct {
	State uint64 `json:"state"`
}

// New returns a generator seeded with seed.
func New(seed uint64) *Source { return &Source{State: seed} }

// Uint64 returns the next 64 random bits.
func (s *Source) Uint64() uint64 {
	s.State += 0x9e3779b97f4a7c15
	z := s.State
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Intn returns a uniform number in [0, n). It panics if n <= 0.
func (s *Source) Intn(n int) int {
	if n <= 0 {
		panic("rng: Intn with n <= 0")
	}
	bound := uint64(n)
	limit := ^uint64(0) - (^uint64(0) % bound) // reject the biased tail
	for {
		v := s.Uint64()
		if v < limit {
			return int(v % bound)
		}
	}
}

// Roll returns a die face in [0, faces).
func (s *Source) Roll(faces int) int { return s.Intn(faces) }

// Shuffle permutes n elements with swap, Fisher-Yates.
func (s *Source) Shuffle(n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		swap(i, s.Intn(i+1))
	}
}

// Derive returns a new seed from this generator, for sub-games or for
// seeding independent streams.
func (s *Source) Derive() uint64 { return s.Uint64() }
