package web

import (
	"errors"
	"html/template"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/playbychat/pbc/bot/text"
	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
)

// pageTemplate is the one page, public or private.
var pageTemplate = template.Must(template.ParseFS(assets, "assets/page.html"))

// maxChoices bounds the moves a private page lists (a D.E.I. decision may
// have hundreds).
const maxChoices = 60

// page is what the template shows.
type page struct {
	Lang      games.Lang
	Title     string
	Private   bool
	SeatName  string
	PublicURL string
	// LangURL switches to the next language of the bot, LangName, named
	// in itself.
	LangURL    string
	LangName   string
	Started    bool
	Finished   bool
	Summary    string
	Winners    []string
	Scores     []scoreRow
	ToAct      []string
	Board      *boardView
	Replay     *replayView
	Log        []logEntry
	Players    []playerOption
	Rounds     []roundOption // the rounds of the log shown; none for a game without rounds
	FilterLang string        // lang of the filter form, when chosen by the query
	Pieces     []games.Card
	Text       string
	Choices    []string
	Settings   []string
	Record     []string
}

// T returns the page text key in the page's language.
func (p *page) T(key string) string { return tr(p.Lang, key) }

// In returns a text in the page's language.
func (p *page) In(t games.Text) string { return t.In(p.Lang) }

type scoreRow struct {
	Name  string
	Score int
}

type boardView struct {
	URL           string
	Alt           string
	Width, Height int
	Regions       []regionView
}

type regionView struct {
	X, Y, W, H int
	Piece      string
	Name       string
}

type replayView struct {
	Action string
	Move   int
	Last   int
	Lang   string
	Board  string // board address without the move number
}

type logEntry struct {
	N     int
	Seat  string
	Lines []string
}

type playerOption struct {
	Seat     int
	Name     string
	Selected bool
}

type roundOption struct {
	Round    int
	Selected bool
}

// publicPage is the page of a table from the spectator's view, after the
// move of ?move=N (default: the latest).
func (s *Server) publicPage(w http.ResponseWriter, r *http.Request) {
	tl, _, err := s.tableOf(r.Context(), r, true)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	lang, explicit := langOf(r)
	p := s.basePage(r, tl, lang)
	if !tl.started() {
		s.writePage(w, r, p)
		return
	}
	g, n, err := tl.at(moveParam(r, len(tl.moves)))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	filter := logFilter{seat: -1, round: -1}
	if v, err := strconv.Atoi(r.URL.Query().Get("player")); err == nil && v >= 0 && v < len(tl.names) {
		filter.seat = v
	}
	if v, err := strconv.Atoi(r.URL.Query().Get("round")); err == nil && v >= 0 && tl.rounds != nil {
		filter.round = v
	}
	q := url.Values{}
	if explicit {
		q.Set("lang", string(lang))
	}
	boardURL := s.tablePath(tl.table.ID) + "/board.png"
	if err := s.fill(p, tl, g, games.Spectator, n, boardURL, q); err != nil {
		s.fail(w, r, err)
		return
	}
	p.Replay = &replayView{Action: s.tablePath(tl.table.ID), Move: n, Last: len(tl.moves), Board: boardURL}
	if explicit { // the forms keep a language chosen by the query
		p.Replay.Lang, p.FilterLang = string(lang), string(lang)
	}
	p.Log = publicLog(tl, n, lang, filter)
	for i := range p.Players {
		p.Players[i].Selected = i == filter.seat
	}
	p.Rounds = roundOptions(tl, n, filter.round)
	s.writePage(w, r, p)
}

