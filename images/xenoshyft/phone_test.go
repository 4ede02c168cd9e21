package xenoshyft_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/xenoshyft"
	"github.com/playbychat/pbc/images"
)

// TestLargestSupplyWhole draws the largest supply the shipped data makes:
// every troop, item and resource stack on offer at once. The market's
// pages must show every stack, none left out ("… +8"), each troop with its
// attack and hit points.
func TestLargestSupplyWhole(t *testing.T) {
	g, _, err := xenoshyft.Definition.Create(4, nil, 7)
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range []games.Lang{games.English, games.German} {
		t.Run(string(lang), func(t *testing.T) {
			v := g.View(games.Spectator).(*xenoshyft.View)
			var want []string
			for _, stacks := range [][]xenoshyft.StackView{v.Troops, v.Items, v.Resources} {
				for i := range stacks {
					stacks[i].Locked = false
					stacks[i].Count = max(stacks[i].Count, 1)
					want = append(want, stacks[i].Ref+" "+stacks[i].Card.Name.In(lang))
				}
			}
			parts, err := images.Parts(v, names, lang)
			if err != nil {
				t.Fatal(err)
			}
			var texts []string
			for _, p := range parts {
				if name, _, _ := strings.Cut(p.Name, "-"); name != images.PartMarket {
					continue
				}
				for _, st := range p.Panel.Draw().Strip {
					if st.Text == "…" {
						t.Errorf("%s leaves rows out", p.Name)
					}
					texts = append(texts, st.Text)
				}
			}
			all := strings.Join(texts, "\n")
			for _, w := range want {
				if !strings.Contains(all, w) {
					t.Errorf("the market's pages lack %q", w)
				}
			}
			for _, s := range v.Troops {
				stats := fmt.Sprintf("attack %d · HP %d", s.Card.Attack, s.Card.HP)
				if lang == games.German {
					stats = fmt.Sprintf("Angriff %d · TP %d", s.Card.Attack, s.Card.HP)
				}
				if !strings.Contains(all, stats) {
					t.Errorf("the market's pages lack %s's %q", s.Ref, stats)
				}
			}
		})
	}
}
