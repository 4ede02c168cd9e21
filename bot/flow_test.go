package bot_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/playbychat/pbc/bot"
	"github.com/playbychat/pbc/bot/bottest"
	"github.com/playbychat/pbc/bot/export"
	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/internal/testgame"
)

// hand returns the cards of user's hand as shown by /hand.
func (h *harness) hand(user string) []string {
	h.t.Helper()
	m := h.cmd(user, "hand")
	_, after, ok := strings.Cut(panelText(m), "Your hand: ")
	if !ok {
		h.t.Fatalf("/hand of %s shows no hand: %+v", user, m)
	}
	line, _, _ := strings.Cut(after, "\n")
	return strings.Fields(line)
}

// play makes user play the first card of their hand with /move and returns
// the card.
func (h *harness) play(user string) string {
	h.t.Helper()
	card := h.hand(user)[0]
	if m := h.cmd(user, "move", "action=play "+card); !strings.Contains(m.Content, "You played "+card) {
		h.t.Fatalf("%s playing %s: %q", user, card, m.Content)
	}
	return card
}

// moves returns the table's log length.
func (h *harness) moves() int {
	h.t.Helper()
	ms, err := h.store.Moves(context.Background(), h.table().ID)
	if err != nil {
		h.t.Fatal(err)
	}
	return len(ms)
}

// reactor returns the user who must react after a round's reveal.
func (h *harness) reactor() string {
	h.t.Helper()
	return actorOf(h.t, lastPost(h.t, h.discord.TakePosts(), "wins the round"))
}

// nowLine matches the first user a post names as the one to act.
var nowLine = regexp.MustCompile(`(?:Now|Jetzt): <@(\w+)>`)

// actorOf returns the first user m says must act.
func actorOf(t testing.TB, m bot.Message) string {
	t.Helper()
	sub := nowLine.FindStringSubmatch(m.Content)
	if sub == nil {
		t.Fatalf("no one must act after %q", m.Content)
	}
	return sub[1]
}

// TestStaleButton checks clicks made for a decision the clicker no longer
// has: refused with what changed (whose turn it is, or that their choice
// changed), while a click on a decision still the clicker's is applied
// whatever others did meanwhile.
func TestStaleButton(t *testing.T) {
	h := newHarness(t, ":memory:")
	h.openTable([]string{alice, bob, carol})
	old := button(t, h.click(alice, "pv:1"), "Play ")
	h.play(bob)
	if m := h.click(alice, old.CustomID); !strings.Contains(m.Content, "You played") {
		t.Fatalf("a simultaneous choice made before bob's answered %q", m.Content)
	}
	version := h.table().Version
	if m := h.click(alice, old.CustomID); !contains(m.Content, "not your turn", "Carol") {
		t.Errorf("the same click again answered %q", m.Content)
	}
	carolsOld := button(t, h.click(carol, "pv:1"), "Play ")
	h.play(carol) // the reveal: the round ends
	reactor := h.reactor()
	if m := h.click(carol, carolsOld.CustomID); !strings.Contains(m.Content, "no longer available") && !strings.Contains(m.Content, "not your turn") {
		t.Errorf("a click from the last round answered %q", m.Content)
	}
	pass := button(t, h.click(reactor, "pv:1"), "Pass")
	h.cmd(reactor, "move", "action=challenge")
	if m := h.click(reactor, pass.CustomID); !strings.Contains(m.Content, "Your choice changed") {
		t.Errorf("a stale reaction click answered %q", m.Content)
	}
	if h.table().Version != version+2 || h.moves() != 4 {
		t.Errorf("stale clicks changed the table: version %d, %d moves", h.table().Version, h.moves())
	}
	for _, bad := range []string{"mv:99:abcdefg:play 1", "garbage", "ms:1:999", "mv:1:2:play 1"} {
		if m := h.click(alice, bad); !strings.Contains(m.Content, "no longer available") {
			t.Errorf("click on %q answered %q", bad, m.Content)
		}
	}
}

