package xibalba_test

import (
	"fmt"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/xibalba"
)

// A game is created through its Definition; the first player chooses a dice
// pool, and the initial roll follows at once.
func Example() {
	g, _, err := xibalba.Definition.Create(2, map[string]string{"target": "30"}, 2016)
	if err != nil {
		fmt.Println(err)
		return
	}
	actor := g.ToAct()[0]
	fmt.Println(actor.Prompt.EN)
	for _, m := range g.LegalMoves(actor.Seat) {
		if m.Primary {
			fmt.Println(m.Notation)
		}
	}
	g, events, err := games.PlayText(g, actor.Seat, "pool 3r3a")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(events) > 0, g.View(actor.Seat).(*xibalba.View).Phase)
	// Output:
	// Choose your dice pool.
	// pool 4r2a
	// pool 3r3a
	// pool 2r4a
	// true roll
}
