package bot

import (
	"strings"
	"unicode/utf8"

	"github.com/playbychat/pbc/games"
)

// maxDescription is Discord's limit for a select option's description.
const maxDescription = 100

// pieceTexts are the texts of the pieces a decision's moves act on, by
// Catalog id, with the seat names filled in.
type pieceTexts map[string]games.Card

// piecesOf lists the Catalog ids of the pieces moves act on and the items
// of picks are, with repeats.
func piecesOf(moves []games.Move, picks []games.Pick) []string {
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

// pieceTexts looks up, once for a message, the texts of the pieces ids (see
// piecesOf) in the table's own content, its game's Catalog. It is nil when
// the game has no Catalog or ids is empty.
func (s *session) pieceTexts(ids []string) pieceTexts {
	byID := s.catalog()
	if byID == nil || len(ids) == 0 {
		return nil
	}
	out := pieceTexts{}
	for _, id := range ids {
		if c, ok := byID[id]; ok {
			c.Body, c.Summary = s.formatText(c.Body), s.formatText(c.Summary)
			out[id] = c
		}
	}
	return out
}

// describe is the description of m's select option, labelled label: the
// text of the piece m acts on (see pieceDescription) or, for a move on no
// piece known to the catalog, its notation where that differs from the
// label.
func (p pieceTexts) describe(m games.Move, label string, lang games.Lang) string {
	if c, ok := p[m.Piece]; ok && m.Piece != "" {
		return pieceDescription(c, lang)
	}
	if m.Notation != label {
		return truncate(m.Notation, maxDescription)
	}
	return ""
}

// pieceDescription is a piece's text on one line of at most
// maxDescription characters: its whole Body where that fits, else its
// Summary (written to fit), else its Body cut at a word.
func pieceDescription(c games.Card, lang games.Lang) string {
	body, fits := oneLine(c.Body.In(lang), maxDescription)
	if body != "" && fits {
		return body
	}
	if summary, _ := oneLine(c.Summary.In(lang), maxDescription); summary != "" {
		return cutAtWord(summary, maxDescription)
	}
	return cutAtWord(body, maxDescription)
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

// twinKey is what a player sees of a move on a piece: moves with the same
// key (copies of one card in a hand, say) do the same, so a decision shows
// only the first of them.
type twinKey struct {
	label        games.Text
	group, piece string
}

// twinOf returns m's twinKey, its label already formatted; ok is false for
// a move on no piece, which is never folded into another.
func twinOf(m games.Move) (twinKey, bool) {
	return twinKey{label: m.Label, group: m.Group, piece: m.Piece}, m.Piece != ""
}
