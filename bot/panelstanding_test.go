package bot_test

import "testing"

// TestPanelShowsStandingChoices checks that a panel's standing choices are
// the seat's as they stand (games.Standing), follow a change, and are its
// own: not the other choices it could make, which its menu offers.
func TestPanelShowsStandingChoices(t *testing.T) {
	tests := []struct {
		game          string
		set           string // the setting move alice makes
		before, after string // what her panel says before and after it
	}{
		{"xibalba", "policy block=always", "Blocking: ask me each time", "Blocking: always block"},
		{"xenoshyft", "autopass on", "Autopass off", "Autopass on (pass unless I act)"},
	}
	for _, tt := range tests {
		t.Run(tt.game, func(t *testing.T) {
			h := newHarness(t, ":memory:")
			startTable(t, h, tt.game, []string{alice, bob})
			standing := func(user string) string {
				t.Helper()
				for _, e := range h.cmd(user, "hand").Embeds {
					for _, f := range e.Fields {
						if f.Name == "Standing choices" {
							return f.Value
						}
					}
				}
				t.Fatalf("the panel of %s has no standing choices", user)
				return ""
			}
			if got := standing(alice); got != "• "+tt.before {
				t.Errorf("before: %q, want %q", got, "• "+tt.before)
			}
			h.cmd(alice, "move", "action="+tt.set)
			if got := standing(alice); got != "• "+tt.after {
				t.Errorf("after %s: %q, want %q", tt.set, got, "• "+tt.after)
			}
			if got := standing(bob); got != "• "+tt.before {
				t.Errorf("bob's, after alice's %s: %q, want %q", tt.set, got, "• "+tt.before)
			}
		})
	}
}
