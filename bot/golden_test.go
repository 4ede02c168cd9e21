package bot_test

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/playbychat/pbc/bot"
	"github.com/playbychat/pbc/bot/bottest"
)

var update = flag.Bool("update", false, "rewrite the golden transcripts in testdata/")

// step is one line of a scripted session in testdata/*.script.json.
type step struct {
	// User is a user id, or "actor" for the first user the table's live
	// message names as the one to act.
	User   string `json:"user"`
	Locale string `json:"locale,omitempty"`
	// Interaction is the interaction to handle; its user, channel and
	// locale are filled in.
	Interaction *bot.Interaction `json:"interaction,omitempty"`
	// ClickPost and ClickReply click the first button whose label starts
	// with the text, on the table's live message (the last post, or its
	// last edit) or on the user's last reply.
	ClickPost  string `json:"click_post,omitempty"`
	ClickReply string `json:"click_reply,omitempty"`
	// Advance moves the clock on (a Go duration) and sends due reminders.
	Advance string `json:"advance,omitempty"`
}

// TestGoldenSessions replays the scripted sessions of testdata/ and compares
// everything the bot sent (replies, posts, DMs) with the golden transcript.
// Run with -update to rewrite the transcripts after an intended change.
// The <game>-de scripts open a German table (language:de) of each of the
// four games; games/internal/german checks their transcripts' words.
func TestGoldenSessions(t *testing.T) {
	scripts, err := filepath.Glob("testdata/*.script.json")
	if err != nil || len(scripts) == 0 {
		t.Fatalf("no scripts in testdata: %v", err)
	}
	for _, script := range scripts {
		name := strings.TrimSuffix(filepath.Base(script), ".script.json")
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(script)
			if err != nil {
				t.Fatal(err)
			}
			var steps []step
			if err := json.Unmarshal(data, &steps); err != nil {
				t.Fatalf("%s: %v", script, err)
			}
			got := runScript(t, steps)
			golden := filepath.Join("testdata", name+".golden")
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("transcript differs from %s (run with -update after an intended change):\n%s", golden, bottest.LineDiff(string(want), got))
			}
		})
	}
}

