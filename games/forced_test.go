package games

import "testing"

func TestForced(t *testing.T) {
	setting := Move{Notation: "autopass on", Group: SettingGroup}
	tests := []struct {
		name  string
		moves []Move
		want  string // the forced move's notation, "" for none
	}{
		{"a lone pass", []Move{{Notation: "pass", Role: RolePass}}, "pass"},
		{"a lone pass beside a standing choice", []Move{setting, {Notation: "pass", Role: RolePass}}, "pass"},
		{"a lone confirmation", []Move{{Notation: "done", Role: RoleConfirm}}, "done"},
		{"the last share of a set-up step", []Move{{Notation: "faction red", Role: RoleAllot}}, "faction red"},
		{"two shares left", []Move{{Notation: "faction red", Role: RoleAllot}, {Notation: "faction blue", Role: RoleAllot}}, ""},
		{"a pass beside a play", []Move{{Notation: "pass", Role: RolePass}, {Notation: "play 3"}}, ""},
		{"a lone action", []Move{{Notation: "roll"}}, ""},
		{"a lone end of turn", []Move{{Notation: "end", Role: RoleEndTurn}}, ""},
		{"only standing choices", []Move{setting}, ""},
		{"nothing", nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, ok := Forced(tt.moves)
			if ok != (tt.want != "") || m.Notation != tt.want {
				t.Errorf("Forced = %q, %v; want %q", m.Notation, ok, tt.want)
			}
		})
	}
}
