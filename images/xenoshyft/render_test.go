package xenoshyft_test

import (
	"math/rand/v2"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/xenoshyft"
	"github.com/playbychat/pbc/images"
	"github.com/playbychat/pbc/images/imagetest"
	xr "github.com/playbychat/pbc/images/xenoshyft"
)

var names = []string{"Ana", "Bartholomew the Bold", "Chen", "Dagmar"}

// greedy is the fixed policy of the scripted games: choose a division,
// buy troops (and now and then an item), deploy into the own lane, equip
// from hand, play instants without a target, else get ready or pass.
func greedy(g games.Game, seat games.Seat, r *rand.Rand) string {
	v := g.View(seat).(*xenoshyft.View)
	hand := map[string]bool{}
	for _, c := range v.Hand {
		hand[c.Ref] = true
	}
	own := " lane" + strconv.Itoa(int(seat)+1)
	var good []string
	fallback := ""
	for _, m := range g.LegalMoves(seat) {
		f := strings.Fields(m.Notation)
		switch m.Group {
		case "division":
			good = append(good, m.Notation)
		case "buy":
			if f[1][0] == 't' || r.IntN(3) == 0 {
				good = append(good, m.Notation)
			}
		case "deploy":
			if strings.HasSuffix(m.Notation, own) {
				good = append(good, m.Notation)
			}
		case "equip":
			if hand[f[1]] {
				good = append(good, m.Notation)
			}
		case "play", "use":
			if len(f) == 2 {
				good = append(good, m.Notation)
			}
		case "ready", "pass":
			fallback = m.Notation
		}
	}
	if len(good) > 0 {
		return good[r.IntN(len(good))]
	}
	if fallback == "" {
		return g.LegalMoves(seat)[0].Notation
	}
	return fallback
}

// play creates a game with seed 7 and plays the policy until stop is true.
// It returns the game and the public events, in lang, since the seats to
// act last changed: the changes of the board's strip.
func play(t testing.TB, seats int, stop func(*xenoshyft.View) bool, lang games.Lang) (games.Game, []string) {
	t.Helper()
	g, _, err := xenoshyft.Definition.Create(seats, nil, 7)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(7, 7))
	var changes []string
	passed := false // the last move changed who acts: its board showed the changes
	for step := 0; step < 3000; step++ {
		if stop(g.View(games.Spectator).(*xenoshyft.View)) {
			return g, changes
		}
		if g.Status().Finished {
			break
		}
		before := len(g.ToAct())
		seat := g.ToAct()[0].Seat
		m := greedy(g, seat, r)
		next, events, err := games.PlayText(g, seat, m)
		if err != nil {
			t.Fatalf("step %d: %s by seat %d: %v", step, m, seat, err)
		}
		if passed {
			changes = nil
		}
		passed = len(next.ToAct()) != before
		for _, e := range events {
			if e.VisibleTo(games.Spectator) {
				changes = append(changes, games.FormatSeats(e.Text.In(lang), names))
			}
		}
		g = next
	}
	t.Fatal("the scripted game never reached the wanted table")
	return nil, nil
}

// TestGolden draws tables of games the engine played with a fixed seed and
// the fixed policy. The views are stored in testdata/views/*.json so that
// changes to the engine's cards or rules do not move the golden pictures;
// -update plays the games again and rewrites views and pictures.
func TestGolden(t *testing.T) {
	combat := func(v *xenoshyft.View) bool { return v.Round >= 4 && v.Phase == xenoshyft.PhaseCombat }
	supply := func(v *xenoshyft.View) bool { return v.Round >= 2 && v.Phase == xenoshyft.PhaseSupply }
	tests := []struct {
		name  string
		seats int
		stop  func(*xenoshyft.View) bool
		seat  games.Seat
		lang  games.Lang
	}{
		{"board-four-player-combat", 4, combat, games.Spectator, games.English},
		{"board-two-player-supply", 2, supply, games.Spectator, games.German},
		{"hand-four-player-combat", 4, combat, 2, games.English},
		{"hand-two-player-supply", 2, supply, 0, games.German},
		{"board-game-over", 2, func(v *xenoshyft.View) bool { return v.Finished }, games.Spectator, games.English},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join("testdata", "views", tt.name+".json")
			changesPath := filepath.Join("testdata", "views", tt.name+".changes.json")
			if imagetest.Updating() {
				g, changes := play(t, tt.seats, tt.stop, tt.lang)
				imagetest.SaveJSON(t, path, g.View(tt.seat))
				imagetest.SaveJSON(t, changesPath, changes)
			}
			v := loadView(t, path)
			var changes []string
			imagetest.LoadJSON(t, changesPath, &changes)
			img, err := xr.Renderer.Render(v, names, tt.lang, changes)
			if err != nil {
				t.Fatal(err)
			}
			imagetest.Golden(t, tt.name+"-"+string(tt.lang), img)
			imagetest.StripLegible(t, tt.name, img)
			imagetest.EncodedClose(t, tt.name, img)
			alt := xr.Renderer.Alt(v, names, tt.lang)
			if n := utf8.RuneCountInString(alt); n == 0 || n > images.MaxAlt || strings.Contains(alt, "{p") {
				t.Errorf("alt text (%d characters): %s", n, alt)
			}
		})
	}
}

