package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/playbychat/pbc/bot"
	"github.com/playbychat/pbc/bot/component"
	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/rng"
	"github.com/playbychat/pbc/games/xenoshyft"
	"github.com/playbychat/pbc/images"
)

// xenoshyftScript is a whole two-player Xenoshyft session for the console,
// made by TestConsoleXenoshyftScript with -update from a seeded playout.
var xenoshyftScript = filepath.Join("testdata", "console-xenoshyft.txt")

// xenoshyftRender draws the first few images for real (the Xenoshyft
// renderer through the console) and the rest with the 1×1 stub: a whole
// game of real boards would take a minute.
func xenoshyftRender() bot.Renderer {
	var drawn atomic.Int64
	return func(v games.View, names []string, lang games.Lang, changes []string) ([]byte, string, error) {
		if drawn.Add(1) <= 3 {
			return images.Render(v, names, lang, changes)
		}
		return stubRender(v, names, lang, changes)
	}
}

// TestConsoleXenoshyftScript runs a scripted cooperative Xenoshyft game
// through the console session: every line must succeed, each player must
// get their hand by DM, the channel must get boards as PNG files and never
// a card id of anyone's hand, and the game must end with its result and an
// export that verifies. With -update the script is played anew from a
// seeded policy and rewritten.
func TestConsoleXenoshyftScript(t *testing.T) {
	if *update {
		writeXenoshyftScript(t)
	}
	f, err := os.Open(xenoshyftScript)
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	defer f.Close()
	var out bytes.Buffer
	dir := t.TempDir()
	err = runConsoleSession(context.Background(), consoleConfig{
		dbPath: ":memory:", pngDir: dir, lang: "en", json: true, random: seededReader(1),
		render: xenoshyftRender(), in: f, out: &out, log: testLogger(t),
	})
	if err != nil {
		t.Fatalf("%v\n%s", err, tail(out.String(), 40))
	}

	// The game is replayed along the script, so that every channel message
	// is checked against the hands as they are after its line: a card
	// still held is never named in the channel.
	exports, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(exports) != 1 {
		t.Fatalf("exports %v, want one", exports)
	}
	record, err := os.ReadFile(exports[0])
	if err != nil {
		t.Fatal(err)
	}
	e, err := verifyExport(record)
	if err != nil {
		t.Fatal(err)
	}
	def, _ := games.Lookup(e.Game)
	g, _, err := def.Create(e.Seats, e.Options, e.Seed)
	if err != nil {
		t.Fatal(err)
	}
	script, err := os.ReadFile(xenoshyftScript)
	if err != nil {
		t.Fatal(err)
	}
	var inputs []string
	for _, l := range strings.Split(string(script), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			inputs = append(inputs, l)
		}
	}
	steps := splitByInput(t, out.Bytes())
	if len(steps) != len(inputs) {
		t.Fatalf("%d outputs for %d input lines", len(steps), len(inputs))
	}
	names := []string{"alice", "bob"}
	dms := map[string]int{}
	var boards []string
	var result string
	played := 0
	for i, step := range steps {
		if typedMoveRefused(inputs[i], e.Moves, played) {
			// A typed pass the bot had already made for the seat (it
			// had nothing else to play) is refused and records nothing.
		} else if strings.Contains(inputs[i], "/move ") || strings.Contains(inputs[i], "!click ") {
			if played >= len(e.Moves) {
				t.Fatalf("line %q: more moves than the record's %d", inputs[i], len(e.Moves))
			}
			m := e.Moves[played]
			if g, _, err = games.PlayText(g, m.Seat, m.Notation); err != nil {
				t.Fatalf("record move %d: %v", played+1, err)
			}
			played++
			// The passes the bot made for seats with nothing else to
			// play follow the line's move in the record.
			for played < len(e.Moves) {
				m := e.Moves[played]
				f, ok := games.Forced(g.LegalMoves(m.Seat))
				if !ok || f.Notation != m.Notation {
					break
				}
				if g, _, err = games.Play(g, m.Seat, f); err != nil {
					t.Fatalf("record move %d: %v", played+1, err)
				}
				played++
			}
		}
		hands := map[string][]string{}
		for seat, name := range names {
			for _, c := range g.View(games.Seat(seat)).(*xenoshyft.View).Hand {
				hands[name] = append(hands[name], c.Ref)
			}
		}
		for _, m := range step {
			if m.To == "dm" && slices.ContainsFunc(m.Embeds, func(e bot.Embed) bool { return e.Title == "Hand" && len(e.Fields) > 0 }) {
				dms[m.Target]++
			}
			if m.To != "channel" && m.To != "edit" {
				continue
			}
			texts := []string{m.Content}
			for _, f := range m.Files {
				texts = append(texts, f.Alt)
				if filepath.Ext(f.Path) == ".png" {
					boards = append(boards, f.Path)
				}
			}
			for _, text := range texts {
				if strings.Contains(text, "Your hand") {
					t.Errorf("a channel message shows a hand: %q", text)
				}
				for _, ref := range cardRef.FindAllString(text, -1) {
					for user, hand := range hands {
						if slices.Contains(hand, ref) {
							t.Errorf("after %q a channel message names %s from %s's hand: %q", inputs[i], ref, user, text)
						}
					}
				}
			}
			if strings.Contains(m.Content, "Everyone has lost") || strings.Contains(m.Content, "Mission accomplished") {
				result = m.Content
			}
		}
	}
	for _, u := range []string{"alice", "bob"} {
		if dms[u] == 0 {
			t.Errorf("no DM with a hand to %s", u)
		}
	}
	if len(boards) < 10 {
		t.Errorf("%d board images in the channel", len(boards))
	}
	for i, path := range boards {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if i == 0 && img.Bounds().Dx() < 600 {
			t.Errorf("the first board (%s) is %d pixels wide: not drawn by the Xenoshyft renderer", path, img.Bounds().Dx())
		}
	}
	if result == "" {
		t.Fatalf("the game did not end:\n%s", tail(out.String(), 20))
	}
	t.Logf("%d boards; the end: %s", len(boards), result)
	if e.Status != string(db.Finished) {
		t.Errorf("export of a %s game; want finished", e.Status)
	}
}

