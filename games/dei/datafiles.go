package dei

// dataFiles are the files a group may replace: the cards and the map,
// either alone (the other stays the built-in one).
var dataFiles = []string{"cards", "map"}

// loadData replaces the content new games use with a group's own.
func loadData(files map[string][]byte) error {
	cards, cok := files["cards"]
	board, mok := files["map"]
	if !cok && !mok {
		return nil
	}
	if !cok {
		cards = EmbeddedFile("cards.json")
	}
	if !mok {
		board = EmbeddedFile("map.json")
	}
	c, err := LoadContent(cards, board)
	if err != nil {
		return err
	}
	UseContent(c)
	return nil
}
