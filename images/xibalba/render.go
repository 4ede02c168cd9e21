// Package xibalba draws XIBALBA boards: the ark, every base, the market of
// face-up cards, the current player's dice and a pending block, all in one
// landscape picture made from a xibalba.View.
package xibalba

import (
	"fmt"
	"image"
	"strings"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/xibalba"
	"github.com/playbychat/pbc/images"
)

func init() { images.Register("xibalba", Renderer) }

// words are the board's words in every language, from XIBALBA's board
// catalogue (games/xibalba/board/locales).
var words = xibalba.Board

// Renderer draws *xibalba.View values.
var Renderer = images.ViewRenderer(draw, alt)

// draw draws v: the headline strip, then the board or the seat's hand.
func draw(v *xibalba.View, names []string, lang games.Lang, changes []string) image.Image {
	return fromView(v, names, lang).render(lang, changes)
}

// alt describes v in words.
func alt(v *xibalba.View, names []string, lang games.Lang) string {
	return fromView(v, names, lang).alt(lang)
}

func (b *board) render(lang games.Lang, changes []string) *images.Picture {
	key := "xibalba"
	if b.Apocalypse {
		key = "xibalba-apocalypse"
	}
	c := images.NewFrame(images.Background(key, images.Width, images.Height, paintBackground(b.Apocalypse)))
	c.Strip(b.headline(lang, changes))
	b.draw(c, lang)
	return c.Picture()
}

var phaseTexts = map[xibalba.Phase]games.Text{
	xibalba.PhaseFaction: words.Text("ChooseAFaction"),
	xibalba.PhaseEffect:  words.Text("EffectPhase"),
	xibalba.PhasePool:    words.Text("ChooseDice"),
	xibalba.PhaseDice:    words.Text("DiceEffects"),
	xibalba.PhaseRoll:    words.Text("KeepOrReRoll"),
	xibalba.PhaseAction:  words.Text("ActionPhase"),
}

var deckTexts = map[string]games.Text{
	xibalba.DeckSoldier:   words.Text("Soldiers"),
	xibalba.DeckCivilian:  words.Text("Civilians"),
	xibalba.DeckStructure: words.Text("Structures"),
	xibalba.DeckEvent:     words.Text("Events"),
}

// fromView collects what the picture shows from v, in lang.
func fromView(v *xibalba.View, names []string, lang games.Lang) *board {
	b := &board{
		Round:      v.Round,
		Target:     v.Target,
		Apocalypse: v.Apocalypse,
		ToAct:      int(v.Current),
		Winner:     int(v.Winner),
		Viewer:     int(v.For),
		Phase:      phaseTexts[v.Phase].In(lang),
		Names:      names,
		Ark: ark{
			Occupant:   soldierOf(v.Ark.Occupant, lang),
			Controller: int(v.Ark.Controller),
			Life:       v.Ark.Life,
			Cap:        v.Ark.Cap,
		},
		Dice: dice{Seat: -1},
	}
	b.MarketTall = marketTall(v)
	if v.Phase == xibalba.PhaseOver || v.Winner >= 0 {
		b.ToAct = -1
		b.Status = words.Text("GameOver").In(lang)
		if v.Winner >= 0 {
			b.Status = fmt.Sprintf(words.Text("Wins").In(lang), b.name(int(v.Winner)))
		}
	}
	// Destroy and re-organize only happen in the action phase; the check
	// also keeps an unset turn (faction choice) from showing a choice.
	if v.Destroy != nil && v.Phase == xibalba.PhaseAction {
		b.Phase = fmt.Sprintf(words.Text("DestroyAnAddOnOf").In(lang), b.name(int(*v.Destroy)))
	} else if v.Reorganizing && v.Phase == xibalba.PhaseAction {
		b.Phase = words.Text("ReOrganizing").In(lang)
		b.Reorg = reorgPiles(v, lang)
	}
	for _, bs := range v.Bases {
		out := base{
			Seat:         int(bs.Seat),
			Faction:      bs.FactionName.In(lang),
			Level:        bs.Level,
			Resistance:   bs.Resistance,
			Productivity: bs.Productivity,
			Resources:    bs.Resources,
			Paragon:      bs.Paragon,
			Target:       bs.Target,
			Active:       soldierOf(bs.Active, lang),
			Warhost:      bs.WarhostDepth,
			InArk:        v.Ark.Controller >= 0 && v.Ark.Controller == bs.Seat,
		}
		if bs.Faction == "" {
			out.Faction = words.Text("NoFactionYet").In(lang)
		}
		for _, f := range bs.Fields {
			ff := field{Index: f.Index, Locked: !f.Unlocked, Depth: f.Depth}
			if f.Top != nil {
				ff.ID = f.Top.ID
				ff.Top = f.Top.Name.In(lang)
				ff.Effect, ff.Short = f.Top.Text.In(lang), shortOf(f.Top, lang)
				ff.Kind = f.Top.Deck
			}
			out.Fields = append(out.Fields, ff)
		}
		b.Bases = append(b.Bases, out)
	}
	b.Decks = decksOf(v, lang)
	if d := v.Dice; d != nil && v.Phase != xibalba.PhaseOver {
		b.Dice = dice{Seat: int(d.Seat), Rerolls: d.RerollsLeft, Rolled: diceOf(d.Rolled), Kept: diceOf(d.Kept)}
		b.Dice.Spent = d.HasRolled && len(d.Rolled)+len(d.Kept) == 0
		if v.Phase == xibalba.PhasePool && d.Resource+d.Attack == 0 {
			b.Dice.Choose = d.PoolSize
		}
		if !d.HasRolled {
			for i := 0; i < d.Resource; i++ {
				b.Dice.Pool = append(b.Dice.Pool, die{Kind: images.ResourceDie, Face: images.FaceUnrolled})
			}
			for i := 0; i < d.Attack; i++ {
				b.Dice.Pool = append(b.Dice.Pool, die{Kind: images.AttackDie, Face: images.FaceUnrolled})
			}
		}
	}
	b.Pending = pendingNames(v, lang)
	for _, f := range v.Factions {
		b.Factions = append(b.Factions, faction{ID: f.ID, Name: f.Name.In(lang)})
	}
	if bl := v.Block; bl != nil {
		b.Block = &block{Attacker: int(bl.Attacker), Defender: int(bl.Defender), Power: bl.Power, Survives: bl.BlockerSurvives}
		if bl.Blocker != nil {
			b.Block.Blocker = bl.Blocker.Name.In(lang)
		}
	}
	return b
}

