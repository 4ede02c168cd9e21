package schedule

import (
	_ "embed"
	"slices"
	"strings"
)

// zoneList is every name of the zone database that time/tzdata embeds, one
// a line (TestZoneListMatchesGo keeps it in step with the Go release).
//
//go:embed data/zones.txt
var zoneList string

var (
	// zones are the names of zoneList, sorted.
	zones = sortedFields(zoneList)
	// zoneByFold maps each lower-cased name to its spelling.
	zoneByFold = foldZones(zones)
)

func sortedFields(s string) []string {
	f := strings.Fields(s)
	slices.Sort(f)
	return f
}

func foldZones(names []string) map[string]string {
	m := make(map[string]string, len(names))
	for _, n := range names {
		m[strings.ToLower(n)] = n
	}
	return m
}

func knownZone(name string) bool {
	_, ok := slices.BinarySearch(zones, name)
	return ok
}

// regions are the prefixes of the names Suggest offers: places, not the
// database's legacy aliases ("US/Eastern", "Cuba") or fixed offsets
// ("Etc/GMT+3"), which Zone still accepts when typed whole.
var regions = []string{"Africa/", "America/", "Antarctica/", "Asia/", "Atlantic/", "Australia/", "Europe/", "Indian/", "Pacific/"}

// Suggest returns at most limit zone names for an autocomplete of what a
// player typed: names starting with it first, then names containing it,
// ignoring case and taking spaces for underscores ("new york" finds
// "America/New_York"). An empty input lists the first names, UTC first.
func Suggest(typed string, limit int) []string {
	q := strings.ToLower(strings.ReplaceAll(strings.TrimSpace(typed), " ", "_"))
	var prefix, inside []string
	if strings.HasPrefix("utc", q) {
		prefix = append(prefix, "UTC")
	}
	for _, name := range zones {
		if !slices.ContainsFunc(regions, func(r string) bool { return strings.HasPrefix(name, r) }) {
			continue
		}
		lower := strings.ToLower(name)
		_, city, _ := strings.Cut(lower, "/")
		switch {
		case strings.HasPrefix(lower, q) || strings.HasPrefix(city, q):
			prefix = append(prefix, name)
		case strings.Contains(lower, q):
			inside = append(inside, name)
		}
	}
	out := append(prefix, inside...)
	return out[:min(len(out), limit)]
}
