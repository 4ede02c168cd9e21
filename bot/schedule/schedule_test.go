package schedule

import (
	"archive/zip"
	"bufio"
	"errors"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite data/zones.txt from the Go installation's zone database")

// parseQuiet reads "22-7" or "off".
func parseQuiet(t *testing.T, s string) Quiet {
	t.Helper()
	if s == "off" {
		return NoQuiet
	}
	a, b, ok := strings.Cut(s, "-")
	start, err1 := strconv.Atoi(a)
	end, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil {
		t.Fatalf("bad quiet hours %q", s)
	}
	return Quiet{Start: start, End: end}
}

func TestNext(t *testing.T) {
	f, err := os.Open("testdata/next.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	cases := 0
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cols := strings.Split(line, "|")
		if len(cols) != 6 {
			t.Fatalf("want 6 columns: %q", line)
		}
		for i := range cols {
			cols[i] = strings.TrimSpace(cols[i])
		}
		cases++
		t.Run(cols[0], func(t *testing.T) {
			loc, err := Zone(cols[1])
			if err != nil {
				t.Fatal(err)
			}
			from, err1 := time.Parse(time.RFC3339, cols[2])
			every, err2 := time.ParseDuration(cols[3])
			want, err3 := time.Parse(time.RFC3339, cols[5])
			if err := errors.Join(err1, err2, err3); err != nil {
				t.Fatal(err)
			}
			got := Next(from, every, loc, parseQuiet(t, cols[4]))
			if !got.Equal(want) {
				t.Errorf("Next(%s, %s, %s, %s) = %s (%s local), want %s",
					cols[2], cols[3], cols[1], cols[4], got.Format(time.RFC3339), got.In(loc).Format(time.RFC3339), cols[5])
			}
			if got.Location() != time.UTC {
				t.Errorf("Next returned a time in %s, want UTC", got.Location())
			}
		})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if cases < 10 {
		t.Fatalf("read only %d cases", cases)
	}
}

func TestOutOfQuietLeavesTimesOutsideAlone(t *testing.T) {
	berlin, err := Zone("Europe/Berlin")
	if err != nil {
		t.Fatal(err)
	}
	q := Quiet{Start: 22, End: 7}
	// Every quarter hour over the spring-forward weekend: a time outside
	// the window stays, a time inside moves to 07:00 local, never earlier
	// than it was and never into the window.
	start := time.Date(2026, 3, 27, 12, 0, 0, 0, time.UTC)
	for t0 := start; t0.Before(start.Add(72 * time.Hour)); t0 = t0.Add(15 * time.Minute) {
		got := OutOfQuiet(t0, berlin, q)
		h := t0.In(berlin).Hour()
		inside := h >= 22 || h < 7
		switch {
		case !inside && !got.Equal(t0):
			t.Errorf("%s (local %s) is outside quiet hours but moved to %s", t0, t0.In(berlin), got)
		case inside && (got.Before(t0) || got.In(berlin).Hour() != 7 || got.In(berlin).Minute() != 0):
			t.Errorf("%s (local %s) moved to %s (local %s), want the next 07:00", t0, t0.In(berlin), got, got.In(berlin))
		case inside && got.Sub(t0) > 9*time.Hour:
			t.Errorf("%s moved %s ahead, more than the window", t0, got.Sub(t0))
		}
	}
}

func TestQuietDisabled(t *testing.T) {
	for _, q := range []Quiet{NoQuiet, {Start: 5, End: 5}, {Start: -1, End: 7}, {Start: 22, End: 24}} {
		if q.Enabled() {
			t.Errorf("%+v is enabled", q)
		}
		t0 := time.Date(2026, 1, 1, 3, 0, 0, 0, time.UTC)
		if got := OutOfQuiet(t0, time.UTC, q); !got.Equal(t0) {
			t.Errorf("%+v moved %s to %s", q, t0, got)
		}
	}
	if s := (Quiet{Start: 22, End: 7}).String(); s != "22-7" {
		t.Errorf("String = %q", s)
	}
	if s := NoQuiet.String(); s != "off" {
		t.Errorf("String = %q", s)
	}
}

func TestZone(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Europe/Berlin", "Europe/Berlin"},
		{"  europe/berlin ", "Europe/Berlin"},
		{"AMERICA/NEW_YORK", "America/New_York"},
		{"", "UTC"},
		{"US/Eastern", "US/Eastern"},
	} {
		loc, err := Zone(tc.in)
		if err != nil || loc.String() != tc.want {
			t.Errorf("Zone(%q) = %v, %v; want %s", tc.in, loc, err, tc.want)
		}
	}
	for _, bad := range []string{"Mars/Olympus_Mons", "../../etc/passwd", "Europe/", "+02:00", "Local"} {
		if loc, err := Zone(bad); !errors.Is(err, ErrUnknownZone) {
			t.Errorf("Zone(%q) = %v, %v; want ErrUnknownZone", bad, loc, err)
		}
	}
}

func TestSuggest(t *testing.T) {
	for _, tc := range []struct {
		typed string
		first string
		has   string
	}{
		{"", "UTC", "Africa/Abidjan"},
		{"berl", "Europe/Berlin", ""},
		{"new york", "America/New_York", ""},
		{"europe/v", "Europe/Vaduz", "Europe/Vienna"},
		{"york", "America/New_York", ""},
	} {
		got := Suggest(tc.typed, 25)
		if len(got) == 0 || got[0] != tc.first {
			t.Errorf("Suggest(%q) = %v, want %s first", tc.typed, got, tc.first)
			continue
		}
		if tc.has != "" && !slices.Contains(got, tc.has) {
			t.Errorf("Suggest(%q) = %v, want it to hold %s", tc.typed, got, tc.has)
		}
		for _, name := range got {
			if _, err := Zone(name); err != nil {
				t.Errorf("Suggest(%q) offers %q, which Zone refuses: %v", tc.typed, name, err)
			}
		}
	}
	if got := Suggest("a", 25); len(got) != 25 {
		t.Errorf("Suggest(a) gave %d names, want the limit 25", len(got))
	}
	if got := Suggest("Cuba", 25); len(got) != 0 {
		t.Errorf("Suggest(Cuba) = %v, want no legacy aliases", got)
	}
	if got := Suggest("xyzzy", 25); len(got) != 0 {
		t.Errorf("Suggest(xyzzy) = %v, want none", got)
	}
}

// TestZoneListMatchesGo checks that data/zones.txt names exactly the zones
// of the Go installation's database (the one time/tzdata embeds), and that
// each loads; -update rewrites the list after a Go upgrade.
func TestZoneListMatchesGo(t *testing.T) {
	zr, err := zip.OpenReader(filepath.Join(goroot(t), "lib", "time", "zoneinfo.zip"))
	if err != nil {
		t.Skipf("no zone database in the Go installation: %v", err)
	}
	defer zr.Close()
	var names []string
	for _, f := range zr.File {
		if !strings.HasSuffix(f.Name, "/") {
			names = append(names, f.Name)
		}
	}
	slices.Sort(names)
	if *update {
		if err := os.WriteFile("data/zones.txt", []byte(strings.Join(names, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if !slices.Equal(names, zones) {
		t.Fatalf("data/zones.txt has %d names, the Go database %d; run go test ./bot/schedule -run TestZoneListMatchesGo -update", len(zones), len(names))
	}
	for _, name := range zones {
		if _, err := time.LoadLocation(name); err != nil {
			t.Errorf("zone %s does not load: %v", name, err)
		}
	}
}

// goroot is the GOROOT of the go command that runs the tests, as `go env`
// reports it (runtime.GOROOT is deprecated).
func goroot(t *testing.T) string {
	t.Helper()
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Skipf("go env GOROOT: %v", err)
	}
	return strings.TrimSpace(string(out))
}
