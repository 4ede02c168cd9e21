package games

// Rounder is implemented by a Game whose play is counted in rounds. Round
// is the number of the round the state is in, 1 for the first, and 0 before
// the first round begins (a setup phase). Pages and tools read it to group
// the log by round; a game that has no rounds does not implement it.
type Rounder interface {
	Round() int
}
