package armageddon

// dataFiles are the files a group may replace: the whole content
// (buildings, equipment, tiles, board).
var dataFiles = []string{"content"}

// loadData replaces the content new games use with a group's own.
func loadData(files map[string][]byte) error {
	content, ok := files["content"]
	if !ok {
		return nil
	}
	cs, err := LoadCardSet(content)
	if err != nil {
		return err
	}
	UseCardSet(cs)
	return nil
}
