package discordapi

import (
	"fmt"
	"testing"

	"github.com/playbychat/pbc/bot"
)

// TestPostPanels posts a board with its phone panels: the fake takes the
// board and nine panels, each with its alt text, and refuses an eleventh
// file as Discord does.
func TestPostPanels(t *testing.T) {
	files := func(n int) []bot.File {
		out := []bot.File{board}
		for i := 1; i < n; i++ {
			out = append(out, bot.File{Name: fmt.Sprintf("phone-seat%d.png", i), ContentType: "image/png", Data: []byte("png"), Alt: fmt.Sprintf("seat %d", i)})
		}
		return out
	}
	for _, tc := range []struct {
		name  string
		files int
		ok    bool
	}{
		{"board and nine panels", 10, true},
		{"one file too many", 11, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, c := setup(t, nil, nil)
			_, err := c.Post(ctx(t), "600", bot.Message{Content: "board", Files: files(tc.files)})
			if ok := err == nil; ok != tc.ok {
				t.Fatalf("post of %d files: %v, want ok %v", tc.files, err, tc.ok)
			}
			if !tc.ok {
				return
			}
			m := f.Messages("600")
			if len(m) != 1 || len(m[0].Files) != tc.files {
				t.Fatalf("messages %+v", m)
			}
			for i, got := range m[0].Files[1:] {
				if want := fmt.Sprintf("seat %d", i+1); got.Description != want || got.Name != fmt.Sprintf("phone-seat%d.png", i+1) {
					t.Errorf("file %d: %s %q, want alt %q", i+1, got.Name, got.Description, want)
				}
			}
		})
	}
}
