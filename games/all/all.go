// Package all registers every game engine with package games. Import it for
// its side effect: import _ "github.com/playbychat/pbc/games/all".
package all

import (
	// Each engine registers itself in its init function.
	_ "github.com/playbychat/pbc/games/armageddon"
	_ "github.com/playbychat/pbc/games/dei"
	_ "github.com/playbychat/pbc/games/xenoshyft"
	_ "github.com/playbychat/pbc/games/xibalba"
)
