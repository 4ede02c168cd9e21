package stats

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/playbychat/pbc/games"
	_ "github.com/playbychat/pbc/games/xenoshyft" // a cooperative game
	"github.com/playbychat/pbc/internal/testgame"
)

func init() { testgame.Register() }

// loadRecords reads every record of testdata/records.
func loadRecords(t *testing.T) []Record {
	t.Helper()
	files, err := filepath.Glob("testdata/records/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no records: %v", err)
	}
	var recs []Record
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var r Record
		if err := json.Unmarshal(data, &r); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		recs = append(recs, r)
	}
	return recs
}

// summarizeAll summarizes records, failing the test on an error.
func summarizeAll(t *testing.T, recs []Record) []Summary {
	t.Helper()
	var sums []Summary
	for _, r := range recs {
		s, err := Summarize(r)
		if err != nil {
			t.Fatalf("Summarize table %d: %v", r.Table, err)
		}
		sums = append(sums, s)
	}
	return sums
}

// describe writes the report as the lines of testdata/figures.txt.
func describe(rep Report) []string {
	var lines []string
	timing := func(tm Timing) string { return fmt.Sprintf("%d %v %v", tm.Count, tm.Mean, tm.Median) }
	for _, g := range rep.Games {
		lines = append(lines, fmt.Sprintf("game %s: %d %d %s", g.Game, g.Finished, g.Abandoned, timing(g.Answers)))
	}
	for _, p := range rep.Players {
		for _, st := range p.Games {
			lines = append(lines, fmt.Sprintf("%s %s: %d %d %d %d | %s", p.Name, st.Game, st.Played, st.Won, st.Abandoned, st.Rated, timing(st.Answers)))
		}
	}
	for _, g := range rep.Games {
		var names []string
		for _, st := range g.Leaderboard {
			names = append(names, fmt.Sprintf("%s(%.3f)", st.Name, st.Rating.Ordinal()))
		}
		lines = append(lines, fmt.Sprintf("leaderboard %s: %s", g.Game, strings.Join(names, " ")))
	}
	return lines
}

// readFigures reads testdata/figures.txt without comments, with runs of
// spaces folded.
func readFigures(t *testing.T) []string {
	t.Helper()
	f, err := os.Open("testdata/figures.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line != "" && !strings.HasPrefix(line, "#") {
			lines = append(lines, strings.Join(strings.Fields(line), " "))
		}
	}
	return lines
}

