package bot

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/playbychat/pbc/bot/component"
	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
)

// One private panel per player and table. Each person at a table has one
// DM message, their panel, that the outbox keeps current by edits: what
// their seat holds (hand, screen, missions: games.Holder) as embed fields
// with each piece's whole text from the table's own Catalog, its standing
// choices and the answer it queued, and the components of its decision
// when it must act. A change edits a panel only when the panel it renders
// differs from the one last queued (its hash is stored with the queued
// edit, in the change's transaction). A new DM is sent only when the seat
// must act: a short notice with a link to the panel. /hand shows the same
// panel, ephemerally, for whoever takes no DMs.

// panelRef marks a DM of the outbox as a seat's panel at its table (the
// message is the panel, edited in place once posted) or, with Link, as a
// notice that links to that panel.
type panelRef struct {
	Seat int  `json:"seat"`
	Link bool `json:"link,omitempty"`
}

// Discord's limits on a message's embeds.
const (
	maxEmbeds           = 10
	maxEmbedFields      = 25
	maxFieldName        = 256
	maxFieldValue       = 1024
	maxEmbedTitle       = 256
	maxEmbedDescription = 4096
	maxEmbedsText       = 6000 // all embeds of a message together
)

// panelMessage is seat's panel in lang: a line naming the table and, when
// the seat must act, saying so; its holdings, standing choices and queued
// answer as embeds; its decision as components.
func (b *Bot) panelMessage(ctx context.Context, s *session, seat games.Seat, lang games.Lang) Message {
	return panelWith(s, seat, lang, b.premoves(ctx, s))
}

// panelWith is seat's panel in lang (see panelMessage), given the answers
// queued at its table.
func panelWith(s *session, seat games.Seat, lang games.Lang, queued []db.Premove) Message {
	lines := []string{tr(lang, msgPanelHeader, s.def.Name.In(lang), "<#"+s.table.ChannelID+">")}
	v := s.game.View(seat)
	var extra []EmbedField
	if labels := s.standing(v, lang); len(labels) > 0 {
		extra = append(extra, EmbedField{Name: tr(lang, msgPanelStanding), Value: clipRunes(strings.Join(labels, "\n"), maxFieldValue)})
	}
	if f, ok := queuedField(s, seat, queued, lang); ok {
		extra = append(extra, f)
	}
	msg := Message{Embeds: panelEmbeds(s, v, extra, lang)}
	if s.status().Finished {
		msg.Content = strings.Join(lines, "\n")
		return msg
	}
	if _, acting := games.MustAct(s.game, seat); acting {
		lines = append(lines, tr(lang, msgPanelAct))
	}
	msg.Content = clip(strings.Join(lines, "\n"))
	if _, auto := s.autoMove(s.game, seat); !auto {
		msg.Rows = decisionRows(s, seat, lang, true) // a forced move is the bot's (forced.go)
	}
	return msg
}

// isHolder reports whether v lists its seat's holdings (games.Holder).
func isHolder(v games.View) bool {
	_, ok := v.(games.Holder)
	return ok
}

// standing are the standing choices of a seat's view v as they stand,
// one line each (games.Standing); none for a game whose views do not tell
// them. The other choices are in the panel's menu.
func (s *session) standing(v games.View, lang games.Lang) []string {
	st, ok := v.(games.Standing)
	if !ok {
		return nil
	}
	var out []string
	for _, t := range st.Standing() {
		out = append(out, "• "+s.formatText(t).In(lang))
	}
	return out
}

// panelEmbeds lays out the holdings of a seat's view v and the extra
// fields as embeds within Discord's limits: an embed per holding (more
// when it has more than 25 pieces), a field per distinct piece with its whole text (split over
// fields where longer than a field holds). When all of that exceeds the
// 6000 characters a message's embeds may hold, pieces show their summary
// instead, and then their names only. A game whose views do not list
// holdings (games.Holder) shows the seat's whole view as text instead.
func panelEmbeds(s *session, v games.View, extra []EmbedField, lang games.Lang) []Embed {
	h, ok := v.(games.Holder)
	if !ok {
		return append([]Embed{{Description: clipRunes(s.format(v.Describe(lang)), maxEmbedDescription)}}, embedsOf(extra)...)
	}
	hs := h.Holdings()
	pieces := s.catalog()
	for _, detail := range []pieceDetail{wholeText, summaryText, nameOnly} {
		es := layoutEmbeds(s, hs, pieces, detail, extra, lang)
		if embedsText(es) <= maxEmbedsText {
			return es
		}
	}
	// Names alone do not fit: keep the embeds that do.
	es := layoutEmbeds(s, hs, pieces, nameOnly, extra, lang)
	for len(es) > 0 && embedsText(es) > maxEmbedsText {
		es = es[:len(es)-1]
	}
	return es
}

