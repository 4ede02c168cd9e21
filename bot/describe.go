package bot

import "github.com/playbychat/pbc/bot/component"

// pieceTexts looks up, once for a message, the texts of the pieces ids
// (see component.PiecesOf) in the table's own content, its game's Catalog.
// It is nil when the game has no Catalog or ids is empty.
func (s *session) pieceTexts(ids []string) component.Pieces {
	byID := s.catalog()
	if byID == nil || len(ids) == 0 {
		return nil
	}
	out := component.Pieces{}
	for _, id := range ids {
		if c, ok := byID[id]; ok {
			c.Body, c.Summary = s.formatText(c.Body), s.formatText(c.Summary)
			out[id] = c
		}
	}
	return out
}
