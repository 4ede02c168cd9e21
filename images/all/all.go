// Package all registers every game renderer with package images. Import it
// for its side effect: import _ "github.com/playbychat/pbc/images/all".
// Games without a renderer of their own are drawn by images.Fallback.
package all

import (
	// Each renderer registers itself in its init function.
	_ "github.com/playbychat/pbc/images/armageddon"
	_ "github.com/playbychat/pbc/images/dei"
	_ "github.com/playbychat/pbc/images/xenoshyft"
	_ "github.com/playbychat/pbc/images/xibalba"
)
