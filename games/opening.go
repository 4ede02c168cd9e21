package games

// Opener is implemented by a Game whose setup made events (a roll for the
// starting player, factions drawn): Opening returns them, with their Seats,
// for the table's first post. Definition.New cannot return events, so a
// game just made is the only one that has them; a restored or played game
// returns none.
type Opener interface {
	Opening() []Event
}
