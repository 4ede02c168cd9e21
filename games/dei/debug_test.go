package dei

import (
	"fmt"
	"testing"
)

func TestDebugMap(t *testing.T) {
	c, err := EmbeddedContent()
	if err != nil {
		t.Fatal(err)
	}
	for n := 2; n <= 4; n++ {
		l, placed := c.quickLayout(n)
		b, err := c.NewBoard(l.Rows, l.Cols, placed)
		if err != nil {
			t.Fatal(err)
		}
		g, r := 0, 0
		for _, a := range b.Areas {
			if a.Ground {
				g++
			} else {
				r++
			}
		}
		fmt.Printf("%d players: %d areas (%d ground, %d roofs)\n", n, len(b.Areas), g, r)
		if n == 2 {
			for y := 0; y < b.Height(); y++ {
				for x := 0; x < b.Width(); x++ {
					fmt.Printf("%4s", b.Areas[b.CellArea(y, x)].ID)
					if x%6 == 5 {
						fmt.Print(" |")
					}
				}
				fmt.Println()
				if y%6 == 5 {
					fmt.Println()
				}
			}
		}
	}
}