// pieceDetail is how much of a piece's text a panel shows.
type pieceDetail int

const (
	wholeText   pieceDetail = iota // the Body, whole
	summaryText                    // the Summary where there is one
	nameOnly                       // the name (the field's value repeats the id)
)

// layoutEmbeds makes the embeds of panelEmbeds at one level of detail.
func layoutEmbeds(s *session, hs []games.Holding, pieces map[string]games.Card, detail pieceDetail, extra []EmbedField, lang games.Lang) []Embed {
	var out []Embed
	for _, h := range hs {
		title := clipRunes(h.Name.In(lang), maxEmbedTitle)
		var notes []string
		for _, n := range h.Notes {
			notes = append(notes, s.format(n.In(lang)))
		}
		e := Embed{Title: title, Description: strings.Join(notes, "\n")}
		for _, f := range pieceFields(s, h.Pieces, pieces, detail, lang) {
			if len(e.Fields) == maxEmbedFields {
				out = append(out, e)
				e = Embed{Title: clipRunes(tr(lang, msgPanelContinued, title), maxEmbedTitle)}
			}
			e.Fields = append(e.Fields, f)
		}
		out = append(out, e)
	}
	if len(out) == 0 && len(extra) == 0 {
		out = append(out, Embed{Description: tr(lang, msgPanelEmpty)})
	}
	out = append(out, embedsOf(extra)...)
	if len(out) > maxEmbeds {
		// The last embed says what did not fit.
		out = append(out[:maxEmbeds-1], Embed{Description: tr(lang, msgPanelMore, len(out)-maxEmbeds+1)})
	}
	return out
}

// pieceFields are the fields of pieces ids: one per distinct piece, in
// the order of its first copy, named with its name, id (unless the name
// holds it) and number of copies, its text split over further fields where one cannot hold it.
func pieceFields(s *session, ids []string, pieces map[string]games.Card, detail pieceDetail, lang games.Lang) []EmbedField {
	count := map[string]int{}
	var order []string
	for _, id := range ids {
		if count[id] == 0 {
			order = append(order, id)
		}
		count[id]++
	}
	var out []EmbedField
	for _, id := range order {
		c, known := pieces[id]
		name := id
		if n := c.Name.In(lang); known && n != "" {
			// The id in brackets is what a command takes, unless the
			// name already says it ("Scoring tile s06").
			name = s.format(n)
			if !slices.Contains(strings.Fields(name), id) {
				name = fmt.Sprintf("%s (%s)", name, id)
			}
		}
		if count[id] > 1 {
			name = fmt.Sprintf("%s ×%d", name, count[id])
		}
		text := ""
		switch {
		case !known || detail == nameOnly:
		case detail == summaryText && c.Summary.In(lang) != "":
			text = s.format(c.Summary.In(lang))
		default:
			text = s.format(c.Body.In(lang))
		}
		if strings.TrimSpace(text) == "" {
			text = "—"
		}
		for i, part := range splitRunes(text, maxFieldValue) {
			n := name
			if i > 0 {
				n = tr(lang, msgPanelContinued, name)
			}
			out = append(out, EmbedField{Name: clipRunes(n, maxFieldName), Value: part})
		}
	}
	return out
}

// embedsOf is the embed of fields; none for none.
func embedsOf(fields []EmbedField) []Embed {
	if len(fields) == 0 {
		return nil
	}
	return []Embed{{Fields: fields}}
}