// TestGoldenHandmade draws views edited by hand for tables the scripted
// games do not reach; -update rewrites only their pictures.
func TestGoldenHandmade(t *testing.T) {
	tests := []struct {
		name    string
		lang    games.Lang
		changes []string
	}{
		// Two revealed enemies wait for "first c329" or "first c330".
		{"handmade-reveal-order", games.English, []string{"Enemies c329 and c330 are revealed in lane 2."}},
		// Fifteen cards: twelve drawn, the other three named by id.
		{"handmade-big-hand", games.German, nil},
		// Every lane full, troops carrying two items, bosses and six
		// enemies in a lane, in German: the most crowded board.
		{"handmade-crowded", games.German, []string{"Chen spielt Nanogel auf c405.", "Dagmar passt."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			img, err := xr.Renderer.Render(loadView(t, filepath.Join("testdata", "views", tt.name+".json")), names, tt.lang, tt.changes)
			if err != nil {
				t.Fatal(err)
			}
			imagetest.Golden(t, tt.name+"-"+string(tt.lang), img)
			imagetest.StripLegible(t, tt.name, img)
			imagetest.EncodedClose(t, tt.name, img)
		})
	}
}

func loadView(t testing.TB, path string) *xenoshyft.View {
	t.Helper()
	var v xenoshyft.View
	imagetest.LoadJSON(t, path, &v)
	return &v
}

// TestLiveViews renders live views of a game the engine plays now, for the
// spectator and every seat: the stored views above cannot notice a change in
// the engine that the renderer does not survive.
func TestLiveViews(t *testing.T) {
	steps := 0
	g, changes := play(t, 3, func(v *xenoshyft.View) bool { steps++; return steps > 400 || v.Finished }, games.English)
	for s := games.Spectator; s < 3; s++ {
		v := g.View(s)
		if _, err := xr.Renderer.Render(v, names, games.English, changes); err != nil {
			t.Fatal(err)
		}
		if alt := xr.Renderer.Alt(v, names, games.German); utf8.RuneCountInString(alt) > images.MaxAlt {
			t.Errorf("alt text too long: %d", utf8.RuneCountInString(alt))
		}
	}
}

func TestHandOnlyInPrivateViews(t *testing.T) {
	g, _ := play(t, 2, func(v *xenoshyft.View) bool { return v.Round >= 2 && v.Phase == xenoshyft.PhaseSupply }, games.English)
	public := xr.Renderer.Alt(g.View(games.Spectator), names, games.English)
	private := xr.Renderer.Alt(g.View(0), names, games.English)
	if strings.Contains(public, "Your hand") {
		t.Errorf("public alt text shows a hand: %s", public)
	}
	if !strings.Contains(private, "Your hand") {
		t.Errorf("private alt text lacks the hand: %s", private)
	}
}

func TestRegistered(t *testing.T) {
	if images.For("xenoshyft") != xr.Renderer {
		t.Errorf("images.For(xenoshyft) = %T", images.For("xenoshyft"))
	}
}

func BenchmarkRender(b *testing.B) {
	g, _ := play(b, 4, func(v *xenoshyft.View) bool { return v.Round >= 4 && v.Phase == xenoshyft.PhaseCombat }, games.English)
	v := g.View(games.Spectator)
	for b.Loop() {
		if _, _, err := images.Render(v, names, games.English, nil); err != nil {
			b.Fatal(err)
		}
	}
}

func TestAlt(t *testing.T) {
	tests := []struct {
		view string
		lang games.Lang
		want []string
	}{
		{"board-four-player-combat", games.English, []string{
			"Xenoshyft, round 4 of 9, wave 2, base 32 of 60 hit points. Combat in lane 4: reaction.",
			"Lane 1 of Ana: troops c132 Heavy Gunner 4/7; enemies 4 face down.",
			"Lane 3 of Chen: troops c99 Line Trooper 2/4 + Ballistic Plates, c114 Breacher 3/5, c84 Militia 3/3 + Pulse Carbine",
			"Lane 4 of Dagmar (fighting): troops c80 Militia 1/4, c125 Combat Corpsman 2/6, c131 Heavy Gunner 4/8; enemies e4.1 Hive Drone 2/2, 4 face down.",
		}},
		{"hand-two-player-supply", games.German, []string{
			"Xenoshyft, Runde 2 von 9, Welle 1, Basis 30 von 30 Trefferpunkten.",
			"Deine Hand: c41 1 Xenosathem, c93 Miliz,",
			"Reihe 1 von Ana: Truppen",
			"Werte sind Durchschlagskraft/verbleibende Trefferpunkte.",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.view, func(t *testing.T) {
			alt := xr.Renderer.Alt(loadView(t, filepath.Join("testdata", "views", tt.view+".json")), names, tt.lang)
			for _, w := range tt.want {
				if !strings.Contains(alt, w) {
					t.Errorf("alt text lacks %q:\n%s", w, alt)
				}
			}
			if tt.view == "hand-two-player-supply" && strings.Contains(alt, "Bartholomew") {
				t.Errorf("hand alt text describes another seat's lane:\n%s", alt)
			}
		})
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
