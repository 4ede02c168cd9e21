package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/rng"
	"github.com/playbychat/pbc/internal/testgame"
)

// raceGame is a tiny engine for the self-play tests: seats take turns adding
// 1, 2 or a random 0-2 to a counter; whoever reaches the target wins. Its
// "flaw" option plants one defect of the sort self-play must catch.
type raceGame struct {
	N       int        `json:"n"`
	Turn    int        `json:"turn"`
	Counter int        `json:"counter"`
	Target  int        `json:"target"`
	Flaw    string     `json:"flaw"`
	Winner  int        `json:"winner"` // -1 while running
	RNG     rng.Source `json:"rng"`
}

const raceID = "selfplay-race"

func init() {
	flaws := []string{"none", "invariant", "restore", "stall", "panic", "mutate", "refuse", "view"}
	choices := make([]games.Choice, len(flaws))
	for i, f := range flaws {
		choices[i] = games.Choice{Value: f, Label: games.T(f, f)}
	}
	games.Register(&games.Definition{
		ID:       raceID,
		Name:     games.T("Race", "Wettlauf"),
		MinSeats: 1,
		MaxSeats: 3,
		Options: []games.OptionSpec{
			{Key: "flaw", Kind: games.ChoiceOption, Choices: choices, Default: func(int) string { return "none" }},
			{Key: "target", Kind: games.IntOption, Min: 5, Max: 100, Default: func(int) string { return "20" }},
		},
		New: func(s games.Setup) (games.Game, error) {
			return &raceGame{N: s.Seats, Target: s.Options.Int("target"), Flaw: s.Options.String("flaw"), Winner: -1, RNG: *rng.New(s.Seed)}, nil
		},
		Restore: func(state []byte) (games.Game, error) {
			var g raceGame
			if err := json.Unmarshal(state, &g); err != nil {
				return nil, err
			}
			if g.Flaw == "restore" {
				g.RNG = rng.Source{}
			}
			return &g, nil
		},
	})
}

func (g *raceGame) Seats() int { return g.N }

func (g *raceGame) ToAct() []games.Actor {
	if g.Winner >= 0 {
		return nil
	}
	return []games.Actor{{Seat: games.Seat(g.Turn), Kind: games.Turn}}
}

func (g *raceGame) LegalMoves(seat games.Seat) []games.Move {
	if g.Winner >= 0 || int(seat) != g.Turn {
		return nil
	}
	if g.Flaw == "stall" {
		return []games.Move{{Notation: "add 0"}}
	}
	return []games.Move{{Notation: "add 1"}, {Notation: "add 2"}, {Notation: "roll"}}
}

func (g *raceGame) Apply(seat games.Seat, m games.Move) (games.Game, []games.Event, error) {
	notation := m.Notation
	if g.Flaw == "panic" && g.Counter > 3 {
		panic("race: planted panic")
	}
	if g.Flaw == "refuse" && notation == "add 2" {
		return nil, nil, games.ErrIllegalMove
	}
	next := *g
	if g.Flaw == "mutate" {
		next.RNG.Uint64()
		g.RNG.Uint64()
	}
	switch notation {
	case "add 1":
		next.Counter++
	case "add 2":
		next.Counter += 2
	case "roll":
		next.Counter += next.RNG.Roll(3)
	}
	if next.Counter >= next.Target {
		next.Winner = int(seat)
	}
	next.Turn = (next.Turn + 1) % next.N
	return &next, nil, nil
}

func (g *raceGame) CheckInvariants() error {
	if g.Flaw == "invariant" && g.Counter > 5 {
		return errors.New("counter above 5")
	}
	return nil
}

func (g *raceGame) View(seat games.Seat) games.View {
	if g.Flaw == "view" && g.Counter > 3 {
		return raceView{seat: games.Spectator}
	}
	return raceView{seat: seat, counter: g.Counter}
}

// raceView is what everybody sees of a race: the counter.
type raceView struct {
	seat    games.Seat
	counter int
}

func (v raceView) GameID() string             { return raceID }
func (v raceView) Viewer() games.Seat         { return v.seat }
func (v raceView) Describe(games.Lang) string { return fmt.Sprintf("counter %d", v.counter) }

