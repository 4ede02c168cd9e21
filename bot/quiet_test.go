package bot

import "testing"

func TestParseQuietHours(t *testing.T) {
	tests := []struct {
		in         string
		start, end int
		bad        bool
	}{
		{in: "22-7", start: 22, end: 7},
		{in: " 0 - 6 ", start: 0, end: 6},
		{in: "off", start: -1, end: -1},
		{in: "aus", start: -1, end: -1},
		{in: "24-7", bad: true},
		{in: "5-5", bad: true},
		{in: "22", bad: true},
		{in: "a-b", bad: true},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			start, end, err := parseQuietHours(tc.in)
			if tc.bad {
				if err == nil {
					t.Fatalf("parseQuietHours(%q) accepted", tc.in)
				}
				return
			}
			if err != nil || start != tc.start || end != tc.end {
				t.Errorf("parseQuietHours(%q) = %d, %d, %v; want %d, %d", tc.in, start, end, err, tc.start, tc.end)
			}
		})
	}
}
