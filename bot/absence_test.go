package bot_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/playbychat/pbc/bot"
	"github.com/playbychat/pbc/bot/bottest"
	"github.com/playbychat/pbc/db"
)

// remindAt advances the clock to at and sends the reminders due then,
// returning the posts since the last take.
func (h *harness) remindAt(at time.Time) []bottest.Post {
	h.t.Helper()
	h.clock.Advance(at.Sub(h.clock.Now()))
	if err := h.b.SendDueReminders(context.Background()); err != nil {
		h.t.Fatal(err)
	}
	return h.discord.TakePosts()
}

// seat returns the stored seat of user at the channel's table.
func (h *harness) seat(user string) db.Seat {
	h.t.Helper()
	seats, err := h.store.Seats(context.Background(), h.table().ID)
	if err != nil {
		h.t.Fatal(err)
	}
	for _, st := range seats {
		if st.UserID == user {
			return st
		}
	}
	h.t.Fatalf("%s has no seat in %+v", user, seats)
	return db.Seat{}
}

// movesBy counts the log's moves of seat made by the bot (user "") and by
// a person.
func (h *harness) movesBy(seat int) (bot, person int) {
	h.t.Helper()
	ms, err := h.store.Moves(context.Background(), h.table().ID)
	if err != nil {
		h.t.Fatal(err)
	}
	for _, m := range ms {
		switch {
		case m.Seat != seat:
		case m.UserID == "":
			bot++
		default:
			person++
		}
	}
	return bot, person
}

// act makes one move of user's suggestions, passing when they may: a
// reaction left to them, or their card.
func (h *harness) act(user string) {
	h.t.Helper()
	choices := h.complete(user, "move", "action", "")
	if len(choices) == 0 {
		h.t.Fatalf("%s has no move", user)
	}
	pick := choices[0]
	for _, c := range choices {
		if c.Value == "pass" {
			pick = c
		}
	}
	h.cmd(user, "move", "action="+pick.Value)
}

// until makes user act until done reports true (at most ten times).
func (h *harness) until(user string, done func() bool) {
	h.t.Helper()
	for range 10 {
		if done() {
			return
		}
		h.act(user)
	}
	h.t.Fatalf("still not done after ten moves of %s", user)
}

// mustAct reports whether user has a move at the channel's table.
func (h *harness) mustAct(user string) bool {
	h.t.Helper()
	return h.table().Status == db.Running && len(h.complete(user, "move", "action", "")) > 0
}

// stamp is the Discord timestamp the bot writes for t.
func stamp(t time.Time) string { return fmt.Sprintf("<t:%d:f>", t.Unix()) }

