package xenoshyft

import (
	"fmt"
	"strings"

	"github.com/playbychat/pbc/games/xenoshyft"
	"github.com/playbychat/pbc/images"
)

// alt describes the table in words: round, wave and base first, then each
// lane from the front zones back, then (for a hand picture) the hand; cards
// and enemies come with the handles moves name them by ("c12", "e2.1").
func (t *table) alt() string {
	var s strings.Builder
	fmt.Fprintf(&s, pictures.Text("XenoshyftRoundOfWave").In(t.lang), t.Round, t.Wave, t.BaseHP, t.BaseMax)
	if st := t.Step.In(t.lang); st != "" {
		s.WriteString(strings.TrimSuffix(st, ".") + ". ")
	}
	if t.private() {
		var cards []string
		for _, c := range t.Hand {
			cards = append(cards, c.Ref+" "+c.Name.In(t.lang))
		}
		fmt.Fprintf(&s, pictures.Text("AltYourHand").In(t.lang), strings.Join(cards, ", "))
	}
	for _, l := range t.Lanes {
		if t.private() && l.Owner != t.Seat {
			continue
		}
		fmt.Fprintf(&s, pictures.Text("AltLane").In(t.lang), l.Number, t.name(l.Owner))
		if st, ok := stateTexts[l.State]; ok {
			s.WriteString(" (" + strings.ToLower(st.In(t.lang)) + ")")
		}
		s.WriteString(": ")
		var troops []string
		for _, tv := range l.Troops {
			d := fmt.Sprintf("%s %s %d/%d", tv.Card.Ref, tv.Card.Name.In(t.lang), tv.Attack, tv.HP-tv.Damage)
			for _, eq := range []*xenoshyft.CardView{tv.Weapon, tv.Armour} {
				if eq != nil {
					d += " + " + eq.Name.In(t.lang)
				}
			}
			troops = append(troops, d)
		}
		if len(troops) == 0 {
			troops = []string{pictures.Text("AltNone").In(t.lang)}
		}
		fmt.Fprintf(&s, pictures.Text("AltTroops").In(t.lang), strings.Join(troops, ", "))
		hidden := 0
		var enemies []string
		for _, e := range l.Enemies {
			if !e.FaceUp || e.Card == nil {
				hidden++
				continue
			}
			enemies = append(enemies, fmt.Sprintf("%s %s %d/%d", e.Ref, e.Card.Name.In(t.lang), e.Attack, e.HP-e.Damage))
		}
		if hidden > 0 {
			enemies = append(enemies, fmt.Sprintf(pictures.Text("FaceDown").In(t.lang), hidden))
		}
		if len(enemies) == 0 {
			enemies = []string{pictures.Text("AltNone").In(t.lang)}
		}
		fmt.Fprintf(&s, pictures.Text("AltEnemies").In(t.lang), strings.Join(enemies, ", "))
	}
	var ready []string
	for _, p := range t.Players {
		if p.Ready {
			ready = append(ready, t.name(p.Seat))
		}
	}
	if len(ready) > 0 {
		fmt.Fprintf(&s, pictures.Text("ReadySeats").In(t.lang), strings.Join(ready, ", "))
	}
	s.WriteString(pictures.Text("ValuesAreAttackHit").In(t.lang))
	return images.TruncateAlt(s.String())
}
