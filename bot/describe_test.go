package bot

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/playbychat/pbc/bot/component"
	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
)

// layoutGame offers fixed moves and picks to every seat; only its moves
// and picks are used.
type layoutGame struct {
	games.Game
	moves []games.Move
	picks []games.Pick
}

func (g layoutGame) LegalMoves(games.Seat) []games.Move { return g.moves }
func (g layoutGame) ToAct() []games.Actor               { return []games.Actor{{Seat: 0}} }
func (g layoutGame) Picks(games.Seat) []games.Pick      { return g.picks }

// catalogGame is a layoutGame whose content is cards.
type catalogGame struct {
	layoutGame
	cards []games.Card
}

func (g catalogGame) Catalog() []games.Card { return g.cards }

// longBody is a card text of more than component.MaxDescription characters.
const longBody = "Soldier · cost 3 · strength 1 · resistance 2\nPermanent: attacks of this soldier on bases gain +2 strength (once per attack)."

// TestOptionDescription checks the description of a move's select option:
// the text of the piece it acts on, with seat names, in the viewer's
// language, whole where it fits, else its summary, else cut at a word; and
// the notation for a move on no piece.
func TestOptionDescription(t *testing.T) {
	cards := []games.Card{
		{ID: "short", Body: games.T("Resource · value {p1}", "Ressource · Wert {p1}")},
		{ID: "summed", Body: games.T(longBody, longBody), Summary: games.T("Attacks on bases +2.", "Angriffe auf Basen +2.")},
		{ID: "long", Body: games.T(longBody, longBody)},
		{ID: "lines", Body: games.T(strings.Repeat("y", 60)+"\n"+strings.Repeat("z", 39), "")},
		{ID: "exact", Body: games.T(strings.Repeat("x", component.MaxDescription), "")},
	}
	s := &session{table: db.Table{ID: 7}, seats: []db.Seat{{Seat: 0, Name: "Ann"}, {Seat: 1, Name: "Bob"}},
		game: catalogGame{cards: cards}}
	tests := []struct {
		name string
		move games.Move
		lang games.Lang
		want string
	}{
		{"short body with a seat name", games.Move{Notation: "buy short", Label: games.T("Buy", "Kaufen"), Piece: "short"}, games.English, "Resource · value Bob"},
		{"short body in German", games.Move{Notation: "buy short", Label: games.T("Buy", "Kaufen"), Piece: "short"}, games.German, "Ressource · Wert Bob"},
		{"a body of two lines that fits only joined by a space", games.Move{Notation: "buy lines", Piece: "lines"}, games.English, strings.Repeat("y", 60) + " " + strings.Repeat("z", 39)},
		{"a body of exactly the limit is whole", games.Move{Notation: "buy exact", Piece: "exact"}, games.German, strings.Repeat("x", component.MaxDescription)},
		{"summary of a long body", games.Move{Notation: "play summed", Piece: "summed"}, games.German, "Angriffe auf Basen +2."},
		{"long body cut at a word", games.Move{Notation: "play long", Piece: "long"}, games.English,
			"Soldier · cost 3 · strength 1 · resistance 2 · Permanent: attacks of this soldier on bases gain +2…"},
		{"no piece: the notation", games.Move{Notation: "end", Label: games.T("End turn", "Zug beenden")}, games.English, "end"},
		{"no piece, label as notation", games.Move{Notation: "end", Label: games.T("end", "end")}, games.English, ""},
		{"a piece the catalog lacks: the notation", games.Move{Notation: "buy zz", Label: games.T("Buy", "Kaufen"), Piece: "zz"}, games.English, "buy zz"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := component.Decision{Table: 7, Fingerprint: "0000000", Moves: []games.Move{tt.move}, Pieces: s.pieceTexts(component.PiecesOf([]games.Move{tt.move}, nil)), Lang: tt.lang}
			got := component.Lay(d).Rows()[0].Select.Options[0].Description
			if got != tt.want {
				t.Errorf("description %q, want %q", got, tt.want)
			}
			if utf8.RuneCountInString(got) > component.MaxDescription {
				t.Errorf("description of %d characters", utf8.RuneCountInString(got))
			}
		})
	}
}

