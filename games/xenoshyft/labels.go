package xenoshyft

import (
	"fmt"
	"slices"
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

// names lists cards by name and id, "Militia (c3), Frag Grenade (c40)",
// in every language.
func (g *Game) names(ids []int) games.Text {
	parts := make([]games.Text, len(ids))
	for i, id := range ids {
		parts[i] = msgs.Text("CardWithID", g.cardName(id), id)
	}
	return games.Join(parts, ", ")
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
	target := func() games.Text {
		switch {
		case m.Zone >= 0:
			e := s.Lanes[m.Lane].Enemies[m.Zone]
			if !e.Up {
				return msgs.Text("TargetFaceDown", m.Lane+1, m.Zone+1)
			}
			return msgs.Text("TargetEnemy", name(e.ID), m.Lane+1, m.Zone+1)
		case m.Target != noCard:
			return msgs.Text("TargetCard", name(m.Target), m.Target)
		case m.Lane >= 0:
			return msgs.Text("TargetLane", m.Lane+1)
		}
		return games.Text{}
	}
	to := target()
	switch m.Verb {
	case "ready":
		mv.Label = msgs.Text("LabelReady")
		mv.Primary = true
		mv.Role = games.RoleConfirm
	case "pass":
		mv.Label = msgs.Text("LabelPass")
		mv.Primary = true
		mv.Group = "pass"
		mv.Role = games.RolePass
	case "show":
		mv.Label = msgs.Text("LabelShowHand")
		mv.Group = games.SettingGroup
	case "autopass":
		if m.Flag == "on" {
			mv.Label = msgs.Text("LabelAutopassOn")
		} else {
			mv.Label = msgs.Text("LabelAutopassOff")
		}
		mv.Group = games.SettingGroup
	case "division":
		d := g.cs.division(m.Flag)
		mv.Label = msgs.Text("LabelDivision", d.Name)
		mv.Primary = true
		mv.Piece = d.Key
	case "buy":
		pile, cost, _, _ := g.stack(seat, m.Stack)
		id := (*pile)[len(*pile)-1]
		mv.Label = g.buyLabel(id, cost)
		mv.Piece = m.Stack.String()
	case "return":
		mv.Label = msgs.Text("LabelReturn", name(m.Card))
	case "deploy":
		// Copies in the hand read alike (no card id), so that a menu can
		// show one option per distinct card (same label and Piece).
		mv.Label = msgs.Text("LabelDeploy", name(m.Card), m.Lane+1)
	case "equip":
		// A card from the hand reads alike for every copy; one from a
		// troop names its id.
		from := ""
		if !slices.Contains(hand, m.Card) {
			from = fmt.Sprintf(" (c%d)", m.Card)
		}
		mv.Label = msgs.Text("LabelEquip", name(m.Card), from, name(m.Target), m.Target)
	case "swap":
		mv.Label = msgs.Text("LabelSwap", name(m.Card), name(m.Target))
	case "recall":
		mv.Label = msgs.Text("LabelRecall", name(m.Card), m.Card)
	case "first":
		mv.Label = msgs.Text("LabelFirst", name(m.Card), m.Card)
		mv.Primary = true
	case "discard":
		mv.Label = msgs.Text("LabelDiscard", name(m.Card))
	case "play":
		mv.Label = msgs.Text("LabelPlay", name(m.Card), to)
	case "use":
		if m.Div {
			d := g.cs.division(s.Players[seat].Division)
			mv.Label = msgs.Text("LabelUseDivision", d.Name, to)
			mv.Piece = d.Key
		} else {
			mv.Label = msgs.Text("LabelUse", name(m.Card), to)
		}
	}
	if mv.Piece == "" && m.Card != noCard {
		mv.Piece = g.piece(m.Card)
	}
	mv.Label = mv.Label.Map(func(_ games.Lang, s string) string { return clip(s) })
	return mv
}

// buyLabel names the card bought from a stack with its cost and, for a
// troop, its attack and hit points. A cost below the printed one (a
// division's discount) says so, since the card's text prints the other.
func (g *Game) buyLabel(id, cost int) games.Text {
	n := g.cardName(id)
	c := g.s.Cards[id]
	if c.Kind == kindTroop {
		t := g.cs.troop(c.Key)
		plain := msgs.Text("LabelBuyTroop", n, cost, t.Attack, hitPointsText(t.HP))
		if cost == t.Cost {
			return plain
		}
		// The printed cost too where it fits a label, language by language.
		long := msgs.Text("LabelBuyTroopDiscounted", n, cost, t.Cost, t.Attack, hitPointsText(t.HP))
		if utf8.RuneCountInString(long.EN) <= maxLabel {
			plain.EN = long.EN
		}
		if utf8.RuneCountInString(long.DE) <= maxLabel {
			plain.DE = long.DE
		}
		return plain
	}
	if printed := g.cs.item(c.Key).Cost; cost != printed {
		return msgs.Text("LabelBuyDiscounted", n, cost, printed)
	}
	return msgs.Text("LabelBuy", n, cost)
}

// maxLabel is the longest label in runes: Discord's limit for a button
// label and a select option.
const maxLabel = 80

func clip(s string) string {
	if utf8.RuneCountInString(s) <= maxLabel {
		return s
	}
	return string([]rune(s)[:maxLabel-1]) + "…"
}

// xenosathemText is an amount of xenosathem in both languages.
func xenosathemText(n int) games.Text {
	return msgs.Count("Xenosathem", n, n)
}

// hitPointsText is a number of hit points in both languages.
func hitPointsText(n int) games.Text {
	return msgs.Count("HitPoints", n, n)
}

// laneStates names the states of a lane (LaneView.State).
var laneStates = map[string]games.Text{
	"waiting":  msgs.Text("LaneWaiting"),
	"fighting": msgs.Text("LaneFighting"),
	"overrun":  msgs.Text("LaneOverrun"),
	"held":     msgs.Text("LaneHeld"),
	"fallen":   msgs.Text("LaneFallen"),
}