// privatePage is the page of one seat from its own view, reached by a
// signed link.
func (s *Server) privatePage(w http.ResponseWriter, r *http.Request) {
	tl, seats, err := s.tableOf(r.Context(), r, false)
	if errors.Is(err, errNoTable) {
		err = errForbidden // a private link reveals nothing, not even whether the table exists
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	seat, err := s.seatOf(r, tl.table.ID, seats)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	lang, explicit := langOf(r)
	p := s.basePage(r, tl, lang)
	p.Private = true
	p.SeatName = seatName(tl.names, seat)
	if !tl.started() {
		s.writePage(w, r, p)
		return
	}
	g, n := tl.last, len(tl.moves)
	q := url.Values{}
	if explicit {
		q.Set("lang", string(lang))
	}
	if err := s.fill(p, tl, g, games.Seat(seat), n, r.URL.Path+"/board.png", q); err != nil {
		s.fail(w, r, err)
		return
	}
	p.Log = seatLog(tl, games.Seat(seat), lang)
	for _, m := range choicesOf(g, games.Seat(seat)) {
		label := games.FormatSeats(m.Label.In(lang), tl.names)
		switch {
		case m.Group == games.SettingGroup:
			p.Settings = append(p.Settings, label)
		case !m.Shortcut && len(p.Choices) < maxChoices:
			p.Choices = append(p.Choices, label)
		}
	}
	if over(tl) {
		for _, m := range tl.moves {
			p.Record = append(p.Record, strconv.Itoa(m.N)+". "+seatName(tl.names, m.Seat)+": "+m.Notation)
		}
	}
	s.writePage(w, r, p)
}

// choicesOf lists what seat may choose now, as the bot's buttons show it:
// the top level of a game's menu (games.Menu: its whole moves and the steps
// down, "Move…"), or else every legal move; the standing choices (setting
// moves) in either case.
func choicesOf(g games.Game, seat games.Seat) []games.Move {
	legal := g.LegalMoves(seat)
	menu, ok := g.(games.Menu)
	if !ok {
		return legal
	}
	top, ok := menu.MenuLevel(seat, "")
	if !ok {
		return legal
	}
	for _, m := range legal {
		if m.Group == games.SettingGroup {
			top = append(top, m)
		}
	}
	return top
}

// over reports whether a table has ended, by the rules or abandoned.
func over(tl *timeline) bool {
	return tl.table.Status == db.Finished || tl.table.Status == db.Abandoned
}

// basePage is what every page of a table shows.
func (s *Server) basePage(r *http.Request, tl *timeline, lang games.Lang) *page {
	p := &page{Lang: lang, Title: tl.def.Name.In(lang) + " · " + tr(lang, "table") + " " + strconv.FormatInt(tl.table.ID, 10),
		PublicURL: s.tablePath(tl.table.ID), Started: tl.started()}
	q := r.URL.Query()
	langs := text.Langs()
	next := langs[(slices.Index(langs, lang)+1)%len(langs)]
	q.Set("lang", string(next))
	p.LangURL, p.LangName = r.URL.Path+"?"+q.Encode(), text.LangName(next, next)
	for i := range tl.names {
		p.Players = append(p.Players, playerOption{Seat: i, Name: seatName(tl.names, i)})
	}
	return p
}

// fill adds what the view of viewer after move n shows: status, who must
// act, the board and the pieces with their texts.
func (s *Server) fill(p *page, tl *timeline, g games.Game, viewer games.Seat, n int, boardURL string, q url.Values) error {
	lang := p.Lang
	st := g.Status()
	p.Finished = st.Finished
	p.Summary = games.FormatSeats(st.Summary.In(lang), tl.names)
	for _, w := range st.Winners {
		p.Winners = append(p.Winners, seatName(tl.names, int(w)))
	}
	for i, sc := range st.Scores {
		p.Scores = append(p.Scores, scoreRow{Name: seatName(tl.names, i), Score: sc})
	}
	for _, a := range g.ToAct() {
		line := seatName(tl.names, int(a.Seat))
		if prompt := games.FormatSeats(a.Prompt.In(lang), tl.names); prompt != "" {
			line += ": " + prompt
		}
		p.ToAct = append(p.ToAct, line)
	}
	v := g.View(viewer)
	p.Text = games.FormatSeats(v.Describe(lang), tl.names)
	b, err := s.board(boardKey{tl.table.ID, tl.table.Version, n, viewer, lang}, v, tl.names, lang)
	if err != nil {
		return err
	}
	bq := url.Values{}
	for k, vs := range q {
		bq[k] = vs
	}
	if viewer == games.Spectator {
		bq.Set("move", strconv.Itoa(n))
	}
	bq.Set("lang", string(lang))
	p.Board = &boardView{URL: boardURL + "?" + bq.Encode(), Alt: b.Alt, Width: b.Width, Height: b.Height}
	var catalog []games.Card
	if c, ok := g.(games.Catalog); ok {
		catalog = c.Catalog()
	}
	byID := make(map[string]games.Card, len(catalog))
	for _, c := range catalog {
		byID[c.ID] = c
	}
	seen := map[string]bool{}
	for _, reg := range b.Regions {
		c, ok := byID[reg.Piece]
		if !ok {
			continue
		}
		p.Board.Regions = append(p.Board.Regions, regionView{X: int(reg.X), Y: int(reg.Y), W: int(reg.W), H: int(reg.H),
			Piece: reg.Piece, Name: c.Name.In(lang)})
		if !seen[c.ID] {
			seen[c.ID] = true
			p.Pieces = append(p.Pieces, c)
		}
	}
	p.Pieces = append(p.Pieces, piecesNamed(catalog, p.Text, lang, seen)...)
	return nil
}

// piecesNamed returns the pieces of catalog (but those in seen) that text
// names by their id (a whole word) or their name in lang. The text is the
// description of one view, so the pieces are among those the view shows.
func piecesNamed(catalog []games.Card, text string, lang games.Lang, seen map[string]bool) []games.Card {
	words := map[string]bool{}
	for _, w := range strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		words[w] = true
	}
	var out []games.Card
	for _, c := range catalog {
		if seen[c.ID] {
			continue
		}
		name := c.Name.In(lang)
		if words[c.ID] || (len(name) >= 3 && strings.Contains(text, name)) {
			seen[c.ID] = true
			out = append(out, c)
		}
	}
	return out
}

