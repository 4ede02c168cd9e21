package bot

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/playbychat/pbc/bot/component"
	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
	_ "github.com/playbychat/pbc/games/all"
)

// TestMenusReachEveryMove lays out the decisions of self-played games of
// every engine, the largest among them (XIBALBA's buys, Armageddon's
// bids), in private and in public: every legal move that is neither a
// shortcut nor a standing choice (nor private, in public) is reachable
// through the rows of the one message, by a button, a select option, a
// pick or the "Next page…" options of its "More moves…" menus, the steps of
// a game's menu (games.Menu), or through a twin shown in its place (see
// component.TwinKey). Every select option of a move on
// a piece carries a description of at most component.MaxDescription characters.
func TestMenusReachEveryMove(t *testing.T) {
	for _, def := range games.All() {
		t.Run(def.ID, func(t *testing.T) {
			largest := 0
			for seed := uint64(1); seed <= 2; seed++ {
				g, _, err := def.Create(def.MaxSeats, nil, seed)
				if err != nil {
					t.Fatal(err)
				}
				r := rand.New(rand.NewPCG(seed, 3))
				for n := 0; n < 1500 && !g.Status().Finished; n++ {
					actors := g.ToAct()
					seat := actors[r.IntN(len(actors))].Seat
					moves := g.LegalMoves(seat)
					if size := menuSize(moves); size > component.MaxOptions || n%10 == 0 {
						largest = max(largest, size)
						for _, private := range []bool{true, false} {
							checkReachable(t, g, seat, moves, private)
						}
					}
					m := moves[r.IntN(len(moves))]
					if r.IntN(3) > 0 {
						m, _ = def.BotMove(g, seat, r)
					}
					if next, _, err := games.Play(g, seat, m); err == nil {
						g = next
					}
				}
			}
			t.Logf("the largest decision offers %d moves", largest)
		})
	}
}

// menuSize is the number of moves a decision's menus must offer.
func menuSize(moves []games.Move) int {
	n := 0
	for _, m := range moves {
		if !m.Shortcut && m.Group != games.SettingGroup {
			n++
		}
	}
	return n
}

// checkReachable fails unless every move of seat that its rows must offer
// is reachable through them.
func checkReachable(t *testing.T, g games.Game, seat games.Seat, moves []games.Move, private bool) {
	t.Helper()
	s := &session{table: db.Table{ID: 7, Version: 3}, game: g}
	rows := decisionRows(s, seat, games.English, private)
	if len(rows) > component.MaxRows-boolInt(!private && s.hasPrivateChoices(seat)) {
		t.Fatalf("private %v: %d rows", private, len(rows))
	}
	reached := map[string]bool{}
	var prefixes []string
	picks := []games.Pick(nil)
	if p, ok := g.(games.Picker); ok {
		picks = p.Picks(seat)
	}
	pieces := s.pieceTexts(component.PiecesOf(moves, picks))
	pages := 0
	levels := map[string]bool{"": true}
	for len(rows) > 0 {
		var next []Row
		// open follows a step of a menu (games.Menu) to its level, which
		// the bot shows privately.
		open := func(path string) {
			if !levels[path] {
				levels[path] = true
				next = append(next, decisionRowsAt(s, seat, games.English, true, path)...)
			}
		}
		for _, row := range rows {
			for _, b := range row.Buttons {
				id, err := component.Parse(b.CustomID)
				if err != nil {
					t.Fatal(err)
				}
				if id.Kind == component.MenuStep {
					open(id.Path)
				} else if m, ok := component.ResolveMoveRef(id.Move, moves); ok {
					reached[m.Notation] = true
				}
			}
			if row.Select == nil {
				continue
			}
			id, err := component.Parse(row.Select.CustomID)
			if err != nil {
				t.Fatal(err)
			}
			if id.Kind == component.PickSelect {
				prefixes = append(prefixes, picks[id.Pick].Prefix+" ")
				for i, o := range row.Select.Options {
					checkDescription(t, pieces, games.Move{Notation: o.Value, Piece: picks[id.Pick].Items[i].Piece}, o.Description)
				}
				continue
			}
			if len(row.Select.Options) > component.MaxOptions {
				t.Fatalf("a menu of %d options", len(row.Select.Options))
			}
			for _, o := range row.Select.Options {
				if off, ok := component.PageOffset(o.Value); ok {
					next, _, _ = s.layout(seat, games.English, private, "").Page(off)
					pages++
				} else if path, ok := component.MenuPath(o.Value); ok {
					open(path)
				} else if m, ok := component.ResolveMoveRef(o.Value, moves); ok {
					reached[m.Notation] = true
					checkDescription(t, pieces, m, o.Description)
				}
			}
		}
		if pages > 100 {
			t.Fatalf("more than 100 pages")
		}
		rows = next
	}
	twins := map[component.TwinKey]bool{}
	for _, m := range moves {
		m.Label = s.formatText(m.Label)
		if key, ok := component.Twin(m); ok && reached[m.Notation] {
			twins[key] = true
		}
	}
	for _, m := range moves {
		if m.Shortcut || m.Group == games.SettingGroup || m.Private && !private || reached[m.Notation] {
			continue
		}
		m.Label = s.formatText(m.Label)
		if key, ok := component.Twin(m); ok && twins[key] {
			continue // shown once, through its twin
		}
		if hasAnyPrefix(m.Notation, prefixes) {
			continue // made through a pick's menu
		}
		t.Fatalf("private %v: %q (of %d moves) is unreachable", private, m.Notation, menuSize(moves))
	}
}

