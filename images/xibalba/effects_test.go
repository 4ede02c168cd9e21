package xibalba

import (
	"testing"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/xibalba"
	"github.com/playbychat/pbc/images"
)

// TestEveryEffectWhole places every card of the shipped data on the board
// in both languages, beside the card of its deck that needs the most room:
// in a tall market (the pool and action phases) each face-up card's effect
// is whole, and so is a soldier's in a tall base panel's warhost (the
// narrowest, three bases side by side).
func TestEveryEffectWhole(t *testing.T) {
	cs, err := xibalba.DefaultCardSet()
	if err != nil {
		t.Fatal(err)
	}
	c := images.NewCanvas(images.Width, images.Height)
	const warhostW = (images.Width-332-16)/3 - 20
	for _, lang := range []games.Lang{games.English, games.German} {
		t.Run(string(lang), func(t *testing.T) {
			kinds := []string{xibalba.DeckSoldier, xibalba.DeckCivilian, xibalba.DeckStructure, xibalba.DeckEvent}
			offers := map[string][]offer{}
			longest := map[string]offer{}
			for i := range cs.Cards {
				card := &cs.Cards[i]
				cv := &xibalba.CardView{ID: card.ID, Deck: card.Deck, Name: card.Name, Text: card.Text, Short: card.ShortText(),
					Cost: card.Cost, Power: card.Power, Resistance: card.Resistance, Paragon: card.Paragon}
				o := offer{ID: cv.ID, Name: cv.Name.In(lang), Cost: cv.Cost, Effect: cv.Text.In(lang), Short: shortOf(cv, lang)}
				if card.Deck == xibalba.DeckSoldier {
					o.Soldier = soldierOf(cv, lang)
					if !drawWarhost(c, lang, images.Rect{W: warhostW, H: warhostHeight(c, warhostW, o.Soldier)}, base{Active: o.Soldier}, true) {
						t.Errorf("%s: the warhost cuts %q", card.ID, o.Short)
					}
				}
				offers[card.Deck] = append(offers[card.Deck], o)
				if l, ok := longest[card.Deck]; !ok || offerHeight(c, 300, o) > offerHeight(c, 300, l) {
					longest[card.Deck] = o
				}
			}
			for k, kind := range kinds {
				for _, o := range offers[kind] {
					b := &board{MarketTall: true}
					for _, other := range kinds {
						b.Decks = append(b.Decks, deck{Kind: other, Name: other, FaceUp: []offer{longest[other], longest[other]}})
					}
					b.Decks[k].FaceUp[0] = o
					rects := deckRects(b.layout(c).market, b.Decks, true)
					if !drawDeck(c, lang, rects[k], b.Decks[k], true) {
						t.Errorf("%s beside %s: the market cuts %q", o.ID, longest[kind].ID, o.Short)
					}
				}
			}
		})
	}
}
