package gametest

import (
	"regexp"
	"slices"
	"strconv"

	"github.com/playbychat/pbc/games"
)

// placeholder matches a seat placeholder {pN} in an event's text.
var placeholder = regexp.MustCompile(`\{p(\d+)\}`)

// NamedSeats lists the seats text names by placeholder, each once, in the
// order of first mention: what an engine's Event.Seats must hold. Tests
// compare the two; the platform itself reads only Event.Seats.
func NamedSeats(text string) []games.Seat {
	var out []games.Seat
	for _, m := range placeholder.FindAllStringSubmatch(text, -1) {
		n, err := strconv.Atoi(m[1])
		if err != nil {
			continue
		}
		if s := games.Seat(n); !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}
