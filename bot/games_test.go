package bot_test

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/playbychat/pbc/bot"
	"github.com/playbychat/pbc/bot/bottest"
	"github.com/playbychat/pbc/bot/component"
	"github.com/playbychat/pbc/bot/export"
	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
	_ "github.com/playbychat/pbc/games/all"
	"github.com/playbychat/pbc/games/rng"
	"github.com/playbychat/pbc/images"
	_ "github.com/playbychat/pbc/images/xibalba" // the XIBALBA board renderer
	"github.com/playbychat/pbc/internal/testgame"
)

// startTable opens and starts a table of game for players in the harness's
// channel and returns the game as started.
func startTable(tb testing.TB, h *harness, game string, players []string) games.Game {
	h.cmd(players[0], "game new", "game="+game)
	for _, u := range players[1:] {
		h.cmd(u, "game join")
	}
	h.cmd(players[0], "game start")
	t := h.table()
	snap, err := h.store.LatestSnapshot(context.Background(), t.ID)
	if err != nil {
		tb.Fatal(err)
	}
	def, _ := games.Lookup(game)
	g, err := def.Restore(snap.State)
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

// randomMove picks a random actor and one of its moves, mostly avoiding the
// moves that do not advance the game (ending a turn early, settings).
func randomMove(g games.Game, r *rng.Source) (games.Seat, games.Move) {
	actors := g.ToAct()
	a := actors[r.Intn(len(actors))]
	moves := g.LegalMoves(a.Seat)
	var useful []games.Move
	for _, m := range moves {
		if m.Group != games.SettingGroup && m.Group != "end" {
			useful = append(useful, m)
		}
	}
	if len(useful) == 0 || r.Intn(12) == 0 {
		useful = moves
	}
	return a.Seat, useful[r.Intn(len(useful))]
}

// buttonFor returns the custom ID of a button or select menu of m that makes
// notation, if m has one.
func buttonFor(m bot.Message, notation string) (customID string, values []string, ok bool) {
	for _, row := range m.Rows {
		for _, b := range row.Buttons {
			if c, err := component.Parse(b.CustomID); err == nil && c.Kind == component.MoveButton {
				if mv, found := component.ResolveMoveRef(c.Move, []games.Move{{Notation: notation}}); found && mv.Notation == notation {
					return b.CustomID, nil, true
				}
			}
		}
		if row.Select != nil {
			for _, o := range row.Select.Options {
				if _, found := component.ResolveMoveRef(o.Value, []games.Move{{Notation: notation}}); found {
					return row.Select.CustomID, []string{o.Value}, true
				}
			}
		}
	}
	return "", nil, false
}

// TestGamesThroughHandle plays whole games of every registered game through
// Handle with random legal moves, by the posted buttons, by "Choose
// privately" and by /move. After every move the stored state must match a
// local replay, the board posted must be drawn from the spectator's view,
// and every message must keep Discord's limits.
func TestGamesThroughHandle(t *testing.T) {
	testgame.Register()
	for _, def := range games.All() {
		if def.ID == testgame.QuietID {
			// Its only public decisions are forced passes, which the bot
			// makes: no button to click (see TestForcedPassesAreMadeByTheBot).
			continue
		}
		for _, seats := range []int{def.MinSeats, def.MaxSeats} {
			t.Run(fmt.Sprintf("%s/%d players", def.ID, seats), func(t *testing.T) {
				if seats != def.MinSeats && testing.Short() {
					t.Skip("the smallest table only in -short mode")
				}
				playThroughHandle(t, def.ID, seats)
			})
		}
	}
}

func playThroughHandle(t *testing.T, game string, seats int) {
	h := newHarness(t, ":memory:")
	players := []string{alice, bob, carol, dave}[:seats]
	names := make([]string, seats)
	for i, u := range players {
		names[i] = users[u]
	}
	start := startTable(t, h, game, players)
	tableID := h.table().ID
	// passed are the states since the last look at the posts: the start
	// or the test's move, and the forced moves the bot made after it.
	g, played, states := playForced(t, h, tableID, start, 0)
	passed := append([]games.Game{start}, states...)
	r := rng.New(uint64(seats))
	var board bot.Message
	ways := map[string]int{}
	for n := played + 1; !g.Status().Finished; n++ {
		if n > 5000 {
			t.Fatalf("no end after 5000 moves:\n%s", g.View(games.Spectator).Describe(games.English))
		}
		// The live message is the newest post, or the last edit of it.
		posts := h.discord.TakePosts()
		for _, p := range posts {
			checkComponents(t, p.Message)
			if len(p.Message.Files) == 0 {
				continue
			}
			var public string
			for _, pg := range passed {
				if public = strings.ReplaceAll(games.FormatSeats(pg.View(games.Spectator).Describe(games.English), names), "\n", "; "); public == p.Message.Files[0].Alt {
					break
				}
			}
			if p.Message.Files[0].Alt != public {
				t.Fatalf("move %d: the board post is not the spectator's view:\n%q\nwant\n%q", n, p.Message.Files[0].Alt, public)
			}
		}
		edits := h.discord.TakeEdits()
		switch {
		case len(posts) > 0:
			board = posts[len(posts)-1].Message
		case len(edits) > 0:
			board = edits[len(edits)-1].Message
			checkComponents(t, board)
		}
		h.discord.TakeDMs()
		seat, m := randomMove(g, r)
		user := players[seat]
		var reply bot.Message
		id, values, public := buttonFor(board, m.Notation)
		switch {
		case public && n%2 == 0:
			reply = h.click(user, id, values...)
			ways["public button"]++
		case n%3 == 0 && len(buttons(board)) == 1 && buttons(board)[0].Label == "Choose privately":
			private := h.click(user, buttons(board)[0].CustomID)
			checkComponents(t, private)
			if id, values, ok := buttonFor(private, m.Notation); ok {
				reply = h.click(user, id, values...)
				ways["private button"]++
				break
			}
			fallthrough
		default:
			reply = h.cmd(user, "move", "action="+m.Notation)
			ways["/move"]++
		}
		checkComponents(t, reply)
		next, _, err := games.PlayText(g, seat, m.Notation)
		if err != nil {
			t.Fatalf("move %d %q: %v", n, m.Notation, err)
		}
		g = next
		// The bot made the forced moves that followed (bot/forced.go).
		g, n, passed = playForced(t, h, tableID, g, n)
		passed = append([]games.Game{next}, passed...)
		snap, err := h.store.LatestSnapshot(context.Background(), tableID)
		if err != nil {
			t.Fatal(err)
		}
		if want, _ := games.Hash(g); snap.Moves != n || snap.Hash != want {
			t.Fatalf("move %d %q by seat %d answered %q; store has %d moves, hash %s, want %s",
				n, m.Notation, seat, reply.Content, snap.Moves, snap.Hash, want)
		}
	}
	t.Logf("moves made by %v", ways)
	if ways["public button"]+ways["private button"] == 0 {
		t.Errorf("no move was made through a button: %v", ways)
	}
	tbl, err := h.store.Table(context.Background(), tableID)
	if err != nil || tbl.Status != db.Finished {
		t.Fatalf("table after the game: %v, %v", tbl.Status, err)
	}
	lastPost(t, h.discord.TakePosts(), "/game export")
	exported := h.cmd(alice, "game export", "table="+itoa(tableID))
	if err := export.Verify(exported.Files[0].Data); err != nil {
		t.Errorf("VerifyExport: %v", err)
	}
}

// playForced plays on g, the local copy of table tableID after its
// first n moves, the moves the store's log holds beyond them, each of
// which must be the forced move of its seat (games.Forced), which the bot
// made; it returns the game and the number of moves then, and the games
// after each of those moves.
func playForced(t *testing.T, h *harness, tableID int64, g games.Game, n int) (games.Game, int, []games.Game) {
	t.Helper()
	moves, err := h.store.Moves(context.Background(), tableID)
	if err != nil {
		t.Fatal(err)
	}
	var states []games.Game
	for _, m := range moves[n:] {
		seat := games.Seat(m.Seat)
		forced, ok := games.Forced(g.LegalMoves(seat))
		if _, acting := games.MustAct(g, seat); !acting || !ok || forced.Notation != m.Notation {
			t.Fatalf("move %d %q of seat %d was made by the bot, but is not its forced move", m.N, m.Notation, seat)
		}
		next, _, err := games.Play(g, seat, forced)
		if err != nil {
			t.Fatalf("forced move %d %q: %v", m.N, m.Notation, err)
		}
		g, n = next, n+1
		states = append(states, g)
	}
	return g, n, states
}

// benchTable is a busy 4-player XIBALBA table for the turn benchmarks: a
// harness on a file-backed WAL store (synchronous=FULL, so every commit
// fsyncs) whose tables are played by a bot that draws no images.
type benchTable struct {
	h       *harness
	setup   *bot.Bot
	g       games.Game
	r       *rng.Source
	tables  int
	players []string
}

func newBenchTable(b *testing.B) *benchTable {
	if _, ok := games.Lookup("xibalba"); !ok {
		b.Skip("XIBALBA is not registered")
	}
	h := &harness{
		t: b, discord: bottest.NewDiscord(), clock: bottest.NewClock(t0),
		random: &seqReader{src: rng.New(1)}, locale: "en", manager: map[string]bool{},
	}
	store, err := db.OpenStore(filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { store.Close() })
	h.store = store
	setup, err := bot.New(bot.Config{Store: store, Discord: h.discord, Clock: h.clock, Random: h.random})
	if err != nil {
		b.Fatal(err)
	}
	bt := &benchTable{h: h, setup: setup, r: rng.New(9), players: []string{alice, bob, carol, dave}}
	bt.busy()
	return bt
}

// busy opens a new table and plays it into its middle game with the setup
// bot.
func (bt *benchTable) busy() {
	h := bt.h
	keep := h.b
	h.b = bt.setup
	defer func() { h.b = keep }()
	bt.tables++
	h.channel = fmt.Sprintf("bench%d", bt.tables)
	bt.g = startTable(h.t, h, "xibalba", bt.players)
	// Every move posts a board (the table's board setting "move"), so
	// that every turn timed draws and encodes one.
	h.cmd(bt.players[0], "game settings", "board=move")
	for range 80 {
		if bt.g.Status().Finished {
			break
		}
		seat, m := randomMove(bt.g, bt.r)
		h.cmd(bt.players[seat], "move", "action="+m.Notation)
		bt.g, _, _ = games.PlayText(bt.g, seat, m.Notation)
	}
	h.discord.TakePosts()
}

// BenchmarkTurn measures one full turn through Handle on a busy 4-player
// XIBALBA board whose table posts a board after every move: load, apply,
// commit to a WAL file with fsync, render the board with images.Render,
// encode the PNG and deliver the post through the outbox; standing
// choices, which post no board, are left out. Choosing the move and replenishing the table
// when a game ends are not timed. After each turn,
// untimed, it encodes the new board's RGBA picture with the standard
// library's PNG encoder at BestSpeed and reports the two times' ratio as
// turn/encode (turns and encodes interleaved, so that a busy machine slows
// both alike; BenchmarkTurnEncodeRGBA beside it measures the yardstick
// alone), and the posted boards' mean size as PNG-KiB.
func BenchmarkTurn(b *testing.B) {
	bt := newBenchTable(b)
	h := bt.h
	turn, err := bot.New(bot.Config{Store: h.store, Discord: h.discord, Render: images.Render, Clock: h.clock, Random: h.random})
	if err != nil {
		b.Fatal(err)
	}
	h.b = turn
	var turns, encodes time.Duration
	pngBytes, boards := 0, 0
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		if bt.g.Status().Finished {
			bt.busy()
		}
		seat, m := randomMove(bt.g, bt.r)
		for m.Group == games.SettingGroup { // a standing choice posts no board
			seat, m = randomMove(bt.g, bt.r)
		}
		in := h.command(bt.players[seat], "move", "action="+m.Notation)
		bt.g, _, _ = games.PlayText(bt.g, seat, m.Notation)
		b.StartTimer()
		start := time.Now()
		resp := &bottest.Responder{}
		if err := turn.Handle(context.Background(), in, resp); err != nil {
			b.Fatal(err)
		}
		turns += time.Since(start)
		b.StopTimer()
		if strings.Contains(resp.Last().Content, "Sorry") {
			b.Fatalf("move %q failed: %q", m.Notation, resp.Last().Content)
		}
		sent := slices.Clone(resp.Replies)
		for _, p := range h.discord.TakePosts() {
			sent = append(sent, p.Message)
		}
		for _, m := range sent {
			for _, f := range m.Files {
				pngBytes += len(f.Data)
				boards++
			}
		}
		encodes += encodeRGBA(b, bt.g.View(games.Spectator))
		b.StartTimer()
	}
	b.StopTimer()
	if boards == 0 {
		b.Fatal("no board was posted")
	}
	b.ReportMetric(float64(turns)/float64(encodes), "turn/encode")
	b.ReportMetric(float64(pngBytes)/float64(boards)/1024, "PNG-KiB")
}

