package dice

import (
	"errors"
	"strings"
	"testing"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/rng"
)

func TestParseDice(t *testing.T) {
	tests := []struct {
		in       string
		want     string // canonical form; "" for an error
		min, max int
	}{
		{in: "2d6+3", want: "2d6+3", min: 5, max: 15},
		{in: "d20", want: "1d20", min: 1, max: 20},
		{in: "4d6kh3", want: "4d6kh3", min: 3, max: 18},
		{in: "4D6KL1", want: "4d6kl1", min: 1, max: 6},
		{in: " 3d4 - 2 ", want: "3d4-2", min: 1, max: 10},
		{in: "-1d4+10", want: "-1d4+10", min: 6, max: 9},
		{in: "7", want: "7", min: 7, max: 7},
		{in: "1d6+1d8-1d4", want: "1d6+1d8-1d4", min: -2, max: 13},
		{in: ""},
		{in: "d"},
		{in: "2d"},
		{in: "2d1"},
		{in: "0d6"},
		{in: "101d6"},
		{in: "60d6+60d6"},
		{in: "1d1001"},
		{in: "4d6k"},
		{in: "4d6kh5"},
		{in: "4d6kh0"},
		{in: "4d6kx2"},
		{in: "2d6++3"},
		{in: "2d6+"},
		{in: "2x6"},
		{in: "1d6+1d6+1d6+1d6+1d6+1d6+1d6+1d6+1d6+1d6+1"},
		{in: "9999999"},
		{in: "abc"},
		{in: strings.Repeat("1", 101)},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			expr, err := Parse(tc.in)
			if tc.want == "" {
				if !errors.Is(err, ErrInvalid) {
					t.Fatalf("Parse(%q) = %v, %v; want ErrInvalid", tc.in, expr, err)
				}
				var de *Error
				if !errors.As(err, &de) || de.Reason.EN == "" || de.Reason.DE == "" {
					t.Errorf("error %v lacks a bilingual reason", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("Parse(%q): %v", tc.in, err)
			}
			if got := expr.String(); got != tc.want {
				t.Errorf("String() = %q, want %q", got, tc.want)
			}
			src := rng.New(1)
			for range 200 {
				total, detail := expr.Roll(src, games.English)
				if total < tc.min || total > tc.max {
					t.Fatalf("rolled %d (%s), want %d..%d", total, detail, tc.min, tc.max)
				}
			}
		})
	}
}

func TestRollKeepsHighest(t *testing.T) {
	expr, err := Parse("5d6kh2")
	if err != nil {
		t.Fatal(err)
	}
	_, detail := expr.Roll(rng.New(3), games.English)
	if got := strings.Count(detail, "~~") / 2; got != 3 {
		t.Errorf("%s: %d dice struck through, want 3", detail, got)
	}
}

// TestGermanDice checks that German players may write dice with W and read
// them so in German sentences.
func TestGermanDice(t *testing.T) {
	expr, err := Parse("4w6kh3+1")
	if err != nil {
		t.Fatal(err)
	}
	if got := expr.In(games.German); got != "4W6 (3 höchste)+1" {
		t.Errorf("German: %q", got)
	}
	if got := expr.String(); got != "4d6kh3+1" {
		t.Errorf("English: %q", got)
	}
	if _, detail := expr.Roll(rng.New(1), games.German); !strings.HasPrefix(detail, "4W6 (3 höchste)+1: [") {
		t.Errorf("German roll: %q", detail)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"2d6+3", "d20", "4d6kh3", "1d4-1", "100d1000", "3d6kl1+2d8-7"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		expr, err := Parse(s)
		if err != nil {
			if !errors.Is(err, ErrInvalid) {
				t.Fatalf("error %v is not ErrInvalid", err)
			}
			return
		}
		// The canonical form parses to the same expression.
		again, err := Parse(expr.String())
		if err != nil || again.String() != expr.String() {
			t.Fatalf("canonical %q of %q reparses to %q, %v", expr.String(), s, again.String(), err)
		}
		dice := 0
		for _, term := range expr.Terms {
			dice += term.Count
		}
		if dice > maxCount {
			t.Fatalf("%q has %d dice", s, dice)
		}
		expr.Roll(rng.New(uint64(len(s))), games.German)
	})
}

func TestCommit(t *testing.T) {
	preimage, commitment := Commit("2d6: [3, 4] = 7", []byte{0xab, 0x01})
	if preimage != "2d6: [3, 4] = 7 | nonce ab01" {
		t.Errorf("preimage %q", preimage)
	}
	for _, tc := range []struct {
		name       string
		preimage   string
		same       bool
		result     string
		resultTold bool
	}{
		{name: "the preimage", preimage: preimage, same: true, result: "2d6: [3, 4] = 7", resultTold: true},
		{name: "a forged result", preimage: "2d6: [6, 6] = 12 | nonce ab01", result: "2d6: [6, 6] = 12", resultTold: true},
		{name: "no nonce", preimage: "2d6: [3, 4] = 7"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Commitment(tc.preimage); (got == commitment) != tc.same || len(got) != 16 {
				t.Errorf("Commitment = %q, committed %q; want the same: %v", got, commitment, tc.same)
			}
			if result, ok := Result(tc.preimage); result != tc.result || ok != tc.resultTold {
				t.Errorf("Result = %q, %v; want %q, %v", result, ok, tc.result, tc.resultTold)
			}
		})
	}
}
