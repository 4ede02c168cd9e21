package web

import (
	"bytes"
	"fmt"
	"image/png"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/images"
)

// Board is a drawn view: the PNG, its alt text, its size in pixels and
// where it shows which piece.
type Board struct {
	PNG           []byte
	Alt           string
	Width, Height int
	Regions       []images.Region
}

// RenderFunc draws a view for the pages.
type RenderFunc func(v games.View, names []string, lang games.Lang) (*Board, error)

// RenderBoard draws v with the game's renderer (package images).
func RenderBoard(v games.View, names []string, lang games.Lang) (*Board, error) {
	data, alt, regions, err := images.RenderRegions(v, names, lang, nil)
	if err != nil {
		return nil, fmt.Errorf("web: %w", err)
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("web: board size: %w", err)
	}
	return &Board{PNG: data, Alt: alt, Width: cfg.Width, Height: cfg.Height, Regions: regions}, nil
}