func (g *raceGame) Status() games.Status {
	if g.Winner < 0 {
		return games.Status{}
	}
	return games.Status{Finished: true, Winners: []games.Seat{games.Seat(g.Winner)}}
}

func (g *raceGame) MarshalState() ([]byte, error) { return json.Marshal(g) }

func TestPlayRandomGameFindsFlaws(t *testing.T) {
	def, _ := games.Lookup(raceID)
	cfg := selfplayConfig{maxMoves: 200, checkEvery: 1}
	tests := []struct {
		flaw    string
		wantErr bool
		stalled bool
	}{
		{flaw: "none"},
		{flaw: "invariant", wantErr: true},
		{flaw: "restore", wantErr: true},
		{flaw: "stall", wantErr: true, stalled: true},
		{flaw: "panic", wantErr: true},
		{flaw: "mutate", wantErr: true},
		{flaw: "refuse", wantErr: true},
		{flaw: "view", wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.flaw, func(t *testing.T) {
			res := playRandomGame(def, 2, map[string]string{"flaw": tt.flaw}, gameSeeds(7, 0), cfg)
			if (res.err != nil) != tt.wantErr {
				t.Fatalf("err = %v, want error: %v", res.err, tt.wantErr)
			}
			if errors.Is(res.err, errStalled) != tt.stalled {
				t.Errorf("err = %v, stalled: want %v", res.err, tt.stalled)
			}
			if len(res.record.Moves) == 0 {
				t.Errorf("record has no moves")
			}
		})
	}
}

func TestReplayChecked(t *testing.T) {
	def, _ := games.Lookup(raceID)
	tests := []struct {
		flaw    string
		wantErr bool
	}{
		{flaw: "none"},
		{flaw: "invariant", wantErr: true},
		{flaw: "restore", wantErr: true},
		{flaw: "panic", wantErr: true},
		{flaw: "mutate", wantErr: true},
		{flaw: "view", wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.flaw, func(t *testing.T) {
			// Record a game without flaw, then replay it with the flaw.
			res := playRandomGame(def, 2, map[string]string{"target": "30"}, gameSeeds(3, 0), selfplayConfig{maxMoves: 100, checkEvery: 1})
			if res.err != nil {
				t.Fatal(res.err)
			}
			rec := res.record
			rec.Options = map[string]string{"target": "30", "flaw": tt.flaw}
			last, err := replayChecked(rec)
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v, want error: %v", err, tt.wantErr)
			}
			if last == nil {
				t.Errorf("no last good game")
			}
		})
	}
}