// TestTwinsShownOnce checks that moves on one piece with the same label
// and group are offered once, by the first of them, and that moves whose
// labels, groups or pieces differ, or that act on no piece, never are.
func TestTwinsShownOnce(t *testing.T) {
	play := func(notation, label, group, piece string) games.Move {
		return games.Move{Notation: notation, Label: games.T(label, label), Group: group, Piece: piece}
	}
	tests := []struct {
		name  string
		moves []games.Move
		want  []string // the notations offered, in order
	}{
		{"copies of a card in a hand", []games.Move{
			play("play 3", "Play Field Dressing", "play", "fd"), play("play 5", "Play Field Dressing", "play", "fd"),
			play("play 8", "Play Field Dressing", "play", "fd"), play("play 9", "Play Medic", "play", "md"),
		}, []string{"play 3", "play 9"}},
		{"labels differ", []games.Move{
			play("deploy c7 lane1", "Deploy to lane 1", "deploy", "c7"), play("deploy c7 lane2", "Deploy to lane 2", "deploy", "c7"),
		}, []string{"deploy c7 lane1", "deploy c7 lane2"}},
		{"groups differ", []games.Move{
			play("buy fd", "Field Dressing", "buy", "fd"), play("play 3", "Field Dressing", "play", "fd"),
		}, []string{"buy fd", "play 3"}},
		{"pieces differ", []games.Move{
			play("take 1", "Take", "take", "a"), play("take 2", "Take", "take", "b"),
		}, []string{"take 1", "take 2"}},
		{"no piece", []games.Move{
			play("swap 1 2", "Swap Militia and Militia", "swap", ""), play("swap 1 3", "Swap Militia and Militia", "swap", ""),
		}, []string{"swap 1 2", "swap 1 3"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := &session{table: db.Table{ID: 7}, game: layoutGame{moves: tt.moves}}
			var got []string
			for _, row := range decisionRows(s, 0, games.English, true) {
				for _, o := range optionsOf(row) {
					m, ok := component.ResolveMoveRef(o.Value, tt.moves)
					if !ok {
						t.Fatalf("option %q makes no move", o.Value)
					}
					got = append(got, m.Notation)
				}
			}
			if strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Errorf("offered %q, want %q", got, tt.want)
			}
		})
	}
}

// TestPickDescription checks that the items of a pick that are pieces are
// described by the pieces' texts, and the others not at all.
func TestPickDescription(t *testing.T) {
	pick := games.Pick{Prefix: "plan", Label: games.T("Plan two cards", "Zwei Karten planen"), Min: 2, Max: 2, Items: []games.PickItem{
		{Value: "RV5", Label: games.T("Barricades", "Barrikaden"), Piece: "rv5"},
		{Value: "RV6", Label: games.T("Recruits", "Rekruten"), Piece: "rv6"},
		{Value: "x", Label: games.T("Other", "Anderes")},
	}}
	cards := []games.Card{
		{ID: "rv5", Body: games.T("Build, Move", "Bauen, Bewegen")},
		{ID: "rv6", Body: games.T(longBody, longBody), Summary: games.T("Deploy twice.", "Zweimal einrücken.")},
	}
	s := &session{table: db.Table{ID: 7}, game: catalogGame{layoutGame: layoutGame{picks: []games.Pick{pick}}, cards: cards}}
	tests := []struct {
		name string
		lang games.Lang
		want []string
	}{
		{"English", games.English, []string{"Build, Move", "Deploy twice.", ""}},
		{"German", games.German, []string{"Bauen, Bewegen", "Zweimal einrücken.", ""}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, row := range decisionRows(s, 0, tt.lang, true) {
				if row.Select == nil {
					continue
				}
				if id, err := component.Parse(row.Select.CustomID); err != nil || id.Kind != component.PickSelect {
					continue
				}
				for _, o := range row.Select.Options {
					got = append(got, o.Description)
				}
			}
			if strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Errorf("descriptions %q, want %q", got, tt.want)
			}
		})
	}
}