// logFilter selects moves of the public log: those of seat or naming it,
// and those made in round (games.Rounder); -1 keeps all.
type logFilter struct {
	seat, round int
}

// publicLog is the log of the first n moves as a spectator sees it: the
// public events of each move, the newest first, the moves filter keeps.
func publicLog(tl *timeline, n int, lang games.Lang, filter logFilter) []logEntry {
	var out []logEntry
	for i := n - 1; i >= 0; i-- {
		m := tl.moves[i]
		if filter.round >= 0 && (i >= len(tl.rounds) || tl.rounds[i] != filter.round) {
			continue
		}
		var lines []string
		about := m.Seat == filter.seat
		for _, e := range tl.events[i] {
			if !e.VisibleTo(games.Spectator) {
				continue
			}
			lines = append(lines, games.FormatSeats(e.Text.In(lang), tl.names))
			about = about || slices.Contains(e.Seats, games.Seat(filter.seat))
		}
		if filter.seat >= 0 && !about {
			continue
		}
		out = append(out, logEntry{N: m.N, Seat: seatName(tl.names, m.Seat), Lines: lines})
	}
	return out
}

// roundOptions are the rounds the first n moves were made in, in order,
// with selected marked; none for a game without rounds.
func roundOptions(tl *timeline, n int, selected int) []roundOption {
	var out []roundOption
	for _, r := range tl.rounds[:min(n, len(tl.rounds))] {
		if len(out) == 0 || out[len(out)-1].Round != r {
			out = append(out, roundOption{Round: r, Selected: r == selected})
		}
	}
	return out
}

// seatLog is the whole log as seat sees it: every event visible to it,
// with the notation of its own moves, the newest first.
func seatLog(tl *timeline, seat games.Seat, lang games.Lang) []logEntry {
	var out []logEntry
	for i := len(tl.moves) - 1; i >= 0; i-- {
		m := tl.moves[i]
		var lines []string
		if games.Seat(m.Seat) == seat {
			lines = append(lines, m.Notation)
		}
		for _, e := range tl.events[i] {
			if e.VisibleTo(seat) {
				lines = append(lines, games.FormatSeats(e.Text.In(lang), tl.names))
			}
		}
		out = append(out, logEntry{N: m.N, Seat: seatName(tl.names, m.Seat), Lines: lines})
	}
	return out
}

// seatName is the name of seat, or "Player N" for a seat without one.
func seatName(names []string, seat int) string {
	return games.FormatSeats(games.Seatf(games.Seat(seat)), names)
}

// publicBoard is the board PNG of ?move=N from the spectator's view.
func (s *Server) publicBoard(w http.ResponseWriter, r *http.Request) {
	tl, _, err := s.tableOf(r.Context(), r, true)
	if err == nil && !tl.started() {
		err = errNoTable
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	lang, _ := langOf(r)
	key := boardKey{tl.table.ID, tl.table.Version, moveParam(r, len(tl.moves)), games.Spectator, lang}
	b, ok := s.boards.Get(key) // drawn for the page already, most of the time
	if !ok {
		var g games.Game
		if g, _, err = tl.at(key.move); err == nil {
			b, err = s.board(key, g.View(games.Spectator), tl.names, lang)
		}
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.writeBounded(w, r, "image/png", b.PNG, maxImage)
}

// privateBoard is the current board PNG from the view of the link's seat.
func (s *Server) privateBoard(w http.ResponseWriter, r *http.Request) {
	tl, seats, err := s.tableOf(r.Context(), r, false)
	if errors.Is(err, errNoTable) {
		err = errForbidden
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	seat, err := s.seatOf(r, tl.table.ID, seats)
	if err == nil && !tl.started() {
		err = errForbidden
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	lang, _ := langOf(r)
	g, n := tl.last, len(tl.moves)
	b, err := s.board(boardKey{tl.table.ID, tl.table.Version, n, games.Seat(seat), lang}, g.View(games.Seat(seat)), tl.names, lang)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.writeBounded(w, r, "image/png", b.PNG, maxImage)
}
