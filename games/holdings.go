package games

// Holding is one group of what a seat holds privately (its hand, what
// lies behind its screen, its missions, its plan): the private parts of
// its view, by name, for the seat's own panel.
type Holding struct {
	// Name names the group: "Hand", "Screen", "Missions".
	Name Text
	// Pieces are the Catalog ids of the pieces in it, in the view's
	// order, with repeats.
	Pieces []string
	// Notes are what the group holds that is no Catalog piece (the
	// survivors behind a screen, a count).
	Notes []Text
}

// Holder is implemented by views that show their viewer pieces of its
// own. A spectator's view holds nothing.
type Holder interface {
	Holdings() []Holding
}
