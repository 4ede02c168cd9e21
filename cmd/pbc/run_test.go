package main

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/internal/fakediscord"
	"github.com/playbychat/pbc/internal/testgame"
)

var (
	testWhere = fakediscord.Where{GuildID: "42", ChannelID: "43"}
	testUser  = fakediscord.User{ID: "44", Name: "Ada"}
)

const testTokenEnv = "PBC_TEST_TOKEN"

// fakeConfig writes a configuration pointing at f, with extra lines.
func fakeConfig(t *testing.T, f *fakediscord.Fake, extra string) string {
	t.Helper()
	return writeConfig(t, fmt.Sprintf("token_env: %s\napi_base_url: %s\napplication_id: %q\n"+
		"guild_id: %q\ndatabase: \":memory:\"\nlog: {level: warn}\n%s",
		testTokenEnv, f.URL(), fakediscord.AppID, testWhere.GuildID, extra))
}

func waitCtx(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// newTable opens a Sealed Bids table through f and checks the reply.
func newTable(t *testing.T, f *fakediscord.Fake) *fakediscord.Interaction {
	t.Helper()
	in := f.Command(testWhere, testUser, "game", "new", fakediscord.Opt{Name: "game", Value: testgame.ID})
	m, err := in.Wait(waitCtx(t), f)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(m.Content, "Sealed Bids") || m.Ephemeral {
		t.Errorf("/game new answered %+v", m)
	}
	return in
}

func TestRunGateway(t *testing.T) {
	testgame.Register()
	f := fakediscord.New(t)
	path := fakeConfig(t, f, "")
	t.Setenv(testTokenEnv, fakediscord.Token)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	code := make(chan int, 1)
	go func() { code <- runGatewayCmd(ctx, []string{"-config", path}) }()
	if err := f.WaitConnected(waitCtx(t)); err != nil {
		t.Fatal(err)
	}
	if got := f.Commands(testWhere.GuildID); !slices.Contains(got, "game") || !slices.Contains(got, "hand") {
		t.Errorf("registered commands %v", got)
	}
	newTable(t, f)
	cancel()
	if c := <-code; c != 0 {
		t.Errorf("exit code %d", c)
	}
}

func TestRunWithoutTokenFallsBackToConsole(t *testing.T) {
	t.Setenv(testTokenEnv, "")
	script := filepath.Join(t.TempDir(), "script.txt")
	if err := os.WriteFile(script, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	path := writeConfig(t, "token_env: "+testTokenEnv+"\n")
	code := runGatewayCmd(context.Background(), []string{"-config", path, "--", "--db", ":memory:", "--script", script})
	if code != 0 {
		t.Errorf("exit code %d", code)
	}
}

func TestSubcommandErrors(t *testing.T) {
	f := fakediscord.New(t)
	bad := writeConfig(t, "colour: red\n")
	good := fakeConfig(t, f, "")
	for _, tc := range []struct {
		name  string
		run   func(context.Context, []string) int
		args  []string
		token string
		want  int
	}{
		{"run: bad config", runGatewayCmd, []string{"-config", bad}, fakediscord.Token, 1},
		{"run: unknown flag", runGatewayCmd, []string{"-nope"}, fakediscord.Token, 2},
		{"run: extra arguments", runGatewayCmd, []string{"-config", good, "x"}, fakediscord.Token, 2},
		{"run: wrong token", runGatewayCmd, []string{"-config", good}, "wrong", 1},
		{"serve: no token", runServeCmd, []string{"-config", good}, "", 1},
		{"serve: no public key", runServeCmd, []string{"-config", good}, fakediscord.Token, 1},
		{"register: no token", runRegister, []string{"-config", good}, "", 1},
		{"register: wrong token", runRegister, []string{"-config", good}, "wrong", 1},
		{"register: bad config", runRegister, []string{"-config", bad}, fakediscord.Token, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv(testTokenEnv, tc.token)
			if got := tc.run(waitCtx(t), tc.args); got != tc.want {
				t.Errorf("exit code %d, want %d", got, tc.want)
			}
		})
	}
}

func TestRegister(t *testing.T) {
	for _, tc := range []struct {
		name      string
		extra     string
		args      []string
		wantGuild string
	}{
		{"configured guild", "", nil, testWhere.GuildID},
		{"guild flag", "", []string{"-guild", "77"}, "77"},
		{"global, application id looked up", "", nil, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := fakediscord.New(t)
			path := fakeConfig(t, f, "")
			if tc.wantGuild == "" {
				path = writeConfig(t, fmt.Sprintf("token_env: %s\napi_base_url: %s\n", testTokenEnv, f.URL()))
			}
			t.Setenv(testTokenEnv, fakediscord.Token)
			if code := runRegister(waitCtx(t), append([]string{"-config", path}, tc.args...)); code != 0 {
				t.Fatalf("exit code %d", code)
			}
			if got := f.Commands(tc.wantGuild); !slices.Contains(got, "game") {
				t.Errorf("commands in %q: %v", tc.wantGuild, got)
			}
		})
	}
}