// checkDescription fails unless the option of a move on a piece,
// described as desc in English, has a description of 1 to component.MaxDescription
// characters in English and in German.
func checkDescription(t *testing.T, pieces component.Pieces, m games.Move, desc string) {
	t.Helper()
	if m.Piece == "" {
		return
	}
	de := pieces.Describe(m, component.Label(m, games.German), games.German)
	for _, d := range []string{desc, de} {
		if n := utf8.RuneCountInString(d); n == 0 || n > component.MaxDescription {
			t.Fatalf("%q on piece %q has the description %q", m.Notation, m.Piece, d)
		}
	}
}

// hasAnyPrefix reports whether s starts with one of prefixes.
func hasAnyPrefix(s string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// pageResponder records the answers of morePage.
type pageResponder struct {
	Responder
	replies, updates []Message
}

func (r *pageResponder) Reply(_ context.Context, m Message) error {
	r.replies = append(r.replies, m)
	return nil
}

func (r *pageResponder) Update(_ context.Context, m Message) error {
	r.updates = append(r.updates, m)
	return nil
}

// TestNextPage checks the answer to "Next page…" of a decision of 300
// moves: the moves from its offset on, privately, as a reply to a click in
// the channel and in place of an ephemeral message.
func TestNextPage(t *testing.T) {
	var moves []games.Move
	for i := range 300 {
		moves = append(moves, games.Move{Notation: fmt.Sprintf("take %d", i), Primary: i < 3})
	}
	s := &session{table: db.Table{ID: 7}, game: layoutGame{moves: moves}}
	off := -1
	for _, row := range decisionRows(s, 0, games.English, false) {
		for _, o := range optionsOf(row) {
			if n, ok := component.PageOffset(o.Value); ok {
				off = n
			}
		}
	}
	// Three buttons, then four menus of the other moves, the last one
	// leading on.
	if off != 4*component.MaxOptions-1 {
		t.Fatalf("the next page starts at menu move %d, want %d", off+1, 4*component.MaxOptions)
	}
	for _, ephemeral := range []bool{false, true} {
		resp := &pageResponder{}
		c := &call{ctx: t.Context(), in: &Interaction{GuildID: "g", Ephemeral: ephemeral}, r: resp, lang: games.English}
		if err := (&Bot{}).morePage(c, s, 0, off); err != nil {
			t.Fatal(err)
		}
		answers := resp.replies
		if ephemeral {
			answers = resp.updates
		}
		if len(answers) != 1 || !answers[0].Ephemeral || len(answers[0].Rows) != component.MaxRows {
			t.Fatalf("ephemeral click %v: replies %+v, updates %+v", ephemeral, resp.replies, resp.updates)
		}
		first := answers[0].Rows[0].Select
		id, err := component.Parse(first.CustomID)
		if want := fmt.Sprintf("take %d", off+3); err != nil || id.Offset != off || first.Options[0].Value != want {
			t.Errorf("the page starts with %+v (%+v, %v), want %q", first.Options[0], id, err, want)
		}
		if want := fmt.Sprintf("Your moves %d to %d:", off+1, off+component.MaxRows*component.MaxOptions-1); answers[0].Content != want {
			t.Errorf("page titled %q, want %q", answers[0].Content, want)
		}
	}
}

// optionsOf returns the options of row's select menu, if any.
func optionsOf(row Row) []SelectOption {
	if row.Select == nil {
		return nil
	}
	return row.Select.Options
}