// TestSimultaneousRace has two seats choose at the same moment: both
// choices apply, whichever commits second is retried on the new state.
func TestSimultaneousRace(t *testing.T) {
	h := newHarness(t, ":memory:")
	h.openTable([]string{alice, bob, carol})
	ids := map[string]string{}
	for _, u := range []string{alice, bob} {
		ids[u] = button(t, h.click(u, "pv:1"), "Play ").CustomID
	}
	var wg sync.WaitGroup
	replies := map[string]*bottest.Responder{alice: {}, bob: {}}
	for u, id := range ids {
		wg.Go(func() {
			in := h.base(u, bot.ComponentInteraction)
			in.CustomID = id
			if err := h.b.Handle(context.Background(), in, replies[u]); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	for u, r := range replies {
		if !strings.Contains(r.Last().Content, "You played") {
			t.Errorf("%s's simultaneous choice answered %q", u, r.Last().Content)
		}
	}
	if h.moves() != 2 {
		t.Errorf("log has %d moves, want 2", h.moves())
	}
}

func TestOutOfTurn(t *testing.T) {
	h := newHarness(t, ":memory:")
	h.openTable([]string{alice, bob})
	tests := []struct {
		name, user, action, want string
	}{
		{name: "card not held", user: alice, action: "play 99", want: "not one of your moves now. Pick one of the suggestions"},
		{name: "spectator", user: dave, action: "play 1", want: "not playing"},
		{name: "reaction while bidding", user: alice, action: "pass", want: "not one of your moves"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := h.cmd(tc.user, "move", "action="+tc.action)
			if !m.Ephemeral || !strings.Contains(m.Content, tc.want) {
				t.Errorf("/move %q by %s answered %+v, want %q", tc.action, tc.user, m, tc.want)
			}
		})
	}
	h.play(alice)
	if m := h.cmd(alice, "move", "action=play "+h.hand(alice)[0]); !strings.Contains(m.Content, "not your turn") {
		t.Errorf("a second card answered %q", m.Content)
	}
	h.play(bob)
	reactor := h.reactor()
	other := alice
	if reactor == alice {
		other = bob
	}
	if m := h.cmd(other, "move", "action=pass"); !strings.Contains(m.Content, "not your turn") {
		t.Errorf("the round's winner passing answered %q", m.Content)
	}
	if m := h.click(dave, "pv:1"); !strings.Contains(m.Content, "not playing") {
		t.Errorf("a spectator's Choose privately answered %q", m.Content)
	}
	if m := h.click(other, "pv:1"); !strings.Contains(m.Content, "nothing to choose") {
		t.Errorf("the waiting player's Choose privately answered %q", m.Content)
	}
	if h.moves() != 2 {
		t.Errorf("log has %d moves, want 2", h.moves())
	}
	// Spectators may look, privately, without buttons.
	if m := h.cmd(dave, "game board"); len(m.Files) != 1 || !m.Ephemeral || len(m.Rows) != 0 {
		t.Errorf("/game board for a spectator: %+v", m)
	}
	if m := h.cmd(dave, "game log"); !strings.Contains(m.Content, "wins the round") || privateText.MatchString(m.Content) {
		t.Errorf("/game log for a spectator: %q", m.Content)
	}
}

// TestConcurrentClicks clicks the same button twice at once: only one
// click applies, the other is told the choice is gone.
func TestConcurrentClicks(t *testing.T) {
	h := newHarness(t, ":memory:")
	h.openTable([]string{alice, bob})
	h.play(alice)
	h.play(bob)
	reactor := h.reactor()
	pass := button(t, h.click(reactor, "pv:1"), "Pass").CustomID
	const clicks = 4
	var wg sync.WaitGroup
	answers := make([]*bottest.Responder, clicks)
	for i := range clicks {
		wg.Go(func() {
			in := h.base(reactor, bot.ComponentInteraction)
			in.CustomID = pass
			answers[i] = &bottest.Responder{}
			if err := h.b.Handle(context.Background(), in, answers[i]); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	applied, stale := 0, 0
	for _, r := range answers {
		// The pass is answered with its line and the reactor's next
		// (private) choices.
		switch m := r.Last(); {
		case strings.Contains(m.Content, "no longer available"), strings.Contains(m.Content, "Your choice changed"):
			// Refused at the commit, or at the click when the first
			// click's commit came before.
			stale++
		case strings.HasPrefix(m.Content, users[reactor]+" passes."):
			applied++
		default:
			t.Errorf("unexpected reply %q", m.Content)
		}
	}
	if applied != 1 || stale != clicks-1 {
		t.Errorf("%d clicks applied, %d stale; want 1 and %d", applied, stale, clicks-1)
	}
	if n := strings.Count(joinPosts(h.discord.TakePosts()), "passes"); n != 1 {
		t.Errorf("%d posts announce the pass", n)
	}
	if h.moves() != 3 {
		t.Errorf("log has %d moves, want 3", h.moves())
	}
}

func TestUndo(t *testing.T) {
	h := newHarness(t, ":memory:")
	h.openTable([]string{alice, bob, carol})
	if m := h.cmd(alice, "game undo"); !strings.Contains(m.Content, "no move to take back") {
		t.Errorf("undo at the start answered %q", m.Content)
	}
	before := h.hand(alice)
	card := h.play(alice)
	h.discord.TakeDMs()
	if m := h.cmd(alice, "game undo"); !contains(panelText(m), "taken back", "Your hand: "+strings.Join(before, " ")) {
		t.Fatalf("undo of one's own last move answered %q", panelText(m))
	}
	if got := h.hand(alice); strings.Join(got, " ") != strings.Join(before, " ") {
		t.Errorf("hand after undo %v, want %v (card %s back)", got, before, card)
	}
	if h.moves() != 0 {
		t.Errorf("log has %d moves after undo", h.moves())
	}
	lastPost(t, h.discord.TakePosts(), "took back")
	if dms := h.discord.TakeDMs(); len(dms) != 0 {
		t.Errorf("DMs after alice's undo, which shows her hand: %+v", dms)
	}

	h.play(alice)
	h.play(bob)
	if m := h.cmd(alice, "game undo"); !strings.Contains(m.Content, "Only the player who made the last move") {
		t.Errorf("undo after another player acted answered %q", m.Content)
	}
	if m := h.cmd(bob, "game undo"); !strings.Contains(m.Content, "taken back") {
		t.Errorf("bob's undo answered %q", m.Content)
	}
	h.play(bob)
	h.play(carol) // reveals the round
	if m := h.cmd(carol, "game undo"); !strings.Contains(m.Content, "revealed") {
		t.Errorf("undo past a reveal answered %q", m.Content)
	}
	if h.moves() != 3 {
		t.Errorf("log has %d moves, want 3", h.moves())
	}
}

func TestPermissions(t *testing.T) {
	h := newHarness(t, ":memory:")
	h.manager["u5"] = true
	h.openTable([]string{alice, bob, carol})
	tests := []struct {
		name    string
		user    string
		command string
		opts    []string
		want    string
	}{
		{name: "player abandons", user: bob, command: "game abandon", want: "Only the table's creator"},
		{name: "player replaces", user: carol, command: "game replace", opts: []string{"user=" + dave, "seat=3"}, want: "Only the table's creator"},
		{name: "replace with a seated user", user: alice, command: "game replace", opts: []string{"user=" + bob, "seat=3"}, want: "already has a seat"},
		{name: "replace an empty seat", user: alice, command: "game replace", opts: []string{"user=" + dave, "seat=9"}, want: "Name the seat that changes hands"},
		{name: "bot:true without the seat", user: alice, command: "game replace", opts: []string{"user=" + bob, "bot=true"}, want: "`player:@who` for the player who leaves"},
		{name: "player leaves a running game", user: bob, command: "game leave", want: "cannot leave"},
		{name: "non-manager quiet hours", user: bob, command: "game settings", opts: []string{"quiet_hours=22-7"}, want: "Only a server manager"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if m := h.cmd(tc.user, tc.command, tc.opts...); !m.Ephemeral || !strings.Contains(m.Content, tc.want) {
				t.Errorf("%s answered %+v, want %q", tc.command, m, tc.want)
			}
		})
	}
	h.discord.TakeDMs()
	in := h.command(alice, "game replace", "user="+dave, "player="+carol)
	in.Users = map[string]bot.User{dave: {ID: dave, Name: "Dave"}}
	if m := h.run(in).Last(); !strings.Contains(m.Content, "<@u4>") || m.Ephemeral {
		t.Fatalf("replace by the creator answered %+v", m)
	}
	if dms := h.discord.TakeDMs(); len(dms) == 0 || dms[0].User != dave || dms[0].ID == "" || !strings.Contains(panelText(dms[0].Message), "Your hand:") {
		t.Errorf("DMs after replace, want dave's panel first: %+v", dms)
	}
	if len(h.hand(dave)) == 0 {
		t.Errorf("dave has no hand after taking carol's seat")
	}
	if m := h.cmd(carol, "hand"); !strings.Contains(m.Content, "not playing") {
		t.Errorf("carol's /hand after leaving answered %q", m.Content)
	}
	if m := h.cmd(alice, "game settings", "reminder_hours=6"); !strings.Contains(m.Content, "this table every 6 h") {
		t.Errorf("the creator's reminder_hours answered %q", m.Content)
	}
	checkDue(t, h, t0.Add(6*time.Hour))
	if m := h.cmd(bob, "game settings", "reminder_hours=6"); !strings.Contains(m.Content, "Only a server manager") {
		t.Errorf("a player's reminder_hours answered %q", m.Content)
	}
	id := h.table().ID
	if m := h.cmd("u5", "game abandon"); m.Ephemeral || !strings.Contains(m.Content, "abandoned") {
		t.Fatalf("abandon by a manager answered %+v", m)
	}
	tbl, err := h.store.Table(context.Background(), id)
	if err != nil || tbl.Status != db.Abandoned {
		t.Fatalf("table after abandon: %v, %v", tbl.Status, err)
	}
	exported := h.cmd(bob, "game export", "table="+itoa(id))
	if len(exported.Files) != 1 {
		t.Fatalf("export of an abandoned table: %+v", exported)
	}
	if err := export.Verify(exported.Files[0].Data); err != nil {
		t.Errorf("VerifyExport of an abandoned game: %v", err)
	}
}

func TestGerman(t *testing.T) {
	h := newHarness(t, ":memory:")
	h.locale = "de"
	if m := h.cmd(alice, "game join"); !strings.Contains(m.Content, "In diesem Kanal gibt es kein Spiel") {
		t.Errorf("German /game join without a table: %q", m.Content)
	}
	h.openTable([]string{alice, bob})
	posts := h.discord.TakePosts()
	lastPost(t, posts, "beginnt")
	if b := button(t, lastPost(t, posts, "beginnt"), "Privat"); b.Label != "Privat wählen" {
		t.Errorf("German button %q", b.Label)
	}
	if m := h.cmd(alice, "move", "action=pass"); !strings.Contains(m.Content, "keiner deiner Züge") {
		t.Errorf("German rule error: %q", m.Content)
	}
	if m := h.click(alice, "mv:1:0:play 1"); !strings.Contains(m.Content, "Diese Auswahl gibt es nicht mehr") {
		t.Errorf("German stale click: %q", m.Content)
	}
	if m := h.cmd(alice, "hand"); !strings.Contains(panelText(m), "Deine Hand:") {
		t.Errorf("German /hand: %q", panelText(m))
	}
	if m := h.cmd(alice, "roll", "dice=2x"); !strings.Contains(m.Content, "keine Zahl") && !strings.Contains(m.Content, "Unerwartet") {
		t.Errorf("German dice error: %q", m.Content)
	}
}

// TestRemindersQuietHours sets a 12-hour interval with quiet hours 22-7 and
// checks that the reminder after a noon start moves to 7:00 and then pings
// only the seat that has not chosen yet.
func TestRemindersQuietHours(t *testing.T) {
	h := newHarness(t, ":memory:")
	h.manager[alice] = true
	if m := h.cmd(alice, "game settings", "reminder_hours=12", "quiet_hours=22-7"); !strings.Contains(m.Content, "22-7") {
		t.Fatalf("settings answered %q", m.Content)
	}
	h.openTable([]string{alice, bob})
	h.discord.TakePosts()
	morning := time.Date(2026, 1, 6, 7, 0, 0, 0, time.UTC)
	checkDue(t, h, morning)

	h.clock.Advance(morning.Sub(t0) - time.Minute)
	if err := h.b.SendDueReminders(context.Background()); err != nil {
		t.Fatal(err)
	}
	if posts := h.discord.TakePosts(); len(posts) != 0 {
		t.Fatalf("reminder sent in quiet hours: %+v", posts)
	}
	h.clock.Advance(time.Minute)
	if err := h.b.SendDueReminders(context.Background()); err != nil {
		t.Fatal(err)
	}
	ping := lastPost(t, h.discord.TakePosts(), "Reminder")
	if got := sortedCopy(ping.Mentions); strings.Join(got, ",") != alice+","+bob {
		t.Errorf("first reminder mentions %v, want both", ping.Mentions)
	}
	h.play(alice)
	checkDue(t, h, morning.Add(12*time.Hour))
	h.discord.TakePosts()
	h.clock.Advance(12 * time.Hour)
	if err := h.b.SendDueReminders(context.Background()); err != nil {
		t.Fatal(err)
	}
	ping = lastPost(t, h.discord.TakePosts(), "Reminder")
	if strings.Join(ping.Mentions, ",") != bob {
		t.Errorf("second reminder mentions %v, want only bob", ping.Mentions)
	}
	// The next one falls at 7:00 + 24h... 19:00 + 12h = 7:00, just outside.
	checkDue(t, h, morning.Add(24*time.Hour))
}

func checkDue(t *testing.T, h *harness, want time.Time) {
	t.Helper()
	rs, err := h.store.Reminders(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 1 || !rs[0].Due.Equal(want) {
		t.Fatalf("reminders %+v, want one due %v", rs, want)
	}
}

// TestRestart continues a game with a new Bot on the reopened file store.
func TestRestart(t *testing.T) {
	dsn := fileDSN(t)
	h := newHarness(t, dsn)
	h.openTable([]string{alice, bob})
	card := h.play(alice)
	if err := h.store.Close(); err != nil {
		t.Fatal(err)
	}
	store, err := db.OpenStore(dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	h.store = store
	h.restart()
	h.discord.TakePosts()
	h.play(bob)
	reveal := lastPost(t, h.discord.TakePosts(), "wins the round")
	if !strings.Contains(reveal.Content, "Alice "+card) {
		t.Errorf("reveal after restart lacks alice's %s: %q", card, reveal.Content)
	}
	// The pending reminder survives the restart too.
	h.restart()
	h.clock.Advance(25 * time.Hour)
	if err := h.b.SendDueReminders(context.Background()); err != nil {
		t.Fatal(err)
	}
	lastPost(t, h.discord.TakePosts(), "Time is up")
}

func TestPrivateRoll(t *testing.T) {
	h := newHarness(t, ":memory:")
	r := h.run(h.command(alice, "roll", "dice=2d6", "private=true"))
	public := r.Replies[0]
	if public.Ephemeral || !strings.Contains(public.Content, "privately — commitment") {
		t.Fatalf("private roll's public reply %+v", public)
	}
	dms := h.discord.TakeDMs()
	if len(dms) != 1 {
		t.Fatalf("private roll sent %d DMs", len(dms))
	}
	_, after, _ := strings.Cut(dms[0].Message.Content, "/roll dice:reveal ")
	preimage, _, _ := strings.Cut(after, "\n")
	commitment := public.Content[strings.Index(public.Content, "`")+1 : strings.LastIndex(public.Content, "`")]
	reveal := h.cmd(alice, "roll", "dice=reveal "+preimage)
	if !strings.Contains(reveal.Content, commitment) || !strings.Contains(reveal.Content, "which I issued") {
		t.Errorf("reveal answered %q, want commitment %s", reveal.Content, commitment)
	}
	forged := strings.Replace(preimage, "=", "= 1", 1)
	if m := h.cmd(alice, "roll", "dice=reveal "+forged); !strings.Contains(m.Content, "not among the recent rolls") {
		t.Errorf("forged reveal answered %q", m.Content)
	}
	h.discord.Block(bob)
	r = h.run(h.command(bob, "roll", "dice=d20", "private=true"))
	if len(r.Replies) != 2 || !r.Replies[1].Ephemeral || !strings.Contains(r.Replies[1].Content, "Your private roll") {
		t.Errorf("blocked private roll replies %+v", r.Replies)
	}
	if m := h.cmd(bob, "roll", "dice=3d6+1"); m.Ephemeral || !strings.Contains(m.Content, "Bob rolled 3d6+1: [") {
		t.Errorf("public roll answered %+v", m)
	}
	// At a German server an English player's rolls are announced in
	// German; the secret of a private roll is told in her own language.
	in := h.command(alice, "roll", "dice=2d6", "private=true")
	in.GuildLocale = "de"
	r = h.run(in)
	if public := r.Replies[0]; public.Ephemeral || !strings.Contains(public.Content, "würfelt") {
		t.Errorf("a private roll at a German server announced %q", public.Content)
	}
	if dms := h.discord.TakeDMs(); len(dms) != 1 || !strings.Contains(dms[0].Message.Content, "Your private roll") {
		t.Errorf("the private roll's DM: %+v", dms)
	}
}

func TestThreadAndRules(t *testing.T) {
	h := newHarness(t, ":memory:")
	if m := h.cmd(alice, "rules"); !strings.Contains(m.Content, "Which game") {
		t.Errorf("/rules without a game answered %q", m.Content)
	}
	m := h.cmd(alice, "game new", "game=sealedbids", "thread=true")
	if !strings.Contains(m.Content, "<#c1-t1>") {
		t.Fatalf("/game new in a thread answered %q", m.Content)
	}
	lastPost(t, h.discord.TakePosts(), "opened a table")
	h.channel = "c1-t1"
	if h.table().Game != "sealedbids" {
		t.Fatalf("no table in the thread")
	}
	if m := h.cmd(alice, "rules"); !strings.Contains(m.Content, "`challenge`") {
		t.Errorf("/rules topics: %q", m.Content)
	}
	if m := h.cmd(alice, "rules", "topic=challenge"); !strings.Contains(m.Content, "heads") {
		t.Errorf("/rules topic: %q", m.Content)
	}
	if m := h.cmd(alice, "rules", "topic=chess"); !strings.Contains(m.Content, `no rules topic "chess"`) || !strings.Contains(m.Content, "`challenge`") {
		t.Errorf("/rules of an unknown topic: %q", m.Content)
	}
	if got := h.complete(alice, "rules", "topic", "chall"); len(got) != 1 || got[0].Value != "challenge" {
		t.Errorf("topic suggestions %+v", got)
	}
	if m := h.cmd(bob, "game new", "game=sealedbids"); !strings.Contains(m.Content, "already has a game") {
		t.Errorf("second table in a channel: %q", m.Content)
	}
	// Thread mode: a busy channel may still open tables in new threads.
	h.manager[alice] = true
	h.channel = "c1"
	h.cmd(alice, "game new", "game=sealedbids")
	h.cmd(alice, "game settings", "thread_mode=true")
	if m := h.cmd(bob, "game new", "game=sealedbids"); !strings.Contains(m.Content, "<#c1-t2>") {
		t.Errorf("/game new in thread mode answered %q", m.Content)
	}
	for _, tc := range []struct{ opts, want string }{
		{"game=chess", "do not know the game"},
		{"players=9", "2 to 4 players"},
		{"options=rounds=9", "rounds"},
	} {
		h.channel = "c2"
		opts := []string{"game=sealedbids"}
		if !strings.HasPrefix(tc.opts, "game=") {
			opts = append(opts, tc.opts)
		} else {
			opts = []string{tc.opts}
		}
		if m := h.cmd(alice, "game new", opts...); !m.Ephemeral || !strings.Contains(m.Content, tc.want) {
			t.Errorf("/game new %s answered %q, want %q", tc.opts, m.Content, tc.want)
		}
	}
}

// TestExportWhileRunning checks that a running table's export keeps the
// seed secret back and leaves out the private moves (the cards played) of
// every seat but the asker's own; a spectator's export has none.
func TestExportWhileRunning(t *testing.T) {
	h := newHarness(t, ":memory:")
	h.openTable([]string{alice, bob})
	exportOf := func(user string) export.File {
		t.Helper()
		m := h.cmd(user, "game export")
		if !m.Ephemeral || len(m.Files) != 1 || !strings.Contains(m.Content, "partial") {
			t.Fatalf("export while running: %+v", m)
		}
		if err := export.Verify(m.Files[0].Data); !errors.Is(err, export.ErrIncomplete) {
			t.Errorf("VerifyExport of a running table: %v", err)
		}
		var e export.File
		if err := json.Unmarshal(m.Files[0].Data, &e); err != nil {
			t.Fatal(err)
		}
		if e.SeedSecret != "" || e.Seed != 0 || e.Commitment == "" || !e.Partial {
			t.Errorf("running export shows seed %d secret %q, commitment %q, partial %v", e.Seed, e.SeedSecret, e.Commitment, e.Partial)
		}
		return e
	}
	// seatsOf lists the seats of an export's moves, in order.
	seatsOf := func(e export.File) []games.Seat {
		var out []games.Seat
		for _, m := range e.Moves {
			out = append(out, m.Seat)
		}
		return out
	}
	h.play(alice)
	h.play(bob)
	pass := h.reactor()
	h.cmd(pass, "move", "action=pass")
	h.play(alice)
	passSeat := games.Seat(0)
	if pass == bob {
		passSeat = 1
	}
	for _, tc := range []struct {
		name     string
		user     string
		want     []games.Seat
		withheld int
	}{
		{name: "alice", user: alice, want: []games.Seat{0, passSeat, 0}, withheld: 1},
		{name: "bob", user: bob, want: []games.Seat{1, passSeat}, withheld: 2},
		{name: "spectator", user: carol, want: []games.Seat{passSeat}, withheld: 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := exportOf(tc.user)
			if got := seatsOf(e); !slices.Equal(got, tc.want) || e.Withheld != tc.withheld {
				t.Errorf("export has moves of seats %v and %d withheld, want %v and %d: %+v", got, e.Withheld, tc.want, tc.withheld, e.Moves)
			}
			for _, m := range e.Moves {
				if strings.HasPrefix(m.Notation, "play ") && (m.Seat != 0 || tc.user != alice) && (m.Seat != 1 || tc.user != bob) {
					t.Errorf("%s reads another seat's card: %+v", tc.name, m)
				}
			}
		})
	}
}

// TestExportAtEveryMove plays a three-seat Sealed Bids game through
// /move and, after every move, exports it for each player and a
// spectator: no export holds another seat's bid (a private move) before
// the end, and the final export holds every move and passes VerifyExport.
func TestExportAtEveryMove(t *testing.T) {
	h := newHarness(t, ":memory:")
	players := []string{alice, bob, carol}
	h.openTable(players)
	id := h.table().ID
	exportFor := func(user string) (export.File, []byte) {
		t.Helper()
		m := h.cmd(user, "game export", "table="+itoa(id))
		if len(m.Files) != 1 {
			t.Fatalf("export for %s: %+v", user, m)
		}
		var e export.File
		if err := json.Unmarshal(m.Files[0].Data, &e); err != nil {
			t.Fatal(err)
		}
		return e, m.Files[0].Data
	}
	moves := 0
	for ; moves < 100; moves++ {
		tb, err := h.store.Table(t.Context(), id)
		if err != nil {
			t.Fatal(err)
		}
		if tb.Status != db.Running {
			break
		}
		moved := false
		for _, u := range players {
			if choices := h.complete(u, "move", "action", ""); len(choices) > 0 {
				h.cmd(u, "move", "action="+choices[0].Value)
				moved = true
				break
			}
		}
		if !moved {
			t.Fatalf("after %d moves nobody can move", moves)
		}
		if tb, _ := h.store.Table(t.Context(), id); tb.Status != db.Running {
			continue
		}
		for _, viewer := range append(players, dave) {
			e, _ := exportFor(viewer)
			for _, m := range e.Moves {
				if strings.HasPrefix(m.Notation, "play ") && (int(m.Seat) >= len(players) || players[m.Seat] != viewer) {
					t.Fatalf("after move %d the export for %s holds seat %d's bid %q", moves+1, viewer, m.Seat+1, m.Notation)
				}
			}
		}
	}
	e, data := exportFor(dave)
	if e.Partial || e.Withheld != 0 || len(e.Moves) != moves {
		t.Errorf("final export: partial %v, %d withheld, %d of %d moves", e.Partial, e.Withheld, len(e.Moves), moves)
	}
	if err := export.Verify(data); err != nil {
		t.Errorf("VerifyExport of the finished game: %v", err)
	}
}

// TestExportBeforeStart checks that a table abandoned before it started
// has nothing to export, and says so.
func TestExportBeforeStart(t *testing.T) {
	h := newHarness(t, ":memory:")
	h.cmd(alice, "game new", "game=sealedbids")
	id := h.table().ID
	if m := h.cmd(alice, "game abandon"); !strings.Contains(m.Content, "abandoned") {
		t.Fatalf("abandon answered %+v", m)
	}
	m := h.cmd(alice, "game export", "table="+itoa(id))
	if len(m.Files) != 0 || !strings.Contains(m.Content, "ended before it started") {
		t.Errorf("export of a table abandoned before its start answered %+v", m)
	}
}

// panicky is a Discord whose threads panic, standing in for any bug below
// Handle.
type panicky struct{ *bottest.Discord }

func (panicky) StartThread(context.Context, string, string) (string, error) { panic("boom") }

func TestPanicBecomesApology(t *testing.T) {
	h := newHarness(t, ":memory:")
	b, err := bot.New(bot.Config{Store: h.store, Discord: panicky{h.discord}, Clock: h.clock, Random: h.random,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	h.b = b
	if m := h.cmd(alice, "game new", "game=sealedbids", "thread=true"); !m.Ephemeral || !strings.Contains(m.Content, "Sorry") {
		t.Errorf("a panic answered %+v", m)
	}
	if m := h.cmd(alice, "roll", "dice=1d6"); !strings.Contains(m.Content, "Alice rolled") {
		t.Errorf("the bot does not work after a panic: %q", m.Content)
	}
}

// TestDMPolicy checks who gets a new DM (besides the one panel of each
// player) after a change: never the mover (its answer shows what it may
// see), nobody for a merely public change or a public decision, and a
// seat that newly must make a private choice, once.
func TestDMPolicy(t *testing.T) {
	h := newHarness(t, ":memory:")
	h.openTable([]string{alice, bob, carol}, carol)
	var panels []string
	dmUsers := func() []string {
		var out []string
		for _, dm := range h.discord.TakeDMs() {
			if dm.ID != "" { // a panel's first post
				panels = append(panels, dm.User)
				continue
			}
			out = append(out, dm.User)
		}
		slices.Sort(out)
		return out
	}
	if got := dmUsers(); !slices.Equal(got, []string{alice, bob}) {
		t.Fatalf("DMs at the start to %v, want alice and bob", got)
	}
	if !slices.Equal(panels, []string{alice, bob}) {
		t.Fatalf("panels at the start for %v, want alice's and bob's", panels)
	}
	defer func() {
		if len(panels) != 2 {
			t.Errorf("panels posted for %v, want one for alice and one for bob", panels)
		}
	}()
	if warning := lastPost(t, h.discord.TakePosts(), "cannot send you direct messages"); !slices.Equal(warning.Mentions, []string{carol}) {
		t.Fatalf("DM warning mentions %v", warning.Mentions)
	}
	t.Run("own move answered privately", func(t *testing.T) {
		card := h.hand(alice)[0]
		m := h.cmd(alice, "move", "action=play "+card)
		if !m.Ephemeral || !contains(m.Content, "You played "+card) {
			t.Errorf("answer %q", m.Content)
		}
		if got := dmUsers(); len(got) != 0 {
			t.Errorf("DMs after alice's card to %v, want none", got)
		}
	})
	t.Run("public change", func(t *testing.T) {
		h.play(bob)
		if got := dmUsers(); len(got) != 0 {
			t.Errorf("DMs after bob's card to %v, want none", got)
		}
	})
	var reactor string
	t.Run("reveal", func(t *testing.T) {
		h.play(carol)
		if got := dmUsers(); len(got) != 0 {
			t.Errorf("DMs after the reveal to %v: the reaction is public", got)
		}
		reactor = h.reactor()
	})
	t.Run("next round", func(t *testing.T) {
		h.cmd(reactor, "move", "action=pass")
		want := slices.DeleteFunc([]string{alice, bob}, func(u string) bool { return u == reactor })
		if got := dmUsers(); !slices.Equal(got, want) {
			t.Errorf("DMs for the next round's bids to %v, want %v", got, want)
		}
		if posts := joinPosts(h.discord.TakePosts()); strings.Count(posts, "cannot send you direct messages") != 0 {
			t.Errorf("carol warned again: %q", posts)
		}
	})
}

// TestConfiguredGuildDefaults checks that a guild that never saved settings
// gets the Config's defaults, and keeps them once it saves a change.
func TestConfiguredGuildDefaults(t *testing.T) {
	h := newHarness(t, ":memory:")
	b, err := bot.New(bot.Config{
		Store: h.store, Discord: h.discord, Render: bottest.Render, Clock: h.clock, Random: h.random,
		ReminderEvery: 6 * time.Hour, QuietStart: 22, QuietEnd: 7, ThreadMode: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	h.b = b
	h.manager[alice] = true
	const you = "\nYou: time zone UTC; quiet hours 22-7 (the server's)."
	if m := h.cmd(alice, "game settings"); m.Content != "Reminders every 6 h; quiet hours: 22-7; new tables in a thread: on."+you {
		t.Errorf("settings of a new guild: %q", m.Content)
	}
	if m := h.cmd(bob, "game new", "game="+testgame.ID); !strings.Contains(m.Content, "is open in <#c1-t1>") {
		t.Errorf("a new table outside a thread: %q", m.Content)
	}
	h.cmd(alice, "game settings", "thread_mode=false")
	if m := h.cmd(alice, "game settings"); m.Content != "Reminders every 6 h; quiet hours: 22-7; new tables in a thread: off."+you {
		t.Errorf("settings after saving: %q", m.Content)
	}
	gs, err := h.store.GuildSettings(context.Background(), "g1")
	if err != nil || !gs.Saved || gs.ThreadMode || gs.ReminderEvery != 6*time.Hour || gs.QuietStart != 22 {
		t.Errorf("saved settings %+v, %v", gs, err)
	}
}

// TestLanguagesSurviveRestart checks that after a restart a user's DMs stay
// in their language and a table's reminders in the table's.
func TestLanguagesSurviveRestart(t *testing.T) {
	h := newHarness(t, fileDSN(t))
	h.locale = "de"
	h.cmd(alice, "game new", "game="+testgame.ID)
	h.cmd(bob, "game join")
	h.restart()
	h.locale = "en-US"
	h.cmd(alice, "game start")
	dms := h.discord.TakeDMs()
	if len(dms) != 4 {
		t.Fatalf("%d DMs at the start, want 4 (a panel and a notice each)", len(dms))
	}
	for _, dm := range dms {
		want := map[string]string{alice: "Your turn", bob: "Du bist dran"}[dm.User]
		if dm.ID != "" {
			want = map[string]string{alice: "Your panel", bob: "Deine Übersicht"}[dm.User]
		}
		if !strings.HasPrefix(dm.Message.Content, want) {
			t.Errorf("DM to %s after the restart: %q, want %q", dm.User, dm.Message.Content, want)
		}
	}
	h.locale = "de"
	h.cmd(bob, "game status") // the table's language is German again
	h.restart()
	h.clock.Advance(25 * time.Hour)
	if err := h.b.SendDueReminders(context.Background()); err != nil {
		t.Fatal(err)
	}
	lastPost(t, h.discord.TakePosts(), "Erinnerung:")
}

// TestThreadOpeningThroughOutbox checks that a new thread's opening post
// goes through the outbox: a failed post leaves the table opened, and the
// post follows once Discord takes it.
func TestThreadOpeningThroughOutbox(t *testing.T) {
	h := newHarness(t, ":memory:")
	failing := true
	h.discord.Fail(func(op, channel string) error {
		if failing && op == "post" && channel == "c1-t1" {
			return errors.New("discord is down")
		}
		return nil
	})
	if m := h.cmd(alice, "game new", "game=sealedbids", "thread=true"); !strings.Contains(m.Content, "<#c1-t1>") {
		t.Fatalf("/game new in a thread answered %q while posts fail", m.Content)
	}
	if posts := h.discord.TakePosts(); len(posts) != 0 {
		t.Fatalf("posted while posts fail: %+v", posts)
	}
	failing = false
	h.clock.Advance(time.Minute)
	if err := h.b.DeliverDue(context.Background()); err != nil {
		t.Fatal(err)
	}
	posts := h.discord.TakePosts()
	if len(posts) != 1 || posts[0].Channel != "c1-t1" || !strings.Contains(posts[0].Message.Content, "opened a table") {
		t.Errorf("after the failure: posts %+v; want the opening in the thread", posts)
	}
}
