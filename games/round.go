package games

// Rounder is implemented by a Game whose play is counted in rounds. Round
// is the number of the round the state is in, 1 for the first, and 0 before
// the first round begins (a setup phase). Pages and tools read it to group
// the log by round; a game that has no rounds does not implement it.
type Rounder interface {
	Round() int
}

// Spanner is implemented by a Game whose rounds hold combats (or like
// stretches of play made of several decisions) that a seat may want to
// pass through as a whole. Span names the combat seat takes part in now:
// the same name from the combat's first decision to its last, another for
// the next combat, and "" outside one. The platform applies "pass for the
// rest of this combat" while the name stays the same; no player reads it.
type Spanner interface {
	Span(seat Seat) string
}
