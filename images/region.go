package images

import (
	"fmt"

	"github.com/playbychat/pbc/games"
)

// Region is where a picture shows one piece: a card, tile, building or
// mission, named by its id in the game's catalog (games.Card.ID). Pages
// lay tappable areas over the picture from the regions.
type Region struct {
	Rect
	Piece string
}

// Mark records that the rectangle r of the picture shows piece, for
// Picture.Regions. It draws nothing, so marking leaves the pixels as they
// were. Renderers mark only pieces that the view they draw shows.
func (c *Canvas) Mark(r Rect, piece string) {
	c.regions = append(c.regions, Region{Rect: r, Piece: piece})
}

// RenderRegions is Render that also returns where the picture shows each
// piece, for renderers that mark them (nil for the others).
func RenderRegions(v games.View, names []string, lang games.Lang, changes []string) (png []byte, alt string, regions []Region, err error) {
	r := For(v.GameID())
	img, err := r.Render(v, names, lang, changes)
	if err != nil {
		return nil, "", nil, fmt.Errorf("render %s: %w", v.GameID(), err)
	}
	png, err = EncodePNG(img)
	if err != nil {
		return nil, "", nil, fmt.Errorf("render %s: %w", v.GameID(), err)
	}
	if p, ok := img.(*Picture); ok {
		regions = p.Regions
		p.Release()
	}
	return png, TruncateAlt(r.Alt(v, names, lang)), regions, nil
}
