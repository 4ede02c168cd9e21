package xenoshyft

// dataFiles are the files a group may replace: the card set.
var dataFiles = []string{"cards"}

// loadData replaces the card set new games use with a group's own.
func loadData(files map[string][]byte) error {
	cards, ok := files["cards"]
	if !ok {
		return nil
	}
	cs, err := LoadCardSet(cards)
	if err != nil {
		return err
	}
	UseCardSet(cs)
	return nil
}