// TestAbsenceHandOverAndReturn lets Bob miss reminders at a table that
// gives a seat to the bot after two: the second warns him with the time,
// the third hands his seat to the bot, which plays it at once, and Bob's
// next command gives it back.
func TestAbsenceHandOverAndReturn(t *testing.T) {
	h := newHarness(t, ":memory:")
	h.openTable([]string{alice, bob})
	if m := h.cmd(bob, "game settings", "absent_after=2"); !strings.Contains(m.Content, "creator") {
		t.Fatalf("a player set the table's absence limit: %q", m.Content)
	}
	m := h.cmd(alice, "game settings", "absent_after=2")
	if !strings.Contains(m.Content, "Absence: no clock; the bot plays for a player after 2 missed reminders; the bot plays for players on vacation.") {
		t.Fatalf("absent_after=2 answered %q", m.Content)
	}
	h.play(alice)
	h.discord.TakePosts()
	day := 24 * time.Hour

	first := lastPost(t, h.remindAt(t0.Add(day)), "Reminder")
	if strings.Join(first.Mentions, ",") != bob || strings.Contains(first.Content, "bot plays") {
		t.Errorf("first reminder: %+v", first)
	}
	if st := h.seat(bob); st.Missed != 1 || st.Away || !st.RemindAt.Equal(t0.Add(2*day)) {
		t.Errorf("after the first reminder Bob's seat is %+v", st)
	}
	warning := lastPost(t, h.remindAt(t0.Add(2*day)), "Reminder")
	want := "<@u2>: if you do not move by " + stamp(t0.Add(3*day)) + ", the bot plays your seat until you are back."
	if !strings.Contains(warning.Content, want) {
		t.Errorf("second reminder %q lacks the warning %q", warning.Content, want)
	}
	if bot, _ := h.movesBy(1); bot != 0 {
		t.Fatalf("the bot moved for Bob before the hand-over")
	}

	posts := h.remindAt(t0.Add(3 * day))
	handed := lastPost(t, posts, "let 2 reminders pass")
	if !strings.Contains(handed.Content, "<@u2> let 2 reminders pass: the bot plays the seat") || strings.Contains(handed.Content, "Reminder") {
		t.Errorf("hand-over post %q", handed.Content)
	}
	lastPost(t, posts, "wins the round")
	if st := h.seat(bob); !st.Away || st.Missed != 0 || !st.RemindAt.IsZero() {
		t.Errorf("after the hand-over Bob's seat is %+v", st)
	}
	if bot, person := h.movesBy(1); bot == 0 || person != 0 {
		t.Errorf("Bob's seat: %d bot moves, %d of his own; want the bot's only", bot, person)
	}
	// The bot keeps playing the seat, and Bob gets no DM while away.
	h.discord.TakeDMs()
	bots, _ := h.movesBy(1)
	h.until(alice, func() bool { n, _ := h.movesBy(1); return n > bots })
	for _, dm := range h.discord.TakeDMs() {
		if dm.User == bob {
			t.Errorf("Bob got a DM while away: %q", dm.Message.Content)
		}
	}

	// Bob comes back: any command at the table gives his seat back. His
	// catch-up holds the cards the bot played for him.
	h.discord.TakePosts()
	if m := h.cmd(bob, "game log", "since=mine"); !contains(m.Content, "Since your last move:", "You played") {
		t.Errorf("Bob's catch-up: %q", m.Content)
	}
	welcome := lastPost(t, h.discord.TakePosts(), "Welcome back")
	if welcome.Content != "Welcome back, <@u2>: your seat is yours again." {
		t.Errorf("welcome post %q", welcome.Content)
	}
	if st := h.seat(bob); st.Away {
		t.Errorf("Bob's seat is still away: %+v", st)
	}
	bots, _ = h.movesBy(1)
	h.until(alice, func() bool { return h.mustAct(bob) })
	if again, _ := h.movesBy(1); again != bots {
		t.Errorf("the bot moved for Bob after his return")
	}
	if st := h.seat(bob); st.RemindAt.IsZero() {
		t.Errorf("Bob must act but has no reminder: %+v", st)
	}
}

// TestTurnClock counts missed reminders only once the table clock has run
// out: with two days per decision and the bot after one missed reminder,
// the first reminder is friendly, the second warns and the third hands
// the seat over.
func TestTurnClock(t *testing.T) {
	h := newHarness(t, ":memory:")
	h.openTable([]string{alice, bob})
	h.cmd(alice, "game settings", "turn_days=2", "absent_after=1")
	h.play(alice)
	h.discord.TakePosts()
	day := 24 * time.Hour
	if p := lastPost(t, h.remindAt(t0.Add(day)), "Reminder"); strings.Contains(p.Content, "bot plays") || h.seat(bob).Missed != 0 {
		t.Errorf("a reminder within the clock: %q, missed %d", p.Content, h.seat(bob).Missed)
	}
	if p := lastPost(t, h.remindAt(t0.Add(2*day)), "Reminder"); !strings.Contains(p.Content, "if you do not move by "+stamp(t0.Add(3*day))) {
		t.Errorf("the first reminder after the clock ran out: %q", p.Content)
	}
	lastPost(t, h.remindAt(t0.Add(3*day)), "let 1 reminder pass")
	if !h.seat(bob).Away {
		t.Error("Bob's seat was not handed over")
	}
}