// runScript plays steps and returns the transcript.
func runScript(t *testing.T, steps []step) string {
	h := newHarness(t, ":memory:")
	var out strings.Builder
	replies := map[string]bot.Message{}
	var lastPost bot.Message
	record := func() {
		// Within one step the closing edit of the old live message comes
		// before the new post; other edits change the live message.
		for _, e := range h.discord.TakeEdits() {
			fmt.Fprintf(&out, "  edit %s: %s", e.ID, describe(e.Message))
			if len(e.Message.Rows) > 0 {
				lastPost = e.Message
			}
		}
		for _, p := range h.discord.TakePosts() {
			fmt.Fprintf(&out, "  post #%s %s: %s", p.Channel, p.ID, describe(p.Message))
			lastPost = p.Message
		}
		for _, dm := range h.discord.TakeDMs() {
			if dm.ID != "" {
				fmt.Fprintf(&out, "  dm @%s panel %s: %s", dm.User, dm.ID, describe(dm.Message))
				continue
			}
			fmt.Fprintf(&out, "  dm @%s: %s", dm.User, describe(dm.Message))
		}
		for _, e := range h.discord.TakeDMEdits() {
			fmt.Fprintf(&out, "  edit %s %s: %s", e.Channel, e.ID, describe(e.Message))
		}
	}
	for i, s := range steps {
		user := s.User
		if user == "actor" {
			user = actorOf(t, lastPost)
		}
		h.locale = s.Locale
		var in *bot.Interaction
		switch {
		case s.Interaction != nil:
			in = s.Interaction
			fmt.Fprintf(&out, "> %s /%s %s %v\n", users[user], in.Command, in.Subcommand, in.Options)
		case s.ClickPost != "" || s.ClickReply != "":
			msg, prefix := lastPost, s.ClickPost
			if s.ClickReply != "" {
				msg, prefix = replies[user], s.ClickReply
			}
			if sel, o, ok := selectOption(msg, prefix); ok {
				in = &bot.Interaction{Kind: bot.ComponentInteraction, CustomID: sel.CustomID, Values: []string{o.Value}}
				fmt.Fprintf(&out, "> %s chooses %q (%s %s)\n", users[user], o.Label, sel.CustomID, o.Value)
				break
			}
			b := button(t, msg, prefix)
			in = &bot.Interaction{Kind: bot.ComponentInteraction, CustomID: b.CustomID}
			fmt.Fprintf(&out, "> %s clicks %q (%s)\n", users[user], b.Label, b.CustomID)
		case s.Advance != "":
			d, err := time.ParseDuration(s.Advance)
			if err != nil {
				t.Fatalf("step %d: %v", i+1, err)
			}
			h.clock.Advance(d)
			fmt.Fprintf(&out, "> %s later\n", s.Advance)
			if err := h.b.SendDueReminders(context.Background()); err != nil {
				t.Fatalf("step %d: %v", i+1, err)
			}
			record()
			continue
		default:
			t.Fatalf("step %d does nothing", i+1)
		}
		base := h.base(user, in.Kind)
		in.ID, in.GuildID, in.ChannelID, in.User, in.Locale, in.Manager = base.ID, base.GuildID, base.ChannelID, base.User, base.Locale, base.Manager
		r := h.run(in)
		for _, m := range r.Replies {
			fmt.Fprintf(&out, "  reply: %s", describe(m))
			replies[user] = m
		}
		for _, c := range r.Choices {
			fmt.Fprintf(&out, "  choices: %v\n", c)
		}
		record()
	}
	return out.String()
}

// describe writes a message as indented text.
func describe(m bot.Message) string {
	var b strings.Builder
	if m.Ephemeral {
		b.WriteString("(ephemeral) ")
	}
	b.WriteString(strings.ReplaceAll(m.Content, "\n", "\n    | ") + "\n")
	for _, e := range m.Embeds {
		fmt.Fprintf(&b, "    embed %q %s\n", e.Title, strings.ReplaceAll(e.Description, "\n", "\n    | "))
		for _, f := range e.Fields {
			fmt.Fprintf(&b, "      field %q: %s\n", f.Name, strings.ReplaceAll(f.Value, "\n", "\n      | "))
		}
	}
	for _, f := range m.Files {
		fmt.Fprintf(&b, "    file %s %q\n", f.Name, f.Alt)
	}
	for _, r := range m.Rows {
		for _, btn := range r.Buttons {
			fmt.Fprintf(&b, "    [%s] %s\n", btn.Label, btn.CustomID)
		}
		if r.Select != nil {
			fmt.Fprintf(&b, "    select %s:", r.Select.CustomID)
			for _, o := range r.Select.Options {
				fmt.Fprintf(&b, " %q=%s", o.Label, o.Value)
			}
			b.WriteString("\n")
		}
	}
	if len(m.Mentions) > 0 {
		fmt.Fprintf(&b, "    mentions %v\n", m.Mentions)
	}
	return b.String()
}

// selectOption finds the first option of a select menu of m whose label
// starts with prefix, when no button of m does: a script's click may name
// either.
func selectOption(m bot.Message, prefix string) (*bot.Select, bot.SelectOption, bool) {
	for _, b := range buttons(m) {
		if strings.HasPrefix(b.Label, prefix) {
			return nil, bot.SelectOption{}, false
		}
	}
	for _, r := range m.Rows {
		if r.Select == nil {
			continue
		}
		for _, o := range r.Select.Options {
			if strings.HasPrefix(o.Label, prefix) {
				return r.Select, o, true
			}
		}
	}
	return nil, bot.SelectOption{}, false
}
