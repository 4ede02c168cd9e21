package xibalba_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/xibalba"
	"github.com/playbychat/pbc/images"
	"github.com/playbychat/pbc/images/imagetest"
	xr "github.com/playbychat/pbc/images/xibalba"
)

var names = []string{"Ana", "Bartholomew the Bold", "Chen", "Dagmar"}

func loadView(t testing.TB, name string) *xibalba.View {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "views", name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var v xibalba.View
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	return &v
}

func TestGolden(t *testing.T) {
	tests := []struct {
		view string
		lang games.Lang
	}{
		{"two-player-start", games.English},
		{"four-player-block", games.English},
		{"apocalypse", games.German},
	}
	for _, tt := range tests {
		t.Run(tt.view, func(t *testing.T) {
			img, err := xr.Renderer{}.Render(loadView(t, tt.view), names, tt.lang)
			if err != nil {
				t.Fatal(err)
			}
			imagetest.Golden(t, tt.view+"-"+string(tt.lang), img)
		})
	}
}

func BenchmarkRender(b *testing.B) {
	v := loadView(b, "four-player-block")
	for b.Loop() {
		if _, _, err := images.Render(v, names, games.English); err != nil {
			b.Fatal(err)
		}
	}
}