func TestSelfplayDeterministic(t *testing.T) {
	def, _ := games.Lookup(raceID)
	cfg := selfplayConfig{games: 40, seed: 99, maxMoves: 100, checkEvery: 3}
	first, err := selfplay(context.Background(), def, cfg)
	if err != nil {
		t.Fatal(err)
	}
	second, err := selfplay(context.Background(), def, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if first.moves != second.moves || first.finished != cfg.games || second.finished != cfg.games {
		t.Errorf("runs differ or fail: %v / %v", first, second)
	}

	play := func(runSeed uint64) string {
		res := playRandomGame(def, 2, nil, gameSeeds(runSeed, 3), cfg)
		if res.err != nil {
			t.Fatal(res.err)
		}
		return moveList(res.record.Moves)
	}
	if a, b := play(5), play(5); a != b {
		t.Errorf("one seed played two games:\n%s\n%s", a, b)
	}
	if a, b := play(5), play(6); a == b {
		t.Errorf("two seeds played the same game: %s", a)
	}
}

func TestRunSelfplay(t *testing.T) {
	summary := regexp.MustCompile(`^selfplay selfplay-race: games=(\d+) finished=(\d+) moves=(\d+) errors=(\d+) elapsed=\S+$`)
	tests := []struct {
		name       string
		args       []string
		code       int
		games      string
		errors     string
		wantRecord bool
		replayCode int // exit code of --replay on the first record
	}{
		{name: "clean", args: []string{"--games", "30", "--players", "1,2,3"}, code: 0, games: "30", errors: "0"},
		{name: "invariant", args: []string{"--games", "5", "--options", "flaw=invariant target=30"}, code: 1, games: "5", errors: "5", wantRecord: true, replayCode: 1},
		{name: "stalled", args: []string{"--games", "2", "--options", "flaw=stall", "--max-moves", "50"}, code: 1, games: "2", errors: "2", wantRecord: true},
		{name: "unknown option", args: []string{"--options", "speed=3"}, code: 2},
		{name: "too many players", args: []string{"--players", "4"}, code: 2},
		{name: "bad players", args: []string{"--players", "two"}, code: 2},
		{name: "stray argument", args: []string{"extra"}, code: 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("TMPDIR", t.TempDir())
			var stdout, stderr bytes.Buffer
			args := append([]string{"--game", raceID}, tt.args...)
			if code := runSelfplay(context.Background(), args, &stdout, &stderr); code != tt.code {
				t.Fatalf("exit code %d, want %d\nstdout: %s\nstderr: %s", code, tt.code, &stdout, &stderr)
			}
			if tt.code == 2 {
				return
			}
			first, _, _ := strings.Cut(stdout.String(), "\n")
			m := summary.FindStringSubmatch(first)
			if m == nil {
				t.Fatalf("summary line %q does not match %v", stdout.String(), summary)
			}
			if m[1] != tt.games || m[4] != tt.errors {
				t.Errorf("games=%s errors=%s, want games=%s errors=%s", m[1], m[4], tt.games, tt.errors)
			}
			path := regexp.MustCompile(`record: (\S+)`).FindStringSubmatch(stderr.String())
			if (path != nil) != tt.wantRecord {
				t.Fatalf("record path printed: %v, want %v\nstderr: %s", path != nil, tt.wantRecord, &stderr)
			}
			if path == nil {
				return
			}
			data, err := os.ReadFile(path[1])
			if err != nil {
				t.Fatal(err)
			}
			var rec games.Record
			if err := json.Unmarshal(data, &rec); err != nil {
				t.Fatalf("record: %v", err)
			}
			if _, err := games.Replay(rec); err != nil {
				t.Errorf("record does not replay: %v", err)
			}
			stdout.Reset()
			if code := runSelfplay(context.Background(), []string{"--replay", path[1]}, &stdout, &stderr); code != tt.replayCode {
				t.Errorf("--replay exit code %d, want %d: %s", code, tt.replayCode, &stdout)
			}
		})
	}
}

func TestMoveList(t *testing.T) {
	tests := []struct {
		n    int
		want string
	}{
		{n: 0, want: ""},
		{n: 2, want: "0:m0 1:m1"},
		{n: 30, want: "0:m0 1:m1 0:m2 1:m3 0:m4 1:m5 0:m6 1:m7 0:m8 1:m9 0:m10 1:m11 ... (6 moves) ... 0:m18 1:m19 0:m20 1:m21 0:m22 1:m23 0:m24 1:m25 0:m26 1:m27 0:m28 1:m29"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.n), func(t *testing.T) {
			moves := make([]games.RecordedMove, tt.n)
			for i := range moves {
				moves[i] = games.RecordedMove{Seat: games.Seat(i % 2), Notation: fmt.Sprintf("m%d", i)}
			}
			if got := moveList(moves); got != tt.want {
				t.Errorf("got %q\nwant %q", got, tt.want)
			}
		})
	}
}

// BenchmarkEngineMoves measures each registered engine's raw speed: one op
// is one random legal move made with games.Play (LegalMoves included),
// without self-play's checks; a finished game is replaced by a new one.
func BenchmarkEngineMoves(b *testing.B) {
	for _, def := range games.All() {
		if def.ID == raceID || def.ID == testgame.ID || def.ID == testgame.QuietID {
			continue
		}
		b.Run(def.ID, func(b *testing.B) {
			pick := rng.New(1)
			var g games.Game
			played := 0
			b.ReportAllocs()
			for b.Loop() {
				if g == nil || g.Status().Finished {
					var err error
					if g, _, err = def.Create(def.MinSeats+played%(def.MaxSeats-def.MinSeats+1), nil, uint64(played)); err != nil {
						b.Fatal(err)
					}
					played++
				}
				actors := g.ToAct()
				seat := actors[pick.Intn(len(actors))].Seat
				moves := g.LegalMoves(seat)
				next, _, err := games.PlayText(g, seat, moves[pick.Intn(len(moves))].Notation)
				if err != nil {
					b.Fatal(err)
				}
				g = next
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "moves/s")
		})
	}
}
