package german_test

import (
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/playbychat/pbc/games"
	_ "github.com/playbychat/pbc/games/all"
	"github.com/playbychat/pbc/games/internal/german"
	"github.com/playbychat/pbc/games/internal/wording"
)

var update = flag.Bool("update", false, "rewrite testdata/allow.txt with the words hunspell does not know")

// slipsFile lists the words of known slips not yet mended (cut words, English
// names in German texts): tolerated and logged, and the test fails once one
// no longer occurs, so that the list only shrinks.
var slipsFile = filepath.Join("testdata", "known-slips.txt")

// allowFile is the reviewed list of words that are German in these games
// although no dictionary has them: card, piece and faction names, the
// manuals' terms, ids.
var allowFile = filepath.Join("testdata", "allow.txt")

// text is one German text with where it was found, for the failure
// message. terms are the words the text may use although they are not
// German: the notation's verbs, option keys and topic keys of its game,
// which help texts name because players type them.
type text struct {
	where, de string
	terms     map[string]bool
}

// catalogueTexts are the German messages of the bot's catalogue and of
// the renderers' catalogues (games/<id>/<renderer>/locales/de.yaml: the
// words drawn on the boards and the phone panels).
func catalogueTexts(t *testing.T) []text {
	t.Helper()
	root := filepath.Join("..", "..", "..")
	out := yamlTexts(t, "bot", filepath.Join(root, "bot", "text", "locales", "active.de.yaml"))
	pictures, err := filepath.Glob(filepath.Join(root, "games", "*", "*", "locales", "de.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if len(pictures) == 0 {
		t.Fatal("no renderer catalogues found under games/<id>/<renderer>/locales")
	}
	for _, p := range pictures {
		rel, _ := filepath.Rel(root, p)
		out = append(out, yamlTexts(t, filepath.ToSlash(filepath.Dir(filepath.Dir(rel))), p)...)
	}
	return out
}

// yamlTexts are the German messages of one catalogue file, plural forms
// included, each found at where plus its id.
func yamlTexts(t *testing.T, where, path string) []text {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var msgs map[string]any
	if err := yaml.Unmarshal(data, &msgs); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	var out []text
	for id, v := range msgs {
		switch v := v.(type) {
		case string:
			out = append(out, text{where + " " + id, v, nil})
		case map[string]any:
			for form, s := range v {
				out = append(out, text{where + " " + id + "." + form, fmt.Sprint(s), nil})
			}
		}
	}
	return out
}

// engineTexts are the German texts of every engine: its name, options and
// rules help, its catalogue of pieces, and what whole games played by the
// bot policy show (events, prompts, views, moves, picks, results).
func engineTexts(t *testing.T) []text {
	t.Helper()
	var out []text
	for _, def := range games.All() {
		var played []text
		for seats := def.MinSeats; seats <= def.MaxSeats; seats++ {
			for seed := uint64(1); seed <= 2; seed++ {
				played = append(played, playTexts(t, def, seats, seed)...)
			}
		}
		out = append(out, played...)
		terms := map[string]bool{}
		for _, tx := range played {
			for w := range tx.terms {
				terms[w] = true
			}
		}
		for _, o := range def.Options {
			terms[o.Key] = true
			for _, c := range o.Choices {
				terms[c.Value] = true
			}
		}
		for _, tp := range def.Rules {
			terms[tp.Key] = true
		}
		add := func(where string, tx games.Text) {
			if tx.DE != "" {
				out = append(out, text{where, tx.DE, terms})
			}
		}
		add(def.ID+" name", def.Name)
		for _, o := range def.Options {
			add(def.ID+" option "+o.Key, o.Name)
			add(def.ID+" option "+o.Key, o.Help)
			for _, c := range o.Choices {
				add(def.ID+" option "+o.Key+" choice", c.Label)
			}
		}
		for _, tp := range def.Rules {
			add(def.ID+" rules "+tp.Key, tp.Title)
			add(def.ID+" rules "+tp.Key, tp.Body)
		}
	}
	return out
}

// playTexts plays one game with the bot at every seat and gathers its
// texts (the states' texts every few moves, every event).
func playTexts(t *testing.T, def *games.Definition, seats int, seed uint64) []text {
	t.Helper()
	g, _, err := def.Create(seats, nil, seed)
	if err != nil {
		t.Fatalf("%s %d seats: %v", def.ID, seats, err)
	}
	where := fmt.Sprintf("%s %dp seed %d", def.ID, seats, seed)
	var out []text
	if c, ok := g.(games.Catalog); ok {
		for _, card := range c.Catalog() {
			out = append(out, text{where + " card " + card.ID, card.Name.DE, nil}, text{where + " card " + card.ID, card.Body.DE, nil})
		}
	}
	// verbs are the words of the notations offered: a help text or a
	// prompt may name them ("autopass on"), the notation being English.
	verbs := map[string]bool{}
	r := rand.New(rand.NewPCG(seed, 7))
	for n := 0; n < 3000 && !g.Status().Finished; n++ {
		if n%7 == 0 {
			for _, f := range wording.StateTexts(g, nil) {
				out = append(out, text{where + " " + f.Where, f.Text.DE, nil})
			}
		}
		actors := g.ToAct()
		if len(actors) == 0 {
			break
		}
		seat := actors[r.IntN(len(actors))].Seat
		for _, m := range g.LegalMoves(seat) {
			for _, w := range strings.FieldsFunc(m.Notation, func(r rune) bool { return r == ' ' || r == ',' }) {
				verbs[w] = true
			}
		}
		m, ok := def.BotMove(g, seat, r)
		if !ok {
			t.Fatalf("%s: seat %d must act but has no move", where, seat)
		}
		next, events, err := games.Play(g, seat, m)
		if err != nil {
			t.Fatalf("%s: %s: %v", where, m.Notation, err)
		}
		for _, e := range events {
			out = append(out, text{where + " event", e.Text.DE, nil})
		}
		g = next
	}
	for _, f := range wording.StateTexts(g, nil) {
		out = append(out, text{where + " end " + f.Where, f.Text.DE, nil})
	}
	for i := range out {
		out[i].terms = verbs
	}
	return out
}

func readList(t *testing.T, path string) map[string]bool {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		t.Fatal(err)
	}
	allow := map[string]bool{}
	for _, line := range strings.Split(string(data), "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			allow[line] = true
		}
	}
	return allow
}

