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

// pieceTexts looks up, once for a message, the texts of the pieces moves
// act on (Move.Piece) in the table's own content, its game's Catalog. It
// is nil when the game has no Catalog or no move acts on a piece.
func (s *session) pieceTexts(moves []games.Move) pieceTexts {
	cat, ok := s.game.(games.Catalog)
	if !ok {
		return nil
	}
	var out pieceTexts
	var byID map[string]games.Card
	for _, m := range moves {
		if m.Piece == "" {
			continue
		}
		if byID == nil {
			byID = map[string]games.Card{}
			for _, c := range cat.Catalog() {
				byID[c.ID] = c
			}
			out = pieceTexts{}
		}
		if c, ok := byID[m.Piece]; ok {
			c.Body, c.Summary = s.formatText(c.Body), s.formatText(c.Summary)
			out[m.Piece] = c
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
	body := oneLine(c.Body.In(lang))
	if body != "" && utf8.RuneCountInString(body) <= maxDescription {
		return body
	}
	if summary := oneLine(c.Summary.In(lang)); summary != "" {
		return cutAtWord(summary, maxDescription)
	}
	return cutAtWord(body, maxDescription)
}

// oneLine joins the lines of s with " · " and folds runs of white space,
// as a select option shows one line.
func oneLine(s string) string {
	var lines []string
	for line := range strings.Lines(s) {
		if line = strings.Join(strings.Fields(line), " "); line != "" {
			lines = append(lines, line)
		}
	}
	return strings.Join(lines, " · ")
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
