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
	"github.com/playbychat/pbc/bot/discordapi"
	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/internal/fakediscord"
	"github.com/playbychat/pbc/internal/testgame"
)

// crashEnv tells TestOutboxCrashChild what to do: "<mode>,<database>,<fake
// Discord URL>".
const crashEnv = "PBC_OUTBOX_CRASH_CHILD"

// crashPoint is what the child prints when it has reached the point where
// it waits to be killed.
const crashPoint = "crash point"

// stallingDiscord is a bot.Discord that stops for good at the second post
// (the first is the start's board): before sending it (mode "before"), or
// after Discord accepted it but before the bot could record it ("after").
type stallingDiscord struct {
	bot.Discord
	mode  string
	posts int
}

func (d *stallingDiscord) Post(ctx context.Context, channelID string, m bot.Message) (string, error) {
	if d.posts++; d.posts < 2 {
		return d.Discord.Post(ctx, channelID, m)
	}
	if d.mode == "after" {
		if _, err := d.Discord.Post(ctx, channelID, m); err != nil {
			fmt.Println("post failed:", err)
		}
	}
	fmt.Println(crashPoint)
	select {} // until killed
}

// TestOutboxCrashChild is the child process of TestKilledBetweenCommitAndPost:
// a bot on a database file and the parent's fake Discord opens a Sealed
// Bids table and plays the first round's bids; the last bid's board post
// stalls until the parent kills the process. It is skipped when run
// directly.
func TestOutboxCrashChild(t *testing.T) {
	spec := os.Getenv(crashEnv)
	if spec == "" {
		t.Skip("only runs as the child of TestKilledBetweenCommitAndPost")
	}
	parts := strings.SplitN(spec, ",", 3)
	testgame.Register()
	store, err := db.OpenStore(parts[1])
	if err != nil {
		t.Fatal(err)
	}
	sess, err := discordapi.NewSession(fakediscord.Token, parts[2])
	if err != nil {
		t.Fatal(err)
	}
	b, err := bot.New(bot.Config{Store: store, Discord: &stallingDiscord{Discord: discordapi.NewClient(sess, nil), mode: parts[0]}, Render: bottest.Render})
	if err != nil {
		t.Fatal(err)
	}
	run := func(user fakediscord.User, command, sub string, opts map[string]string) bot.Message {
		r := &bottest.Responder{}
		in := &bot.Interaction{Kind: bot.CommandInteraction, ID: "i", GuildID: where.GuildID, ChannelID: where.ChannelID,
			User: bot.User{ID: user.ID, Name: user.Name}, Locale: "en-US", Command: command, Subcommand: sub, Options: opts}
		if err := b.Handle(context.Background(), in, r); err != nil {
			t.Fatal(err)
		}
		return r.Last()
	}
	run(alice, "game", "new", map[string]string{"game": testgame.ID, "players": "2", "options": "rounds=1"})
	run(carol, "game", "join", nil)
	run(alice, "game", "start", nil)
	for _, u := range []fakediscord.User{alice, carol} {
		_, hand, _ := strings.Cut(botText(run(u, "hand", "", nil)), "Your hand: ")
		card, _, _ := strings.Cut(hand, " ")
		run(u, "move", "", map[string]string{"action": "play " + strings.TrimSpace(card)})
	}
	t.Fatal("the last bid's post did not stall")
}

// TestKilledBetweenCommitAndPost kills (SIGKILL) a bot process whose move
// is committed but whose board post has not gone out, or has gone out
// without the bot knowing, and restarts a bot on the same database: the
// post is delivered once, never lost and never twice.
func TestKilledBetweenCommitAndPost(t *testing.T) {
	for _, mode := range []string{"before", "after"} {
		t.Run(mode, func(t *testing.T) {
			f := fakediscord.New(t)
			path := filepath.Join(t.TempDir(), "pbc.db")
			cmd := exec.Command(os.Args[0], "-test.run=^TestOutboxCrashChild$", "-test.count=1", "-test.timeout=2m")
			cmd.Env = append(os.Environ(), fmt.Sprintf("%s=%s,%s,%s", crashEnv, mode, path, f.URL()))
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
			want := map[string]int{"before": 1, "after": 2}[mode]
			if got := countPosts(f); got != want {
				t.Fatalf("%d posts when the process died, want %d", got, want)
			}

			testgame.Register()
			store, err := db.OpenStore(path)
			if err != nil {
				t.Fatal(err)
			}
			defer store.Close()
			sess, err := discordapi.NewSession(fakediscord.Token, f.URL())
			if err != nil {
				t.Fatal(err)
			}
			b, err := bot.New(bot.Config{Store: store, Discord: discordapi.NewClient(sess, nil), Render: bottest.Render})
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			if err := b.DeliverDue(ctx); err != nil {
				t.Fatal(err)
			}
			if n, err := store.PendingDeliveries(ctx); err != nil || n != 0 {
				t.Fatalf("%d deliveries pending after the restart (%v)", n, err)
			}
			var posts []string
			for _, m := range f.Messages(where.ChannelID) {
				if m.Kind == fakediscord.Post {
					posts = append(posts, m.Content)
				}
			}
			if len(posts) != 2 || !strings.Contains(posts[1], "wins the round") {
				t.Fatalf("posts after the restart:\n%s\nwant the start's board and the round's result once", strings.Join(posts, "\n---\n"))
			}
		})
	}
}

// countPosts counts the channel posts the fake has.
func countPosts(f *fakediscord.Fake) int {
	n := 0
	for _, m := range f.Messages(where.ChannelID) {
		if m.Kind == fakediscord.Post {
			n++
		}
	}
	return n
}
