package xibalba_test

import (
	"encoding/json"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/xibalba"
	"github.com/playbychat/pbc/images"
	"github.com/playbychat/pbc/images/imagetest"
	xr "github.com/playbychat/pbc/images/xibalba"
)

var names = []string{"Ana", "Bartholomew the Bold", "Chen", "Dagmar 🐉"}

func loadView(t testing.TB, name string) *xibalba.View {
	t.Helper()
	var v xibalba.View
	loadJSON(t, name, &v)
	return &v
}

// loadJSON reads testdata/views/<name>.json into v.
func loadJSON(t testing.TB, name string, v any) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "views", name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatal(err)
	}
}

func TestGolden(t *testing.T) {
	tests := []struct {
		view    string
		lang    games.Lang
		changes []string
	}{
		{"two-player-start", games.English, nil},
		{"four-player-block", games.English, []string{"Chen attacks Dagmar 🐉 with power 10."}},
		{"apocalypse", games.German, []string{"Ana hat Djinn-Sturmrufer für 5 Ressourcen gekauft.", "Ana beendet den Zug."}},
		{"eight-dice", games.English, []string{"Ana rolled 8 dice."}},
		{"reorganize", games.German, []string{"Dagmar 🐉 hat die Stufe 3 erreicht und reorganisiert."}},
		{"choose-pool", games.English, []string{"Bartholomew the Bold gathered 4 resources.", "Bartholomew the Bold bought Trader for 3 resources.",
			"Bartholomew the Bold gained 2 paragon.", "Bartholomew the Bold ended the turn."}},
	}
	for _, tt := range tests {
		t.Run(tt.view, func(t *testing.T) {
			img, err := xr.Renderer.Render(loadView(t, tt.view), names, tt.lang, tt.changes)
			if err != nil {
				t.Fatal(err)
			}
			imagetest.Golden(t, tt.view+"-"+string(tt.lang), img)
			imagetest.StripLegible(t, tt.view, img)
			imagetest.EncodedClose(t, tt.view, img)
		})
	}
}

func BenchmarkRender(b *testing.B) {
	v := loadView(b, "four-player-block")
	for b.Loop() {
		if _, _, err := images.Render(v, names, games.English, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStages times the parts of a busy board's Render one by one:
// drawing, images.EncodePNG (palette and compression), and as the yardstick
// the standard library's PNG encoder at BestSpeed on the same picture.
func BenchmarkStages(b *testing.B) {
	v := loadView(b, "engine-four-player-block")
	var changes []string
	loadJSON(b, "engine-four-player-block.changes", &changes)
	img, err := xr.Renderer.Render(v, names, games.English, changes)
	if err != nil {
		b.Fatal(err)
	}
	rgba := img.(*images.Picture).RGBA
	b.Run("draw", func(b *testing.B) {
		for b.Loop() {
			xr.Renderer.Render(v, names, games.English, changes)
		}
	})
	b.Run("encode", func(b *testing.B) {
		for b.Loop() {
			if _, err := images.EncodePNG(rgba); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("stdlib-rgba", func(b *testing.B) {
		enc := png.Encoder{CompressionLevel: png.BestSpeed}
		for b.Loop() {
			if err := enc.Encode(io.Discard, rgba); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func TestAlt(t *testing.T) {
	tests := []struct {
		view string
		lang games.Lang
		want []string
	}{
		{"four-player-block", games.English, []string{
			"XIBALBA, round 6, goal 20 paragon.",
			"Chen's turn: action phase.",
			"Chen attacks Dagmar 🐉 with power 10; Dagmar 🐉 decides whether to block.",
			"Ark: Shikai Blade (power/resistance/paragon 5/5/2), held by Chen, life 17 of 20.",
			"Ana (Castor Rebels): level 2, resistance 3, 7 resources, 9 of 20 paragon, soldier Jungle Sniper 3/4/1 (warhost 2)",
			"add-ons: f1 Trader ×2, f2 Bunker.",
			"Dice of Chen: action pool attack, critical hit, 2 resources, 2 paragon, blank; 0 re-rolls left.",
			"Dagmar 🐉 (Qasyun Djinns):",
		}},
		{"eight-dice", games.English, []string{
			"rolled #1 (1 resource), #2 (blank), #3 (3 resources), #4 (2 resources), #5 (attack), #6 (critical hit), #7 (blank), #8 (attack);",
			"For sale: Soldiers 1 Jade Centurion (7), 2 Old Veteran (5);",
		}},
		{"reorganize", games.German, []string{
			"Dagmar 🐉 ist am Zug: reorganisiert.",
			"Stapel, oben zuerst: Kampftrupp: s04 s51 s57 s26 s43; f1: t03; f2: c38.",
			"0 Wiederholungswürfe übrig.",
			"Ana (Jadelegion): Stufe 2, Widerstand 6, 1 Ressource, 15 von 15 Paragon, Soldat Quartiermeister 1/3/0 (Kampftrupp 1), Ausbaukarten: f1 Palisade.",
		}},
		{"apocalypse", games.German, []string{
			"XIBALBA, Runde 4, Apokalypse-Modus, Ziel 25 Paragon.",
			"Bartholomew the Bold ist am Zug: Würfel wählen.",
			"Arche: leer.",
			"Würfel von Bartholomew the Bold: 6 zu würfeln;",
			"Zu kaufen: Soldaten 1 Djinn-Sturmrufer (5); Zivilisten 1 Feldsanitäter (2);",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.view, func(t *testing.T) {
			alt := xr.Renderer.Alt(loadView(t, tt.view), names, tt.lang)
			for _, w := range tt.want {
				if !strings.Contains(alt, w) {
					t.Errorf("alt text lacks %q:\n%s", w, alt)
				}
			}
		})
	}
}

func TestRegistered(t *testing.T) {
	if images.For("xibalba") != xr.Renderer {
		t.Errorf("images.For(xibalba) = %T, want the XIBALBA renderer", images.For("xibalba"))
	}
	data, alt, err := images.Render(loadView(t, "two-player-start"), names, games.English, nil)
	if err != nil || len(data) == 0 || alt == "" {
		t.Fatalf("images.Render: %d bytes, alt %q, %v", len(data), alt, err)
	}
}

func TestWrongViewType(t *testing.T) {
	if _, err := xr.Renderer.Render(otherView{}, names, games.English, nil); err == nil {
		t.Error("rendering a foreign view succeeded")
	}
}

type otherView struct{}

func (otherView) GameID() string             { return "other" }
func (otherView) Viewer() games.Seat         { return games.Spectator }
func (otherView) Describe(games.Lang) string { return "other" }
