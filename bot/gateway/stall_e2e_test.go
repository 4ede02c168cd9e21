package gateway_test

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/playbychat/pbc/bot"
	"github.com/playbychat/pbc/bot/bottest"
	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/internal/testgame"
)

// stallEnv tells TestStallCrashChild its database file.
const stallEnv = "PBC_STALL_CRASH_CHILD"

// stallPerson is the one person at the stall tests' table; the bot plays
// the other two seats.
var stallPerson = bot.User{ID: "800", Name: "Alice"}

// crashingStore is a store that stops for good right after it committed
// the person's first move: the move is saved, the bot seats' answers and
// the forced pass that follow it are not.
type crashingStore struct {
	*db.Store
}

func (s crashingStore) CommitMove(ctx context.Context, tableID int64, expectedVersion int, m db.Move, snap db.Snapshot, finished bool, out ...db.Delivery) error {
	err := s.Store.CommitMove(ctx, tableID, expectedVersion, m, snap, finished, out...)
	if err == nil && m.UserID == stallPerson.ID {
		fmt.Println(crashPoint)
		select {} // until killed
	}
	return err
}

// TestStallCrashChild is the child process of TestKilledBeforeTheBotSeats:
// a bot on a database file opens a quiet Sealed Bids table of three, two
// seats played by the bot, and the person bids; the process stops right
// after that bid is committed. It is skipped when run directly.
func TestStallCrashChild(t *testing.T) {
	path := os.Getenv(stallEnv)
	if path == "" {
		t.Skip("only runs as the child of TestKilledBeforeTheBotSeats")
	}
	testgame.Register()
	store, err := db.OpenStore(path)
	if err != nil {
		t.Fatal(err)
	}
	b, err := bot.New(bot.Config{Store: crashingStore{store}, Discord: bottest.NewDiscord(), Render: bottest.Render})
	if err != nil {
		t.Fatal(err)
	}
	run := func(command, sub string, opts map[string]string) bot.Message {
		r := &bottest.Responder{}
		in := &bot.Interaction{Kind: bot.CommandInteraction, ID: "i", GuildID: where.GuildID, ChannelID: where.ChannelID,
			User: stallPerson, Locale: "en-US", Command: command, Subcommand: sub, Options: opts}
		if err := b.Handle(context.Background(), in, r); err != nil {
			t.Fatal(err)
		}
		return r.Last()
	}
	run("game", "new", map[string]string{"game": testgame.QuietID, "players": "3", "bots": "2", "options": "rounds=2"})
	run("game", "start", nil)
	_, hand, _ := strings.Cut(botText(run("hand", "", nil)), "Your hand: ")
	card, _, _ := strings.Cut(hand, " ")
	run("move", "", map[string]string{"action": "play " + strings.TrimSpace(card)})
	t.Fatal("the bid's commit did not stop the process")
}

// TestKilledBeforeTheBotSeats kills (SIGKILL) a bot process after a
// person's move was committed and before the bot made the moves that
// follow it (the round's forced pass, the bot seats' next bids), and
// starts a bot on the same database: it plays them at start, so that the
// table waits on the person again, not on nobody.
func TestKilledBeforeTheBotSeats(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pbc.db")
	cmd := exec.Command(os.Args[0], "-test.run=^TestStallCrashChild$", "-test.count=1", "-test.timeout=2m")
	cmd.Env = append(os.Environ(), stallEnv+"="+path)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines, reached := bufio.NewScanner(out), false
	for lines.Scan() {
		if lines.Text() == crashPoint {
			reached = true
			if err := cmd.Process.Kill(); err != nil {
				t.Fatal(err)
			}
		}
	}
	cmd.Wait()
	if !reached {
		t.Fatalf("the child never reached the crash point; stderr:\n%s", stderr.String())
	}

	testgame.Register()
	store, err := db.OpenStore(path)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	table, err := store.ActiveTable(ctx, where.ChannelID)
	if err != nil {
		t.Fatal(err)
	}
	// Dead: the two bot seats' bids and the person's.
	if moves, err := store.Moves(ctx, table.ID); err != nil || len(moves) != 3 || moves[2].UserID != stallPerson.ID {
		t.Fatalf("the log when the process died: %+v (%v), want the bot seats' bids and the person's", moves, err)
	}
	discord := bottest.NewDiscord()
	b, err := bot.New(bot.Config{Store: store, Discord: discord, Render: bottest.Render})
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Resume(ctx); err != nil {
		t.Fatal(err)
	}
	moves, err := store.Moves(ctx, table.ID)
	if err != nil {
		t.Fatal(err)
	}
	// Then: the round's forced pass and the bot seats' bids of round 2.
	if len(moves) != 6 || moves[3].Notation != "pass" || moves[4].UserID != "" || moves[5].UserID != "" {
		t.Fatalf("the log after the restart: %+v, want the pass and the bot seats' two bids", moves)
	}
	g, err := games.Replay(games.Record{Game: testgame.QuietID, Seats: 3, Options: table.Options, Seed: table.Seed, Moves: recorded(moves)})
	if err != nil {
		t.Fatal(err)
	}
	if acting := g.ToAct(); len(acting) != 1 || acting[0].Seat != 0 {
		t.Errorf("after the restart %+v must act, want the person alone", acting)
	}
	if len(discord.TakeEdits())+len(discord.TakePosts()) == 0 {
		t.Errorf("the moves made at the restart were not announced")
	}
}

// recorded turns a stored log into a record's moves.
func recorded(moves []db.Move) []games.RecordedMove {
	out := make([]games.RecordedMove, len(moves))
	for i, m := range moves {
		out[i] = games.RecordedMove{Seat: games.Seat(m.Seat), Notation: m.Notation}
	}
	return out
}