// TestVacationBotPlays sends Bob on vacation at a table where the bot
// plays for players on vacation: it plays his card at once, nobody
// reminds him, and his next click ends the vacation.
func TestVacationBotPlays(t *testing.T) {
	h := newHarness(t, ":memory:")
	h.openTable([]string{alice, bob})
	h.discord.TakePosts()
	if m := h.cmd(bob, "game vacation", "days=100"); !strings.Contains(m.Content, "from 0 (back now) to 90") {
		t.Errorf("100 days: %q", m.Content)
	}
	if m := h.cmd(bob, "game vacation", "days=0"); m.Content != "You are not on vacation." {
		t.Errorf("back without a vacation: %q", m.Content)
	}
	until := t0.AddDate(0, 0, 3)
	m := h.cmd(bob, "game vacation", "days=3")
	if !m.Ephemeral || !strings.Contains(m.Content, "You are on vacation until "+stamp(until)) || !strings.Contains(m.Content, "<#c1>: the bot plays your seat") {
		t.Errorf("vacation answered %+v", m)
	}
	posts := h.discord.TakePosts()
	lastPost(t, posts, "<@u2> is on vacation until "+stamp(until)+": the bot plays their seat meanwhile.")
	if bot, _ := h.movesBy(1); bot != 1 {
		t.Errorf("the bot made %d moves for Bob, want his card", bot)
	}
	if !h.seat(bob).RemindAt.IsZero() {
		t.Errorf("Bob on vacation has a reminder: %+v", h.seat(bob))
	}
	h.discord.TakePosts()
	h.act(alice)
	for _, p := range h.remindAt(t0.Add(48 * time.Hour)) {
		if strings.Contains(p.Message.Content, "<@u2>") {
			t.Errorf("a post pings Bob on vacation: %q", p.Message.Content)
		}
	}
	// Bob clicks "Choose privately" on the live message: he is back.
	h.click(bob, "pv:"+itoa(h.table().ID))
	lastPost(t, h.discord.TakePosts(), "Welcome back, <@u2>")
	prefs, err := h.store.UserPrefs(context.Background(), bob)
	if err != nil || !prefs.AwayUntil.IsZero() {
		t.Errorf("Bob's vacation after his click: %+v (%v)", prefs, err)
	}
}

// TestVacationTableWaits sends Bob on vacation at a table that waits: the
// bot leaves his seat alone, and his reminder comes when the vacation
// ends.
func TestVacationTableWaits(t *testing.T) {
	h := newHarness(t, ":memory:")
	h.openTable([]string{alice, bob})
	if m := h.cmd(alice, "game settings", "vacation=wait"); !strings.Contains(m.Content, "the table waits for players on vacation") {
		t.Fatalf("vacation=wait answered %q", m.Content)
	}
	h.play(alice)
	h.discord.TakePosts()
	until := t0.AddDate(0, 0, 2)
	h.cmd(bob, "game vacation", "days=2")
	lastPost(t, h.discord.TakePosts(), "<@u2> is on vacation until "+stamp(until)+": the table waits for them.")
	if bot, _ := h.movesBy(1); bot != 0 {
		t.Errorf("the bot moved for Bob at a table that waits")
	}
	if st := h.seat(bob); !st.RemindAt.Equal(until) {
		t.Errorf("Bob's reminder %v, want the end of his vacation %v", st.RemindAt, until)
	}
	if posts := h.remindAt(t0.Add(24 * time.Hour)); len(posts) != 0 {
		t.Errorf("posts during the vacation: %+v", posts)
	}
	p := lastPost(t, h.remindAt(until), "Reminder")
	if strings.Join(p.Mentions, ",") != bob {
		t.Errorf("the reminder after the vacation pings %v", p.Mentions)
	}
}

// TestRemindersAcrossDST reminds a player in Berlin daily at the local
// time of their turn, across both daylight-saving changes of 2026, and
// keeps out of their own quiet hours, read in their zone.
func TestRemindersAcrossDST(t *testing.T) {
	h := newHarness(t, ":memory:")
	if m := h.cmd(bob, "game settings", "zone=europe/berlin", "my_quiet_hours=22-8"); !strings.Contains(m.Content, "You: time zone Europe/Berlin; quiet hours 22-8 (your own).") {
		t.Fatalf("zone and quiet hours answered %q", m.Content)
	}
	if m := h.cmd(bob, "game settings", "zone=Mars/Olympus"); !strings.Contains(m.Content, `I do not know the time zone "Mars/Olympus"`) {
		t.Errorf("an unknown zone: %q", m.Content)
	}
	if m := h.cmd(bob, "game settings", "zone=Europe/Berlin", "absent_after=1"); !strings.Contains(m.Content, "separate commands") {
		t.Errorf("own and table settings at once: %q", m.Content)
	}
	berlin, err := time.LoadLocation("Europe/Berlin")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		start time.Time // Berlin time
		want  []time.Time
	}{
		{"spring", time.Date(2026, 3, 27, 10, 30, 0, 0, berlin), []time.Time{
			time.Date(2026, 3, 28, 9, 30, 0, 0, time.UTC), // 10:30 CET
			time.Date(2026, 3, 29, 8, 30, 0, 0, time.UTC), // 10:30 CEST
			time.Date(2026, 3, 30, 8, 30, 0, 0, time.UTC),
		}},
		{"autumn", time.Date(2026, 10, 24, 21, 30, 0, 0, berlin), []time.Time{
			// 21:30 CEST, then 21:30 CET: the day of the change has 25 hours.
			time.Date(2026, 10, 25, 20, 30, 0, 0, time.UTC),
			time.Date(2026, 10, 26, 20, 30, 0, 0, time.UTC),
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h.clock.Advance(tc.start.Sub(h.clock.Now()))
			h.openTable([]string{alice, bob})
			h.play(alice)
			h.discord.TakePosts()
			for i, at := range tc.want {
				if due := h.seat(bob).RemindAt; !due.Equal(at) {
					t.Fatalf("reminder %d due %v (%v in Berlin), want %v", i+1, due, due.In(berlin), at)
				}
				if posts := h.remindAt(at.Add(-time.Minute)); len(posts) != 0 {
					t.Fatalf("a post before reminder %d: %+v", i+1, posts)
				}
				lastPost(t, h.remindAt(at), "Reminder: <@u2>")
			}
			h.cmd(alice, "game abandon")
		})
	}
	// A reminder due in Bob's quiet hours waits for their end, 8:00 in
	// Berlin.
	start := time.Date(2026, 11, 2, 12, 0, 0, 0, berlin)
	h.clock.Advance(start.Sub(h.clock.Now()))
	h.openTable([]string{alice, bob})
	h.cmd(alice, "game settings", "reminder_hours=12")
	h.play(alice)
	morning := time.Date(2026, 11, 3, 8, 0, 0, 0, berlin)
	if due := h.seat(bob).RemindAt; !due.Equal(morning) {
		t.Errorf("a reminder due at midnight in Berlin is due %v, want %v", due.In(berlin), morning)
	}
}

