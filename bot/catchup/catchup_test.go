package catchup

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/playbychat/pbc/games"
	_ "github.com/playbychat/pbc/games/xenoshyft"
	"github.com/playbychat/pbc/internal/testgame"
)

func init() { testgame.Register() }

// TestSealedBidsDigest follows a round of Sealed Bids: each seat's secret
// card reaches only that seat's digest.
func TestSealedBidsDigest(t *testing.T) {
	day := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	rec := games.Record{Game: testgame.ID, Seats: 3, Options: map[string]string{"rounds": "2"}, Seed: 2}
	// Hands for seed 2: Alice 12 14 20, Bob 3 7 17, Carol 6 8 19.
	for i, m := range []games.RecordedMove{
		{Seat: 0, Notation: "play 12", User: "u-alice"},
		{Seat: 1, Notation: "play 17", User: "u-bob"},
		{Seat: 2, Notation: "play 8"}, // the bot
		{Seat: 2, Notation: "pass"},   // the bot again
		{Seat: 1, Notation: "play 3", User: "u-bob"},
	} {
		m.At = day.Add(time.Duration(i) * time.Hour)
		rec.Moves = append(rec.Moves, m)
	}
	names := []string{"Alice", "Bob", "Carol"}
	digest := func(seat games.Seat) string {
		t.Helper()
		es, err := Since(rec, seat, "")
		if err != nil {
			t.Fatal(err)
		}
		return Format(es, names, games.English, 10, 0)
	}
	want := map[games.Seat]string{
		0: strings.Join([]string{
			"Since your last move:",
			"• Bob has played a card.",
			"• Carol has played a card.",
			"• Round 1: Alice 12, Bob 17, Carol 8. Bob wins the round.",
			"• Carol passes.",
			"• Bob has played a card.",
		}, "\n"),
	}
	if got := digest(0); got != want[0] {
		t.Errorf("Alice's digest:\n%s\nwant\n%s", got, want[0])
	}
	// Bob moved last: nothing since.
	if got := digest(1); got != nothing.EN {
		t.Errorf("Bob's digest: %q, want %q", got, nothing.EN)
	}
	// Carol (the bot's seat) last moved with her pass.
	carol := digest(2)
	if carol != "Since your last move:\n• Bob has played a card." {
		t.Errorf("Carol's digest:\n%s", carol)
	}
	for _, d := range []string{digest(0), carol} {
		if strings.Contains(d, "You played") || strings.Contains(d, "play 3") {
			t.Errorf("a digest shows Bob's secret card:\n%s", d)
		}
	}
	// German, and the limit on lines.
	es, err := Since(rec, 0, "")
	if err != nil {
		t.Fatal(err)
	}
	de := Format(es, names, games.German, 2, 0)
	if !strings.HasPrefix(de, "Seit deinem letzten Zug:\n…und 3 frühere Zeilen") || strings.Count(de, "•") != 2 {
		t.Errorf("German digest of 2 lines:\n%s", de)
	}
}

// TestFormatFitsMessage keeps the newest lines that fit a number of
// characters, with the count of those left out.
func TestFormatFitsMessage(t *testing.T) {
	var es []Entry
	for i := range 30 {
		es = append(es, Entry{N: i + 1, Seat: 1, Lines: []games.Text{games.T(fmt.Sprintf("{p1} scores %02d points in a long line of text.", i), "")}})
	}
	got := Format(es, []string{"Ann", "Ben"}, games.English, 0, 200)
	if n := len([]rune(got)); n > 200 || n < 150 {
		t.Errorf("a digest of %d characters, want up to 200 and most of them used:\n%s", n, got)
	}
	if !strings.HasSuffix(got, "• Ben scores 29 points in a long line of text.") || !strings.Contains(got, "\n…and 27 earlier lines (/game log).\n") {
		t.Errorf("digest:\n%s", got)
	}
}

func TestSilentMovesCollapse(t *testing.T) {
	es := []Entry{
		{N: 1, Seat: 1}, {N: 2, Seat: 1}, {N: 3, Seat: 2, Bot: true},
		{N: 4, Seat: 1, Lines: []games.Text{games.T("{p1} scores.", "{p1} punktet.")}},
	}
	got := Format(es, []string{"Ann", "Ben", "Cid"}, games.English, 10, 0)
	want := "Since your last move:\n• Ben moved.\n• Cid (bot) moved.\n• Ben scores."
	if got != want {
		t.Errorf("Format:\n%s\nwant\n%s", got, want)
	}
}