// embedsText counts the characters of embeds as Discord does for its 6000
// limit: titles, descriptions, field names and values.
func embedsText(es []Embed) int {
	n := 0
	for _, e := range es {
		n += utf8.RuneCountInString(e.Title) + utf8.RuneCountInString(e.Description)
		for _, f := range e.Fields {
			n += utf8.RuneCountInString(f.Name) + utf8.RuneCountInString(f.Value)
		}
	}
	return n
}

// splitRunes splits s into parts of at most n characters, at a line break
// or a space where there is one in the second half of a part.
func splitRunes(s string, n int) []string {
	var out []string
	r := []rune(s)
	for len(r) > n {
		cut := n
		for i := n; i > n/2; i-- {
			if r[i] == '\n' || r[i] == ' ' {
				cut = i
				break
			}
		}
		out = append(out, strings.TrimSpace(string(r[:cut])))
		r = []rune(strings.TrimSpace(string(r[cut:])))
	}
	return append(out, string(r))
}

// clipRunes shortens s to at most n characters, ending with an ellipsis
// when cut.
func clipRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return component.Truncate(s, n)
}

// panelHash is the hash of a rendered panel: what its edit would show.
func panelHash(m Message) string {
	data, err := json.Marshal(wireMessage{Content: m.Content, Embeds: m.Embeds, Rows: m.Rows})
	if err != nil {
		// A Message of strings and ints always encodes.
		panic(fmt.Sprintf("encode panel: %v", err))
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// panelDelivery is the edit (or first post) of u's panel at s, in lang,
// given the answers queued at the table: ok is false when the panel is
// shown, the hash of what was last queued for it ("" for nothing known).
func panelDelivery(s *session, u db.Seat, lang games.Lang, shown string, queued []db.Premove) (db.Delivery, bool) {
	m := panelWith(s, games.Seat(u.Seat), lang, queued)
	hash := panelHash(m)
	if hash == shown {
		return db.Delivery{}, false
	}
	d := panelDM(s.table, u.UserID, m, panelRef{Seat: u.Seat})
	d.Panel = &db.Panel{TableID: s.table.ID, Seat: u.Seat, UserID: u.UserID, Hash: hash}
	return d, true
}

// panelNotice is the DM telling u that its seat must act: text, and a
// link to its panel.
func panelNotice(t db.Table, u db.Seat, text string) db.Delivery {
	return panelDM(t, u.UserID, Message{Content: clip(text)}, panelRef{Seat: u.Seat, Link: true})
}

// panelDM is a DM of m to a user about table t, marked with ref.
func panelDM(t db.Table, userID string, m Message, ref panelRef) db.Delivery {
	d := dmTo(t, userID, m)
	w := wireMessage{Content: m.Content, Embeds: m.Embeds, Rows: m.Rows, Panel: &ref}
	data, err := json.Marshal(w)
	if err != nil {
		panic(fmt.Sprintf("encode message: %v", err))
	}
	d.Message = data
	return d
}

// deliverPanelDM sends a DM entry marked as a panel or a notice (ref): a
// panel edits the seat's panel message, or posts it when there is none
// (or Discord lost it) and records where; a notice gets a link button to
// the panel when it has been posted.
func (b *Bot) deliverPanelDM(ctx context.Context, d db.Delivery, ref panelRef, m Message) error {
	p, err := b.store.Panel(ctx, d.TableID, ref.Seat, d.Channel)
	if err != nil && !errors.Is(err, db.ErrNotFound) {
		return err
	}
	if ref.Link {
		if p.MessageID != "" {
			lang := b.userLang(ctx, d.Channel)
			m.Rows = append(m.Rows, Row{Buttons: []Button{{Label: tr(lang, msgPanelOpen), Style: component.Link, URL: panelURL(p)}}})
		}
		return b.discord.DM(ctx, d.Channel, m)
	}
	if p.MessageID != "" {
		edit := m
		edit.Nonce = "" // an edit is idempotent
		err := b.discord.Edit(ctx, p.ChannelID, p.MessageID, edit)
		if !errors.Is(err, ErrRejected) {
			return err
		}
		// The message is gone: post the panel again.
	}
	ch, id, err := b.discord.DMPost(ctx, d.Channel, m)
	if err != nil {
		return err
	}
	if err := b.store.SetPanelMessage(ctx, d.TableID, ref.Seat, d.Channel, ch, id); err != nil {
		// The panel stands; the next change posts another one.
		b.log.ErrorContext(ctx, "record panel message", "table", d.TableID, "seat", ref.Seat, "err", err)
	}
	return nil
}

// panelURL is the link to a panel's DM message.
func panelURL(p db.Panel) string {
	return "https://discord.com/channels/@me/" + p.ChannelID + "/" + p.MessageID
}

// panelDeliveries are what a change owes the people at s's table
// privately: each person's panel where it changed (the mover's too), and a
// notice for each seat other than mover that newly must act (newly) with
// private choices, or that the change pings (pinged) for its turn or a
// simultaneous decision, not a reaction within another's turn, or whose
// queued answer is dropped (see queuedAnswers), with the reason. The
// notice carries what happened since the seat's last move (the digest)
// and what the change showed the seat alone (events). A seat the bot plays
// gets nothing: its player catches up when back (/hand, /game log
// since:mine).
func (b *Bot) panelDeliveries(ctx context.Context, s *session, mover games.Seat, events []games.Event, newly, pinged []games.Seat) []db.Delivery {
	var out []db.Delivery
	shown, queued := b.shownPanels(ctx, s), b.premoves(ctx, s)
	for _, u := range s.seats {
		seat := games.Seat(u.Seat)
		if s.botPlaysSeat(u) || u.UserID == "" {
			continue
		}
		lang := b.userLang(ctx, u.UserID)
		if d, ok := panelDelivery(s, u, lang, shown[panelKey{u.Seat, u.UserID}], queued); ok {
			out = append(out, d)
		}
		if seat == mover {
			continue
		}
		choices := slices.Contains(newly, seat) && s.hasPrivateChoices(seat)
		turn := ""
		if a, _ := games.MustAct(s.game, seat); slices.Contains(pinged, seat) && a.Kind != games.Reaction {
			turn = b.turnNotice(ctx, s, u, lang)
		}
		dropped := dropLine(s, seat, lang)
		if !choices && turn == "" && dropped == "" {
			continue
		}
		if turn == "" {
			turn = tr(lang, msgYourTurn, s.def.Name.In(lang), "<#"+s.table.ChannelID+">")
		}
		lines := []string{turn}
		if dropped != "" {
			lines = append(lines, dropped)
		}
		for _, e := range events {
			if e.To != nil && e.VisibleTo(seat) {
				lines = append(lines, s.format(e.Text.In(lang)))
			}
		}
		out = append(out, panelNotice(s.table, u, strings.Join(lines, "\n")))
	}
	return out
}

// panelKey names a panel of a table: a seat's user.
type panelKey struct {
	seat int
	user string
}

// shownPanels are the hashes of the panels last queued at s's table, read
// in one query; on a failure none (not knowing what was shown, every panel
// is shown again).
func (b *Bot) shownPanels(ctx context.Context, s *session) map[panelKey]string {
	panels, err := b.store.Panels(ctx, s.table.ID)
	if err != nil {
		b.log.ErrorContext(ctx, "read panels", "table", s.table.ID, "err", err)
		return nil
	}
	shown := make(map[panelKey]string, len(panels))
	for _, p := range panels {
		shown[panelKey{p.Seat, p.UserID}] = p.Hash
	}
	return shown
}

// refreshPanel brings the panel of seat's player at s up to date after a
// change outside the move log (an answer queued or taken back).
func (b *Bot) refreshPanel(ctx context.Context, s *session, seat games.Seat) {
	u, ok := s.userOf(seat)
	if !ok {
		return
	}
	d, ok := panelDelivery(s, u, b.userLang(ctx, u.UserID), b.shownPanels(ctx, s)[panelKey{u.Seat, u.UserID}], b.premoves(ctx, s))
	if !ok {
		return
	}
	if err := b.store.Enqueue(ctx, d); err != nil {
		// The panel catches up at the next change.
		b.log.ErrorContext(ctx, "queue panel", "table", s.table.ID, "seat", u.Seat, "err", err)
		return
	}
	b.flush(ctx, []db.Delivery{d})
}
