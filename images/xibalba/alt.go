package xibalba

import (
	"fmt"
	"strings"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/images"
)

// alt describes the picture in words, most urgent first: turn, block, ark,
// dice, bases (soldiers as power/resistance/paragon, as spelled out for the
// ark's occupant), market; with the numbers moves use for rolled dice,
// fields and display slots. images.Render cuts it to images.MaxAlt.
func (b *board) alt(lang games.Lang) string {
	var s strings.Builder
	s.WriteString("XIBALBA")
	if b.Round > 0 {
		fmt.Fprintf(&s, words.Text("AltRound").In(lang), b.Round)
	}
	if b.Apocalypse {
		s.WriteString(words.Text("ApocalypseMode").In(lang))
	}
	fmt.Fprintf(&s, words.Text("GoalParagon").In(lang), b.Target)
	if b.ToAct >= 0 {
		fmt.Fprintf(&s, words.Text("STurn").In(lang), b.name(b.ToAct), b.Phase)
	} else {
		s.WriteString(b.Status + " ")
	}
	if b.Block != nil {
		fmt.Fprintf(&s, words.Text("AttacksWithPowerDecidesWhether").In(lang),
			b.name(b.Block.Attacker), b.name(b.Block.Defender), b.Block.Power, b.name(b.Block.Defender))
	}
	if len(b.Reorg) > 0 {
		fmt.Fprintf(&s, words.Text("AltPiles").In(lang), strings.Join(b.Reorg, "; "))
	}
	if len(b.Pending) > 0 {
		fmt.Fprintf(&s, words.Text("AltToResolve").In(lang), strings.Join(b.Pending, ", "))
	}
	s.WriteString(words.Text("Ark").In(lang))
	if o := b.Ark.Occupant; o != nil {
		s.WriteString(soldierAlt(o, lang))
		if b.Ark.Controller >= 0 {
			fmt.Fprintf(&s, words.Text("AltHeldBy").In(lang), b.name(b.Ark.Controller))
		}
		fmt.Fprintf(&s, words.Text("LifeOf").In(lang), b.Ark.Life, b.Ark.Cap)
	} else {
		s.WriteString(words.Text("AltEmpty").In(lang))
	}
	if d := b.Dice; d.Seat >= 0 && len(d.Pool)+len(d.Rolled)+len(d.Kept) > 0 {
		fmt.Fprintf(&s, words.Text("DiceOf").In(lang), b.name(d.Seat))
		if len(d.Pool) > 0 {
			fmt.Fprintf(&s, words.Text("AltToRoll").In(lang), len(d.Pool))
		}
		if len(d.Rolled) > 0 {
			s.WriteString(words.Text("AltRolled").In(lang) + facesAlt(d.Rolled, true, lang) + "; ")
		}
		s.WriteString(words.Text("AltActionPool").In(lang) + facesAlt(d.Kept, false, lang))
		left := words.Count("AltRerollsLeft", d.Rerolls, d.Rerolls)
		fmt.Fprintf(&s, words.Text("Left").In(lang), left.In(lang))
	}
	for _, bs := range b.Bases {
		res := words.Count("Resources", bs.Resources, bs.Resources)
		fmt.Fprintf(&s, words.Text("LevelResistanceOfParagon").In(lang),
			b.name(bs.Seat), bs.Faction, bs.Level, bs.Resistance, res.In(lang), bs.Paragon, bs.Target)
		if bs.Active != nil {
			a := bs.Active
			fmt.Fprintf(&s, words.Text("SoldierWarhost").In(lang),
				a.Name, a.Power, a.Resist, a.Paragon, bs.Warhost)
		}
		var addons []string
		for _, f := range bs.Fields {
			if f.Top == "" {
				continue
			}
			a := fmt.Sprintf("f%d %s", f.Index, f.Top)
			if f.Depth > 1 {
				a += fmt.Sprintf(" ×%d", f.Depth)
			}
			addons = append(addons, a)
		}
		if len(addons) > 0 {
			s.WriteString(words.Text("AddOns").In(lang) + strings.Join(addons, ", "))
		}
		s.WriteString(". ")
	}
	s.WriteString(words.Text("ForSale").In(lang))
	var decks []string
	for _, d := range b.Decks {
		var offers []string
		for i, o := range d.FaceUp {
			if !o.Empty {
				offers = append(offers, fmt.Sprintf("%d %s (%d)", i+1, o.Name, o.Cost))
			}
		}
		if len(offers) == 0 {
			offers = []string{"–"}
		}
		decks = append(decks, d.Name+" "+strings.Join(offers, ", "))
	}
	s.WriteString(strings.Join(decks, "; ") + ".")
	return images.TruncateAlt(s.String())
}

func soldierAlt(s *soldier, lang games.Lang) string {
	return fmt.Sprintf(words.Text("AltSoldier").In(lang),
		s.Name, s.Power, s.Resist, s.Paragon)
}

var faceTexts = map[images.Face]games.Text{
	images.FaceBlank:     words.Text("Blank"),
	images.FaceResource1: words.Text("OneResource"),
	images.FaceResource2: words.Text("TwoResources"),
	images.FaceResource3: words.Text("ThreeResources"),
	images.FaceAttack:    words.Text("Attack"),
	images.FaceCritical:  words.Text("CriticalHit"),
	images.FaceParagon1:  words.Text("OneParagon"),
	images.FaceParagon2:  words.Text("TwoParagon"),
}

// facesAlt names the faces of ds; numbered puts each die's number in the
// notation ("reroll #1,#3") before its face.
func facesAlt(ds []die, numbered bool, lang games.Lang) string {
	if len(ds) == 0 {
		return "–"
	}
	parts := make([]string, len(ds))
	for i, d := range ds {
		parts[i] = faceTexts[d.Face].In(lang)
		if numbered {
			parts[i] = fmt.Sprintf("#%d (%s)", d.number(i+1), parts[i])
		}
	}
	return strings.Join(parts, ", ")
}
