package xibalba

import "errors"

// dataFiles are the files a group may replace: the cards and the
// factions, always together (a card set names its factions).
var dataFiles = []string{"cards", "factions"}

// loadData replaces the card set new games use with a group's own.
func loadData(files map[string][]byte) error {
	cards, factions := files["cards"], files["factions"]
	if (cards == nil) != (factions == nil) {
		return errors.New("cards and factions are replaced together: give both or neither")
	}
	if cards == nil {
		return nil
	}
	cs, err := LoadCardSet(cards, factions)
	if err != nil {
		return err
	}
	UseCardSet(cs)
	return nil
}
