package component

import (
	"strings"
	"unicode/utf8"

	"github.com/playbychat/pbc/games"
)

// Pieces are the texts of the pieces a decision's moves act on, by
// Catalog id, with the seat names filled in.
type Pieces map[string]games.Card

// PiecesOf lists the Catalog ids of the pieces moves act on and the items
// of picks are, with repeats: those a Decision's Pieces must hold.
func PiecesOf(moves []games.Move, picks []games.Pick) []string {
	var ids []string
	for _, m := range moves {
		if m.Piece != "" {
			ids = append(ids, m.Piece)
		}
	}
	for _, p := range picks {
		for _, it := range p.Items {
			if it.Piece != "" {
				ids = append(ids, it.Piece)
			}
		}
	}
	return ids
}

// Describe is the description of m's select option, labelled label: the
// text of the piece m acts on (see pieceDescription) or, for a move on no
// piece known to the catalog, its notation where that differs from the
// label.
func (p Pieces) Describe(m games.Move, label string, lang games.Lang) string {
	if c, ok := p[m.Piece]; ok && m.Piece != "" {
		return pieceDescription(c, lang)
	}
	if m.Notation != label {
		return Truncate(m.Notation, MaxDescription)
	}
	return ""
}

// pieceDescription is a piece's text on one line of at most
// MaxDescription characters: its whole Body where that fits, else its
// Summary (written to fit), else its Body cut at a word.
func pieceDescription(c games.Card, lang games.Lang) string {
	body, fits := oneLine(c.Body.In(lang), MaxDescription)
	if body != "" && fits {
		return body
	}
	if summary, _ := oneLine(c.Summary.In(lang), MaxDescription); summary != "" {
		return cutAtWord(summary, MaxDescription)
	}
	return cutAtWord(body, MaxDescription)
}

// oneLine puts s on one line, as a select option shows, folding runs of
// white space: its lines joined by " · ", or by single spaces where only
// that keeps it within n characters. fits reports whether the result is
// at most n characters long.
func oneLine(s string, n int) (line string, fits bool) {
	var lines []string
	for l := range strings.Lines(s) {
		if l = strings.Join(strings.Fields(l), " "); l != "" {
			lines = append(lines, l)
		}
	}
	for _, sep := range []string{" · ", " "} {
		line = strings.Join(lines, sep)
		if utf8.RuneCountInString(line) <= n {
			return line, true
		}
	}
	return strings.Join(lines, " · "), false
}

// cutAtWord shortens s to at most n characters, ending it with "…" after
// its last whole word that fits; s is kept whole where it fits, and cut
// within a word only where its first word alone is too long.
func cutAtWord(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	head := string(r[:n-1])
	if i := strings.LastIndex(head, " "); i > 0 {
		head = strings.TrimRight(head[:i], " ·,;:")
	}
	return head + "…"
}

// TwinKey is what a player sees of a move on a piece: moves with the same
// key (copies of one card in a hand, say) do the same, so a decision shows
// only the first of them.
type TwinKey struct {
	label        games.Text
	group, piece string
}

// Twin returns m's TwinKey, its label already formatted; ok is false for
// a move on no piece, which is never folded into another.
func Twin(m games.Move) (TwinKey, bool) {
	return TwinKey{label: m.Label, group: m.Group, piece: m.Piece}, m.Piece != ""
}