// reorgPiles lists the current player's warhost and add-on piles with their
// card ids top first, for "move s03 top" and "move c07 f2".
func reorgPiles(v *xibalba.View, lang games.Lang) []string {
	topFirst := func(cs []xibalba.CardView) string {
		ids := make([]string, len(cs))
		for i, c := range cs {
			ids[len(cs)-1-i] = c.ID
		}
		return strings.Join(ids, " ")
	}
	var out []string
	for _, bs := range v.Bases {
		if bs.Seat != v.Current {
			continue
		}
		if len(bs.Warhost) > 0 {
			out = append(out, words.Text("WarhostPile").In(lang)+topFirst(bs.Warhost))
		}
		for _, f := range bs.Fields {
			if len(f.Cards) > 0 {
				out = append(out, fmt.Sprintf("f%d: %s", f.Index, topFirst(f.Cards)))
			}
		}
	}
	return out
}

// pendingNames names the cards of v.Pending by id and name ("c12 Trader"),
// looking them up on the current player's base; an id not found there is
// shown as it is.
func pendingNames(v *xibalba.View, lang games.Lang) []string {
	names := map[string]string{}
	if o := v.Ark.Occupant; o != nil {
		names[o.ID] = o.Name.In(lang)
	}
	for _, bs := range v.Bases {
		if bs.Seat != v.Current {
			continue
		}
		for _, c := range bs.Warhost {
			names[c.ID] = c.Name.In(lang)
		}
		for _, f := range bs.Fields {
			for _, c := range f.Cards {
				names[c.ID] = c.Name.In(lang)
			}
			if f.Top != nil {
				names[f.Top.ID] = f.Top.Name.In(lang)
			}
		}
		if bs.Active != nil {
			names[bs.Active.ID] = bs.Active.Name.In(lang)
		}
	}
	var out []string
	for _, id := range v.Pending {
		if n, ok := names[id]; ok {
			out = append(out, id+" "+n)
			continue
		}
		out = append(out, id)
	}
	return out
}

func soldierOf(c *xibalba.CardView, lang games.Lang) *soldier {
	if c == nil {
		return nil
	}
	return &soldier{ID: c.ID, Name: c.Name.In(lang), Power: c.Power, Resist: c.Resistance, Paragon: c.Paragon,
		Effect: c.Text.In(lang), Short: shortOf(c, lang)}
}

// marketTall reports whether the market gets the room for every face-up
// card's effect: it is what the player to act looks at while choosing dice
// and acting; a block, a destruction or a re-organization needs the room
// of the bases and the dice panel instead.
func marketTall(v *xibalba.View) bool {
	return (v.Phase == xibalba.PhasePool || v.Phase == xibalba.PhaseAction) && v.Winner < 0 &&
		v.Block == nil && v.Destroy == nil && !v.Reorganizing
}

// decksOf is the market of v, in lang.
func decksOf(v *xibalba.View, lang games.Lang) []deck {
	var decks []deck
	for _, d := range v.Decks {
		out := deck{Kind: d.Deck, Name: deckTexts[d.Deck].In(lang), Deck: d.DrawCount, Discard: d.DiscardCount}
		for _, s := range d.FaceUp {
			if s.Card == nil {
				out.FaceUp = append(out.FaceUp, offer{Empty: true})
				continue
			}
			o := offer{ID: s.Card.ID, Name: s.Card.Name.In(lang), Cost: s.EffectiveCost, Effect: s.Card.Text.In(lang), Short: shortOf(s.Card, lang)}
			if s.Card.Deck == xibalba.DeckSoldier {
				o.Soldier = soldierOf(s.Card, lang)
			}
			out.FaceUp = append(out.FaceUp, o)
		}
		decks = append(decks, out)
	}
	return decks
}

// shortOf is c's effect for the board: its short text, or the whole text
// in views made before cards had one.
func shortOf(c *xibalba.CardView, lang games.Lang) string {
	if c.Short.EN == "" {
		return c.Text.In(lang)
	}
	return c.Short.In(lang)
}

var (
	dieKinds = map[string]images.DieKind{"resource": images.ResourceDie, "attack": images.AttackDie, "paragon": images.ParagonDie}
	dieFaces = map[string]images.Face{
		"blank": images.FaceBlank, "r1": images.FaceResource1, "r2": images.FaceResource2, "r3": images.FaceResource3,
		"atk": images.FaceAttack, "crit": images.FaceCritical, "p1": images.FaceParagon1, "p2": images.FaceParagon2,
	}
)

func diceOf(ds []xibalba.DieView) []die {
	out := make([]die, len(ds))
	for i, d := range ds {
		out[i] = die{Kind: dieKinds[d.Kind], Face: dieFaces[d.Face], No: d.No}
	}
	return out
}