var cardRef = regexp.MustCompile(`\bc\d+\b`)

// splitByInput decodes the JSON output of a console session into the
// messages of each input line.
func splitByInput(t *testing.T, out []byte) [][]consoleMessage {
	t.Helper()
	var steps [][]consoleMessage
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if bytes.HasPrefix(sc.Bytes(), []byte(`{"input"`)) {
			steps = append(steps, nil)
			continue
		}
		if len(steps) == 0 {
			t.Fatalf("output before the first input: %s", sc.Bytes())
		}
		var m consoleMessage
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("output line %s: %v", sc.Bytes(), err)
		}
		steps[len(steps)-1] = append(steps[len(steps)-1], m)
	}
	return steps
}

// tail returns the last n lines of s.
func tail(s string, n int) string {
	lines := strings.Split(s, "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

// writeXenoshyftScript plays a two-player game in a console with the same
// seed as the test, choosing moves with a seeded policy, and writes the
// lines typed to the script file. Moves are clicked when the last output
// offers them as a button, and typed with /move otherwise.
func writeXenoshyftScript(t *testing.T) {
	c, out := testConsoleWith(t, true, ":memory:", stubRender)
	d := &driver{t: t, c: c, out: out, pick: rng.New(11), ways: map[string]int{}}
	lines := []string{
		"# A whole two-player Xenoshyft game (written by go test -run TestConsoleXenoshyftScript -update).",
		"@alice /game new game:xenoshyft players:2",
		"@bob /game join",
		"@alice /game start",
	}
	for _, l := range lines[1:] {
		d.last = d.line(l)
	}
	lines = append(lines, "@bob /hand")
	d.last = d.line(lines[len(lines)-1])
	for n := 0; ; n++ {
		if n > 3000 {
			t.Fatal("no end after 3000 moves")
		}
		tab, g, seats := d.game()
		if tab.Status != db.Running {
			break
		}
		actors := g.ToAct()
		seat := actors[d.pick.Intn(len(actors))].Seat
		notation, ok := xenoshyftPolicy(g, seat, d.pick)
		if !ok {
			t.Fatalf("seat %d must act but has no move to make", seat)
		}
		user := seats[seat].Name
		line := "@" + user + " /move action:" + quoteValue(component.MoveRef(notation, 100))
		for _, m := range d.last {
			if m.Target != user {
				continue
			}
			for _, b := range m.Buttons {
				id, err := component.Parse(b.CustomID)
				if err == nil && id.Kind == component.MoveButton && id.Decision == component.Fingerprint(g, seat) && id.Move == notation {
					line = "@" + user + " !click " + b.CustomID
				}
			}
		}
		d.last = d.line(line)
		if !d.moved(tab) {
			t.Fatalf("%s did not move: %+v", line, d.last)
		}
		lines = append(lines, line)
	}
	lines = append(lines, "@alice /game export table:1")
	if err := os.WriteFile(xenoshyftScript, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s: %d lines", xenoshyftScript, len(lines))
}

// xenoshyftPolicy picks a move as a cautious player would: never a
// standing choice (showing the hand would put it in the channel), mostly
// buying, deploying and equipping from hand while that is possible, now
// and then a reaction, and otherwise ready or pass. Every move it prefers
// uses up a card, money or an ability, so phases end.
func xenoshyftPolicy(g games.Game, seat games.Seat, pick *rng.Source) (string, bool) {
	inHand := map[string]bool{}
	for _, c := range g.View(seat).(*xenoshyft.View).Hand {
		inHand[c.Ref] = true
	}
	var act []string
	end := ""
	for _, m := range g.LegalMoves(seat) {
		f := strings.Fields(m.Notation)
		switch {
		case m.Group == games.SettingGroup:
		case f[0] == "ready" || f[0] == "pass":
			end = m.Notation
		case f[0] == "first" || f[0] == "division":
			return m.Notation, true
		case f[0] == "buy" || f[0] == "deploy" || f[0] == "play" || f[0] == "use" || f[0] == "equip" && inHand[f[1]]:
			act = append(act, m.Notation)
		}
	}
	if len(act) > 0 && (end == "" || pick.Intn(3) > 0) {
		return act[pick.Intn(len(act))], true
	}
	return end, end != ""
}

// typedMoveRefused reports whether input is a typed /move whose move is not
// the record's next one (moves[played]): a move the bot made already.
func typedMoveRefused(input string, moves []games.RecordedMove, played int) bool {
	_, action, ok := strings.Cut(input, "/move action:")
	if !ok {
		return false
	}
	return played >= len(moves) || games.NormalizeNotation(moves[played].Notation) != games.NormalizeNotation(action)
}