// encodeRGBA draws v with its renderer and returns how long the standard
// library's PNG encoder at BestSpeed takes to encode the RGBA picture.
func encodeRGBA(b *testing.B, v games.View) time.Duration {
	board := boardRGBA(b, v)
	defer board.Release()
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	start := time.Now()
	if err := enc.Encode(io.Discard, board.RGBA); err != nil {
		b.Fatal(err)
	}
	return time.Since(start)
}

// boardRGBA draws v with its renderer.
func boardRGBA(b *testing.B, v games.View) *images.Picture {
	img, err := images.For(v.GameID()).Render(v, []string{"Alice", "Bob", "Carol", "Dave"}, games.English, nil)
	if err != nil {
		b.Fatal(err)
	}
	board, ok := img.(*images.Picture)
	if !ok {
		b.Fatalf("the renderer drew a %T, not a board", img)
	}
	return board
}

// BenchmarkTurnEncodeRGBA is the yardstick of BenchmarkTurn: the standard
// library's PNG encoder at BestSpeed encoding the RGBA picture of the board
// BenchmarkTurn starts from, drawn by its renderer.
func BenchmarkTurnEncodeRGBA(b *testing.B) {
	bt := newBenchTable(b)
	rgba := boardRGBA(b, bt.g.View(games.Spectator)).RGBA
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	var buf bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		buf.Reset()
		if err := enc.Encode(&buf, rgba); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len())/1024, "KiB")
}