func TestServe(t *testing.T) {
	testgame.Register()
	f := fakediscord.New(t)
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv(testTokenEnv, fakediscord.Token)
	cfg, err := loadConfig(fakeConfig(t, f, "public_key: "+hex.EncodeToString(pub)+"\n"))
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- serve(ctx, cfg, slog.New(slog.DiscardHandler), ln) }()
	base := "http://" + ln.Addr().String()
	f.UseHTTP(base+interactionsPath, priv)

	if err := f.WaitFor(waitCtx(t), func(f *fakediscord.Fake) bool { return len(f.Commands(testWhere.GuildID)) > 0 }); err != nil {
		t.Fatal(err)
	}
	resp, err := http.Get(base + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || string(body) != "ok\n" {
		t.Errorf("healthz: %d %q", resp.StatusCode, body)
	}
	if in := newTable(t, f); in.HTTPStatus != http.StatusAccepted {
		t.Errorf("interaction status %d, want 202", in.HTTPStatus)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

func TestLoadGameData(t *testing.T) {
	for _, tc := range []struct {
		name, yaml, wantErr string
	}{
		{"built-in data", "", ""},
		{"xibalba replaced", "data: {xibalba: {cards: ../../games/xibalba/data/cards.json, factions: ../../games/xibalba/data/factions.json}}\n", ""},
		{"xenoshyft replaced", "data: {xenoshyft: {cards: ../../games/xenoshyft/data/cards.json}}\n", ""},
		{"missing file", "data: {xenoshyft: {cards: nowhere.json}}\n", "data.xenoshyft.cards"},
		{"invalid cards", "data: {xenoshyft: {cards: ../../config.example.yaml}}\n", "data.xenoshyft.cards"},
		{"swapped xibalba files", "data: {xibalba: {cards: ../../games/xibalba/data/factions.json, factions: ../../games/xibalba/data/cards.json}}\n", "data.xibalba"},
		{"dei map replaced", "data: {dei: {map: ../../games/dei/data/map.json}}\n", ""},
		{"dei cards replaced", "data: {dei: {cards: ../../games/dei/data/cards.json}}\n", ""},
		{"dei files swapped", "data: {dei: {cards: ../../games/dei/data/map.json}}\n", "data.dei"},
		{"xibalba cards alone", "data: {xibalba: {cards: ../../games/xibalba/data/cards.json}}\n", "data.xibalba"},
		{"armageddon replaced", "data: {armageddon: {content: ../../games/armageddon/data/content.json}}\n", ""},
		{"invalid armageddon content", "data: {armageddon: {content: ../../games/xenoshyft/data/cards.json}}\n", "data.armageddon.content"},
		{"unknown game", "data: {chess: {pieces: pieces.json}}\n", "data.chess: no such game"},
		{"unknown file", "data: {xenoshyft: {enemies: enemies.json}}\n", "data.xenoshyft.enemies: no such data file"},
		{"empty path keeps the built-in file", "data: {xibalba: {cards: \"\", factions: \"\"}}\n", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg, err := loadConfig(writeConfig(t, tc.yaml))
			if err == nil {
				err = loadGameData(cfg)
			}
			switch {
			case tc.wantErr == "" && err != nil:
				t.Fatal(err)
			case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
				t.Fatalf("got %v, want an error naming %s", err, tc.wantErr)
			}
		})
	}
}

func TestBotConfigDefaults(t *testing.T) {
	for _, tc := range []struct {
		name, quiet          string
		thread               bool
		quietStart, quietEnd int
	}{
		{"quiet nights in threads", "22-07", true, 22, 7},
		{"no quiet hours", "", false, -1, -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := defaultConfig()
			cfg.ReminderEvery, cfg.QuietHours, cfg.ThreadMode = 6*time.Hour, tc.quiet, tc.thread
			got := botConfig(cfg, nil, nil, nil)
			if got.ReminderEvery != 6*time.Hour || got.QuietStart != tc.quietStart || got.QuietEnd != tc.quietEnd || got.ThreadMode != tc.thread {
				t.Errorf("bot config %+v", got)
			}
		})
	}
}

// TestPhonePanelsDrawOnlyWanted checks that the bot's panel hook lists
// every panel of a view but draws only those the bot will attach.
func TestPhonePanelsDrawOnlyWanted(t *testing.T) {
	def, ok := games.Lookup("xibalba")
	if !ok {
		t.Skip("XIBALBA is not registered")
	}
	g, _, err := def.Create(3, nil, 7)
	if err != nil {
		t.Fatal(err)
	}
	panels, err := phonePanels(g.View(games.Spectator), []string{"Ana", "Ben", "Cy"}, games.English,
		func(name string) bool { return name == "scores" })
	if err != nil {
		t.Fatal(err)
	}
	drawn := 0
	for _, p := range panels {
		if (p.PNG != nil) != (p.Part == "scores") {
			t.Errorf("panel %s drawn: %v", p.Part, p.PNG != nil)
		}
		if p.PNG != nil {
			drawn++
		}
	}
	t.Logf("%d panels listed, %d drawn", len(panels), drawn)
	if drawn != 1 || len(panels) < 4 {
		t.Errorf("%d panels listed, %d drawn; want the scores alone drawn of several", len(panels), drawn)
	}
}