// TestDigestsNeverShowOthersPrivateEvents plays random games of the games
// with private events (XIBALBA has none: its views carry public events
// only) and checks every seat's digest after every
// move: it holds no text of an event only other seats may see (unless the
// same text was also shown to this seat), and no move notation of another
// seat that is private.
func TestDigestsNeverShowOthersPrivateEvents(t *testing.T) {
	cases := []struct {
		game  string
		seats int
		games int
	}{
		{testgame.ID, 3, 20},
		{"xenoshyft", 3, 2},
	}
	if testing.Short() {
		for i := range cases {
			cases[i].games = 1
		}
	}
	for _, tc := range cases {
		t.Run(tc.game, func(t *testing.T) {
			def, ok := games.Lookup(tc.game)
			if !ok {
				t.Fatalf("%s is not registered", tc.game)
			}
			privateSeen := 0
			for n := range tc.games {
				seed := uint64(100 + n)
				r := rand.New(rand.NewPCG(seed, 7))
				g, opts, err := def.Create(tc.seats, nil, seed)
				if err != nil {
					t.Fatal(err)
				}
				rec := games.Record{Game: tc.game, Seats: tc.seats, Options: opts, Seed: seed}
				// hidden[s] are the texts of events seat s may not see;
				// shown[s] the texts it may.
				hidden := make([]map[string]bool, tc.seats)
				shown := make([]map[string]bool, tc.seats)
				for s := range tc.seats {
					hidden[s], shown[s] = map[string]bool{}, map[string]bool{}
				}
				var privateMoves []games.RecordedMove
				for step := 0; step < 400 && !g.Status().Finished; step++ {
					actors := g.ToAct()
					if len(actors) == 0 {
						break
					}
					seat := actors[r.IntN(len(actors))].Seat
					var moves []games.Move
					for _, m := range g.LegalMoves(seat) {
						if m.Group != games.SettingGroup {
							moves = append(moves, m)
						}
					}
					if len(moves) == 0 {
						break
					}
					m := moves[r.IntN(len(moves))]
					next, events, err := games.PlayText(g, seat, m.Notation)
					if err != nil {
						t.Fatalf("seed %d: %v", seed, err)
					}
					g = next
					rm := games.RecordedMove{Seat: seat, Notation: m.Notation, User: "u"}
					rec.Moves = append(rec.Moves, rm)
					if m.Private {
						privateMoves = append(privateMoves, rm)
					}
					for _, e := range events {
						for s := range tc.seats {
							text := e.Text.In(games.English)
							if e.VisibleTo(games.Seat(s)) {
								shown[s][text] = true
							} else {
								hidden[s][text] = true
								privateSeen++
							}
						}
					}
					if step%25 != 0 {
						continue
					}
					for s := range tc.seats {
						es, err := Since(rec, games.Seat(s), "")
						if err != nil {
							t.Fatalf("seed %d: %v", seed, err)
						}
						for _, e := range es {
							for _, l := range e.Lines {
								text := l.In(games.English)
								if hidden[s][text] && !shown[s][text] {
									t.Fatalf("seed %d, move %d: seat %d's digest shows %q, an event it may not see", seed, e.N, s, text)
								}
							}
						}
						out := Format(es, nil, games.English, 1000, 0)
						for _, pm := range privateMoves {
							if pm.Seat != games.Seat(s) && strings.Contains(out, pm.Notation) {
								t.Fatalf("seed %d: seat %d's digest names seat %d's private move %q:\n%s", seed, s, pm.Seat, pm.Notation, out)
							}
						}
					}
				}
			}
			if privateSeen == 0 {
				t.Errorf("%s: the random games made no private event, so the test checked nothing", tc.game)
			}
		})
	}
}

func TestEntriesFollowTheReader(t *testing.T) {
	rec := games.Record{Game: testgame.ID, Seats: 2, Options: map[string]string{"rounds": "1"}, Seed: 1,
		Moves: []games.RecordedMove{{Seat: 1, Notation: "play 11"}, {Seat: 0, Notation: "play 15"}}}
	es, err := Since(rec, 1, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(es) != 1 || es[0].N != 2 || es[0].Seat != 0 {
		t.Errorf("entries after seat 1's move: %+v, want move 2 alone", es)
	}
	// Seat 1's move was the bot's while its player was away: their digest
	// starts before it.
	rec.Moves[0].User, rec.Moves[1].User = "", "u-ann"
	es, err = Since(rec, 1, "u-ben")
	if err != nil {
		t.Fatal(err)
	}
	if len(es) != 2 || es[0].N != 1 || !es[0].Bot || es[1].N != 2 || es[1].Bot {
		t.Errorf("entries since u-ben's own last move at seat 1: %+v, want both moves, the first the bot's", es)
	}
	if _, err := Since(games.Record{Game: "chess"}, 0, ""); err == nil {
		t.Error("an unknown game gave no error")
	}
}

// TestEarlierLinesAgree checks that the line standing for the lines left
// out agrees with their number ("1 earlier line", not "1 earlier lines").
func TestEarlierLinesAgree(t *testing.T) {
	es := []Entry{
		{N: 1, Seat: 1, Lines: []games.Text{games.T("{p1} scores.", "{p1} punktet.")}},
		{N: 2, Seat: 0, Lines: []games.Text{games.T("{p0} scores.", "{p0} punktet.")}},
		{N: 3, Seat: 1, Lines: []games.Text{games.T("{p1} scores.", "{p1} punktet.")}},
	}
	names := []string{"Ann", "Ben"}
	for _, tc := range []struct {
		name     string
		lang     games.Lang
		maxLines int
		want     string
	}{
		{"one in English", games.English, 2, "\n…and 1 earlier line (/game log).\n"},
		{"two in English", games.English, 1, "\n…and 2 earlier lines (/game log).\n"},
		{"one in German", games.German, 2, "\n…und 1 frühere Zeile (/game log).\n"},
		{"two in German", games.German, 1, "\n…und 2 frühere Zeilen (/game log).\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Format(es, names, tc.lang, tc.maxLines, 0); !strings.Contains(got, tc.want) {
				t.Errorf("digest lacks %q:\n%s", tc.want, got)
			}
		})
	}
}