// transcriptLine matches what the bot sent in a golden transcript: a
// message's first line, a continued line, a file's alt text, a button's
// label (without its custom id) and a select menu's option labels.
var (
	transcriptLine = regexp.MustCompile(`^  (?:reply|post #\S+ \S+|edit \S+|dm @\S+): (?:\(ephemeral\) )?(.*)$|^    \| (.*)$|^    file \S+ "(.*)"$|^    \[(.*)\] \S+$`)
	selectOption   = regexp.MustCompile(`"((?:[^"\\]|\\.)*)"=`)
)

// transcriptUsers are the names of the golden transcripts' users.
var transcriptUsers = map[string]bool{"Alice": true, "Bob": true, "Carol": true, "Dave": true, "Eve": true}

// transcriptTexts are the lines of the bot's German golden transcripts
// (bot/testdata/*-de.golden): whole tables played in German, as the
// players read them.
func transcriptTexts(t *testing.T) []text {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "..", "..", "bot", "testdata", "*-de.golden"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no German golden transcripts: %v", err)
	}
	var out []text
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, l := range strings.Split(string(data), "\n") {
			where := fmt.Sprintf("%s:%d", filepath.Base(f), i+1)
			if strings.HasPrefix(l, "    select ") {
				for _, m := range selectOption.FindAllStringSubmatch(l, -1) {
					out = append(out, text{where, m[1], transcriptUsers})
				}
				continue
			}
			m := transcriptLine.FindStringSubmatch(l)
			if m == nil {
				continue
			}
			// An alt text joins its lines with "; ": one text each.
			for _, part := range strings.Split(strings.Join(m[1:], ""), "; ") {
				out = append(out, text{where, part, transcriptUsers})
			}
		}
	}
	return out
}

// TestGermanIsGerman runs every German text through hunspell's de_DE
// dictionary and the list of English words.
func TestGermanIsGerman(t *testing.T) {
	if _, err := german.Unknown([]string{"Spiel"}); errors.Is(err, german.ErrNoHunspell) {
		t.Skip(err)
	}
	texts := append(catalogueTexts(t), engineTexts(t)...)
	texts = append(texts, transcriptTexts(t)...)
	slips := readList(t, slipsFile)
	slipSeen := map[string]bool{}
	firstSeen := map[string]text{}
	var words []string
	for _, tx := range texts {
		for _, w := range german.Words(tx.de) {
			if tx.terms[w] {
				continue
			}
			if _, ok := firstSeen[w]; !ok {
				firstSeen[w] = tx
				words = append(words, w)
			}
			if slices.Contains(german.English, w) {
				if slips[w] {
					slipSeen[w] = true
					continue
				}
				t.Errorf("English %q in German text (%s): %q", w, tx.where, tx.de)
			}
		}
	}
	unknown, err := german.Unknown(words)
	if err != nil {
		t.Fatal(err)
	}
	unknown = slices.DeleteFunc(unknown, func(w string) bool {
		if slips[w] {
			slipSeen[w] = true
			return true
		}
		return false
	})
	for w := range slips {
		if !slipSeen[w] {
			t.Errorf("known slip %q no longer occurs: remove it from %s", w, slipsFile)
		}
	}
	if *update {
		body := "# Words of the games' German texts that hunspell's de_DE dictionary does not know and that are\n" +
			"# right: names of cards, pieces, factions and terms of the manuals. Reviewed by hand; -update rewrites it.\n" +
			strings.Join(unknown, "\n") + "\n"
		if err := os.WriteFile(allowFile, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	allow := readList(t, allowFile)
	for w := range allow {
		if slices.Contains(german.English, w) {
			t.Errorf("allow-list has the English word %q", w)
		}
	}
	for _, w := range unknown {
		if !allow[w] {
			tx := firstSeen[w]
			t.Errorf("%q is no German word (%s): %q", w, tx.where, tx.de)
		}
	}
	t.Logf("%d texts, %d distinct words, %d unknown to hunspell, %d allowed, %d known slips", len(texts), len(words), len(unknown), len(allow), len(slips))
}

// TestWords: what counts as a word.
func TestWords(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"{p1} zieht c12 und RV5.", []string{"zieht", "und"}},
		{"Die Jäger-Drohne greift an: %d Schaden", []string{"Die", "Jäger", "Drohne", "greift", "an", "Schaden"}},
		{"„Privat wählen“ mit `/move`", []string{"Privat", "wählen", "mit"}},
	} {
		t.Run(tc.in, func(t *testing.T) {
			if got := german.Words(tc.in); !slices.Equal(got, tc.want) {
				t.Errorf("Words(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

// TestEnglishWords: an English word in a German text is found.
func TestEnglishWords(t *testing.T) {
	if got := german.EnglishWords("Verdeckter Operator, Drohnenpilot and Verwertungslager"); !slices.Equal(got, []string{"and"}) {
		t.Errorf("EnglishWords = %q, want [and]", got)
	}
}