func TestFiguresFromRecords(t *testing.T) {
	recs := loadRecords(t)
	got := describe(Compute(summarizeAll(t, recs)))
	want := readFigures(t)
	if !slices.Equal(got, want) {
		t.Errorf("figures:\n%s\nwant (testdata/figures.txt):\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// The order of the summaries does not matter.
	sums := summarizeAll(t, recs)
	slices.Reverse(sums)
	if again := describe(Compute(sums)); !slices.Equal(again, got) {
		t.Errorf("figures depend on the order of the tables:\n%s", strings.Join(again, "\n"))
	}
}

func TestSummarize(t *testing.T) {
	recs := loadRecords(t)
	byTable := map[int64]Summary{}
	for _, s := range summarizeAll(t, recs) {
		byTable[s.Table] = s
	}
	two := byTable[2]
	wantSeats := []SeatResult{
		{User: "u-alice", Name: "Alice", Won: true, Place: 1},
		{User: "u-bob", Name: "Bob", Won: true, Place: 1},
		{User: "u-carol", Name: "Carol", Place: 2},
	}
	if !slices.Equal(two.Seats, wantSeats) {
		t.Errorf("table 2 seats %+v, want %+v", two.Seats, wantSeats)
	}
	// In table 2 the first round's three bids are answers, the reaction
	// too, then every seat newly bids in round 2.
	var took []string
	for _, a := range two.Answers {
		took = append(took, strings.TrimPrefix(a.User, "u-")+" "+a.Took.String())
	}
	want := []string{"carol 5m0s", "bob 20m0s", "alice 1h0m0s", "carol 1m0s", "alice 10m0s", "bob 30m0s", "carol 1h0m0s", "bob 2m0s"}
	if !slices.Equal(took, want) {
		t.Errorf("table 2 answers %v, want %v", took, want)
	}
	bot := byTable[4]
	if bot.Seats[1].User != "" || bot.Seats[1].Place != 2 || len(bot.Answers) != 2 {
		t.Errorf("table 4: bot seat %+v, answers %+v; want the bot unrated by user and its moves no answers", bot.Seats[1], bot.Answers)
	}
	if ab := byTable[3]; ab.Status != Abandoned || ab.Seats[0].Place != 0 || ab.Seats[1].Won {
		t.Errorf("abandoned table: %+v", ab)
	}
}

func TestSummarizeRefuses(t *testing.T) {
	base := loadRecords(t)[0]
	cases := []struct {
		name   string
		change func(r *Record)
		is     error
	}{
		{"running", func(r *Record) { r.Status = "running" }, ErrNotEnded},
		{"wrong hash", func(r *Record) { r.Hash = "00" }, nil},
		{"players missing", func(r *Record) { r.Players = r.Players[:1] }, nil},
		{"illegal move", func(r *Record) { r.Moves[0].Notation = "play 99" }, nil},
		{"finished without the end", func(r *Record) { r.Moves = r.Moves[:2] }, nil},
		{"unknown game", func(r *Record) { r.Game = "chess" }, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := base
			r.Moves = slices.Clone(base.Moves)
			r.Players = slices.Clone(base.Players)
			tc.change(&r)
			_, err := Summarize(r)
			if err == nil || (tc.is != nil && !errors.Is(err, tc.is)) {
				t.Errorf("Summarize = %v, want an error (%v)", err, tc.is)
			}
		})
	}
	// The right hash passes.
	r := base
	g, err := games.Replay(r.Record)
	if err != nil {
		t.Fatal(err)
	}
	if r.Hash, err = games.Hash(g); err != nil {
		t.Fatal(err)
	}
	if _, err := Summarize(r); err != nil {
		t.Errorf("with its true hash: %v", err)
	}
}

// TestCooperativeRating rates Xenoshyft tables, which the seats win or lose
// together, against the game's own rating.
func TestCooperativeRating(t *testing.T) {
	day := time.Date(2026, 4, 1, 0, 0, 0, 0, time.UTC)
	table := func(n int64, won bool, users ...string) Summary {
		s := Summary{Table: n, Guild: "g1", Game: "xenoshyft", Status: Finished, Ended: day.Add(time.Duration(n) * time.Hour)}
		for _, u := range users {
			s.Seats = append(s.Seats, SeatResult{User: u, Name: u, Won: won, Place: 1})
		}
		return s
	}
	won := Compute([]Summary{table(1, true, "ann", "ben")})
	g := won.Games[0]
	if g.Opponent == nil || g.Opponent.Mu >= initialMu {
		t.Fatalf("after a won table the game's rating is %+v, want below %v", g.Opponent, initialMu)
	}
	for _, st := range g.Leaderboard {
		if st.Rating.Mu <= initialMu || st.Won != 1 || st.Rated != 1 {
			t.Errorf("%s after a win: %+v", st.Name, st)
		}
	}
	lost := Compute([]Summary{table(1, true, "ann", "ben"), table(2, false, "ann")})
	g2 := lost.Games[0]
	if g2.Opponent.Mu <= g.Opponent.Mu {
		t.Errorf("the game's rating %v did not rise after it won, from %v", g2.Opponent.Mu, g.Opponent.Mu)
	}
	if g2.Leaderboard[0].Name != "ben" || g2.Leaderboard[1].Rated != 2 {
		t.Errorf("leaderboard after ann's loss: %+v", g2.Leaderboard)
	}
}

// TestRatingOfOneGame checks the ratings after one two-player table
// against the reference implementation's figures for a win between two
// new players.
func TestRatingOfOneGame(t *testing.T) {
	sums := summarizeAll(t, loadRecords(t)[:1])
	lb := Compute(sums).Games[0].Leaderboard
	want := map[string]Rating{
		"Alice": {Mu: 27.63523138347365, Sigma: 8.065506316323548},
		"Bob":   {Mu: 22.36476861652635, Sigma: 8.065506316323548},
	}
	if len(lb) != 2 {
		t.Fatalf("leaderboard %+v", lb)
	}
	for _, st := range lb {
		if !near(st.Rating, want[st.Name]) {
			t.Errorf("%s: %+v, want %+v", st.Name, st.Rating, want[st.Name])
		}
	}
}
