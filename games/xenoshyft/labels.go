package xenoshyft

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/internal/eventlog"
)

// eventLog collects the events of one move (see eventlog for the reveal
// rule).
type eventLog struct {
	eventlog.Log
}

// add logs a public event; reveal marks one that turns up something
// hidden (see eventlog.Log.Reveal). seats are the seats its text names
// through games.Seatf, in the order of first mention.
func (l *eventLog) add(t games.Text, reveal bool, seats ...games.Seat) {
	if reveal {
		l.Reveal(t, seats...)
		return
	}
	l.Add(t, seats...)
}

// private logs the cards seat draws, for its eyes only.
func (l *eventLog) private(seat games.Seat, t games.Text) {
	l.Show(seat, t)
}

func (g *Game) cardName(id int) games.Text {
	c := g.s.Cards[id]
	switch c.Kind {
	case kindResource:
		return g.cs.Resources[g.cs.resIdx[c.Key]].Name
	case kindTroop:
		return g.cs.troop(c.Key).Name
	case kindEnemy:
		return g.cs.enemy(c.Key).Name
	default:
		return g.cs.item(c.Key).Name
	}
}

// names lists card names in a language.
func (g *Game) names(ids []int, lang games.Lang) string {
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = fmt.Sprintf("%s (c%d)", g.cardName(id).In(lang), id)
	}
	return strings.Join(parts, ", ")
}

// describeMove builds the games.Move with its labels.
func (g *Game) describeMove(seat games.Seat, m move) games.Move {
	s := g.s
	mv := games.Move{Notation: m.notation(), Group: m.Verb, Payload: m}
	// A card of the hand named by the move gives that card away: the move
	// is for its maker's eyes only.
	hand := s.Players[seat].Hand
	mv.Private = slices.Contains(hand, m.Card) || slices.Contains(hand, m.Target)
	name := func(id int) games.Text { return g.cardName(id) }
	target := func() (string, string) {
		switch {
		case m.Zone >= 0:
			e := s.Lanes[m.Lane].Enemies[m.Zone]
			if !e.Up {
				return fmt.Sprintf(" → face-down enemy e%d.%d", m.Lane+1, m.Zone+1), fmt.Sprintf(" → verdeckter Feind e%d.%d", m.Lane+1, m.Zone+1)
			}
			n := name(e.ID)
			return fmt.Sprintf(" → %s (e%d.%d)", n.EN, m.Lane+1, m.Zone+1), fmt.Sprintf(" → %s (e%d.%d)", n.DE, m.Lane+1, m.Zone+1)
		case m.Target != noCard:
			n := name(m.Target)
			return fmt.Sprintf(" → %s (c%d)", n.EN, m.Target), fmt.Sprintf(" → %s (c%d)", n.DE, m.Target)
		case m.Lane >= 0:
			return fmt.Sprintf(" → lane %d", m.Lane+1), fmt.Sprintf(" → Reihe %d", m.Lane+1)
		}
		return "", ""
	}
	te, td := target()
	switch m.Verb {
	case "ready":
		mv.Label = games.T("Ready", "Bereit")
		mv.Primary = true
		mv.Role = games.RoleConfirm
	case "pass":
		mv.Label = games.T("Pass", "Passen")
		mv.Primary = true
		mv.Group = "pass"
		mv.Role = games.RolePass
	case "show":
		mv.Label = games.T("Show my hand to everyone", "Meine Hand allen zeigen")
		mv.Group = games.SettingGroup
	case "autopass":
		if m.Flag == "on" {
			mv.Label = games.T("Autopass on (pass unless I act)", "Autopass an (passen, außer ich handle)")
		} else {
			mv.Label = games.T("Autopass off", "Autopass aus")
		}
		mv.Group = games.SettingGroup
	case "division":
		d := g.cs.division(m.Flag)
		mv.Label = games.T("Division: "+d.Name.EN, "Division: "+d.Name.DE)
		mv.Primary = true
		mv.Piece = d.Key
	case "buy":
		pile, cost, _, _ := g.stack(seat, m.Stack)
		id := (*pile)[len(*pile)-1]
		mv.Label = g.buyLabel(id, cost)
		mv.Piece = m.Stack.String()
	case "return":
		mv.Label = games.T("Return "+name(m.Card).EN, name(m.Card).DE+" zurückgeben")
	case "deploy":
		// Copies in the hand read alike (no card id), so that a menu can
		// show one option per distinct card (same label and Piece).
		mv.Label = games.T(fmt.Sprintf("Deploy %s in lane %d", name(m.Card).EN, m.Lane+1),
			fmt.Sprintf("%s in Reihe %d aufstellen", name(m.Card).DE, m.Lane+1))
	case "equip":
		from := games.T("", "")
		if !slices.Contains(hand, m.Card) {
			from = games.T(fmt.Sprintf(" (c%d)", m.Card), fmt.Sprintf(" (c%d)", m.Card))
		}
		mv.Label = games.T(fmt.Sprintf("Equip %s%s on %s (c%d)", name(m.Card).EN, from.EN, name(m.Target).EN, m.Target),
			fmt.Sprintf("%s%s an %s (c%d)", name(m.Card).DE, from.DE, name(m.Target).DE, m.Target))
	case "swap":
		mv.Label = games.T(fmt.Sprintf("Swap %s and %s", name(m.Card).EN, name(m.Target).EN),
			fmt.Sprintf("%s und %s tauschen", name(m.Card).DE, name(m.Target).DE))
	case "recall":
		mv.Label = games.T(fmt.Sprintf("Take back %s (c%d)", name(m.Card).EN, m.Card),
			fmt.Sprintf("%s (c%d) zurücknehmen", name(m.Card).DE, m.Card))
	case "first":
		mv.Label = games.T(fmt.Sprintf("Reveal effect of %s (c%d) first", name(m.Card).EN, m.Card),
			fmt.Sprintf("Aufdeck-Effekt von %s (c%d) zuerst", name(m.Card).DE, m.Card))
		mv.Primary = true
	case "discard":
		mv.Label = games.T("Discard "+name(m.Card).EN, name(m.Card).DE+" abwerfen")
	case "play":
		mv.Label = games.T("Play "+name(m.Card).EN+te, name(m.Card).DE+" spielen"+td)
	case "use":
		if m.Div {
			d := g.cs.division(s.Players[seat].Division)
			mv.Label = games.T("Division ability of "+d.Name.EN+te, "Divisionsfähigkeit "+d.Name.DE+td)
			mv.Piece = d.Key
		} else {
			mv.Label = games.T("Use "+name(m.Card).EN+te, name(m.Card).DE+" nutzen"+td)
		}
	}
	if mv.Piece == "" && m.Card != noCard {
		mv.Piece = g.piece(m.Card)
	}
	mv.Label.EN = clip(mv.Label.EN)
	mv.Label.DE = clip(mv.Label.DE)
	return mv
}

