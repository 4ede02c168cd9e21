package armageddon

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/playbychat/pbc/games"
)

// TestRestoreInlineSet restores a state saved before the content registry,
// with a group's own card set inline (testdata/snapshot-inline.json, saved
// by b7fadf9, whose layout is main's at f62c6f5; the .txt is its public
// view): the set joins the registry, and the state saved anew names it by
// fingerprint and restores to the same game.
func TestRestoreInlineSet(t *testing.T) {
	data, err := os.ReadFile("testdata/snapshot-inline.json")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/snapshot-inline.txt")
	if err != nil {
		t.Fatal(err)
	}
	old, err := Definition.Restore(data)
	if err != nil {
		t.Fatal(err)
	}
	cs := old.(*Game).cs
	if name := cs.Equipment[0].Name.EN; !strings.HasPrefix(name, "Old Snapshot") {
		t.Errorf("restored with equipment %q, want the snapshot's own set", name)
	}
	if got, err := sets.Lookup(cs.Fingerprint()); err != nil || got != cs {
		t.Errorf("the snapshot's set is not in the registry: %v", err)
	}
	saved, err := old.MarshalState()
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(saved, []byte(`"cardset"`)) || !bytes.Contains(saved, []byte(cs.Fingerprint())) {
		t.Errorf("saved anew with the set inline or without its fingerprint: %.200s", saved)
	}
	again, err := Definition.Restore(saved)
	if err != nil {
		t.Fatal(err)
	}
	for name, g := range map[string]games.Game{"old": old, "saved anew": again} {
		if got := g.View(games.Spectator).Describe(games.English); got != string(want) {
			t.Errorf("%s state:\n%s\nwant:\n%s", name, got, want)
		}
	}
}

// TestRestoreUnknownSet refuses a state naming a set this process never
// loaded.
func TestRestoreUnknownSet(t *testing.T) {
	g, _, err := Definition.Create(3, nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	data, err := g.MarshalState()
	if err != nil {
		t.Fatal(err)
	}
	fp := DefaultCardSet().Fingerprint()
	data = bytes.Replace(data, []byte(fp), []byte(strings.Repeat("0", len(fp))), 1)
	if _, err := Definition.Restore(data); err == nil {
		t.Errorf("restored a state naming an unknown set: %v", err)
	}
}
