package bot

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestClip checks that a text too long for a message is cut between lines
// or words, never inside a word, and that it fits.
func TestClip(t *testing.T) {
	line := "known cards: Beer ×3, Weapons ×2, Gasoline"
	for _, tt := range []struct {
		name, in, wantEnd string
	}{
		{"short stays", "Your hand: Beer", "Your hand: Beer"},
		{"at a line", strings.Repeat(line+"\n", 60), line + "\n…"},
		{"at a word", strings.Repeat("Wheels ", 400), "Wheels …"},
		{"one long word", strings.Repeat("ü", 2500), "ü…"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := clip(tt.in)
			if n := utf8.RuneCountInString(got); n > 2000 {
				t.Errorf("clip gives %d characters", n)
			}
			if !strings.HasSuffix(got, tt.wantEnd) {
				t.Errorf("clip ends %q, want %q", got[max(0, len(got)-60):], tt.wantEnd)
			}
		})
	}
}