// buyLabel names the card bought from a stack with its cost and, for a
// troop, its attack and hit points.
func (g *Game) buyLabel(id, cost int) games.Text {
	n := g.cardName(id)
	if c := g.s.Cards[id]; c.Kind == kindTroop {
		t := g.cs.troop(c.Key)
		return games.T(fmt.Sprintf("Buy %s (cost %d · attack %d · %s)", n.EN, cost, t.Attack, hitPointsText(t.HP).EN),
			fmt.Sprintf("Kaufe %s (Kosten %d · Durchschlagskraft %d · %s)", n.DE, cost, t.Attack, hitPointsText(t.HP).DE))
	}
	return games.T(fmt.Sprintf("Buy %s (cost %d)", n.EN, cost), fmt.Sprintf("Kaufe %s (Kosten %d)", n.DE, cost))
}

func clip(s string) string {
	if utf8.RuneCountInString(s) <= 80 {
		return s
	}
	return string([]rune(s)[:79]) + "…"
}

// xenosathemText is an amount of xenosathem in both languages.
func xenosathemText(n int) games.Text {
	return games.Count(n, games.T("%d xenosathem", "%d Xenosathem"), games.T("%d xenosathem", "%d Xenosathem"))
}

// hitPointsText is a number of hit points in both languages.
func hitPointsText(n int) games.Text {
	return games.Count(n, games.T("%d hit point", "%d Trefferpunkt"), games.T("%d hit points", "%d Trefferpunkte"))
}

// laneStates names the states of a lane (LaneView.State).
var laneStates = map[string]games.Text{
	"waiting":  games.T("waiting", "wartet"),
	"fighting": games.T("fighting", "kämpft"),
	"overrun":  games.T("overrun", "überrannt"),
	"held":     games.T("held", "gehalten"),
	"fallen":   games.T("fallen", "gefallen"),
}