// TestZoneAutocomplete suggests IANA names as a player types.
func TestZoneAutocomplete(t *testing.T) {
	h := newHarness(t, ":memory:")
	in := h.command(alice, "game settings", "zone=new york")
	in.Kind, in.Focused = bot.AutocompleteInteraction, "zone"
	r := h.run(in)
	if len(r.Choices) != 1 || len(r.Choices[0]) == 0 || r.Choices[0][0].Value != "America/New_York" {
		t.Errorf("suggestions for %q: %+v", "new york", r.Choices)
	}
}

// TestDigests checks the digest of the DM that tells a player it is their
// turn, and /game log since:mine: what happened since their last move,
// without what only other seats saw (the cards played in secret).
func TestDigests(t *testing.T) {
	h := newHarness(t, ":memory:")
	h.cmd(alice, "game new", "game=sealedbids", "players=3")
	h.cmd(bob, "game join")
	h.cmd(carol, "game join")
	h.cmd(alice, "game start")
	h.discord.TakeDMs()
	if m := h.cmd(alice, "game log", "since=mine"); m.Content != "Nothing has happened since your last move." {
		t.Errorf("since:mine at the start: %q", m.Content)
	}
	if m := h.cmd(alice, "game log", "since=yesterday"); !strings.Contains(m.Content, "since takes mine") {
		t.Errorf("since=yesterday: %q", m.Content)
	}
	a := h.play(alice)
	b := h.play(bob)
	if m := h.cmd(alice, "game log", "since=mine"); m.Content != "Since your last move:\n• Bob has played a card." {
		t.Errorf("Alice's catch-up before the reveal: %q", m.Content)
	}
	c := h.play(carol)
	reactor := h.reactor()
	h.discord.TakeDMs()
	h.cmd(reactor, "move", "action=pass")
	digests := 0
	for _, dm := range h.discord.TakeDMs() {
		d := dm.Message.Content
		if !strings.HasPrefix(d, "Your turn in **Sealed Bids** in <#c1>.\nSince your last move:") {
			t.Errorf("the new round's DM to %s has no digest:\n%s", dm.User, d)
			continue
		}
		digests++
		if dm.User == reactor {
			t.Errorf("a digest for %s, who moved last:\n%s", dm.User, d)
		}
		want := map[string]string{
			alice: "• Bob has played a card.\n• Carol has played a card.\n• Round 1:",
			bob:   "Since your last move:\n• Carol has played a card.\n• Round 1:",
			carol: "Since your last move:\n• " + users[reactor] + " passes.",
		}[dm.User]
		if !strings.Contains(d, want) || !strings.Contains(d, users[reactor]+" passes.") {
			t.Errorf("%s's digest:\n%s\nwant %q and the pass", dm.User, d, want)
		}
		for _, secret := range []string{"You played", "play " + a, "play " + b, "play " + c} {
			if strings.Contains(d, secret) {
				t.Errorf("%s's digest shows %q:\n%s", dm.User, secret, d)
			}
		}
	}
	if digests != 2 {
		t.Errorf("%d digests for the new round, want 2 (not for %s, who moved last)", digests, reactor)
	}
}
