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
		fmt.Fprintf(&s, tr(lang, ", round %d", ", Runde %d"), b.Round)
	}
	if b.Apocalypse {
		s.WriteString(tr(lang, ", apocalypse mode", ", Apokalypse-Modus"))
	}
	fmt.Fprintf(&s, tr(lang, ", goal %d paragon. ", ", Ziel %d Paragon. "), b.Target)
	if b.ToAct >= 0 {
		fmt.Fprintf(&s, tr(lang, "%s's turn: %s. ", "%s ist am Zug: %s. "), b.name(b.ToAct), b.Phase)
	} else {
		s.WriteString(b.Status + " ")
	}
	if b.Block != nil {
		fmt.Fprintf(&s, tr(lang, "%s attacks %s with power %d; %s decides whether to block. ",
			"%s greift %s mit Stärke %d an; %s entscheidet über den Block. "),
			b.name(b.Block.Attacker), b.name(b.Block.Defender), b.Block.Power, b.name(b.Block.Defender))
	}
	if len(b.Reorg) > 0 {
		fmt.Fprintf(&s, tr(lang, "Piles, top first: %s. ", "Stapel, oben zuerst: %s. "), strings.Join(b.Reorg, "; "))
	}
	if len(b.Pending) > 0 {
		fmt.Fprintf(&s, tr(lang, "To resolve: %s. ", "Abzuhandeln: %s. "), strings.Join(b.Pending, ", "))
	}
	s.WriteString(tr(lang, "Ark: ", "Arche: "))
	if o := b.Ark.Occupant; o != nil {
		s.WriteString(soldierAlt(o, lang))
		if b.Ark.Controller >= 0 {
			fmt.Fprintf(&s, tr(lang, ", held by %s", ", gehalten von %s"), b.name(b.Ark.Controller))
		}
		fmt.Fprintf(&s, tr(lang, ", life %d of %d. ", ", Leben %d von %d. "), b.Ark.Life, b.Ark.Cap)
	} else {
		s.WriteString(tr(lang, "empty. ", "leer. "))
	}
	if d := b.Dice; d.Seat >= 0 && len(d.Pool)+len(d.Rolled)+len(d.Kept) > 0 {
		fmt.Fprintf(&s, tr(lang, "Dice of %s: ", "Würfel von %s: "), b.name(d.Seat))
		if len(d.Pool) > 0 {
			fmt.Fprintf(&s, tr(lang, "%d to roll; ", "%d zu würfeln; "), len(d.Pool))
		}
		if len(d.Rolled) > 0 {
			s.WriteString(tr(lang, "rolled ", "gewürfelt ") + facesAlt(d.Rolled, true, lang) + "; ")
		}
		s.WriteString(tr(lang, "action pool ", "Aktionsvorrat ") + facesAlt(d.Kept, false, lang))
		left := games.Count(d.Rerolls, games.T("%d re-roll", "%d Wiederholungswurf"), games.T("%d re-rolls", "%d Wiederholungswürfe"))
		fmt.Fprintf(&s, tr(lang, "; %s left. ", "; %s übrig. "), left.In(lang))
	}
	for _, bs := range b.Bases {
		res := games.Count(bs.Resources, games.T("%d resource", "%d Ressource"), games.T("%d resources", "%d Ressourcen"))
		fmt.Fprintf(&s, tr(lang, "%s (%s): level %d, resistance %d, %s, %d of %d paragon",
			"%s (%s): Stufe %d, Widerstand %d, %s, %d von %d Paragon"),
			b.name(bs.Seat), bs.Faction, bs.Level, bs.Resistance, res.In(lang), bs.Paragon, bs.Target)
		if bs.Active != nil {
			a := bs.Active
			fmt.Fprintf(&s, tr(lang, ", soldier %s %d/%d/%d (warhost %d)", ", Soldat %s %d/%d/%d (Kampftrupp %d)"),
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
			s.WriteString(tr(lang, ", add-ons: ", ", Ausbaukarten: ") + strings.Join(addons, ", "))
		}
		s.WriteString(". ")
	}
	s.WriteString(tr(lang, "For sale: ", "Zu kaufen: "))
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
	return fmt.Sprintf(tr(lang, "%s (power/resistance/paragon %d/%d/%d)", "%s (Stärke/Widerstand/Paragon %d/%d/%d)"),
		s.Name, s.Power, s.Resist, s.Paragon)
}

var faceTexts = map[images.Face]games.Text{
	images.FaceBlank:     games.T("blank", "leer"),
	images.FaceResource1: games.T("1 resource", "1 Ressource"),
	images.FaceResource2: games.T("2 resources", "2 Ressourcen"),
	images.FaceResource3: games.T("3 resources", "3 Ressourcen"),
	images.FaceAttack:    games.T("attack", "Angriff"),
	images.FaceCritical:  games.T("critical hit", "kritischer Treffer"),
	images.FaceParagon1:  games.T("1 paragon", "1 Paragon"),
	images.FaceParagon2:  games.T("2 paragon", "2 Paragon"),
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
